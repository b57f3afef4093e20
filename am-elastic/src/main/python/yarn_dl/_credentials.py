"""The AM's control token and the checkpoints' WebHDFS delegation token, read from the container's
Hadoop credentials file.

The AM puts them in every container's launch-context credentials (never in the environment,
which YARN copies into the launch script and the logs); the NodeManager writes them to the file
named by HADOOP_TOKEN_FILE_LOCATION, in Hadoop's Writable token-storage format (what
`Credentials.writeTokenStorageToStream` writes by default):

    b"HDTS", version 0,
    vint n, n x (Text alias, Token: vint+identifier, vint+password, Text kind, Text service),
    vint m, m x (Text alias, vint+secret bytes)

where Text is a vint length and UTF-8 bytes, and vint is Hadoop's WritableUtils variable-length
integer. The trainer inherits the variable from its agent, so both read the same file.
"""

import functools
import io
import os

ALIAS = "yarn-dl.am.control-token"  # ControlToken.ALIAS on the Java side
# WorkerCredentials.WEBHDFS_DELEGATION_ALIAS: the checkpoint NameNode's HDFS delegation token as
# Token.encodeToUrlString() writes it, what WebHDFS takes in `delegation=` on a secure cluster.
WEBHDFS_DELEGATION_ALIAS = "yarn-dl.checkpoint.webhdfs-delegation"
# Outside a yarn-dl container (a notebook, a test), the same string may come from the environment.
WEBHDFS_DELEGATION_ENV = "YARN_DL_WEBHDFS_DELEGATION"
_MAGIC = b"HDTS"
_WRITABLE = 0


class CredentialsError(Exception):
    """The credentials file cannot be read."""


def _read_exact(stream, n):
    data = stream.read(n)
    if len(data) != n:
        raise CredentialsError(f"truncated: wanted {n} bytes, got {len(data)}")
    return data


def _vint(stream):
    """Hadoop's WritableUtils.readVLong: one byte for -112..127, else a length byte and big-endian bytes."""
    first = int.from_bytes(_read_exact(stream, 1), "big", signed=True)
    if first >= -112:
        return first
    negative = first < -120
    following = (-120 - first) if negative else (-112 - first)
    value = int.from_bytes(_read_exact(stream, following), "big")
    return ~value if negative else value


def _bytes(stream):
    length = _vint(stream)
    if length < 0:
        raise CredentialsError(f"negative length {length}")
    return _read_exact(stream, length)


def secret_keys(data):
    """The secret keys (alias -> bytes) of a Writable token-storage blob; tokens are skipped."""
    stream = io.BytesIO(data)
    if _read_exact(stream, 4) != _MAGIC:
        raise CredentialsError("not a Hadoop token storage file (no HDTS magic)")
    version = _read_exact(stream, 1)[0]
    if version != _WRITABLE:
        raise CredentialsError(f"token storage version {version}; this reader knows the Writable format (0)")
    for _ in range(_vint(stream)):
        _bytes(stream)          # alias
        _bytes(stream)          # identifier
        _bytes(stream)          # password
        _bytes(stream)          # kind
        _bytes(stream)          # service
    keys = {}
    for _ in range(_vint(stream)):
        alias = _bytes(stream).decode("utf-8")
        keys[alias] = _bytes(stream)
    return keys


@functools.lru_cache(maxsize=4)
def _keys_in(path):
    with open(path, "rb") as f:
        return secret_keys(f.read())


def _secret(alias):
    path = os.environ.get("HADOOP_TOKEN_FILE_LOCATION", "").strip()
    if not path or not os.path.isfile(path):
        return None
    value = _keys_in(path).get(alias)
    return value.decode("utf-8") if value else None


def control_token():
    """The token for the AM's control server, or None outside a yarn-dl container.

    Raises CredentialsError when the file exists but cannot be parsed: a silent None would only
    turn into 401s from the AM that are harder to explain.
    """
    return _secret(ALIAS)


def webhdfs_delegation():
    """The checkpoints' WebHDFS delegation token (URL string), or None with simple authentication.

    YARN_DL_WEBHDFS_DELEGATION wins over the credentials file, for use outside a container.
    """
    return os.environ.get(WEBHDFS_DELEGATION_ENV, "").strip() or _secret(WEBHDFS_DELEGATION_ALIAS)
