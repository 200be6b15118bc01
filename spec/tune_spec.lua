-- kcv tune: knobs from a sidecar, the search, the gates' veto and the
-- report.  Timings come from a stub timer (fixed times per config), so
-- every result here is deterministic; the gates are real and run on the
-- CPU backend (sum with an f16 accumulator is vetoed by PRC-02).
local kcv = require "kcv"
local knobs = require "kcv.verify.knobs"
local subject = require "kcv.verify.subject"
local space = require "kcv.tune.space"
local search = require "kcv.tune.search"
local time = require "kcv.tune.time"
local veto = require "kcv.tune.veto"
local tune = require "kcv.tune"
local treport = require "kcv.tune.report"

local cpu_ok, cpu_why = kcv.backend.available("cpu")

local files = require "files"
local sh, write = files.sh, files.write

local function read(path) return (assert(files.read(path), "no file " .. path)) end

-- A copy of kernels/sum.{cu,lua} and its headers in a fresh directory,
-- the sidecar's text replaced by `side` when given.
local function sum_copy(side)
  local dir = os.tmpname()
  os.remove(dir)
  assert(os.execute("mkdir -p " .. dir))
  for _, f in ipairs{"sum.cu", "acc.cuh", "block_reduce.cuh"} do write(dir .. "/" .. f, read("kernels/" .. f)) end
  write(dir .. "/sum.lua", side or read("kernels/sum.lua"))
  return dir
end

local SIDE = {path = "x.lua", tune = {knobs = {BLOCK = {256, 64}, ACC = {"f64", "f16"}, FAST_MATH = {false, true}}}}

describe("a kernel's knobs", function()
  it("take the first value of each list as the default", function()
    local def = assert(knobs.parse(SIDE))
    assert.are.same({"ACC", "BLOCK", "FAST_MATH"}, def.names)
    assert.are.same({ACC = "f64", BLOCK = 256, FAST_MATH = false}, def.default)
  end)

  it("give the default config no define, so it compiles as the kernel is written", function()
    local def = assert(knobs.parse(SIDE))
    assert.are.same({}, knobs.options(def, def.default))
  end)

  it("turn integers, words and booleans into defines, and FAST_MATH into --use_fast_math", function()
    local def = assert(knobs.parse(SIDE))
    local opts = knobs.options(def, {BLOCK = 64, ACC = "f16", FAST_MATH = true})
    assert.are.same({"-DACC_F16=1", "-DBLOCK=64", "-DFAST_MATH=1", "--use_fast_math"}, opts)
  end)

  it("name a config by every knob (key) or by the knobs moved off the default (label)", function()
    local def = assert(knobs.parse(SIDE))
    local c = assert(knobs.check(def, {ACC = "f16"}))
    assert.are.equal("ACC=f16,BLOCK=256,FAST_MATH=false", knobs.key(def, c))
    assert.are.equal("ACC=f16", knobs.label(def, c))
    assert.are.equal("default", knobs.label(def, def.default))
  end)

  it("reject an undeclared knob or value, and a malformed declaration, naming it", function()
    local def = assert(knobs.parse(SIDE))
    assert.is_nil((knobs.check(def, {TILE = 8})))
    assert.truthy(select(2, knobs.check(def, {BLOCK = 96})):match("BLOCK has no value 96"))
    local _, err = knobs.parse{path = "k.lua", tune = {knobs = {BLOCK = {}}}}
    assert.truthy(err:match("k.lua: field 'tune.knobs.BLOCK'"))
    _, err = knobs.parse{path = "k.lua", tune = {knobs = {["1X"] = {1}}}}
    assert.truthy(err:match("not a C identifier"))
  end)

  it("reach the subject: defines in its options, values in its launch", function()
    local spec = assert(require("kcv.verify").load_spec("specs/sum.lua"))
    local side = assert(subject.sidecar("kernels/sum.cu"))
    local plain = subject.kernel{spec = spec, source = "kernels/sum.cu", sidecar = side}
    assert.is_nil(plain.options)
    assert.are.equal(256, plain.knobs.BLOCK)
    local s = subject.kernel{spec = spec, source = "kernels/sum.cu", sidecar = side, knobs = {ACC = "f16", BLOCK = 64}}
    assert.are.same({"-DACC_F16=1", "-DBLOCK=64"}, s.options)
    assert.are.equal(64, s.launch(setmetatable({rows = 3, cols = 5}, {__index = s.knobs})).block)
  end)

  it("are defaults that match the sources' own #ifndef values and accumulators", function()
    for _, op in ipairs{"sum", "softmax", "rmsnorm", "layernorm", "matmul"} do
      local side = assert(subject.sidecar("kernels/" .. op .. ".cu"))
      local def = assert(knobs.parse(side), op .. " declares knobs")
      local src = read("kernels/" .. op .. ".cu")
      for _, name in ipairs(def.names) do
        local v = def.default[name]
        if name == "ACC" then
          local ctype = ({f64 = "double", f32 = "float"})[v]
          assert.truthy(src:match("#define ACC_DEFAULT " .. ctype .. "\n"), op .. ": ACC_DEFAULT is not " .. ctype)
        elseif name == "FAST_MATH" then
          assert.are.equal(false, v, op)
        elseif name ~= "BLOCK" then     -- BLOCK reaches the launch only
          local got = src:match("#ifndef " .. name .. "\n#define " .. name .. " (%d+)")
          assert.are.equal(tostring(v), got, op .. ": " .. name)
        end
      end
    end
  end)
end)

