package io.yarndl.sim.dl2;

import io.yarndl.core.policy.dl2.DecisionRecorder;
import io.yarndl.core.policy.dl2.Dl2Layout;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * The decisions of one episode, streamed to its own four part files as they are made (so an
 * episode's decisions never sit in memory and parallel episodes never share a stream); the
 * {@link RolloutBatch} joins the parts in episode order at the end. Keeps each decision with
 * probability {@code keepFraction}, drawn from its own seeded stream, so the same episode keeps
 * the same decisions whatever else runs beside it. One per episode, used by one thread.
 */
final class EpisodeRecording implements DecisionRecorder, AutoCloseable {

    private final int episode;
    private final double keepFraction;
    private final SplittableRandom keep;
    private final OutputStream states;
    private final OutputStream valid;
    private final OutputStream actions;
    private final OutputStream rounds;
    private final ByteBuffer stateBytes = ByteBuffer.allocate(Dl2Layout.INPUT_SIZE * Float.BYTES)
            .order(ByteOrder.LITTLE_ENDIAN);
    private final byte[] validBytes = new byte[Dl2Layout.OUTPUT_SIZE];
    private final ByteBuffer intBytes = ByteBuffer.allocate(2 * Integer.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    private int round;
    private long seen;
    private long kept;

    EpisodeRecording(RolloutBatch.EpisodeParts parts, double keepFraction, long keepSeed) throws IOException {
        this.episode = parts.episode();
        this.keepFraction = keepFraction;
        this.keep = new SplittableRandom(keepSeed);
        this.states = open(parts.states());
        this.valid = open(parts.valid());
        this.actions = open(parts.actions());
        this.rounds = open(parts.rounds());
    }

    private static OutputStream open(Path file) throws IOException {
        return new BufferedOutputStream(Files.newOutputStream(file), 1 << 16);
    }

    /** The round that later decisions belong to: the simulator calls this as each round ends. */
    void roundEnded(int endedRound) {
        round = endedRound + 1;
    }

    @Override
    public void decided(double timeSec, float[] state, boolean[] validActions, int action) {
        seen++;
        // Drawn for every decision, so which ones are kept depends only on the seed and their order.
        if (keep.nextDouble() >= keepFraction) {
            return;
        }
        try {
            stateBytes.clear();
            stateBytes.asFloatBuffer().put(state);
            states.write(stateBytes.array());
            for (int i = 0; i < validBytes.length; i++) {
                validBytes[i] = (byte) (validActions[i] ? 1 : 0);
            }
            valid.write(validBytes);
            intBytes.clear();
            intBytes.putInt(action);
            actions.write(intBytes.array(), 0, Integer.BYTES);
            intBytes.clear();
            intBytes.putInt(episode).putInt(round);
            rounds.write(intBytes.array(), 0, 2 * Integer.BYTES);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the decisions of episode " + episode + ": " + e.getMessage(), e);
        }
        kept++;
    }

    /** Decisions made so far. */
    long seen() {
        return seen;
    }

    /** Decisions written so far. */
    long kept() {
        return kept;
    }

    @Override
    public void close() throws IOException {
        IOException first = null;
        for (OutputStream out : new OutputStream[] {states, valid, actions, rounds}) {
            try {
                out.close();
            } catch (IOException e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
