#!/usr/bin/env python3
"""An elastic parameter-server job on PyTorch RPC: servers hold the weights, workers compute gradients.

Processes with YARN_DL_ROLE=server (RANK 0..S-1) each hold a shard of a small MLP's parameter
tensors (tensor k lives on server k mod S) and apply the SGD updates workers push, under a lock
(asynchronous SGD). Processes with YARN_DL_ROLE=worker fetch all parameters, compute gradients on
their part of a synthetic dataset and push them back. Server 0 also counts global steps.

The first worker speaks for the job: it reports progress, and on a resize (or every
--checkpoint-every steps) pulls all parameters and saves them with yarn_dl.save_checkpoint. Servers
start from the last checkpoint when there is one. Everyone rendezvouses through yarn_dl.init_rpc
(the AM's TCPStore), and rpc.shutdown() keeps the servers up until every worker is done.

Without YARN, `--launch-local SERVERS WORKERS` starts a TCPStore and the processes itself:
    python3 examples/ps_rpc.py --launch-local 1 2 --total-steps 200
"""

import argparse
import os
import subprocess
import sys
import threading
import time

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.distributed import rpc

try:
    import yarn_dl
except ImportError:  # run from a source checkout without PYTHONPATH
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "am-elastic",
                                    "src", "main", "python"))
    import yarn_dl

CLASSES = 10
FEATURES = 64
DATASET_SIZE = 8192


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--batch-size", type=int, default=32, help="batch size of each worker (default: %(default)s)")
    p.add_argument("--lr", type=float, default=0.05, help="SGD learning rate on the servers (default: %(default)s)")
    p.add_argument("--steps-per-epoch", type=int, default=100, help="global steps per epoch (default: %(default)s)")
    p.add_argument("--epochs", type=int, default=yarn_dl.epochs(),
                   help="stop after this many epochs (default: $YARN_DL_EPOCHS, or 3 when no "
                        "other goal is given)")
    p.add_argument("--total-steps", type=int, default=yarn_dl.total_steps(),
                   help="stop after this many global steps (default: $YARN_DL_TOTAL_STEPS, unset)")
    p.add_argument("--target-loss", type=float, default=yarn_dl.target_loss(),
                   help="stop when the first worker's smoothed loss is at most this "
                        "(default: $YARN_DL_TARGET_LOSS, unset)")
    p.add_argument("--checkpoint-every", type=int, default=100,
                   help="the first worker checkpoints every N global steps, 0 for never (default: %(default)s)")
    p.add_argument("--min-step-seconds", type=float, default=0.0,
                   help="make each worker step last at least this long; stands in for a bigger model "
                        "so tests can watch a resize (default: %(default)s)")
    p.add_argument("--seed", type=int, default=0, help="seed of the data and the initial weights")
    p.add_argument("--launch-local", nargs=2, type=int, metavar=("SERVERS", "WORKERS"),
                   help="outside YARN: start a TCPStore and SERVERS + WORKERS processes of this script")
    args = p.parse_args(argv)
    if args.epochs is None and args.total_steps is None and args.target_loss is None:
        args.epochs = 3
    return args


