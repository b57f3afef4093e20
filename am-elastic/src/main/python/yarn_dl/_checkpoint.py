"""Where checkpoints live: a local (or NFS) directory, or HDFS through WebHDFS's REST API.

Both stores replace `checkpoint.pt` atomically enough that a reader never sees a half-written file:
the bytes go to a temporary name in the same directory first. Locally `os.replace` is atomic; on
HDFS the temporary file is renamed after the old checkpoint is deleted (WebHDFS has no overwriting
rename), so a crash between the two leaves no `checkpoint.pt`, only the complete
`checkpoint.pt.tmp-<pid>` beside it (rename it by hand to recover).
"""

import json
import os
import urllib.error
import urllib.parse
import urllib.request

CHECKPOINT_NAME = "checkpoint.pt"
WEBHDFS_TIMEOUT_S = 120.0


def store_for(location, hdfs_user=None, delegation=None):
    """The store for `location`: `file:///abs/dir`, `webhdfs://host:port/dir` (`swebhdfs://` for
    WebHDFS over HTTPS, checked against the system's CAs or `SSL_CERT_FILE`) or a plain path.

    `delegation` is an HDFS delegation token's URL string: on a secure cluster WebHDFS takes it
    instead of `user.name`, which it ignores there.
    """
    parsed = urllib.parse.urlparse(location)
    if parsed.scheme in ("webhdfs", "swebhdfs"):
        if not parsed.hostname or not parsed.port:
            raise ValueError(f"checkpoint location {location!r}: {parsed.scheme}:// needs host:port")
        return WebHdfsStore(parsed.hostname, parsed.port, parsed.path or "/", hdfs_user, delegation,
                            tls=parsed.scheme == "swebhdfs")
    if parsed.scheme == "file":
        return FileStore(urllib.parse.unquote(parsed.path))
    if parsed.scheme in ("", ) or len(parsed.scheme) == 1:  # a plain path (or a Windows drive)
        return FileStore(location)
    raise ValueError(f"checkpoint location {location!r}: only file://, webhdfs://, swebhdfs:// and plain "
                     "paths are supported (the AM turns hdfs:// into (s)webhdfs://)")


class FileStore:
    """A checkpoint in a directory of the local (or a shared) file system."""

    def __init__(self, directory):
        self.directory = os.path.abspath(directory)
        self.path = os.path.join(self.directory, CHECKPOINT_NAME)
        self.uri = "file://" + urllib.parse.quote(self.path)

    def write(self, write_to):
        """Calls `write_to(binary_file)` on a temporary file, then moves it over the checkpoint."""
        os.makedirs(self.directory, exist_ok=True)
        tmp = f"{self.path}.tmp-{os.getpid()}"
        try:
            with open(tmp, "wb") as f:
                write_to(f)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, self.path)
        except BaseException:
            try:
                os.remove(tmp)
            except OSError:
                pass
            raise
        return self.uri

    def read(self):
        """The checkpoint's bytes, or None when there is none."""
        try:
            with open(self.path, "rb") as f:
                return f.read()
        except FileNotFoundError:
            return None


