"""Reads a rollout batch folder written by the simulator's `rollouts` command (format: ../README.md)."""
import json
import os

import numpy as np
import torch

import dl2net


class Batch:
    """Decisions (states, valid masks, actions, episode and round of each) and each episode's rewards."""

    def __init__(self, folder):
        with open(os.path.join(folder, "batch.json")) as f:
            meta = json.load(f)
        if meta["inputSize"] != dl2net.INPUT_SIZE or meta["outputSize"] != dl2net.OUTPUT_SIZE:
            raise ValueError("batch %s has input/output %s/%s; the network needs %d/%d"
                             % (folder, meta["inputSize"], meta["outputSize"], dl2net.INPUT_SIZE, dl2net.OUTPUT_SIZE))
        n = meta["decisions"]
        self.meta = meta
        self.episodes = meta["episodes"]
        self.states = torch.from_numpy(self._read(folder, "states.f32", "<f4", n * dl2net.INPUT_SIZE)
                                       .reshape(n, dl2net.INPUT_SIZE).copy())
        self.valid = torch.from_numpy(self._read(folder, "valid.u8", "u1", n * dl2net.OUTPUT_SIZE)
                                      .reshape(n, dl2net.OUTPUT_SIZE).astype(bool))
        self.actions = torch.from_numpy(self._read(folder, "actions.i32", "<i4", n).astype(np.int64))
        rounds = self._read(folder, "rounds.i32", "<i4", 2 * n).reshape(n, 2)
        self.episode_of = torch.from_numpy(rounds[:, 0].astype(np.int64))
        self.round_of = torch.from_numpy(rounds[:, 1].astype(np.int64))
        if n and not bool(self.valid[torch.arange(n), self.actions].all()):
            raise ValueError("batch %s records an action that was not valid" % folder)

    @classmethod
    def concat(cls, batches):
        """One batch of the decisions of several (the warm-up's workloads); their episodes renumbered apart."""
        if len(batches) == 1:
            return batches[0]
        out = cls.__new__(cls)
        out.meta = batches[0].meta
        out.episodes, episode_of, offset = [], [], 0
        for b in batches:
            out.episodes.extend(dict(e, index=e["index"] + offset) for e in b.episodes)
            episode_of.append(b.episode_of + offset)
            offset += 1 + max([e["index"] for e in b.episodes], default=-1)
        out.states = torch.cat([b.states for b in batches])
        out.valid = torch.cat([b.valid for b in batches])
        out.actions = torch.cat([b.actions for b in batches])
        out.episode_of = torch.cat(episode_of)
        out.round_of = torch.cat([b.round_of for b in batches])
        return out

    def __len__(self):
        return int(self.actions.shape[0])

    @staticmethod
    def _read(folder, name, dtype, count):
        data = np.fromfile(os.path.join(folder, name), dtype=np.dtype(dtype))
        if data.size != count:
            raise ValueError("%s in %s holds %d values, batch.json implies %d" % (name, folder, data.size, count))
        return data

    def advantages(self, gamma):
        """Per decision: the discounted return from its round on, less the mean return at that round of
        the other rollouts of the same workload seed (a baseline that needs no critic), normalised."""
        returns = {}
        for episode in self.episodes:
            rewards = episode["rewards"]
            g = np.zeros(len(rewards) + 1)
            for t in range(len(rewards) - 1, -1, -1):
                g[t] = rewards[t] + gamma * g[t + 1]
            returns[episode["index"]] = g
        by_seed = {}
        for episode in self.episodes:
            by_seed.setdefault(episode["seed"], []).append(returns[episode["index"]])
        baseline = {}
        for seed, series in by_seed.items():
            length = max(len(s) for s in series)
            padded = np.zeros((len(series), length))
            for i, s in enumerate(series):
                padded[i, : len(s)] = s
            baseline[seed] = padded.mean(axis=0)
        seed_of = {e["index"]: e["seed"] for e in self.episodes}
        adv = np.empty(len(self))
        episodes = self.episode_of.numpy()
        rounds = self.round_of.numpy()
        for i in range(len(self)):
            e, t = episodes[i], rounds[i]
            adv[i] = returns[e][t] - baseline[seed_of[e]][t]
        adv = (adv - adv.mean()) / (adv.std() + 1e-8)
        return torch.from_numpy(adv.astype(np.float32))
