"""yarn_dl: what a training script needs to run elastically under the yarn-dl ApplicationMaster.

The AM resizes a job by ending its generation and starting the next one from the last checkpoint
(see PROTOCOL.md). A script cooperates with four calls per step::

    state = yarn_dl.load_checkpoint()          # None on a fresh start
    ...
    yarn_dl.report(step, loss, samples_per_s)  # the AM's scheduler learns the job's speed
    if yarn_dl.resize_coming():                # all ranks agree
        yarn_dl.save_checkpoint(state, step)
        yarn_dl.wait_for_resize()              # the agent stops this process

A job whose batch may follow its size (submit --min-batch-size/--max-batch-size) asks
`batch_plan()` at start for this generation's global batch, its share, micro-batches, loss weights
and learning-rate factor, measures the gradient noise scale with `GradientNoiseScale`, and reports
both (`report(..., batch_size=, noise_scale=)`); examples/ddp_cnn.py shows it all.

Outside YARN (no YARN_DL_AM_URL) every call works locally, so the same script runs under plain
`torchrun`. Standard library and torch only; torch is imported lazily so the agent, which shares
this package, starts without it.
"""

import io
import math
import sys
import threading
import time

from . import _am, _batch, _checkpoint, _credentials, _env
from ._batch import LR_RULES, BatchPlan
from ._env import epochs, generation, rank, target_loss, total_steps, world_size
from ._noise import GradientNoiseScale

__all__ = [
    "report", "resize_coming", "save_checkpoint", "load_checkpoint", "wait_for_resize",
    "target_loss", "total_steps", "epochs", "goal_reached", "rank", "world_size", "generation",
    "init_rpc", "batch_plan", "BatchPlan", "GradientNoiseScale", "LR_RULES",
]

RESIZE_POLL_S = 0.2
WAIT_POLL_S = 0.5
LOCAL_REPORT_EVERY_S = 5.0

_log = _am.RateLimitedLog(interval_s=60.0)
_local_log = _am.RateLimitedLog(interval_s=LOCAL_REPORT_EVERY_S)
_lock = threading.Lock()
_last_job = None        # the AM's last answer (GET /v1/job or a POST's response)
_last_job_at = -1e9


def _remember(job):
    global _last_job, _last_job_at
    if isinstance(job, dict):
        with _lock:
            _last_job, _last_job_at = job, time.monotonic()


def _call_am(method, path, body=None):
    """One request to the AM, or None when it fails (logged at most once a minute per endpoint)."""
    url = _env.am_url()
    if url is None:
        return None
    try:
        answer = _am.request(url, method, path, body=body)
    except _am.AmUnavailable as e:
        _log(path, f"the AM did not answer, training goes on: {e}")
        return None
    if path in ("/v1/job", "/v1/progress", "/v1/checkpoint"):
        _remember(answer)
    return answer


