#!/usr/bin/env python3
"""kcv's torch-op worker: evaluates a spec's PyTorch expression (the spec's
`torch` field) on inputs that kcv's gates made, for `kcv parity` and
`kcv verify --torch`.  The host decides every verdict; this process only
runs PyTorch.

    python3 corpus/torch_op.py --dir DIR [--device cpu|cuda]

The protocol is the module worker's (docs/AUDIT.md, "The worker
protocol"): one JSON request a line on stdin, one JSON reply a line on the
original stdout (fd 1 is pointed at stderr).  Tensors travel as raw
little-endian files (bf16 as its 16-bit patterns), inputs written by the
host, outputs written here into DIR and removed by the host.

| op    | request                                        | reply                       |
| hello |                                                | torch, device, gpu          |
| load  | expr, setup, tf32, spec                        | (the expression compiles)   |
| run   | tag, inputs [{name,path,dtype,shape}],         | outputs [{path,dtype,shape}]|
|       | outputs [{name,dtype,shape}], names [[k, v]]   | ms                          |
| quit  |                                                |                             |

Errors: {ok: false, error, message, fatal} with error one of `exception`
(the expression raised), `not_implemented` (PyTorch has no kernel for the
op at this dtype on this device), `bad_output` (wrong count, dtype or size),
`bad_expr` (the spec's expression does not compile: the spec's fault),
`oom`, `cuda_error` (fatal), `worker`, `protocol`.
"""
import argparse
import math
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from protocol import Fault, serve  # noqa: E402 - first: fd 1 becomes stderr

import numpy  # noqa: E402
import torch  # noqa: E402

TORCH = {"f32": torch.float32, "f64": torch.float64, "f16": torch.float16,
         "bf16": torch.bfloat16, "i64": torch.int64, "i32": torch.int32,
         "i16": torch.int16, "i8": torch.int8, "u8": torch.uint8, "bool": torch.bool}
NAMES = {v: k for k, v in TORCH.items()}
# numpy's view of each file: bf16 travels as its 16-bit patterns
NUMPY = {"f32": numpy.float32, "f64": numpy.float64, "f16": numpy.float16,
         "bf16": numpy.int16, "i64": numpy.int64, "i32": numpy.int32,
         "i16": numpy.int16, "i8": numpy.int8, "u8": numpy.uint8, "bool": numpy.bool_}


def load_input(t, device):
    dt = t["dtype"]
    if dt not in NUMPY:
        raise Fault("not_implemented", "dtype %s has no PyTorch counterpart here" % dt)
    raw = numpy.fromfile(t["path"], dtype=NUMPY[dt])
    x = torch.from_numpy(raw)
    if dt == "bf16":
        x = x.view(torch.bfloat16)
    return x.reshape(t["shape"]).to(device)


def save(x, path):
    x = x.detach().contiguous().cpu()
    raw = x.view(torch.int16) if x.dtype == torch.bfloat16 else x
    raw.numpy().tofile(path)
    return {"path": path, "dtype": NAMES.get(x.dtype, str(x.dtype)), "shape": list(x.shape)}


def as_list(value):
    if isinstance(value, torch.Tensor):
        return [value]
    if isinstance(value, (tuple, list)):
        return list(value)
    raise Fault("bad_output", "the expression gave %s, not a tensor or a tuple of tensors"
                % type(value).__name__)


def classify(e):
    msg = "%s: %s" % (type(e).__name__, e)
    if "not implemented for" in str(e) or isinstance(e, NotImplementedError):
        return Fault("not_implemented", msg)
    if "out of memory" in str(e):
        return Fault("oom", msg)
    if "CUDA error" in str(e) or "illegal" in str(e).lower():
        return Fault("cuda_error", msg, fatal=True)
    return Fault("exception", msg)


