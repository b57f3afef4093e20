package io.yarndl.sim.marl;

import io.yarndl.core.placement.marl.DecisionListener;
import io.yarndl.core.placement.marl.MarlLayout;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import java.util.function.IntSupplier;

/**
 * One episode's marl decisions, in memory until the batch is written: every candidate row, and per
 * decision its first row, row count, the row chosen, the teacher's row and the round it was made in.
 * Not thread-safe: one per episode.
 */
final class DecisionLog implements DecisionListener {

    /** Ints per decision in {@code decisions.i32}: first row, rows, chosen, teacher, episode, round. */
    static final int INTS_PER_DECISION = 6;

    private final IntSupplier round;
    private float[] rows = new float[1 << 12];
    private int[] decisions = new int[1 << 10];
    private int rowCount;
    private int decisionCount;

    /** @param round the round being planned, asked at each decision */
    DecisionLog(IntSupplier round) {
        this.round = round;
    }

    @Override
    public void decided(float[][] candidates, int chosen, int teacher) {
        int needed = (rowCount + candidates.length) * MarlLayout.FEATURES;
        if (needed > rows.length) {
            rows = Arrays.copyOf(rows, Math.max(needed, rows.length * 2));
        }
        for (float[] row : candidates) {
            System.arraycopy(row, 0, rows, rowCount * MarlLayout.FEATURES, MarlLayout.FEATURES);
            rowCount++;
        }
        if ((decisionCount + 1) * 4 > decisions.length) {
            decisions = Arrays.copyOf(decisions, decisions.length * 2);
        }
        int at = decisionCount * 4;
        decisions[at] = candidates.length;
        decisions[at + 1] = chosen;
        decisions[at + 2] = teacher;
        decisions[at + 3] = round.getAsInt();
        decisionCount++;
    }

    int decisions() {
        return decisionCount;
    }

    int rows() {
        return rowCount;
    }

    /** Writes the rows as little-endian floats. */
    void writeRows(DataOutput out) throws IOException {
        for (int i = 0; i < rowCount * MarlLayout.FEATURES; i++) {
            out.writeInt(Integer.reverseBytes(Float.floatToIntBits(rows[i])));
        }
    }

    /**
     * Writes each decision as {@value #INTS_PER_DECISION} little-endian ints, its rows numbered from
     * {@code firstRow} (the rows of the episodes before it) and tagged with {@code episode}.
     */
    void writeDecisions(DataOutput out, long firstRow, int episode) throws IOException {
        long row = firstRow;
        for (int d = 0; d < decisionCount; d++) {
            int at = d * 4;
            if (row > Integer.MAX_VALUE) {
                throw new IOException("the batch has more than " + Integer.MAX_VALUE + " rows");
            }
            int[] fields = {(int) row, decisions[at], decisions[at + 1], decisions[at + 2], episode, decisions[at + 3]};
            for (int field : fields) {
                out.writeInt(Integer.reverseBytes(field));
            }
            row += decisions[at];
        }
    }
}
