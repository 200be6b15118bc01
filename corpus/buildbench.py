#!/usr/bin/env python3
"""Compile throughput of a KernelBench corpus: plain load_inline side by side
with the audit's fast build (corpus/fastbuild.py), on the same solutions,
JOBS at a time, each way into an empty build root.

    python3 corpus/buildbench.py SOLUTIONS.json PROBLEMS.json --root DIR
                                 [--n N] [--jobs J] [--max-jobs M] [--device cuda|cpu]
                                 [--fast-root DIR] [--exclude JOURNAL]

Each solution is built by its own `corpus/worker.py --build-only` (import
of the solution, which runs load_inline, and its models at the benchmark
size), as the audit builds it.  Prints one JSON line per build and a
summary line per way: wall time, builds a minute, median build seconds.
Exit status: 0, or 2 on bad arguments.
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import kernelbench  # noqa: E402


def build_one(sol, problem, src, root, plain, max_jobs, device):
    d = os.path.join(src, re.sub(r"[^A-Za-z0-9_.-]", "_", sol["id"]))
    os.makedirs(d, exist_ok=True)
    for name, text in (("problem.py", problem["source"]), ("solution.py", sol["code"])):
        with open(os.path.join(d, name), "w") as f:
            f.write(text)
    env = dict(os.environ, MAX_JOBS=str(max_jobs), KCV_PLAIN_BUILD="1" if plain else "0")
    t0 = time.time()
    r = subprocess.run([sys.executable, os.path.join(HERE, "worker.py"), "--build-only",
                        "--problem", os.path.join(d, "problem.py"), "--solution", os.path.join(d, "solution.py"),
                        "--dir", d, "--build-root", root, "--device", device], env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL, text=True)
    wall = time.time() - t0
    try:
        reply = json.loads(r.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        reply = {"ok": False, "message": "no reply (exit %d)" % r.returncode}
    return {"id": sol["id"], "way": "plain" if plain else "fast", "ok": reply.get("ok", False),
            "build_s": reply.get("build_s"), "wall_s": wall, "build": reply.get("build"),
            "error": None if reply.get("ok") else (reply.get("message") or "")[-300:]}


def run_way(sols, problems, root, plain, jobs, max_jobs, device):
    os.makedirs(root, exist_ok=True)
    src = os.path.join(root, "src")
    t0 = time.time()
    with ThreadPoolExecutor(jobs) as pool:
        rows = list(pool.map(lambda s: build_one(s, problems[s["problem"]], src, root, plain, max_jobs, device), sols))
    wall = time.time() - t0
    for r in rows:
        print(json.dumps(r), flush=True)
    ok = [r["build_s"] for r in rows if r["ok"]]
    summary = {"way": "plain" if plain else "fast", "solutions": len(rows), "built": len(ok),
               "wall_s": round(wall, 1), "per_minute": round(60 * len(rows) / wall, 1),
               "median_build_s": round(statistics.median(ok), 1) if ok else None,
               "fell_back": sum(1 for r in rows if any(b.get("mode") == "plain" for b in (r["build"] or []))),
               "jobs": jobs, "max_jobs": max_jobs}
    print(json.dumps({"summary": summary}), flush=True)
    return summary


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("solutions")
    ap.add_argument("problems")
    ap.add_argument("--root", required=True, help="an empty directory: ROOT/plain and ROOT/fast")
    ap.add_argument("--fast-root", help="the fast builds' root instead of ROOT/fast (an audit's build "
                    "root, which then finds them cached)")
    ap.add_argument("--exclude", help="a journal: leave out the solutions it holds")
    ap.add_argument("--n", type=int, default=16, help="the first N solutions (default 16)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count(), help="builds at once (default: the cores)")
    ap.add_argument("--max-jobs", type=int, default=2, help="each build's ninja jobs (default 2)")
    ap.add_argument("--device", default="cuda", choices=["cuda", "cpu"])
    a = ap.parse_args()
    sols, problems = kernelbench.load_corpus(a.solutions, a.problems)
    done = set()
    if a.exclude and os.path.exists(a.exclude):
        with open(a.exclude) as f:
            done = {json.loads(line)["id"] for line in f if line.strip()}
    sols = [s for s in sols if s.get("problem") in problems and s["id"] not in done][:a.n]
    run_way(sols, problems, os.path.join(a.root, "plain"), True, a.jobs, a.max_jobs, a.device)
    run_way(sols, problems, a.fast_root or os.path.join(a.root, "fast"), False, a.jobs, a.max_jobs, a.device)
    return 0


if __name__ == "__main__":
    sys.exit(main())
