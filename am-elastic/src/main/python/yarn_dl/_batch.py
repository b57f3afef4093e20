"""The job's batch at this generation's size: how many samples a step takes, who takes which.

The rule (docs/elastic-jobs.md, "Batch size that follows the job's size"):

- The job declares a reference batch M0 (`submit --global-batch-size`, `YARN_DL_BATCH_SIZE`) for
  W0 training processes (`--workers` x `--procs-per-worker`, `YARN_DL_REFERENCE_WORLD_SIZE`): its
  per-process batch is M0 / W0.
- A generation of W processes keeps that per-process batch: its global batch is
  G = clamp(round(M0 * W / W0), min, max), with min and max the job's limits
  (`--min-batch-size`, `--max-batch-size`); a job that declared none has min = max = M0 and trains
  at M0 whatever its size, as before. G is at least W, so every process has a sample.
- The G samples of a step are split across the W processes as evenly as they go (the first
  G mod W take one more). A process whose share exceeds the job's largest local batch
  (`--max-local-batch-size`) takes it in A = ceil(largest share / max local) micro-batches and
  accumulates their gradients before the one synchronising backward pass.
- Each micro-batch's mean loss is weighted by n * W / G (`BatchPlan.weight(n)`) so that the average
  DistributedDataParallel takes over the processes is exactly the mean gradient of the G samples,
  whatever the split.
- Steps stay counted in reference batches: a step of G samples advances the job by G / M0 steps,
  so `step = samples_seen // M0` never goes back when G changes (`BatchPlan.reference_steps`).

A goodput-driven choice (Pollux's: the G in [min, max] that maximises measured throughput x
statistical efficiency (noise + M0) / (noise + G), with the measured noise scale) would replace
`global_batch_for` below; everything else (split, accumulation, weights, learning rate, steps)
stays as it is.
"""

import math
import os

LR_RULES = ("sqrt", "linear", "adascale", "none")


def _env_int(name):
    value = os.environ.get(name, "").strip()
    if not value:
        return None
    try:
        parsed = int(value)
    except ValueError:
        raise ValueError(f"environment variable {name} must be an integer, got {value!r}") from None
    if parsed < 0:
        raise ValueError(f"environment variable {name} must not be negative, got {parsed}")
    return parsed


def global_batch_for(replicas, reference, low, high, reference_replicas):
    """G = clamp(round(reference * replicas / reference_replicas), low, high), and at least `replicas`."""
    scaled = math.floor(reference * replicas / reference_replicas + 0.5)
    batch = min(high, max(low, scaled))
    if batch < replicas:
        if high < replicas:
            raise ValueError(f"the job's largest batch {high} cannot give each of its {replicas} training "
                             "processes a sample: submit it with a larger --max-batch-size")
        batch = replicas
    return batch


