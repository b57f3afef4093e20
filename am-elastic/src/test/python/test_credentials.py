"""The control token: read from the container's Hadoop credentials file and sent with every request
to the AM, by the helper a training script calls and by the agent."""

import contextlib
import io
import os
import subprocess
import sys
import tempfile
import unittest

import fakes
import yarn_dl
from yarn_dl import _credentials

SRC = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "main", "python"))
TOKEN = "Jq0uJ5o4jTzqkQv4m1Y0zZ1dQ2r3s4t5u6v7w8x9y0A"
# A delegation token as a secure cluster would put beside ours, its identifier over 127 bytes so
# its length takes a multi-byte vint.
HDFS_TOKEN = ("hdfs-delegation", b"i" * 300, b"p" * 20, "HDFS_DELEGATION_TOKEN", "ha-hdfs:nn")


class CredentialsFileTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="creds-")
        _credentials._keys_in.cache_clear()

    def path(self, name="container_tokens"):
        return os.path.join(self.dir, name)

    def test_vints_decode_as_hadoop_encodes_them(self):
        # Bytes from WritableUtils.writeVLong's algorithm, worked by hand.
        for value, encoded in [(0, b"\x00"), (127, b"\x7f"), (-112, b"\x90"), (128, b"\x8f\x80"),
                               (300, b"\x8e\x01\x2c"), (-113, b"\x87\x70"), (70000, b"\x8d\x01\x11\x70")]:
            self.assertEqual(_credentials._vint(io.BytesIO(encoded)), value, encoded)
            self.assertEqual(fakes._vint(value), encoded, value)

    def test_the_token_is_found_among_other_tokens_and_secrets(self):
        fakes.credentials_file(self.path(), {"other.secret": b"x" * 200, _credentials.ALIAS: TOKEN},
                               tokens=[HDFS_TOKEN])
        with fakes.EnvPatch(HADOOP_TOKEN_FILE_LOCATION=self.path()):
            self.assertEqual(_credentials.control_token(), TOKEN)

    def test_no_file_or_no_token_means_no_token(self):
        with fakes.EnvPatch(HADOOP_TOKEN_FILE_LOCATION=None):
            self.assertIsNone(_credentials.control_token())
        with fakes.EnvPatch(HADOOP_TOKEN_FILE_LOCATION=self.path("missing")):
            self.assertIsNone(_credentials.control_token())
        fakes.credentials_file(self.path(), {"other.secret": b"x"}, tokens=[HDFS_TOKEN])
        with fakes.EnvPatch(HADOOP_TOKEN_FILE_LOCATION=self.path()):
            self.assertIsNone(_credentials.control_token())

    def test_the_webhdfs_delegation_comes_from_the_file_and_the_environment_wins(self):
        fakes.credentials_file(self.path(), {_credentials.ALIAS: TOKEN,
                                             _credentials.WEBHDFS_DELEGATION_ALIAS: "HgAFYWxpY2U"},
                               tokens=[HDFS_TOKEN])
        with fakes.EnvPatch(HADOOP_TOKEN_FILE_LOCATION=self.path(), YARN_DL_WEBHDFS_DELEGATION=None):
            self.assertEqual(_credentials.webhdfs_delegation(), "HgAFYWxpY2U")
            self.assertEqual(_credentials.control_token(), TOKEN)
        with fakes.EnvPatch(HADOOP_TOKEN_FILE_LOCATION=self.path(), YARN_DL_WEBHDFS_DELEGATION="from-env"):
            self.assertEqual(_credentials.webhdfs_delegation(), "from-env")
        with fakes.EnvPatch(HADOOP_TOKEN_FILE_LOCATION=None, YARN_DL_WEBHDFS_DELEGATION=None):
            self.assertIsNone(_credentials.webhdfs_delegation())

    def test_a_damaged_or_unknown_file_is_an_error_naming_why(self):
        with self.assertRaisesRegex(_credentials.CredentialsError, "HDTS"):
            _credentials.secret_keys(b"not credentials")
        with self.assertRaisesRegex(_credentials.CredentialsError, "version 1"):
            _credentials.secret_keys(b"HDTS\x01\x00")
        with open(fakes.credentials_file(self.path(), {_credentials.ALIAS: TOKEN}), "rb") as f:
            whole = f.read()
        with self.assertRaisesRegex(_credentials.CredentialsError, "truncated"):
            _credentials.secret_keys(whole[:-5])


