"""The container agent: `python3 -m yarn_dl.agent`, the command of every worker and server container.

The AM cannot start processes in a container it already holds, so each container runs this agent,
which polls `GET /v1/assignment` and runs what the AM assigns (see PROTOCOL.md, "The agent"):

- `RUN` generation g: stop a trainer of another generation, start g's trainer once (a trainer that
  ended by itself is not restarted; the AM decides what comes next);
- `WAIT`: stop any trainer, poll on;
- `EXIT`: stop any trainer, exit 0.

The trainer runs in its own session (process group), so stopping it reaches torchrun's children
too: SIGTERM to the group, SIGKILL after a grace period. It must be stopped by us because YARN's
container kill only reaches the agent's process group. If the agent itself is killed outright
(SIGKILL, as `yarn container -signal FORCEFUL_SHUTDOWN` does), the kernel sends the trainer's leader
SIGTERM (Linux's parent-death signal), and torchrun stops its workers on SIGTERM: no orphan keeps
training and overwriting checkpoints after its container is gone. If the AM cannot be reached for
`YARN_DL_AGENT_AM_TIMEOUT_S` (60 s) the agent stops the trainer and exits 1: nobody is left to
coordinate the job. SIGTERM to the agent (YARN stopping the container) stops the trainer too.

Tunables (environment, seconds): YARN_DL_AGENT_POLL_S (0.2), YARN_DL_AGENT_AM_TIMEOUT_S (60),
YARN_DL_AGENT_STOP_GRACE_S (5).
"""

import ctypes
import os
import signal
import subprocess
import sys
import time

from . import _am, _credentials, _env

LOG_TAIL_BYTES = 8192  # torchrun's own traceback alone is about 3 KiB: keep the worker's error before it
EXIT_AM_LOST = 1
EXIT_SIGNALLED = 143


def _seconds(name, default):
    value = os.environ.get(name, "").strip()
    try:
        return float(value) if value else default
    except ValueError:
        raise SystemExit(f"yarn_dl.agent: {name} must be a number of seconds, got {value!r}")


def log(message):
    stamp = time.strftime("%Y-%m-%d %H:%M:%S")
    print(f"{stamp} yarn_dl.agent: {message}", file=sys.stderr, flush=True)


def log_dir():
    """The container's first LOG_DIRS entry (YARN's per-container log directory), else the cwd."""
    first = os.environ.get("LOG_DIRS", "").split(",")[0].strip()
    return first or os.getcwd()


def tail(path, size=LOG_TAIL_BYTES):
    try:
        with open(path, "rb") as f:
            f.seek(0, os.SEEK_END)
            f.seek(max(0, f.tell() - size))
            return f.read().decode("utf-8", "replace")
    except OSError as e:
        return f"(no stderr: {e})"


_PR_SET_PDEATHSIG = 1


def _die_with_parent(parent_pid):
    """In the child before exec: SIGTERM when the agent dies, even by SIGKILL (Linux only)."""
    def arm():
        try:
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, int(signal.SIGTERM), 0, 0, 0)
        except (OSError, AttributeError):
            return  # not Linux: the agent's own SIGTERM handling is all there is
        if os.getppid() != parent_pid:
            os._exit(128 + int(signal.SIGTERM))  # the agent died before the signal was armed
    return arm


class Trainer:
    """One generation's training process, in its own process group."""

    def __init__(self, generation, argv, env, grace_s):
        self.generation = generation
        self.grace_s = grace_s
        directory = log_dir()
        self.err_path = os.path.join(directory, f"trainer-g{generation}.err")
        out_path = os.path.join(directory, f"trainer-g{generation}.out")
        full_env = dict(os.environ)
        full_env.update({str(k): str(v) for k, v in (env or {}).items()})
        with open(out_path, "ab") as out, open(self.err_path, "ab") as err:
            self.process = subprocess.Popen(
                [str(a) for a in argv], env=full_env, stdout=out, stderr=err,
                stdin=subprocess.DEVNULL, start_new_session=True, preexec_fn=_die_with_parent(os.getpid()))
        self.pgid = self.process.pid  # a new session's leader leads its process group

    def exit_code(self):
        """The exit code if the trainer ended (a signal -N is reported as 128+N), else None."""
        code = self.process.poll()
        if code is None:
            return None
        return 128 - code if code < 0 else code

    def _group_alive(self):
        try:
            os.killpg(self.pgid, 0)
            return True
        except (ProcessLookupError, PermissionError):
            return False

    def _signal_group(self, sig):
        try:
            os.killpg(self.pgid, sig)
        except (ProcessLookupError, PermissionError):
            pass

    def stop(self):
        """SIGTERM to the group, SIGKILL to what is left after the grace period; waits for it."""
        self._signal_group(signal.SIGTERM)
        deadline = time.monotonic() + self.grace_s
        while time.monotonic() < deadline:
            self.process.poll()  # reap the leader so a dead group reads as dead
            if not self._group_alive():
                return
            time.sleep(0.05)
        log(f"generation {self.generation}: trainer still running {self.grace_s:g} s after SIGTERM, "
            "sending SIGKILL")
        self._signal_group(signal.SIGKILL)
        self.process.wait()

    def reap_leftovers(self):
        """After the leader ended by itself, kill children it left behind in its group."""
        self._signal_group(signal.SIGKILL)


