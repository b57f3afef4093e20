#!/usr/bin/env python3
"""Writes SMD's layer tables: one CSV per DL2 parameter-server model, giving each layer that has
parameters, its trainable parameter count and its forward and backward FLOPs for one sample.

Parameters are counted on the model itself; forward FLOPs are measured with forward hooks on a
real forward pass of a batch of one sample (only the shapes matter, so weights stay random and
nothing is downloaded). The output is deterministic byte for byte; the tests compare it with the
committed tables. Run with /usr/bin/python3 (Debian's python3-torch and python3-torchvision).
"""
import argparse
import os
import sys

import torch
import torchvision
from torch import nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import layer_models  # noqa: E402  (beside this script)

DEFAULT_OUT = 'scheduler-core/src/main/resources/io/yarndl/core/policy/smd/layers'
REPOSITORY = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..', '..'))
COMMAND = '/usr/bin/python3 scheduler-core/src/main/python/derive_layer_tables.py'
HEADER = 'layer,kind,parameters,forward_flops,backward_flops'

RULES = [
    'rows: each module with trainable parameters of its own, in the order of its first forward call;'
    ' a module called more than once (a shared tower) has one row with the FLOPs of all its calls',
    'parameterless ops (relu, tanh, pooling, residual adds, concat, dropout, cosine, softmax) have no row'
    ' and their FLOPs are ignored (under 1% of a model\'s total)',
    'forward_flops: one sample, from forward hooks on a real forward pass of a batch of 1:'
    ' conv 2*Cin/groups*kh*kw*Cout*Hout*Wout; linear 2*in*out per row;'
    ' batchnorm 4 per element; embedding 0 (a lookup);'
    ' lstm 2*4*(in+hidden)*hidden per step per layer per direction (gate matrix products);'
    ' bias additions and gate nonlinearities are not counted',
    'backward_flops: 2 x forward_flops (gradient of the input and gradient of the weights, each'
    ' as costly as the forward pass; embedding 0)',
]


def tokens(length, vocab):
    """Token ids of one sample; their values do not change the counts."""
    return (torch.arange(length) % vocab).unsqueeze(0)


def models():
    """(name, source, input description, notes, builder of (module, one-sample input)) per model,
    in DL2's order."""
    image = lambda size: torch.zeros(1, 3, size, size)  # noqa: E731
    return [
        ('resnet-50', 'torchvision 0.14 resnet50 (weights=None), input 3x224x224',
         'one 3x224x224 image (ImageNet; DL2 trained it at batch 32)', [],
         lambda: (torchvision.models.resnet50(weights=None), image(224))),
        ('vgg-16', 'torchvision 0.14 vgg16 (weights=None), input 3x224x224',
         'one 3x224x224 image (ImageNet)', [],
         lambda: (torchvision.models.vgg16(weights=None), image(224))),
        ('resnext-110', 'built from MXNet example/image-classification/symbols/resnext.py,'
         ' get_symbol(num_classes=10, num_layers=110, image_shape=3,32,32), input 3x32x32',
         'one 3x32x32 image (CIFAR-10)',
         ['derived: below 164 layers MXNet builds (110-2)/6 = 18 basic units per stage, filters 16/16/32/64,'
          ' num_group unused; a 32x4d bottleneck variant would be far from DL2\'s 6.92 MB'],
         lambda: (layer_models.CifarResNeXt(), image(32))),
        ('inception-bn', 'built from MXNet example/image-classification/symbols/inception-bn.py'
         ' (Ioffe and Szegedy 2015), 257 classes, input 3x224x224',
         'one 3x224x224 image',
         ['derived: 257 classes (Caltech-256) give DL2\'s 42.1 MB; 1000 classes would give 45.2 MB'],
         lambda: (layer_models.InceptionBn(257), image(224))),
        ('seq2seq', 'built as an LSTM encoder-decoder (Sutskever et al. 2014), vocabularies 9000/9000,'
         ' embedding 256, 2+2 LSTM layers of 256, no attention, 25+25 tokens',
         'one sentence pair, 25 source and 25 target tokens',
         ['chosen: DL2 ran MXNet\'s NMT seq2seq without publishing its configuration; vocabularies of 9000'
          ' with embedding and hidden 256 are chosen to match DL2\'s 36.5 MB, and 25 tokens a side as a'
          ' typical sentence'],
         lambda: (layer_models.Seq2Seq(9000, 256, 256, 2), (tokens(25, 9000), tokens(25, 9000)))),
        ('cnn-text-classification', 'built from MXNet example/cnn_text_classification/text_cnn.py'
         ' (Kim 2014), vocabulary 18766, embedding 300, filters 3/4/5 x 100, 2 classes, 56 tokens',
         'one sentence of 56 tokens (movie reviews, padded to the longest)',
         ['derived: vocabulary 18766 and length 56 are those of the example\'s movie-review data'],
         lambda: (layer_models.TextCnn(18766, 300, 56, (3, 4, 5), 100, 2), tokens(56, 18766))),
        ('dssm', 'built from Huang et al. 2013 (DSSM), input 4600 hashed letter trigrams,'
         ' tanh layers 300-300-128, one tower shared by query and documents',
         'one query with 1 clicked and 4 unclicked documents (the paper\'s J=4), dense input vectors',
         ['chosen: the paper\'s 30k trigrams would make 9.1M parameters (36.5 MB); an input of 4600'
          ' (hashed) trigrams is chosen to match DL2\'s 6.0 MB'],
         lambda: (layer_models.Dssm(4600), (torch.zeros(1, 4600), torch.zeros(1, 5, 4600)))),
        ('wlm', 'built from MXNet\'s word_language_model example: vocabulary 10000 (PTB),'
         ' embedding 200, 2 LSTM layers of 200, untied decoder, bptt 35',
         'one sequence of 35 tokens (bptt)', [],
         lambda: (layer_models.WordLanguageModel(10000, 200, 2), tokens(35, 10000))),
    ]


