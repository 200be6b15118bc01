#!/usr/bin/env python3
"""tools/sass-lines.py -- where a kernel's warps wait, by source line and function.

Nsight Compute's source page of a kcv launch (tools/device-gdn-bench
STEPS=source: source-NAME-sass.csv, one row per SASS instruction with its
warp-stall samples and executions) names no source line unless the
profiler can read the source it was built from.  This script puts the lines
back on this machine: it compiles the same source with NVRTC and line info
(kcv.backend.nvrtc_check with output=, KCV_NVRTC_LINEINFO=1; the device's
NVRTC must be the same version), disassembles it (nvdisasm -c -g; the
nvidia-cuda-nvdisasm wheel has one), and matches the two instruction by
instruction at the same offset from the kernel's start.

  python3 tools/sass-lines.py CSV SOURCE KERNEL [--top N] [--options OPT ...]

  CSV      the ncu --page source --print-source sass --csv output
  SOURCE   the .cu the launch was compiled from (e.g. kernels/gdn_chunked_bwd.cu)
  KERNEL   its entry (e.g. gdn_chunk_grad)

Prints the share of the matched opcodes (below 90% the two compiles differ
and the script stops: exit 1), then the top N source lines and functions by
warp-stall samples, each with its share of the instructions executed.  Exit
0 done; 1 the compiles differ; 2 usage, or a tool or file missing.
"""
import argparse
import collections
import csv
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def die(msg, code=2):
    print("sass-lines: " + msg, file=sys.stderr)
    sys.exit(code)


def device_rows(path):
    """[(offset, opcode, samples, executed)] of the CSV's instructions."""
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    hdr = next((r for r in rows if "Address" in r and "Source" in r), None)
    if hdr is None:
        die("%s: no 'Address' and 'Source' columns (an ncu --page source --print-source sass --csv file?)" % path)
    col = {h: i for i, h in enumerate(hdr)}
    body = [r for r in rows if r and r[0].startswith("0x")]
    if not body:
        die("%s: no instructions" % path)
    base = int(body[0][col["Address"]], 16)
    out = []
    for r in body:
        words = r[col["Source"]].split()
        op = words[1] if words and words[0].startswith("@") and len(words) > 1 else (words[0] if words else "")
        samples = int(r[col.get("Warp Stall Sampling (All Samples)", -1)] or 0) if "Warp Stall Sampling (All Samples)" in col else 0
        executed = int(r[col["Instructions Executed"]] or 0) if "Instructions Executed" in col else 0
        out.append((int(r[col["Address"]], 16) - base, op, samples, executed))
    return out


def local_lines(source, kernel, options):
    """{offset: (opcode, (file, line))} of NVRTC's SASS for kernel, with line info."""
    if not shutil.which("nvdisasm"):
        die("nvdisasm not found (pip download nvidia-cuda-nvdisasm; its wheel has nvidia/cu13/bin/nvdisasm)")
    tmp = tempfile.mkdtemp()
    cubin, script = os.path.join(tmp, "k.cubin"), os.path.join(tmp, "k.lua")
    with open(script, "w") as f:
        f.write('local kcv = require "kcv"\n'
                'local ok, err = kcv.backend.nvrtc_check{source = %s, output = %s, options = {%s}}\n'
                'if not ok then io.stderr:write(err, "\\n") os.exit(1) end\n'
                % (lua_str(source), lua_str(cubin), ", ".join(lua_str(o) for o in options)))
    env = dict(os.environ, KCV_NVRTC_LINEINFO="1")
    r = subprocess.run([os.path.join(ROOT, "kcv"), "run", script], env=env, capture_output=True, text=True)
    if r.returncode != 0:
        die("NVRTC: " + (r.stderr or r.stdout).strip())
    sass = subprocess.run(["nvdisasm", "-c", "-g", cubin], capture_output=True, text=True)
    shutil.rmtree(tmp)
    if sass.returncode != 0:
        die("nvdisasm: " + sass.stderr.strip())
    out, on, where = {}, False, None
    for line in sass.stdout.splitlines():
        sec = re.match(r"\s*\.section\s+\.text\.(\w+),", line)
        if sec:
            on = sec.group(1) == kernel
            continue
        if not on:
            continue
        m = re.search(r'## File "([^"]+)", line (\d+)', line)
        if m:
            where = (os.path.basename(m.group(1)), int(m.group(2)))
            continue
        m = re.search(r"/\*([0-9a-f]+)\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]+)", line)
        if m:
            out[int(m.group(1), 16)] = (m.group(2), where)
    if not out:
        die("no entry %s in %s's SASS" % (kernel, source))
    return out


def lua_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def functions(path):
    """[(first line, name)] of the functions defined in a source file."""
    out = []
    try:
        with open(path) as f:
            for n, line in enumerate(f, 1):
                line = re.sub(r"__launch_bounds__\([^)]*\)", "", line)
                m = re.match(r'^(?:__device__|extern "C" __global__|template).*?(\w+)\(', line)
                if m and not line.startswith("template"):
                    out.append((n, m.group(1)))
    except OSError:
        pass
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("csv")
    ap.add_argument("source")
    ap.add_argument("kernel")
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--options", nargs="*", default=[], help="the kernel's NVRTC options (a sidecar's defines)")
    a = ap.parse_args()
    for p in (a.csv, a.source):
        if not os.path.exists(p):
            die("no such file: " + p)
    dev, loc = device_rows(a.csv), local_lines(a.source, a.kernel, a.options)
    same = sum(1 for off, op, _, _ in dev if loc.get(off, ("",))[0] == op)
    print("sass-lines: %d of %d device instructions match the local compile's opcode at their offset (%.1f%%)"
          % (same, len(dev), 100.0 * same / len(dev)))
    if same < 0.9 * len(dev):
        die("the compiles differ (another NVRTC version or other options?): no line is trusted", 1)
    by_line, by_fn = collections.defaultdict(lambda: [0, 0]), collections.defaultdict(lambda: [0, 0])
    src_dir = os.path.dirname(os.path.abspath(a.source))
    fns = {}
    for off, op, samples, executed in dev:
        where = loc.get(off, (None, None))[1]
        by_line[where][0] += samples
        by_line[where][1] += executed
        name = "?"
        if where:
            if where[0] not in fns:
                fns[where[0]] = functions(os.path.join(src_dir, where[0]))
            name = where[0]
            for first, fn in fns[where[0]]:
                if first <= where[1]:
                    name = "%s:%s" % (where[0], fn)
        by_fn[name][0] += samples
        by_fn[name][1] += executed
    S = sum(v[0] for v in by_line.values()) or 1
    E = sum(v[1] for v in by_line.values()) or 1
    print("\nwarp-stall samples %d, instructions executed %d\n\n%% samples  %% executed  line" % (S, E))
    for where, (s, e) in sorted(by_line.items(), key=lambda x: -x[1][0])[:a.top]:
        print("%8.2f  %10.2f  %s" % (100.0 * s / S, 100.0 * e / E, "%s:%d" % where if where else "(no line)"))
    print("\n% samples  % executed  function")
    for name, (s, e) in sorted(by_fn.items(), key=lambda x: -x[1][0])[:a.top]:
        print("%8.2f  %10.2f  %s" % (100.0 * s / S, 100.0 * e / E, name))
    return 0


if __name__ == "__main__":
    sys.exit(main())
