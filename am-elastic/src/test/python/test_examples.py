"""Real PyTorch runs of the examples against a fake AM: the elastic contract end to end.

- examples/ddp_cnn.py with 2 processes under torchrun: when the AM announces a resize it saves a
  checkpoint, tells the AM and waits; the next generation (1 process) resumes from that step.
- examples/ps_rpc.py with 1 server and 2 workers rendezvousing through yarn_dl.init_rpc: it
  trains to its goal, reports from the first worker only, checkpoints and exits 0.
"""

import os
import signal
import socket
import subprocess
import sys
import tempfile
import unittest
import uuid

import fakes

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.abspath(os.path.join(HERE, "..", "..", "main", "python"))
EXAMPLES = os.path.abspath(os.path.join(HERE, "..", "..", "..", "..", "examples"))


def mean(xs):
    return sum(xs) / len(xs)


class ExamplesTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        fakes.require_torch()

    def setUp(self):
        self.am = fakes.FakeAm(generation=1)
        self.addCleanup(self.am.stop)
        self.dir = tempfile.mkdtemp(prefix="examples-")
        self.checkpoints = "file://" + os.path.join(self.dir, "checkpoints")

    def env(self, generation, **extra):
        env = dict(os.environ, PYTHONPATH=SRC, YARN_DL_AM_URL=self.am.url, YARN_DL_GENERATION=str(generation),
                   YARN_DL_CHECKPOINT_DIR=self.checkpoints, OMP_NUM_THREADS="1")
        for key in ("RANK", "WORLD_SIZE", "LOCAL_RANK", "YARN_DL_ROLE", "YARN_DL_TOTAL_STEPS",
                    "YARN_DL_TARGET_LOSS", "YARN_DL_EPOCHS", "MASTER_ADDR", "MASTER_PORT"):
            env.pop(key, None)
        env.update(extra)
        return env

    def torchrun(self, processes):
        """torchrun on one node, its rendezvous on a free port: --standalone always takes 29400, which
        another test's torchrun on this machine may hold."""
        with socket.socket() as probe:
            probe.bind(("localhost", 0))
            port = probe.getsockname()[1]
        return [sys.executable, "-m", "torch.distributed.run", "--nnodes", "1", "--rdzv_backend", "c10d",
                "--rdzv_endpoint", "localhost:%d" % port, "--rdzv_id", uuid.uuid4().hex,
                "--nproc_per_node", str(processes), "--redirects", "2", "--tee", "1", "--monitor_interval", "1",
                "--log_dir", os.path.join(self.dir, "torchrun")]

    def start(self, argv, env, name):
        log = open(os.path.join(self.dir, name + ".log"), "wb")
        self.addCleanup(log.close)
        process = subprocess.Popen(argv, env=env, stdout=log, stderr=subprocess.STDOUT,
                                   start_new_session=True)
        self.addCleanup(self._kill_group, process)
        return process

    @staticmethod
    def _kill_group(process):
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()

    def log_of(self, name):
        with open(os.path.join(self.dir, name + ".log"), errors="replace") as f:
            return f.read()[-6000:]

    def load_checkpoint(self):
        with fakes.EnvPatch(YARN_DL_CHECKPOINT_DIR=self.checkpoints, YARN_DL_AM_URL=None):
            import yarn_dl
            return yarn_dl.load_checkpoint()

    def test_ddp_job_checkpoints_on_a_resize_and_the_next_generation_resumes_from_it(self):
        def resize_at_step_60(fake, body):
            if body["step"] >= 60:
                fake.job["resize_pending"] = True

        self.am.on_progress = resize_at_step_60
        torchrun = self.torchrun(2)
        job = [os.path.join(EXAMPLES, "ddp_cnn.py"), "--total-steps", "1000", "--checkpoint-every", "0"]
        generation1 = self.start(torchrun + job, self.env(1), "generation1")
        try:
            saved = fakes.wait_until(lambda: self.am.bodies("/v1/checkpoint"), timeout=60,
                                     what="the checkpoint of the resize")[0]
        except AssertionError:
            self.fail("no checkpoint; torchrun's output:\n" + self.log_of("generation1"))
        self.assertIsNone(generation1.poll(), "the trainer must wait for the resize, not exit")
        self._kill_group(generation1)  # what the agent does when generation 2 starts

        progress = self.am.bodies("/v1/progress")
        self.assertEqual({(b["rank"], b["world_size"], b["generation"]) for b in progress}, {(0, 2, 1)})
        self.assertGreaterEqual(saved["step"], 60)
        self.assertEqual(saved["generation"], 1)
        self.assertLess(mean([b["loss"] for b in progress[-10:]]), mean([b["loss"] for b in progress[:5]]) - 0.3)
        state = self.load_checkpoint()
        self.assertEqual(state["step"], saved["step"])

        # Generation 2 at world size 1 resumes from the checkpoint and runs to the goal.
        self.am.on_progress = None
        with self.am.lock:
            self.am.job.update(generation=2, resize_pending=False)
            self.am.posts.clear()
        goal = saved["step"] + 30
        generation2 = self.start([sys.executable, os.path.join(EXAMPLES, "ddp_cnn.py"), "--total-steps",
                                  str(goal), "--checkpoint-every", "0"], self.env(2), "generation2")
        self.assertEqual(generation2.wait(60), 0, self.log_of("generation2"))
        progress = self.am.bodies("/v1/progress")
        self.assertEqual(progress[0]["step"], saved["step"] + 1)
        self.assertEqual((progress[-1]["step"], progress[-1]["world_size"]), (goal, 1))
        self.assertEqual(self.load_checkpoint()["step"], goal)

    def test_ddp_job_with_batch_limits_changes_its_batch_at_a_resize_and_its_steps_go_on(self):
        """Generation 1: 2 processes at a global batch of 64; generation 2: 1 process at 32, in two
        micro-batches of 16; steps of the reference batch 32 continue, a noise scale is reported."""
        def resize_at_step_40(fake, body):
            if body["step"] >= 40:
                fake.job["resize_pending"] = True

        limits = dict(YARN_DL_BATCH_SIZE="32", YARN_DL_MIN_BATCH_SIZE="16", YARN_DL_MAX_BATCH_SIZE="64",
                      YARN_DL_MAX_LOCAL_BATCH_SIZE="16", YARN_DL_REFERENCE_WORLD_SIZE="1")
        self.am.on_progress = resize_at_step_40
        torchrun = self.torchrun(2)
        job = [os.path.join(EXAMPLES, "ddp_cnn.py"), "--total-steps", "1000", "--checkpoint-every", "0"]
        generation1 = self.start(torchrun + job, self.env(1, **limits), "generation1")
        try:
            saved = fakes.wait_until(lambda: self.am.bodies("/v1/checkpoint"), timeout=60,
                                     what="the checkpoint of the resize")[0]
        except AssertionError:
            self.fail("no checkpoint; torchrun's output:\n" + self.log_of("generation1"))
        self._kill_group(generation1)
        first = self.am.bodies("/v1/progress")
        self.assertEqual({b["batch_size"] for b in first}, {64})
        self.assertEqual([b["step"] for b in first[:3]], [2, 4, 6], "a step of 64 is two of the reference 32")
        self.assertTrue(any(b.get("noise_scale", 0) > 0 for b in first), first[-3:])

        self.am.on_progress = None
        with self.am.lock:
            self.am.job.update(generation=2, resize_pending=False)
            self.am.posts.clear()
        goal = saved["step"] + 20
        generation2 = self.start([sys.executable, os.path.join(EXAMPLES, "ddp_cnn.py"), "--total-steps",
                                  str(goal), "--checkpoint-every", "0"], self.env(2, **limits), "generation2")
        self.assertEqual(generation2.wait(60), 0, self.log_of("generation2"))
        second = self.am.bodies("/v1/progress")
        self.assertEqual({b["batch_size"] for b in second}, {32})
        self.assertEqual([b["step"] for b in second], list(range(saved["step"] + 1, goal + 1)))
        self.assertTrue(all(b.get("noise_scale", 0) > 0 for b in second[5:]), second[-3:])
        self.assertLess(mean([b["loss"] for b in second[-5:]]), mean([b["loss"] for b in first[:3]]))
        self.assertEqual(self.load_checkpoint()["samples"], saved["step"] * 32 + 20 * 32)

    @staticmethod
    def ps_losses(params):
        """The loss on the whole synthetic dataset of the initial and of the given weights."""
        import importlib.util
        import torch
        import torch.nn.functional as F
        spec = importlib.util.spec_from_file_location("ps_rpc", os.path.join(EXAMPLES, "ps_rpc.py"))
        ps_rpc = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(ps_rpc)
        features, labels = ps_rpc.synthetic_dataset(0)
        torch.manual_seed(0)
        model = ps_rpc.Mlp()
        with torch.no_grad():
            initial = F.cross_entropy(model(features), labels).item()
            model.load_state_dict(params)
            return initial, F.cross_entropy(model(features), labels).item()

    def test_ps_job_with_one_server_and_two_workers_trains_reports_and_checkpoints(self):
        job = [sys.executable, os.path.join(EXAMPLES, "ps_rpc.py"), "--launch-local", "1", "2",
               "--total-steps", "200", "--checkpoint-every", "50"]
        process = self.start(job, self.env(1), "ps")
        try:
            code = process.wait(60)
        except subprocess.TimeoutExpired:
            self.fail("the PS job did not finish in 60 s:\n" + self.log_of("ps"))
        self.assertEqual(code, 0, self.log_of("ps"))
        progress = self.am.bodies("/v1/progress")
        self.assertEqual({(b["rank"], b["world_size"]) for b in progress}, {(1, 3)},
                         "only the first worker (RANK 1 of 3) reports")
        self.assertGreaterEqual(progress[-1]["step"], 200)
        # Workers race (asynchronous SGD), so the first worker may report few steps: judge the
        # learning by the checkpointed weights, not by its reported losses.
        checkpoints = self.am.bodies("/v1/checkpoint")
        self.assertGreaterEqual(checkpoints[-1]["step"], 200)
        state = self.load_checkpoint()
        self.assertEqual(state["step"], checkpoints[-1]["step"])
        initial, trained = self.ps_losses(state["params"])
        self.assertLess(trained, initial - 0.5)
        self.assertEqual(set(state["params"]), {"hidden.weight", "hidden.bias", "out.weight", "out.bias"})


if __name__ == "__main__":
    unittest.main()