describe("FAST_MATH on the CPU backend", function()
  if not cpu_ok then
    pending("needs the CPU backend: " .. tostring(cpu_why))
    return
  end

  it("makes expf the approximate intrinsic, which flushes a subnormal result to zero", function()
    local path = os.tmpname() .. ".cu"
    write(path, [[#include <math.h>
extern "C" __global__ void k(float *y) { y[0] = expf(-100.0f); }
]])
    local got = {}
    for i, opts in ipairs{{}, {"--use_fast_math"}} do
      local k = assert(kcv.kernel.load{source = path, name = "k", params = {"ptr"}, options = opts, backend = "cpu"})
      local y = kcv.buffer("f32", {1})
      assert.are.equal("ok", k:launch{grid = 1, block = 1, args = {y}}.status)
      got[i] = y:get(0)
    end
    os.remove(path)
    assert.is_true(got[1] > 0 and got[1] < 1.2e-38, "IEEE expf keeps the subnormal")
    assert.are.equal(0, got[2])
  end)

  -- the H200 tune of 2026-12-01 kept softmax's FAST_MATH: no case of EXC-02
  -- had subnormal outputs until its spread cases
  it("is vetoed for softmax by EXC-02's spread case, and the kernel as written is not", function()
    local verify = require "kcv.verify"
    for _, fast in ipairs{false, true} do
      local rep = verify.run{spec = "specs/softmax.lua", kernel = "kernels/softmax.cu", gates = {"EXC-02"},
                             seed = 1, backend = "cpu", knobs = {FAST_MATH = fast}}
      local g = rep.gates[1]
      if fast then
        assert.are.equal("fail", g.status, g.reason)
        assert.truthy(g.reason:find("flushed to zero", 1, true), g.reason)
        assert.truthy(g.evidence.case:find("^subnormal%-outputs"), g.evidence.case)
      else
        assert.are.equal("pass", g.status, g.reason)
      end
    end
  end)
end)