class Mlp(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = nn.Linear(FEATURES, 64)
        self.out = nn.Linear(64, CLASSES)

    def forward(self, x):
        return self.out(F.relu(self.hidden(x)))


def synthetic_dataset(seed):
    """Class c is a fixed random vector (from the seed) plus Gaussian noise."""
    g = torch.Generator().manual_seed(seed)
    centres = torch.randn(CLASSES, FEATURES, generator=g)
    labels = torch.randint(0, CLASSES, (DATASET_SIZE,), generator=g)
    return 0.5 * centres[labels] + torch.randn(DATASET_SIZE, FEATURES, generator=g), labels


def layout(num_servers):
    """{parameter name: server index}: tensors dealt round-robin to the servers."""
    names = [name for name, _ in Mlp().named_parameters()]
    return {name: k % num_servers for k, name in enumerate(names)}


# --- the server side: state and the functions workers call over RPC ----------------------------
class Shard:
    """This server's parameter tensors, updated under a lock; server 0 also counts global steps."""

    def __init__(self, tensors, lr, step):
        self.tensors = tensors
        self.lr = lr
        self.step = step
        self.stop = False
        self.lock = threading.Lock()


_shard = None


def get_parameters():
    with _shard.lock:
        return {name: t.clone() for name, t in _shard.tensors.items()}


def push_gradients(grads):
    with _shard.lock:
        for name, grad in grads.items():
            _shard.tensors[name].sub_(grad, alpha=_shard.lr)


def count_step(goal_met):
    """Server 0: one more global step; returns (step, whether some worker met the loss goal)."""
    with _shard.lock:
        _shard.step += 1
        _shard.stop = _shard.stop or goal_met
        return _shard.step, _shard.stop


def server_name(i):
    return f"server{i}"


def serve(args, index, num_servers):
    global _shard
    torch.manual_seed(args.seed)
    initial = dict(Mlp().named_parameters())
    step = 0
    state = yarn_dl.load_checkpoint()
    if state is not None:
        initial, step = state["params"], state["step"]
        print(f"server{index}: resumed from step {step}", file=sys.stderr, flush=True)
    mine = [name for name, server in layout(num_servers).items() if server == index]
    _shard = Shard({name: initial[name].detach().clone() for name in mine}, args.lr, step)
    yarn_dl.init_rpc(server_name(index))  # the shard exists before any worker can call us
    rpc.shutdown()  # a barrier: returns when every worker has called shutdown too


# --- the worker side ----------------------------------------------------------------------------
def work(args, index, num_workers, num_servers):
    chief = index == 0
    yarn_dl.init_rpc(f"worker{index}")
    places = layout(num_servers)
    features, labels = synthetic_dataset(args.seed)
    own = torch.arange(index, DATASET_SIZE, num_workers)  # this worker's part of the data
    sampler = torch.Generator().manual_seed(args.seed * 7919 + index + 1000 * yarn_dl.generation())
    model = Mlp()
    params = dict(model.named_parameters())
    limits = [args.total_steps] if args.total_steps is not None else []
    if args.epochs is not None:
        limits.append(args.epochs * args.steps_per_epoch)
    max_steps = min(limits) if limits else float("inf")

    def pull():
        futures = [rpc.rpc_async(server_name(s), get_parameters) for s in range(num_servers)]
        merged = {}
        for future in futures:
            merged.update(future.wait())
        return merged

    def checkpoint(step):
        yarn_dl.save_checkpoint({"params": pull(), "step": step}, step)

    step, smoothed, last_checkpoint = 0, None, None
    while True:
        started = time.monotonic()
        with torch.no_grad():
            for name, value in pull().items():
                params[name].copy_(value)
        batch = own[torch.randint(0, len(own), (args.batch_size,), generator=sampler)]
        loss = F.cross_entropy(model(features[batch]), labels[batch])
        model.zero_grad()
        loss.backward()
        pushes = [rpc.rpc_async(server_name(s), push_gradients,
                                args=({n: params[n].grad for n, srv in places.items() if srv == s},))
                  for s in range(num_servers)]
        for future in pushes:
            future.wait()
        value = loss.item()
        smoothed = value if smoothed is None else 0.9 * smoothed + 0.1 * value
        goal_met = args.target_loss is not None and smoothed <= args.target_loss
        step, stop = rpc.rpc_sync(server_name(0), count_step, args=(chief and goal_met,))
        if last_checkpoint is None:
            last_checkpoint = step
        if args.min_step_seconds > 0:
            time.sleep(max(0.0, args.min_step_seconds - (time.monotonic() - started)))
        if chief:
            yarn_dl.report(step, value, args.batch_size * num_workers / (time.monotonic() - started),
                           epoch=step // args.steps_per_epoch)
        if yarn_dl.resize_coming():
            if chief:
                checkpoint(step)
            yarn_dl.wait_for_resize()  # the agent stops us; returns only if the resize is called off
        elif chief and args.checkpoint_every and step - last_checkpoint >= args.checkpoint_every:
            checkpoint(step)
            last_checkpoint = step
        if stop or step >= max_steps:
            break
    if chief:
        checkpoint(step)
        print(f"worker0: done at step {step}, smoothed loss {smoothed:.4f}", file=sys.stderr, flush=True)
    rpc.shutdown()


def launch_local(args, argv):
    """Stands in for the AM: hosts the TCPStore and starts the processes with the AM's variables."""
    import torch.distributed as dist
    servers, workers = args.launch_local
    store = dist.TCPStore("127.0.0.1", 0, is_master=True, wait_for_workers=False)
    child_argv = [a for a in argv]
    i = child_argv.index("--launch-local")
    del child_argv[i:i + 3]
    base = dict(os.environ, YARN_DL_STORE=f"127.0.0.1:{store.port}", WORLD_SIZE=str(servers + workers),
                YARN_DL_NUM_SERVERS=str(servers), YARN_DL_NUM_WORKERS=str(workers),
                YARN_DL_GENERATION=os.environ.get("YARN_DL_GENERATION", "1"))
    base.setdefault("PYTHONPATH", os.pathsep.join(p for p in sys.path if p))
    processes = []
    for rank in range(servers + workers):
        role, role_rank = ("server", rank) if rank < servers else ("worker", rank - servers)
        env = dict(base, RANK=str(rank), YARN_DL_ROLE=role, YARN_DL_ROLE_RANK=str(role_rank))
        processes.append(subprocess.Popen([sys.executable, os.path.abspath(__file__)] + child_argv, env=env))
    codes = [p.wait() for p in processes]
    del store
    return max(codes)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    args = parse_args(argv)
    if args.launch_local:
        return launch_local(args, argv)
    role = os.environ.get("YARN_DL_ROLE")
    num_servers = int(os.environ.get("YARN_DL_NUM_SERVERS", "1"))
    num_workers = int(os.environ.get("YARN_DL_NUM_WORKERS", "1"))
    index = int(os.environ.get("YARN_DL_ROLE_RANK", "0"))
    if role == "server":
        serve(args, index, num_servers)
    elif role == "worker":
        work(args, index, num_workers, num_servers)
    else:
        raise SystemExit("YARN_DL_ROLE must be server or worker (the AM sets it); "
                         "outside YARN use --launch-local SERVERS WORKERS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
