"""Writes the small marl models that scheduler-core's tests load, each with its card.

Regenerate (from the repository root, after changing marlnet.py's export or card format):

    /usr/bin/python3 onnx-models/trainer/make_marl_test_fixtures.py

and commit what it writes into scheduler-core/src/test/resources/marl/. No training and no
randomness: every weight is set by hand.

- prefers-free.onnx: score = the row's first feature (node.freeGpuShare): the emptiest node wins.
- wrong-width.onnx: a linear layer over 12 features instead of 16: the loader must refuse it.
"""
import os
import sys

import torch
from torch import nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import marlnet  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scheduler-core", "src", "test",
                   "resources", "marl")
TRAINING = {"command": "/usr/bin/python3 onnx-models/trainer/make_marl_test_fixtures.py",
            "note": "test fixture: hand-set weights, not trained"}


class FirstFeature(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.linear = nn.Linear(width, 1)
        with torch.no_grad():
            self.linear.weight.zero_()
            self.linear.bias.zero_()
            self.linear.weight[0, 0] = 1.0

    def forward(self, candidates):
        return self.linear(candidates).squeeze(-1)


def write(name, net, width):
    path = os.path.join(OUT, name + ".onnx")
    marlnet.export_onnx(net, path, torch.zeros(2, width), "candidates", "scores", "rows")
    marlnet.write_card(path, name, TRAINING, {})


def main():
    os.makedirs(OUT, exist_ok=True)
    write("prefers-free", FirstFeature(marlnet.FEATURES), marlnet.FEATURES)
    write("wrong-width", FirstFeature(12), 12)


if __name__ == "__main__":
    main()
