package io.yarndl.core.policy.dl2;

import ai.onnxruntime.NodeInfo;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.TensorInfo;

import java.nio.FloatBuffer;
import java.util.Arrays;
import java.util.Map;

/**
 * A {@link Dl2Network} run by ONNX Runtime on the CPU, one thread per call: the scheduler's round
 * thread must not fan out over the ResourceManager's cores. {@link OrtSession#run} is thread-safe,
 * so the simulator's parallel rollouts share one instance.
 */
public final class OnnxNetwork implements Dl2Network, AutoCloseable {

    private static final long[] ONE_STATE = {1, Dl2Layout.INPUT_SIZE};

    private final OrtEnvironment environment;
    private final OrtSession session;
    private final String inputName;

    private OnnxNetwork(OrtEnvironment environment, OrtSession session, String inputName) {
        this.environment = environment;
        this.session = session;
        this.inputName = inputName;
    }

    /**
     * Loads {@code model} (the bytes of an ONNX file) and checks it has one float input of
     * {@link Dl2Layout#INPUT_SIZE} and one float output of {@link Dl2Layout#OUTPUT_SIZE} per row.
     *
     * @param label what to call the model in messages (its path)
     */
    public static OnnxNetwork load(byte[] model, String label) throws ModelRejectedException {
        OrtEnvironment environment = OrtEnvironment.getEnvironment();
        OrtSession session;
        try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
            options.setIntraOpNumThreads(1);
            options.setInterOpNumThreads(1);
            session = environment.createSession(model, options);
        } catch (OrtException e) {
            throw new ModelRejectedException("ONNX Runtime cannot load model " + label + ": " + e.getMessage(), e);
        }
        try {
            String input = onlyName(session.getInputInfo(), "input", label);
            String output = onlyName(session.getOutputInfo(), "output", label);
            requireShape(session.getInputInfo().get(input), Dl2Layout.INPUT_SIZE, "input", label);
            requireShape(session.getOutputInfo().get(output), Dl2Layout.OUTPUT_SIZE, "output", label);
            return new OnnxNetwork(environment, session, input);
        } catch (OrtException | ModelRejectedException e) {
            closeQuietly(session);
            if (e instanceof ModelRejectedException rejected) {
                throw rejected;
            }
            throw new ModelRejectedException("ONNX Runtime cannot read the inputs of model " + label + ": "
                    + e.getMessage(), e);
        }
    }

    @Override
    public float[] logits(float[] state) {
        try (OnnxTensor tensor = OnnxTensor.createTensor(environment, FloatBuffer.wrap(state), ONE_STATE);
             OrtSession.Result result = session.run(Map.of(inputName, tensor))) {
            float[][] rows = (float[][]) result.get(0).getValue();
            return rows[0];
        } catch (OrtException | RuntimeException e) {
            throw new ModelFailureException("ONNX Runtime failed to run the model: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        closeQuietly(session);
    }

    private static String onlyName(Map<String, NodeInfo> nodes, String what, String label) throws ModelRejectedException {
        if (nodes.size() != 1) {
            throw new ModelRejectedException("model " + label + " has " + nodes.size() + " " + what + "s "
                    + nodes.keySet() + "; a DL2 model has exactly one");
        }
        return nodes.keySet().iterator().next();
    }

    private static void requireShape(NodeInfo node, int width, String what, String label) throws ModelRejectedException {
        if (!(node.getInfo() instanceof TensorInfo tensor) || tensor.type != ai.onnxruntime.OnnxJavaType.FLOAT) {
            throw new ModelRejectedException("model " + label + "'s " + what + " '" + node.getName()
                    + "' is not a float tensor: " + node.getInfo());
        }
        long[] shape = tensor.getShape();
        boolean rowOk = shape.length == 2 && (shape[0] == 1 || shape[0] < 0);
        if (!rowOk || shape[1] != width) {
            throw new ModelRejectedException("model " + label + "'s " + what + " '" + node.getName() + "' has shape "
                    + Arrays.toString(shape) + "; feature layout " + Dl2Layout.VERSION + " needs [batch, " + width + "]");
        }
    }

    private static void closeQuietly(OrtSession session) {
        try {
            session.close();
        } catch (OrtException ignored) {
            // Releasing native memory of a session we are discarding; nothing else to do.
        }
    }
}