def _is_float(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def report(step, loss, samples_per_s, epoch=None, batch_size=None, noise_scale=None):
    """Rank 0 (the first worker in PS jobs) posts one step's progress; never raises.

    `step` counts steps of the job's reference batch (`BatchPlan.reference_steps`), `samples_per_s`
    is for the whole job, all workers together, `batch_size` the global batch the step trained at
    (default: the job's reference batch) and `noise_scale` the gradient noise scale measured
    (`GradientNoiseScale.value()`; NaN or None: not measured). Non-finite losses may be passed (the
    AM ignores that sample). Outside YARN it logs a line every few seconds. No time is sent: the AM
    stamps each sample with its own clock when it arrives, in seconds since the epoch, the
    `timeSec` the scheduler reads.
    """
    try:
        if not _env.is_chief():
            return
        body = {"generation": generation(), "rank": rank(), "world_size": world_size(),
                "step": int(step), "loss": float(loss), "samples_per_s": float(samples_per_s)}
        if epoch is not None:
            body["epoch"] = int(epoch)
        if batch_size is not None:
            body["batch_size"] = int(batch_size)
        if noise_scale is not None and math.isfinite(float(noise_scale)):
            body["noise_scale"] = float(noise_scale)
        if _env.am_url() is None:
            _local_log("report", f"step {body['step']} loss {body['loss']:.4f} "
                                 f"{body['samples_per_s']:.1f} samples/s")
            return
        _call_am("POST", "/v1/progress", body)
    except Exception as e:  # noqa: BLE001 - reporting must never stop training
        _log("report-error", f"report({step!r}, {loss!r}, {samples_per_s!r}) failed: {e!r}")


def _pending_from(job):
    """Whether the AM's answer means this process's generation is about to end."""
    if not isinstance(job, dict):
        return False
    if job.get("resize_pending"):
        return True
    ours, theirs = generation(), job.get("generation")
    # The AM already runs a newer generation: ours is over, the agent is about to stop us.
    return ours > 0 and isinstance(theirs, int) and theirs > ours


def _ask_resize_pending(max_age_s):
    if _env.am_url() is None:
        return False
    with _lock:
        fresh = time.monotonic() - _last_job_at < max_age_s
        job = _last_job
    if not fresh:
        job = _call_am("GET", "/v1/job")
        if job is None:
            return False  # an unreachable AM cannot resize us; keep training
    return _pending_from(job)


def _distributed():
    """torch.distributed when it is initialised with more than one process, else None."""
    if "torch" not in sys.modules:
        return None
    import torch.distributed as dist
    if dist.is_available() and dist.is_initialized() and dist.get_world_size() > 1:
        return dist
    return None


# The tensor of the last _agree broadcast, kept alive on purpose. Gloo's worker thread drops its
# reference to a finished collective's tensors a moment after the caller wakes up; if the caller
# has dropped its own by then, the worker frees the tensor's Python object and needs the GIL for
# it. A script that tears its process group down right after its last resize_coming() (rank 1 of
# examples/ddp_cnn.py, which has no checkpoint to write) then deadlocks in PyTorch 1.13:
# ~ProcessGroupGloo joins that worker while holding the GIL (seen as a 2-worker job whose rank 1
# never exited). Holding the tensor here means the worker never holds the last reference.
_last_agreed = None


def _agree(value, dist):
    """Rank 0's small integer, on every rank (a broadcast)."""
    global _last_agreed
    import torch
    tensor = torch.tensor([int(value)], dtype=torch.int32)
    dist.broadcast(tensor, src=0)
    _last_agreed = tensor
    return int(tensor.item())


def resize_coming():
    """True when the AM is about to end this generation: checkpoint now, then wait_for_resize().

    With torch.distributed initialised it is a collective (call it on every rank at the same point,
    e.g. once per step): rank 0 asks the AM at most every 0.2 s and broadcasts the answer. Without a
    process group (parameter-server jobs) every process asks the AM itself. False outside YARN and
    while the AM cannot be reached.
    """
    dist = _distributed()
    if dist is None:
        return _ask_resize_pending(RESIZE_POLL_S)
    flag = _ask_resize_pending(RESIZE_POLL_S) if dist.get_rank() == 0 else False
    return bool(_agree(flag, dist))


def _store():
    return _checkpoint.store_for(_env.checkpoint_dir(), _env.hdfs_user(), _credentials.webhdfs_delegation())


def save_checkpoint(state, step):
    """Rank 0 (the first worker in PS jobs) saves `state` and tells the AM; others do nothing.

    `state` is anything `torch.save` takes. The file `<YARN_DL_CHECKPOINT_DIR>/checkpoint.pt` is
    replaced atomically. Returns the checkpoint's URI on the saving process, None elsewhere.
    Storage errors raise (a job that cannot checkpoint cannot resize); a failed notice to the AM
    is only logged.
    """
    if not _env.is_chief():
        return None
    import torch
    uri = _store().write(lambda f: torch.save(state, f))
    _call_am("POST", "/v1/checkpoint", {"generation": generation(), "step": int(step), "uri": uri})
    return uri


def load_checkpoint(map_location="cpu"):
    """The state of the last checkpoint, or None when there is none (every rank may call it)."""
    data = _store().read()
    if data is None:
        return None
    import torch
    return torch.load(io.BytesIO(data), map_location=map_location)


def wait_for_resize(timeout=None):
    """Blocks while the resize is pending; the agent stops this process when the next generation starts.

    Returns False when the AM called the resize off (train on), True when `timeout` seconds passed
    with the resize still pending. Outside YARN it returns False at once. With torch.distributed
    initialised it is a collective, like resize_coming.
    """
    if _env.am_url() is None:
        return False
    deadline = None if timeout is None else time.monotonic() + timeout
    dist = _distributed()
    called_off, pending, timed_out = 0, 1, 2
    while True:
        decision = pending
        if dist is None or dist.get_rank() == 0:
            job = _call_am("GET", "/v1/job")
            # An AM that does not answer has not called the resize off: keep waiting.
            if job is not None and not _pending_from(job):
                decision = called_off
            elif deadline is not None and time.monotonic() >= deadline:
                decision = timed_out
        if dist is not None:
            try:
                # Rank 0 decides for all, so every rank leaves the loop at the same iteration.
                decision = _agree(decision, dist)
            except RuntimeError as e:
                # A peer already stopped: the generation is ending. Wait to be stopped too.
                _log("wait-peer", f"a peer left while waiting for the resize ({e}); waiting to be stopped")
                dist = None
        if decision != pending:
            return decision == timed_out
        time.sleep(WAIT_POLL_S)


def goal_reached(loss=None, step=None, epoch=None):
    """Whether the job's goal (YARN_DL_TARGET_LOSS, _TOTAL_STEPS or _EPOCHS) is met.

    `epoch` counts completed passes over the data. A non-finite loss never meets a loss goal.
    """
    target = target_loss()
    if target is not None and _is_float(loss) and math.isfinite(loss) and loss <= target:
        return True
    steps = total_steps()
    if steps is not None and step is not None and step >= steps:
        return True
    passes = epochs()
    return passes is not None and epoch is not None and epoch >= passes


def batch_plan(reference, replicas=None, rank=None, min_batch=None, max_batch=None, max_local=None,
               reference_replicas=None):
    """This generation's batch (`BatchPlan`): the global batch follows the number of training
    processes within the job's limits, split across them, with micro-batches above the largest
    local batch (the rule: `yarn_dl._batch`, docs/elastic-jobs.md).

    `reference` is the script's own batch (its --batch-size): the AM's YARN_DL_BATCH_SIZE and the
    job's limits, where set, take precedence, so the spec the scheduler knows is what the job does.
    `replicas` and `rank` default to WORLD_SIZE and RANK (in parameter-server jobs, to the workers
    and the worker's index: servers take no samples).
    """
    parameter_servers = _env.num_servers() > 0
    if replicas is None:
        replicas = _env.num_workers() if parameter_servers else world_size()
    if rank is None:
        rank = _env.role_rank() if parameter_servers else _env.rank()
    return _batch.batch_plan(reference, replicas, rank, min_batch, max_batch, max_local, reference_replicas)


def init_rpc(name, rpc_timeout_s=None):
    """`torch.distributed.rpc.init_rpc(name)` for parameter-server jobs (see `_rpc`)."""
    from . import _rpc
    _rpc.init_rpc(name, rpc_timeout_s=rpc_timeout_s)
