#!/usr/bin/env python3
"""tools/tune-report.py — one Markdown report from `kcv tune --json` files
and tools/torch-eager.py's JSON (tools/device-tune writes it to $OUT).

    python3 tools/tune-report.py TORCH.json KCV_TUNE.json... > tune.md

Per kernel at every timing shape: the default config, the kept (fastest
legal, ranked on shape 1) one, its speedup over the default on that
shape ("tie" when the two are within their noises, "slower" below 1),
PyTorch eager, and the floor of the op on an H200 (bytes moved at
HBM3e's 4.8 TB/s peak; the matmul also its FLOPs at the 67 TFLOP/s of
f32 without tensor cores; both NVIDIA's data sheet numbers, not
measured); then the kernels whose search the budget cut, and every
vetoed faster config with its gate.
"""
import json
import os
import sys

BW = 4.8e12           # bytes/s, H200 HBM3e peak (data sheet)
FP32 = 67e12          # flop/s, H200 SXM FP32 without tensor cores (data sheet)


def floor_ms(op, s):
    """(ms, what) of the op's floor at shape s."""
    if op == "matmul":
        m, n, k = s["M"], s["N"], s["K"]
        by = 4 * (m * k + k * n + m * n)
        fl = 2 * m * n * k
        return max(by / BW, fl / FP32) * 1e3, "max(%.0f MB / 4.8 TB/s, %.1f GFLOP / 67 TFLOP/s)" % (by / 1e6, fl / 1e9)
    r, c = s["rows"], s["cols"]
    by = {"softmax": 8 * r * c, "sum": 4 * (r * c + r), "rmsnorm": 4 * (2 * r * c + c),
          "layernorm": 4 * (2 * r * c + 2 * c)}[op]
    return by / BW * 1e3, "%.1f MB / 4.8 TB/s" % (by / 1e6)


def us(ms):
    return "-" if ms is None else ("%.2f µs" % (ms * 1e3) if ms < 1 else "%.3f ms" % ms)


def shape_text(s):
    return " × ".join(str(s[k]) for k in (("M", "N", "K") if "M" in s else ("rows", "cols")))


def main(torch_path, paths):
    torch_ops = {}
    if os.path.exists(torch_path):
        with open(torch_path) as f:
            t = json.load(f)
        torch_ops = t.get("ops", {})
        print("PyTorch %s (CUDA %s) on %s, TF32 off.\n" % (t.get("torch"), t.get("cuda"), t.get("device")))
    else:
        print("PyTorch eager: no result (%s missing).\n" % torch_path)
    print("| kernel | shape | default | tuned (config) | speedup | PyTorch eager | tuned / PyTorch | floor |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    vetoes, notes = [], []
    for path in paths:
        with open(path) as f:
            r = json.load(f)
        op = os.path.basename(r["spec"]).removesuffix(".lua")
        kept, default = r.get("kept") or {}, r.get("default") or {}
        kept_is_default = bool(kept) and kept.get("label") == default.get("label")
        speedups = r.get("speedups") or []
        for i, s in enumerate(r.get("shapes") or []):
            def at(row):
                times = (row or {}).get("times") or []
                return times[i]["ms"] if i < len(times) and times[i] else None
            d, k = at(default), at(kept)
            tt = (torch_ops.get(op) or [])
            tm = tt[i]["ms"] if i < len(tt) else None
            fl, what = floor_ms(op, s)
            label = kept.get("label", "none kept (exit %s)" % r.get("exit"))
            if kept_is_default:
                speed = "1.00× (the default)"
            elif d and k:
                sp = speedups[i] if i < len(speedups) and speedups[i] else {"speedup": d / k}
                speed = "%.2f×" % sp["speedup"]
                if sp.get("tie"):
                    speed += " (tie)"
                elif sp["speedup"] < 1:
                    speed += " (slower)"
            else:
                speed = "-"
            print("| %s | %s | %s | %s (%s) | %s | %s | %s | %s (%s) |" % (
                op, shape_text(s), us(d), us(k), label, speed, us(tm),
                "%.2f" % (k / tm) if k and tm else "-", us(fl), what))
        if r.get("cut_text"):
            notes.append("- %s: %s." % (op, r["cut_text"]))
        if r.get("exit") not in (0, None) and r.get("message"):
            notes.append("- %s: exit %s: %s." % (op, r["exit"], r["message"]))
        for v in r.get("vetoed") or []:
            vetoes.append((op, v))
    if notes:
        print("\nBudget and failures:\n")
        print("\n".join(notes))
    print("\nVetoed configs that were faster than the kept one (gate, its reason):\n")
    if not vetoes:
        print("none")
    for op, v in vetoes:
        speed = "a tie" if v.get("tie") else ("%.2f× faster" % v["speedup"] if v.get("speedup") else us(v.get("ms")))
        print("- %s %s (%s): **%s** %s" % (op, v["label"], speed, v.get("gate"), (v.get("reason") or "").split("\n")[0]))


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit("usage: tools/tune-report.py TORCH.json KCV_TUNE.json...")
    main(sys.argv[1], sys.argv[2:])
