#!/usr/bin/env python3
"""kcv's module worker: runs one KernelBench-format problem (Model) and one
solution (ModelNew) for kcv's host, which decides every verdict.

    python3 corpus/worker.py --problem FILE --solution FILE --dir DIR [--out-dir DIR]
                             [--device cuda|cpu] [--build-root DIR] [--build-only]

Requests come as one JSON object a line on stdin, replies go as one JSON
object a line on the protocol stream (the original stdout; everything the
solution or its compiler prints goes to stderr).  Tensors never travel as
text: outputs are raw little-endian files in OUT_DIR (--out-dir, default
DIR), named in the reply; the host removes each once it has read it.  The
protocol is written down in docs/AUDIT.md ("The worker protocol").
"""
import argparse
import contextlib
import copy
import gc
import hashlib
import json
import os
import re
import subprocess
import sys
import time
import types
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import kernelbench  # noqa: E402

from protocol import Fault, serve  # noqa: E402 - first: fd 1 becomes stderr

_T_IMPORT = time.time()
import torch  # noqa: E402
import devcmp  # noqa: E402
import family  # noqa: E402
import fastbuild  # noqa: E402

DTYPES = {torch.float32: "f32", torch.float64: "f64", torch.float16: "f16",
          torch.bfloat16: "bf16", torch.int64: "i64", torch.int32: "i32",
          torch.int16: "i16", torch.int8: "i8", torch.uint8: "u8", torch.bool: "bool"}
BITS = {torch.float32: torch.int32, torch.float64: torch.int64,
        torch.float16: torch.int16, torch.bfloat16: torch.int16}
STRUCT_DRAWS = 3          # seeded draws of get_inputs() for the structure
KB_SEED = 42              # KernelBench v0: models and trial seeds


def set_seed(seed):
    torch.manual_seed(seed)
    if torch.cuda.is_available():
        torch.cuda.manual_seed_all(seed)


def exec_module(name, source, path, base=None):
    """source run as module `name`; base: names it starts with."""
    mod = types.ModuleType(name)
    if base:
        mod.__dict__.update({k: v for k, v in base.items() if not k.startswith("__")})
    mod.__file__ = path
    sys.modules[name] = mod
    exec(compile(source, path, "exec"), mod.__dict__)
    return mod


def as_tensors(out):
    """A module's result as a flat list of tensors."""
    if isinstance(out, torch.Tensor):
        return [out]
    if isinstance(out, (tuple, list)):
        flat = []
        for o in out:
            flat.extend(as_tensors(o))
        return flat
    if isinstance(out, (int, float, bool)):
        return [torch.tensor(out)]
    raise Fault("bad_output", "forward returned %s, not tensors" % type(out).__name__)


def is_float(t):
    return t.is_floating_point()


def default_device(device):
    """torch's default device for factory calls (torch.randn ...) within;
    torch before 2.0 has no such context, and draws on the CPU."""
    d = torch.device(device)
    return d if hasattr(d, "__enter__") else contextlib.nullcontext()


def as_draw(x, device):
    """One value of get_inputs() as a tensor on device."""
    return (x if isinstance(x, torch.Tensor) else torch.tensor(x)).to(device)


