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


def store_for(location, hdfs_user=None):
    """The store for `location`: `file:///abs/dir`, `webhdfs://host:port/dir` or a plain path."""
    parsed = urllib.parse.urlparse(location)
    if parsed.scheme == "webhdfs":
        if not parsed.hostname or not parsed.port:
            raise ValueError(f"checkpoint location {location!r}: webhdfs:// needs host:port")
        return WebHdfsStore(parsed.hostname, parsed.port, parsed.path or "/", hdfs_user)
    if parsed.scheme == "file":
        return FileStore(urllib.parse.unquote(parsed.path))
    if parsed.scheme in ("", ) or len(parsed.scheme) == 1:  # a plain path (or a Windows drive)
        return FileStore(location)
    raise ValueError(f"checkpoint location {location!r}: only file://, webhdfs:// and plain paths "
                     "are supported (the AM turns hdfs:// into webhdfs://)")


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


class WebHdfsStore:
    """A checkpoint in HDFS, through the NameNode's WebHDFS REST API (simple authentication)."""

    def __init__(self, host, port, directory, user=None):
        self.base = f"http://{host}:{port}/webhdfs/v1"
        self.directory = directory.rstrip("/") or "/"
        self.path = self.directory.rstrip("/") + "/" + CHECKPOINT_NAME
        self.uri = f"webhdfs://{host}:{port}{self.path}"
        self.user = user

    def _url(self, path, op, **params):
        query = {"op": op}
        if self.user:
            query["user.name"] = self.user
        query.update(params)
        return self.base + urllib.parse.quote(path) + "?" + urllib.parse.urlencode(query)

    def _call(self, method, url, data=None, expect_json=True):
        req = urllib.request.Request(url, data=data, method=method)
        if data is not None:
            req.add_header("Content-Type", "application/octet-stream")
        try:
            with urllib.request.urlopen(req, timeout=WEBHDFS_TIMEOUT_S) as resp:
                raw = resp.read()
        except urllib.error.HTTPError as e:
            if e.code in (301, 302, 307) and e.headers.get("Location"):
                # urllib follows redirects for GET only; WebHDFS without noredirect sends PUTs on.
                return {"Location": e.headers["Location"]}
            detail = e.read(1000).decode("utf-8", "replace")
            if e.code == 404 or "FileNotFoundException" in detail:
                raise FileNotFoundError(f"{method} {url}: {detail}") from None
            raise WebHdfsError(f"WebHDFS {method} {url}: HTTP {e.code} {detail}") from None
        except OSError as e:
            raise WebHdfsError(f"WebHDFS {method} {url}: {e}") from None
        if not expect_json:
            return raw
        return json.loads(raw.decode("utf-8")) if raw.strip() else {}

    def _create(self, path, data):
        answer = self._call("PUT", self._url(path, "CREATE", overwrite="true", noredirect="true"))
        location = answer.get("Location")
        if not location:
            raise WebHdfsError(f"WebHDFS CREATE {path}: no Location in the answer {answer!r}")
        self._call("PUT", location, data=data, expect_json=False)

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
            return self._call("GET", self._url(self.path, "OPEN"), expect_json=False)
        except FileNotFoundError:
            return None
