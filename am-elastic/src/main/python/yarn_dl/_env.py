"""The job as the AM describes it to a container: environment variables, read on every call.

Read lazily (not at import) because the agent adds the generation's variables only to the trainer's
environment, and tests change them between calls.
"""

import os


def am_url():
    """`http://host:port` of the AM's control server, or None outside YARN."""
    url = os.environ.get("YARN_DL_AM_URL", "").strip()
    return url.rstrip("/") or None


def container_id():
    return os.environ.get("YARN_DL_CONTAINER_ID", "")


def _int(name, default):
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    try:
        return int(value)
    except ValueError:
        raise ValueError(f"environment variable {name} must be an integer, got {value!r}") from None


def _float(name):
    value = os.environ.get(name, "").strip()
    if not value:
        return None
    try:
        return float(value)
    except ValueError:
        raise ValueError(f"environment variable {name} must be a number, got {value!r}") from None


def rank():
    return _int("RANK", 0)


def world_size():
    return _int("WORLD_SIZE", 1)


def generation():
    return _int("YARN_DL_GENERATION", 0)


def role():
    """`worker` or `server` in parameter-server jobs, None in all-reduce jobs."""
    return os.environ.get("YARN_DL_ROLE", "").strip() or None


def role_rank():
    return _int("YARN_DL_ROLE_RANK", 0)


def num_workers():
    """Worker processes of a parameter-server job (YARN_DL_NUM_WORKERS), 1 when unset."""
    return _int("YARN_DL_NUM_WORKERS", 1)


def num_servers():
    """Parameter servers of the job (YARN_DL_NUM_SERVERS), 0 in all-reduce jobs and when unset."""
    return _int("YARN_DL_NUM_SERVERS", 0)


def is_chief():
    """Whether this process speaks for the job (reports progress, writes checkpoints).

    In all-reduce jobs that is RANK 0. In parameter-server jobs RANK 0 is a server, which sees no
    losses, so the chief is the first worker instead.
    """
    if role() is not None:
        return role() == "worker" and role_rank() == 0
    return rank() == 0


def target_loss():
    return _float("YARN_DL_TARGET_LOSS")


def total_steps():
    return _int("YARN_DL_TOTAL_STEPS", None)


def epochs():
    return _int("YARN_DL_EPOCHS", None)


def checkpoint_dir():
    return os.environ.get("YARN_DL_CHECKPOINT_DIR", "").strip() or "checkpoints"


def hdfs_user():
    return os.environ.get("YARN_DL_HDFS_USER", "").strip() or os.environ.get("USER", "") or None


def store_address():
    """(host, port) of the AM-hosted TCPStore for parameter-server jobs."""
    value = os.environ.get("YARN_DL_STORE", "").strip()
    host, sep, port = value.rpartition(":")
    if not sep or not host or not port.isdigit():
        raise RuntimeError(
            f"YARN_DL_STORE must be host:port of the AM's TCPStore, got {value!r}; "
            "init_rpc is for parameter-server jobs started by the yarn-dl AM "
            "(or set YARN_DL_STORE yourself to a TCPStore you started)")
    return host.strip("[]"), int(port)
