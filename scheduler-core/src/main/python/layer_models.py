"""The DL2 parameter-server models that torchvision does not ship, built in PyTorch from their
published structure, for derive_layer_tables.py. Each builder returns (module, example input of
one sample); module and parameter names follow the published symbol where that is easy to read.

Where a published structure leaves a size open (a vocabulary, an input dimension), the value is
chosen so that the model's fp32 size is near the size DL2 measured, and its docstring says so.
"""
from collections import OrderedDict

import torch
from torch import nn


class ConvBn(nn.Module):
    """Convolution then batch norm (the ReLU after it has no parameters)."""

    def __init__(self, cin, cout, kernel, stride=1, pad=0, bias=True):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, kernel, stride, pad, bias=bias)
        self.bn = nn.BatchNorm2d(cout)

    def forward(self, x):
        return torch.relu(self.bn(self.conv(x)))


class ResidualUnit(nn.Module):
    """MXNet resnext.py's residual_unit with bottle_neck=False (two 3x3 convolutions)."""

    def __init__(self, cin, cout, stride, dim_match):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(cout)
        self.conv2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout)
        self.sc = None if dim_match else nn.Conv2d(cin, cout, 1, stride, bias=False)
        self.sc_bn = None if dim_match else nn.BatchNorm2d(cout)

    def forward(self, x):
        y = self.bn2(self.conv2(torch.relu(self.bn1(self.conv1(x)))))
        shortcut = x if self.sc is None else self.sc_bn(self.sc(x))
        return torch.relu(y + shortcut)


class CifarResNeXt(nn.Module):
    """MXNet example/image-classification/symbols/resnext.py, get_symbol(num_classes=10,
    num_layers=110, image_shape='3,32,32'): with fewer than 164 layers on 32x32 images it builds
    3 stages of (110-2)/6 = 18 basic (non-bottleneck) units, filter list 16/16/32/64, and its
    num_group is unused (only the bottleneck unit groups). The first unit of every stage has a
    1x1 shortcut convolution (dim_match=False). bn_data has fix_gamma=True: only its beta trains."""

    def __init__(self, units=18, filters=(16, 16, 32, 64), classes=10):
        super().__init__()
        self.bn_data = nn.BatchNorm2d(3)
        self.bn_data.weight.requires_grad_(False)
        self.conv0 = nn.Conv2d(3, filters[0], 3, 1, 1, bias=False)
        stages = []
        for i in range(3):
            cin = filters[i]
            for j in range(units):
                stride = 2 if i > 0 and j == 0 else 1
                stages.append((f'stage{i + 1}_unit{j + 1}', ResidualUnit(cin, filters[i + 1], stride, j > 0)))
                cin = filters[i + 1]
        self.body = nn.Sequential(OrderedDict(stages))
        self.fc1 = nn.Linear(filters[3], classes)

    def forward(self, x):
        x = self.body(self.conv0(self.bn_data(x)))
        return self.fc1(torch.flatten(nn.functional.adaptive_avg_pool2d(x, 1), 1))


class InceptionA(nn.Module):
    """MXNet inception-bn.py's InceptionFactoryA: 1x1, 3x3 after a reduce, double 3x3 after a
    reduce, and a pooled 1x1 projection, concatenated."""

    def __init__(self, cin, n1x1, n3x3red, n3x3, nd3x3red, nd3x3, pool, proj):
        super().__init__()
        self.c1x1 = ConvBn(cin, n1x1, 1)
        self.c3x3_reduce = ConvBn(cin, n3x3red, 1)
        self.c3x3 = ConvBn(n3x3red, n3x3, 3, pad=1)
        self.double_3x3_reduce = ConvBn(cin, nd3x3red, 1)
        self.double_3x3_0 = ConvBn(nd3x3red, nd3x3, 3, pad=1)
        self.double_3x3_1 = ConvBn(nd3x3, nd3x3, 3, pad=1)
        self.pool = nn.MaxPool2d(3, 1, 1) if pool == 'max' else nn.AvgPool2d(3, 1, 1)
        self.proj = ConvBn(cin, proj, 1)

    def forward(self, x):
        return torch.cat([self.c1x1(x), self.c3x3(self.c3x3_reduce(x)),
                          self.double_3x3_1(self.double_3x3_0(self.double_3x3_reduce(x))),
                          self.proj(self.pool(x))], 1)


class InceptionB(nn.Module):
    """MXNet inception-bn.py's InceptionFactoryB: the stride-2 block (3x3 and double 3x3 after
    reduces, and a max pool), concatenated."""

    def __init__(self, cin, n3x3red, n3x3, nd3x3red, nd3x3):
        super().__init__()
        self.c3x3_reduce = ConvBn(cin, n3x3red, 1)
        self.c3x3 = ConvBn(n3x3red, n3x3, 3, stride=2, pad=1)
        self.double_3x3_reduce = ConvBn(cin, nd3x3red, 1)
        self.double_3x3_0 = ConvBn(nd3x3red, nd3x3, 3, pad=1)
        self.double_3x3_1 = ConvBn(nd3x3, nd3x3, 3, stride=2, pad=1)
        self.pool = nn.MaxPool2d(3, 2, 1)

    def forward(self, x):
        return torch.cat([self.c3x3(self.c3x3_reduce(x)),
                          self.double_3x3_1(self.double_3x3_0(self.double_3x3_reduce(x))), self.pool(x)], 1)


