"""Faster load_inline builds for the audit, with the same kernels.

A KernelBench solution compiles two files with load_inline: main.cpp (the
pybind11 bindings, under torch/extension.h) and cuda.cu (the kernels and
their host wrappers).  Nearly all of the time goes to parsing torch's
headers: about 30 s for main.cpp, and three passes over them (cudafe++,
cicc, the host compiler) for cuda.cu, about 90 s.  Two changes cut that
without touching a line of the solution:

* main.cpp includes torch/extension.h through a precompiled header, built
  once per set of host flags under BUILD_ROOT/pchmin-<hash> (a lock keeps
  the workers from building it twice; builds that start meanwhile go
  without it) with the flags torch 2.x gives main.cpp.
  gcc uses it only when it is valid for the command (same flags and
  macros), and otherwise reads the header as usual (-Winvalid-pch says so
  in the build's log).  The header is first a minimal one: the minimal
  torch/types.h below and pybind11's bindings of torch (torch/csrc/utils/
  pybind.h, torch/csrc/Exceptions.h), all that load_inline's bindings use;
  its precompiled form is 319 MB against the real one's 752 MB, and
  main.cpp compiles in about 4 s instead of 9 (torch 2.11's headers, a
  2-core machine).  Every main.cpp of the 207 solutions compiles against
  it.  One that needs more is built again through the real header's
  (BUILD_ROOT/pch-<hash>).
* cuda.cu sees torch/extension.h as torch/types.h, which load_inline puts
  at the top of every CUDA source anyway, and first a minimal torch/types.h
  at that: ATen's core Tensor, the few operators KernelBench's CUDA
  sources call (zeros, empty, their _like forms, mean), TORCH_CHECK and
  AT_DISPATCH, instead of ATen/Functions.h's thousands of operators.  That
  drops torch/all.h (torch::nn, optim, data, serialization), pybind11 and
  most of ATen from the three passes: one solution's cuda.cu, 39.6 s
  against the real torch/types.h, 16.6 s (torch 2.11's headers, nvcc 13.0,
  sm_90a, a 2-core machine), and the same cubin byte for byte.  The
  device code is the same: kernels do not use those headers.  A source
  that needs more (a compile error) is built again against the real
  torch/types.h, then exactly as load_inline builds it, and the journal
  says so (BUILDS: main_header "minimal" or "full", cuda_header "minimal"
  or "types", mode "plain").

install(build_root) replaces torch.utils.cpp_extension.load_inline; the
solution imports it after that.  BUILDS lists how each build went.
"""
import fcntl
import hashlib
import inspect
import json
import os
import re
import subprocess
import sys
import sysconfig

from torch.utils import cpp_extension

BUILDS = []          # one {"name", "mode", "why"?} per load_inline call

_LIGHT_HEADER = "#pragma once\n// kcv: cuda.cu sees torch/extension.h as torch/types.h\n#include <torch/types.h>\n"

# torch/types.h as far as the corpus's CUDA sources use it (torch::Tensor
# and its methods, TensorOptions, dtype constants, the factories below,
# TORCH_CHECK, AT_DISPATCH_*); the dtype aliases as torch/types.h has them.
_MINIMAL_TYPES = """#pragma once
// kcv: a minimal torch/types.h for cuda.cu (corpus/fastbuild.py); a source
// that needs more is built again against the real one
#include <ATen/core/Tensor.h>
#include <ATen/Dispatch.h>
#include <ATen/ops/empty.h>
#include <ATen/ops/empty_like.h>
#include <ATen/ops/mean.h>
#include <ATen/ops/zeros.h>
#include <ATen/ops/zeros_like.h>
#include <c10/core/TensorOptions.h>
namespace torch {
using namespace at;
using Dtype = at::ScalarType;
constexpr auto kUInt8 = at::kByte;
constexpr auto kInt8 = at::kChar;
constexpr auto kInt16 = at::kShort;
constexpr auto kInt32 = at::kInt;
constexpr auto kInt64 = at::kLong;
constexpr auto kFloat16 = at::kHalf;
constexpr auto kFloat32 = at::kFloat;
constexpr auto kFloat64 = at::kDouble;
constexpr auto kU8 = kUInt8;
constexpr auto kI8 = kInt8;
constexpr auto kI16 = kInt16;
constexpr auto kI32 = kInt32;
constexpr auto kI64 = kInt64;
constexpr auto kF16 = kFloat16;
constexpr auto kF32 = kFloat32;
constexpr auto kF64 = kFloat64;
}  // namespace torch
"""


# main.cpp's torch/extension.h: the minimal torch/types.h (beside it in the
# precompiled header's directory) and what load_inline's PYBIND11_MODULE
# needs: pybind11, torch's type casters, torch::wrap_pybind_function
_MINIMAL_MAIN = """#pragma once
// kcv: a minimal torch/extension.h for main.cpp (corpus/fastbuild.py); a
// source that needs more is built again against the real one
#include <torch/types.h>
#include <torch/csrc/utils/pybind.h>
#include <torch/csrc/Exceptions.h>
"""


