"""Test seams: a fake AM control server and a fake WebHDFS NameNode, each an http.server in a thread.

They implement only what PROTOCOL.md (and the WebHDFS REST API) promise, and record every request
so tests can assert on what the Python side sent.
"""

import json
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class _Server:
    def __init__(self, handler_class, tls=None):
        """`tls`: an ssl.SSLContext to serve HTTPS with, None for HTTP."""
        owner = self

        class Handler(handler_class):
            fake = owner

            def log_message(self, *args):  # keep test output quiet
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        if tls is not None:
            self.httpd.socket = tls.wrap_socket(self.httpd.socket, server_side=True)
        self.port = self.httpd.server_address[1]
        self.url = f"{'https' if tls else 'http'}://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, args=(0.05,), daemon=True)
        self.thread.start()

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def wait_until(predicate, timeout=10.0, what="the condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


class _AmHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def _reply(self, code, body):
        raw = json.dumps(body).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)

    def _refused(self):
        """Like the AM: 401 unless the request carries the fake's token (when it has one)."""
        fake = self.fake
        offered = self.headers.get("Authorization")
        with fake.lock:
            fake.authorizations.append(offered)
            if fake.token is None or offered == f"Bearer {fake.token}":
                return False
            fake.refused += 1
        self._reply(401, {"error": "this endpoint needs the application's control token"})
        return True

    def do_GET(self):
        url = urllib.parse.urlparse(self.path)
        query = dict(urllib.parse.parse_qsl(url.query))
        fake = self.fake
        if self._refused():
            return
        with fake.lock:
            fake.requests.append(("GET", url.path, query))
            if url.path == "/v1/assignment":
                assignment = fake.assignments.get(query.get("container"))
                if assignment is None:
                    return self._reply(404, {"error": "unknown container"})
                return self._reply(200, assignment)
            if url.path == "/v1/job":
                return self._reply(200, dict(fake.job))
        self._reply(404, {"error": "no such endpoint"})

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        try:
            body = json.loads(self.rfile.read(length).decode())
        except ValueError as e:
            return self._reply(400, {"error": str(e)})
        fake = self.fake
        if self._refused():
            return
        with fake.lock:
            fake.requests.append(("POST", self.path, body))
            fake.posts.append((self.path, body))
            if self.path == "/v1/agent":
                return self._reply(200, fake.assignments.get(body.get("container"), {"state": "WAIT"}))
            if self.path == "/v1/progress":
                fake.job["step"] = body.get("step")
                if fake.on_progress:
                    fake.on_progress(fake, body)
                return self._reply(200, dict(fake.job))
            if self.path == "/v1/checkpoint":
                fake.job["checkpoint_step"] = body.get("step")
                if fake.on_checkpoint:
                    fake.on_checkpoint(fake, body)
                return self._reply(200, dict(fake.job))
        self._reply(404, {"error": "no such endpoint"})


class FakeAm(_Server):
    """The AM's control server: assignments per container, one job, every POST recorded.

    With a `token`, like the real AM, it answers 401 to requests without `Authorization: Bearer
    <token>` and counts them in `refused`; `authorizations` records what every request offered.
    """

    def __init__(self, generation=1, token=None):
        self.lock = threading.RLock()
        self.token = token
        self.refused = 0
        self.authorizations = []
        self.assignments = {}
        self.job = {"generation": generation, "resize_pending": False, "step": 0, "checkpoint_step": None}
        self.requests = []
        self.posts = []
        self.on_progress = None    # fake, body -> None: mutate fake.job, e.g. to request a resize
        self.on_checkpoint = None
        super().__init__(_AmHandler)

    def assign(self, container, state, generation=0, argv=None, env=None):
        with self.lock:
            self.assignments[container] = {"generation": generation, "state": state,
                                           "argv": argv or [], "env": env or {}}

    def bodies(self, path):
        with self.lock:
            return [body for p, body in self.posts if p == path]

    def events(self, event=None):
        return [b for b in self.bodies("/v1/agent") if event is None or b.get("event") == event]