class Variant:
    """The problem at one set of sizes: its module, the reference, the
    candidate and the fp64 oracle, all built from the same init inputs
    under one seed."""

    def __init__(self, w, sizes):
        self.sizes = sizes
        src = kernelbench.with_sizes(w.problem_source, sizes)
        self.mod = exec_module("kcv_problem", src, w.problem_path)
        init = self.mod.get_init_inputs()
        set_seed(KB_SEED)
        self.ref = self.mod.Model(*init)
        set_seed(KB_SEED)
        # no solution: the problem's own Model is the candidate (a positive control)
        self.cand = (w.solution.ModelNew if w.solution else self.mod.Model)(*init)
        self.params = copy_params(self.ref, self.cand) if self.cand is not None else None
        dev = w.device
        self.ref = self.ref.to(dev).eval()
        if self.cand is not None:
            self.cand = self.cand.to(dev).eval()
        self.oracle = None
        self.family = None        # corpus/family.py, traced on first use
        self.draw_device = dev
        self._structure = None
        self.stateful = self.find_state(dev)

    def find_state(self, dev):
        """A reference whose forward changes its own plain tensors (a
        recurrent cell keeping self.hidden, l3_p33) computes another
        function on every call, and the reference and the candidate, called
        different numbers of times, would part.  Then every model gets the
        state it was built with back before each call.  Returns why, or
        None."""
        state = snapshot(self.ref)
        if not state:
            return None
        try:
            forward(self.ref, self.draw(KB_SEED), dev)
            changed = changes_state(self.ref, state)
        except Exception:  # noqa: BLE001 - the cases will meet it again
            changed = False
        restore(state)
        if not changed:
            return None
        keep_state(self.ref, state)
        if self.cand is not None:
            keep_state(self.cand, snapshot(self.cand))
        return ("the reference's forward changes its own state (%s): each model's state as built is "
                "given back before every call" % ", ".join(sorted({n for _, n, _ in state})))

    def oracle_model(self):
        if self.oracle is None:
            self.oracle = upcast(clone(self.ref))
            if self.stateful:        # the copied hook restores the copy's own state, in float64
                self.oracle._kcv_state = snapshot(self.oracle)
        return self.oracle

    def draw(self, seed):
        """get_inputs() under seed, as tensors on the case device.  On a GPU
        the draw is made there (torch's default device), so that making a
        case costs the CPU nothing; a get_inputs() that cannot run that way
        draws on the CPU, and the variant keeps to the CPU from then on."""
        set_seed(seed)
        try:
            with default_device(self.draw_device):
                xs = self.mod.get_inputs()
            return [as_draw(x, self.draw_device) for x in xs]
        except Exception as e:  # noqa: BLE001
            if self.draw_device == "cpu":
                raise
            if "out of memory" in str(e):
                # the machine's state, not the problem's: a draw on the CPU
                # would be another random stream, other inputs than the
                # same recipe gives elsewhere
                raise Fault("oom", "drawing the inputs on the GPU: %s" % e)
            self.draw_device = "cpu"
            self._structure = None
            set_seed(seed)
            return [as_draw(x, "cpu") for x in self.mod.get_inputs()]

    def structure(self):
        """Per input: which positions a draw could hold a value at (free),
        and what the draws say of the values (dtype, sign, range)."""
        while self._structure is None:
            device = self.draw_device
            draws = [self.draw(1000003 * (k + 1)) for k in range(STRUCT_DRAWS)]
            if self.draw_device != device:
                continue                  # fell back to the CPU: draw again there
            out = []
            for i, x0 in enumerate(draws[0]):
                xs = [d[i] for d in draws]
                info = {"dtype": DTYPES.get(x0.dtype, str(x0.dtype)),
                        "shape": list(x0.shape), "float": is_float(x0)}
                if is_float(x0):
                    same = torch.ones(x0.shape, dtype=torch.bool, device=x0.device)
                    for x in xs[1:]:
                        same &= (x == x0)
                    info["fixed"] = int(same.sum())
                    info["nonneg"] = all(bool((x >= 0).all()) for x in xs)
                    info["bounded"] = [min(float(x.min()) for x in xs),
                                       max(float(x.max()) for x in xs)] if x0.numel() else [0, 0]
                    info["_free"] = ~same
                else:
                    info["range"] = [min(int(x.min()) for x in xs),
                                     max(int(x.max()) for x in xs)] if x0.numel() else [0, 0]
                out.append(info)
            self._structure = out
        return self._structure


def plain_tensors(model):
    """(module, name, tensor) for each tensor a model keeps as a plain
    attribute, neither parameter nor buffer."""
    return [(m, n, v) for m in model.modules() for n, v in vars(m).items() if isinstance(v, torch.Tensor)]


def snapshot(model):
    return [(m, n, v.detach().clone()) for m, n, v in plain_tensors(model)]


def restore(state):
    for m, n, v in state:
        setattr(m, n, v.clone())


def restore_hook(model, args):
    """A forward pre-hook: the model's plain tensors as they were built
    (model._kcv_state, which copy.deepcopy carries over to a copy's own
    modules)."""
    restore(model._kcv_state)


def changes_state(model, state):
    """Whether a forward left a plain tensor with other values than in
    state (a move to another device alone is no change)."""
    now = {(id(m), n): v for m, n, v in plain_tensors(model)}
    for m, n, v in state:
        w = now.get((id(m), n))
        if w is None or w.shape != v.shape or not torch.equal(w.detach().to("cpu"), v.to("cpu")):
            return True
    return False


def keep_state(model, state):
    """Give model its built state back before every call."""
    model._kcv_state = state
    model.register_forward_pre_hook(restore_hook)


def clone(model):
    """A deep copy of model whose kept functions call the copy, not model.

    copy.deepcopy copies a function as itself, so a lambda kept as an
    attribute (minGPT's `self.mlpf = lambda x: m.c_proj(...)`, level 3,
    p44) would still run the original's modules: in float32, inside the
    float64 oracle.  Each such function is rebuilt with its closure's
    cells pointing at the copies deepcopy made."""
    memo = {}
    new = copy.deepcopy(model, memo)
    for m in new.modules():
        for name, f in list(vars(m).items()):
            if isinstance(f, types.FunctionType) and f.__closure__:
                cells = tuple(recell(c, memo) for c in f.__closure__)
                g = types.FunctionType(f.__code__, f.__globals__, f.__name__, f.__defaults__, cells)
                g.__kwdefaults__ = f.__kwdefaults__
                setattr(m, name, g)
    return new


def recell(cell, memo):
    """cell, pointing at deepcopy's copy of what it holds (if it made one)."""
    try:
        v = cell.cell_contents
    except ValueError:       # an empty cell: a name not yet bound
        return types.CellType()
    return types.CellType(memo.get(id(v), v))


def upcast(model):
    """model in float64: its parameters and buffers (Module.double), and
    the float tensors it keeps as plain attributes, which double() does not
    reach: KernelBench's LSTM and GRU problems keep their initial hidden
    state that way (level 3, 35-42), and a float32 h0 against float64
    weights is an error, not an oracle."""
    model = model.double()
    for m in model.modules():
        for name, v in list(vars(m).items()):
            if isinstance(v, torch.Tensor) and v.is_floating_point():
                setattr(m, name, v.double())
    return model


