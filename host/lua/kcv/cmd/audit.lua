-- kcv audit: judge a corpus of KernelBench-format solutions (PyTorch
-- modules, usually with CUDA C through load_inline) by the twelve gates
-- against an fp64 oracle, reference-relative, side by side with the
-- benchmark's own check; journaled and resumable.
local args = require "kcv.verify.args"

local M = {
  summary = "audit a corpus of KernelBench-format solutions against the twelve gates",
  usage = "kcv audit SOLUTIONS.json --problems PROBLEMS.json [--journal FILE] [--resume] [--jobs N]\n"
       .. "                 [--limit N] [--only ID]... [--gates ID]... [--seed N] [--device cuda|cpu]\n"
       .. "                 [--timeout S] [--build-timeout S] [--work DIR] [--json FILE] [--markdown FILE] [--html FILE]\n"
       .. "                 [--shard K/N] [--claim DIR] [--budget SECONDS] [--stop-after SECONDS] [--max-jobs N] [--sanitizer PATH|none] [--repl]\n"
       .. "       kcv audit --controls --problems PROBLEMS.json [options as above]\n"
       .. "       kcv audit --summarize JOURNAL [--markdown FILE] [--html FILE]\n"
       .. "       kcv audit --fill JOURNAL --from PART.jsonl",
  help = [[
Builds each solution (--jobs at a time, compiled extensions cached by the
hash of their source under WORK/build), then audits them one at a time in a
worker process of their own (corpus/worker.py, under a python3 that imports
torch: $KCV_PYTHON, python3, /usr/bin/python3): KernelBench v0's allclose
check at the benchmark shape, then every gate (or those of --gates ID, once per id).  Every
pairing of solution and problem is checked before anything runs; a
mismatch is a corpus error, never a verdict.  Each verdict is appended to
the journal (default kcv-audit.jsonl) when known; --resume goes on after a
kill, skipping every solution the journal holds; --journal - keeps the
verdicts in memory only (the reproducer lines use it).  --summarize prints the
statistics of a journal; --html FILE writes one page, a row per solution
and a column per gate (also after an audit); --markdown FILE writes its tables (between
FILE's `<!-- generated: begin/end -->` lines when it has them, as
docs/AUDIT.md does).  --controls audits each problem's own Model as the candidate:
the positive control every problem must pass.  --only ID takes an id, or
its first characters (as the tables print them) when no id is exactly that;
the solutions are audited in the order the --only values name them.  --shard K/N audits every
N-th solution from the K-th (run N audits side by side, one journal each);
--claim DIR lets audits side by side share one queue instead: each takes
the next solution no other has taken (by creating DIR/<id>), so a slow
solution holds up no fixed share of the corpus.
--sanitizer PATH is RES-01's out-of-bounds check, compute-sanitizer's
memcheck on one case (default on the cuda device: compute-sanitizer from
PATH or /usr/local/cuda/bin; "none" skips it).
--repl (with one --only ID: add it to a reproducer line) opens a prompt on
that solution's verdict once it is judged, its worker still running:
`candidate`, `reference` and `oracle` hold the outputs of the failing
gate's case, `run(who, recipe)` runs others; help() lists what is bound.
--budget starts no new solution after that many seconds (the rest is left
for --resume); --stop-after runs no new gate after that many seconds: a
solution being judged then is journaled with its gates so far and the rest
"not run" (not judged), so a process killed a little later loses nothing
it judged; --max-jobs N is each build's own parallelism (MAX_JOBS).
--fill JOURNAL --from PART completes such verdicts: PART holds a later
audit of the same ids with only the gates left (--only ID --gates G ...);
each gate JOURNAL did not judge takes PART's judgement, the verdict is
taken again by the same rule, and JOURNAL is rewritten (through a
temporary file) with the filled gates named in the entry's "filled".
Environment: KCV_AUDIT_HOLD_MIN (elements, default 4194304; -1 never):
outputs this large stay on the worker's device and are compared there;
KCV_AUDIT_MEMO_BYTES (2 GiB) and KCV_AUDIT_DEVICE_MEMO_BYTES (8 GiB): the
outputs a solution's audit keeps for later gates, on the host and on the
device; KCV_WORKER_THREADS: torch's CPU threads a worker (docs/AUDIT.md).
Exit status: 0 every judged solution passes, 1 some fail,
2 kcv could not run, or nothing failed but something was not judged.]],
}

