"""The gradient noise scale of a data-parallel job, measured from its replicas' gradients.

McCandlish et al., "An Empirical Model of Large-Batch Training" (2018), appendix A.1: with the
mean gradient of a small batch B_s and of a big batch B_b drawn from the same data,

    E|G_B|^2 = |G|^2 + tr(Sigma) / B

so, unbiasedly,

    |G|^2     ~ (B_b |G_Bb|^2 - B_s |G_Bs|^2) / (B_b - B_s)
    tr(Sigma) ~ (|G_Bs|^2 - |G_Bb|^2) / (1 / B_s - 1 / B_b)

and the (simple) noise scale is B_noise = tr(Sigma) / |G|^2, in samples. Both estimates are
smoothed apart with bias-corrected exponential averages and divided afterwards, as the paper
advises (the ratio of noisy estimates is biased). Pollux's statistical efficiency of a batch M
against the reference M0 is (B_noise + M0) / (B_noise + M).

Where the small and big batches come from, at no extra computation:

- W > 1 processes: B_s is one process's share of the step, G / W; |G_Bs|^2 is the squared norm
  of its gradient before DistributedDataParallel averages it (read in a communication hook, which
  then all-reduces as DDP's default does), averaged over the W processes (one all-reduce of a
  scalar per step); B_b = G and |G_Bb|^2 is the averaged gradient's squared norm.
- one process accumulating A > 1 micro-batches: B_s is a micro-batch, read between backward passes
  (a copy of the gradients per micro-batch).
- one process, one micro-batch: nothing to compare; no estimate.
"""

import math


class _Average:
    """A bias-corrected exponential moving average."""

    def __init__(self, smoothing):
        self.smoothing, self.total, self.weight = smoothing, 0.0, 0.0

    def add(self, value):
        self.total = self.smoothing * self.total + (1 - self.smoothing) * value
        self.weight = self.smoothing * self.weight + (1 - self.smoothing)

    def value(self):
        return self.total / self.weight if self.weight > 0 else math.nan


def _squared_norm(tensors):
    import torch
    total = torch.zeros((), dtype=torch.float64)
    for t in tensors:
        if t is not None:
            total += t.detach().double().pow(2).sum().cpu()
    return float(total)


def _comm_hook(noise, bucket):
    """DDP's default all-reduce, after adding this process's local gradient norm to `noise`."""
    from torch.distributed.algorithms.ddp_comm_hooks import default_hooks
    noise._local_sqr += float(bucket.buffer().detach().double().pow(2).sum())
    noise._hooked = True
    return default_hooks.allreduce_hook(None, bucket)


class GradientNoiseScale:
    """Measures B_noise each step; `value()` is the smoothed estimate, NaN until there is one.

    Use: build it once per generation around the model DDP wraps (before the first forward pass),
    call `after_backward(n)` after each micro-batch's backward pass and `update()` after the last,
    before the optimiser step (with W > 1 it is a collective: every process calls it). Keep
    `state_dict()` in the checkpoint: the estimate survives resizes (tr(Sigma) and |G|^2 do not
    depend on the batch).
    """

    def __init__(self, model, plan, smoothing=0.95):
        import torch.nn as nn
        if not 0 <= smoothing < 1:
            raise ValueError(f"smoothing must be in [0, 1), got {smoothing}")
        self._plan = plan
        self._params = [p for p in model.parameters() if p.requires_grad]
        self._averages = (_Average(smoothing), _Average(smoothing))  # |G|^2, tr(Sigma)
        self._local_sqr, self._hooked = 0.0, False
        self._micro_sqr, self._micro_count, self._before = 0.0, 0, None
        if plan.replicas > 1:
            if not isinstance(model, nn.parallel.DistributedDataParallel):
                raise ValueError(f"{plan.replicas} training processes: pass the DistributedDataParallel model, "
                                 "whose gradients the noise scale compares")
            model.register_comm_hook(self, _comm_hook)

    def after_backward(self, samples):
        """A micro-batch of `samples` samples went backward (one process accumulating: its gradient)."""
        if self._plan.replicas > 1 or self._plan.accumulation == 1:
            return
        now = [p.grad.detach().clone() if p.grad is not None else None for p in self._params]
        before = self._before or [None] * len(now)
        micro = [n if b is None else n - b for n, b in zip(now, before)]
        # Its gradient is weighted by samples / G: scaled back, the micro-batch's mean gradient.
        scale = self._plan.global_batch / samples
        self._micro_sqr += _squared_norm(micro) * scale * scale
        self._micro_count += 1
        self._before = now

    def update(self):
        """Takes this step's measurement; returns the smoothed noise scale (NaN while unknown)."""
        plan, big = self._plan, _squared_norm(p.grad for p in self._params)
        if plan.replicas > 1:
            if not self._hooked:
                return self.value()  # no synchronising backward this step
            share = plan.share
            # The local gradient is weighted by share * W / G: scaled back, the process's mean gradient.
            scale = plan.global_batch / (plan.replicas * share)
            small, count = self._all_mean(self._local_sqr * scale * scale), plan.replicas
        elif self._micro_count > 1:
            small, count = self._micro_sqr / self._micro_count, self._micro_count
        else:
            small, count = None, 1
        self._local_sqr, self._hooked = 0.0, False
        self._micro_sqr, self._micro_count, self._before = 0.0, 0, None
        if small is not None:
            batch = plan.global_batch
            self._averages[0].add((count * big - small) / (count - 1))
            self._averages[1].add((small - big) * batch / (count - 1))
        return self.value()

    def _all_mean(self, value):
        import torch
        import torch.distributed as dist
        # On the gradients' device: NCCL reduces GPU tensors only.
        tensor = torch.tensor([value], dtype=torch.float64, device=self._params[0].device)
        dist.all_reduce(tensor)
        return float(tensor.item()) / dist.get_world_size()

    def value(self):
        """B_noise in samples, or NaN while either average is not positive (no usable estimate yet)."""
        sqr, var = (a.value() for a in self._averages)
        if not (sqr > 0 and var > 0):
            return math.nan
        return var / sqr

    def state_dict(self):
        return {"averages": [[a.total, a.weight] for a in self._averages]}

    def load_state_dict(self, state):
        for average, (total, weight) in zip(self._averages, state["averages"]):
            average.total, average.weight = float(total), float(weight)