class _WebHdfsHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def _send(self, code, raw=b"", content_type="application/json", headers=()):
        self.send_response(code)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(raw)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(raw)

    def _json(self, code, body):
        self._send(code, json.dumps(body).encode())

    def _not_found(self, path):
        self._json(404, {"RemoteException": {"exception": "FileNotFoundException",
                                             "javaClassName": "java.io.FileNotFoundException",
                                             "message": f"File does not exist: {path}"}})

    def _parse(self):
        url = urllib.parse.urlparse(self.path)
        query = dict(urllib.parse.parse_qsl(url.query))
        return url.path, query

    def _body(self):
        return self.rfile.read(int(self.headers.get("Content-Length", "0")))

    def do_PUT(self):
        path, query = self._parse()
        data = self._body()
        fake = self.fake
        with fake.lock:
            fake.queries.append(("PUT", path, query))
            if path.startswith("/datanode"):  # step 2 of CREATE: the bytes
                fake.ops.append(("WRITE", path[len("/datanode"):], query.get("user.name")))
                fake.files[path[len("/datanode"):]] = data
                return self._send(201)
            hdfs_path = path[len("/webhdfs/v1"):]
            op = query.get("op")
            fake.ops.append((op, hdfs_path, query.get("user.name")))
            if op == "CREATE":
                if query.get("noredirect") != "true":
                    return self._json(400, {"error": "this fake only speaks noredirect=true"})
                if hdfs_path in fake.files and query.get("overwrite") != "true":
                    return self._json(403, {"RemoteException": {"exception": "FileAlreadyExistsException"}})
                location = f"{fake.url}/datanode{hdfs_path}?op=CREATE&user.name={query.get('user.name')}"
                return self._json(200, {"Location": location})
            if op == "RENAME":
                destination = query["destination"]
                ok = hdfs_path in fake.files and destination not in fake.files
                if ok:
                    fake.files[destination] = fake.files.pop(hdfs_path)
                return self._json(200, {"boolean": ok})
        self._json(400, {"error": f"unsupported PUT {self.path}"})

    def do_DELETE(self):
        path, query = self._parse()
        hdfs_path = path[len("/webhdfs/v1"):]
        with self.fake.lock:
            self.fake.queries.append(("DELETE", path, query))
            self.fake.ops.append((query.get("op"), hdfs_path, query.get("user.name")))
            existed = self.fake.files.pop(hdfs_path, None) is not None
        self._json(200, {"boolean": existed})

    def do_GET(self):
        path, query = self._parse()
        fake = self.fake
        with fake.lock:
            fake.queries.append(("GET", path, query))
            if path.startswith("/datanode"):
                data = fake.files.get(path[len("/datanode"):])
                if data is None:
                    return self._not_found(path)
                return self._send(200, data, "application/octet-stream")
            hdfs_path = path[len("/webhdfs/v1"):]
            fake.ops.append((query.get("op"), hdfs_path, query.get("user.name")))
            if query.get("op") == "OPEN":
                if hdfs_path not in fake.files:
                    return self._not_found(hdfs_path)
                # A NameNode redirects reads to a DataNode.
                return self._send(307, headers=[("Location", f"{fake.url}/datanode{hdfs_path}?op=OPEN")])
        self._json(400, {"error": f"unsupported GET {self.path}"})


class FakeWebHdfs(_Server):
    """A NameNode+DataNode pair as WebHDFS clients see them; files is {hdfs path: bytes}.

    `queries` holds every request as (method, URL path, query dict), DataNode ones included.
    """

    def __init__(self, tls=None):
        self.lock = threading.RLock()
        self.files = {}
        self.ops = []
        self.queries = []
        super().__init__(_WebHdfsHandler, tls)


def self_signed_tls(directory):
    """(server SSLContext, PEM path) for 127.0.0.1, made with the openssl command (fails if missing)."""
    import ssl
    import subprocess
    cert, key = f"{directory}/cert.pem", f"{directory}/key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", key, "-out", cert], check=True, capture_output=True)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    return context, cert


def require_torch():
    """Fails (never skips) a test that needs PyTorch when it is missing, saying how to get it."""
    try:
        import torch  # noqa: F401
    except ImportError as e:
        import sys
        raise AssertionError(
            f"these tests need PyTorch, which {sys.executable} cannot import ({e}). Install Debian's "
            "python3-torch (apt-get install -y --no-install-recommends python3-torch) and run them "
            "with /usr/bin/python3 (Maven: -Dyarndl.python=/usr/bin/python3)") from None


def _vint(value):
    """Hadoop's WritableUtils.writeVLong, written from its Java source independently of the reader."""
    if -112 <= value <= 127:
        return value.to_bytes(1, "big", signed=True)
    length = -112
    if value < 0:
        value = ~value
        length = -120
    tmp = value
    while tmp:
        tmp >>= 8
        length -= 1
    size = -(length + 120) if length < -120 else -(length + 112)
    return length.to_bytes(1, "big", signed=True) + value.to_bytes(size, "big")


def _writable_bytes(data):
    data = data.encode("utf-8") if isinstance(data, str) else data
    return _vint(len(data)) + data


def credentials_file(path, secrets, tokens=()):
    """Writes what a NodeManager writes to a container's token file: Hadoop's Writable token storage.

    `secrets`: alias -> value; `tokens`: (alias, identifier, password, kind, service) tuples.
    """
    out = b"HDTS" + bytes([0]) + _vint(len(tokens))
    for token in tokens:
        out += b"".join(_writable_bytes(part) for part in token)
    out += _vint(len(secrets))
    for alias, value in secrets.items():
        out += _writable_bytes(alias) + _writable_bytes(value)
    with open(path, "wb") as f:
        f.write(out)
    return path


class EnvPatch:
    """Sets environment variables for one test and restores them afterwards."""

    def __init__(self, **values):
        self.values = values
        self.saved = {}

    def __enter__(self):
        import os
        for key, value in self.values.items():
            self.saved[key] = os.environ.get(key)
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = str(value)
        return self

    def __exit__(self, *exc):
        import os
        for key, value in self.saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
