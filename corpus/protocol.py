"""The JSON-lines protocol kcv's Python workers speak (corpus/worker.py,
corpus/torch_op.py; docs/AUDIT.md, "The worker protocol"): one request a
line on stdin, one reply a line on the original stdout.

Import this before anything that may print: it keeps the original stdout
as PROTO and points fd 1 at stderr, so that nothing a subject, ninja or
nvcc prints can corrupt a reply.
"""
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
                reply = dict(op(req), ok=True)
                if log_times:
                    sys.stderr.write("kcv worker: %s %.3f s\n" % (req.get("op"), time.time() - t0))
        except Fault as f:
            reply = {"ok": False, "error": f.kind, "message": f.message[-4000:], "fatal": f.fatal}
        except Exception as e:  # noqa: BLE001 - kcv's side of a failure, reported
            reply = {"ok": False, "error": "worker", "message": "%s: %s" % (type(e).__name__, e),
                     "trace": traceback.format_exc()[-3000:]}
        PROTO.write(json.dumps(reply) + "\n")
        if req.get("op") == "quit":
            break
    return 0
