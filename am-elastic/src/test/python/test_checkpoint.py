"""Checkpoint storage: atomic replacement on a local directory and on HDFS through WebHDFS."""

import os
import shutil
import tempfile
import unittest

import fakes
import yarn_dl
from yarn_dl import _checkpoint

NO_AM = dict(YARN_DL_AM_URL=None, RANK=None, WORLD_SIZE=None, YARN_DL_ROLE=None)


class FileCheckpointTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        fakes.require_torch()

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="ckpt-")

    def test_round_trip_through_file_uri_leaves_only_the_checkpoint(self):
        import torch
        with fakes.EnvPatch(YARN_DL_CHECKPOINT_DIR="file://" + self.dir, **NO_AM):
            self.assertIsNone(yarn_dl.load_checkpoint())
            uri = yarn_dl.save_checkpoint({"step": 7, "w": torch.arange(4.0)}, step=7)
            state = yarn_dl.load_checkpoint()
        self.assertEqual(uri, "file://" + os.path.join(self.dir, "checkpoint.pt"))
        self.assertEqual(state["step"], 7)
        self.assertTrue(torch.equal(state["w"], torch.arange(4.0)))
        self.assertEqual(os.listdir(self.dir), ["checkpoint.pt"])

    def test_plain_path_is_created_and_the_newer_checkpoint_replaces_the_older(self):
        target = os.path.join(self.dir, "nested", "dir")
        with fakes.EnvPatch(YARN_DL_CHECKPOINT_DIR=target, **NO_AM):
            yarn_dl.save_checkpoint({"step": 1}, step=1)
            yarn_dl.save_checkpoint({"step": 2}, step=2)
            self.assertEqual(yarn_dl.load_checkpoint()["step"], 2)
        self.assertEqual(os.listdir(target), ["checkpoint.pt"])

    def test_a_failed_write_keeps_the_old_checkpoint_and_no_temporary_file(self):
        store = _checkpoint.store_for(self.dir)
        store.write(lambda f: f.write(b"old"))

        def broken(f):
            f.write(b"half")
            raise IOError("disk full")

        with self.assertRaises(IOError):
            store.write(broken)
        self.assertEqual(store.read(), b"old")
        self.assertEqual(os.listdir(self.dir), ["checkpoint.pt"])

    def test_non_chief_ranks_do_not_write(self):
        with fakes.EnvPatch(YARN_DL_CHECKPOINT_DIR=self.dir, YARN_DL_AM_URL=None, RANK="1",
                            WORLD_SIZE="2", YARN_DL_ROLE=None):
            self.assertIsNone(yarn_dl.save_checkpoint({"step": 1}, step=1))
        self.assertEqual(os.listdir(self.dir), [])

    def test_unknown_scheme_is_refused_with_the_supported_ones(self):
        with self.assertRaisesRegex(ValueError, "webhdfs://"):
            _checkpoint.store_for("s3://bucket/dir")


class WebHdfsCheckpointTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        fakes.require_torch()

    def setUp(self):
        self.hdfs = fakes.FakeWebHdfs()
        self.addCleanup(self.hdfs.stop)
        self.location = f"webhdfs://127.0.0.1:{self.hdfs.port}/user/u/.yarn-dl/app_1/checkpoints"

    def test_round_trip_replaces_atomically_via_create_delete_rename(self):
        import torch
        with fakes.EnvPatch(YARN_DL_CHECKPOINT_DIR=self.location, YARN_DL_HDFS_USER="alice", **NO_AM):
            self.assertIsNone(yarn_dl.load_checkpoint())
            yarn_dl.save_checkpoint({"step": 1}, step=1)
            uri = yarn_dl.save_checkpoint({"step": 2, "w": torch.ones(3)}, step=2)
            state = yarn_dl.load_checkpoint()
        final = "/user/u/.yarn-dl/app_1/checkpoints/checkpoint.pt"
        self.assertEqual(uri, f"webhdfs://127.0.0.1:{self.hdfs.port}{final}")
        self.assertEqual(state["step"], 2)
        self.assertTrue(torch.equal(state["w"], torch.ones(3)))
        self.assertEqual(list(self.hdfs.files), [final])
        tmp = f"{final}.tmp-{os.getpid()}"
        second_save = [op[:2] for op in self.hdfs.ops if op[0] != "OPEN"][4:]
        self.assertEqual(second_save, [("CREATE", tmp), ("WRITE", tmp), ("DELETE", final),
                                       ("RENAME", tmp)])
        self.assertTrue(all(op[2] == "alice" for op in self.hdfs.ops if op[0] != "WRITE"))

    def test_with_a_delegation_token_every_request_carries_it_and_none_names_a_user(self):
        # The fake's CREATE redirect has no token in it (a NameNode's has): the helper adds it.
        store = _checkpoint.store_for(self.location, "alice", delegation="TOKEN-url-string")
        store.write(lambda f: f.write(b"state"))
        self.assertEqual(store.read(), b"state")
        self.assertEqual({q.get("delegation") for _, _, q in self.hdfs.queries}, {"TOKEN-url-string"})
        self.assertTrue(any(path.startswith("/datanode") and method == "PUT"
                            for method, path, _ in self.hdfs.queries), "the DataNode write was seen")
        self.assertFalse([q for _, path, q in self.hdfs.queries
                          if not path.startswith("/datanode") and "user.name" in q])

    def test_a_refusal_names_who_was_refused_and_hides_the_token(self):
        self.hdfs.stop()
        store = _checkpoint.store_for(self.location, "alice", delegation="SECRET-token")
        with self.assertRaises(OSError) as raised:
            store.read()
        self.assertNotIn("SECRET-token", str(raised.exception))
        self.assertIn("delegation=%3Chidden%3E", str(raised.exception))
        self.hdfs = fakes.FakeWebHdfs()

    def test_swebhdfs_speaks_https_and_checks_the_certificate(self):
        self.hdfs.stop()
        directory = tempfile.mkdtemp(prefix="tls-")
        self.addCleanup(shutil.rmtree, directory, True)
        context, cert = fakes.self_signed_tls(directory)
        self.hdfs = fakes.FakeWebHdfs(tls=context)
        location = f"swebhdfs://127.0.0.1:{self.hdfs.port}/ckpt"
        with fakes.EnvPatch(SSL_CERT_FILE=None):
            with self.assertRaisesRegex(OSError, "CERTIFICATE_VERIFY_FAILED"):
                _checkpoint.store_for(location, delegation="T").write(lambda f: f.write(b"x"))
        with fakes.EnvPatch(SSL_CERT_FILE=cert):
            store = _checkpoint.store_for(location, delegation="T")
            self.assertEqual(store.write(lambda f: f.write(b"state")), location + "/checkpoint.pt")
            self.assertEqual(store.read(), b"state")

    def test_missing_checkpoint_reads_as_none(self):
        store = _checkpoint.store_for(self.location, "alice")
        self.assertIsNone(store.read())

    def test_unreachable_namenode_raises_a_clear_error(self):
        self.hdfs.stop()
        store = _checkpoint.store_for(self.location, "alice")
        with self.assertRaisesRegex(OSError, "WebHDFS PUT"):
            store.write(lambda f: f.write(b"x"))

        self.hdfs = fakes.FakeWebHdfs()  # so cleanup has a live server to stop


if __name__ == "__main__":
    unittest.main()
