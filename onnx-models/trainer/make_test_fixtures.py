"""Writes the small DL2 models that scheduler-core's tests load, each with its card.

Regenerate (from the repository root, after changing dl2net.py's export or card format):

    /usr/bin/python3 onnx-models/trainer/make_test_fixtures.py

and commit what it writes into scheduler-core/src/test/resources/dl2/ (the .onnx files and
their cards). No training and no randomness: every weight is set by hand, so the behaviour the
tests assert is the one written here.

- wrong-input.onnx: torch.nn.Linear(600, 521), input [batch, 600] instead of [batch, 1252], with a
  card that is otherwise valid and whose sha256 matches: the loader must refuse it for its shape.
- always-stop.onnx: dl2net.Dl2Net with every weight and bias zero but the stop head's last bias
  (10), so every slot action's logit is 0 and stop's is 10: the policy gives every job nothing.
- prefers-slot0.onnx: logits that ignore the state: 5 for "add a worker to slot 0", 1 for stop and
  0 for every other action, so the greedy policy gives the earliest job workers up to its maximum
  (while they fit), then stops.
"""
import os
import sys

import torch
from torch import nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dl2net  # noqa: E402  (the trainer's network and export: the contract with Java)

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scheduler-core", "src", "test",
                   "resources", "dl2")
JOB_TYPES = ["resnet-50", "bert"]
TRAINING = {"command": "/usr/bin/python3 onnx-models/trainer/make_test_fixtures.py",
            "note": "test fixture: hand-set weights, not trained"}

STOP_LOGIT = 10.0
SLOT0_WORKER_LOGIT = 5.0
PREFERRED_STOP_LOGIT = 1.0


def wrong_input():
    net = nn.Linear(600, dl2net.OUTPUT_SIZE)
    with torch.no_grad():
        net.weight.zero_()
        net.bias.zero_()
    path = os.path.join(OUT, "wrong-input.onnx")
    # dl2net.export feeds a [1, 1252] example; this one needs its own 600-wide example.
    net.eval()
    with torch.no_grad():
        torch.onnx.export(net, torch.zeros(1, 600), path, input_names=["state"], output_names=["logits"],
                          dynamic_axes={"state": {0: "batch"}, "logits": {0: "batch"}},
                          opset_version=dl2net.OPSET)
    return path


def always_stop():
    net = dl2net.Dl2Net()
    with torch.no_grad():
        for parameter in net.parameters():
            parameter.zero_()
        net.stop_head[-1].bias.fill_(STOP_LOGIT)
    path = os.path.join(OUT, "always-stop.onnx")
    dl2net.export(net, path)
    return path


class ConstantLogits(nn.Module):
    """The same logits for every state (a zero-weight Linear would do, at 400 KB of zeros)."""

    def __init__(self, logits):
        super().__init__()
        self.logits = nn.Parameter(logits)

    def forward(self, state):
        # Multiplying one input column by zero keeps the batch axis and the graph tied to the input.
        return state[:, :1] * 0.0 + self.logits.unsqueeze(0)


def prefers_slot0():
    logits = torch.zeros(dl2net.OUTPUT_SIZE)
    logits[0] = SLOT0_WORKER_LOGIT  # action 0: add a worker to slot 0 on the first GPU type
    logits[dl2net.OUTPUT_SIZE - 1] = PREFERRED_STOP_LOGIT
    net = ConstantLogits(logits)
    path = os.path.join(OUT, "prefers-slot0.onnx")
    dl2net.export(net, path)
    return path


def main():
    os.makedirs(OUT, exist_ok=True)
    for make in (wrong_input, always_stop, prefers_slot0):
        path = make()
        model_id = "test-" + os.path.basename(path)[: -len(".onnx")]
        card = dl2net.write_card(path, model_id, JOB_TYPES, TRAINING, {})
        print("wrote", os.path.relpath(path), "and", os.path.relpath(card))


if __name__ == "__main__":
    main()
