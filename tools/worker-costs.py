#!/usr/bin/env python3
"""tools/worker-costs.py — what a module worker's fixed costs are on this
machine: torch's import, the CUDA context, the first family trace
(corpus/family.py's TorchDispatchMode) against a second one, and a Python
process with torch under compute-sanitizer's memcheck with each set of
options given, against the same process without it.  One JSON line a
measurement, to stdout; the sanitizer's --help to SANITIZER_HELP when set.

    tools/worker-costs.py [--sanitizer PATH] [--variant "OPTS" ...]

Run by `PROBE=1 tools/device-audit` on the GPU machine (docs/PERF.md).
"""
import argparse
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))

# the child: import torch, make the context, run a few kernels, sync, exit
CHILD = r"""
import time; t0 = time.time()
import torch; t1 = time.time()
x = torch.randn(1 << 20, device="cuda"); torch.cuda.synchronize(); t2 = time.time()
y = (x.double() * 2).sum().item(); z = torch.nn.functional.gelu(x).sum().item()
torch.cuda.synchronize(); t3 = time.time()
print("%.3f %.3f %.3f" % (t1 - t0, t2 - t1, t3 - t2))
"""


def emit(**kw):
    sys.stdout.write(json.dumps(kw) + "\n")
    sys.stdout.flush()


def timed_child(argv, env=None):
    t0 = time.time()
    r = subprocess.run(argv + [sys.executable, "-c", CHILD], capture_output=True, text=True, env=env, timeout=300)
    wall = time.time() - t0
    parts = (r.stdout.strip().splitlines() or [""])[-1].split()
    inner = dict(zip(["import", "context", "kernels"], map(float, parts))) if len(parts) == 3 else {}
    return wall, r.returncode, inner, (r.stderr or r.stdout)[-300:]


def in_process():
    """The first trace against the second, in this process."""
    sys.path.insert(0, os.path.join(HERE, "..", "corpus"))
    t0 = time.time()
    import torch
    emit(what="import torch (in process)", s=round(time.time() - t0, 3))
    t0 = time.time()
    torch.zeros(1, device="cuda")
    torch.cuda.synchronize()
    emit(what="CUDA context", s=round(time.time() - t0, 3))
    t0 = time.time()
    import family
    emit(what="import family", s=round(time.time() - t0, 3))
    model = torch.nn.Sequential(torch.nn.Linear(256, 256), torch.nn.SiLU()).double().cuda()
    x = torch.randn(64, 256, device="cuda", dtype=torch.float64)
    for k in (1, 2):
        t0 = time.time()
        f = family.trace(model, [x])
        torch.cuda.synchronize()
        emit(what="family.trace #%d" % k, s=round(time.time() - t0, 3), kind=f["kind"])
    for k in (1, 2):
        t0 = time.time()
        family.magnitude(model, [x])
        torch.cuda.synchronize()
        emit(what="family.magnitude #%d" % k, s=round(time.time() - t0, 3))
    for k in (1, 2):
        t0 = time.time()
        model(x * 2.0 ** 100)
        torch.cuda.synchronize()
        emit(what="fp64 forward, scaled #%d" % k, s=round(time.time() - t0, 3))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sanitizer", default="/usr/local/cuda/bin/compute-sanitizer")
    ap.add_argument("--variant", action="append", default=[],
                    help="memcheck options to time (more than once); '' is the default set")
    a = ap.parse_args()
    for k in (1, 2):
        wall, rc, inner, err = timed_child([])
        emit(what="python + torch, plain #%d" % k, wall=round(wall, 3), rc=rc, inner=inner)
    in_process()
    if os.environ.get("SANITIZER_HELP"):
        with open(os.environ["SANITIZER_HELP"], "w") as f:
            f.write(subprocess.run([a.sanitizer, "--help"], capture_output=True, text=True).stdout)
    for v in a.variant or [""]:
        argv = [a.sanitizer, "--tool", "memcheck"] + v.split()
        wall, rc, inner, err = timed_child(argv)
        emit(what="python + torch under memcheck", options=v, wall=round(wall, 3), rc=rc, inner=inner,
             err=err if rc else "")


if __name__ == "__main__":
    main()
