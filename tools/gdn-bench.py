#!/usr/bin/env python3
"""tools/gdn-bench.py -- issue 12: Gated DeltaNet anchors timed on the GPU.

Times flash-linear-attention's chunk_gated_delta_rule (Triton) and FlashQLA's
(TileLang, SM90) forward and forward+backward at fla's benchmark shapes and
FlashQLA's 16/32-head shapes, measures the card's bf16 tensor-core rate and
HBM bandwidth in the same run, sets every time against the floor, checks
each anchor against an fp64 reference first, and merges kcv's own times
(tools/gdn-time.lua's JSON, --ours).  tools/device-gdn-bench runs it all.

  python3 tools/gdn-bench.py --dry-run            plan and floors' formulas, no GPU
  python3 tools/gdn-bench.py --rates              the card's rates only (bf16, fp64, HBM)
  python3 tools/gdn-bench.py --out DIR [--ours ours.json] [--anchors fla,flashqla]
                             [--shapes 4,2048,16,16,128 ...] [--budget S] [--dump DIR2]
  ./kcv run tools/gdn-anchor-check.lua DIR2       each anchor against kcv.mp.gdn

Semantics (specs/gdn_fwd.lua): q, k l2-normalised inside the op
(use_qk_l2norm_in_kernel=True), scale K^-1/2, g log-space gate [B,T,HV] f32,
beta [B,T,HV] bf16 (already in (0,1)), h0 [B,HV,K,V] f32, final state out.

Anchors, each in its own subprocess (fla reads its switches at import, and
a crash or a refusal must not take the others down):
  fla        FLA_DISABLE_BACKEND_DISPATCH=1: fla's own Triton kernels only.
             On Hopper fla raises for Triton >= 3.4.0, < 3.7.1 (fla #640) in
             the backward; that message is recorded as the row's error.
  fla-tl     FLA_FLASH_QLA=0 with dispatch on: fla's Triton kernels, but on
             Hopper with Triton >= 3.4 (and tilelang importable) its
             chunk_bwd_dqkwg runs fla's TileLang port -- the workaround fla
             itself proposes, and what runs with the device's Triton 3.6.
             (With dispatch on and FLA_FLASH_QLA unset, fla 0.6 would call
             FlashQLA itself: never time that as "fla".)
  flashqla   flash_qla.chunk_gated_delta_rule directly; K = V = 128 only.

Shapes are (B,T,H,HV,D): H key heads, HV value heads (HV = H except the
FlashQLA shapes, 16/32 at 8k and 32k); kcv's kernels take the same
grouping (G = HV / H value heads a key head, kcv.gdn).

Timing: torch.cuda.Event around each repeat; before each repeat a 256 MiB
buffer is written (L2 on the H200 is 60 MB) outside the timed region; the
first --warmup repeats are dropped (they hold Triton autotuning and TileLang
JIT); the median of --reps.

Accuracy (before timing; one shape, --acc-shape, default 4,2048,16,16,128):
an fp64 sequential recurrence in PyTorch on a slice (batch 0, the first two
value heads) -- the same recurrence as kcv.mp.gdn, in fp64 rather than
kcv's multiprecision -- with autograd for the gradients; reported as
max|got - ref| / max|ref| per output, the measure tools/gdn-accuracy.lua
prints for our kernels at the same shape.

FLOPs and minimum bytes, chunk C = 64, N = ceil(T/C) chunks, L = B*HV lanes
(a FLOP is a multiply or an add; tensor-core tiles are counted full):
  forward
    wy     A = tril(beta k k^T), its inverse T = (I+A)^-1, w = T(beta e^g k),
           u = T(beta v)                    L*N*(2C^2K + C^3/3 + 2C^2K + 2C^2V)
           bytes: read k, v, g, beta; write w, u (bf16)
    scan   v' = u - w S, S = e^g S + k^T v' L*N*(4CKV)
           bytes: read k, w, u, g, h0; write S per chunk (bf16), v' (bf16), ht (f32)
    out    o = e^g q S + tril(q k^T) v'      L*N*(2CKV + 2C^2K + 2C^2V)
           bytes: read q, k, v', S per chunk, g; write o
    fwd    (ideal fused) the sum of the FLOPs; bytes: the op's inputs once
           (q, k, v, g, beta, h0) and outputs once (o, ht)
  backward (fla's plan: recompute wy and scan, then)
    dhu    dS = e^g dS + q^T do - w^T dv, dv += k dS
                                            L*N*(6CKV) + dv_local L*N*(2C^2K + 2C^2V)
    dqkwg  dq, dk, dw, dA                   L*N*(6CKV + 4C^2K + 2C^2V)
    wybwd  through T and A                  L*N*(4C^3 + 4C^2K + 4C^2V)
    bwd    recompute (wy + scan) + dhu + dqkwg + wybwd; bytes: q, k, v, g,
           beta, h0, do, dht read once; dq, dk, dv, dbeta (bf16), dg, dh0
           (f32) written once
  fwd+bwd  the sums.  floor(stage) = max(FLOPs / measured bf16 rate,
           bytes / measured HBM bandwidth); "x floor" = time / floor.
           kcv's kernels compute in double on the fp64 tensor cores: their
           floor64 is the same FLOPs at the measured fp64 rate (dry run:
           --assume-tflops64), the least a double design can take.
           floor3 is three times the FLOPs at the measured TF32 rate (dry
           run: --assume-tflops-tf32): a design whose products keep f32
           accuracy by splitting each f32 operand into TF32 hi + lo and
           taking three products (hi hi, hi lo, lo hi), the least a
           gate-clean tensor-core design can take (bf16 operands fail
           CMP-01, docs/KERNELS.md, Knobs).
Anchors' times are of whole ops (fwd, fwd+bwd); per-stage times would need
a profiler run (nsys/ncu), so per-stage figures are floors only.
"""
import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import time