def _torch_include():
    return os.path.join(os.path.dirname(cpp_extension.__file__), "..", "include")


def _header_dir(root, name, headers):
    """ROOT/NAME holding headers {relative path: text}, each written once
    (atomically: workers share the root)."""
    d = os.path.join(root, name)
    for rel, text in headers.items():
        path = os.path.join(d, rel)
        if not os.path.exists(path):
            os.makedirs(os.path.dirname(path), exist_ok=True)
            tmp = "%s.%d" % (path, os.getpid())
            with open(tmp, "w") as f:
                f.write(text)
            os.replace(tmp, path)
    return d


def light_header_dir(root):
    return _header_dir(root, "light-header", {"torch/extension.h": _LIGHT_HEADER})


def minimal_header_dir(root):
    return _header_dir(root, "minimal-header", {"torch/extension.h": _LIGHT_HEADER, "torch/types.h": _MINIMAL_TYPES})


def _pch_command(header, out, extra_cflags, first=()):
    """The precompiled header's command: load_inline's flags for main.cpp
    (torch/utils/cpp_extension.py, _write_ninja_file_and_build_library)
    less -DTORCH_EXTENSION_NAME, which torch's headers never read; first:
    flags before them (main.cpp's extra_cflags come first too)."""
    inc = os.path.abspath(_torch_include())
    cxx = getattr(cpp_extension, "get_cxx_compiler", lambda: os.environ.get("CXX", "c++"))()
    cmd = [cxx, "-x", "c++-header", header, "-o", out] + list(first) + ["-DTORCH_API_INCLUDE_EXTENSION_H",
           "-isystem", inc, "-isystem", os.path.join(inc, "torch", "csrc", "api", "include")]
    if cpp_extension.CUDA_HOME:
        cmd += ["-isystem", os.path.join(cpp_extension.CUDA_HOME, "include")]
    cmd += ["-isystem", sysconfig.get_path("include", scheme="posix_prefix"), "-fPIC", "-std=c++17"]
    return cmd + list(extra_cflags)


def _keyed_dir(root, prefix, flags):
    key = hashlib.sha256(("\0".join(flags) + cpp_extension.__file__).encode()).hexdigest()[:12]
    return os.path.join(root, prefix + key)


def main_header_dir(root, extra_cflags):
    """The directory of main.cpp's minimal torch/extension.h for these host
    flags (its text; pch_dir(minimal=True) adds the precompiled form)."""
    flags = [f for f in (extra_cflags or []) if f.strip()]
    d = _keyed_dir(root, "pchmin-", flags)
    return _header_dir(root, os.path.basename(d), {"torch/extension.h": _MINIMAL_MAIN, "torch/types.h": _MINIMAL_TYPES})


def pch_dir(root, extra_cflags, log=sys.stderr, minimal=False):
    """A directory whose torch/extension.h has a valid precompiled header
    for these host flags, or None when it cannot be built.  minimal: the
    header is _MINIMAL_MAIN, its torch/types.h _MINIMAL_TYPES beside it
    (main.cpp's -I puts the directory first)."""
    flags = [f for f in (extra_cflags or []) if f.strip()]
    d = main_header_dir(root, flags) if minimal else _keyed_dir(root, "pch-", flags)
    header = os.path.join(d, "torch", "extension.h")
    gch, failed = header + ".gch", os.path.join(d, "FAILED")
    os.makedirs(os.path.dirname(header), exist_ok=True)
    if os.path.exists(gch):
        return d
    with open(os.path.join(d, "lock"), "w") as lock:
        try:        # one worker builds it; the others build without it meanwhile
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return None
        if os.path.exists(gch):
            return d
        if os.path.exists(failed):
            return None
        if not minimal:
            real = os.path.abspath(os.path.join(_torch_include(), "torch", "extension.h"))
            with open(header, "w") as f:
                f.write('#include "%s"\n' % real)
        cmd = _pch_command(header, gch + ".tmp", flags, ["-I" + d] if minimal else [])
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if r.returncode != 0:
            with open(failed, "w") as f:
                f.write(" ".join(cmd) + "\n" + r.stdout[-4000:])
            log.write("kcv fastbuild: no precompiled header: %s\n" % r.stdout[-500:])
            return None
        os.replace(gch + ".tmp", gch)
        return d


def next_way(way, message):
    """The (main.cpp header, cuda.cu header) to try after `way` failed with
    load_inline's message (ninja's output: "FAILED: ... main.o"), or None:
    the fast build has no other way.  A message that names neither file
    moves both."""
    main, cuda = way
    m = re.search(r"FAILED: .*\bmain\.o\b", message)
    c = re.search(r"FAILED: .*\.cuda\.o\b", message)
    if not m and not c:
        m = c = True
    nxt = ("full" if m else main, "types" if (c and cuda) else cuda)
    return nxt if nxt != way else None


def _build_directory(kw):
    d = kw.get("build_directory")
    if d:
        return d
    try:
        return cpp_extension._get_build_directory(kw["name"], False)
    except Exception:  # noqa: BLE001 - no such directory yet: a first build
        return None