class Agent:
    def __init__(self, am_url, container):
        self.am_url = am_url
        self.container = container
        self.poll_s = _seconds("YARN_DL_AGENT_POLL_S", 0.2)
        self.am_timeout_s = _seconds("YARN_DL_AGENT_AM_TIMEOUT_S", 60.0)
        self.grace_s = _seconds("YARN_DL_AGENT_STOP_GRACE_S", 5.0)
        self.trainer = None
        self.ended = set()      # generations whose trainer ran and ended by itself
        self.outbox = []        # events not yet accepted by the AM, oldest first
        self.last_contact = time.monotonic()
        self.signalled = None
        self._unreachable_logged = False

    def _on_signal(self, signum, _frame):
        self.signalled = signum

    # --- talking to the AM -------------------------------------------------------------------
    def _post_events(self):
        while self.outbox:
            try:
                _am.post(self.am_url, "/v1/agent", self.outbox[0])
            except _am.AmUnavailable as e:
                log(f"could not report {self.outbox[0]['event']} yet: {e}")
                return
            self.outbox.pop(0)
            self.last_contact = time.monotonic()

    def _event(self, generation, event, **fields):
        body = {"container": self.container, "generation": generation, "event": event}
        body.update(fields)
        self.outbox.append(body)
        self._post_events()

    def _assignment(self):
        try:
            answer = _am.get(self.am_url, "/v1/assignment", query={"container": self.container})
        except _am.AmUnavailable as e:
            if not self._unreachable_logged:
                log(f"the AM does not answer ({e}); giving up after {self.am_timeout_s:g} s")
                self._unreachable_logged = True
            return None
        if self._unreachable_logged:
            log("the AM answers again")
            self._unreachable_logged = False
        self.last_contact = time.monotonic()
        return answer

    # --- the trainer ---------------------------------------------------------------------------
    def _check_trainer(self):
        if self.trainer is None:
            return
        code = self.trainer.exit_code()
        if code is None:
            return
        trainer, self.trainer = self.trainer, None
        trainer.reap_leftovers()
        self.ended.add(trainer.generation)
        log(f"generation {trainer.generation}: trainer exited with code {code}")
        self._event(trainer.generation, "EXITED", exit_code=code, log_tail=tail(trainer.err_path))

    def _stop_trainer(self, why):
        if self.trainer is None:
            return
        self._check_trainer()  # it may have ended by itself just now: that is reported
        if self.trainer is None:
            return
        log(f"generation {self.trainer.generation}: stopping the trainer ({why})")
        self.trainer.stop()
        self.trainer = None

    def _start_trainer(self, generation, argv, env):
        log(f"generation {generation}: starting {argv!r}")
        try:
            self.trainer = Trainer(generation, argv, env, self.grace_s)
        except (OSError, ValueError, TypeError) as e:
            log(f"generation {generation}: cannot start the trainer: {e}")
            self.ended.add(generation)
            self._event(generation, "EXITED", exit_code=127, log_tail=f"yarn_dl.agent: cannot start {argv!r}: {e}")
            return
        self._event(generation, "STARTED")

    def _apply(self, assignment):
        """Acts on one assignment; returns an exit code when the agent should exit."""
        state = assignment.get("state")
        generation = assignment.get("generation")
        if state == "EXIT":
            self._stop_trainer("the AM says EXIT")
            log("exiting: the AM says EXIT")
            return 0
        if state == "WAIT":
            self._stop_trainer("the AM says WAIT")
            return None
        if state != "RUN" or not isinstance(generation, int):
            log(f"ignoring an assignment I do not understand: {assignment!r}")
            return None
        if self.trainer is not None and self.trainer.generation != generation:
            self._stop_trainer(f"generation {generation} replaces it")
        if self.trainer is None and generation not in self.ended:
            argv = assignment.get("argv")
            if not argv:
                log(f"generation {generation}: RUN without argv: {assignment!r}")
                return None
            self._start_trainer(generation, argv, assignment.get("env"))
        return None

    def run(self):
        signal.signal(signal.SIGTERM, self._on_signal)
        signal.signal(signal.SIGINT, self._on_signal)
        log(f"container {self.container}, AM {self.am_url}, logs in {log_dir()}, {_token_note()}")
        while True:
            if self.signalled is not None:
                self._stop_trainer(f"the agent got signal {self.signalled}")
                log(f"exiting on signal {self.signalled}")
                return EXIT_SIGNALLED
            self._check_trainer()
            self._post_events()
            assignment = self._assignment()
            if assignment is not None:
                code = self._apply(assignment)
                if code is not None:
                    return code
            elif time.monotonic() - self.last_contact > self.am_timeout_s:
                self._stop_trainer("the AM is gone")
                log(f"exiting: the AM has not answered for {self.am_timeout_s:g} s")
                return EXIT_AM_LOST
            time.sleep(self.poll_s)


def _token_note():
    """Whether this container has the AM's control token (never the token itself)."""
    try:
        if _credentials.control_token():
            return "control token from the container's credentials"
        return "no control token in the container's credentials: the AM will refuse every request (401)"
    except (OSError, _credentials.CredentialsError) as e:
        return f"the container's credentials cannot be read ({e}): the AM will refuse every request (401)"


def main():
    am_url = _env.am_url()
    container = _env.container_id()
    if not am_url or not container:
        print("yarn_dl.agent: YARN_DL_AM_URL and YARN_DL_CONTAINER_ID must be set; the yarn-dl AM "
              "starts this agent in its containers", file=sys.stderr)
        return 2
    return Agent(am_url, container).run()


if __name__ == "__main__":
    sys.exit(main())
