package io.yarndl.contract.json;

/**
 * Why a JSON document could not be read, naming the field's path in the document
 * ({@code samples[1].ps}, {@code plan.jobs[2].workers}) so that whoever finds a record or a
 * checkpoint refused can find the value at fault. The message leaves out which document it is;
 * callers put their own name in front ({@code "spec: " + problem.getMessage()}).
 */
public final class JsonProblem extends Exception {

    private static final long serialVersionUID = 1L;

    /** A problem of the document as a whole: "not valid JSON ...", "unsupported version 3 ...". */
    public JsonProblem(String message) {
        super(message);
    }

    public JsonProblem(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * A problem of the value at {@code path}.
     *
     * @param what follows the field's name: "must be an integer, got \"4\""
     */
    public static JsonProblem atField(String path, String what) {
        return new JsonProblem(path.isEmpty() ? what : "field '" + path + "' " + what);
    }

    static JsonProblem missing(String path) {
        return new JsonProblem("missing required field '" + path + "'");
    }

    static JsonProblem unknown(String path, Iterable<String> allowed) {
        return new JsonProblem("unknown field '" + path + "' (allowed: " + String.join(", ", allowed) + ")");
    }
}