-- Write the generated tables: into FILE between the lines
-- `<!-- generated: begin -->` and `<!-- generated: end -->` when it has
-- them (docs/AUDIT.md), else as the whole file.
local function write_markdown(path, text)
  local f = io.open(path, "rb")
  local old = f and f:read("a")
  if f then f:close() end
  local B, E = "<!-- generated: begin -->\n", "<!-- generated: end -->"
  local _, b, c
  if old then
    _, b = old:find(B, 1, true)
    c = b and old:find(E, b, true)
  end
  if c then text = old:sub(1, b) .. text .. old:sub(c) end
  f = assert(io.open(path, "wb"))
  f:write(text)
  f:close()
end

-- --html FILE: one row a solution, one column a gate.
local function write_html(path, entries)
  local ids = {}
  for _, g in ipairs(require("kcv.audit.gates").list) do ids[#ids + 1] = g.id end
  local rows = {}
  for _, e in ipairs(entries) do
    local st, failures = {}, {}
    for _, g in ipairs(e.gates or {}) do
      st[g.id] = g.status
      if g.status == "fail" then failures[#failures + 1] = {id = g.id, reason = g.reason, reproduce = g.reproduce} end
    end
    local acc = e.baseline and e.baseline.accept
    rows[#rows + 1] = {name = ("%s (%s)"):format(tostring(e.id), tostring(e.problem or "?")), verdict = e.verdict,
                       allclose = acc == true and "accepts" or acc == false and "rejects" or "-", gates = st,
                       reason = e.verdict ~= "pass" and e.verdict ~= "fail" and e.reason or nil,
                       failures = failures}
  end
  local ok, err = require("kcv.verify.report").write(path, require("kcv.report.html").audit(rows, ids, "kcv audit"))
  if not ok then io.stderr:write("kcv audit: cannot write ", path, ": ", tostring(err), "\n") end
  return ok
end

-- --fill JOURNAL --from PART: JOURNAL's lines rewritten where PART fills a
-- gate they did not judge, every other line kept byte for byte.
local function fill(o)
  local journal = require "kcv.audit.journal"
  local json = require "dkjson"
  local entries, err = journal.read(o.fill)
  if not entries then io.stderr:write("kcv audit: ", err, "\n"); return 2 end
  local _, parts = journal.read(o.from)
  if not _ then io.stderr:write("kcv audit: ", parts, "\n"); return 2 end
  local lines, n = {}, 0
  for line in io.lines(o.fill) do
    local e = line:find("%S") and json.decode(line)
    local filled = e and parts[e.id] and journal.fill(e, parts[e.id])
    if filled then
      line, n = json.encode(filled), n + 1
      print(("%s: %s filled from %s: %s"):format(e.id, table.concat(filled.filled, " "), o.from, filled.verdict))
    end
    lines[#lines + 1] = line
  end
  if n == 0 then io.stderr:write("kcv audit: ", o.from, " fills no gate of ", o.fill, "\n"); return 2 end
  local tmp = o.fill .. ".tmp"
  local f, ferr = io.open(tmp, "wb")
  if not f then io.stderr:write("kcv audit: cannot write ", tostring(ferr), "\n"); return 2 end
  f:write(table.concat(lines, "\n"), "\n")
  f:close()
  local ok, rerr = os.rename(tmp, o.fill)
  if not ok then io.stderr:write("kcv audit: cannot replace ", o.fill, ": ", tostring(rerr), "\n"); return 2 end
  print(("%d verdict(s) of %s filled"):format(n, o.fill))
  return 0
end

local function summarize(o)
  local journal = require "kcv.audit.journal"
  local summary = require "kcv.audit.summary"
  local entries, err = journal.read(o.summarize)
  if not entries then io.stderr:write("kcv audit: ", err, "\n"); return 2 end
  if #entries == 0 then io.stderr:write("kcv audit: ", o.summarize, " holds no verdicts\n"); return 2 end
  local s = summary.of(entries)
  print(summary.text(s))
  if o.markdown then write_markdown(o.markdown, summary.markdown(s, entries)) end
  if o.html and not write_html(o.html, entries) then return 2 end
  return 0
end

function M.run(argv)
  local solutions = 1            -- SOLUTIONS.json, or nothing with --controls
  for _, a in ipairs(argv) do
    if a == "--controls" or a:match("^%-%-fill") or a:match("^%-%-summarize") then solutions = 0 end
  end
  local o, err = args.parse(argv, {positional = solutions, problems = "value", journal = "value", resume = "flag", jobs = "integer",
    limit = "integer", only = "list", gates = "list", seed = "integer", device = "value", timeout = "integer",
    build_timeout = "integer", work = "value", json = "value", markdown = "value", html = "value", summarize = "value",
    max_jobs = "integer", controls = "flag", shard = "value", budget = "integer", claim = "value", sanitizer = "value",
    repl = "flag", stop_after = "integer", fill = "value", from = "value"})
  if not o then io.stderr:write("kcv audit: ", err, "\n", "usage: ", M.usage, "\n"); return 2 end
  if o.summarize then return summarize(o) end
  if o.fill or o.from then
    if not (o.fill and o.from) then io.stderr:write("kcv audit: --fill JOURNAL needs --from PART.jsonl, and --from --fill\n"); return 2 end
    return fill(o)
  end
  if not o.problems or o[2] or (not o[1]) ~= (o.controls == true) then
    io.stderr:write("usage: ", M.usage, "\n")
    return 2
  end
  if o.device and o.device ~= "cuda" and o.device ~= "cpu" then
    io.stderr:write("kcv audit: --device must be cuda or cpu\n"); return 2
  end
  local shard
  if o.shard then
    local k, n = o.shard:match("^(%d+)/(%d+)$")
    k, n = tonumber(k), tonumber(n)
    if not k or k < 1 or k > n then io.stderr:write("kcv audit: --shard needs K/N with 1 <= K <= N\n"); return 2 end
    shard = {k, n}
  end
  local on_judged
  if o.repl then        -- a reproducer line with --repl: one solution, then the prompt on it
    if #o.only ~= 1 then io.stderr:write("kcv audit: --repl needs one --only ID (a reproducer line names one)\n"); return 2 end
    on_judged = function(entry, subj) require("kcv.repl.audit").open(entry, subj) end
  end
  local audit = require "kcv.audit"
  local progress = require("kcv.progress").new{prefix = "audit: "}
  local s, entries = audit.run{solutions = o[1], controls = o.controls, problems = o.problems, journal = o.journal or "kcv-audit.jsonl",
    resume = o.resume, jobs = o.jobs, limit = o.limit, only = o.only, gates = o.gates, seed = o.seed,
    device = o.device, timeout = o.timeout, build_timeout = o.build_timeout, work = o.work, json = o.json,
    max_jobs = o.max_jobs, progress = progress, shard = shard, budget = o.budget, stop_after = o.stop_after,
    claim = o.claim, sanitizer = o.sanitizer, on_judged = on_judged}
  progress.done()
  if not s then io.stderr:write("kcv audit: ", entries, "\n"); return 2 end
  local summary = require "kcv.audit.summary"
  print(summary.text(s))
  if o.markdown then write_markdown(o.markdown, summary.markdown(s, entries)) end
  if o.html and not write_html(o.html, entries) then return 2 end
  if s.fail > 0 then return 1 end
  if s.not_judged > 0 or s.corpus_error > 0 then return 2 end
  return 0
end

return M
