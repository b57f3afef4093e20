"""Unit tests of the marl trainer (run by simulator's MarlTrainerTest through /usr/bin/python3, which
fails, never skips, without PyTorch): a warm-up step on a tiny synthetic batch lowers the loss, and
the exported model has the contract's shapes. With MARL_EXPORT_DIR set, the export and its scores on
fixed rows are left there, so Java can load the file through ONNX Runtime and check the same scores."""
import json
import os
import sys
import tempfile
import unittest

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import marlnet  # noqa: E402
from marl_batches import MarlBatch  # noqa: E402
from marl_train import warmup_step  # noqa: E402


def write_batch(folder, decisions=64, seed=0):
    """A batch whose teacher always picks the row with the largest first feature (the emptiest node)."""
    rng = np.random.RandomState(seed)
    counts = rng.randint(2, 9, size=decisions)
    rows = rng.rand(int(counts.sum()), marlnet.FEATURES).astype("<f4")
    firsts = np.concatenate([[0], np.cumsum(counts)[:-1]])
    teacher = np.array([int(np.argmax(rows[f:f + c, 0])) for f, c in zip(firsts, counts)])
    fields = np.stack([firsts, counts, teacher, teacher, np.zeros(decisions), np.arange(decisions)], axis=1)
    rows.tofile(os.path.join(folder, "rows.f32"))
    fields.astype("<i4").tofile(os.path.join(folder, "decisions.i32"))
    episode = {"index": 0, "window": 1, "rollout": 0, "rewards": [-0.01] * decisions}
    with open(os.path.join(folder, "batch.json"), "w") as f:
        json.dump({"layout": marlnet.LAYOUT_VERSION, "features": marlnet.FEATURES, "rows": int(counts.sum()),
                   "decisions": decisions, "episodes": [episode]}, f)


class WarmUpTest(unittest.TestCase):

    def test_warm_up_steps_lower_the_cross_entropy_against_the_teacher(self):
        with tempfile.TemporaryDirectory() as folder:
            write_batch(folder)
            batch = MarlBatch(folder)
        torch.manual_seed(0)
        net = marlnet.MarlNet()
        opt = torch.optim.Adam(net.parameters(), lr=1e-2)
        idx = np.arange(len(batch))
        first, _ = warmup_step(net, opt, batch, idx)
        for _ in range(60):
            last, agrees = warmup_step(net, opt, batch, idx)
        self.assertLess(last, 0.7 * first)
        self.assertGreater(agrees, len(batch) // 2)

    def test_batch_reader_refuses_a_chosen_row_outside_its_decision(self):
        with tempfile.TemporaryDirectory() as folder:
            write_batch(folder, decisions=4)
            fields = np.fromfile(os.path.join(folder, "decisions.i32"), dtype="<i4").reshape(4, 6)
            fields[2, 2] = fields[2, 1]
            fields.tofile(os.path.join(folder, "decisions.i32"))
            with self.assertRaises(ValueError):
                MarlBatch(folder)


class ExportTest(unittest.TestCase):

    def test_export_takes_rows_of_16_features_and_gives_one_score_each(self):
        torch.manual_seed(0)
        net = marlnet.MarlNet()
        out = os.environ.get("MARL_EXPORT_DIR") or tempfile.mkdtemp()
        path = os.path.join(out, "exported.onnx")
        marlnet.export(net, path)
        self.assertGreater(os.path.getsize(path), 0)
        rows = torch.arange(5 * marlnet.FEATURES, dtype=torch.float32).reshape(5, marlnet.FEATURES) / 80.0
        with torch.no_grad():
            scores = net(rows)
        self.assertEqual(list(scores.shape), [5])
        with open(os.path.join(out, "exported-scores.json"), "w") as f:
            json.dump({"rows": rows.tolist(), "scores": scores.tolist()}, f)


if __name__ == "__main__":
    unittest.main()
