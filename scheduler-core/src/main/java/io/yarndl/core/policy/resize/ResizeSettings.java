package io.yarndl.core.policy.resize;

/**
 * The knobs of the resize-cost rule ({@link ResizeCost}), each a scheduler configuration key
 * ({@code yarn.dl.scheduler.resize.*}, docs/configuration.md) and a simulator option.
 *
 * @param priorRestartSec the seconds one checkpoint-restart is taken to cost a job before the driver
 *                        has measured any of its own ({@code JobView.restarts()}); the one prior of
 *                        every policy that weighs restarts: this rule's, and {@code pollux}'s and
 *                        {@code sia}'s re-allocation factor
 * @param paybackFactor   k: a change of a running job's size must save more than k restarts' worth of
 *                        seconds over the job's remaining time; 0 turns the rule off (every change that
 *                        saves anything is made, as the policies did before it)
 */
public record ResizeSettings(double priorRestartSec, double paybackFactor) {

    /** The defaults; docs/resize-cost.md gives the measurements behind them. */
    public static final ResizeSettings DEFAULT = new ResizeSettings(ResizeDefaults.PRIOR_RESTART_SEC,
            ResizeDefaults.PAYBACK_FACTOR);

    /** No charge for a resize: each policy decides as it did before the rule. */
    public static final ResizeSettings OFF = new ResizeSettings(ResizeDefaults.PRIOR_RESTART_SEC, 0);

    /**
     * The defaults as constants, for annotations that need them (picocli's).
     *
     * <p>5 s per restart before a job's own are measured: the elastic AM's resizes of small jobs took
     * 3.3 to 7.3 s (docs/elastic-jobs.md). Low on purpose: in the ResourceManager a job's restarts are
     * measured only from its resizes, so a prior set too high would keep a small job from ever
     * resizing and being measured, while one too low costs at most one resize of a dear job (Sia
     * measured up to 250 s for ImageNet) before its measured cost takes over. The simulator counts
     * every start, so there a running job is always measured and the prior never applies.
     *
     * <p>k = 30: swept over 0 to 100 with optimus on workloads the reported figures do not use
     * (Pollux's workloads 1-5, 7 and 8 on 16 x 4 T4 and synthetic seeds 1-5, each at 60 s and 600 s
     * rounds), it cut the average JCT by 15.8% on Pollux's (geometric mean) and 1.9% on the
     * synthetic ones, with 44% of the resizes; k = 100 cut Pollux's by 18.4% but the synthetic ones
     * by 0.8%, and makes a measured 250 s ImageNet restart cost 7 h of forecast saving.
     * docs/resize-cost.md has the table.
     */
    public static final class ResizeDefaults {
        public static final double PRIOR_RESTART_SEC = 5;
        public static final double PAYBACK_FACTOR = 30;

        private ResizeDefaults() {
        }
    }

    public ResizeSettings {
        if (!(priorRestartSec >= 0) || Double.isInfinite(priorRestartSec)) {
            throw new IllegalArgumentException("the prior restart cost must be a number of seconds >= 0, got "
                    + priorRestartSec);
        }
        if (!(paybackFactor >= 0) || Double.isInfinite(paybackFactor)) {
            throw new IllegalArgumentException("the resize payback factor must be a number >= 0, got " + paybackFactor);
        }
    }

    /** Whether a resize is charged at all. */
    public boolean charges() {
        return paybackFactor > 0;
    }
}
