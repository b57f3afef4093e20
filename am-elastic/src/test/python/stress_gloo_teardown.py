"""Counts how often rank 1's ending of examples/ddp_cnn.py hangs in PyTorch's gloo teardown.

Not a unit test (it is probabilistic, and slow): the measurement behind the README's figures for
the yarn_dl._last_agreed fix. Each run starts two local ranks that do what rank 1 of ddp_cnn.py
does at its end: DDP steps, yarn_dl's flag broadcast (resize_coming), destroy_process_group, return
from main. A run that does not end within --timeout seconds is counted as hung and killed.

    /usr/bin/python3 am-elastic/src/test/python/stress_gloo_teardown.py --runs 40 \\
        --helper am-elastic/src/main/python

Load the machine meanwhile (e.g. two `yes > /dev/null`): the race needs gloo's worker thread to
be descheduled for a moment. Pass --helper a copy of an older yarn_dl to compare.
"""

import argparse
import os
import socket
import subprocess
import sys


def rank_main(helper):
    sys.path.insert(0, helper)
    import torch
    import torch.distributed as dist
    import torch.nn as nn
    import yarn_dl

    dist.init_process_group("gloo")
    ddp = nn.parallel.DistributedDataParallel(nn.Linear(8, 2))
    for _ in range(3):
        ddp(torch.randn(4, 8)).sum().backward()
        loss = torch.tensor([1.0])
        dist.all_reduce(loss)
        yarn_dl._agree(0, dist)
    dist.destroy_process_group()
    return 0


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def one_run(helper, timeout):
    env = dict(os.environ, MASTER_ADDR="127.0.0.1", MASTER_PORT=str(free_port()), WORLD_SIZE="2")
    ranks = [subprocess.Popen([sys.executable, __file__, "--rank", str(r), "--helper", helper],
                              env=dict(env, RANK=str(r))) for r in (0, 1)]
    hung = False
    for process in ranks:
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            hung = True
            process.kill()
            process.wait()
    return hung


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=20, help="two-rank runs (default: %(default)s)")
    p.add_argument("--helper", required=True, help="folder holding the yarn_dl package to test")
    p.add_argument("--timeout", type=float, default=20, help="seconds before a run counts as hung")
    p.add_argument("--rank", type=int, help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.rank is not None:
        return rank_main(os.path.abspath(args.helper))
    hung = sum(one_run(os.path.abspath(args.helper), args.timeout) for _ in range(args.runs))
    print(f"hung {hung} of {args.runs}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
