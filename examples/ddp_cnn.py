#!/usr/bin/env python3
"""An elastic data-parallel job: a small CNN trained with DistributedDataParallel (gloo) on CPU.

It shows the yarn_dl contract for all-reduce jobs: resume from the last checkpoint, report every
step, checkpoint and wait when the AM announces a resize, stop at the goal. The data is synthetic
and made in memory (16x16 images whose class is a fixed pattern under noise), so it needs no
download and its loss falls within a few hundred steps.

The global batch follows the job's size within its limits (`yarn_dl.batch_plan`: the per-process
batch of the job's spec is kept, the global batch clamped to [--min-batch-size, --max-batch-size],
micro-batches accumulated above --max-local-batch-size); a job without limits trains at one global
batch at any world size, so a resize changes only its speed. The learning rate is scaled against
the reference batch (--lr-rule), the gradient noise scale is measured from the processes' gradients
(`yarn_dl.GradientNoiseScale`) and reported with the batch, and `step` counts steps of the
reference batch (samples seen // --batch-size), so it continues from the checkpoint whatever the
batch.

Runs under YARN (the AM starts it through torchrun), under plain torchrun, or as one process:
    python3 -m torch.distributed.run --standalone --nproc_per_node 2 examples/ddp_cnn.py --epochs 2
"""

import argparse
import contextlib
import os
import sys
import time

import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F

try:
    import yarn_dl
except ImportError:  # run from a source checkout without PYTHONPATH
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "am-elastic",
                                    "src", "main", "python"))
    import yarn_dl

CLASSES = 10
SIDE = 16
DATASET_SIZE = 8192


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--batch-size", type=int, default=64,
                   help="the reference global batch, split across ranks; under YARN the job's "
                        "--global-batch-size (default: %(default)s)")
    p.add_argument("--min-batch-size", type=int, default=None,
                   help="smallest global batch outside YARN, where the AM's limits do not apply "
                        "(default: --batch-size)")
    p.add_argument("--max-batch-size", type=int, default=None,
                   help="largest global batch outside YARN (default: --batch-size)")
    p.add_argument("--max-local-batch-size", type=int, default=None,
                   help="most samples per rank and forward pass outside YARN; more are accumulated "
                        "(default: no limit)")
    p.add_argument("--lr", type=float, default=0.05,
                   help="SGD learning rate at the reference batch (default: %(default)s)")
    p.add_argument("--lr-rule", choices=yarn_dl.LR_RULES, default="sqrt",
                   help="how the learning rate follows the global batch: sqrt(G/M0), G/M0, AdaScale's "
                        "gain from the measured noise scale, or not at all (default: %(default)s)")
    p.add_argument("--steps-per-epoch", type=int, default=100, help="global steps per epoch (default: %(default)s)")
    p.add_argument("--epochs", type=int, default=yarn_dl.epochs(),
                   help="stop after this many epochs (default: $YARN_DL_EPOCHS, or 5 when no "
                        "other goal is given)")
    p.add_argument("--total-steps", type=int, default=yarn_dl.total_steps(),
                   help="stop after this many global steps (default: $YARN_DL_TOTAL_STEPS, unset)")
    p.add_argument("--target-loss", type=float, default=yarn_dl.target_loss(),
                   help="stop when the smoothed loss is at most this (default: $YARN_DL_TARGET_LOSS, unset)")
    p.add_argument("--checkpoint-every", type=int, default=100,
                   help="save a checkpoint every N global steps, 0 for never (default: %(default)s)")
    p.add_argument("--min-step-seconds", type=float, default=0.0,
                   help="make each step last at least this long; stands in for a bigger model so tests "
                        "can watch a resize happen mid-training (default: %(default)s)")
    p.add_argument("--step-compute-seconds", type=float, default=0.0,
                   help="make each step of the reference batch last at least this long divided by "
                        "the world size (a step of G samples G/--batch-size times that): a bigger "
                        "model's compute, which more workers share, so that adding workers speeds "
                        "training up as it would on GPUs (default: %(default)s)")
    p.add_argument("--seed", type=int, default=0, help="seed of the data and the initial weights")
    args = p.parse_args(argv)
    if args.epochs is None and args.total_steps is None and args.target_loss is None:
        args.epochs = 5
    return args


def synthetic_dataset(seed):
    """DATASET_SIZE noisy images: class c is pattern c (fixed by the seed) plus Gaussian noise."""
    g = torch.Generator().manual_seed(seed)
    patterns = torch.randn(CLASSES, 1, SIDE, SIDE, generator=g)
    labels = torch.randint(0, CLASSES, (DATASET_SIZE,), generator=g)
    images = 0.4 * patterns[labels] + torch.randn(DATASET_SIZE, 1, SIDE, SIDE, generator=g)
    return images, labels


class SmallCnn(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 8, 3, padding=1)
        self.conv2 = nn.Conv2d(8, 16, 3, padding=1)
        self.fc = nn.Linear(16 * 4 * 4, CLASSES)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv1(x)), 2)
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        return self.fc(x.flatten(1))


