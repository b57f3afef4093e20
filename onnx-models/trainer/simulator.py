"""Runs the Java simulator's `rollouts` and `evaluate` commands: rollouts go through the very ONNX
Runtime path the ResourceManager uses."""
import json
import subprocess


class Simulator:
    def __init__(self, jar=None, classpath=None, java="java", workload="synthetic", workload_args=()):
        if bool(jar) == bool(classpath):
            raise ValueError("give the simulator as exactly one of a jar or a classpath")
        base = [java, "-Djava.awt.headless=true", "-Xmx4g"]
        self.command = base + (["-jar", jar] if jar else ["-cp", classpath, "io.yarndl.sim.cli.SimulatorCli"])
        self.workload = workload
        self.workload_args = list(workload_args)

    def rollouts(self, out, seeds, model=None, teacher=None, rollouts_per_seed=1, temperature=1.0,
                 horizon=0, keep_fraction=1.0, threads=1, workload=None):
        args = ["rollouts", "--out", out, "--seeds", ",".join(str(s) for s in seeds),
                "--rollouts-per-seed", str(rollouts_per_seed), "--horizon-rounds", str(horizon),
                "--keep-fraction", repr(keep_fraction), "--threads", str(threads)]
        # A teacher's actions are not sampled, so the simulator refuses a temperature for it.
        args += ["--model", model, "--temperature", repr(temperature)] if model else ["--teacher", teacher]
        args += ["--workload", workload or self.workload]
        self._run(args + self.workload_args, quiet=True)

    def evaluate(self, seeds, policies, dl2_model=None, threads=1):
        """{policy: mean avg JCT in seconds over the seeds} on the training workload."""
        args = ["evaluate", "--json", "--seeds", ",".join(str(s) for s in seeds), "--policies", ",".join(policies),
                "--workloads", self.workload, "--threads", str(threads)]
        if dl2_model:
            args += ["--dl2-model", dl2_model]
        result = json.loads(self._run(args + self.workload_args, quiet=True))[self.workload]
        return {policy: figures["meanAvgJctSec"] for policy, figures in result.items()}

    def run(self, args):
        """Runs any simulator command; returns its stdout (the marl trainer's commands)."""
        return self._run(args, quiet=True)

    def _run(self, args, quiet):
        done = subprocess.run(self.command + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if done.returncode != 0:
            raise RuntimeError("simulator %s failed (exit %d):\n%s" % (args[0], done.returncode, done.stderr[-4000:]))
        return done.stdout