class HelperSendsTheTokenTest(unittest.TestCase):
    def setUp(self):
        self.am = fakes.FakeAm(generation=2, token=TOKEN)
        self.addCleanup(self.am.stop)
        self.dir = tempfile.mkdtemp(prefix="creds-")
        _credentials._keys_in.cache_clear()
        yarn_dl._last_job_at = -1e9
        # The helper logs a lost AM once a minute per process: leave no silence to the next test.
        yarn_dl._log._last.clear()
        self.addCleanup(yarn_dl._log._last.clear)

    def env(self, token_file):
        return fakes.EnvPatch(YARN_DL_AM_URL=self.am.url, HADOOP_TOKEN_FILE_LOCATION=token_file, RANK=None,
                              WORLD_SIZE=None, YARN_DL_ROLE=None, YARN_DL_GENERATION="2")

    def test_reports_and_resize_questions_carry_the_token(self):
        path = fakes.credentials_file(os.path.join(self.dir, "container_tokens"), {_credentials.ALIAS: TOKEN},
                                      tokens=[HDFS_TOKEN])
        with self.env(path):
            yarn_dl.report(10, 0.5, 128.0)
            self.assertFalse(yarn_dl.resize_coming())
        self.assertEqual([b["step"] for b in self.am.bodies("/v1/progress")], [10])
        self.assertEqual(set(self.am.authorizations), {f"Bearer {TOKEN}"})
        self.assertEqual(self.am.refused, 0)

    def test_without_the_token_the_am_refuses_and_training_goes_on(self):
        stderr = io.StringIO()
        with self.env(None), contextlib.redirect_stderr(stderr):
            yarn_dl.report(10, 0.5, 128.0)
        self.assertEqual(self.am.bodies("/v1/progress"), [])
        self.assertEqual(self.am.refused, 1)
        self.assertIn("401", stderr.getvalue())


class AgentSendsTheTokenTest(unittest.TestCase):
    def setUp(self):
        self.am = fakes.FakeAm(token=TOKEN)
        self.addCleanup(self.am.stop)
        self.dir = tempfile.mkdtemp(prefix="agent-creds-")

    def run_agent(self, token_file):
        env = dict(os.environ, PYTHONPATH=SRC, YARN_DL_AM_URL=self.am.url, YARN_DL_CONTAINER_ID="container_1",
                   LOG_DIRS=self.dir, YARN_DL_AGENT_AM_TIMEOUT_S="1", YARN_DL_AGENT_POLL_S="0.05")
        env.pop("HADOOP_TOKEN_FILE_LOCATION", None)
        if token_file:
            env["HADOOP_TOKEN_FILE_LOCATION"] = token_file
        return subprocess.run([sys.executable, "-m", "yarn_dl.agent"], env=env, cwd=self.dir,
                              capture_output=True, text=True, timeout=30)

    def test_the_agent_shows_the_token_and_gets_its_assignment(self):
        self.am.assign("container_1", "EXIT")
        path = fakes.credentials_file(os.path.join(self.dir, "container_tokens"), {_credentials.ALIAS: TOKEN})
        done = self.run_agent(path)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(self.am.refused, 0)
        self.assertIn(f"Bearer {TOKEN}", self.am.authorizations)
        self.assertNotIn(TOKEN, done.stderr, "the agent must never log the token")

    def test_an_agent_without_the_token_is_refused_and_says_why(self):
        self.am.assign("container_1", "EXIT")
        done = self.run_agent(None)
        self.assertNotEqual(done.returncode, 0)
        self.assertGreater(self.am.refused, 0)
        self.assertIn("no control token", done.stderr)
        self.assertIn("HTTP 401", done.stderr)


if __name__ == "__main__":
    unittest.main()