def copy_params(ref, cand):
    """Copy the reference's parameters and buffers into the candidate where
    names and shapes match, so both compute the same function."""
    rs = ref.state_dict()
    cs = cand.state_dict()
    matched, unmatched = [], []
    with torch.no_grad():
        for name, t in cs.items():
            r = rs.get(name)
            if r is not None and r.shape == t.shape and r.dtype == t.dtype:
                t.copy_(r)
                matched.append(name)
            else:
                unmatched.append(name)
    return {"matched": len(matched), "unmatched": unmatched,
            "reference_only": [n for n in rs if n not in cs]}


# ---- case inputs ----------------------------------------------------------
# A case = the problem's own draw under the case seed (so structural zeros,
# masks, index ranges are the problem's), with kcv's distribution and
# special values put only at free positions of float inputs.

def transform(dist, x, g):
    """x (f64, the problem's draw) moved into kcv's distribution `dist`."""
    u = lambda: torch.rand(x.shape, generator=g, dtype=torch.float64, device=x.device)  # noqa: E731
    if dist == "bench":
        return x
    if dist == "uniform":
        return 2 * u() - 1
    if dist == "heavy":          # Pareto, alpha 1.5, random sign
        return torch.sign(x) * (1 - u()).clamp_min(1e-12) ** (-1 / 1.5)
    if dist == "offset":         # a large common offset: cancellation
        return x + 1e3
    if dist == "tiny":
        return x * 2.0 ** -60
    if dist == "huge":
        return x * 2.0 ** 40
    if dist == "wide":           # magnitudes over 2^-20 .. 2^20, mixed signs
        return torch.sign(x) * 2.0 ** (40 * u() - 20)
    if dist == "near1":          # 1 + small: needs an f32 mantissa
        return 1 + 2.0 ** -10 * x
    if dist == "positive":       # one sign, no cancellation: long sums grow
        return 0.5 + u()
    raise ValueError("unknown distribution %r" % dist)


SPECIAL = {"nan": float("nan"), "inf": float("inf"), "-inf": float("-inf")}


def make_case(var, recipe):
    seed = int(recipe.get("seed", 0))
    st = var.structure()
    xs = var.draw(seed)
    if var._structure is None:          # this draw fell back to the CPU: all again there
        st, xs = var.structure(), var.draw(seed)
    dev = var.draw_device
    g = torch.Generator(device=dev).manual_seed(seed + 7919)
    dist = recipe.get("dist", "bench")
    which = recipe.get("input")          # 0-based input index, or all floats
    injected = []
    out = []
    for i, x in enumerate(xs):
        info = st[i] if i < len(st) else {"float": False}
        if not is_float(x) or "_free" not in info or info["_free"].shape != x.shape:
            out.append(x)
            injected.append(0)
            continue
        free = info["_free"]
        y = x.double()
        if dist != "bench":
            t = transform(dist, y, g)
            if info["nonneg"]:
                t = t.abs()
            y = torch.where(free, t, y)
        if recipe.get("scale") is not None:
            y = torch.where(free, y * float(recipe["scale"]), y)
        if recipe.get("perturb"):        # about one ulp of f32: a second noise sample
            r = torch.randint(-1, 2, x.shape, generator=g, device=dev).double()
            y = torch.where(free, y * (1 + r * 2.0 ** -23), y)
        n = 0
        what = recipe.get("inject")
        if what and (which is None or which == i):
            n = inject(y, free, what, float(recipe.get("rate", 1e-3)), g,
                       recipe.get("inject_value"))
        injected.append(n)
        # an oracle-only rerun with finite stand-ins (1e300) keeps them in f64
        out.append(y if recipe.get("inject_value") is not None else y.to(x.dtype))
    return out, injected


def inject(y, free, what, rate, g, value=None):
    """Put `what` at about rate * (free positions) random free positions;
    with value, that finite value at the same positions instead (the oracle
    rerun that tells 0*NaN artifacts from real propagation)."""
    idx = free.reshape(-1).nonzero().reshape(-1)
    if idx.numel() == 0:
        return 0
    k = max(1, int(round(rate * idx.numel())))
    pick = idx[torch.randperm(idx.numel(), generator=g, device=y.device)[:k]]
    flat = y.view(-1)
    if value is not None:
        flat[pick] = float(value)
    elif what in SPECIAL:
        flat[pick] = SPECIAL[what]
    elif what == "subnormal":    # f32 subnormals, random sign
        m = torch.randint(1, 2 ** 23, (k,), generator=g, device=y.device).double()
        s = torch.randint(0, 2, (k,), generator=g, device=y.device).double() * 2 - 1
        flat[pick] = s * m * 2.0 ** -149
    else:
        raise ValueError("unknown special value %r" % what)
    return k


# ---- running --------------------------------------------------------------

def save(t, path):
    t = t.detach().contiguous().cpu()
    raw = t.view(torch.int16) if t.dtype == torch.bfloat16 else t   # numpy has no bf16
    raw.numpy().tofile(path)
    return {"path": path, "dtype": DTYPES.get(t.dtype, str(t.dtype)), "shape": list(t.shape)}


