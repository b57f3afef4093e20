"""bin/yarn-dl train-marl: trains the marl placement's network (Zhao, Wu et al., TNSM'22) in the simulator.

1. Supervised warm-up: the simulator plays marl with interference-aware's trade-off as its scorer
   (`marl-rollouts --teacher`) and records every decision's candidate rows with interference-aware's
   exact choice; the network is fitted to it (cross-entropy of the softmax over each decision's rows).
2. Reinforcement learning: each iteration exports the network to ONNX; the simulator plays it through
   ONNX Runtime (the scheduler's path), sampling each decision from the softmax of its scores, and
   records the decisions and each round's JCT-based reward (minus the jobs in the system times the
   round's length, so an episode's return is minus its avg JCT in hours); PyTorch takes REINFORCE
   steps, the baseline being the mean return at the same round of the other rollouts of the same
   window, with an entropy bonus.
3. The warm-up and every --eval-every iterations are evaluated greedily on validation windows; the
   best is kept. It is then scored on held-out test windows (never trained or selected on) beside
   packing, interference-aware and marl with the untrained FitnessScorer, and written with its card.
"""
import argparse
import json
import os
import shutil
import sys
import time

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import marlnet  # noqa: E402
from marl_batches import MarlBatch, segment_log_softmax  # noqa: E402
from simulator import Simulator  # noqa: E402
from train import seeds, user_arguments  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def windows_text(values):
    return ",".join(str(v) for v in values)


def parse(argv):
    p = argparse.ArgumentParser(prog="bin/yarn-dl train-marl", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--work", default=os.path.join(REPO, "onnx-models", "work-marl"),
                   help="folder for batches, models and the log (default: %(default)s)")
    p.add_argument("--model-out", default=os.path.join(REPO, "onnx-models", "marl-default.onnx"),
                   help="where the trained model goes; its card is written beside it (default: %(default)s)")
    p.add_argument("--model-id", default="marl-default", help="id written in the card (default: %(default)s)")
    p.add_argument("--seed", type=int, default=1, help="seeds the initial weights and minibatches (default: %(default)s)")
    g = p.add_argument_group("episodes (marl-rollouts' options)")
    g.add_argument("--policy", default="optimus", help="allocation policy that sizes the jobs (default: %(default)s)")
    g.add_argument("--jobs", type=int, default=1000, help="jobs per trace window (default: %(default)s)")
    g.add_argument("--cluster-spec", default="rtx:64x8", help="training cluster (default: %(default)s)")
    g.add_argument("--nodes-per-rack", type=int, default=16, help="(default: %(default)s)")
    g = p.add_argument_group("supervised warm-up")
    g.add_argument("--sl-windows", type=seeds, default=seeds("1-8"), help="trace windows of the teacher (default: 1-8)")
    g.add_argument("--sl-epochs", type=int, default=10, help="passes over the teacher's decisions (default: %(default)s)")
    g.add_argument("--lr", type=float, default=3e-3, help="Adam learning rate of the warm-up (default: %(default)s)")
    g = p.add_argument_group("reinforcement learning")
    g.add_argument("--rl-iterations", type=int, default=6, help="REINFORCE iterations (default: %(default)s)")
    g.add_argument("--rl-windows", type=int, default=2,
                   help="trace windows per iteration, new ones each time from window 10 (default: %(default)s)")
    g.add_argument("--rollouts-per-window", type=int, default=3, help="sampled rollouts per window (default: %(default)s)")
    g.add_argument("--temperature", type=float, default=0.5, help="sampling temperature of rollouts (default: %(default)s)")
    g.add_argument("--gamma", type=float, default=0.995, help="discount per round (default: %(default)s)")
    g.add_argument("--entropy", type=float, default=0.01, help="entropy bonus (default: %(default)s)")
    g.add_argument("--rl-lr", type=float, default=3e-4, help="Adam learning rate of RL (default: %(default)s)")
    g.add_argument("--minibatches", type=int, default=4, help="gradient steps per RL batch (default: %(default)s)")
    g = p.add_argument_group("evaluation")
    g.add_argument("--val-windows", type=seeds, default=seeds("40-41"),
                   help="windows that pick the best model (default: 40-41)")
    g.add_argument("--test-windows", type=seeds, default=seeds("60-63"),
                   help="held-out windows the card reports (default: 60-63)")
    g.add_argument("--score-policies", default="optimus,drf",
                   help="allocation policies the card's test scores are measured under (default: %(default)s)")
    g.add_argument("--eval-every", type=int, default=2, help="evaluate every this many RL iterations (default: %(default)s)")
    g = p.add_argument_group("how to run the simulator")
    g.add_argument("--sim-jar", help="the simulator's -all.jar (bin/yarn-dl train-marl passes it)")
    g.add_argument("--sim-classpath", help="a classpath instead of a jar (tests)")
    g.add_argument("--threads", type=int, default=2, help="simulator threads (default: %(default)s)")
    g.add_argument("--torch-threads", type=int, default=os.cpu_count() or 1, help="(default: %(default)s)")
    args = p.parse_args(argv)
    if not (args.sim_jar or args.sim_classpath):
        p.error("give --sim-jar or --sim-classpath (bin/yarn-dl train-marl does)")
    return args


