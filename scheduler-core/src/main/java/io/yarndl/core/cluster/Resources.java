package io.yarndl.core.cluster;

/**
 * A resource vector: GPUs, virtual cores and memory, the three dimensions YARN schedules with
 * the {@code yarn.io/gpu} resource type and the DominantResourceCalculator. Immutable; arithmetic
 * returns new vectors.
 */
public record Resources(int gpus, int vcores, long memoryMb) {

    public static final Resources ZERO = new Resources(0, 0, 0);

    public static Resources of(int gpus, int vcores, long memoryMb) {
        return new Resources(gpus, vcores, memoryMb);
    }

    public Resources plus(Resources other) {
        return new Resources(gpus + other.gpus, vcores + other.vcores, memoryMb + other.memoryMb);
    }

    public Resources minus(Resources other) {
        return new Resources(gpus - other.gpus, vcores - other.vcores, memoryMb - other.memoryMb);
    }

    /** Each dimension the smaller of this vector's and {@code other}'s. */
    public Resources min(Resources other) {
        return new Resources(Math.min(gpus, other.gpus), Math.min(vcores, other.vcores),
                Math.min(memoryMb, other.memoryMb));
    }

    /** Each dimension at least zero. */
    public Resources atLeastZero() {
        return new Resources(Math.max(0, gpus), Math.max(0, vcores), Math.max(0, memoryMb));
    }

    /** This vector with no GPUs: what a task adds to a GPU it shares with another job's task. */
    public Resources withoutGpus() {
        return new Resources(0, vcores, memoryMb);
    }

    public Resources times(int count) {
        return new Resources(gpus * count, vcores * count, memoryMb * count);
    }

    /** True when every dimension of this vector is at most the same dimension of {@code capacity}. */
    public boolean fitsIn(Resources capacity) {
        return gpus <= capacity.gpus && vcores <= capacity.vcores && memoryMb <= capacity.memoryMb;
    }

    public boolean isZero() {
        return gpus == 0 && vcores == 0 && memoryMb == 0;
    }

    /**
     * The dominant share of this demand against {@code capacity}: the largest fraction it takes of
     * any one dimension (Ghodsi et al., NSDI'11). Dimensions the capacity lacks are ignored.
     */
    public double dominantShare(Resources capacity) {
        double share = 0;
        if (capacity.gpus > 0) {
            share = Math.max(share, (double) gpus / capacity.gpus);
        }
        if (capacity.vcores > 0) {
            share = Math.max(share, (double) vcores / capacity.vcores);
        }
        if (capacity.memoryMb > 0) {
            share = Math.max(share, (double) memoryMb / capacity.memoryMb);
        }
        return share;
    }

    /** How many copies of {@code demand} fit in this vector (Integer.MAX_VALUE for a zero demand). */
    public int copiesOf(Resources demand) {
        long copies = Integer.MAX_VALUE;
        if (demand.gpus > 0) {
            copies = Math.min(copies, gpus / demand.gpus);
        }
        if (demand.vcores > 0) {
            copies = Math.min(copies, vcores / demand.vcores);
        }
        if (demand.memoryMb > 0) {
            copies = Math.min(copies, memoryMb / demand.memoryMb);
        }
        return (int) Math.max(0, copies);
    }

    @Override
    public String toString() {
        return "<gpu:" + gpus + ", vcores:" + vcores + ", memory:" + memoryMb + "MB>";
    }
}