def check_output(k, got, want):
    """got: a tensor; want: the spec's {name, dtype, shape}.  A result of
    the right size in another shape (a 0-d loss for a [1] output) is
    reshaped; any other difference is the subject's."""
    if not isinstance(got, torch.Tensor):
        raise Fault("bad_output", "output %d '%s' is %s, not a tensor" % (k + 1, want["name"], type(got).__name__))
    name = NAMES.get(got.dtype, str(got.dtype))
    if name != want["dtype"]:
        raise Fault("bad_output", "output %d '%s' is %s where the spec says %s"
                    % (k + 1, want["name"], name, want["dtype"]))
    n = math.prod(want["shape"])
    if got.numel() != n:
        raise Fault("bad_output", "output %d '%s' has shape %s where the spec says %s"
                    % (k + 1, want["name"], list(got.shape), want["shape"]))
    return got.reshape(want["shape"])


def sync(device):
    if device == "cuda":
        torch.cuda.synchronize()


class Worker:
    def __init__(self, args):
        self.device = args.device
        self.dir = args.dir
        self.code = None
        self.env = None

    def op_hello(self, req):
        info = {"torch": torch.__version__, "device": self.device, "cuda": torch.cuda.is_available()}
        if self.device == "cuda":
            if not torch.cuda.is_available():
                raise Fault("not_judged", "no CUDA device for PyTorch (torch %s)" % torch.__version__, fatal=True)
            p = torch.cuda.get_device_properties(0)
            info["gpu"] = p.name
            info["cc"] = "%d.%d" % (p.major, p.minor)
        return info

    def op_load(self, req):
        where = "%s: field 'torch'" % req.get("spec", "?")
        try:
            self.code = compile(req["expr"], where, "eval")
            env = {"torch": torch, "F": torch.nn.functional, "math": math}
            if req.get("setup"):
                exec(compile(req["setup"], where + " (setup)", "exec"), env)
        except SyntaxError as e:
            raise Fault("bad_expr", "%s does not compile: %s" % (where, e))
        except Exception as e:  # noqa: BLE001 - the spec's setup raised
            raise Fault("bad_expr", "%s: setup raised %s: %s" % (where, type(e).__name__, e))
        self.env = env
        # the contract is f32 (docs/PARITY.md): TF32 only where the spec says so
        tf32 = bool(req.get("tf32"))
        torch.backends.cuda.matmul.allow_tf32 = tf32
        torch.backends.cudnn.allow_tf32 = tf32
        return {}

    def op_run(self, req):
        if self.code is None:
            raise Fault("protocol", "run before load")
        env = dict(self.env)
        for k, v in req.get("names") or []:     # dims and scalars; floats as hex
            env[k] = float.fromhex(v["hex"]) if isinstance(v, dict) else v
        for t in req["inputs"]:
            env[t["name"]] = load_input(t, self.device)
        try:
            t0 = time.time()
            with torch.no_grad():
                value = eval(self.code, env)
            sync(self.device)
            ms = (time.time() - t0) * 1e3
        except Fault:
            raise
        except Exception as e:  # noqa: BLE001 - the op's failure is a verdict
            raise classify(e)
        got, want = as_list(value), req["outputs"]
        if len(got) != len(want):
            raise Fault("bad_output", "the expression gave %d tensors; the spec has %d outputs" % (len(got), len(want)))
        files = []
        for k, (g, w) in enumerate(zip(got, want)):
            g = check_output(k, g, w)
            files.append(save(g, os.path.join(self.dir, "%s_%d.bin" % (req.get("tag", "out"), k))))
        return {"outputs": files, "ms": ms}

    def op_quit(self, req):
        return {}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dir", required=True, help="where output files go")
    ap.add_argument("--device", default="cpu", choices=["cuda", "cpu"])
    args = ap.parse_args()
    os.makedirs(args.dir, exist_ok=True)
    if os.environ.get("KCV_WORKER_THREADS"):
        torch.set_num_threads(int(os.environ["KCV_WORKER_THREADS"]))
    w = Worker(args)
    return serve(w, sys.stdin)


if __name__ == "__main__":
    sys.exit(main())