def kind(module):
    for types, name in ((nn.Conv2d, 'conv'), (nn.Linear, 'linear'), ((nn.BatchNorm1d, nn.BatchNorm2d), 'batchnorm'),
                        (nn.Embedding, 'embedding'), (nn.LSTM, 'lstm'), (nn.GRU, 'gru'), (nn.RNN, 'rnn')):
        if isinstance(module, types):
            return name
    raise ValueError(f'no FLOPs rule for {type(module).__name__}')


def recurrent_flops(module, x, gates):
    steps = x.shape[1] if module.batch_first else x.shape[0]
    directions = 2 if module.bidirectional else 1
    total = 0
    for layer in range(module.num_layers):
        size = module.input_size if layer == 0 else module.hidden_size * directions
        total += 2 * gates * (size + module.hidden_size) * module.hidden_size * steps * directions
    return total


def forward_flops(module, inputs, output):
    """FLOPs of one call over a batch of 1 (see RULES)."""
    k = kind(module)
    if k == 'conv':
        kh, kw = module.kernel_size
        return 2 * module.in_channels // module.groups * kh * kw * output.numel()
    if k == 'linear':
        return 2 * module.in_features * module.out_features * (inputs[0].numel() // module.in_features)
    if k == 'batchnorm':
        return 4 * output.numel()
    if k == 'embedding':
        return 0
    return recurrent_flops(module, inputs[0], {'lstm': 4, 'gru': 3, 'rnn': 1}[k])


def measure(model, sample):
    """Rows (name, kind, parameters, forward FLOPs) in the order of first call."""
    rows = {}
    handles = []
    for name, module in model.named_modules():
        params = sum(p.numel() for p in module.parameters(recurse=False) if p.requires_grad)
        if params == 0:
            continue

        def hook(module, inputs, output, name=name, params=params):
            if name not in rows:
                rows[name] = [name, kind(module), params, 0]
            rows[name][3] += forward_flops(module, inputs, output[0] if isinstance(output, tuple) else output)
        handles.append(module.register_forward_hook(hook))
    model.eval()
    with torch.no_grad():
        model(sample)
    for handle in handles:
        handle.remove()
    trainable = sum(p.numel() for p in model.parameters() if p.requires_grad)
    counted = sum(row[2] for row in rows.values())
    if counted != trainable:
        raise RuntimeError(f'{counted} parameters in called modules, {trainable} in the model')
    return list(rows.values())


def table(name, source, sample_text, notes, rows):
    lines = [f'# model: {name}', f'# source: {source}', f'# input: {sample_text}']
    lines += [f'# {note}' for note in notes]
    lines += [f'# {rule}' for rule in RULES]
    lines += [f'# regenerate (from the repository root): {COMMAND}', HEADER]
    for layer, k, params, flops in rows:
        backward = 0 if k == 'embedding' else 2 * flops
        lines.append(f'{layer},{k},{params},{flops},{backward}')
    return '\n'.join(lines) + '\n'


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--out', default=os.path.join(REPOSITORY, DEFAULT_OUT),
                        help=f'folder for <model>.csv, created when missing (default: the repository\'s'
                             f' {DEFAULT_OUT}, wherever this runs from)')
    args = parser.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    torch.manual_seed(0)
    for name, source, sample_text, notes, build in models():
        model, sample = build()
        rows = measure(model, sample)
        with open(os.path.join(args.out, name + '.csv'), 'w', encoding='utf-8', newline='\n') as out:
            out.write(table(name, source, sample_text, notes, rows))
        params = sum(row[2] for row in rows)
        flops = sum(row[3] for row in rows)
        print(f'{name}: {len(rows)} layers, {params} parameters ({params * 4 / 1e6:.2f} MB),'
              f' {flops / 1e9:.3f} GFLOPs forward per sample')


if __name__ == '__main__':
    main()