def warmup_step(net, opt, batch, idx):
    """One supervised step on decisions idx: cross-entropy of each decision's softmax against its teacher row.
    Returns the loss and how many decisions the network ranks as the teacher does."""
    rows, segment, starts = batch.subset_rows(idx)
    logp = segment_log_softmax(net(rows), segment, len(idx))
    target = starts + torch.from_numpy(batch.teacher[idx])
    loss = -logp[target].mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    best = torch.full((len(idx),), -1e30).scatter_reduce(0, segment, logp.detach(), reduce="amax")
    agrees = int((logp.detach()[target] >= best).sum())
    return loss.item(), agrees


class MarlTrainer:
    def __init__(self, args):
        self.args = args
        os.makedirs(args.work, exist_ok=True)
        self.sim = Simulator(jar=args.sim_jar, classpath=args.sim_classpath)
        self.episode_args = ["--policy", args.policy, "--jobs", str(args.jobs), "--cluster-spec", args.cluster_spec,
                             "--nodes-per-rack", str(args.nodes_per_rack), "--threads", str(args.threads)]
        torch.set_num_threads(max(1, args.torch_threads))
        torch.manual_seed(args.seed)
        self.net = marlnet.MarlNet()
        self.opt = torch.optim.Adam(self.net.parameters(), lr=args.lr)
        self.history, self.best, self.iterations = [], None, 0
        self.started = time.time()

    def log(self, line):
        text = "[%6.0f s] %s" % (time.time() - self.started, line)
        print(text, flush=True)
        with open(os.path.join(self.args.work, "train.log"), "a") as f:
            f.write(text + "\n")

    def rollouts(self, out, windows, extra):
        shutil.rmtree(out, ignore_errors=True)
        self.sim.run(["marl-rollouts", "--out", out, "--windows", windows_text(windows)] + extra + self.episode_args)
        return MarlBatch(out)

    def evaluate_model(self, model, windows, policy=None):
        """{placement: mean avg JCT in seconds} of the model's greedy choices and the other placements."""
        args = ["marl-rollouts", "--evaluate", "--json", "--model", model, "--windows", windows_text(windows)]
        args += self.episode_args
        if policy:
            args[args.index("--policy") + 1] = policy
        return json.loads(self.sim.run(args))["meanAvgJctSec"]

    def supervised(self):
        a = self.args
        batch = self.rollouts(os.path.join(a.work, "sl-data"), a.sl_windows, ["--teacher"])
        self.log("SL: %d decisions (%d rows) from %d windows" % (len(batch), len(batch.rows), len(batch.episodes)))
        generator = torch.Generator().manual_seed(a.seed)
        for epoch in range(a.sl_epochs):
            order = torch.randperm(len(batch), generator=generator).numpy()
            total, agrees = 0.0, 0
            for start in range(0, len(batch), 256):
                idx = order[start:start + 256]
                loss, agree = warmup_step(self.net, self.opt, batch, idx)
                total += loss * len(idx)
                agrees += agree
            self.log("SL epoch %d/%d: cross-entropy %.4f, ranks interference-aware's choice first in %.1f%%" % (
                epoch + 1, a.sl_epochs, total / len(batch), 100.0 * agrees / len(batch)))
        for group in self.opt.param_groups:
            group["lr"] = a.rl_lr
        self.evaluate("after SL")

    def reinforce(self):
        a = self.args
        for it in range(a.rl_iterations):
            model = os.path.join(a.work, "current.onnx")
            marlnet.export(self.net, model)
            windows = [10 + it * a.rl_windows + i for i in range(a.rl_windows)]
            started = time.time()
            batch = self.rollouts(os.path.join(a.work, "rl-batch"), windows,
                                  ["--model", model, "--temperature", repr(a.temperature),
                                   "--rollouts-per-window", str(a.rollouts_per_window)])
            seconds = time.time() - started
            adv = batch.advantages(a.gamma)
            order = np.random.RandomState(a.seed + it).permutation(len(batch))
            size = max(1, (len(batch) + a.minibatches - 1) // a.minibatches)
            entropies = []
            for start in range(0, len(batch), size):
                idx = order[start:start + size]
                rows, segment, starts = batch.subset_rows(idx)
                logp = segment_log_softmax(self.net(rows) / a.temperature, segment, len(idx))
                chosen = logp[starts + torch.from_numpy(batch.chosen[idx])]
                entropy = -torch.zeros(len(idx)).index_add(0, segment, logp.exp() * logp).mean()
                loss = -(chosen * adv[torch.from_numpy(idx)]).mean() - a.entropy * entropy
                self.opt.zero_grad()
                loss.backward()
                torch.nn.utils.clip_grad_norm_(self.net.parameters(), 1.0)
                self.opt.step()
                entropies.append(entropy.item())
            self.iterations = it + 1
            jcts = [e["avgJctSec"] for e in batch.episodes if e.get("avgJctSec")]
            self.log("RL %d/%d: windows %s, %d decisions, sampled avg JCT %.3f h, entropy %.3f, rollouts %.0f s" % (
                it + 1, a.rl_iterations, windows_text(windows), len(batch), np.mean(jcts) / 3600,
                np.mean(entropies), seconds))
            if self.iterations % a.eval_every == 0 or self.iterations == a.rl_iterations:
                self.evaluate("RL %d" % self.iterations)

    def evaluate(self, label):
        a = self.args
        model = os.path.join(a.work, "candidate.onnx")
        marlnet.export(self.net, model)
        figures = self.evaluate_model(model, a.val_windows)
        self.history.append({"at": label, "marlHours": round(figures["marl"] / 3600, 4)})
        better = self.best is None or figures["marl"] < self.best["marl"]
        if better:
            self.best = dict(figures, label=label)
            shutil.copyfile(model, os.path.join(a.work, "best.onnx"))
        self.log("eval %s on validation windows %s: marl %.3f h, fitness %.3f h, packing %.3f h, "
                 "interference-aware %.3f h%s" % (label, windows_text(a.val_windows), figures["marl"] / 3600,
                                                  figures["fitness"] / 3600, figures["packing"] / 3600,
                                                  figures["interference-aware"] / 3600,
                                                  "  <- best so far" if better else ""))

    def finish(self):
        a = self.args
        out = a.model_out
        os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
        shutil.copyfile(os.path.join(a.work, "best.onnx"), out)
        test = {}
        for policy in a.score_policies.split(","):
            figures = self.evaluate_model(out, a.test_windows, policy)
            test[policy] = {k: round(v / 3600, 4) for k, v in figures.items()}
            self.log("test windows %s, %s: %s" % (windows_text(a.test_windows), policy, ", ".join(
                "%s %.3f h" % (k, v) for k, v in test[policy].items())))
        scores = {"unit": "mean over windows of avg JCT, hours",
                  "test": {"windows": windows_text(a.test_windows), "jobsPerWindow": a.jobs,
                           "cluster": a.cluster_spec, "nodesPerRack": a.nodes_per_rack, "avgJctHours": test},
                  "validation": {"windows": windows_text(a.val_windows), "policy": a.policy,
                                 "selectedAt": self.best["label"]},
                  "history": self.history}
        training = {"command": "bin/yarn-dl train-marl " + " ".join(user_arguments(sys.argv[1:])),
                    "trace": "philly, --philly-mix sia", "policy": a.policy, "jobsPerWindow": a.jobs,
                    "cluster": a.cluster_spec, "nodesPerRack": a.nodes_per_rack,
                    "groundTruth": "placement (exact layouts, cross-rack factor 2, server interference 0.5)",
                    "slWindows": windows_text(a.sl_windows), "slEpochs": a.sl_epochs,
                    "rlIterations": self.iterations, "rlWindowsPerIteration": a.rl_windows,
                    "rolloutsPerWindow": a.rollouts_per_window, "temperature": a.temperature, "gamma": a.gamma,
                    "entropy": a.entropy, "lr": a.lr, "rlLr": a.rl_lr, "initSeed": a.seed,
                    "seconds": round(time.time() - self.started)}
        marlnet.write_card(out, a.model_id, training, scores)
        self.log("wrote %s (selected at %s) and its card" % (out, self.best["label"]))


def main(argv):
    trainer = MarlTrainer(parse(argv))
    trainer.supervised()
    trainer.reinforce()
    trainer.finish()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
