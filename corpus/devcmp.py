"""Comparisons where the outputs are: the twin of host/kcv_compare.c in
torch, so that an audit of outputs with hundreds of millions of elements
compares them on the GPU instead of moving them to the host (corpus/worker.py,
op "cmp"; docs/AUDIT.md, "Outputs held on the device").

Each function takes tensors and returns what kcv.cmp's function of the same
name returns, field for field: the same elements counted, the same first
and worst indices (the first in flat row-major order on ties), the same
numbers.  spec/audit_devcmp_spec.lua holds the two to that on the CPU.
Numbers that are not finite travel as the strings "NaN", "-NaN",
"Infinity", "-Infinity" (JSON has no such numbers; "nan" would be taken
for a class name); the host turns them back.

Classes, as in kcv_compare.c: 0 normal, 1 subnormal, 2 +0, 3 -0, 4 +Inf,
5 -Inf, 6 NaN.
"""
import math

import torch

NORMAL, SUBNORMAL, PZERO, NZERO, PINF, NINF, NAN = range(7)
CLASS_NAMES = ["normal", "subnormal", "pzero", "nzero", "pinf", "ninf", "nan"]
FLOATS = (torch.float16, torch.bfloat16, torch.float32, torch.float64)


def num(x):
    """A Python number for JSON: non-finite floats as strings."""
    x = float(x)
    if math.isnan(x):
        return "-NaN" if math.copysign(1.0, x) < 0 else "NaN"
    if math.isinf(x):
        return "Infinity" if x > 0 else "-Infinity"
    return x


def f64(t):
    """t's values as float64, flat (exact for every dtype kcv reads)."""
    return t.reshape(-1).to(torch.float64)


def min_normal(dtype):
    return torch.finfo(dtype).tiny if dtype in FLOATS else 1.0


def overflow_threshold(dtype):
    """|x| >= T rounds to Inf in dtype (largest finite + half its ulp);
    Inf where that is no double (f64) or dtype is not a float."""
    if dtype not in FLOATS or dtype == torch.float64:
        return math.inf
    fi = torch.finfo(dtype)
    e = math.frexp(fi.max)[1]                  # max = (2 - eps) * 2^(e-1)
    return fi.max + math.ldexp(fi.eps, e - 2)


def classify(v, mn):
    """Class codes of float64 tensor v in a format whose smallest normal is mn."""
    a = v.abs()
    c = torch.full(v.shape, NORMAL, dtype=torch.uint8, device=v.device)
    c[a < mn] = SUBNORMAL
    c[(v == 0) & ~torch.signbit(v)] = PZERO
    c[(v == 0) & torch.signbit(v)] = NZERO
    c[v == math.inf] = PINF
    c[v == -math.inf] = NINF
    c[torch.isnan(v)] = NAN
    return c


def rounded_classes(v, dtype):
    """Class codes of float64 v once rounded to float dtype, to nearest even,
    found from the thresholds where rounding changes a class (kcv_compare.c
    rounds only outside [smallest normal, largest finite] for that reason):
    |v| >= T is Inf; |v| >= mn - s/2 rounds to a normal; |v| > s/2 to a
    subnormal; else to a zero of v's sign (s: the smallest subnormal)."""
    if dtype == torch.float64:
        return classify(v, min_normal(dtype))
    fi = torch.finfo(dtype)
    mn, s, T = fi.tiny, fi.tiny * fi.eps, overflow_threshold(dtype)
    a = v.abs()
    neg = torch.signbit(v)
    c = torch.full(v.shape, NORMAL, dtype=torch.uint8, device=v.device)
    c[a < mn - s / 2] = SUBNORMAL
    c[(a <= s / 2) & ~neg] = PZERO
    c[(a <= s / 2) & neg] = NZERO
    c[(a >= T) & ~neg] = PINF
    c[(a >= T) & neg] = NINF
    c[torch.isnan(v)] = NAN
    return c


def mask_key(c, finite_detail, zero_sign):
    k = c.clone()
    if not finite_detail:
        k[k == SUBNORMAL] = NORMAL
    if not zero_sign:
        k[k == NZERO] = PZERO
    return k


def first(mask):
    """Index of the first True of a flat bool tensor (it has one)."""
    return int(torch.argmax(mask.to(torch.uint8)))


