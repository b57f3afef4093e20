"""The marl placement's network and its ONNX export: the one contract with the Java side.

Every decision shows the network one row per candidate node, FEATURES floats laid out as
io.yarndl.core.placement.marl.MarlLayout documents (version marl-candidates-v1): the node, its
rack, its agent's domain and the job, each scaled to about [0, 1]. The network answers one score
per row; Java picks the highest (serving) or samples from the softmax over a decision's rows
(training). One set of weights serves every agent (parameter sharing): an agent's bid for a node
depends only on what the agent sees of it, and the agents cooperate through one joint choice.

Input 'candidates': float32 [rows, FEATURES]; output 'scores': float32 [rows]. ONNX opset 13.
"""
import json
import os

import torch
from torch import nn

from dl2net import export_onnx, sha256_of  # one export and one digest for both networks

LAYOUT_VERSION = "marl-candidates-v1"
FEATURES = 16
CANDIDATES_PER_AGENT = 4
RACKS_PER_AGENT = 2
CARD_FORMAT = "yarn-dl/marl-model-card/1"
OPSET = 13


class MarlNet(nn.Module):
    """A small MLP over one candidate row: two hidden layers, one score."""

    def __init__(self, hidden=32):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(FEATURES, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU(),
                                    nn.Linear(hidden, 1))

    def forward(self, candidates):
        return self.layers(candidates).squeeze(-1)


def export(net, onnx_path):
    """Writes net as ONNX (input 'candidates' [rows, FEATURES], output 'scores' [rows])."""
    export_onnx(net, onnx_path, torch.zeros(2, FEATURES), "candidates", "scores", "rows")


def write_card(onnx_path, model_id, training, scores):
    """Writes <name>.json beside <name>.onnx: what the scheduler checks before it serves the model."""
    card = {
        "format": CARD_FORMAT,
        "id": model_id,
        "layout": {"version": LAYOUT_VERSION, "features": FEATURES, "candidatesPerAgent": CANDIDATES_PER_AGENT,
                   "racksPerAgent": RACKS_PER_AGENT},
        "model": {"file": os.path.basename(onnx_path), "sha256": sha256_of(onnx_path)},
        "training": training,
        "scores": scores,
    }
    card_path = onnx_path[: -len(".onnx")] + ".json" if onnx_path.endswith(".onnx") else onnx_path + ".json"
    tmp = card_path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(card, f, indent=2)
        f.write("\n")
    os.replace(tmp, card_path)
    return card_path
