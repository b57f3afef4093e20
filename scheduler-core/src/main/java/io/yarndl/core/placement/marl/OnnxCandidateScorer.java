package io.yarndl.core.placement.marl;

import ai.onnxruntime.NodeInfo;
import ai.onnxruntime.OnnxJavaType;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.TensorInfo;
import io.yarndl.core.policy.dl2.ModelFailureException;
import io.yarndl.core.policy.dl2.ModelRejectedException;
import java.nio.FloatBuffer;
import java.util.Arrays;
import java.util.Map;

/**
 * The agents' shared network run by ONNX Runtime on the CPU, one thread per call (the scheduler's
 * round thread must not fan out over the ResourceManager's cores): input {@code [rows,
 * MarlLayout.FEATURES]} floats, output one float score per row. {@link OrtSession#run} is
 * thread-safe, so parallel simulations may share one instance.
 */
public final class OnnxCandidateScorer implements CandidateScorer, AutoCloseable {

    private final OrtEnvironment environment;
    private final OrtSession session;
    private final String inputName;

    private OnnxCandidateScorer(OrtEnvironment environment, OrtSession session, String inputName) {
        this.environment = environment;
        this.session = session;
        this.inputName = inputName;
    }

    /**
     * Loads {@code model} (the bytes of an ONNX file) and checks it has one float input of
     * {@link MarlLayout#FEATURES} per row and one float output.
     *
     * @param label what to call the model in messages (its path)
     * @throws ModelRejectedException when ONNX Runtime cannot load it or its shapes are not the layout's
     */
    public static OnnxCandidateScorer load(byte[] model, String label) throws ModelRejectedException {
        OrtEnvironment environment = OrtEnvironment.getEnvironment();
        OrtSession session;
        try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
            options.setIntraOpNumThreads(1);
            options.setInterOpNumThreads(1);
            session = environment.createSession(model, options);
        } catch (OrtException e) {
            throw new ModelRejectedException("ONNX Runtime cannot load marl model " + label + ": " + e.getMessage(), e);
        }
        try {
            Map<String, NodeInfo> inputs = session.getInputInfo();
            Map<String, NodeInfo> outputs = session.getOutputInfo();
            if (inputs.size() != 1 || outputs.size() != 1) {
                throw new ModelRejectedException("marl model " + label + " has inputs " + inputs.keySet() + " and outputs "
                        + outputs.keySet() + "; it needs exactly one of each");
            }
            NodeInfo input = inputs.values().iterator().next();
            long[] shape = floatShape(input, label);
            if (shape.length != 2 || shape[1] != MarlLayout.FEATURES) {
                throw new ModelRejectedException("marl model " + label + "'s input '" + input.getName() + "' has shape "
                        + Arrays.toString(shape) + "; layout " + MarlLayout.VERSION + " needs [rows, "
                        + MarlLayout.FEATURES + "]");
            }
            floatShape(outputs.values().iterator().next(), label);
            return new OnnxCandidateScorer(environment, session, input.getName());
        } catch (OrtException | ModelRejectedException e) {
            closeQuietly(session);
            if (e instanceof ModelRejectedException rejected) {
                throw rejected;
            }
            throw new ModelRejectedException("ONNX Runtime cannot read marl model " + label + ": " + e.getMessage(), e);
        }
    }

    /** @throws ModelFailureException when ONNX Runtime fails or answers the wrong number of scores */
    @Override
    public float[] scores(float[][] candidates) {
        int rows = candidates.length;
        FloatBuffer flat = FloatBuffer.allocate(rows * MarlLayout.FEATURES);
        for (float[] row : candidates) {
            flat.put(row);
        }
        flat.flip();
        try (OnnxTensor tensor = OnnxTensor.createTensor(environment, flat, new long[] {rows, MarlLayout.FEATURES});
             OrtSession.Result result = session.run(Map.of(inputName, tensor))) {
            float[] scores = flatten(result.get(0).getValue());
            if (scores.length != rows) {
                throw new ModelFailureException("the marl model gave " + scores.length + " scores for " + rows + " rows",
                        null);
            }
            return scores;
        } catch (OrtException | RuntimeException e) {
            if (e instanceof ModelFailureException failure) {
                throw failure;
            }
            throw new ModelFailureException("ONNX Runtime failed to run the marl model: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        closeQuietly(session);
    }

    /** A [rows] or [rows, 1] float result as one float per row. */
    private static float[] flatten(Object value) {
        if (value instanceof float[] scores) {
            return scores;
        }
        if (value instanceof float[][] matrix) {
            float[] scores = new float[matrix.length];
            for (int i = 0; i < matrix.length; i++) {
                if (matrix[i].length != 1) {
                    return new float[0];
                }
                scores[i] = matrix[i][0];
            }
            return scores;
        }
        return new float[0];
    }

    private static long[] floatShape(NodeInfo node, String label) throws ModelRejectedException {
        if (!(node.getInfo() instanceof TensorInfo tensor) || tensor.type != OnnxJavaType.FLOAT) {
            throw new ModelRejectedException("marl model " + label + "'s '" + node.getName()
                    + "' is not a float tensor: " + node.getInfo());
        }
        return tensor.getShape();
    }

    private static void closeQuietly(OrtSession session) {
        try {
            session.close();
        } catch (OrtException ignored) {
            // Releasing native memory of a session we are discarding; nothing else to do.
        }
    }
}
