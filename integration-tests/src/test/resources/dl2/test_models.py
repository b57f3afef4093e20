"""Writes the DL2 models Dl2InResourceManagerTest swaps under a running ResourceManager.

usage: test_models.py TRAINER_DIR OUT_DIR

Both are one torch.nn.Linear with zero weights, so their logits are their biases whatever the
state, exported and carded exactly as onnx-models/trainer/dl2net.py does for real models:
- OUT_DIR/grower/dl2-default.onnx (+ .json): input [batch, 1252], valid card. Every "add a worker"
  action (on the first GPU type) scores 10, stop 0, everything else -10: DL2, which samples, gives each job (stop has
  odds of e^-10) all the workers it may have, so its plans are told apart from the shipped model's.
- OUT_DIR/narrow/dl2-default.onnx (+ .json): input [batch, 600], a card whose sha256 is the
  file's: only the input shape is wrong.
"""
import os
import sys

import torch
from torch import nn

trainer_dir, out_dir = sys.argv[1], sys.argv[2]
sys.path.insert(0, trainer_dir)
import dl2net  # noqa: E402  (found through sys.path above)


def constant_linear(inputs, bias):
    net = nn.Linear(inputs, dl2net.OUTPUT_SIZE)
    with torch.no_grad():
        net.weight.zero_()
        net.bias.copy_(bias)
    return net.eval()


def export(net, inputs, name, model_id, note):
    folder = os.path.join(out_dir, name)
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "dl2-default.onnx")
    with torch.no_grad():
        torch.onnx.export(net, torch.zeros(1, inputs), path, input_names=["state"], output_names=["logits"],
                          dynamic_axes={"state": {0: "batch"}, "logits": {0: "batch"}},
                          opset_version=dl2net.OPSET)
    dl2net.write_card(path, model_id, ["toy"], {"note": note}, {})
    print(path)


grow = torch.full((dl2net.OUTPUT_SIZE,), -10.0)
grow[0:dl2net.SLOTS * dl2net.ACTIONS_PER_SLOT:dl2net.ACTIONS_PER_SLOT] = 10.0
grow[dl2net.OUTPUT_SIZE - 1] = 0.0
export(constant_linear(dl2net.INPUT_SIZE, grow), dl2net.INPUT_SIZE, "grower", "it-grower",
       "integration test: every job gets all its workers")
export(constant_linear(600, torch.zeros(dl2net.OUTPUT_SIZE)), 600, "narrow", "it-narrow-input",
       "integration test: input of the wrong size")
