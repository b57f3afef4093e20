package io.yarndl.contract.json;

/**
 * Thrown by the constructor of a JSON-mapped record that refuses a value it was given. Jackson
 * wraps it with the path of the record, and {@link StrictJson} reports it as a {@link JsonProblem}
 * naming the field under that path, e.g. {@code field 'worker.vcores' must not be negative, got -2}.
 */
public final class InvalidField extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String field;
    private final String problem;

    /**
     * @param field   the record's field at fault, or null when the record as a whole is
     * @param problem what is wrong, phrased to follow the field's name ("must not be negative, got -2")
     */
    public InvalidField(String field, String problem) {
        super((field == null ? "" : "field '" + field + "' ") + problem);
        this.field = field;
        this.problem = problem;
    }

    /** The field at fault, relative to the record that refused it; null for the record itself. */
    public String field() {
        return field;
    }

    public String problem() {
        return problem;
    }
}