def _way_that_built(kw):
    """(main header, cuda header) of this extension's last fast build, or None."""
    d = _build_directory(kw)
    try:
        with open(os.path.join(d, "kcv-way.json")) as f:
            return tuple(json.load(f))
    except (OSError, TypeError, ValueError):
        return None


def _remember_way(kw, way):
    d = _build_directory(kw)
    if d:
        with open(os.path.join(d, "kcv-way.json"), "w") as f:
            json.dump(list(way), f)


def built_without_pch(kw):
    """True when this extension's build directory already holds a build
    made without the precompiled header: it started while another worker
    was building the header.  Adding the header's flags now would make
    ninja compile main.cpp again in every later worker of the solution
    (ORD-02's second process, memcheck's): 19 s each on the H200."""
    d = _build_directory(kw)
    if not d:
        return False
    try:
        with open(os.path.join(d, "build.ninja")) as f:
            return "-Winvalid-pch" not in f.read()
    except OSError:
        return False


class FlockBaton:
    """torch's FileBaton, load_inline's build lock, held by flock instead of
    by the file's existence: a builder killed mid-build (a device call's
    end) leaves the file but not the lock, so the next build of that source
    goes on instead of waiting on it for ever (H200, 2026-12-04: 16
    solutions, 240 s of a call).  The file stays: removing it would let a
    third process lock a new file while a waiter still holds the old one."""

    def __init__(self, lock_file_path, wait_seconds=0.1, warn_after_seconds=None):
        self.path, self.f = lock_file_path, None

    def try_acquire(self):
        f = open(self.path, "a")
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            f.close()
            return False
        self.f = f
        return True

    def wait(self):
        """Until the builder holding the lock ends, alive or killed."""
        with open(self.path, "a") as f:
            fcntl.flock(f, fcntl.LOCK_EX)

    def release(self):
        if self.f is not None:
            self.f.close()
            self.f = None


def install_baton():
    """load_inline's builds, fast or plain, lock with FlockBaton."""
    cpp_extension.FileBaton = FlockBaton


def install(build_root, log=sys.stderr):
    """Make load_inline build through the precompiled header and, for
    cuda.cu, the minimal then the light CUDA header, falling back to the
    plain build on a compile error."""
    plain = cpp_extension.load_inline
    if getattr(plain, "kcv_fast", False):
        return
    sig = inspect.signature(plain)

    def load_inline(*args, **kwargs):
        a = sig.bind(*args, **kwargs)
        a.apply_defaults()
        kw = dict(a.arguments)
        if kw.get("use_pch") or kw.get("no_implicit_headers"):
            BUILDS.append({"name": kw["name"], "mode": "plain", "why": "the solution sets its own headers"})
            return plain(**kw)
        # main.cpp against the minimal header, then the real one; cuda.cu
        # against the minimal torch/types.h, then the real one: the file
        # that failed (ninja's FAILED line) moves on, the other keeps its
        # object.  The way that built goes first in a later worker of the
        # solution (ORD-02's, memcheck's): the same flags, nothing rebuilt
        way = _way_that_built(kw) or ("minimal", "minimal" if kw.get("cuda_sources") else None)
        why = [""]
        while way:
            main, cuda = way
            fast = dict(kw)
            flags = list(kw.get("extra_cflags") or [])
            if main == "minimal":     # its text while the .gch is not there
                pch = pch_dir(build_root, flags, log, minimal=True)
                fast["extra_cflags"] = flags + ["-I" + main_header_dir(build_root, flags), "-Winvalid-pch"]
            else:
                pch = None if built_without_pch(kw) else pch_dir(build_root, flags, log)
                if pch:
                    fast["extra_cflags"] = flags + ["-I" + pch, "-Winvalid-pch"]
            if cuda:
                where = minimal_header_dir if cuda == "minimal" else light_header_dir
                fast["extra_cuda_cflags"] = list(kw.get("extra_cuda_cflags") or []) + ["-I" + where(build_root)]
            try:
                mod = plain(**fast)
            except Exception as e:  # noqa: BLE001 - a compile error: the next way
                why = str(e).strip().splitlines() or [""]
                way = next_way(way, str(e))
                log.write("kcv fastbuild: %s: main.cpp (%s header), cuda.cu (%s torch/types.h) failed; next: %s\n"
                          % (kw["name"], main, cuda, way))
                continue
            entry = {"name": kw["name"], "mode": "fast", "pch": bool(pch), "main_header": main}
            if cuda:
                entry["cuda_header"] = cuda
            BUILDS.append(entry)
            _remember_way(kw, way)
            return mod
        log.write("kcv fastbuild: %s: the fast build failed, building as load_inline does\n" % kw["name"])
        BUILDS.append({"name": kw["name"], "mode": "plain", "why": "fast build failed: " + why[-1][:200]})
        return plain(**kw)

    load_inline.kcv_fast = True
    load_inline.__doc__ = plain.__doc__
    cpp_extension.load_inline = load_inline