describe("the space of configs", function()
  it("is the cross product of the knobs, the default first", function()
    local def = assert(knobs.parse(SIDE))
    local list = space.configs(def)
    assert.are.equal(8, #list)
    assert.are.same(def.default, list[1])
  end)

  it("narrows to the values --knob names, typed as declared", function()
    local def = assert(knobs.parse(SIDE))
    local narrow = assert(space.narrow(def, {"BLOCK=64", "FAST_MATH=false"}))
    assert.are.same({BLOCK = {64}, FAST_MATH = {false}}, narrow)
    assert.are.equal(2, #space.configs(def, narrow))
    assert.is_nil((space.narrow(def, {"BLOCK=96"})))
  end)
end)

-- Twelve knob values: configs 1..n, config i timed i ms unless `times` says.
local function big_space(n)
  local vals = {}
  for i = 1, n do vals[i] = i end
  local def = assert(knobs.parse{tune = {knobs = {K = vals}}})
  return def, space.configs(def)
end

describe("the search", function()
  it("times every config on every shape when the space is small", function()
    local def, configs = big_space(5)
    local calls = 0
    local found = search.run{configs = configs, default = def.default, nshapes = 2,
                             measure = function(c) calls = calls + 1; return {ms = c.K, noise = 0} end}
    assert.are.equal("exhaustive", found.method)
    assert.are.equal(10, calls)
    for _, row in ipairs(found.rows) do assert.are.equal("timed", row.status) end
  end)

  it("halves a large space with a seed, keeps the default, and repeats itself for the same seed", function()
    local def, configs = big_space(40)
    local function run(seed)
      local order = {}
      local found = search.run{configs = configs, default = def.default, nshapes = 1, seed = seed,
                               measure = function(c, _, effort)
                                 order[#order + 1] = ("%d@%.3f"):format(c.K, effort)
                                 return {ms = 100 - c.K, noise = 0}
                               end}
      return found, table.concat(order, " ")
    end
    local a, order_a = run(7)
    local b, order_b = run(7)
    local _, order_c = run(8)
    assert.truthy(a.method:match("successive halving %(seed 7"))
    assert.are.equal(order_a, order_b)
    assert.are_not.equal(order_a, order_c)
    local timed, eliminated = {}, 0
    for _, row in ipairs(a.rows) do
      if row.status == "timed" then timed[row.config.K] = true end
      if row.status == "eliminated" then eliminated = eliminated + 1 end
    end
    assert.is_true(timed[40], "the fastest config survives")
    assert.is_true(timed[1], "the default survives")
    assert.is_true(eliminated > 30)
    assert.is_true(#a.rows > 0 and a.rows[1].status == "timed")
  end)

  it("times the default first, in full on every shape, and does not time it again", function()
    local def, configs = big_space(40)
    local calls = {}
    local found = search.run{configs = configs, default = def.default, nshapes = 2, seed = 3,
                             measure = function(c, i, effort)
                               calls[#calls + 1] = ("%d/%d@%g"):format(c.K, i, effort)
                               return {ms = 100 - c.K, noise = 0}
                             end}
    assert.are.same({"1/1@1", "1/2@1"}, {calls[1], calls[2]})
    for k = 3, #calls do assert.is_nil(calls[k]:match("^1/"), "the default timed again: " .. calls[k]) end
    assert.are.equal("timed", found.rows[1].status)
    assert.is_nil(found.cut)
  end)

  it("keeps what it timed when the budget cuts a halving round, and says where", function()
    local def, configs = big_space(40)
    local n = 0
    local found = search.run{configs = configs, default = def.default, nshapes = 2, seed = 7,
                             expired = function() return n >= 12 end,
                             measure = function(c)
                               n = n + 1
                               return {ms = 100 - c.K, noise = 0}
                             end}
    assert.are.same({stage = "halving", round = 1, rounds = 3, timed = 11, of = 40}, found.cut)
    local timed, untimed = 0, 0
    for _, row in ipairs(found.rows) do
      if row.status == "timed" then
        timed = timed + 1
        assert.is_true(row.is_default or row.partial, "a round-1 time is partial")
        assert.is_number(row.ms)
      elseif row.status == "untimed" then
        untimed = untimed + 1
        assert.is_nil(row.times[1])
      else
        error("unexpected status " .. row.status)
      end
    end
    assert.are.equal(11, timed)          -- the default and the 10 of round 1
    assert.are.equal(29, untimed)
  end)

  it("says how far an exhaustive search got when the budget cuts it", function()
    local def, configs = big_space(5)
    local n = 0
    local found = search.run{configs = configs, default = def.default, nshapes = 1,
                             expired = function() return n >= 3 end,
                             measure = function(c) n = n + 1; return {ms = c.K, noise = 0} end}
    assert.are.same({stage = "exhaustive", timed = 3, of = 5}, found.cut)
  end)
end)

describe("the ranking", function()
  it("orders by time, and within a tie puts the config nearer the default first", function()
    local def, configs = big_space(4)
    local rows = {}
    local ms = {10, 4, 4.05, 9}
    for i, c in ipairs(configs) do rows[i] = {config = c, status = "timed", ms = ms[i], noise = 0.1} end
    table.insert(rows, {config = {K = 2}, status = "eliminated", ms = 1, noise = 0})
    local order = {}
    for i, row in ipairs(tune.ranked(rows, def)) do order[i] = row.config.K end
    assert.are.same({2, 3, 4, 1}, order)
    rows[1].ms = 4.1             -- now the default ties with the fastest
    order = {}
    for i, row in ipairs(tune.ranked(rows, def)) do order[i] = row.config.K end
    assert.are.same({1, 2, 3, 4}, order)
  end)

  it("stays a valid order when ties chain (every time within noise of the next)", function()
    local vals = {}
    for i = 1, 200 do vals[i] = i end
    local def = assert(knobs.parse{tune = {knobs = {K = vals}}})
    local rows = {}
    for i, c in ipairs(space.configs(def)) do
      rows[i] = {config = c, status = "timed", ms = 1 + ((i * 37) % 200) * 0.01, noise = 0.006}
    end
    local out = tune.ranked(rows, def)
    assert.are.equal(200, #out)
  end)

  it("breaks a tie on the first shape by the other shapes, then by the knobs moved", function()
    local def, configs = big_space(5)
    -- K=1 the default; K=2..5 tie on shape 1 (noise 0.1)
    local t = {{9, 9, 9}, {5.0, 20, 20}, {5.05, 4, 4}, {5.02, 4.1, 3.9}, {5.1, 1, 100}}
    local rows = {}
    for i, c in ipairs(configs) do
      rows[i] = {config = c, status = "timed", ms = t[i][1], noise = 0.1, times = {}}
      for s = 1, 3 do rows[i].times[s] = {ms = t[i][s], noise = 0.1} end
    end
    rows[5].times[3] = nil           -- the budget left K=5 untimed on shape 3
    local order = {}
    for i, row in ipairs(tune.ranked(rows, def, 3)) do order[i] = row.config.K end
    -- geometric means of shapes 2-3: K=3 4, K=4 3.999 (a tie there too: both
    -- move one knob, K=4 is faster on shape 1), K=2 20; K=5 unmeasured there,
    -- last of the tie
    assert.are.same({4, 3, 2, 5, 1}, order)
    assert.are.equal(rows[3].tie_group, rows[2].tie_group)
    assert.are.equal(rows[3].rest_group, rows[4].rest_group)
    assert.are_not.equal(rows[3].rest_group, rows[2].rest_group)
    assert.is_nil(rows[5].rest)
    assert.are_not.equal(rows[1].tie_group, rows[2].tie_group)
  end)
end)

describe("the timer's noise", function()
  it("is half the repeats' interquartile range when the repeats spread more than the rounds", function()
    local e = time.estimate{{ms = 10.0, q1 = 9.8, q3 = 10.3}, {ms = 10.1, q1 = 9.9, q3 = 10.4},
                            {ms = 10.0, q1 = 9.7, q3 = 10.2}}
    assert.are.equal(10.0, e.ms)
    assert.are.near(0.25, e.noise, 1e-12)
    assert.are.near(0.05, e.between, 1e-12)
  end)

  it("is half the range of the round medians when they spread more", function()
    local e = time.estimate{{ms = 10, q1 = 10, q3 = 10}, {ms = 11, q1 = 11, q3 = 11}, {ms = 12, q1 = 12, q3 = 12}}
    assert.are.equal(11, e.ms)
    assert.are.equal(1, e.noise)
  end)

  it("is never below the timer's resolution", function()
    local e = time.estimate{{ms = 0.007584, q1 = 0.007584, q3 = 0.007584}}
    assert.are.equal(time.RESOLUTION, e.noise)
    assert.is_true(time.RESOLUTION < 0.0001, "a tick, not the 0.5 us of the CUDA documentation")
  end)

  it("comes from the worker's quartiles when the kernel timer measures", function()
    local runs = 0
    local subj = {prepare = function() return true end,
                  run = function()
                    runs = runs + 1
                    return {status = "ok", ms = 0.020, ms_q1 = 0.019, ms_q3 = 0.0224}
                  end}
    local t = time.kernel{spec = {}, def = assert(knobs.parse(SIDE)), shapes = {{}}, make = function() return subj end}
    t.inputs = function() return {} end
    local m = assert(t:measure({}, 1, 1))
    assert.are.equal(3, runs)
    assert.are.equal(0.020, m.ms)
    assert.are.near(0.0017, m.noise, 1e-12)
    assert.are.same({0.019, 0.0224}, m.quartiles[1])
  end)
end)

describe("the veto", function()
  local function rows(...)
    local out = {}
    for i, label in ipairs{...} do out[i] = {label = label, config = {name = label}, ms = i, noise = 0} end
    return out
  end

  it("keeps the first candidate whose gates pass and lists the faster ones with their gate", function()
    local verdicts = {a = "PRC-02", b = "EXC-02"}
    local out = veto.run{candidates = rows("a", "b", "c", "d"), all_gates = {"EXC-02", "PRC-02"},
                         verify = function(config)
                           local g = verdicts[config.name]
                           if not g then return {verdict = "pass", gates = {}} end
                           return {verdict = "fail", gates = {{id = g, status = "fail", reason = "why " .. g,
                                                              reproduce = "kcv verify ..."}}}
                         end}
    assert.are.equal("c", out.kept.label)
    assert.are.equal(2, #out.vetoed)
    assert.are.equal("PRC-02", out.vetoed[1].gate)
    assert.are.equal("why EXC-02", out.vetoed[2].reason)
  end)

  it("tries the likely vetoes first, then the gate that vetoed last before them", function()
    local seen = {}
    veto.run{candidates = rows("a", "b"), all_gates = {"CMP-01", "EXC-02", "PRC-02", "XTR-01"},
             verify = function(config, ids)
               seen[config.name] = table.concat(ids, " ")
               return {verdict = "fail", gates = {{id = "CMP-01", status = "fail"}}}
             end}
    assert.are.equal("PRC-02 EXC-02 CMP-01 XTR-01", seen.a)
    assert.are.equal("CMP-01 PRC-02 EXC-02 XTR-01", seen.b)
  end)

  it("judges the fastest candidate even when the budget is already spent, and stops after it", function()
    local judged = {}
    local out = veto.run{candidates = rows("a", "b"), all_gates = {"CMP-01"}, expired = function() return true end,
                         verify = function(config)
                           judged[#judged + 1] = config.name
                           return {verdict = "fail", gates = {{id = "CMP-01", status = "fail"}}}
                         end}
    assert.are.same({"a"}, judged)
    assert.are.equal("budget", out.stopped)
    out = veto.run{candidates = rows("a", "b"), all_gates = {"CMP-01"}, expired = function() return true end,
                   verify = function() return {verdict = "pass", gates = {}} end}
    assert.are.equal("a", out.kept.label)
  end)

  it("neither keeps nor vetoes a config it cannot judge", function()
    local out = veto.run{candidates = rows("a", "b"), all_gates = {"CMP-01"},
                         verify = function(config)
                           if config.name == "a" then return {verdict = "error", message = "does not compile", gates = {}} end
                           return {verdict = "pass", gates = {}}
                         end}
    assert.are.equal("b", out.kept.label)
    assert.are.equal(0, #out.vetoed)
    assert.are.equal("does not compile", out.unjudged[1].reason)
  end)
end)

describe("kcv tune on the sum kernel (stub times, real gates on the CPU backend)", function()
  if not cpu_ok then
    pending("needs the CPU backend: " .. tostring(cpu_why))
    return
  end

  -- f16 fastest, f32 next, the default (f64) slowest
  local TIMES = {["default"] = 9.0, ["ACC=f32"] = 7.0, ["ACC=f16"] = 5.0}
  local function run(times, extra)
    local opts = {spec = "specs/sum.lua", kernel = "kernels/sum.cu", backend = "cpu", gates = {"PRC-02"},
                  narrow = {"BLOCK=256", "VEC=1"}}
    for k, v in pairs(extra or {}) do opts[k] = v end
    opts.make_timer = function(def) return time.stub(times, def, 0.1) end
    return tune.run(opts)
  end

  local result
  setup(function() result = result or run(TIMES) end)

  it("vetoes the faster f16 accumulator by PRC-02, with the gate's own evidence", function()
    assert.are.equal(0, result.exit, result.message)
    assert.are.equal(1, #result.vetoed)
    local v = result.vetoed[1]
    assert.are.equal("ACC=f16", v.row.label)
    assert.are.equal("PRC-02", v.gate)
    assert.is_true(v.evidence.f16_overflows)
    assert.are.equal(math.huge, v.evidence.ratio)
    assert.truthy(v.reproduce:match("%-%-knobs ACC=f16,BLOCK=256,VEC=1"))
  end)

  it("keeps the fastest legal config and measures it against the default", function()
    assert.are.equal("ACC=f32", result.kept.label)
    assert.are.equal("default", result.default.label)
    assert.are.near(9 / 7, result.speedup, 1e-12)
    assert.is_false(result.tie)
  end)

  it("calls a difference within the noise a tie, and keeps the config nearer the default", function()
    local r = run({["default"] = 7.1, ["ACC=f32"] = 7.0, ["ACC=f16"] = 5.0})
    assert.are.equal("default", r.kept.label)
    assert.is_true(r.tie)
    assert.are.equal("ACC=f16", r.vetoed[1].row.label)
  end)

  it("prints the veto and writes a JSON report with the vetoed gate", function()
    local text = treport.human(result)
    assert.truthy(text:match("ACC=f16%s+[^\n]*VETO PRC%-02"))
    assert.truthy(text:match("kept: ACC=f32\n  shape 1: 7%.000 ms %+%- 100%.00 us, 1%.29x the default %(9%.000 ms"), text)
    assert.truthy(text:match("gates: only PRC%-02 %(a subset"))
    local data = treport.data(result)
    local json = require("kcv.verify.report").json(data)
    local back = require("dkjson").decode(json)
    assert.are.equal("PRC-02", back.vetoed[1].gate)
    assert.are.equal("f16", back.vetoed[1].config.ACC)
    assert.are.equal("ACC=f32", back.kept.label)
    assert.are.same({"-DACC_F32=1"}, back.kept_defines)
  end)

  it("keeps the fastest legal config it timed when the budget cuts the search, and says so", function()
    -- 15 configs searched by halving; each timing costs a second of a
    -- clock the stub moves, so the 10 s budget (6 s for the search) stops
    -- round 1 after the default (both shapes) and 5 configs
    local now = 0
    local acc, block = {f64 = 9, f32 = 6, f16 = 2}, {[256] = 0, [64] = 0.5, [128] = 0.2, [512] = 0.7, [1024] = 1.0}
    local r = tune.run{spec = "specs/sum.lua", kernel = "kernels/sum.cu", backend = "cpu", gates = {"PRC-02"},
                       narrow = {"VEC=1"}, exhaustive_max = 4, budget = 10, seed = 1,
                       clock = function() return now end,
                       make_timer = function()
                         return {measure = function(_, c, i)
                           now = now + 1
                           return {ms = (acc[c.ACC] + block[c.BLOCK]) * i, noise = 0.01}
                         end}
                       end}
    assert.are.equal(0, r.exit, r.message)
    assert.are.same({stage = "halving", round = 1, rounds = 2, timed = 6, of = 15}, r.cut)
    assert.are.equal("ACC=f32,BLOCK=64", r.kept.label)
    assert.is_true(r.kept.partial)
    assert.are.equal(3, #r.vetoed)
    for _, e in ipairs(r.vetoed) do assert.are.equal("PRC-02", e.gate) end
    assert.are.equal("default", r.default.label)
    assert.is_number(r.default.times[2].ms, "the default is timed in full, first")
    assert.are.near(9 / 6.5, r.speedups[1].speedup, 1e-12)
    assert.is_nil(r.speedups[2])
    local text = treport.human(r)
    assert.truthy(text:match("budget: the budget cut the search in halving round 1 of 2 %(6 of its 15 configs timed%)"), text)
    assert.truthy(text:match("ACC=f32,BLOCK=64%s[^\n]*KEPT %[round 1 time only: budget%]"), text)
    assert.truthy(text:match("\n  shape 2: not timed %(budget%)"), text)
    assert.is_nil(text:match("default[^\n]*not timed"), text)
    local back = require("dkjson").decode(require("kcv.verify.report").json(treport.data(r)))
    assert.are.equal(1, back.cut.round)
    assert.truthy(back.cut_text:match("halving round 1"))
  end)

  it("breaks a tie on the benchmark shape by the other shape, and judges in that order", function()
    -- BLOCK=128, ACC=f16,BLOCK=64 and BLOCK=64 tie on shape 1 (noise 0.1);
    -- on shape 2 BLOCK=128 is five times slower, the f16 one the fastest
    local times = {["default"] = {9, 9}, ["BLOCK=128"] = {5.0, 20}, ["BLOCK=64"] = {5.05, 4},
                   ["ACC=f16"] = {8, 8}, ["ACC=f16,BLOCK=64"] = {5.02, 3}, ["ACC=f16,BLOCK=128"] = {7, 19}}
    local r = run(times, {narrow = {"BLOCK=256,64,128", "ACC=f64,f16", "VEC=1"}})
    assert.are.equal(0, r.exit, r.message)
    assert.are.equal("BLOCK=64", r.kept.label)
    assert.are.equal(1, #r.vetoed)
    assert.are.equal("ACC=f16,BLOCK=64", r.vetoed[1].row.label)
    assert.is_true(r.vetoed[1].tie)
    assert.are.near(9 / 5.05, r.speedups[1].speedup, 1e-12)
    assert.are.near(9 / 4, r.speedups[2].speedup, 1e-12)
    local text = treport.human(r)
    assert.truthy(text:match("BLOCK=128%s[^\n]*a tie on shape 1, slower on the others"), text)
    assert.truthy(text:match("\n  shape 2: 4%.000 ms %+%- 100%.00 us, 2%.25x the default"), text)
    local back = require("dkjson").decode(require("kcv.verify.report").json(treport.data(r)))
    assert.are.near(2.25, back.speedups[2].speedup, 1e-12)
    assert.are.equal("shape 1", back.gain)
    -- tools/tune-report.py (the device run's table) gives the speedup on each shape
    local json = os.tmpname()
    write(json, require("kcv.verify.report").json(treport.data(r)))
    local md, rc = sh("python3 tools/tune-report.py /nonexistent.json " .. json)
    os.remove(json)
    assert.are.equal(0, rc, md)
    assert.truthy(md:match("| sum | [^\n]* 5%.050 ms %(BLOCK=64%) | 1%.78× |"), md)
    assert.truthy(md:match("| sum | [^\n]* 4%.000 ms %(BLOCK=64%) | 2%.25× |"), md)
    assert.truthy(md:match("sum ACC=f16,BLOCK=64 %(a tie%): %*%*PRC%-02%*%*"), md)
  end)

  it("keeps a config that ties with the default on shape 1 and is faster on the other", function()
    local r = run({["default"] = {5.0, 9}, ["BLOCK=64"] = {5.05, 4}}, {narrow = {"BLOCK=256,64", "ACC=f64", "VEC=1"}})
    assert.are.equal(0, r.exit, r.message)
    assert.are.equal("BLOCK=64", r.kept.label)
    assert.is_true(r.tie)
    assert.are.equal("other shapes", r.gain)
    assert.truthy(treport.human(r):match("kept: BLOCK=64 %(a tie with the default on shape 1, faster on the others%)"))
    r = run({["default"] = {5.0, 4.05}, ["BLOCK=64"] = {4.95, 4}}, {narrow = {"BLOCK=256,64", "ACC=f64", "VEC=1"}})
    assert.are.equal("default", r.kept.label, "a tie on every shape moves no knob")
    assert.is_nil(r.gain)
  end)

  it("exits 1 when every config is vetoed", function()
    -- every config built with an f16 accumulator whatever its knobs say
    local dir = sum_copy([[return {spec = "sum", options = {"-DACC_F16=1"},
      kernel = {launch = function(s) return {grid = s.rows, block = s.BLOCK} end},
      tune = {knobs = {BLOCK = {256, 128}}}}]])
    local r = tune.run{spec = "specs/sum.lua", kernel = dir .. "/sum.cu", backend = "cpu", gates = {"PRC-02"},
                       make_timer = function(def) return time.stub({["default"] = 2, ["BLOCK=128"] = 1}, def) end}
    os.execute("rm -rf " .. dir)
    assert.are.equal(1, r.exit)
    assert.are.equal(2, #r.vetoed)
    assert.is_nil(r.kept)
  end)

  it("writes the kept config into the sidecar, where kcv verify then builds it", function()
    local dir = sum_copy()
    local r = tune.run{spec = "specs/sum.lua", kernel = dir .. "/sum.cu", backend = "cpu", gates = {"PRC-02"},
                       narrow = {"BLOCK=256", "VEC=1"},
                       make_timer = function(def) return time.stub(TIMES, def) end}
    assert.are.equal(0, r.exit)
    assert.is_true(tune.write(r))
    local side = assert(subject.sidecar(dir .. "/sum.cu"))
    assert.are.same({ACC = "f32", BLOCK = 256, VEC = 1}, side.tune.tuned)
    local spec = assert(require("kcv.verify").load_spec("specs/sum.lua"))
    local s = subject.kernel{spec = spec, source = dir .. "/sum.cu", sidecar = side}
    assert.are.same({"-DACC_F32=1"}, s.options)
    assert.is_true(tune.write(r), "a second write replaces the first")
    local text = read(dir .. "/sum.lua")
    os.execute("rm -rf " .. dir)
    local _, n = text:gsub("tuned = {", "")
    assert.are.equal(1, n)
  end)
end)

describe("the kcv tune command", function()
  it("answers --help with its usage and its exit codes", function()
    local out, rc = sh("./kcv tune --help")
    assert.are.equal(0, rc)
    assert.truthy(out:match("^usage: kcv tune SPEC KERNEL"))
    assert.truthy(out:match("Exit status: 0 a legal config was kept, 1 every timed config was vetoed"))
  end)

  it("exits 2 for a kernel without knobs, saying so", function()
    local out, rc = sh("./kcv tune specs/relu.lua kernels/relu.cu --backend cpu --quiet")
    assert.are.equal(2, rc)
    assert.truthy(out:match("declares no knobs") or out:match("no sidecar"), out)
  end)

  it("exits 2 on a malformed option", function()
    local _, rc = sh("./kcv tune specs/sum.lua kernels/sum.cu --budget soon")
    assert.are.equal(2, rc)
  end)

  if cpu_ok then
    it("runs the stub timer from --timings, prints the veto and exits 0", function()
      local t = os.tmpname()
      write(t, 'return {["default"] = 3, ["ACC=f16"] = 1}')
      local json = os.tmpname()
      local out, rc = sh(("./kcv tune specs/sum.lua kernels/sum.cu --backend cpu --quiet --gate PRC-02 "
                          .. "--knob ACC=f64,f16 --knob BLOCK=256 --knob VEC=1 --timings %s --json %s"):format(t, json))
      os.remove(t)
      assert.are.equal(0, rc, out)
      assert.truthy(out:match("VETO PRC%-02"), out)
      assert.truthy(out:match("kept: default"), out)
      local back = require("dkjson").decode(read(json))
      os.remove(json)
      assert.are.equal("ACC=f16", back.vetoed[1].label)
    end)
  end
end)