C = 64  # chunk length of every implementation here (fla, FlashQLA, kcv)

FLA_SHAPES = [(1, 8192, 96, 96, 128), (2, 16384, 16, 16, 128), (4, 2048, 16, 16, 128),
              (4, 4096, 64, 64, 128), (8, 1024, 8, 8, 64)]
QLA_SHAPES = [(1, 8192, 16, 32, 128), (1, 32768, 16, 32, 128)]
ANCHORS = {
    "fla": {"FLA_DISABLE_BACKEND_DISPATCH": "1"},
    "fla-tl": {"FLA_FLASH_QLA": "0"},
    "flashqla": {},
}


def shape_str(s):
    return ",".join(str(x) for x in s)


def parse_shape(text):
    parts = [int(x) for x in text.split(",")]
    if len(parts) == 4:  # B,T,H,D: one head count
        b, t, h, d = parts
        return (b, t, h, h, d)
    if len(parts) == 5:
        return tuple(parts)
    raise argparse.ArgumentTypeError("a shape is B,T,H,D or B,T,H,HV,D")


def stages(s):
    """FLOPs and minimum bytes of each stage at shape s (see the header)."""
    B, T, H, HV, D = s
    K = V = D
    N = -(-T // C)
    L = B * HV
    per = L * N
    bf, f4 = 2, 4
    q_b = k_b = B * T * H * K * bf
    v_b = B * T * HV * V * bf
    g_b, beta_b = B * T * HV * f4, B * T * HV * bf
    state_b = B * HV * K * V * f4              # h0, ht, dht, dh0
    wk_b = B * T * HV * K * bf                 # w
    wv_b = B * T * HV * V * bf                 # u, v', o, do, dv
    chunks_b = L * N * K * V * bf              # the state at each chunk's start
    st = {}
    st["wy"] = (per * (2 * C * C * K + C ** 3 / 3 + 2 * C * C * K + 2 * C * C * V),
                k_b + v_b + g_b + beta_b + wk_b + wv_b)
    st["scan"] = (per * 4 * C * K * V, k_b + wk_b + wv_b + g_b + state_b + chunks_b + wv_b + state_b)
    st["out"] = (per * (2 * C * K * V + 2 * C * C * K + 2 * C * C * V), q_b + k_b + wv_b + chunks_b + g_b + wv_b)
    fwd_in = q_b + k_b + v_b + g_b + beta_b + state_b
    fwd_out = wv_b + state_b
    st["fwd"] = (st["wy"][0] + st["scan"][0] + st["out"][0], fwd_in + fwd_out)
    st["dhu"] = (per * (6 * C * K * V + 2 * C * C * K + 2 * C * C * V),
                 q_b + k_b + wk_b + wv_b + wv_b + g_b + state_b + chunks_b + wv_b + state_b)
    st["dqkwg"] = (per * (6 * C * K * V + 4 * C * C * K + 2 * C * C * V),
                   q_b + k_b + wv_b + wv_b + chunks_b * 2 + wv_b + g_b + q_b + k_b + wk_b + g_b)
    st["wybwd"] = (per * (4 * C ** 3 + 4 * C * C * K + 4 * C * C * V),
                   k_b + v_b + g_b + beta_b + wk_b + wv_b + k_b + v_b + beta_b + g_b)
    bwd_flops = st["wy"][0] + st["scan"][0] + st["dhu"][0] + st["dqkwg"][0] + st["wybwd"][0]
    bwd_bytes = fwd_in + wv_b + state_b + (q_b + k_b + v_b + beta_b) + g_b + state_b
    st["bwd"] = (bwd_flops, bwd_bytes)
    st["fwd+bwd"] = (st["fwd"][0] + bwd_flops, st["fwd"][1] + bwd_bytes)
    return st


def floor_ms(flops, nbytes, rates, key="tflops", times=1):
    """max(times * flops at rates[key], bytes at the bandwidth), ms; None without the rate."""
    if not rates or not rates.get(key):
        return None
    return max(times * flops / (rates[key] * 1e12), nbytes / (rates["tbps"] * 1e12)) * 1e3


# ---------------------------------------------------------------- GPU side
def make_inputs(s, seed, grad, torch, dev="cuda"):
    B, T, H, HV, D = s
    gen = torch.Generator(device=dev).manual_seed(seed)

    def rnd(*shape, dtype=torch.bfloat16):
        return torch.randn(*shape, generator=gen, device=dev, dtype=torch.float32).to(dtype)
    q, k = rnd(B, T, H, D), rnd(B, T, H, D)
    v = rnd(B, T, HV, D)
    # A decay in (0,1) per token and a beta in (0,1), as a trained layer has.
    g = torch.nn.functional.logsigmoid(rnd(B, T, HV, dtype=torch.float32))
    beta = torch.sigmoid(rnd(B, T, HV, dtype=torch.float32)).to(torch.bfloat16)
    h0 = rnd(B, HV, D, D, dtype=torch.float32)
    xs = [q, k, v, g, beta, h0]
    if grad:
        for x in xs:
            x.requires_grad_(True)
    do, dht = rnd(B, T, HV, D), rnd(B, HV, D, D, dtype=torch.float32)
    return xs, do, dht


def reference(q, k, v, g, beta, h0, torch):
    """fp64 sequential GDN on [T,H,*] slices (batch dim dropped)."""
    T, H, D = q.shape[0], q.shape[1], q.shape[2]
    HV = v.shape[1]
    rep = HV // H
    qn = torch.nn.functional.normalize(q, dim=-1).repeat_interleave(rep, 1) * D ** -0.5
    kn = torch.nn.functional.normalize(k, dim=-1).repeat_interleave(rep, 1)
    S = h0
    outs = []
    for t in range(T):
        S = S * torch.exp(g[t])[:, None, None]
        vn = beta[t][:, None] * (v[t] - torch.einsum("hk,hkv->hv", kn[t], S))
        S = S + kn[t][:, :, None] * vn[:, None, :]
        outs.append(torch.einsum("hk,hkv->hv", qn[t], S))
    return torch.stack(outs), S


def rel(got, ref):
    ref = ref.double()
    scale = ref.abs().max().item()
    return (got.double() - ref).abs().max().item() / (scale if scale > 0 else 1.0)


def dump(dirpath, name, named, torch):
    """Each (file stem, tensor) of `named` as raw little-endian f64 in
    dirpath/STEM.bin, and dirpath/NAME.json naming them with their shapes:
    what tools/gdn-anchor-check.lua reads to judge an anchor with kcv's own
    oracle (kcv.mp.gdn, grouped heads and all)."""
    os.makedirs(dirpath, exist_ok=True)
    files = {}
    for stem, x in named:
        x = x.detach().to("cpu", torch.float64).contiguous()
        with open(os.path.join(dirpath, stem + ".bin"), "wb") as f:
            f.write(x.numpy().astype("<f8").tobytes())
        files[stem] = list(x.shape)
    with open(os.path.join(dirpath, name + ".json"), "w") as f:
        json.dump({"anchor": name, "files": files}, f, indent=1)


def accuracy(fn, s, torch, dump_to=None, anchor=None, dev="cuda"):
    """Worst relative error of fn's outputs and gradients on a slice; with
    dump_to, the slice's inputs and fn's outputs and gradients on it go
    there too (dump)."""
    (q, k, v, g, beta, h0), do, dht = make_inputs(s, 7, True, torch, dev)
    o, ht = fn(q, k, v, g, beta, h0)
    torch.autograd.backward([o, ht], [do, dht])
    H, HV = s[2], s[3]
    hv = min(2, HV)
    hk = max(1, hv * H // HV)
    sl = [x[0, :, :hk].detach().double().requires_grad_(True) for x in (q, k)]
    sv = [x[0, :, :hv].detach().double().requires_grad_(True) for x in (v, g, beta)]
    s0 = h0[0, :hv].detach().double().requires_grad_(True)
    ro, rht = reference(sl[0], sl[1], sv[0], sv[1], sv[2], s0, torch)
    torch.autograd.backward([ro, rht], [do[0, :, :hv].double(), dht[0, :hv].double()])
    out = {"o": rel(o[0, :, :hv], ro), "ht": rel(ht[0, :hv], rht)}
    for name, x, r in (("dq", q, sl[0]), ("dk", k, sl[1])):
        out[name] = rel(x.grad[0, :, :hk], r.grad)
    for name, x, r in (("dv", v, sv[0]), ("dg", g, sv[1]), ("dbeta", beta, sv[2])):
        out[name] = rel(x.grad[0, :, :hv], r.grad)
    out["dh0"] = rel(h0.grad[0, :hv], s0.grad)
    if dump_to:
        ins = [("q", q[:1, :, :hk]), ("k", k[:1, :, :hk]), ("v", v[:1, :, :hv]), ("g", g[:1, :, :hv]),
               ("beta", beta[:1, :, :hv]), ("h0", h0[:1, :hv]), ("do", do[:1, :, :hv]), ("dht", dht[:1, :hv])]
        outs = [("o", o[:1, :, :hv]), ("ht", ht[:1, :hv]), ("dq", q.grad[:1, :, :hk]), ("dk", k.grad[:1, :, :hk]),
                ("dv", v.grad[:1, :, :hv]), ("dg", g.grad[:1, :, :hv]), ("dbeta", beta.grad[:1, :, :hv]),
                ("dh0", h0.grad[:1, :hv])]
        dump(dump_to, anchor, ins + [(anchor + "-" + stem, x) for stem, x in outs], torch)
    return out


def timer(torch, warmup, reps):
    flush = torch.empty(256 * 2 ** 20, dtype=torch.uint8, device="cuda")

    def run(fn):
        times = []
        for i in range(warmup + reps):
            flush.fill_(i & 255)  # evict L2 outside the timed region
            a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            a.record()
            fn()
            b.record()
            torch.cuda.synchronize()
            if i >= warmup:
                times.append(a.elapsed_time(b))
        return statistics.median(times)
    return run


def matmul_tflops(torch, n, dtype):
    """n^3 matmuls of random dtype operands, ten after three warm-ups."""
    a = torch.randn(n, n, device="cuda", dtype=dtype)
    b = torch.randn(n, n, device="cuda", dtype=dtype)
    for _ in range(3):
        torch.matmul(a, b)
    torch.cuda.synchronize()
    e0, e1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    e0.record()
    for _ in range(10):
        torch.matmul(a, b)
    e1.record()
    torch.cuda.synchronize()
    return 2 * n ** 3 * 10 / (e0.elapsed_time(e1) * 1e-3) / 1e12


def rates(torch):
    """The card's bf16, TF32 and fp64 tensor-core rates and HBM bandwidth, measured now."""
    tflops = matmul_tflops(torch, 8192, torch.bfloat16)
    tflops64 = matmul_tflops(torch, 4096, torch.float64)
    tf32_was = torch.backends.cuda.matmul.allow_tf32
    torch.backends.cuda.matmul.allow_tf32 = True   # f32 matmul on the TF32 tensor cores
    tflops_tf32 = matmul_tflops(torch, 8192, torch.float32)
    torch.backends.cuda.matmul.allow_tf32 = tf32_was
    e0, e1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    x = torch.empty(2 ** 31, dtype=torch.uint8, device="cuda")  # 2 GiB, far past L2
    y = torch.empty_like(x)
    for _ in range(3):
        y.copy_(x)
    torch.cuda.synchronize()
    e0.record()
    for _ in range(10):
        y.copy_(x)
    e1.record()
    torch.cuda.synchronize()
    tbps = 2 * x.numel() * 10 / (e0.elapsed_time(e1) * 1e-3) / 1e12  # read + write
    del x, y
    torch.cuda.empty_cache()  # the anchors' subprocesses want the memory
    return {"tflops": tflops, "tflops64": tflops64, "tflops_tf32": tflops_tf32, "tbps": tbps,
            "how": "8192^3 bf16, 8192^3 f32 (TF32 allowed) and 4096^3 fp64 matmul x10 (random); "
                   "2 GiB copy x10, read+write"}


def anchor_fn(name):
    """The op as fn(q,k,v,g,beta,h0) -> (o, ht), or raise with the import error."""
    if name in ("fla", "fla-tl"):
        from fla.ops.gated_delta_rule import chunk_gated_delta_rule as op
    elif name == "flashqla":
        from flash_qla import chunk_gated_delta_rule as op
    else:
        raise ValueError("unknown anchor " + name)

    def fn(q, k, v, g, beta, h0):
        return op(q, k, v, g, beta, scale=q.shape[-1] ** -0.5, initial_state=h0,
                  output_final_state=True, use_qk_l2norm_in_kernel=True)
    return fn


def err_text(e):
    return "%s: %s" % (type(e).__name__, str(e).strip().splitlines()[0] if str(e).strip() else "")


def run_anchor(name, shapes, args):
    """One anchor, in this process: accuracy once, then times per shape.

    The result so far is written to args.save after each step, so that a
    parent which kills a hung or slow anchor still has its rows."""
    import torch
    res = {"anchor": name, "env": {k: os.environ.get(k) for k in ANCHORS[name]}, "rows": [], "versions": {}}
    for mod in ("torch", "triton", "tilelang", "fla", "flash_qla"):
        try:
            res["versions"][mod] = getattr(__import__(mod), "__version__", "?")
        except Exception as e:  # noqa: BLE001 -- any import failure is a finding
            res["versions"][mod] = "import failed: " + err_text(e)
    try:
        fn = anchor_fn(name)
    except Exception as e:  # noqa: BLE001
        res["error"] = "import: " + err_text(e)
        save(res, args.save)
        return res
    acc = tuple(args.acc_shape)
    try:
        res["accuracy"] = {"shape": shape_str(acc), "err": accuracy(fn, acc, torch, args.dump, name)}
    except Exception as e:  # noqa: BLE001
        res["accuracy"] = {"shape": shape_str(acc), "error": err_text(e)}
    save(res, args.save)
    torch.cuda.empty_cache()
    # The budget counts from here: the accuracy check's first call JIT-compiles
    # TileLang kernels (over 60 s on a fresh H200 machine, 2026-12-02), which
    # must not starve every timed shape.
    t0 = time.time()
    run = timer(torch, args.warmup, args.reps)
    for s in shapes:
        row = {"shape": shape_str(s)}
        res["rows"].append(row)
        if name == "flashqla" and s[4] != 128:
            row["error"] = "not supported: FlashQLA needs K = V = 128"
            continue
        if time.time() - t0 > args.budget:
            row["error"] = "skipped: past the --budget of %d s" % args.budget
            continue
        for stage in ("fwd", "fwd+bwd"):
            try:
                xs, do, dht = make_inputs(s, 1, stage != "fwd", torch)
                if stage == "fwd":
                    def call():
                        with torch.no_grad():
                            fn(*xs)
                else:
                    def call():
                        o, ht = fn(*xs)
                        torch.autograd.backward([o, ht], [do, dht])
                        for x in xs:
                            x.grad = None
                row[stage] = run(call)
            except Exception as e:  # noqa: BLE001 -- e.g. fla's #640 refusal
                row[stage + "_error"] = err_text(e)
            finally:
                xs = do = dht = None
                torch.cuda.empty_cache()
        print("gdn-bench: %s %s %s" % (name, row["shape"], {k: v for k, v in row.items() if k != "shape"}),
              file=sys.stderr, flush=True)
        save(res, args.save)
    return res


def save(res, path):
    """Write res to path (if any) whole, by rename, so a reader never sees half."""
    if path:
        with open(path + ".tmp", "w") as f:
            json.dump(res, f)
        os.replace(path + ".tmp", path)


# ---------------------------------------------------------------- report
def table(shapes, results, ours, rate):
    lines = ["| shape (B,T,H,HV,D) | stage | impl | ms | floor ms | x floor |",
             "| --- | --- | --- | --- | --- | --- |"]
    our_rows = {}
    for r in (ours or {}).get("rows", []):
        n = [int(x) for x in r["shape"].split(",")]    # B,T,H,D or B,T,H,HV,D
        if len(n) == 4:
            n.insert(3, n[2])
        our_rows[(shape_str(tuple(n)), r["stage"])] = r
    for s in shapes:
        st = stages(s)
        for stage in ("fwd", "fwd+bwd"):
            fl = floor_ms(*st[stage], rate)
            cells = []
            o = our_rows.get((shape_str(s), stage))
            if o:
                cells.append(("kcv", o.get("ms"), o.get("err")))
            else:
                cells.append(("kcv", None, "no time (--ours missing)"))
            for a in results:
                row = next((r for r in a.get("rows", []) if r["shape"] == shape_str(s)), {})
                cells.append((a["anchor"], row.get(stage), a.get("error") or row.get("error") or row.get(stage + "_error")))
            for impl, ms, err in cells:
                x = "%.2f" % (ms / fl) if (ms and fl) else ""
                lines.append("| %s | %s | %s | %s | %s | %s |" % (
                    shape_str(s), stage, impl, "%.4f" % ms if ms else (err or "?"), "%.4f" % fl if fl else "", x))
    return "\n".join(lines)


def run_child(name, cmd, env, path, timeout):
    """Run one anchor's process; its result, or its rows so far and why it ended."""
    if os.path.exists(path):
        os.remove(path)
    why = None
    try:
        p = subprocess.run(cmd + ["--save", path], env=env, stdout=subprocess.DEVNULL, timeout=timeout)
        if p.returncode != 0:
            why = "the subprocess exited %d" % p.returncode
    except subprocess.TimeoutExpired:
        why = "killed after the --anchor-timeout of %d s" % timeout
    try:
        res = json.load(open(path))
    except Exception:  # noqa: BLE001 -- a crashed subprocess still gets a row
        return {"anchor": name, "error": (why or "the subprocess ended") + " without a result"}
    if why:
        res["error"] = why + "; rows before it kept"
    return res


def dry_run(shapes, args):
    rate = {"tflops": args.assume_tflops, "tflops64": args.assume_tflops64,
            "tflops_tf32": args.assume_tflops_tf32, "tbps": args.assume_tbps} if args.assume_tflops else None
    print("# gdn-bench dry run: chunk %d; FLOPs and minimum bytes per stage (formulas in the header)" % C)
    print("# anchors %s; accuracy at %s; warmup %d, reps %d" % (",".join(args.anchors), shape_str(args.acc_shape),
                                                                  args.warmup, args.reps))
    for s in shapes:
        for name, (fl, by) in stages(s).items():
            f, f64 = floor_ms(fl, by, rate), floor_ms(fl, by, rate, "tflops64")
            f3 = floor_ms(fl, by, rate, "tflops_tf32", 3)
            print("plan %s %s flops=%d bytes=%d%s%s%s" % (shape_str(s), name, round(fl), by,
                                                          " floor_ms=%.4f" % f if f is not None else "",
                                                          " floor64_ms=%.4f" % f64 if f64 is not None else "",
                                                          " floor3_ms=%.4f" % f3 if f3 is not None else ""))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 epilog="See the header of this file for the formulas and semantics.")
    ap.add_argument("--dry-run", action="store_true", help="print the plan and the FLOP/byte figures; no GPU, no torch")
    ap.add_argument("--out", default="gdn-bench-out", help="directory for bench.json and bench.md")
    ap.add_argument("--ours", help="tools/gdn-time.lua's JSON, merged into the table")
    ap.add_argument("--anchors", type=lambda x: x.split(","), default=list(ANCHORS), help="comma list of " + ",".join(ANCHORS))
    ap.add_argument("--shapes", type=parse_shape, nargs="+", default=FLA_SHAPES + QLA_SHAPES)
    ap.add_argument("--acc-shape", type=parse_shape, default=(4, 2048, 16, 16, 128))
    ap.add_argument("--dump", help="directory: the accuracy slice's inputs and each anchor's outputs and "
                    "gradients, raw f64, for tools/gdn-anchor-check.lua (kcv's own oracle)")
    ap.add_argument("--warmup", type=int, default=3)
    ap.add_argument("--reps", type=int, default=10)
    ap.add_argument("--budget", type=int, default=150, help="seconds per anchor before its later shapes are skipped")
    ap.add_argument("--assume-tflops", type=float, help="dry run: a bf16 rate (TFLOP/s) for the floors")
    ap.add_argument("--assume-tbps", type=float, default=4.3, help="dry run: an HBM bandwidth (TB/s)")
    ap.add_argument("--assume-tflops64", type=float, help="dry run: an fp64 tensor-core rate (TFLOP/s), for floor64")
    ap.add_argument("--assume-tflops-tf32", type=float,
                    help="dry run: a TF32 tensor-core rate (TFLOP/s), for floor3 (three TF32 products a product)")
    ap.add_argument("--rates", action="store_true", help="measure the card's rates (bf16, TF32, fp64, HBM), print them, stop")
    ap.add_argument("--anchor-timeout", type=int, default=0,
                    help="seconds before an anchor's process is killed (default: budget + 300); its rows so far are kept")
    ap.add_argument("--one", help=argparse.SUPPRESS)  # internal: run one anchor, JSON to stdout
    ap.add_argument("--save", help=argparse.SUPPRESS)  # internal: the one anchor's result so far
    args = ap.parse_args()
    for a in args.anchors:
        if a not in ANCHORS:
            ap.error("unknown anchor %s" % a)
    if args.dry_run:
        dry_run(args.shapes, args)
        return 0
    if args.one:
        res = run_anchor(args.one, args.shapes, args)
        if not args.save:
            print(json.dumps(res))
        return 0

    import torch
    rate = rates(torch)
    print("gdn-bench: %.0f TFLOP/s bf16, %.0f TFLOP/s TF32, %.1f TFLOP/s fp64, %.2f TB/s on %s" % (
        rate["tflops"], rate["tflops_tf32"], rate["tflops64"], rate["tbps"], torch.cuda.get_device_name(0)),
        file=sys.stderr, flush=True)
    if args.rates:
        return 0
    os.makedirs(args.out, exist_ok=True)
    del torch
    results = []
    for a in args.anchors:
        env = dict(os.environ, **ANCHORS[a])
        cmd = [sys.executable, __file__, "--one", a, "--warmup", str(args.warmup), "--reps", str(args.reps),
               "--budget", str(args.budget), "--acc-shape", shape_str(args.acc_shape)]
        cmd += (["--dump", args.dump] if args.dump else []) + ["--shapes"] + [shape_str(s) for s in args.shapes]
        results.append(run_child(a, cmd, env, os.path.join(args.out, "anchor-%s.json" % a),
                                 args.anchor_timeout or args.budget + 300))
    ours = json.load(open(args.ours)) if args.ours and os.path.exists(args.ours) else None
    doc = {"rates": rate, "chunk": C, "anchors": results, "ours": ours,
           "stages": {shape_str(s): stages(s) for s in args.shapes},
           "device": __import__("torch").cuda.get_device_name(0)}
    with open(os.path.join(args.out, "bench.json"), "w") as f:
        json.dump(doc, f, indent=1)
    md = ["# GDN benchmark (issue 12)", "",
          "device %s; bf16 %.0f TFLOP/s, TF32 %.0f TFLOP/s, fp64 %.1f TFLOP/s, HBM %.2f TB/s "
          "(measured in this run)" % (doc["device"], rate["tflops"], rate["tflops_tf32"], rate["tflops64"],
                                     rate["tbps"]), ""]
    for a in results:
        md.append("- %s: versions %s; accuracy %s%s" % (a["anchor"], a.get("versions"), a.get("accuracy"),
                                                        ("; error " + a["error"]) if a.get("error") else ""))
    md += ["", table(args.shapes, results, ours, rate), ""]
    with open(os.path.join(args.out, "bench.md"), "w") as f:
        f.write("\n".join(md))
    print("\n".join(md))
    return 0


if __name__ == "__main__":
    sys.exit(main())