# Elements a chunk: each function walks its tensors in flat chunks, so that
# the float64 temporaries of an output with 268M elements stay small.
CHUNK = 1 << 24


def chunks(*ts):
    """(offset, [flat float64 chunk of each tensor (None stays None)])."""
    flat = [None if t is None else t.reshape(-1) for t in ts]
    n = flat[0].numel()
    for i0 in range(0, n, CHUNK):
        yield i0, [None if t is None else t[i0:i0 + CHUNK].to(torch.float64) for t in flat]


def reference_relative(g, r, e, finite_detail=False, zero_sign=False, alt=None, c_abs=None, c_mag=0.0, mag=None):
    """kcv.cmp.reference_relative(got, ref, expected, opts)."""
    gd = g.dtype
    round_e = gd in FLOATS
    a1t, a2t = alt if alt is not None else (None, None)
    has_bound = c_abs is not None or mag is not None
    fields = ("first", "first_ref_disagree", "first_artifact") + (("first_rounding",) if has_bound else ())
    counts = dict.fromkeys(fields, 0)
    out = {"checked": g.numel()}
    for i0, (gv, rv, ev, a1, a2, mv) in chunks(g, r, e, a1t, a2t, mag):
        gc, rc = classify(gv, min_normal(gd)), classify(rv, min_normal(r.dtype))
        ec = rounded_classes(ev, gd) if round_e else classify(ev, min_normal(e.dtype))
        gk, rk, ek = (mask_key(c, finite_detail, zero_sign) for c in (gc, rc, ec))
        disagree = rk != ek
        differs = ~disagree & (gk != ek)
        artifact = torch.zeros_like(differs)
        if a1 is not None:
            ac = rounded_classes(a1, gd) if round_e else classify(a1, min_normal(a1t.dtype))
            artifact = differs & (a1 == a2) & torch.isfinite(a1) & (mask_key(ac, finite_detail, zero_sign) == gk)
        rounding = torch.zeros_like(differs)
        if has_bound:
            # a zero or a subnormal against a normal within the bound (kcv_compare.c)
            small = lambda c: (c == PZERO) | (c == NZERO) | (c == SUBNORMAL)
            across = (small(gc) & (ec == NORMAL)) | (small(ec) & (gc == NORMAL))
            bound = (c_abs or 0.0) + (term(c_mag, mv) if mv is not None else 0.0)
            rounding = differs & ~artifact & across & ((gv - ev).abs() <= bound)
        kinds = {"first": differs & ~artifact & ~rounding, "first_ref_disagree": disagree,
                 "first_artifact": artifact, "first_rounding": rounding}
        for field in fields:
            mask = kinds[field]
            n = int(mask.sum())
            if n and not counts[field]:
                i = first(mask)
                out[field] = {"index": i0 + i, "got": num(gv[i]), "expected": num(ev[i]), "ref": num(rv[i]),
                              "got_class": CLASS_NAMES[int(gc[i])], "expected_class": CLASS_NAMES[int(ec[i])],
                              "ref_class": CLASS_NAMES[int(rc[i])]}
            counts[field] += n
    out.update(ok=counts["first"] == 0, violations=counts["first"],
               ref_disagrees=counts["first_ref_disagree"], artifacts=counts["first_artifact"])
    if has_bound:
        out["roundings"] = counts["first_rounding"]
    return out


def term(c, x):
    """c*|x| with 0*Inf = 0 (kcv_compare.c, term)."""
    if c == 0:
        return torch.zeros_like(x)
    return torch.where(x == 0, torch.zeros_like(x), c * x.abs())


