-- The twelve gates on real kernels (CPU backend, fixed seeds): for every
-- gate, a fixture kernel that must pass it and one that must fail it.
-- Fixtures: spec/fixtures/verify/ (small specs, so each gate is quick).
local kcv = require "kcv"
local verify = require "kcv.verify"

local FX = "spec/fixtures/verify/"
local SEED = 1

local have_cpu_backend = require("files").have_cpu_backend

local function have_nvcc()
  local ok, ptxas = pcall(require, "kcv.ptxas")
  return ok and ptxas.find_nvcc() ~= nil
end

-- gate, spec fixture, kernel that must pass, kernel that must fail
local PAIRS = {
  {"EXC-01", "relu", "relu_good", "relu_fmax", "a NaN swallowed by fmaxf"},
  {"EXC-02", "relu", "relu_good", "relu_ftz", "subnormal inputs flushed to zero"},
  {"EXC-03", "relu", "relu_good", "relu_scaled", "an intermediate x*4 that overflows"},
  {"ORD-01", "rowsum", "rowsum_good", "rowsum_half", "an f16 accumulator"},
  {"ORD-02", "rowsum", "rowsum_good", "rowsum_atomic", "float atomics in schedule order"},
  {"RES-01", "relu", "relu_good", "relu_skip", "zero outputs never stored"},
  {"RES-02", "relu", "relu_good", "relu_smem", "dynamic shared memory over the budget"},
  {"CMP-01", "rowsum", "rowsum_good", "rowsum_clamp", "inputs clamped to [-100, 100]"},
  {"CMP-02", "relu", "relu_good", "relu_tail", "the tail block skipped"},
  {"CMP-03", "relu", "relu_good", "relu_fixed", "the benchmark size hard-coded"},
  {"PRC-01", "rowmean_f16", "rowmean_good", "rowmean_half", "f16 running sums"},
  {"PRC-02", "rowsum", "rowsum_good", "rowsum_half", "an f16 accumulator"},
}

local function run(gate, spec, kernel, case)
  return verify.run{spec = FX .. spec .. ".lua", kernel = FX .. kernel .. ".cu", gates = {gate},
                    seed = SEED, backend = "cpu", case = case}
end

