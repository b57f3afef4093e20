"""Reads a marl rollout batch folder written by the simulator's `marl-rollouts` (format: ../README.md,
"marl rollout batches"): every decision's candidate rows, the row chosen, the teacher's row, and
each episode's per-round JCT-based rewards."""
import json
import os
import warnings

import numpy as np
import torch

import marlnet

# scatter_reduce is "beta" in PyTorch 1.13; it is what a per-decision max needs.
warnings.filterwarnings("ignore", message="scatter_reduce")

INTS_PER_DECISION = 6  # first row, row count, chosen, teacher, episode, round


class MarlBatch:
    def __init__(self, folder):
        with open(os.path.join(folder, "batch.json")) as f:
            meta = json.load(f)
        if meta["layout"] != marlnet.LAYOUT_VERSION or meta["features"] != marlnet.FEATURES:
            raise ValueError("batch %s has layout %s/%d; the network needs %s/%d" % (
                folder, meta["layout"], meta["features"], marlnet.LAYOUT_VERSION, marlnet.FEATURES))
        self.meta = meta
        self.episodes = meta["episodes"]
        n, rows = meta["decisions"], meta["rows"]
        self.rows = torch.from_numpy(_read(folder, "rows.f32", "<f4", rows * marlnet.FEATURES)
                                     .reshape(rows, marlnet.FEATURES).copy())
        d = _read(folder, "decisions.i32", "<i4", n * INTS_PER_DECISION).reshape(n, INTS_PER_DECISION).astype(np.int64)
        self.first, self.count, self.chosen, self.teacher, self.episode_of, self.round_of = (d[:, i] for i in range(6))
        if n and (self.count.min() < 1 or (self.chosen >= self.count).any() or (self.teacher >= self.count).any()
                  or self.first[-1] + self.count[-1] != rows):
            raise ValueError("batch %s: decisions do not match its rows" % folder)
        # Which decision each row belongs to: the index a segment softmax groups by.
        self.decision_of_row = torch.from_numpy(np.repeat(np.arange(n), self.count))
        self.first_t = torch.from_numpy(self.first)

    def __len__(self):
        return int(len(self.first))

    def subset_rows(self, idx):
        """The rows of decisions idx, each decision's segment id (0..len(idx)-1), and each decision's first row
        within the subset."""
        idx = np.asarray(idx)
        counts = self.count[idx]
        starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
        row_idx = np.concatenate([np.arange(self.first[i], self.first[i] + self.count[i]) for i in idx])
        segment = np.repeat(np.arange(len(idx)), counts)
        return self.rows[torch.from_numpy(row_idx)], torch.from_numpy(segment), torch.from_numpy(starts)

    def advantages(self, gamma):
        """Per decision: the discounted return from its round on, less the mean at that round over the
        rollouts of the same window (a baseline that needs no critic), normalised."""
        returns = {}
        for e in self.episodes:
            r = np.asarray(e["rewards"], dtype=np.float64)
            g = np.zeros(len(r) + 1)
            for t in range(len(r) - 1, -1, -1):
                g[t] = r[t] + gamma * g[t + 1]
            returns[e["index"]] = g
        by_window = {}
        for e in self.episodes:
            by_window.setdefault(e["window"], []).append(returns[e["index"]])
        baseline = {}
        for w, series in by_window.items():
            length = max(len(s) for s in series)
            padded = np.zeros((len(series), length))
            for i, s in enumerate(series):
                padded[i, : len(s)] = s
            baseline[w] = padded.mean(axis=0)
        window_of = {e["index"]: e["window"] for e in self.episodes}
        adv = np.array([returns[e][t] - baseline[window_of[e]][t] for e, t in zip(self.episode_of, self.round_of)])
        if len(adv) > 1:
            adv = (adv - adv.mean()) / (adv.std() + 1e-8)
        return torch.from_numpy(adv.astype(np.float32))


def segment_log_softmax(scores, segment, decisions):
    """log softmax of scores within each decision's rows (segment[i] = the decision of row i)."""
    maxes = torch.full((decisions,), -1e30).scatter_reduce(0, segment, scores.detach(), reduce="amax")
    shifted = scores - maxes[segment]
    sums = torch.zeros(decisions).index_add(0, segment, shifted.exp())
    return shifted - sums.log()[segment]


def _read(folder, name, dtype, count):
    data = np.fromfile(os.path.join(folder, name), dtype=np.dtype(dtype))
    if data.size != count:
        raise ValueError("%s in %s holds %d values, batch.json implies %d" % (name, folder, data.size, count))
    return data
