#!/usr/bin/env python3
"""tools/parity-probe.py — small PyTorch experiments on the GPU behind the
explanations of kcv parity's failures (docs/PARITY.md): what PyTorch eager
itself does where a spec's contract is stricter.  Prints one line a probe.

  python3 tools/parity-probe.py [cuda|cpu]
"""
import sys

import torch
import torch.nn.functional as F

dev = sys.argv[1] if len(sys.argv) > 1 else "cuda"
torch.manual_seed(1)


def rmsnorm_inf_row():
    """A row holding one +Inf: x / rms(x) is 0 for its finite elements.
    Row lengths that do and do not suit vectorised loads (kcv's odd case
    for rmsnorm on the GPU is 257 x 257)."""
    for cols in (1024, 257, 256, 33, 4097):
        for dt in (torch.float32, torch.bfloat16):
            x = torch.randn(4, cols, device=dev).to(dt)
            x[1, 7] = float("inf")
            g = torch.ones(cols, device=dev, dtype=dt)
            y = F.rms_norm(x, (cols,), g, 1e-6)
            row = y[1]
            print(f"rms_norm {str(dt)[6:]}, {cols} columns, a row with one +Inf: {int(row.isnan().sum())} NaN, "
                  f"{int((row == 0).sum())} zeros of {cols}; other rows' NaN: {int(y[[0, 2, 3]].isnan().sum())}")


def matmul_f16(M=2048, N=731, K=2048):
    """f16 GEMM error in f16 ulps against f64, with and without cuBLAS's
    reduced-precision reductions (PyTorch's default allows them)."""
    a = torch.randn(M, K, device=dev).half()
    b = torch.randn(K, N, device=dev).half()
    exact = a.double() @ b.double()
    flag = torch.backends.cuda.matmul
    for allow in (True, False):
        flag.allow_fp16_reduced_precision_reduction = allow
        c = (a @ b).double()
        ulp = torch.finfo(torch.float16).eps * exact.abs().clamp_min(2 ** -14)
        err = ((c - exact).abs() / ulp)
        print(f"matmul f16 {M}x{K}x{N}, allow_fp16_reduced_precision_reduction={allow}: "
              f"max error {err.max().item():.3g} (relative-eps units), mean {err.mean().item():.3g}")
    flag.allow_fp16_reduced_precision_reduction = True


def matmul_f16_overflow():
    """A product whose exact value is past the f16 range (65520 rounds to Inf)."""
    a = torch.full((64, 64), 200.0, device=dev).half()
    b = torch.full((64, 64), 200.0, device=dev).half()
    b[:, 1] = -200.0
    c = a @ b                        # exact 64 * 40000 = 2.56e6
    print(f"matmul f16, exact +-2.56e6 (past 65504): C[0,0] = {c[0, 0].item()}, C[0,1] = {c[0, 1].item()}")
    a2 = torch.full((64, 16), 64.0, device=dev).half()
    b2 = torch.full((16, 64), 64.0, device=dev).half()
    c2 = a2 @ b2                     # exact 65536: rounds to Inf in f16
    print(f"matmul f16, exact 65536: C[0,0] = {c2[0, 0].item()}")


for probe in (rmsnorm_inf_row, matmul_f16, matmul_f16_overflow):
    try:
        probe()
    except Exception as e:  # one probe's failure does not hide the others
        print(f"{probe.__name__}: {type(e).__name__}: {e}")