describe("each gate on the CPU backend", function()
  if not have_cpu_backend() then
    it("needs the CPU kernel backend", function() pending("kcv.kernel / the cpu backend is not available") end)
    return
  end

  for _, p in ipairs(PAIRS) do
    local gate, spec, good, bad, defect = p[1], p[2], p[3], p[4], p[5]

    it(("%s passes the honest %s"):format(gate, good), function()
      local rep = run(gate, spec, good)
      local g = rep.gates[1]
      assert.is_not_nil(g, rep.message)
      if gate == "RES-02" and not have_nvcc() then
        assert.are.equal("na", g.status, g.reason)     -- no resource report without nvcc
        assert.truthy(g.reason:find("nvcc"))
      else
        assert.are.equal("pass", g.status, g.reason)
      end
    end)

    it(("%s fails %s (%s), with evidence and a reproducer that reproduces"):format(gate, bad, defect), function()
      local rep = run(gate, spec, bad)
      local g = rep.gates[1]
      assert.is_not_nil(g, rep.message)
      assert.are.equal("fail", g.status, g.reason)
      assert.are.equal(1, verify.exit_code(rep))
      local ev = g.evidence
      assert.is_string(ev.case)
      assert.is_number(ev.seed)
      assert.is_string(ev.shape)
      assert.truthy(g.reproduce:find("--gate " .. gate .. " --seed " .. SEED, 1, true))
      assert.truthy(g.reproduce:find("--case", 1, true))
      local again = run(gate, spec, bad, ev.case).gates[1]
      assert.are.equal("fail", again.status)
      assert.are.equal(ev.index, again.evidence.index)
    end)
  end

  describe("CMP-03's large-index probe (element-wise specs, cuda budget)", function()
    local case = require "kcv.verify.case"
    local saved_index, saved_period
    before_each(function()
      saved_index, saved_period = case.LARGE_INDEX, case.LARGE_PERIOD
      case.LARGE_INDEX, case.LARGE_PERIOD = 4999, 101   -- the fixture's dims stop at 5000
    end)
    after_each(function() case.LARGE_INDEX, case.LARGE_PERIOD = saved_index, saved_period end)

    local function probe(kernel, budget)
      return verify.run{spec = FX .. "relu.lua", kernel = FX .. kernel .. ".cu", gates = {"CMP-03"},
                        seed = SEED, backend = "cpu", budget = budget, case = budget == "cuda" and "large-index" or nil}.gates[1]
    end

    it("compares a sample of the large tensor and passes the honest kernel", function()
      local g = probe("relu_good", "cuda")
      assert.are.equal("pass", g.status, g.reason)
      assert.truthy(g.reason:find("large-index", 1, true), g.reason)
    end)

    it("fails a kernel that leaves the elements past an index unwritten, naming the true index", function()
      local g = probe("relu_index_cap", "cuda")
      assert.are.equal("fail", g.status, g.reason)
      assert.are.equal("large-index", g.evidence.case)
      assert.is_true(g.evidence.index >= 4096, tostring(g.evidence.index))
      assert.truthy(g.reason:find("y[" .. g.evidence.index .. "]", 1, true), g.reason)
      assert.truthy(g.reason:find("sampled elements of 4999", 1, true), g.reason)
    end)

    it("asks the subject for the sampled elements only, on inputs that repeat a head of the period", function()
      -- a kernel subject then sends the heads and brings back the sample
      -- (kcv.kernel.run's tile and sample): 16 GB a tensor each way before
      local subject = require "kcv.verify.subject"
      local spec = assert(verify.load_spec(FX .. "relu.lua"))
      local seen
      local s = subject.fn{spec = spec, name = "lua-relu", fn = function(ins, shape, opts, outs)
        if opts.sample then seen = {tiled = opts.tiled, n = #opts.sample, numel = ins[1].numel} end
        for i = 0, ins[1].numel - 1 do outs[1]:set(i, math.max(0, ins[1]:get(i))) end
      end}
      local g = verify.run{spec = spec, subject = s, gates = {"CMP-03"}, seed = SEED, budget = "cuda",
                           case = "large-index"}.gates[1]
      assert.are.equal("pass", g.status, g.reason)
      assert.are.equal(101, seen.tiled)
      assert.are.equal(4999, seen.numel)
      assert.is_true(seen.n > 0 and seen.n <= seen.numel, tostring(seen.n))   -- 60000 drawn: all here
    end)

    it("is not run on the cpu budget, and says so", function()
      local g = probe("relu_good", "cpu")
      assert.are.equal("pass", g.status, g.reason)
      assert.truthy(g.reason:find("no large-index probe: needs the cuda budget", 1, true), g.reason)
    end)
  end)

  describe("EXC-03 at the edge of the range: values, not only classes", function()
    local subject = require "kcv.verify.subject"

    local function exc03(spec, kernel)
      return verify.run{spec = spec, kernel = kernel, gates = {"EXC-03"}, seed = SEED, backend = "cpu"}.gates[1]
    end

    it("passes the honest rmsnorm (double sum of squares) within the derived bound", function()
      local g = exc03("specs/rmsnorm.lua", "kernels/rmsnorm.cu")
      assert.are.equal("pass", g.status, g.reason)
      assert.truthy(g.reason:find("within the probabilistic bound", 1, true), g.reason)
      assert.is_true(g.evidence.ratio < 1, tostring(g.evidence.ratio))
    end)

    it("fails an rmsnorm whose f32 sum of squares overflows and collapses the row to 0", function()
      local g = exc03("specs/rmsnorm.lua", "redteam/rmsnorm_sumsq_overflow.cu")
      assert.are.equal("fail", g.status, g.reason)
      local ev = g.evidence
      -- finite (so the class check alone let it through), and far outside the bound
      assert.are.equal(0, ev.got)
      assert.is_true(ev.expected ~= 0 and math.abs(ev.expected) < math.huge, tostring(ev.expected))
      assert.is_true(ev.ratio > 1e3, tostring(ev.ratio))
      assert.are.equal("probabilistic", ev.mode)
      assert.truthy(g.reason:find("at the edge of the range", 1, true), g.reason)
      assert.truthy(g.reproduce:find("--gate EXC-03", 1, true))
      local again = verify.run{spec = "specs/rmsnorm.lua", kernel = "redteam/rmsnorm_sumsq_overflow.cu",
                               gates = {"EXC-03"}, seed = SEED, backend = "cpu", case = ev.case}.gates[1]
      assert.are.equal("fail", again.status)
      assert.are.equal(ev.index, again.evidence.index)
    end)

    it("fails a finite wrong answer at the top of the range that no class check sees", function()
      local spec = assert(verify.load_spec(FX .. "relu.lua"))
      local function relu(cap)
        return subject.fn{spec = spec, name = "lua-relu", fn = function(ins, s, opts, outs)
          for i = 0, ins[1].numel - 1 do
            local x = ins[1]:get(i)
            local y = x > 0 and x or 0
            if cap and y > cap then y = cap end      -- finite, wrong
            outs[1]:set(i, y)
          end
        end}
      end
      local ok = verify.run{spec = spec, subject = relu(nil), gates = {"EXC-03"}, seed = SEED}.gates[1]
      assert.are.equal("pass", ok.status, ok.reason)
      local bad = verify.run{spec = spec, subject = relu(2 ^ 100), gates = {"EXC-03"}, seed = SEED}.gates[1]
      assert.are.equal("fail", bad.status, bad.reason)
      assert.are.equal(2 ^ 100, bad.evidence.got)
      assert.truthy(bad.reason:find("exceeds the probabilistic bound", 1, true), bad.reason)
    end)
  end)

  it("runs a pipeline of two launches with a workspace (from a sidecar) like one kernel", function()
    local rep = verify.run{spec = FX .. "rowsum.lua", kernel = FX .. "rowsum_pipeline.cu", gates = {"CMP-02", "RES-01"},
                           seed = SEED, backend = "cpu"}
    assert.are.equal("pass", rep.verdict, rep.message or (rep.gates[1] and rep.gates[1].reason))
  end)

  it("EXC-01 with nonfinite_class = \"merged\": NaN and Inf one class, finite against non-finite still a failure", function()
    local function status(spec, kernel)
      local g = run("EXC-01", spec, kernel).gates[1]
      assert.is_not_nil(g)
      return g.status, g
    end
    -- a NaN emitted as +Inf: rejected by exact classes, accepted merged
    local st, g = status("relu", "relu_nan_as_inf")
    assert.are.equal("fail", st)
    assert.truthy(g.evidence.class:find("got pinf, expected nan", 1, true), g.evidence.class)
    st, g = status("relu_merged", "relu_nan_as_inf")
    assert.are.equal("pass", st, g.reason)
    assert.truthy(g.reason:find("one class", 1, true), g.reason)
    -- a NaN swallowed into a finite 0 still fails
    st, g = status("relu_merged", "relu_fmax")
    assert.are.equal("fail", st)
    assert.truthy(g.evidence.class:find("expected nan", 1, true), g.evidence.class)
    assert.are.equal("pass", (status("relu_merged", "relu_good")))
    -- a value other than "exact" or "merged" is a spec error
    local bad = dofile(FX .. "relu.lua")
    bad.nonfinite_class = "loose"
    local ok, e = pcall(require("kcv.verify.spec").validate, bad)
    assert.is_false(ok)
    assert.are.equal("nonfinite_class", e.field)
  end)

  it("is a command: kcv verify exits 1 on a failure and writes JSON and JUnit reports", function()
    local json, junit = os.tmpname(), os.tmpname()
    local ok, how, code = os.execute(("./kcv verify %srelu.lua %srelu_fmax.cu --gate EXC-01 --gate CMP-01 --backend cpu --quiet --json %s --junit %s > /dev/null")
      :format(FX, FX, json, junit))
    assert.are.equal(1, code)
    local j = assert(io.open(json)):read("a")
    local x = assert(io.open(junit)):read("a")
    os.remove(json); os.remove(junit)
    assert.truthy(j:find('"verdict": "fail"', 1, true))
    assert.truthy(j:find('"reproduce": "kcv verify', 1, true))
    assert.truthy(x:find('tests="2" failures="1"', 1, true))
    ok, how, code = os.execute(("./kcv verify %srelu.lua %srelu_good.cu --gate EXC-01 --backend cpu --quiet > /dev/null"):format(FX, FX))
    assert.are.equal(0, code)
    ok, how, code = os.execute(("./kcv verify %srelu.lua %snothing.cu --quiet > /dev/null"):format(FX, FX))
    assert.are.equal(2, code)
  end)

  it("calibrates: the honest kernel's worst ratio per thresholded gate sits below 1", function()
    local p = io.popen(("./kcv calibrate %srowsum.lua --kernel %srowsum_good.cu --backend cpu 2>/dev/null; echo rc=$?"):format(FX, FX))
    local out = p:read("a")
    p:close()
    assert.truthy(out:find("rc=0", 1, true), out)
    local row = out:match("\nhonest%s+([^\n]+)")
    assert.is_string(row, out)
    local n = 0
    for cell in row:gmatch("%S+") do
      if cell ~= "n/a" then
        n = n + 1
        assert.is_true(tonumber(cell) < 1, cell)
      end
    end
    assert.are.equal(5, n)     -- CMP-01 CMP-02 CMP-03 ORD-01 PRC-02 (no f16 storage: PRC-01 n/a)
  end)

  it("lists gates and specs on the command line", function()
    local p = io.popen("./kcv gates")
    local gates = p:read("a")
    p:close()
    assert.are.equal(13, select(2, gates:gsub("\n", "")))
    assert.truthy(gates:find("RES%-02%s+tolerance%-free%s+hardware resource limits"))
    p = io.popen("./kcv specs")
    local specs = p:read("a")
    p:close()
    assert.truthy(specs:find("softmax%s+cols=16384 rows=16%s+row%-wise softmax"))
  end)

  it("gives `kcv repl SPEC KERNEL` a context whose verify() reruns a gate", function()
    local context = require "kcv.context"
    local g = assert(context.load(FX .. "relu.lua", FX .. "relu_fmax.cu"))
    assert.are.equal("fx_relu", g.spec.name)
    local x = g.inputs("normal", {n = 8}, 1)[1]
    kcv.inject(x, "nan", {at = {3}})
    local r = g.run({x}, {n = 8})
    assert.are.equal("ok", r.status)
    assert.are.equal(0, r.outputs[1]:get(3))
    local out = io.output()
    io.output(os.tmpname())
    local entry = g.verify("EXC-01")
    io.output(out)
    assert.are.equal("fail", entry.status)
    assert.is_nil((context.load(FX .. "relu.lua", FX .. "nothing.cu")))
  end)

  it("RES-02 counts shapes where CMP-03 already launched the same subject, and launches the rest itself", function()
    local both = verify.run{spec = FX .. "relu.lua", kernel = FX .. "relu_good.cu", gates = {"CMP-03", "RES-02"},
                            seed = SEED, backend = "cpu"}
    local alone = verify.run{spec = FX .. "relu.lua", kernel = FX .. "relu_good.cu", gates = {"RES-02"},
                             seed = SEED, backend = "cpu"}
    local g2, g1 = both.gates[2], alone.gates[1]
    assert.are.equal("RES-02", g2.id)
    assert.are.equal(g1.status, g2.status, g2.reason)
    assert.are.equal(0, g1.evidence.launched_before or 0)
    assert.is_true(g2.evidence.launched_before > 0)
    assert.are.equal(g1.reason:match("launched at (%d+) shapes"), g2.reason:match("launched at (%d+) shapes"))
    assert.truthy(g2.reason:find("by an earlier gate's run", 1, true))
    -- a shape where the kernel did not launch is not counted: relu_smem
    -- fails RES-02 with CMP-03 before it as without
    local bad = verify.run{spec = FX .. "relu.lua", kernel = FX .. "relu_smem.cu", gates = {"CMP-03", "RES-02"},
                           seed = SEED, backend = "cpu"}
    assert.are.equal("fail", bad.gates[2].status, bad.gates[2].reason)
  end)

  it("RES-02 adds a launch's static shared memory to that launch's dynamic, not another's", function()
    if not have_nvcc() then return pending("no nvcc: no static resource report on the CPU backend") end
    -- 800 bytes static in one launch, 512 dynamic in the other: 800 a
    -- block at most, within the budget of 1024 (their sum, 1312, is not)
    local rep = verify.run{spec = FX .. "relu.lua", kernel = FX .. "relu_two_smem.cu", gates = {"RES-02"},
                           seed = SEED, backend = "cpu"}
    local g = rep.gates[1]
    assert.are.equal("pass", g.status, g.reason)
    assert.are.equal(800, g.evidence.smem)
    assert.truthy(g.reason:find("smem 800 <= 1024", 1, true), g.reason)
  end)

  it("reports a kernel that does not compile as an error with the compiler's message (exit 2)", function()
    local rep = verify.run{spec = FX .. "relu.lua", kernel = "spec/fixtures/compile_error.cu", backend = "cpu"}
    assert.are.equal("error", rep.verdict)
    assert.are.equal(2, verify.exit_code(rep))
    assert.truthy(rep.message:find("compile_error.cu", 1, true))
  end)
end)