class BatchPlan:
    """One generation's batch: the global batch, this process's share and its micro-batches.

    Attributes: `reference` (M0), `global_batch` (G), `replicas` (W), `rank`, `shares` (every
    process's samples per step), `share` (this one's), `accumulation` (micro-batches per step, the
    same on every process), `micro_sizes` (this process's micro-batches, non-empty, largest first),
    `min_batch`, `max_batch`, `max_local` (0: none).
    """

    def __init__(self, reference, replicas, rank, min_batch, max_batch, max_local=0, reference_replicas=None):
        for name, value in (("reference batch", reference), ("replicas", replicas), ("min batch", min_batch),
                            ("max batch", max_batch)):
            if not isinstance(value, int) or value < 1:
                raise ValueError(f"the {name} must be a positive integer, got {value!r}")
        if not min_batch <= reference <= max_batch:
            raise ValueError(f"the reference batch {reference} is outside the limits [{min_batch}, {max_batch}]")
        if not 0 <= rank < replicas:
            raise ValueError(f"rank {rank} is not one of {replicas} training processes")
        reference_replicas = replicas if reference_replicas is None else reference_replicas
        if reference_replicas < 1:
            raise ValueError(f"the reference number of processes must be positive, got {reference_replicas}")
        self.reference, self.replicas, self.rank = reference, replicas, rank
        self.min_batch, self.max_batch, self.max_local = min_batch, max_batch, max_local or 0
        self.global_batch = global_batch_for(replicas, reference, min_batch, max_batch, reference_replicas)
        base, extra = divmod(self.global_batch, replicas)
        self.shares = [base + (1 if r < extra else 0) for r in range(replicas)]
        self.share = self.shares[rank]
        self.accumulation = -(-max(self.shares) // self.max_local) if self.max_local else 1
        size, more = divmod(self.share, self.accumulation)
        self.micro_sizes = [size + (1 if i < more else 0) for i in range(self.accumulation)]
        self.micro_sizes = [n for n in self.micro_sizes if n > 0]

    def weight(self, samples):
        """The factor on a micro-batch's mean loss: its samples' share of the global mean, times W."""
        return samples * self.replicas / self.global_batch

    def rank_slice(self, batch):
        """This process's part of `batch`, a sequence (or tensor) of the step's G samples in order."""
        start = sum(self.shares[:self.rank])
        return batch[start:start + self.share]

    def micro_batches(self, mine):
        """(micro-batch, last) pairs over `mine`, this process's share: `last` marks the one whose
        backward pass synchronises (run the others under DDP's `no_sync()`)."""
        out, start = [], 0
        for i, n in enumerate(self.micro_sizes):
            out.append((mine[start:start + n], i == len(self.micro_sizes) - 1))
            start += n
        return out

    def reference_steps(self, samples_seen):
        """Steps of the reference batch in `samples_seen` samples: the job's step count."""
        return samples_seen // self.reference

    def lr_factor(self, rule="sqrt", noise_scale=None):
        """The learning rate's factor against the one tuned for the reference batch.

        - `sqrt`: sqrt(G / M0), square-root scaling (Krizhevsky 2014; Hoffer et al. 2017);
        - `linear`: G / M0 (Goyal et al. 2017);
        - `adascale`: AdaScale's gain S (noise + M0) / (noise + G) with S = G / M0 (Johnson et al.
          2020, in the form Pollux uses), 1 until a noise scale is measured;
        - `none`: 1.
        """
        ratio = self.global_batch / self.reference
        if rule == "sqrt":
            return math.sqrt(ratio)
        if rule == "linear":
            return ratio
        if rule == "adascale":
            if noise_scale is None or not math.isfinite(noise_scale) or noise_scale < 0:
                return 1.0
            return ratio * (noise_scale + self.reference) / (noise_scale + self.global_batch)
        if rule == "none":
            return 1.0
        raise ValueError(f"unknown learning-rate rule {rule!r}; known rules: {', '.join(LR_RULES)}")

    def __repr__(self):
        return (f"BatchPlan(global_batch={self.global_batch}, reference={self.reference}, replicas={self.replicas}, "
                f"share={self.share}, accumulation={self.accumulation}, limits=[{self.min_batch}, {self.max_batch}])")


def batch_plan(reference, replicas, rank, min_batch=None, max_batch=None, max_local=None, reference_replicas=None):
    """The plan of this process, the AM's variables taking precedence over the arguments.

    Under YARN the AM sets YARN_DL_BATCH_SIZE, YARN_DL_MIN_BATCH_SIZE, YARN_DL_MAX_BATCH_SIZE,
    YARN_DL_MAX_LOCAL_BATCH_SIZE and YARN_DL_REFERENCE_WORLD_SIZE from the job's spec; outside it the
    script's own values (its --batch-size for `reference`) apply, limits defaulting to `reference`.
    """
    reference = _env_int("YARN_DL_BATCH_SIZE") or reference
    low = _env_int("YARN_DL_MIN_BATCH_SIZE") or min_batch or reference
    high = _env_int("YARN_DL_MAX_BATCH_SIZE") or max_batch or reference
    local = _env_int("YARN_DL_MAX_LOCAL_BATCH_SIZE") or max_local or 0
    ref_replicas = _env_int("YARN_DL_REFERENCE_WORLD_SIZE") or reference_replicas
    return BatchPlan(reference, replicas, rank, low, high, local, ref_replicas)
