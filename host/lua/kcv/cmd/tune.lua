-- kcv tune SPEC KERNEL: search the kernel's knobs for speed; keep only a
-- config that passes every gate (kcv.tune).
local tune = require "kcv.tune"
local treport = require "kcv.tune.report"
local vreport = require "kcv.verify.report"
local args = require "kcv.verify.args"

local M = {
  summary = "search a kernel's knobs for speed; every kept config passes the gates",
  usage = "kcv tune SPEC KERNEL [--budget SECONDS] [--shape D=N,...] [--json FILE] [--write] "
       .. "[--knob NAME=V,...] [--seed N] [--gate ID]... [--backend cpu|cuda|auto] [--quiet]",
  help = [[
Times every config of KERNEL's knobs (the 'tune' field of its sidecar,
docs/KERNELS.md "Knobs") on the benchmark shape and the sidecar's other
timing shapes, ranks them by the benchmark shape, then runs the gates on
the candidates fastest first: the first config that passes every gate is
kept; every faster one is listed with the gate that vetoed it, its
evidence and a command that reproduces the failure.  The default config
(the kernel as written) is timed first, in full on every shape: the
speedup, shape by shape, is over it.

Ties: two times whose difference is at most the sum of their noises
(their ranges time +- noise overlap).  Configs that tie on the benchmark
shape are ordered by the geometric mean of their times on the other
shapes (again with ties within noise), and within a tie on every shape
the config nearer the default goes first: a tie never moves a knob.

Timing (cuda): CUDA events around each repeat, an L2 flush (a 256 MB
buffer written) before each, the median of --reps after 3 warm-up
launches; --rounds such medians on fresh uploads, the time their median.
The noise is the largest of half the repeats' interquartile range (the
median over the rounds), half the range of the round medians, and the
timer's tick (32 ns).  On the cpu backend the host clock on shapes
fitted to its budget: for tests, not for claims.

Search: exhaustive up to 32 configs; above, seeded successive halving
(--seed; eta 3): the same seed gives the same search.

  --budget S       at most S seconds: timing stops after 60% of them,
                   judging at S (a config whose gates started runs to
                   the end; the fastest is judged whatever the clock).  A search the budget cut ranks what it
                   timed, each config on its latest time (an early
                   halving round's, if that is all it got), and the
                   report says where it stopped; a run that kept nothing
                   by S exits 2
  --shape D=N,...  a timing shape (repeatable; the first is ranked on);
                   replaces the benchmark and the sidecar's shapes
  --knob N=V,...   try only these values of knob N (repeatable)
  --gate ID        judge with these gates only (repeatable or comma-
                   separated): faster, but what is kept is then legal
                   only for those gates, and the report says so
  --gates DIR      extra gates, as for kcv verify
  --json FILE      the result as JSON
  --write          write the kept config into the sidecar as tune.tuned
                   (kcv verify and kcv controls then build it) when it is
                   faster than the default beyond the noise on the
                   benchmark shape, or ties there and is faster on the
                   other shapes
  --reps N         repeats per timing (default 20); --rounds N (default 3)
  --timings FILE   a Lua file returning fixed times per config label
                   ({["default"] = 1.0, ["ACC=f16"] = 0.5, ...}): a stub
                   timer for tests; the gates still run for real
  --seed N         seed of the search and of the gates' cases (default 1)
  --quiet          no progress on stderr

Exit status: 0 a legal config was kept, 1 every timed config was vetoed
by a gate, 2 kcv could not tune (usage, no knobs, no config could be
timed or judged, the budget ran out before any timed config passed).]],
}

-- "rows=16,cols=16384" -> {rows = 16, cols = 16384}
local function parse_shape(text)
  local s = {}
  for item in text:gmatch("[^,]+") do
    local k, v = item:match("^%s*([%w_]+)%s*=%s*(%d+)%s*$")
    if not k then return nil, ("--shape '%s': D=N,... expected"):format(text) end
    s[k] = math.tointeger(tonumber(v))
  end
  return s
end

local function load_timings(path)
  local chunk, err = loadfile(path, "t", {})
  if not chunk then return nil, err end
  local ok, t = pcall(chunk)
  if not ok or type(t) ~= "table" then return nil, path .. ": expected a table of label = ms" end
  return t
end

local function options(argv)
  local o, err = args.parse(argv, {positional = 2, backend = "value", budget = "value", shape = "list", json = "value",
                                   write = "flag", knob = "list", seed = "integer", gate = "list",
                                   gates = "list", reps = "integer", rounds = "integer",
                                   timings = "value", quiet = "flag", exhaustive_max = "integer"})
  if not o then return nil, err end
  if not o[1] or not o[2] then return nil, "usage: " .. M.usage end
  if o.budget and not (tonumber(o.budget) and tonumber(o.budget) > 0) then
    return nil, "--budget needs a positive number of seconds"
  end
  local shapes = {}
  for _, text in ipairs(o.shape) do
    local s, serr = parse_shape(text)
    if not s then return nil, serr end
    shapes[#shapes + 1] = s
  end
  local gates = {}
  for _, g in ipairs(o.gate) do for id in g:gmatch("[^,%s]+") do gates[#gates + 1] = id end end
  local opts = {spec = o[1], kernel = o[2], backend = o.backend, budget = tonumber(o.budget), shapes = shapes,
                narrow = o.knob, seed = o.seed or 1, gates = gates, gate_dirs = o.gates, reps = o.reps,
                rounds = o.rounds, exhaustive_max = o.exhaustive_max}
  return opts, o
end

function M.run(argv)
  local opts, o = options(argv)
  if not opts then io.stderr:write("kcv tune: ", o, "\n"); return 2 end
  if o.timings then
    local times, err = load_timings(o.timings)
    if not times then io.stderr:write("kcv tune: --timings: ", err, "\n"); return 2 end
    opts.stub_times = times
  end
  local progress
  if not o.quiet then
    local p = require("kcv.progress").new{}
    progress = function(msg, i, n) if n then p.count(i - 1, n) end; p(msg) end
    opts.progress = progress
    opts.done = p.done
  end
  local result = M.tune(opts)
  if opts.done then opts.done() end
  io.stdout:write(treport.human(result))
  if o.json then
    local ok, err = vreport.write(o.json, vreport.json(treport.data(result)))
    if not ok then io.stderr:write("kcv tune: cannot write ", o.json, ": ", tostring(err), "\n"); return 2 end
  end
  if o.write and result.exit == 0 then
    if not result.gain then
      io.stdout:write("not written: the kept config is not faster than the default beyond the noise\n")
    else
      local ok, err = tune.write(result)
      if not ok then io.stderr:write("kcv tune: --write: ", err, "\n"); return 2 end
      io.stdout:write(("written: %s tune.tuned = %s\n"):format(result.sidecar, result.kept.label))
    end
  end
  return result.exit or 2
end

-- The run, with a stub timer when --timings gave one (built once the
-- knobs are known: the stub names configs by their labels).
function M.tune(opts)
  if opts.stub_times then
    local time = require "kcv.tune.time"
    local times = opts.stub_times
    opts.make_timer = function(def) return time.stub(times, def) end
  end
  return tune.run(opts)
end

return M