def within(g, e, c_abs=0.0, c_rel=0.0, c_mag=0.0, mag=None, ref=None):
    """kcv.cmp.within(got, expected, opts)."""
    T = overflow_threshold(g.dtype)
    out = {"violations": 0, "checked": 0, "ratio": 0.0}
    worst = -1.0
    for i0, (gv, ev, mv, rv) in chunks(g, e, mag, ref):
        inf = torch.full_like(gv, math.inf)
        fin_e, fin_g = torch.isfinite(ev), torch.isfinite(gv)
        same_nonfinite = torch.where(torch.isnan(ev), torch.isnan(gv), gv == ev)
        checked = ~(~fin_e & same_nonfinite)
        if rv is not None:
            checked &= torch.isfinite(rv) & fin_e
        bound = c_abs + term(c_rel, ev)
        if mv is not None:
            bound = bound + term(c_mag, mv)
        ovf = torch.isinf(gv) & fin_e & ((gv > 0) == (ev > 0)) & (ev.abs() + bound >= T)
        err = torch.where(~fin_e | ~fin_g, inf, (gv - ev).abs())
        err = torch.where(ovf, (T - ev.abs()).clamp(min=0), err)
        ratio = torch.where(err == 0, torch.zeros_like(err), torch.where(bound > 0, err / bound, inf))
        ratio = torch.where(torch.isnan(ratio), inf, ratio)
        bad = checked & (~(err <= bound) | torch.isinf(ratio))
        nbad, nchk = int(bad.sum()), int(checked.sum())
        if nbad and not out["violations"]:
            out["first_violation"] = i0 + first(bad)
        out["violations"] += nbad
        out["checked"] += nchk
        if nchk:
            i = int(torch.argmax(torch.where(checked, ratio, torch.full_like(ratio, -1.0))))
            if float(ratio[i]) > worst:         # strictly: the first of equal worst ratios
                worst = float(ratio[i])
                out.update(worst_index=i0 + i, got=num(gv[i]), expected=num(ev[i]), err=num(err[i]),
                           bound=num(bound[i]), ratio=num(ratio[i]))
    out["ok"] = out["violations"] == 0
    return out


def max_abs_diff(a, b, finite_only=False):
    """kcv.cmp.max_abs_diff(a, b, opts) -> [max |a_i - b_i|, its index or None]."""
    worst, at = 0.0, None
    for i0, (x, y) in chunks(a, b):
        same = (x == y) | (torch.isnan(x) & torch.isnan(y))
        d = torch.where(same, torch.zeros_like(x), (x - y).abs())
        if finite_only:
            d = torch.where(torch.isfinite(x) & torch.isfinite(y), d, torch.full_like(d, -1.0))
        else:
            nan = torch.isnan(d)
            if bool(nan.any()):
                return ["NaN", i0 + first(nan)]
        i = int(torch.argmax(d))
        v = float(d[i])
        if v >= 0 and (at is None or v > worst):
            worst, at = v, i0 + i
    return [num(worst), at]


def max_abs_finite(b):
    """kcv.cmp.max_abs_finite(b)."""
    worst = 0.0
    for _, (v,) in chunks(b):
        v = v.abs()
        v = torch.where(torch.isfinite(v), v, torch.zeros_like(v))
        if v.numel():
            worst = max(worst, float(v.max()))
    return worst


DTYPES = {"f64": torch.float64, "f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16,
          "i64": torch.int64, "i32": torch.int32, "u8": torch.uint8}


def load(spec):
    """A tensor from {path, dtype, shape}: a raw little-endian file."""
    n = 1
    for d in spec["shape"]:
        n *= d
    return torch.from_file(spec["path"], size=n, dtype=DTYPES[spec["dtype"]]).reshape(spec["shape"])


FUNCTIONS = ("within", "reference_relative", "max_abs_diff", "max_abs_finite")


def call(fn, args, opts, tensor):
    """fn on the tensors that tensor(x) makes of args and of opts' mag, ref
    and alt (held names in the worker, file specs in main); coefficients
    (c_*) may come as hexadecimal floats, which JSON carries exactly."""
    if fn not in FUNCTIONS:
        raise ValueError("no comparison %r" % fn)
    opts = dict(opts or {})
    for k, v in opts.items():
        if k in ("mag", "ref"):
            opts[k] = tensor(v)
        elif k == "alt":
            opts[k] = [tensor(a) for a in v]
        elif k.startswith("c_") and isinstance(v, str):
            opts[k] = float.fromhex(v)
    with torch.no_grad():
        return globals()[fn](*[tensor(a) for a in args], **opts)


def main():
    """Run a list of comparisons on raw files (the test's way to hold this
    module to kcv.cmp): stdin {chunk, jobs: [{fn, args: [file...], opts}]}
    with files as {path, dtype, shape} also in opts mag, ref, alt; stdout a
    JSON list of results."""
    import json
    import sys
    global CHUNK
    req = json.load(sys.stdin)
    CHUNK = int(req.get("chunk", CHUNK))
    json.dump([call(job["fn"], job["args"], job.get("opts"), load) for job in req["jobs"]], sys.stdout)


if __name__ == "__main__":
    main()
