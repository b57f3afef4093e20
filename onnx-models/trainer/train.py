"""bin/yarn-dl train: DL2's trainer (Peng et al. 2019, §4-5).

1. Supervised warm-up: the simulator runs a teacher policy (sia by default, the best policy measured
   on heterogeneous clusters; DL2 used DRF) and records, for every round, the teacher's sizes and GPU
   types as DL2 actions, on the training workload's seeds (--sl-seeds) and on Pollux's and Sia's own
   workloads that `papers` does not report on (--sl-also); the network is fitted to them all
   (masked cross-entropy).
2. Reinforcement learning: each iteration exports the network to ONNX, the simulator runs
   rollouts with it through ONNX Runtime (the RM's path), sampling actions, and records every
   decision and each round's reward (the fraction of each job's work done in the round, summed);
   then PyTorch takes a policy-gradient step. The paper uses actor-critic; here the baseline is the
   mean return, at the same round, of the other rollouts of the same workload seed (no critic to
   train, far less variance for the few rollouts a CPU affords), with an entropy bonus that decays.
3. Every --eval-every iterations the greedy policy is evaluated on validation seeds (never the
   test seeds the README reports); the best model so far is kept. At the end the best is exported
   with its card.

Training resumes from <work>/checkpoint.pt with --resume.
"""
import argparse
import json
import os
import shutil
import sys
import time

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dl2net  # noqa: E402
from batches import Batch  # noqa: E402
from simulator import Simulator  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
JOB_TYPES = ["resnet-50", "vgg-16", "resnext-110", "inception-bn", "seq2seq", "cnn-text-classification", "dssm",
             "wlm", "cifar10", "imagenet", "bert"]


def user_arguments(argv):
    """The arguments a user typed: bin/yarn-dl adds --sim-jar (and tests --sim-classpath) itself."""
    out, skip = [], False
    for arg in argv:
        if skip:
            skip = False
        elif arg in ("--sim-jar", "--sim-classpath"):
            skip = True
        elif not arg.startswith(("--sim-jar=", "--sim-classpath=")):
            out.append(arg)
    return out


def seeds(text):
    """'1-4,9' -> [1, 2, 3, 4, 9]"""
    out = []
    for part in text.split(","):
        part = part.strip()
        if "-" in part:
            lo, hi = part.split("-", 1)
            out.extend(range(int(lo), int(hi) + 1))
        elif part:
            out.append(int(part))
    if not out:
        raise argparse.ArgumentTypeError("no seeds in '%s'" % text)
    return out


DEFAULT_SL_ALSO = "pollux:1,7,12,18,20;sia:1-4"


def extra_workloads(text):
    """'pollux:1,7;sia:1-4' -> [("pollux", [1, 7]), ("sia", [1, 2, 3, 4])]; 'none' -> []"""
    if text.strip() in ("", "none"):
        return []
    out = []
    for part in text.split(";"):
        name, _, listed = part.partition(":")
        if name.strip() not in ("pollux", "sia") or not listed:
            raise argparse.ArgumentTypeError("'%s': expected pollux:SEEDS or sia:SEEDS" % part)
        out.append((name.strip(), seeds(listed)))
    return out


