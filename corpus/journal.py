"""corpus/journal.py — small operations on `kcv audit` journals (JSON Lines,
one verdict a line, each with an "id"), for tools/device-audit.

  python3 corpus/journal.py keep-last MERGED PREVIOUS
      appends to MERGED every line of PREVIOUS whose id MERGED lacks, so an
      id a call did not judge again (one left in .corpus/later.txt) keeps
      its last verdict instead of dropping out of the merged journal.

Exit 0 done; 1 a journal is unreadable (the message names file and line);
2 usage.
"""
import json
import sys


def ids(path):
    """The ids of path's lines, or SystemExit naming the bad line."""
    out = set()
    with open(path) as f:
        for n, line in enumerate(f, 1):
            if line.strip():
                try:
                    out.add(json.loads(line)["id"])
                except (ValueError, KeyError, TypeError) as e:
                    sys.exit("journal.py: %s:%d: not a journal line (%s)" % (path, n, e))
    return out


def keep_last(merged, previous):
    """Append previous's lines whose id merged lacks; return how many."""
    seen = ids(merged)
    ids(previous)                       # check it whole before writing anything
    added = 0
    with open(previous) as src, open(merged, "a") as out:
        for line in src:
            if line.strip() and json.loads(line)["id"] not in seen:
                out.write(line if line.endswith("\n") else line + "\n")
                added += 1
    return added


def main(argv):
    if len(argv) == 3 and argv[0] == "keep-last":
        n = keep_last(argv[1], argv[2])
        print("journal.py: %d verdict(s) of %s kept in %s" % (n, argv[2], argv[1]))
        return 0
    sys.stderr.write(__doc__)
    return 0 if argv[:1] in (["-h"], ["--help"]) else 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
