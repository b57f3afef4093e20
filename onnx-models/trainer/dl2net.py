"""DL2's policy network and its ONNX export: the one contract with the Java side.

The input is the flat state vector of io.yarndl.core.policy.dl2.Dl2Layout (SLOTS x SLOT_FEATURES
slot floats, then GLOBAL_FEATURES cluster floats); the output is one logit per action
(ACTIONS_PER_SLOT per slot: per GPU type slot add a worker there, add a worker there and a parameter
server, move the job there; then add a parameter server; after all slots, stop). Masking happens in
Java and in the loss here.

Architecture (a documented departure from the paper's plain two-hidden-layer MLP over the whole
vector): the same two hidden layers are applied to every slot, each slot seeing its own
SLOT_FEATURES features, the cluster's GLOBAL_FEATURES and the mean of all slots' first-layer embeddings. Weight sharing makes
the network indifferent to which slot a job sits in, so it learns from every job at once instead of
40 times over; with the few thousand rollouts a CPU can afford, a flat MLP barely moves.
"""
import hashlib
import json
import os

import torch
from torch import nn

LAYOUT_VERSION = "dl2-state-v2"
SLOTS = 40
TYPE_SLOTS = 4
SLOT_FEATURES = 31
GLOBAL_FEATURES = 4 + 2 * TYPE_SLOTS
INPUT_SIZE = SLOTS * SLOT_FEATURES + GLOBAL_FEATURES
ACTIONS_PER_SLOT = 3 * TYPE_SLOTS + 1
OUTPUT_SIZE = SLOTS * ACTIONS_PER_SLOT + 1
CARD_FORMAT = "yarn-dl/dl2-model-card/1"
OPSET = 13


class Dl2Net(nn.Module):
    def __init__(self, hidden=64):
        super().__init__()
        # Each hidden layer of a slot sees [slot, context]; the weights are split by part so the
        # context term is computed once per state, not once per slot (the same function, far cheaper).
        self.embed_slot = nn.Linear(SLOT_FEATURES, hidden)
        self.embed_cluster = nn.Linear(GLOBAL_FEATURES, hidden, bias=False)
        self.mix_slot = nn.Linear(hidden, hidden)
        self.mix_pooled = nn.Linear(hidden, hidden, bias=False)
        self.slot_head = nn.Linear(hidden, ACTIONS_PER_SLOT)
        self.stop_head = nn.Sequential(nn.Linear(hidden + GLOBAL_FEATURES, hidden), nn.ReLU(), nn.Linear(hidden, 1))

    def forward(self, state):
        batch = state.shape[0]
        slots = state[:, : SLOTS * SLOT_FEATURES].reshape(batch, SLOTS, SLOT_FEATURES)
        cluster = state[:, SLOTS * SLOT_FEATURES:]
        first = torch.relu(self.embed_slot(slots) + self.embed_cluster(cluster).unsqueeze(1))
        pooled = first.mean(dim=1)
        second = torch.relu(self.mix_slot(first) + self.mix_pooled(pooled).unsqueeze(1))
        slot_logits = self.slot_head(second).reshape(batch, SLOTS * ACTIONS_PER_SLOT)
        stop_logit = self.stop_head(torch.cat([pooled, cluster], dim=1))
        return torch.cat([slot_logits, stop_logit], dim=1)


def masked_log_probs(logits, valid):
    """Log-softmax over the valid actions only (invalid ones get -inf)."""
    return torch.log_softmax(logits.masked_fill(~valid, float("-inf")), dim=1)


def export(net, onnx_path):
    """Writes net as ONNX (input 'state' [batch, INPUT_SIZE], output 'logits' [batch, OUTPUT_SIZE])."""
    export_onnx(net, onnx_path, torch.zeros(1, INPUT_SIZE), "state", "logits", "batch")


def export_onnx(net, onnx_path, example, input_name, output_name, rows):
    """Writes net as ONNX with one input and one output whose first axis (named rows) is dynamic;
    written beside and renamed, so a reader never sees half a file."""
    net.eval()
    tmp = onnx_path + ".tmp"
    with torch.no_grad():
        torch.onnx.export(net, example, tmp, input_names=[input_name], output_names=[output_name],
                          dynamic_axes={input_name: {0: rows}, output_name: {0: rows}}, opset_version=OPSET)
    os.replace(tmp, onnx_path)
    net.train()


def sha256_of(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 16), b""):
            digest.update(block)
    return digest.hexdigest()


def write_card(onnx_path, model_id, job_types, training, scores):
    """Writes <name>.json beside <name>.onnx, as io.yarndl.core.policy.dl2.ModelCard reads it."""
    card = {
        "format": CARD_FORMAT,
        "id": model_id,
        "layout": {"version": LAYOUT_VERSION, "slots": SLOTS, "slotFeatures": SLOT_FEATURES,
                   "globalFeatures": GLOBAL_FEATURES, "actions": OUTPUT_SIZE, "jobTypes": list(job_types)},
        "model": {"file": os.path.basename(onnx_path), "sha256": sha256_of(onnx_path)},
        "training": training,
        "scores": scores,
    }
    card_path = onnx_path[: -len(".onnx")] + ".json" if onnx_path.endswith(".onnx") else onnx_path + ".json"
    tmp = card_path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(card, f, indent=2, sort_keys=False)
        f.write("\n")
    os.replace(tmp, card_path)
    return card_path
