#!/usr/bin/env python3
"""An elastic data-parallel job: a small CNN trained with DistributedDataParallel (gloo) on CPU.

It shows the yarn_dl contract for all-reduce jobs: resume from the last checkpoint, report every
step, checkpoint and wait when the AM announces a resize, stop at the goal. The data is synthetic
and made in memory (16x16 images whose class is a fixed pattern under noise), so it needs no
download and its loss falls within a few hundred steps.

The global batch stays the same at any world size (each rank takes global // world_size samples of
the same global batch), so a resize changes the speed, not the optimisation; `step` counts global
steps and continues from the checkpoint.

Runs under YARN (the AM starts it through torchrun), under plain torchrun, or as one process:
    python3 -m torch.distributed.run --standalone --nproc_per_node 2 examples/ddp_cnn.py --epochs 2
"""

import argparse
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
                   help="global batch size, split evenly across ranks (default: %(default)s)")
    p.add_argument("--lr", type=float, default=0.05, help="SGD learning rate (default: %(default)s)")
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
                   help="make each step last at least this long divided by the world size: a bigger "
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


def global_batch_indices(step, batch_size, steps_per_epoch, seed):
    """The samples of global step `step` (0-based): a slice of the epoch's permutation.

    A pure function of the step, so every rank and every world size agrees on the global batch.
    """
    epoch, within = divmod(step, steps_per_epoch)
    perm = torch.randperm(DATASET_SIZE, generator=torch.Generator().manual_seed(seed * 1000003 + epoch))
    start = within * batch_size
    return perm[torch.arange(start, start + batch_size) % DATASET_SIZE]


def setup_distributed():
    """Joins torchrun's process group when there is more than one process."""
    if int(os.environ.get("WORLD_SIZE", "1")) > 1:
        dist.init_process_group("gloo")
        return dist.get_rank(), dist.get_world_size()
    return 0, 1


def main(argv=None):
    args = parse_args(argv)
    rank, world = setup_distributed()
    if args.batch_size % world:
        raise SystemExit(f"--batch-size {args.batch_size} must be divisible by the world size {world}")
    per_rank = args.batch_size // world
    images, labels = synthetic_dataset(args.seed)

    torch.manual_seed(args.seed)
    model = SmallCnn()
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9)
    step, smoothed = 0, None
    state = yarn_dl.load_checkpoint()
    if state is not None:
        model.load_state_dict(state["model"])
        optimizer.load_state_dict(state["optimizer"])
        step, smoothed = state["step"], state.get("smoothed_loss")
        if rank == 0:
            print(f"resumed from step {step} at world size {world}", file=sys.stderr, flush=True)
    ddp = nn.parallel.DistributedDataParallel(model) if world > 1 else model

    def checkpoint():
        yarn_dl.save_checkpoint({"model": model.state_dict(), "optimizer": optimizer.state_dict(),
                                 "step": step, "smoothed_loss": smoothed}, step)

    def done():
        if args.total_steps is not None and step >= args.total_steps:
            return True
        if args.epochs is not None and step >= args.epochs * args.steps_per_epoch:
            return True
        return args.target_loss is not None and smoothed is not None and smoothed <= args.target_loss

    while not done():
        started = time.monotonic()
        batch = global_batch_indices(step, args.batch_size, args.steps_per_epoch, args.seed)
        mine = batch[rank * per_rank:(rank + 1) * per_rank]
        loss = F.cross_entropy(ddp(images[mine]), labels[mine])
        optimizer.zero_grad()
        loss.backward()  # DDP averages the gradients: the same update as one process on the global batch
        optimizer.step()
        step += 1

        global_loss = loss.detach().clone()
        if world > 1:  # the global batch's loss, identical on every rank, so all stop together
            dist.all_reduce(global_loss)
            global_loss /= world
        value = global_loss.item()
        smoothed = value if smoothed is None else 0.9 * smoothed + 0.1 * value
        least = max(args.min_step_seconds, args.step_compute_seconds / world)
        if least > 0:
            time.sleep(max(0.0, least - (time.monotonic() - started)))
        yarn_dl.report(step, value, args.batch_size / (time.monotonic() - started),
                       epoch=step // args.steps_per_epoch)

        if yarn_dl.resize_coming():
            checkpoint()
            yarn_dl.wait_for_resize()  # the agent stops us; returns only if the resize is called off
        elif args.checkpoint_every and step % args.checkpoint_every == 0:
            checkpoint()

    checkpoint()
    if rank == 0:
        print(f"done at step {step}, smoothed loss {smoothed:.4f}", file=sys.stderr, flush=True)
    if world > 1:
        dist.destroy_process_group()
    return 0


if __name__ == "__main__":
    sys.exit(main())
