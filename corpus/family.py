"""The family error model's worker side (docs/TOLERANCES.md, "The family
error model"): which family a problem's forward belongs to, its reduction
length n, and the magnitude each output element's error scales with.

The reference's forward is traced once per set of sizes (a
TorchDispatchMode records the aten ops it runs, after decomposition) and
classified:

* "multilinear": only products, sums, convolutions, element-wise add, sub,
  mul, scalar division, relu-like and max-like ops and layout ops.  The
  magnitude is the fp64 oracle run with every value made absolute and every
  subtraction made an addition (AbsMode): exactly sum |terms| per element.
* "scale": positive sums (softmax, 2-norms) under products, quotients,
  roots and exponentials, and no addition of signed values.  The relative
  error stays about n*u, so the magnitude is |oracle|.
* "none": anything else (norms with a mean subtracted, nonlinear
  activations after a reduction, ops not listed).  The audit keeps the
  measured bound alone.

n is the sum of the reduction lengths of every reducing op (a chain of
reductions composes its errors), 0 when nothing reduces.
"""
import math

import torch
from torch.utils._python_dispatch import TorchDispatchMode

LAYOUT = set("""view _unsafe_view reshape t transpose permute expand expand_as clone contiguous
copy _to_copy to slice select squeeze unsqueeze cat stack detach alias unbind split
split_with_sizes narrow flatten unflatten as_strided diagonal diag diag_embed triu tril
zeros ones empty full zeros_like ones_like empty_like full_like new_zeros new_ones new_empty
new_full fill zero lift_fresh index_select gather index repeat flip roll constant_pad_nd
where masked_fill view_as _reshape_alias scalar_tensor arange movedim unfold
select_scatter slice_scatter tile dropout native_dropout""".split())
# linear in each tensor argument (a product of two tensors is bilinear)
MULTILINEAR = set("""add sub rsub mul neg mm addmm bmm baddbmm mv addmv dot matmul
convolution _convolution conv1d conv2d conv3d conv_transpose1d conv_transpose2d
conv_transpose3d sum mean cumsum avg_pool1d avg_pool2d avg_pool3d adaptive_avg_pool1d
adaptive_avg_pool2d adaptive_avg_pool3d _adaptive_avg_pool2d _adaptive_avg_pool3d
einsum linear trace""".split())
# |f(x)| <= |x| and 1-Lipschitz, or a selection (max): the magnitude passes
LIPSCHITZ = set("""relu leaky_relu abs amax amin max min maximum minimum max_pool1d
max_pool2d max_pool3d max_pool2d_with_indices max_pool3d_with_indices
adaptive_max_pool1d adaptive_max_pool2d adaptive_max_pool3d""".split())
POSITIVE_SUM = set("""_softmax softmax linalg_vector_norm norm frobenius_norm""".split())
RATIO = set("""mul div sqrt rsqrt exp pow clamp_min reciprocal""".split())


def _name(func):
    return func.overloadpacket.__name__.rstrip("_")


def _prod(xs):
    p = 1
    for x in xs:
        p *= int(x)
    return p


def _reduced(x, dims):
    """How many elements of x a reduction over dims (None: all) combines."""
    if not isinstance(x, torch.Tensor):
        return 0
    if dims is None or (isinstance(dims, (list, tuple)) and len(dims) == 0):
        return x.numel()
    if isinstance(dims, int):
        dims = [dims]
    return _prod(x.shape[d] for d in dims) if x.dim() else 1


def _arg(a, kwargs, i, name):
    """Argument `name` of an aten call: by keyword, else the i-th positional."""
    if name in kwargs:
        return kwargs[name]
    return a[i] if i < len(a) else None