class WebHdfsError(OSError):
    pass


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """Hands every redirect back to the store, which follows it with its token (see _redirected)."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


_OPENER = urllib.request.build_opener(_NoRedirect)


def _hide(url):
    """`url` with its delegation token replaced, for messages that end up in logs."""
    parts = urllib.parse.urlsplit(url)
    query = [(k, "<hidden>" if k == "delegation" else v) for k, v in urllib.parse.parse_qsl(parts.query)]
    return urllib.parse.urlunsplit(parts._replace(query=urllib.parse.urlencode(query)))


class WebHdfsStore:
    """A checkpoint in HDFS, through the NameNode's WebHDFS REST API (HTTPS with `tls`).

    With simple authentication each request names its user (`user.name=`); on a secure cluster it
    carries the job's delegation token (`delegation=`) instead, and the NameNode's redirect to a
    DataNode carries it on.
    """

    def __init__(self, host, port, directory, user=None, delegation=None, tls=False):
        self.base = f"{'https' if tls else 'http'}://{host}:{port}/webhdfs/v1"
        self.directory = directory.rstrip("/") or "/"
        self.path = self.directory.rstrip("/") + "/" + CHECKPOINT_NAME
        self.uri = f"{'swebhdfs' if tls else 'webhdfs'}://{host}:{port}{self.path}"
        self.user = user
        self.delegation = delegation

    def _identity(self):
        """What a refusal names: the token's owner is not known here, so the user we run for."""
        how = "delegation token" if self.delegation else "user.name"
        return f"{self.user or '?'} ({how})"

    def _url(self, path, op, **params):
        query = {"op": op}
        if self.delegation:
            query["delegation"] = self.delegation
        elif self.user:
            query["user.name"] = self.user
        query.update(params)
        return self.base + urllib.parse.quote(path) + "?" + urllib.parse.urlencode(query)

    def _with_delegation(self, location):
        """The DataNode URL of a redirect, with our token if the NameNode did not put one in."""
        if not self.delegation or "delegation=" in urllib.parse.urlsplit(location).query:
            return location
        return location + ("&" if "?" in location else "?") + urllib.parse.urlencode(
            {"delegation": self.delegation})

    def _call(self, method, url, data=None, expect_json=True):
        req = urllib.request.Request(url, data=data, method=method)
        if data is not None:
            req.add_header("Content-Type", "application/octet-stream")
        try:
            with _OPENER.open(req, timeout=WEBHDFS_TIMEOUT_S) as resp:
                raw = resp.read()
        except urllib.error.HTTPError as e:
            if e.code in (301, 302, 307) and e.headers.get("Location"):
                # WebHDFS sends reads and writes on to a DataNode; the caller follows with its token.
                return {"Location": e.headers["Location"]}
            detail = e.read(1000).decode("utf-8", "replace")
            if e.code == 404 or "FileNotFoundException" in detail:
                raise FileNotFoundError(f"{method} {_hide(url)}: {detail}") from None
            if e.code in (401, 403):
                raise WebHdfsError(f"WebHDFS refused {method} {_hide(url)} to {self._identity()}: "
                                   f"HTTP {e.code} {detail}") from None
            raise WebHdfsError(f"WebHDFS {method} {_hide(url)}: HTTP {e.code} {detail}") from None
        except OSError as e:
            raise WebHdfsError(f"WebHDFS {method} {_hide(url)}: {e}") from None
        if not expect_json:
            return raw
        return json.loads(raw.decode("utf-8")) if raw.strip() else {}

    def _create(self, path, data):
        answer = self._call("PUT", self._url(path, "CREATE", overwrite="true", noredirect="true"))
        location = answer.get("Location")
        if not location:
            raise WebHdfsError(f"WebHDFS CREATE {path}: no Location in the answer {answer!r}")
        self._call("PUT", self._with_delegation(location), data=data, expect_json=False)

    def _delete(self, path):
        return self._call("DELETE", self._url(path, "DELETE")).get("boolean", False)

    def _rename(self, source, destination):
        answer = self._call("PUT", self._url(source, "RENAME", destination=destination))
        if not answer.get("boolean", False):
            raise WebHdfsError(f"WebHDFS RENAME {source} -> {destination} failed: {answer!r}")

    def write(self, write_to):
        import io
        buffer = io.BytesIO()
        write_to(buffer)
        tmp = f"{self.path}.tmp-{os.getpid()}"
        self._create(tmp, buffer.getvalue())
        self._delete(self.path)
        self._rename(tmp, self.path)
        return self.uri

    def read(self):
        try:
            answer = self._call("GET", self._url(self.path, "OPEN"), expect_json=False)
            if isinstance(answer, dict):  # the NameNode's redirect to a DataNode holding the blocks
                answer = self._call("GET", self._with_delegation(answer["Location"]), expect_json=False)
            return answer
        except FileNotFoundError:
            return None
