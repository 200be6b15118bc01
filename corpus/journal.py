"""corpus/journal.py — small operations on `kcv audit` journals (JSON Lines,
one verdict a line, each with an "id"), for tools/device-audit.

  python3 corpus/journal.py keep-last MERGED PREVIOUS
      appends to MERGED every line of PREVIOUS whose id MERGED lacks, so an
      id a call did not judge again (one left in .corpus/later.txt) keeps
      its last verdict instead of dropping out of the merged journal.

  python3 corpus/journal.py split-controls JOURNAL PROBLEMS DIR [--except-level N ...]
      for the positive controls' next call: DIR/controls-done.jsonl gets
      JOURNAL's passes (not judged again), DIR/later.txt the ids of every
      other control (not passed, or never run: a problem of PROBLEMS with
      no line in JOURNAL), and DIR/now.txt those of later.txt whose
      problem's level is not one of --except-level's (level 4's models come
      from the Hugging Face hub, which the GPU machine cannot reach).

Exit 0 done; 1 a journal is unreadable (the message names file and line);
2 usage.
"""
import json
import os
import sys


def read_lines(path):
    """The lines of a journal, each with its parsed entry, or SystemExit
    naming the bad line."""
    out = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            if line.strip():
                try:
                    entry = json.loads(line)
                    entry["id"]
                except (ValueError, KeyError, TypeError) as e:
                    sys.exit("journal.py: %s:%d: not a journal line (%s)" % (path, n, e))
                out.append((line if line.endswith("\n") else line + "\n", entry))
    return out


def ids(path):
    """The ids of path's lines, or SystemExit naming the bad line."""
    return {e["id"] for _, e in read_lines(path)}


def keep_last(merged, previous):
    """Append previous's lines whose id merged lacks; return how many."""
    seen = ids(merged)
    lines = read_lines(previous)        # the whole of it checked before anything is written
    added = 0
    with open(merged, "a") as out:
        for line, entry in lines:
            if entry["id"] not in seen:
                out.write(line)
                added += 1
    return added


def split_controls(journal, problems, outdir, except_levels):
    """Write outdir's controls-done.jsonl, later.txt and now.txt; return
    (done, later, never run, now)."""
    lines = read_lines(journal)
    with open(problems) as f:
        probs = json.load(f)["problems"]
    level = {"control/" + p["key"]: p.get("level") for p in probs}
    seen = {e["id"] for _, e in lines}
    done = [line for line, e in lines if e.get("verdict") == "pass"]
    later = [e["id"] for _, e in lines if e.get("verdict") != "pass"]
    never = [cid for cid in level if cid not in seen]
    later += never
    now = [cid for cid in later if level.get(cid) not in except_levels]
    with open(os.path.join(outdir, "controls-done.jsonl"), "w") as f:
        f.writelines(done)
    for name, ids_ in (("later.txt", later), ("now.txt", now)):
        with open(os.path.join(outdir, name), "w") as f:
            f.writelines(cid + "\n" for cid in ids_)
    return len(done), len(later), len(never), len(now)


def main(argv):
    if len(argv) == 3 and argv[0] == "keep-last":
        n = keep_last(argv[1], argv[2])
        print("journal.py: %d verdict(s) of %s kept in %s" % (n, argv[2], argv[1]))
        return 0
    if len(argv) >= 4 and argv[0] == "split-controls":
        rest, levels = argv[4:], set()
        while rest:
            if rest[0] != "--except-level" or len(rest) < 2 or not rest[1].isdigit():
                sys.stderr.write(__doc__)
                return 2
            levels.add(int(rest[1]))
            rest = rest[2:]
        d, l, nv, nw = split_controls(argv[1], argv[2], argv[3], levels)
        print("controls: %d done, %d in later.txt (%d never ran), %d in now.txt" % (d, l, nv, nw))
        return 0
    sys.stderr.write(__doc__)
    return 0 if argv[:1] in (["-h"], ["--help"]) else 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