def reduction_length(name, args, kwargs):
    """Terms one output element of the op sums, or 0 (it reduces nothing)."""
    a = list(args)
    if name in ("mm", "bmm", "matmul", "mv"):
        return int(a[0].shape[-1])
    if name in ("addmm", "baddbmm", "addmv"):
        return int(a[1].shape[-1])
    if name == "dot":
        return a[0].numel()
    if name in ("convolution", "_convolution"):
        w, transposed, groups = a[1], bool(_arg(a, kwargs, 6, "transposed")), int(_arg(a, kwargs, 8, "groups") or 1)
        k = _prod(w.shape[2:])
        return (int(w.shape[0]) // groups if transposed else int(w.shape[1])) * k
    if name in ("sum", "mean", "linalg_vector_norm", "norm", "frobenius_norm", "var", "std",
                "var_mean", "std_mean", "logsumexp", "prod"):
        # norm(x, p, dim), the others (x, dim); var(x, unbiased) has no dim
        dims = _arg(a, kwargs, 2 if name in ("linalg_vector_norm", "norm") else 1, "dim")
        return _reduced(a[0], None if isinstance(dims, bool) else dims)
    if name in ("cumsum", "cumprod", "_softmax", "softmax", "_log_softmax", "log_softmax"):
        d = int(_arg(a, kwargs, 1, "dim"))
        return int(a[0].shape[d]) if a[0].dim() else 1
    if name.startswith("avg_pool") or name.startswith("adaptive_avg_pool") or name.startswith("_adaptive_avg_pool"):
        x, out_or_k = a[0], a[1]
        if name.startswith("avg_pool"):
            return _prod(out_or_k if isinstance(out_or_k, (list, tuple)) else [out_or_k])
        sizes = out_or_k if isinstance(out_or_k, (list, tuple)) else [out_or_k]
        spatial = list(x.shape[-len(sizes):])
        return _prod(math.ceil(s / max(1, int(o))) + 1 for s, o in zip(spatial, sizes))
    if name == "trace":
        return min(a[0].shape)
    return 0


class _Mode(TorchDispatchMode):
    """A dispatch mode that torch 2.x leaves alone: by default it wraps each
    mode's __torch_dispatch__ to keep Dynamo out, and the wrapper imports
    torch._dynamo at its first call, 6.3 s of a worker's time on the H200
    (tools/worker-costs.py, docs/PERF.md).  These modes compile nothing."""

    @classmethod
    def _should_skip_dynamo(cls):
        return False


class _Record(_Mode):
    def __init__(self):
        super().__init__()
        self.ops = []

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        name = _name(func)
        try:
            n = reduction_length(name, args, kwargs)
        except Exception:  # noqa: BLE001 - an op we cannot read: no family
            n, name = 0, "?" + name
        self.ops.append((name, n))
        return func(*args, **(kwargs or {}))


def classify(ops):
    """{"kind": multilinear|scale|none, "n": ..., "ops": [...], "why": ...}"""
    names = [o for o, _ in ops]
    n = sum(k for _, k in ops)
    seen = sorted(set(names))
    other = [o for o in seen if o not in LAYOUT | MULTILINEAR | LIPSCHITZ]
    if not other:
        return {"kind": "multilinear", "n": n, "ops": seen}
    signed = [o for o in seen if o in ("add", "sub", "rsub", "neg", "sum", "mean", "mm", "addmm", "bmm",
                                       "baddbmm", "mv", "addmv", "dot", "matmul", "convolution",
                                       "_convolution", "cumsum", "einsum", "linear")]
    other = [o for o in seen if o not in LAYOUT | POSITIVE_SUM | RATIO | {"abs", "amax", "amin", "max", "min"}]
    if not other and not signed:
        return {"kind": "scale", "n": n, "ops": seen}
    return {"kind": "none", "n": n, "ops": seen,
            "why": "ops outside the recognised families: " + " ".join((other or signed)[:8])}


def trace(model, inputs):
    """The family of model's forward on inputs (a list of tensors)."""
    rec = _Record()
    with torch.no_grad(), rec:
        model(*inputs)
    return classify(rec.ops)


class AbsMode(_Mode):
    """Every op on absolute values, a subtraction as an addition: a
    multilinear forward then gives sum |terms| for each output element."""

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        name = _name(func)
        a = [_abs(v) for v in args]
        kw = {k: _abs(v) for k, v in (kwargs or {}).items()}
        if name in ("add", "sub", "rsub", "mul", "div"):     # scalar operands count by size too
            a = [abs(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else v for v in a]
            if "alpha" in kw:
                kw["alpha"] = abs(kw["alpha"])
        if name in ("sub", "rsub") and len(a) > 1:           # x - alpha y  ->  |x| + |alpha| |y|
            x, y = (a[1], a[0]) if name == "rsub" else (a[0], a[1])
            return x + y * kw.get("alpha", 1)
        if name == "neg":
            return a[0].clone()
        return func(*a, **kw)


def _abs(v):
    if isinstance(v, torch.Tensor) and v.is_floating_point():
        return v.abs()
    return abs(v) if isinstance(v, float) else v


def magnitude(model, inputs):
    """sum |terms| per output element of a multilinear model (fp64)."""
    with torch.no_grad(), AbsMode():
        return model(*[x.abs() if x.is_floating_point() else x for x in inputs])
