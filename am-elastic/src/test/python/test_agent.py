"""The container agent (python3 -m yarn_dl.agent) against a fake AM: it runs, restarts and stops
trainers as assignments say, reports their lives, and leaves when the AM or YARN tells it to."""

import os
import signal
import subprocess
import sys
import tempfile
import time
import unittest

import fakes
from yarn_dl import agent

SRC = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "main", "python"))
CONTAINER = "container_1_0001_01_000002"


def sleeper(marker, ignore_term=False):
    """argv of a trainer that writes its pid to `marker` and sleeps."""
    code = ("import os, signal, sys, time\n"
            + ("signal.signal(signal.SIGTERM, signal.SIG_IGN)\n" if ignore_term else "")
            + f"open({marker!r} + '.tmp', 'w').write(str(os.getpid()))\n"
            + f"os.replace({marker!r} + '.tmp', {marker!r})\n"
            + "time.sleep(600)\n")
    return [sys.executable, "-c", code]


def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie is dead for our purposes (its parent, the agent, may be gone).
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


class AgentTest(unittest.TestCase):
    def setUp(self):
        self.am = fakes.FakeAm()
        self.addCleanup(self.am.stop)
        self.dir = tempfile.mkdtemp(prefix="agent-")
        self.logs = os.path.join(self.dir, "logs")
        os.mkdir(self.logs)
        self.agent = None

    def start_agent(self, am_timeout_s=30):
        env = dict(os.environ, PYTHONPATH=SRC, YARN_DL_AM_URL=self.am.url,
                   YARN_DL_CONTAINER_ID=CONTAINER, LOG_DIRS=self.logs + ",/nonexistent",
                   YARN_DL_AGENT_AM_TIMEOUT_S=str(am_timeout_s), YARN_DL_AGENT_STOP_GRACE_S="1",
                   YARN_DL_AGENT_POLL_S="0.05")
        with open(os.path.join(self.dir, "agent.err"), "wb") as err:
            self.agent = subprocess.Popen([sys.executable, "-m", "yarn_dl.agent"], env=env,
                                          cwd=self.dir, stderr=err)
        self.addCleanup(self._kill_agent)

    def _kill_agent(self):
        if self.agent.poll() is None:
            self.agent.kill()
            self.agent.wait()

    def agent_log(self):
        with open(os.path.join(self.dir, "agent.err")) as f:
            return f.read()

    def wait_agent_exit(self, timeout=10):
        try:
            return self.agent.wait(timeout)
        except subprocess.TimeoutExpired:
            self.fail(f"the agent did not exit; its log:\n{self.agent_log()}")

    def pid_in(self, marker):
        fakes.wait_until(lambda: os.path.exists(marker), what=f"the trainer to write {marker}")
        with open(marker) as f:
            return int(f.read())

    def test_runs_the_assigned_argv_with_its_env_and_reports_exited_with_the_stderr_tail(self):
        code = ("import os, sys\n"
                "print('out of', os.environ['YARN_DL_GENERATION'])\n"
                "sys.stderr.write('x' * 10000 + 'boom at the end')\n"
                "sys.exit(3)\n")
        self.am.assign(CONTAINER, "RUN", 1, [sys.executable, "-c", code], {"YARN_DL_GENERATION": "1"})
        self.start_agent()
        exited = fakes.wait_until(lambda: self.am.events("EXITED"), what="EXITED")[0]
        self.assertEqual((exited["container"], exited["generation"], exited["exit_code"]), (CONTAINER, 1, 3))
        self.assertTrue(exited["log_tail"].endswith("boom at the end"))
        self.assertEqual(len(exited["log_tail"].encode()), agent.LOG_TAIL_BYTES)
        self.assertEqual([e["event"] for e in self.am.events()], ["STARTED", "EXITED"])
        with open(os.path.join(self.logs, "trainer-g1.out")) as f:
            self.assertEqual(f.read(), "out of 1\n")
        time.sleep(0.5)  # the assignment still says RUN 1: an ended trainer is not started again
        self.assertEqual(len(self.am.events("STARTED")), 1)

    def test_a_newer_generation_stops_the_old_trainer_without_reporting_it_and_starts_the_new(self):
        g1, g2 = os.path.join(self.dir, "g1.pid"), os.path.join(self.dir, "g2.pid")
        self.am.assign(CONTAINER, "RUN", 1, sleeper(g1))
        self.start_agent()
        pid1 = self.pid_in(g1)
        self.am.assign(CONTAINER, "RUN", 2, sleeper(g2))
        pid2 = self.pid_in(g2)
        self.assertFalse(alive(pid1))
        self.assertTrue(alive(pid2))
        self.assertEqual([(e["event"], e["generation"]) for e in self.am.events()],
                         [("STARTED", 1), ("STARTED", 2)])

    def test_wait_stops_the_trainer_and_exit_ends_the_agent_with_0(self):
        marker = os.path.join(self.dir, "t.pid")
        self.am.assign(CONTAINER, "RUN", 1, sleeper(marker, ignore_term=True))
        self.start_agent()
        pid = self.pid_in(marker)
        self.am.assign(CONTAINER, "WAIT", 1)
        fakes.wait_until(lambda: not alive(pid), timeout=5, what="SIGKILL after the grace period")
        self.assertIn("SIGKILL", self.agent_log())
        self.assertIsNone(self.agent.poll())
        self.am.assign(CONTAINER, "EXIT", 1)
        self.assertEqual(self.wait_agent_exit(), 0)
        self.assertEqual(self.am.events("EXITED"), [])

    def test_exit_stops_a_running_trainer_and_its_children(self):
        marker, child = os.path.join(self.dir, "t.pid"), os.path.join(self.dir, "child.pid")
        code = ("import subprocess, sys, os\n"
                f"subprocess.Popen({sleeper(child)!r})\n"
                f"exec(compile({sleeper(marker)[2]!r}, 'x', 'exec'))\n")
        self.am.assign(CONTAINER, "RUN", 1, [sys.executable, "-c", code])
        self.start_agent()
        pid, child_pid = self.pid_in(marker), self.pid_in(child)
        self.am.assign(CONTAINER, "EXIT", 1)
        self.assertEqual(self.wait_agent_exit(), 0)
        fakes.wait_until(lambda: not alive(pid) and not alive(child_pid), timeout=3,
                         what="the trainer's process group to end")

    def test_exits_1_and_stops_the_trainer_when_the_am_vanishes(self):
        marker = os.path.join(self.dir, "t.pid")
        self.am.assign(CONTAINER, "RUN", 1, sleeper(marker))
        self.start_agent(am_timeout_s=1)
        pid = self.pid_in(marker)
        self.am.stop()
        self.assertEqual(self.wait_agent_exit(), 1)
        self.assertFalse(alive(pid))
        self.assertIn("has not answered for 1 s", self.agent_log())
        self.am = fakes.FakeAm()  # cleanup stops a live one

    def test_sigterm_to_the_agent_stops_the_trainer(self):
        marker = os.path.join(self.dir, "t.pid")
        self.am.assign(CONTAINER, "RUN", 1, sleeper(marker))
        self.start_agent()
        pid = self.pid_in(marker)
        self.agent.send_signal(signal.SIGTERM)
        self.assertEqual(self.wait_agent_exit(), 143)
        self.assertFalse(alive(pid))
        self.assertEqual(self.am.events("EXITED"), [])

    def test_a_sigkilled_agent_takes_its_trainer_down_with_it(self):
        # YARN's FORCEFUL_SHUTDOWN kills the container's process group, which the trainer is not in:
        # without the parent-death signal it would train on, and overwrite checkpoints, as an orphan.
        marker = os.path.join(self.dir, "t.pid")
        self.am.assign(CONTAINER, "RUN", 1, sleeper(marker))
        self.start_agent()
        pid = self.pid_in(marker)
        self.agent.kill()
        self.agent.wait()
        fakes.wait_until(lambda: not alive(pid), what="the orphaned trainer to die")

    def test_a_command_that_cannot_start_is_reported_as_exited_127(self):
        self.am.assign(CONTAINER, "RUN", 1, ["/nonexistent/trainer"])
        self.start_agent()
        exited = fakes.wait_until(lambda: self.am.events("EXITED"), what="EXITED")[0]
        self.assertEqual(exited["exit_code"], 127)
        self.assertIn("/nonexistent/trainer", exited["log_tail"])


if __name__ == "__main__":
    unittest.main()
