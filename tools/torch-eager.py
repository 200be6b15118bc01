#!/usr/bin/env python3
"""tools/torch-eager.py — PyTorch eager on the shapes kcv tune timed, timed
the way kcv times a kernel (tools/device-tune runs it beside `kcv tune`).

    python3 tools/torch-eager.py OUT.json KCV_TUNE.json...

For each kcv tune JSON report (its spec names the op, its `shapes` the
timing shapes) times the PyTorch op on the same shapes and dtype (f32):
torch.softmax, torch.nn.functional.layer_norm, torch.nn.functional.rms_norm,
torch.sum, torch.matmul with TF32 off.  CUDA events around each repeat, a
256 MB buffer zeroed before each (L2 flushed), the median of REPS after
WARMUP; ROUNDS such medians, the time their median; the noise the
largest of half the repeats' interquartile range (the median over the
rounds), half the range of the round medians and the timer's tick
(RESOLUTION): the same method as kcv's timer (host/lua/kcv/tune/time.lua).
"""
import json
import os
import statistics
import sys

import torch
import torch.nn.functional as F

WARMUP, REPS, ROUNDS = 3, 20, 3
FLUSH_BYTES = 256 << 20
RESOLUTION = 0.000032     # ms, as kcv's timer (time.lua RESOLUTION)


def quantile(sorted_t, p):
    """The p-quantile, interpolated between neighbours (worker.c's)."""
    pos = p * (len(sorted_t) - 1)
    lo = int(pos)
    if lo >= len(sorted_t) - 1:
        return sorted_t[-1]
    return sorted_t[lo] + (pos - lo) * (sorted_t[lo + 1] - sorted_t[lo])


def ops(x_of):
    """op name -> (make inputs from a shape, the call)."""
    return {
        "softmax": (lambda s: [x_of(s["rows"], s["cols"])],
                    lambda x: torch.softmax(x, dim=-1)),
        "layernorm": (lambda s: [x_of(s["rows"], s["cols"]), x_of(s["cols"]), x_of(s["cols"])],
                      lambda x, g, b: F.layer_norm(x, (x.shape[-1],), g, b, eps=1e-5)),
        "rmsnorm": (lambda s: [x_of(s["rows"], s["cols"]), x_of(s["cols"])],
                    lambda x, g: F.rms_norm(x, (x.shape[-1],), g, eps=1e-6)),
        "sum": (lambda s: [x_of(s["rows"], s["cols"])],
                lambda x: torch.sum(x, dim=-1)),
        "matmul": (lambda s: [x_of(s["M"], s["K"]), x_of(s["K"], s["N"])],
                   lambda a, b: torch.matmul(a, b)),
    }


def time_call(fn, args, flush):
    def one():
        flush.zero_()
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn(*args)
        end.record()
        end.synchronize()
        return start.elapsed_time(end)

    medians, quartiles = [], []
    for _ in range(ROUNDS):
        for _ in range(WARMUP):
            fn(*args)
        torch.cuda.synchronize()
        t = sorted(one() for _ in range(REPS))
        medians.append(quantile(t, 0.5))
        quartiles.append([quantile(t, 0.25), quantile(t, 0.75)])
    within = statistics.median((q3 - q1) / 2 for q1, q3 in quartiles)
    between = (max(medians) - min(medians)) / 2
    return {"ms": statistics.median(medians), "noise": max(within, between, RESOLUTION),
            "samples": medians, "quartiles": quartiles}


def main(out_path, reports):
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    torch.set_float32_matmul_precision("highest")
    dev = torch.device("cuda")
    gen = torch.Generator(device=dev).manual_seed(12345)
    x_of = lambda *shape: torch.randn(*shape, device=dev, dtype=torch.float32, generator=gen)
    table = ops(x_of)
    flush = torch.empty(FLUSH_BYTES, dtype=torch.uint8, device=dev)
    result = {"torch": torch.__version__, "cuda": torch.version.cuda,
              "device": torch.cuda.get_device_name(0), "tf32": False, "ops": {}}
    for path in reports:
        with open(path) as f:
            rep = json.load(f)
        op = os.path.basename(rep["spec"]).removesuffix(".lua")
        if op not in table:
            print(f"torch-eager: no PyTorch op for {op}", file=sys.stderr)
            continue
        make, fn = table[op]
        rows = []
        for s in rep.get("shapes") or []:
            args = make(s)
            t = time_call(fn, args, flush)
            t["shape"] = s
            rows.append(t)
            print(f"torch {op} {s}: {t['ms'] * 1000:.2f} us +- {t['noise'] * 1000:.2f}", flush=True)
            del args
        result["ops"][op] = rows
        torch.cuda.empty_cache()
    with open(out_path, "w") as f:
        json.dump(result, f, indent=1)


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit("usage: tools/torch-eager.py OUT.json KCV_TUNE.json...")
    main(sys.argv[1], sys.argv[2:])
