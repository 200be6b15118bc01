"""The JSON-lines protocol kcv's Python workers speak (corpus/worker.py,
corpus/torch_op.py; docs/AUDIT.md, "The worker protocol"): one request a
line on stdin, one reply a line on the original stdout.

Import this before anything that may print: it keeps the original stdout
as PROTO and points fd 1 at stderr, so that nothing a subject, ninja or
nvcc prints can corrupt a reply.
"""
import contextlib
import fcntl
import json
import os
import sys
import time
import traceback

PROTO = os.fdopen(os.dup(1), "w", buffering=1)
os.dup2(2, 1)
sys.stdout = sys.stderr


class Fault(Exception):
    """The subject failed (exception, CUDA error, bad output): a reply
    {ok: false, error: kind, message, fatal}, never kcv's own failure."""

    def __init__(self, kind, message, fatal=False):
        super().__init__(message)
        self.kind, self.message, self.fatal = kind, message, fatal


# requests that hold no GPU memory worth waiting for (a build is minutes of CPU)
UNLOCKED = ("hello", "load", "release", "quit")


def is_oom(e):
    return (isinstance(e, Fault) and e.kind == "oom") or "out of memory" in str(e)


@contextlib.contextmanager
def gpu_lock(exclusive):
    """Workers that share one GPU (audits side by side) hold
    $KCV_GPU_LOCK shared while they answer a request; one that ran out of
    memory answers it again holding it alone, once the others have
    finished theirs and given back their cached blocks.  A turnstile
    ($KCV_GPU_LOCK.turn) gives the lone worker precedence: once it waits,
    no new request starts.  No lock without the variable (one audit)."""
    path = os.environ.get("KCV_GPU_LOCK")
    if not path:
        yield
        return
    with open(path + ".turn", "a") as turn, open(path, "a") as lock:
        fcntl.flock(turn, fcntl.LOCK_EX)
        try:
            fcntl.flock(lock, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
        finally:
            fcntl.flock(turn, fcntl.LOCK_UN)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def answer(worker, op, req):
    """op(req) under the shared GPU lock; when it runs out of device memory,
    the worker gives back its cache (worker.trim) and the request is
    answered once more under the exclusive lock: out of memory because
    other audits hold the GPU is the machine's state, not the subject's."""
    shared = contextlib.nullcontext() if req.get("op") in UNLOCKED else gpu_lock(False)
    try:
        with shared:
            return op(req)
    except Exception as e:  # noqa: BLE001
        if not (is_oom(e) and hasattr(worker, "trim")):
            raise
        sys.stderr.write("kcv worker: %s ran out of device memory; again, alone on the GPU\n" % req.get("op"))
    worker.trim(force=True)
    with gpu_lock(True):
        worker.trim(force=True)
        return op(req)


def serve(worker, lines, log_times=False):
    """Answer each request line with worker.op_<op>(request) until "quit";
    log_times: each op's seconds to stderr ("kcv worker: <op> <s> s")."""
    for line in lines:
        if not line.strip():
            continue
        req = {}
        try:
            req = json.loads(line)
            if req.get("release") and hasattr(worker, "release"):    # outputs the host let go of
                worker.release(req)
            op = getattr(worker, "op_" + req.get("op", ""), None)
            if op is None:
                reply = {"ok": False, "error": "protocol", "message": "unknown op %r" % req.get("op")}
            else:
                t0 = time.time()
                reply = dict(answer(worker, op, req), ok=True)
                if log_times:     # whose run too: the seconds a gate's requests cost, by subject
                    who = (" who=%s" % req["who"]) if req.get("who") else ""
                    sys.stderr.write("kcv worker: %s %.3f s%s\n" % (req.get("op"), time.time() - t0, who))
        except Fault as f:
            reply = {"ok": False, "error": f.kind, "message": f.message[-4000:], "fatal": f.fatal}
        except Exception as e:  # noqa: BLE001 - kcv's side of a failure, reported
            reply = {"ok": False, "error": "worker", "message": "%s: %s" % (type(e).__name__, e),
                     "trace": traceback.format_exc()[-3000:]}
        PROTO.write(json.dumps(reply) + "\n")
        if hasattr(worker, "trim"):
            worker.trim()
        if req.get("op") == "quit":
            break
    return 0