def batch_indices(offset, count, epoch_samples, seed):
    """Samples `offset` .. `offset + count - 1` of the run: each epoch of `epoch_samples` samples
    walks its own permutation of the data (fixed by the seed and the epoch).

    A pure function of the sample offset, so every rank and every batch size agrees on the data.
    """
    positions = torch.arange(offset, offset + count)
    epochs = positions // epoch_samples
    out = torch.empty(count, dtype=torch.long)
    for epoch in torch.unique(epochs).tolist():
        perm = torch.randperm(DATASET_SIZE, generator=torch.Generator().manual_seed(seed * 1000003 + epoch))
        where = epochs == epoch
        out[where] = perm[(positions[where] % epoch_samples) % DATASET_SIZE]
    return out


def setup_distributed():
    """Joins torchrun's process group when there is more than one process."""
    if int(os.environ.get("WORLD_SIZE", "1")) > 1:
        dist.init_process_group("gloo")
        return dist.get_rank(), dist.get_world_size()
    return 0, 1


def main(argv=None):
    args = parse_args(argv)
    rank, world = setup_distributed()
    plan = yarn_dl.batch_plan(args.batch_size, world, rank, args.min_batch_size, args.max_batch_size,
                              args.max_local_batch_size)
    reference = plan.reference
    images, labels = synthetic_dataset(args.seed)

    torch.manual_seed(args.seed)
    model = SmallCnn()
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9)
    step, samples, smoothed, noise_state = 0, 0, None, None
    state = yarn_dl.load_checkpoint()
    if state is not None:
        model.load_state_dict(state["model"])
        optimizer.load_state_dict(state["optimizer"])
        step, smoothed = state["step"], state.get("smoothed_loss")
        samples, noise_state = state.get("samples", step * reference), state.get("noise")
    if rank == 0:
        print(f"{'resumed from' if state else 'starting at'} step {step} at world size {world}: {plan}",
              file=sys.stderr, flush=True)
    ddp = nn.parallel.DistributedDataParallel(model) if world > 1 else model
    noise = yarn_dl.GradientNoiseScale(ddp, plan)
    if noise_state is not None:
        noise.load_state_dict(noise_state)

    def set_lr():
        for group in optimizer.param_groups:
            group["lr"] = args.lr * plan.lr_factor(args.lr_rule, noise.value())

    def checkpoint():
        yarn_dl.save_checkpoint({"model": model.state_dict(), "optimizer": optimizer.state_dict(),
                                 "step": step, "samples": samples, "smoothed_loss": smoothed,
                                 "noise": noise.state_dict()}, step)

    def done():
        if args.total_steps is not None and step >= args.total_steps:
            return True
        if args.epochs is not None and step >= args.epochs * args.steps_per_epoch:
            return True
        return args.target_loss is not None and smoothed is not None and smoothed <= args.target_loss

    set_lr()
    while not done():
        started = time.monotonic()
        batch = batch_indices(samples, plan.global_batch, args.steps_per_epoch * reference, args.seed)
        optimizer.zero_grad()
        loss_sum = torch.zeros(())
        for chunk, last in plan.micro_batches(plan.rank_slice(batch)):
            # Only the last micro-batch's backward pass all-reduces; the others accumulate locally.
            with ddp.no_sync() if world > 1 and not last else contextlib.nullcontext():
                loss = F.cross_entropy(ddp(images[chunk]), labels[chunk])
                (loss * plan.weight(len(chunk))).backward()
            noise.after_backward(len(chunk))
            loss_sum += loss.detach() * len(chunk)
        noise_scale = noise.update()
        if args.lr_rule == "adascale":
            set_lr()
        optimizer.step()
        before = step
        samples += plan.global_batch
        step = plan.reference_steps(samples)

        if world > 1:  # the global batch's loss, identical on every rank, so all stop together
            dist.all_reduce(loss_sum)
        value = loss_sum.item() / plan.global_batch
        smoothed = value if smoothed is None else 0.9 * smoothed + 0.1 * value
        # A bigger model's compute: proportional to the samples a rank takes.
        least = max(args.min_step_seconds,
                    args.step_compute_seconds * plan.global_batch / reference / world)
        if least > 0:
            time.sleep(max(0.0, least - (time.monotonic() - started)))
        yarn_dl.report(step, value, plan.global_batch / (time.monotonic() - started),
                       epoch=step // args.steps_per_epoch, batch_size=plan.global_batch,
                       noise_scale=noise_scale)

        if yarn_dl.resize_coming():
            checkpoint()
            yarn_dl.wait_for_resize()  # the agent stops us; returns only if the resize is called off
        elif args.checkpoint_every and step // args.checkpoint_every > before // args.checkpoint_every:
            checkpoint()

    checkpoint()
    if rank == 0:
        print(f"done at step {step}, smoothed loss {smoothed:.4f}", file=sys.stderr, flush=True)
    if world > 1:
        dist.destroy_process_group()
    return 0


if __name__ == "__main__":
    sys.exit(main())