def parse(argv):
    p = argparse.ArgumentParser(prog="bin/yarn-dl train", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--work", default=os.path.join(REPO, "onnx-models", "work"), help="folder for checkpoints, batches and the log (default: %(default)s)")
    p.add_argument("--model-out", default=os.path.join(REPO, "onnx-models", "dl2-default.onnx"),
                   help="where the trained model goes; its card is written beside it (default: %(default)s)")
    p.add_argument("--model-id", default="dl2-default", help="id written in the card (default: %(default)s)")
    p.add_argument("--resume", action="store_true", help="continue from <work>/checkpoint.pt")
    p.add_argument("--seed", type=int, default=1, help="seeds the network's initial weights and minibatches (default: %(default)s)")
    g = p.add_argument_group("workload (the simulator's options)")
    g.add_argument("--workload", default="synthetic", choices=["synthetic", "dl2"],
                   help="the generated workload of the warm-up's --sl-seeds, RL and validation (default: %(default)s)")
    g.add_argument("--jobs", type=int, default=40, help="jobs per training workload (default: %(default)s)")
    g.add_argument("--load", type=float, default=1.0, help="offered load (default: %(default)s)")
    g.add_argument("--cluster-nodes", type=int, default=4, help="nodes in the simulated cluster (default: %(default)s)")
    g.add_argument("--gpus-per-node", type=int, default=8, help="(default: %(default)s)")
    g = p.add_argument_group("supervised warm-up")
    g.add_argument("--teacher", default="sia",
                   help="policy to imitate: any but dl2, e.g. sia, pollux, optimus, drf (default: %(default)s, the best "
                        "measured on heterogeneous clusters; it chooses GPU types and, through the goodput model, batches)")
    g.add_argument("--sl-seeds", type=seeds, default=seeds("1-32"), help="--workload seeds of the teacher's runs (default: 1-32)")
    g.add_argument("--sl-also", type=extra_workloads, default=DEFAULT_SL_ALSO,
                   help="more teacher runs, 'NAME:SEEDS;NAME:SEEDS' of the rollouts workloads pollux (its workloads at "
                        "loads 0.5, 1.5, 2.0; seed s = file s-1 of 24) and sia (its newtrace workloads; seed s = file s of "
                        "10), never the files `papers` reports; 'none' for none (default: %(default)s)")
    g.add_argument("--sl-also-keep-fraction", type=float, default=0.1,
                   help="fraction of those runs' decisions kept: their episodes are long (default: %(default)s)")
    g.add_argument("--sl-keep-fraction", type=float, default=0.25,
                   help="fraction of the teacher's decisions kept (a 40-job run makes about 20,000) (default: %(default)s)")
    g.add_argument("--sl-epochs", type=int, default=20, help="passes over the teacher's decisions (default: %(default)s)")
    g = p.add_argument_group("reinforcement learning")
    g.add_argument("--rl-iterations", type=int, default=10, help="policy-gradient iterations (default: %(default)s)")
    g.add_argument("--rl-seeds", type=int, default=4, help="workload seeds per iteration, new ones each time, from 1001 (default: %(default)s)")
    g.add_argument("--rollouts-per-seed", type=int, default=4, help="sampled rollouts per seed (default: %(default)s)")
    g.add_argument("--horizon-rounds", type=int, default=0, help="cut episodes after this many rounds, 0 = run to the end (default: %(default)s)")
    g.add_argument("--keep-fraction", type=float, default=0.5, help="fraction of decisions sent to the gradient step (default: %(default)s)")
    g.add_argument("--gamma", type=float, default=0.95, help="discount per round (default: %(default)s)")
    g.add_argument("--entropy", type=float, default=0.02, help="entropy bonus at the start; decays to a tenth (default: %(default)s)")
    g.add_argument("--minibatches", type=int, default=4, help="gradient steps per RL batch (default: %(default)s)")
    g.add_argument("--lr", type=float, default=1e-3, help="Adam learning rate of the warm-up (default: %(default)s)")
    g.add_argument("--rl-lr", type=float, default=3e-4,
                   help="Adam learning rate of RL, lower so it refines the warm-up rather than undoes it (default: %(default)s)")
    g.add_argument("--temperature", type=float, default=1.0, help="sampling temperature of rollouts (default: %(default)s)")
    g = p.add_argument_group("evaluation")
    g.add_argument("--val-seeds", type=seeds, default=seeds("8001-8004"),
                   help="validation seeds that pick the best model; never the README's test seeds (default: 8001-8004)")
    g.add_argument("--eval-every", type=int, default=5, help="evaluate every this many RL iterations (default: %(default)s)")
    g = p.add_argument_group("how to run the simulator")
    g.add_argument("--sim-jar", help="the simulator's -all.jar (bin/yarn-dl train passes it)")
    g.add_argument("--sim-classpath", help="a classpath instead of a jar (tests)")
    g.add_argument("--threads", type=int, default=2, help="simulator threads (default: %(default)s)")
    g.add_argument("--torch-threads", type=int, default=os.cpu_count() or 1,
                   help="PyTorch threads for the gradient steps (default: this machine's cores, %(default)s)")
    args = p.parse_args(argv)
    if not (args.sim_jar or args.sim_classpath):
        p.error("give --sim-jar or --sim-classpath (bin/yarn-dl train does)")
    if args.teacher == "dl2":
        p.error("--teacher must be another policy than dl2")
    return args


class Trainer:
    def __init__(self, args):
        self.args = args
        os.makedirs(args.work, exist_ok=True)
        workload_args = ["--jobs", str(args.jobs), "--load", repr(args.load), "--cluster-nodes", str(args.cluster_nodes),
                         "--gpus-per-node", str(args.gpus_per_node)]
        self.sim = Simulator(jar=args.sim_jar, classpath=args.sim_classpath, workload=args.workload,
                             workload_args=workload_args)
        torch.set_num_threads(max(1, args.torch_threads))
        torch.manual_seed(args.seed)
        self.net = dl2net.Dl2Net()
        self.opt = torch.optim.Adam(self.net.parameters(), lr=args.lr)
        self.state = {"phase": "sl", "sl_epoch": 0, "rl_iteration": 0, "history": [], "best": None,
                      "seconds": 0.0, "baselines": None}
        self.checkpoint = os.path.join(args.work, "checkpoint.pt")
        self.started = time.time()
        if args.resume:
            if not os.path.exists(self.checkpoint):
                raise SystemExit("train: --resume but %s does not exist" % self.checkpoint)
            saved = torch.load(self.checkpoint)
            self.net.load_state_dict(saved["net"])
            self.opt.load_state_dict(saved["opt"])
            self.state = saved["state"]
            torch.set_rng_state(saved["rng"])
            self.log("resumed at phase %s, SL epoch %d, RL iteration %d" % (
                self.state["phase"], self.state["sl_epoch"], self.state["rl_iteration"]))
        else:
            dl2net.export(self.net, os.path.join(args.work, "initial.onnx"))
            self.card(os.path.join(args.work, "initial.onnx"), "dl2-initial")

    def log(self, line):
        elapsed = self.state["seconds"] + time.time() - self.started
        text = "[%6.0f s] %s" % (elapsed, line)
        print(text, flush=True)
        with open(os.path.join(self.args.work, "train.log"), "a") as f:
            f.write(text + "\n")

    def save(self):
        self.state["seconds"] += time.time() - self.started
        self.started = time.time()
        tmp = self.checkpoint + ".tmp"
        torch.save({"net": self.net.state_dict(), "opt": self.opt.state_dict(), "state": self.state,
                    "rng": torch.get_rng_state()}, tmp)
        os.replace(tmp, self.checkpoint)

    def card(self, onnx, model_id, scores=None):
        a = self.args
        training = {
            "command": "bin/yarn-dl train " + " ".join(user_arguments(sys.argv[1:])),
            "workload": a.workload, "jobs": a.jobs, "load": a.load,
            "cluster": "%d nodes x %d GPUs" % (a.cluster_nodes, a.gpus_per_node),
            "teacher": a.teacher, "slSeeds": "%d-%d" % (min(a.sl_seeds), max(a.sl_seeds)),
            "slAlso": ";".join("%s:%s" % (name, ",".join(str(s) for s in listed)) for name, listed in a.sl_also) or "none",
            "slEpochs": a.sl_epochs,
            "rlIterations": self.state["rl_iteration"], "rlSeedsPerIteration": a.rl_seeds,
            "rolloutsPerSeed": a.rollouts_per_seed, "gamma": a.gamma, "entropy": a.entropy, "lr": a.lr, "rlLr": a.rl_lr,
            "validationSeeds": "%d-%d" % (min(a.val_seeds), max(a.val_seeds)),
            "initSeed": a.seed,
            "seconds": round(self.state["seconds"] + time.time() - self.started),
        }
        dl2net.write_card(onnx, model_id, JOB_TYPES, training, scores or {})

    # --- supervised warm-up -------------------------------------------------------------------------
    def supervised(self):
        a = self.args
        data = os.path.join(a.work, "sl-data")
        if not os.path.exists(os.path.join(data, "batch.json")):
            self.log("SL: recording %s's decisions on %d %s workloads" % (a.teacher, len(a.sl_seeds), a.workload))
            shutil.rmtree(data, ignore_errors=True)
            self.sim.rollouts(data, a.sl_seeds, teacher=a.teacher, keep_fraction=a.sl_keep_fraction, threads=a.threads)
        batches = [Batch(data)]
        for name, listed in a.sl_also:
            folder = os.path.join(a.work, "sl-data-" + name)
            if not os.path.exists(os.path.join(folder, "batch.json")):
                self.log("SL: recording %s's decisions on %d %s workloads" % (a.teacher, len(listed), name))
                shutil.rmtree(folder, ignore_errors=True)
                self.sim.rollouts(folder, listed, teacher=a.teacher, keep_fraction=a.sl_also_keep_fraction,
                                  threads=a.threads, workload=name)
            batches.append(Batch(folder))
        batch = Batch.concat(batches)
        self.log("SL: %d decisions from %d episodes" % (len(batch), len(batch.episodes)))
        generator = torch.Generator().manual_seed(a.seed)
        while self.state["sl_epoch"] < a.sl_epochs:
            order = torch.randperm(len(batch), generator=generator)
            total, correct = 0.0, 0
            for start in range(0, len(batch), 256):
                idx = order[start:start + 256]
                logp = dl2net.masked_log_probs(self.net(batch.states[idx]), batch.valid[idx])
                loss = -logp.gather(1, batch.actions[idx].unsqueeze(1)).mean()
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                total += loss.item() * len(idx)
                correct += int((logp.argmax(dim=1) == batch.actions[idx]).sum())
            self.state["sl_epoch"] += 1
            self.log("SL epoch %d/%d: cross-entropy %.4f, agrees with %s on %.1f%% of decisions" % (
                self.state["sl_epoch"], a.sl_epochs, total / len(batch), a.teacher, 100.0 * correct / len(batch)))
            self.save()
        self.state["phase"] = "rl"
        for group in self.opt.param_groups:
            group["lr"] = a.rl_lr
        self.evaluate("after SL")
        self.save()

    # --- reinforcement learning ---------------------------------------------------------------------
    def reinforce(self):
        a = self.args
        while self.state["rl_iteration"] < a.rl_iterations:
            it = self.state["rl_iteration"]
            model = os.path.join(a.work, "current.onnx")
            dl2net.export(self.net, model)
            self.card(model, "dl2-current")
            folder = os.path.join(a.work, "rl-batch")
            shutil.rmtree(folder, ignore_errors=True)
            workload_seeds = [1001 + it * a.rl_seeds + i for i in range(a.rl_seeds)]
            started = time.time()
            self.sim.rollouts(folder, workload_seeds, model=model, rollouts_per_seed=a.rollouts_per_seed,
                              temperature=a.temperature, horizon=a.horizon_rounds, keep_fraction=a.keep_fraction,
                              threads=a.threads)
            rollout_seconds = time.time() - started
            batch = Batch(folder)
            advantages = batch.advantages(a.gamma)
            beta = a.entropy * (1.0 - 0.9 * it / max(1, a.rl_iterations - 1))
            # A few minibatch steps per batch: slightly off-policy after the first, but far more
            # learning per rollout than one step, which matters when rollouts are the expensive part.
            order = torch.randperm(len(batch))
            size = max(1, (len(batch) + a.minibatches - 1) // a.minibatches)
            entropies = []
            for start in range(0, len(batch), size):
                idx = order[start:start + size]
                logp = dl2net.masked_log_probs(self.net(batch.states[idx]), batch.valid[idx])
                chosen = logp.gather(1, batch.actions[idx].unsqueeze(1)).squeeze(1)
                entropy = -(logp.exp() * logp.masked_fill(~batch.valid[idx], 0.0)).sum(dim=1).mean()
                loss = -(chosen * advantages[idx]).mean() - beta * entropy
                self.opt.zero_grad()
                loss.backward()
                torch.nn.utils.clip_grad_norm_(self.net.parameters(), 1.0)
                self.opt.step()
                entropies.append(entropy.item())
            entropy = sum(entropies) / len(entropies)
            # Undiscounted, every full episode sums to its job count; the discounted return is what moves.
            returns = [sum(r * a.gamma ** t for t, r in enumerate(e["rewards"])) for e in batch.episodes]
            jcts = [e["avgJctSec"] for e in batch.episodes if e.get("avgJctSec")]
            self.state["rl_iteration"] += 1
            self.log("RL %d/%d: %d decisions, discounted return/episode %.3f, sampled avg JCT %.2f h, entropy %.3f, "
                     "rollouts %.0f s" % (it + 1, a.rl_iterations, len(batch), sum(returns) / len(returns),
                                          (sum(jcts) / len(jcts) / 3600) if jcts else float("nan"),
                                          entropy, rollout_seconds))
            if self.state["rl_iteration"] % a.eval_every == 0 or self.state["rl_iteration"] == a.rl_iterations:
                self.evaluate("RL %d" % self.state["rl_iteration"])
            self.save()

    def evaluate(self, label):
        a = self.args
        model = os.path.join(a.work, "candidate.onnx")
        dl2net.export(self.net, model)
        self.card(model, "dl2-candidate")
        if self.state["baselines"] is None:
            self.state["baselines"] = self.sim.evaluate(a.val_seeds, ["optimus", "drf"], threads=a.threads)
        dl2 = self.sim.evaluate(a.val_seeds, ["dl2"], dl2_model=model, threads=a.threads)["dl2"]
        base = self.state["baselines"]
        entry = {"label": label, "dl2": dl2, "optimus": base["optimus"], "drf": base["drf"]}
        self.state["history"].append(entry)
        better = self.state["best"] is None or dl2 < self.state["best"]["dl2"]
        if better:
            self.state["best"] = entry
            shutil.copyfile(model, os.path.join(a.work, "best.onnx"))
            self.card(os.path.join(a.work, "best.onnx"), a.model_id)
        self.log("eval %s on validation seeds: dl2 avg JCT %.2f h, optimus %.2f h (%+.1f%%), drf %.2f h (%+.1f%%)%s" % (
            label, dl2 / 3600, base["optimus"] / 3600, 100 * (dl2 / base["optimus"] - 1), base["drf"] / 3600,
            100 * (dl2 / base["drf"] - 1), "  <- best so far" if better else ""))

    def finish(self):
        a = self.args
        best = self.state["best"]
        out = a.model_out
        os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
        shutil.copyfile(os.path.join(a.work, "best.onnx"), out)
        scores = {"validation": {"seeds": "%d-%d" % (min(a.val_seeds), max(a.val_seeds)), "selectedAt": best["label"],
                                 "avgJctHours": {k: round(best[k] / 3600, 3) for k in ("dl2", "optimus", "drf")}},
                  "history": [{"at": h["label"], "dl2Hours": round(h["dl2"] / 3600, 3)} for h in self.state["history"]]}
        self.card(out, a.model_id, scores)
        self.log("wrote %s (selected at %s) and its card" % (out, best["label"]))


def main(argv):
    args = parse(argv)
    trainer = Trainer(args)
    if trainer.state["phase"] == "sl":
        trainer.supervised()
    trainer.reinforce()
    trainer.finish()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
