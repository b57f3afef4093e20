"""yarn_dl.GradientNoiseScale against a problem whose noise scale is known.

Per-sample gradients x_i ~ N(mu, s^2 I) in d dimensions (the loss w . x_i of a linear model):
|G|^2 = |mu|^2 = d, tr(Sigma) = d s^2, so B_noise = s^2. Measured with one process accumulating
micro-batches and with two DistributedDataParallel processes (gloo), it must come out near s^2.
"""

import math
import os
import tempfile
import unittest

import fakes

DIM, NOISE, STEPS = 8, 48.0, 400


def train(plan, rank, seed, ddp_factory=None):
    """Takes STEPS steps of the linear problem; returns the smoothed noise scale."""
    import torch
    import torch.nn as nn
    import yarn_dl
    torch.manual_seed(0)
    model = nn.Linear(DIM, 1, bias=False)
    wrapped = ddp_factory(model) if ddp_factory else model
    noise = yarn_dl.GradientNoiseScale(wrapped, plan, smoothing=0.98)
    data = torch.Generator().manual_seed(seed + rank)
    for _ in range(STEPS):
        model.zero_grad()
        for chunk, last in plan.micro_batches(list(range(plan.share))):
            x = 1.0 + math.sqrt(NOISE) * torch.randn(len(chunk), DIM, generator=data)
            ctx = wrapped.no_sync() if ddp_factory and not last else _Nothing()
            with ctx:
                (wrapped(x).mean() * plan.weight(len(chunk))).backward()
            noise.after_backward(len(chunk))
        noise.update()
    return noise


class _Nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def _ddp_worker(rank, store_file, out_dir):
    import torch.distributed as dist
    import torch.nn as nn
    from yarn_dl._batch import BatchPlan
    dist.init_process_group("gloo", init_method="file://" + store_file, rank=rank, world_size=2)
    plan = BatchPlan(32, 2, rank, 16, 128, reference_replicas=1)  # G = 64, shares of 32
    noise = train(plan, rank, seed=11, ddp_factory=nn.parallel.DistributedDataParallel)
    with open(os.path.join(out_dir, f"rank{rank}"), "w") as f:
        f.write(repr(noise.value()))
    dist.destroy_process_group()


class GradientNoiseScaleTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        fakes.require_torch()

    def test_one_process_measures_it_from_its_micro_batches(self):
        from yarn_dl._batch import BatchPlan
        plan = BatchPlan(64, 1, 0, 64, 64, max_local=16)
        self.assertEqual(plan.accumulation, 4)
        measured = train(plan, 0, seed=3).value()
        self.assertLess(abs(measured - NOISE) / NOISE, 0.25, f"measured {measured}, expected about {NOISE}")

    def test_two_ddp_processes_measure_it_from_their_local_gradients(self):
        import torch.multiprocessing as mp
        with tempfile.TemporaryDirectory(prefix="noise-") as work:
            mp.spawn(_ddp_worker, args=(os.path.join(work, "store"), work), nprocs=2, join=True)
            values = []
            for r in (0, 1):
                with open(os.path.join(work, f"rank{r}")) as f:
                    values.append(float(f.read()))
        self.assertEqual(values[0], values[1], "every process holds the same estimate")
        self.assertLess(abs(values[0] - NOISE) / NOISE, 0.25, f"measured {values[0]}, expected about {NOISE}")

    def test_one_process_without_micro_batches_has_no_estimate_and_the_estimate_survives_a_restart(self):
        import yarn_dl
        from yarn_dl._batch import BatchPlan
        self.assertTrue(math.isnan(train(BatchPlan(64, 1, 0, 64, 64), 0, seed=5).value()))
        measured = train(BatchPlan(64, 1, 0, 64, 64, max_local=32), 0, seed=5)
        import torch.nn as nn
        restored = yarn_dl.GradientNoiseScale(nn.Linear(DIM, 1), BatchPlan(64, 1, 0, 64, 64))
        restored.load_state_dict(measured.state_dict())
        self.assertEqual(restored.value(), measured.value())

    def test_more_than_one_process_needs_the_ddp_model(self):
        import torch.nn as nn
        import yarn_dl
        from yarn_dl._batch import BatchPlan
        with self.assertRaisesRegex(ValueError, "pass the DistributedDataParallel model"):
            yarn_dl.GradientNoiseScale(nn.Linear(2, 1), BatchPlan(64, 2, 0, 64, 64))


if __name__ == "__main__":
    unittest.main()
