"""tools/fit-wmma-model.py — fit the tensor cores' float accumulation to the
H200's bits in spec/fixtures/wmma-h200.txt (tools/wmma-probe.cu's random
32 x 48 x 32 GEMMs, bf16, f16 and tf32): for each input type, how many of
the 1024 elements fmaf in k order gives, and how many each model gives.
A model: groups of n products added with the running sum; every term cut
toward zero to a multiple of 2^(emax - p); a product's exponent the sum of
its factors' ("factors") or its own ("product"); the sum cut toward zero to
float.  host/cpu/include/mma.h keeps the one that gives all 1024 (docs/CPU.md).

    /usr/bin/python3 tools/fit-wmma-model.py      (needs torch, for f16 rounding)
"""
import math
import re
import struct
from fractions import Fraction

import torch

M, N, K, LDA, LDB = 32, 32, 48, 56, 40


def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]


def bits(x):
    return struct.unpack("I", struct.pack("f", x))[0]


def frombits(u):
    return struct.unpack("f", struct.pack("I", u))[0]


def rng(seed):
    """The probe's LCG and Box-Muller, in doubles, cast to float."""
    s = [seed]

    def u():
        s[0] = (s[0] * 6364136223846793005 + 1442695040888963407) & (2 ** 64 - 1)
        return ((s[0] >> 11) + 0.5) * 2.0 ** -53
    return lambda: f32(math.sqrt(-2 * math.log(u())) * math.cos(6.283185307179586 * u()))


def bf16(x):      # nearest even on the float's bits, as the probe's bfr
    v = bits(x)
    return frombits((((v + 0x7FFF + ((v >> 16) & 1)) & 0xFFFFFFFF) >> 16) << 16)


def tf32(x):      # __float_to_tf32
    v = bits(x)
    if v & 0x7F800000 != 0x7F800000:
        v = (v + 0x1000) & 0xFFFFFFFF
    return frombits(v & 0xFFFFE000)


def inputs():
    r = rng(12345)
    a, b = [bf16(r()) for _ in range(M * LDA)], [bf16(r()) for _ in range(K * LDB)]
    out = {"bf16": (a, b)}
    r = rng(777)
    half = lambda x: torch.tensor(x, dtype=torch.float32).to(torch.float16).item()
    a, b = [half(r()) for _ in range(M * LDA)], [half(r()) for _ in range(K * LDB)]
    out["f16"] = (a, b)
    out["tf32"] = ([tf32(r()) for _ in range(M * LDA)], [tf32(r()) for _ in range(K * LDB)])
    return out


def expo(x):
    return math.frexp(x)[1] - 1


def cut(x, q):
    n = x / q
    return (math.floor(n) if n >= 0 else math.ceil(n)) * q


def rz32(x):
    if x == 0:
        return 0.0
    q = Fraction(2) ** (max(expo(x), -126) - 23)
    return float(cut(Fraction(x), q))


def model(a, b, i, j, n, p, rule):
    acc = 0.0
    for k0 in range(0, K, n):
        terms, exps = [], []
        if acc != 0:
            terms.append(Fraction(acc))
            exps.append(expo(acc))
        for k in range(k0, k0 + n):
            x, y = a[i * LDA + k], b[k * LDB + j]
            if x != 0 and y != 0:
                terms.append(Fraction(x) * Fraction(y))
                exps.append(expo(x) + expo(y) if rule == "factors" else expo(x * y))
        if terms:
            q = Fraction(2) ** (max(exps) - p)
            acc = rz32(sum(cut(t, q) for t in terms))
    return acc


def fmaf(a, b, i, j):
    acc = 0.0
    for k in range(K):
        acc = f32(a[i * LDA + k] * b[k * LDB + j] + acc)   # exact product, rounded once
    return acc


gpu = {}
for line in open("spec/fixtures/wmma-h200.txt"):
    m = re.match(r"(bf16|f16|tf32) row\s+(\d+):(.*)", line)
    if m:
        gpu.setdefault(m.group(1), {})[int(m.group(2))] = [int(h, 16) for h in m.group(3).split()]
for kind, (a, b) in inputs().items():
    same = lambda f: sum(bits(f32(f(i, j))) == gpu[kind][i][j] for i in range(M) for j in range(N))
    print("%-4s fmaf in k order: %4d of 1024" % (kind, same(lambda i, j: fmaf(a, b, i, j))), flush=True)
    for rule in ("factors", "product"):
        for n in (4, 8, 16):
            row = ["n=%-2d p=%d %4d" % (n, p, same(lambda i, j: model(a, b, i, j, n, p, rule))) for p in (24, 25, 26)]
            print("     %-7s %s" % (rule, "   ".join(row)), flush=True)
