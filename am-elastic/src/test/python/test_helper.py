"""The yarn_dl helper a training script calls, against a fake AM and without one."""

import io
import contextlib
import threading
import time
import unittest

import fakes
import yarn_dl

CLEAN = dict(RANK=None, WORLD_SIZE=None, YARN_DL_ROLE=None, YARN_DL_ROLE_RANK=None,
             YARN_DL_GENERATION="2", YARN_DL_TARGET_LOSS=None, YARN_DL_TOTAL_STEPS=None,
             YARN_DL_EPOCHS=None)


class HelperTest(unittest.TestCase):
    def setUp(self):
        self.am = fakes.FakeAm(generation=2)
        self.addCleanup(self.am.stop)
        env = fakes.EnvPatch(YARN_DL_AM_URL=self.am.url, **CLEAN)
        env.__enter__()
        self.addCleanup(env.__exit__)
        yarn_dl._last_job_at = -1e9  # forget the previous test's cached answer

    def test_report_posts_progress_and_sends_non_finite_losses_as_strings(self):
        yarn_dl.report(10, 0.5, 128.0, epoch=1)
        yarn_dl.report(11, float("nan"), 130.0)
        self.assertEqual(self.am.bodies("/v1/progress"), [
            {"generation": 2, "rank": 0, "world_size": 1, "step": 10, "loss": 0.5,
             "samples_per_s": 128.0, "epoch": 1},
            {"generation": 2, "rank": 0, "world_size": 1, "step": 11, "loss": "NaN",
             "samples_per_s": 130.0}])

    def test_report_says_the_batch_and_a_measured_noise_scale_and_leaves_out_an_unmeasured_one(self):
        yarn_dl.report(10, 0.5, 128.0, batch_size=96, noise_scale=412.5)
        yarn_dl.report(11, 0.5, 128.0, batch_size=96, noise_scale=float("nan"))
        bodies = self.am.bodies("/v1/progress")
        self.assertEqual((bodies[0]["batch_size"], bodies[0]["noise_scale"]), (96, 412.5))
        self.assertEqual(bodies[1]["batch_size"], 96)
        self.assertNotIn("noise_scale", bodies[1])

    def test_report_survives_an_unreachable_am_and_logs_once(self):
        self.am.stop()
        stderr = io.StringIO()
        with contextlib.redirect_stderr(stderr):
            for step in range(3):
                yarn_dl.report(step, 1.0, 10.0)
        self.assertEqual(stderr.getvalue().count("the AM did not answer"), 1)
        self.am = fakes.FakeAm()

    def test_report_survives_garbage_arguments(self):
        with contextlib.redirect_stderr(io.StringIO()):
            yarn_dl.report("not a step", object(), None)
        self.assertEqual(self.am.bodies("/v1/progress"), [])

    def test_only_the_chief_reports_rank_0_or_the_first_ps_worker(self):
        with fakes.EnvPatch(RANK="1", WORLD_SIZE="2"):
            yarn_dl.report(1, 1.0, 1.0)
        with fakes.EnvPatch(RANK="0", WORLD_SIZE="3", YARN_DL_ROLE="server", YARN_DL_ROLE_RANK="0"):
            yarn_dl.report(2, 1.0, 1.0)
        with fakes.EnvPatch(RANK="1", WORLD_SIZE="3", YARN_DL_ROLE="worker", YARN_DL_ROLE_RANK="0"):
            yarn_dl.report(3, 1.0, 1.0)
        self.assertEqual([b["step"] for b in self.am.bodies("/v1/progress")], [3])

    def test_resize_coming_follows_the_am_and_asks_at_most_every_200_ms(self):
        self.assertFalse(yarn_dl.resize_coming())
        self.am.job["resize_pending"] = True
        self.assertFalse(yarn_dl.resize_coming())  # the cached answer, still fresh
        time.sleep(0.25)
        self.assertTrue(yarn_dl.resize_coming())
        gets = [r for r in self.am.requests if r[1] == "/v1/job"]
        self.assertEqual(len(gets), 2)

    def test_the_flag_broadcast_tensor_outlives_the_call_so_gloo_never_frees_it_at_teardown(self):
        # Freed by gloo's worker thread, the tensor needs the GIL; a process group destroyed right
        # after the call then deadlocks (see _last_agreed). One process is enough to see it kept.
        import socket
        import torch.distributed as dist
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        dist.init_process_group("gloo", init_method=f"tcp://127.0.0.1:{port}", rank=0, world_size=1)
        self.addCleanup(dist.destroy_process_group)
        self.assertEqual(yarn_dl._agree(7, dist), 7)
        self.assertEqual(yarn_dl._last_agreed.tolist(), [7])

    def test_a_newer_generation_at_the_am_means_ours_is_ending(self):
        self.am.job["generation"] = 3
        self.assertTrue(yarn_dl.resize_coming())

    def test_resize_coming_is_false_when_the_am_is_unreachable_or_absent(self):
        self.am.stop()
        with contextlib.redirect_stderr(io.StringIO()):
            self.assertFalse(yarn_dl.resize_coming())
        with fakes.EnvPatch(YARN_DL_AM_URL=None):
            self.assertFalse(yarn_dl.resize_coming())
            self.assertFalse(yarn_dl.wait_for_resize())
        self.am = fakes.FakeAm()

    def test_wait_for_resize_returns_false_when_the_am_calls_it_off(self):
        self.am.job["resize_pending"] = True
        threading.Timer(0.7, lambda: self.am.job.update(resize_pending=False)).start()
        started = time.monotonic()
        self.assertFalse(yarn_dl.wait_for_resize())
        self.assertGreater(time.monotonic() - started, 0.6)

    def test_wait_for_resize_returns_true_on_timeout_while_pending(self):
        self.am.job["resize_pending"] = True
        self.assertTrue(yarn_dl.wait_for_resize(timeout=0.3))

    def test_save_checkpoint_tells_the_am_where_and_at_which_step(self):
        fakes.require_torch()
        import tempfile
        directory = tempfile.mkdtemp()
        with fakes.EnvPatch(YARN_DL_CHECKPOINT_DIR="file://" + directory):
            uri = yarn_dl.save_checkpoint({"x": 1}, step=42)
        self.assertEqual(self.am.bodies("/v1/checkpoint"), [{"generation": 2, "step": 42, "uri": uri}])


