"""How many bytes each problem's benchmark case holds: its inputs, its
model's parameters and buffers, and its outputs, found on torch's meta
device (no data is made, no kernel runs).  The audit's scheduler uses it to
keep the heavy problems off the GPU together (tools/device-audit: an audit
of a 1 GiB output holds several such outputs, and their fp64 oracles).

    python3 corpus/weigh.py PROBLEMS.json
        one JSON line a problem: {"key", "inputs", "params", "outputs"}
        (bytes; null where the meta device could not run that part)
    python3 corpus/weigh.py PROBLEMS.json --heavy-ids SOLUTIONS.json [--over BYTES]
        the ids of the solutions whose problem holds BYTES or more
        (default 256 MiB), one a line
"""
import json
import sys

import torch

# torch's tensor factories, told to make meta tensors: the problems call
# them without a device (torch.randn(batch, dim)), and torch 1.13 has no
# default-device context to say it once
FACTORIES = ["randn", "rand", "randint", "randperm", "zeros", "ones", "empty", "full",
             "arange", "linspace", "eye", "tensor",
             "randn_like", "rand_like", "randint_like", "zeros_like", "ones_like", "empty_like", "full_like"]


def _on_meta(f):
    def made_on_meta(*args, **kwargs):
        kwargs["device"] = "meta"
        return f(*args, **kwargs)
    return made_on_meta


def _tensor_bytes(values):
    if isinstance(values, torch.Tensor):
        return values.numel() * values.element_size()
    if isinstance(values, (list, tuple)):
        return sum(_tensor_bytes(v) for v in values)
    if isinstance(values, dict):
        return sum(_tensor_bytes(v) for v in values.values())
    return 0


def weigh(source, name="problem"):
    """{"inputs", "params", "outputs"} in bytes; None for a part that the
    meta device could not give (an op without a meta kernel, say)."""
    saved = {n: getattr(torch, n) for n in FACTORIES if hasattr(torch, n)}
    w = {"inputs": None, "params": None, "outputs": None}
    try:
        for n, f in saved.items():
            setattr(torch, n, _on_meta(f))
        g = {"__name__": "kcv_weighed"}
        exec(compile(source, name, "exec"), g)
        inputs = g["get_inputs"]()
        w["inputs"] = _tensor_bytes(inputs)
        model = g["Model"](*g["get_init_inputs"]())
        w["params"] = _tensor_bytes(list(model.parameters()) + list(model.buffers()))
        with torch.no_grad():
            w["outputs"] = _tensor_bytes(model.to("meta")(*inputs))
    except Exception:               # what is known so far stands
        pass
    finally:
        for n, f in saved.items():
            setattr(torch, n, f)
    return w


def total(w):
    return sum(v for v in w.values() if v)


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if len(argv) >= 2 else 2
    with open(argv[1]) as f:
        problems = json.load(f)["problems"]
    if "--heavy-ids" not in argv:
        for p in problems:
            print(json.dumps(dict(key=p["key"], **weigh(p["source"], p["key"]))), flush=True)
        return 0
    with open(argv[argv.index("--heavy-ids") + 1]) as f:
        solutions = json.load(f)["solutions"]
    over = int(argv[argv.index("--over") + 1]) if "--over" in argv else 256 << 20
    used = {s.get("problem") for s in solutions}
    heavy = {p["key"] for p in problems if p["key"] in used and total(weigh(p["source"], p["key"])) >= over}
    for s in solutions:
        if s.get("problem") in heavy:
            print(s["id"])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