def sync(dev):
    if dev == "cuda":
        torch.cuda.synchronize()


def classify(e):
    msg = str(e)
    if isinstance(e, torch.cuda.OutOfMemoryError) or "out of memory" in msg:
        return Fault("oom", msg, fatal=False)
    if "CUDA error" in msg or "cudaError" in msg or "illegal" in msg.lower():
        return Fault("cuda_error", msg, fatal=True)
    return Fault("exception", "%s: %s" % (type(e).__name__, msg))


def forward(model, inputs, dev):
    try:
        with torch.no_grad():
            out = model(*inputs)
        sync(dev)
        return as_tensors(out)
    except Fault:
        raise
    except Exception as e:  # noqa: BLE001 - the subject's failure is a verdict
        raise classify(e)


class Worker:
    def __init__(self, args):
        self.args = args
        self.device = args.device
        self.dir = args.out_dir or args.dir
        with open(args.problem) as f:
            self.problem_source = f.read()
        self.problem_path = args.problem
        self.solution = None
        self.variants = {}
        self.cases = {}
        self.held = {}            # outputs kept on the device, by name (op "run" with hold_min)

    # -- ops ---------------------------------------------------------------
    def op_hello(self, req):
        info = {"torch": torch.__version__, "device": self.device,
                "cuda": torch.cuda.is_available(), "pid": os.getpid()}
        if self.device == "cuda" and torch.cuda.is_available():
            p = torch.cuda.get_device_properties(0)
            info.update(gpu=p.name, cc=[p.major, p.minor])
        return info

    def op_load(self, req):
        """Build the solution (compiling its extension) and the models at
        the benchmark sizes."""
        if self.device == "cuda" and not torch.cuda.is_available():
            raise Fault("not_judged", "needs a CUDA device: torch sees none")
        t0 = time.time()
        if self.args.solution:
            with open(self.args.solution) as f:
                code = f.read()
            if self.device != "cuda" and "load_inline" in code and "cuda_sources" in code:
                raise Fault("not_judged", "needs a CUDA device: the solution builds CUDA "
                            "sources with load_inline (audit with --device cuda)")
            try:
                # KernelBench runs the solution in the namespace the problem
                # ran in (one `context` dict): a ModelNew may read the
                # problem's module-level constants
                problem = exec_module("kcv_problem_context", self.problem_source, self.problem_path)
                self.solution = exec_module("kcv_solution", code, self.args.solution, base=vars(problem))
            except Exception as e:  # noqa: BLE001
                raise Fault("build_error", "%s: %s" % (type(e).__name__, str(e)[-4000:]))
            if not hasattr(self.solution, "ModelNew"):
                raise Fault("corpus_error", "the solution defines no ModelNew")
        build_s = time.time() - t0
        var = self.variant({})
        return {"build_s": build_s, "build": fastbuild.BUILDS, "params": var.params, "stateful": var.stateful,
                "sizes": kernelbench.size_constants(self.problem_source),
                "inputs": [{k: v for k, v in s.items() if not k.startswith("_")}
                           for s in var.structure()]}

    def variant(self, sizes):
        key = json.dumps(sizes, sort_keys=True)
        if key not in self.variants:
            if len(self.variants) > 2:    # keep the benchmark one and the latest
                for k in list(self.variants):
                    if k != "{}":
                        del self.variants[k]
            try:
                self.variants[key] = Variant(self, sizes)
            except Fault:
                raise
            except Exception as e:  # noqa: BLE001
                raise Fault("variant_error", "%s: %s" % (type(e).__name__, e))
        return self.variants[key]

    def op_case(self, req):
        """Make a case's inputs and keep them under req.id."""
        sizes = req.get("sizes") or {}
        var = self.variant(sizes)
        xs, injected = make_case(var, req)
        self.cases[req["id"]] = (sizes, xs)
        while len(self.cases) > 8:       # the host forgets cases as this does (subject.lua)
            del self.cases[next(iter(self.cases))]
        return {"inputs": [{"dtype": DTYPES.get(x.dtype, str(x.dtype)), "shape": list(x.shape)}
                           for x in xs], "injected": injected, "drawn_on": var.draw_device}

    def subject(self, var, who):
        if who == "candidate":
            if var.cand is None:
                raise Fault("not_judged", "no candidate in this worker")
            return var.cand
        if who == "reference":
            return var.ref
        if who == "oracle":
            return var.oracle_model()
        raise ValueError("who must be candidate, reference or oracle")

    def inputs_for(self, who, xs):
        dev = self.device
        if who == "oracle":
            return [x.double().to(dev) if is_float(x) else x.to(dev) for x in xs]
        return [x.clone().to(dev) for x in xs]

    def op_run(self, req):
        """Run who on a case.  Outputs of at least req.hold_min elements stay
        on the device under a name (compared there: op "cmp"); the others go
        to raw files DIR/<out>_<k>.bin."""
        sizes, xs = self.cases[req["case"]]
        var = self.variant(sizes)
        who = req["who"]
        if who == "magnitude":
            return self.magnitude(var, req, xs)
        model = self.subject(var, who)
        reps = int(req.get("repeat", 1))
        outs, t0 = None, time.time()
        prev = None
        same = True
        for _ in range(reps):
            outs = forward(model, self.inputs_for(who, xs), self.device)
            # a copy of each output: the subject may reuse its memory next run
            cur = [o.detach().clone() for o in outs]
            if prev is not None:
                same = same and bits_equal(prev, cur)
            prev = cur
        ms = (time.time() - t0) * 1e3 / reps
        tag = req.get("out", "%s_%s" % (req["case"], who))
        return {"outputs": self.deliver(prev, tag, req.get("hold_min")), "ms": ms, "repeats_identical": same}

    def deliver(self, outs, tag, hold_min):
        """Each output held on the device (hold_min elements or more) or
        saved to a file, as the reply describes it."""
        got = []
        for k, o in enumerate(outs):
            name = "%s_%d" % (tag, k)
            if hold_min is not None and o.numel() >= int(hold_min):
                self.held[name] = o
                got.append({"held": name, "dtype": DTYPES.get(o.dtype, str(o.dtype)), "shape": list(o.shape),
                            "nbytes": o.numel() * o.element_size()})
            else:
                got.append(save(o, os.path.join(self.dir, name + ".bin")))
        return got

    def release(self, req):
        """Forget the held outputs the host no longer refers to (req.release,
        which any request may carry: protocol.serve calls this first)."""
        for name in req.get("release") or []:
            self.held.pop(name, None)

    def held_tensor(self, name):
        t = self.held.get(name)
        if t is None:
            raise Fault("worker", "no held output %r (freed, or the worker restarted)" % name)
        return t

    def op_release(self, req):
        return {"held": len(self.held)}

    def op_cmp(self, req):
        """One of kcv.cmp's comparisons on held outputs (corpus/devcmp.py):
        req.fn, req.args (names), req.opts (numbers, and names for mag, ref,
        alt)."""
        if req["fn"] not in devcmp.FUNCTIONS:
            raise Fault("protocol", "no comparison %r" % req["fn"])
        return {"result": devcmp.call(req["fn"], req["args"], req.get("opts"), self.held_tensor)}

    def op_get(self, req):
        """Element req.index (flat, row-major) of a held output."""
        t = self.held_tensor(req["name"]).reshape(-1)
        i = int(req["index"])
        if not 0 <= i < t.numel():
            raise Fault("protocol", "index %d outside %d elements" % (i, t.numel()))
        return {"value": devcmp.num(t[i])}

    def op_save(self, req):
        """A held output to a file, for the host to read (b:fetch())."""
        return {"output": save(self.held_tensor(req["name"]), os.path.join(self.dir, req["name"] + ".bin"))}

    def magnitude(self, var, req, xs):
        """The family error model's magnitude per output element (fp64
        files), and the family: corpus/family.py.  No files for family
        "none"."""
        inputs = self.inputs_for("oracle", xs)
        if var.family is None:
            try:
                var.family = family.trace(var.oracle_model(), inputs)
            except Exception as e:  # noqa: BLE001 - no family, the measured bound stays
                var.family = {"kind": "none", "n": 0, "why": "the trace failed: %s: %s" % (type(e).__name__, e)}
        fam = var.family
        if fam["kind"] == "none":
            return {"outputs": [], "family": fam}
        try:
            with torch.no_grad():
                if fam["kind"] == "multilinear":
                    outs = as_tensors(family.magnitude(var.oracle_model(), inputs))
                else:
                    outs = [o.abs() for o in as_tensors(var.oracle_model()(*inputs))]
            sync(self.device)
        except Exception as e:  # noqa: BLE001
            return {"outputs": [], "family": dict(fam, kind="none", why="the magnitude run failed: %s" % e)}
        return {"outputs": self.deliver(outs, req.get("out", "%s_magnitude" % req["case"]), req.get("hold_min")), "family": fam}

    def op_baseline(self, req):
        """KernelBench v0's own check, as it runs it: models built under seed
        42 (no parameter copying), 5 trials of get_inputs() at the benchmark
        shape, each under a trial seed drawn from seed 42, shapes equal and
        torch.allclose(atol=rtol=1e-2)."""
        mod = self.variant({}).mod
        init = mod.get_init_inputs()
        set_seed(KB_SEED)
        ref = mod.Model(*init).to(self.device)
        set_seed(KB_SEED)
        new = (self.solution.ModelNew if self.solution else mod.Model)(*init).to(self.device)
        gen = torch.Generator().manual_seed(KB_SEED)
        seeds = [int(torch.randint(0, 2 ** 32 - 1, (1,), generator=gen)) for _ in range(5)]
        for trial, s in enumerate(seeds):
            set_seed(s)
            inputs = [x.to(self.device) if isinstance(x, torch.Tensor) else x
                      for x in mod.get_inputs()]
            set_seed(s)
            a = forward(ref, inputs, self.device)
            set_seed(s)
            b = forward(new, inputs, self.device)
            if len(a) != len(b) or any(x.shape != y.shape for x, y in zip(a, b)):
                return {"accept": False, "trial": trial,
                        "why": "output shape %s, expected %s" % ([list(y.shape) for y in b],
                                                                 [list(x.shape) for x in a])}
            for x, y in zip(a, b):
                if not torch.allclose(x, y, atol=1e-2, rtol=1e-2):
                    d = (x.double() - y.double()).abs()
                    return {"accept": False, "trial": trial,
                            "why": "allclose fails: max |diff| %.3g" % float(d.nan_to_num(float("inf")).max())}
        return {"accept": True}

    def op_nondeterminism(self, req):
        """The ops of `who`'s forward (default the reference) that PyTorch
        itself flags as nondeterministic on this device: with
        torch.use_deterministic_algorithms(True, warn_only=True) each such
        op warns, and its warning is PyTorch's own documentation of it.
        One line each, deduplicated, in order."""
        sizes, xs = self.cases[req["case"]]
        var = self.variant(sizes)
        who = req.get("who", "reference")
        model = self.subject(var, who)
        enabled = torch.are_deterministic_algorithms_enabled()
        warn_only = getattr(torch, "is_deterministic_algorithms_warn_only_enabled", lambda: False)()
        set_deterministic(True, warn_only=True)
        try:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                forward(model, self.inputs_for(who, xs), self.device)
        finally:
            set_deterministic(enabled, warn_only=warn_only)
        ops = []
        for w in caught:
            line = str(w.message).strip().split("\n")[0][:300]
            if "determinis" in line and line not in ops:
                ops.append(line)
        return {"ops": ops + cudnn_nondeterministic(model, self.device)}

    def op_memory(self, req):
        """Facts for RES-01 on a case: input mutation, aliasing, result reuse
        at the same addresses, stale memory, unjoined streams."""
        sizes, xs = self.cases[req["case"]]
        var = self.variant(sizes)
        who = req.get("who", "candidate")
        model = self.subject(var, who)
        dev = self.device
        facts = {}
        ins = self.inputs_for(who, xs)
        before = [keep(x) for x in ins]
        outs = forward(model, ins, dev)
        first = [keep(o) for o in outs]
        facts["mutated"] = [i for i, (a, x) in enumerate(zip(before, ins)) if not bits_equal([a], [x])]
        facts["aliased"] = [k for k, o in enumerate(outs)
                            if any(overlaps(o, x) for x in ins if isinstance(x, torch.Tensor))]
        # result reuse: new data at the same addresses must give new results
        g = torch.Generator().manual_seed(99991)
        fresh = []
        with torch.no_grad():
            for x, b in zip(ins, before):
                if isinstance(x, torch.Tensor) and is_float(x) and x.numel():
                    perm = torch.randperm(x.numel(), generator=g).to(b.device)
                    x.copy_(b.reshape(-1)[perm].reshape(b.shape))
                elif isinstance(x, torch.Tensor):
                    x.copy_(b)
                fresh.append(keep(x))
        again = [keep(o) for o in forward(model, ins, dev)]
        ref_new = [keep(o) for o in forward(var.ref, [copy_to(f, dev) for f in fresh], dev)]
        ref_old = [keep(o) for o in forward(var.ref, [copy_to(b, dev) for b in before], dev)]
        same = bits_equal(first, again)
        changed = not bits_equal(ref_old, ref_new)
        if same and changed:     # only then does it matter: the fp64 oracle's two runs
            orc = var.oracle_model()
            orc_old = forward(orc, self.inputs_for("oracle", before), dev)
            orc_new = forward(orc, self.inputs_for("oracle", fresh), dev)
            changed = moved_beyond_rounding(ref_old, ref_new, orc_old, orc_new)
        facts["reuse"] = {"same_as_before": same, "reference_changed": changed}
        if dev == "cuda":
            facts["poison"] = self.poison_probe(model, before, first)
            facts["streams"] = self.stream_probe(model, before)
        return facts

    def poison_probe(self, model, xs, clean):
        """Fill the caching allocator's free blocks with a pattern before a
        run: an output that reads memory it never wrote changes with it."""
        # a result that changes between two clean runs says nothing of stale
        # memory (ORD-02 judges that): no verdict from the patterns then
        torch.cuda.empty_cache()
        again = [keep(o) for o in forward(model, [copy_to(x, "cuda") for x in xs], "cuda")]
        if not bits_equal(clean, again):
            return {"identical": True, "nondeterministic": True, "patterns": {}}
        del again
        results = {}
        need = sum(o.numel() * o.element_size() for o in clean) + sum(
            x.numel() * x.element_size() for x in xs) + (64 << 20)
        for name, byte in (("nan", 0xFF), ("zero", 0x00), ("ones", 0x3F)):
            torch.cuda.empty_cache()
            blocks = [torch.full((need * 2 // 4 + 1,), 0, dtype=torch.int32, device="cuda")
                      for _ in range(2)]
            for b in blocks:
                b.view(torch.uint8).fill_(byte)
            del blocks                     # back to the cache, dirty
            got = [keep(o) for o in forward(model, [copy_to(x, "cuda") for x in xs], "cuda")]
            results[name] = bits_equal(clean, got)
            del got
        return {"identical": all(results.values()), "patterns": results}

    def stream_probe(self, model, xs):
        """Read the outputs as soon as forward returns, on the caller's
        stream only; then again after the whole device is idle."""
        ins = [copy_to(x, "cuda") for x in xs]
        torch.cuda.synchronize()
        with torch.no_grad():
            out = as_tensors(model(*ins))
        early = [o.detach().to("cpu") for o in out]   # syncs the current stream only
        torch.cuda.synchronize()
        late = [o.detach().to("cpu") for o in out]
        return {"identical": bits_equal(early, late)}

    def op_resources(self, req):
        """Registers, shared and local memory of the kernels in the built
        extension (cuobjdump --dump-resource-usage), and the device limits."""
        sos = []
        for root, _, files in os.walk(self.args.build_dir or ""):
            sos += [os.path.join(root, f) for f in files if f.endswith(".so")]
        if not sos:
            return {"applicable": False, "why": "no built extension (.so) to inspect"}
        tool = "cuobjdump"
        cuda_bin = os.path.join(os.environ.get("CUDA_HOME", "/usr/local/cuda"), "bin", "cuobjdump")
        if os.path.exists(cuda_bin):
            tool = cuda_bin
        kernels = []
        for so in sos:
            try:
                text = subprocess.run([tool, "--dump-resource-usage", so], capture_output=True,
                                      text=True, timeout=120).stdout
            except (OSError, subprocess.TimeoutExpired) as e:
                return {"applicable": False, "why": "cuobjdump failed: %s" % e}
            kernels += parse_resource_usage(text)
        p = torch.cuda.get_device_properties(0)
        limits = {"regs_per_thread": 255,
                  "smem_static": 48 * 1024,
                  "smem_optin": getattr(p, "shared_memory_per_block_optin", 227 * 1024),
                  "local_per_thread": 512 * 1024}
        return {"applicable": True, "kernels": kernels, "limits": limits}

    def op_quit(self, req):
        return {"bye": True}

    def trim(self, force=False):
        """Give the caching allocator's unused blocks back to the GPU after
        a request once they pass KCV_WORKER_TRIM_BYTES (2 GiB), or always
        (force: before answering again after running out of memory).
        Audits share one GPU: a worker that keeps 40 GiB cached and unused
        starves the others' runs (H200, 2026-12-01: docs/PERF.md)."""
        if self.device != "cuda" or not torch.cuda.is_available():
            return
        if force:
            gc.collect()
        idle = torch.cuda.memory_reserved() - torch.cuda.memory_allocated()
        if force or idle > int(os.environ.get("KCV_WORKER_TRIM_BYTES", 2 << 30)):
            torch.cuda.empty_cache()


# Modules that torch.use_deterministic_algorithms documents as "normally
# nondeterministic" on CUDA (cuDNN may pick a nondeterministic algorithm);
# deterministic mode switches them to deterministic ones rather than
# warning, so the alert above never names them.
CUDNN_NONDETERMINISTIC = ("Conv1d", "Conv2d", "Conv3d", "ConvTranspose1d", "ConvTranspose2d", "ConvTranspose3d")


def moved_beyond_rounding(ref_old, ref_new, orc_old, orc_new):
    """Whether the reference's answer moved with the new data by more than
    its own rounding: a change of class (NaN, Inf) or of an integer, or a
    largest move over twice its largest deviation from the fp64 oracle on
    either data.  A function that is constant up to rounding (l2_p41 ends in
    the mean of a normalised output) moves its reference's bits by rounding
    alone; a candidate that gives the same bits for it reuses nothing."""
    if len(ref_old) != len(ref_new):
        return True
    for ro, rn, oo, on in zip(ref_old, ref_new, orc_old, orc_new):
        if ro.shape != rn.shape:
            return True
        if not (ro.is_floating_point() or ro.is_complex()):
            if not torch.equal(ro, rn.to(ro.device)):
                return True
            continue
        d = ro.device
        ro, rn, oo, on = (torch.view_as_real(t) if t.is_complex() else t for t in (ro, rn, oo, on))
        ro, rn = ro.double(), rn.to(d).double()
        oo, on = oo.to(d).double(), on.to(d).double()
        if not (torch.equal(torch.isnan(ro), torch.isnan(rn)) and torch.equal(torch.isposinf(ro), torch.isposinf(rn))
                and torch.equal(torch.isneginf(ro), torch.isneginf(rn))):
            return True
        both = torch.isfinite(ro) & torch.isfinite(rn)
        if not bool(both.any()):
            continue
        move = float((rn - ro)[both].abs().max())
        noise = 0.0
        for r, o in ((ro, oo), (rn, on)):
            f = torch.isfinite(r) & torch.isfinite(o)
            if bool(f.any()):
                noise = max(noise, float((r - o)[f].abs().max()))
        if move > 2 * noise:
            return True
    return False


def set_deterministic(mode, warn_only):
    """torch.use_deterministic_algorithms for eager ops.  Not that function
    itself: torch 2.x's imports torch._inductor.config first (for compiled
    code), 10-14 s a worker with audits side by side on the H200, ORD-02's
    largest share (docs/PERF.md)."""
    torch._C._set_deterministic_algorithms(mode, warn_only=warn_only)


def cudnn_nondeterministic(model, device):
    if device != "cuda" or not isinstance(model, torch.nn.Module):
        return []
    names = sorted({type(m).__name__ for m in model.modules()
                    if type(m).__name__ in CUDNN_NONDETERMINISTIC and isinstance(m, torch.nn.modules.conv._ConvNd)})
    return ["torch.nn.%s when called on CUDA tensor: normally nondeterministic (cuDNN may select a "
            "nondeterministic algorithm; torch.use_deterministic_algorithms)" % n for n in names]


def parse_resource_usage(text):
    out, name = [], None
    for line in text.splitlines():
        m = re.match(r"\s*Function (\S+):", line)
        if m:
            name = m.group(1)
        f = dict(re.findall(r"(REG|STACK|SHARED|LOCAL):(\d+)", line))
        if name and f:
            out.append({"name": name, "reg": int(f.get("REG", 0)), "shared": int(f.get("SHARED", 0)),
                        "local": int(f.get("LOCAL", 0)), "stack": int(f.get("STACK", 0))})
            name = None
    return out


# RES-01's probes keep their copies on the device up to this size a tensor:
# a copy to the host and a compare there of a 1 GiB output took seconds a
# run with audits side by side (H200, 2026-12-03: docs/PERF.md)
KEEP_ON_DEVICE_BYTES = int(os.environ.get("KCV_KEEP_ON_DEVICE_BYTES", 1 << 30))


def keep(t):
    """A copy of t that its owner cannot change: on t's device when it is
    small enough, else on the host."""
    t = t.detach()
    if t.numel() * t.element_size() <= KEEP_ON_DEVICE_BYTES:
        return t.clone()
    return t.cpu().clone()


def copy_to(t, dev):
    """t on dev, always a copy (a subject may write to its inputs)."""
    return t.to(dev, copy=True)


def bits_equal(a, b):
    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        if x.shape != y.shape or x.dtype != y.dtype:
            return False
        x, y = x.contiguous(), y.contiguous().to(x.device)
        if x.dtype in BITS:
            x, y = x.view(BITS[x.dtype]), y.view(BITS[y.dtype])
        if not torch.equal(x, y):
            return False
    return True


def overlaps(a, b):
    if a.device != b.device or a.numel() == 0 or b.numel() == 0:
        return False
    a0 = a.untyped_storage().data_ptr() if hasattr(a, "untyped_storage") else a.storage().data_ptr()
    b0 = b.untyped_storage().data_ptr() if hasattr(b, "untyped_storage") else b.storage().data_ptr()
    an = a.untyped_storage().nbytes() if hasattr(a, "untyped_storage") else a.storage().nbytes()
    bn = b.untyped_storage().nbytes() if hasattr(b, "untyped_storage") else b.storage().nbytes()
    return a0 < b0 + bn and b0 < a0 + an


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--problem", required=True)
    ap.add_argument("--solution")
    ap.add_argument("--dir", required=True)
    ap.add_argument("--out-dir", help="where output files go (default DIR): the host "
                    "passes a directory in shared memory")
    ap.add_argument("--device", default="cuda", choices=["cuda", "cpu"])
    ap.add_argument("--build-root", help="compiled extensions go to ROOT/<hash of the "
                    "solution's code and torch's version>: a cache keyed by source")
    ap.add_argument("--build-only", action="store_true", help="build (load) and exit: one reply "
                    "line, as to the load request (corpus/buildbench.py)")
    args = ap.parse_args()
    os.makedirs(args.dir, exist_ok=True)
    args.build_dir = None
    if args.build_root and args.solution:
        with open(args.solution, "rb") as f:
            key = hashlib.sha256(f.read() + torch.__version__.encode()).hexdigest()[:20]
        args.build_dir = os.path.join(args.build_root, key)
        os.makedirs(args.build_dir, exist_ok=True)
        os.environ["TORCH_EXTENSIONS_DIR"] = args.build_dir
        fastbuild.install_baton()
        if os.environ.get("KCV_PLAIN_BUILD") != "1":    # the benchmark's plain load_inline
            fastbuild.install(args.build_root)
    if os.environ.get("KCV_WORKER_THREADS"):    # many workers side by side: no oversubscription
        torch.set_num_threads(int(os.environ["KCV_WORKER_THREADS"]))
    torch.backends.cuda.matmul.allow_tf32 = False     # the contract is fp32
    torch.backends.cudnn.allow_tf32 = False
    w = Worker(args)
    # the seconds a worker takes to start (torch's import), in its log
    sys.stderr.write("kcv worker: start %.3f s\n" % (time.time() - _T_IMPORT))
    lines = ['{"op": "load"}\n'] if args.build_only else sys.stdin
    prof = os.environ.get("KCV_WORKER_PROFILE")
    if not prof:
        return serve(w, lines, log_times=True)
    # KCV_WORKER_PROFILE=DIR: each worker's cProfile statistics to
    # DIR/worker-<pid>.prof (where a gate's seconds go: tools/device-audit PROBE)
    import cProfile
    p = cProfile.Profile()
    p.enable()
    try:
        return serve(w, lines, log_times=True)
    finally:
        p.disable()
        p.dump_stats(os.path.join(prof, "worker-%d.prof" % os.getpid()))


if __name__ == "__main__":
    sys.exit(main())