class InceptionBn(nn.Module):
    """MXNet example/image-classification/symbols/inception-bn.py for 224x224 images (Ioffe and
    Szegedy 2015): convolutions with biases, each followed by batch norm."""

    def __init__(self, classes):
        super().__init__()
        self.conv_1 = ConvBn(3, 64, 7, stride=2, pad=3)
        self.pool_1 = nn.MaxPool2d(3, 2)
        self.conv_2_red = ConvBn(64, 64, 1)
        self.conv_2 = ConvBn(64, 192, 3, pad=1)
        self.pool_2 = nn.MaxPool2d(3, 2)
        self.in3a = InceptionA(192, 64, 64, 64, 64, 96, 'avg', 32)
        self.in3b = InceptionA(256, 64, 64, 96, 64, 96, 'avg', 64)
        self.in3c = InceptionB(320, 128, 160, 64, 96)
        self.in4a = InceptionA(576, 224, 64, 96, 96, 128, 'avg', 128)
        self.in4b = InceptionA(576, 192, 96, 128, 96, 128, 'avg', 128)
        self.in4c = InceptionA(576, 160, 128, 160, 128, 160, 'avg', 128)
        self.in4d = InceptionA(608, 96, 128, 192, 160, 192, 'avg', 128)
        self.in4e = InceptionB(608, 128, 192, 192, 256)
        self.in5a = InceptionA(1056, 352, 192, 320, 160, 224, 'avg', 128)
        self.in5b = InceptionA(1024, 352, 192, 320, 192, 224, 'max', 128)
        self.fc1 = nn.Linear(1024, classes)

    def forward(self, x):
        x = self.pool_2(self.conv_2(self.conv_2_red(self.pool_1(self.conv_1(x)))))
        for block in (self.in3a, self.in3b, self.in3c, self.in4a, self.in4b, self.in4c, self.in4d, self.in4e,
                      self.in5a, self.in5b):
            x = block(x)
        return self.fc1(torch.flatten(nn.functional.avg_pool2d(x, 7), 1))


class LstmStack(nn.Module):
    """Stacked single-layer LSTMs, one module (and so one table row) per layer, as MXNet's
    unfused stacked cells keep one parameter set per layer."""

    def __init__(self, size, hidden, layers):
        super().__init__()
        self.layers = nn.ModuleList(nn.LSTM(size if i == 0 else hidden, hidden, batch_first=True)
                                    for i in range(layers))

    def forward(self, x, states=None):
        finals = []
        for i, layer in enumerate(self.layers):
            x, final = layer(x, None if states is None else states[i])
            finals.append(final)
        return x, finals


class Seq2Seq(nn.Module):
    """An LSTM encoder-decoder without attention (Sutskever et al. 2014; DL2 ran MXNet's NMT
    seq2seq): source and target embeddings, an encoder and a decoder LSTM stack (each decoder
    layer starts from its encoder layer's final state), and an output projection onto the target
    vocabulary."""

    def __init__(self, vocab, embed, hidden, layers):
        super().__init__()
        self.source_embed = nn.Embedding(vocab, embed)
        self.encoder = LstmStack(embed, hidden, layers)
        self.target_embed = nn.Embedding(vocab, embed)
        self.decoder = LstmStack(embed, hidden, layers)
        self.output = nn.Linear(hidden, vocab)

    def forward(self, pair):
        source, target = pair
        _, states = self.encoder(self.source_embed(source))
        return self.output(self.decoder(self.target_embed(target), states)[0])


class TextCnn(nn.Module):
    """Kim (2014) as MXNet's example/cnn_text_classification/text_cnn.py builds it: an embedding,
    one convolution per filter width over the whole embedding width, max over time, dropout (no
    parameters) and a fully connected layer onto the classes."""

    def __init__(self, vocab, embed, length, widths, maps, classes):
        super().__init__()
        self.embed = nn.Embedding(vocab, embed)
        self.convs = nn.ModuleDict({f'conv{w}': nn.Conv2d(1, maps, (w, embed)) for w in widths})
        self.length = length
        self.fc = nn.Linear(maps * len(widths), classes)

    def forward(self, tokens):
        x = self.embed(tokens).unsqueeze(1)
        pooled = [torch.relu(conv(x)).amax(dim=(2, 3)) for conv in self.convs.values()]
        return self.fc(torch.cat(pooled, 1))


class Dssm(nn.Module):
    """DSSM (Huang et al. 2013): letter-trigram vectors through tanh layers 300-300-128, cosine
    similarity of the query with each document, softmax over the documents. One tower serves the
    query and the documents."""

    def __init__(self, trigrams, sizes=(300, 300, 128)):
        super().__init__()
        dims = (trigrams,) + sizes
        self.tower = nn.Sequential(OrderedDict((f'l{i + 1}', nn.Linear(dims[i], dims[i + 1])) for i in range(len(sizes))))

    def embed(self, x):
        for layer in self.tower:
            x = torch.tanh(layer(x))
        return x

    def forward(self, pair):
        query, documents = pair
        return torch.softmax(nn.functional.cosine_similarity(self.embed(query), self.embed(documents), -1), -1)


class WordLanguageModel(nn.Module):
    """MXNet's word_language_model example: embedding, stacked LSTMs, decoder onto the vocabulary
    (untied weights, its default)."""

    def __init__(self, vocab, size, layers):
        super().__init__()
        self.encoder = nn.Embedding(vocab, size)
        self.rnn = LstmStack(size, size, layers)
        self.decoder = nn.Linear(size, vocab)

    def forward(self, tokens):
        return self.decoder(self.rnn(self.encoder(tokens))[0])
