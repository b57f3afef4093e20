"""The HTTP client for the AM's control server (see PROTOCOL.md): JSON in, JSON out, stdlib only.

Every request carries the application's control token (`Authorization: Bearer`, from the
container's credentials file, see `_credentials`); the AM answers 401 to anything without it.

Failure policy: these functions raise `AmUnavailable` for every way a request can fail, so callers
choose: the helper logs and carries on (a lost AM must never crash training), the agent counts how
long the AM has been gone.
"""

import json
import math
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

from . import _credentials

TIMEOUT_S = 5.0


class AmUnavailable(Exception):
    """The AM could not be reached or answered with an error."""


def _json_safe(value):
    # JSON has no literal for NaN or infinities and Jackson rejects Python's bare NaN token:
    # send them as the strings Jackson reads back into doubles ("NaN", "Infinity", "-Infinity").
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    if isinstance(value, dict):
        return {k: _json_safe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_safe(v) for v in value]
    return value


def encode(body):
    return json.dumps(_json_safe(body), allow_nan=False).encode("utf-8")


def request(base_url, method, path, body=None, query=None, timeout=TIMEOUT_S):
    url = base_url.rstrip("/") + path
    if query:
        url += "?" + urllib.parse.urlencode(query)
    data = None if body is None else encode(body)
    req = urllib.request.Request(url, data=data, method=method)
    if data is not None:
        req.add_header("Content-Type", "application/json")
    try:
        token = _credentials.control_token()
    except (OSError, _credentials.CredentialsError) as e:
        raise AmUnavailable(f"{method} {url}: cannot read the control token from the credentials file: {e}") from None
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            raw = resp.read()
    except urllib.error.HTTPError as e:
        detail = e.read(500).decode("utf-8", "replace")
        raise AmUnavailable(f"{method} {url}: HTTP {e.code} {detail}") from None
    except (OSError, ValueError) as e:  # URLError, timeouts, connection refused/reset
        raise AmUnavailable(f"{method} {url}: {e}") from None
    try:
        return json.loads(raw.decode("utf-8")) if raw.strip() else {}
    except ValueError as e:
        raise AmUnavailable(f"{method} {url}: the answer is not JSON: {e}") from None


def get(base_url, path, query=None, timeout=TIMEOUT_S):
    return request(base_url, "GET", path, query=query, timeout=timeout)


def post(base_url, path, body, timeout=TIMEOUT_S):
    return request(base_url, "POST", path, body=body, timeout=timeout)


class RateLimitedLog:
    """Writes a message to stderr at most once per `interval_s` for each key.

    A trainer that lost its AM would otherwise print an error every step.
    """

    def __init__(self, interval_s=60.0):
        self.interval_s = interval_s
        self._last = {}

    def __call__(self, key, message):
        now = time.monotonic()
        last = self._last.get(key)
        if last is not None and now - last < self.interval_s:
            return False
        self._last[key] = now
        print(f"yarn_dl: {message}", file=sys.stderr, flush=True)
        return True