class GoalAndEnvironmentTest(unittest.TestCase):
    def test_defaults_outside_yarn(self):
        with fakes.EnvPatch(RANK=None, WORLD_SIZE=None, YARN_DL_GENERATION=None,
                            YARN_DL_TARGET_LOSS=None, YARN_DL_TOTAL_STEPS=None, YARN_DL_EPOCHS=None):
            self.assertEqual((yarn_dl.rank(), yarn_dl.world_size(), yarn_dl.generation()), (0, 1, 0))
            self.assertEqual((yarn_dl.target_loss(), yarn_dl.total_steps(), yarn_dl.epochs()),
                             (None, None, None))
            self.assertFalse(yarn_dl.goal_reached(loss=0.0, step=10**9, epoch=10**9))

    def test_goal_reached_by_loss_steps_or_epochs(self):
        with fakes.EnvPatch(YARN_DL_TARGET_LOSS="0.1", YARN_DL_TOTAL_STEPS="100", YARN_DL_EPOCHS="3"):
            self.assertEqual(yarn_dl.target_loss(), 0.1)
            self.assertTrue(yarn_dl.goal_reached(loss=0.05))
            self.assertFalse(yarn_dl.goal_reached(loss=float("nan")))
            self.assertTrue(yarn_dl.goal_reached(step=100))
            self.assertFalse(yarn_dl.goal_reached(loss=0.2, step=99, epoch=2))
            self.assertTrue(yarn_dl.goal_reached(epoch=3))

    def test_a_malformed_variable_names_itself(self):
        with fakes.EnvPatch(YARN_DL_TOTAL_STEPS="many"):
            with self.assertRaisesRegex(ValueError, "YARN_DL_TOTAL_STEPS"):
                yarn_dl.total_steps()


if __name__ == "__main__":
    unittest.main()
