-- The verifier framework (kcv.verify): specs, gates, cases, error model,
-- reports and the run loop, exercised with Lua function subjects (no kernel
-- compiler needed).  spec/gates_spec.lua runs real kernels.
local kcv = require "kcv"
local verify = require "kcv.verify"
local specmod = require "kcv.verify.spec"
local subject = require "kcv.verify.subject"
local case = require "kcv.verify.case"
local errmodel = require "kcv.verify.errmodel"
local report = require "kcv.verify.report"
local args = require "kcv.verify.args"
local baseline = require "kcv.verify.baseline"

local FX = "spec/fixtures/verify/"

local function write_temp(text)
  local path = os.tmpname() .. ".lua"
  local f = assert(io.open(path, "w"))
  f:write(text)
  f:close()
  return path
end

-- The fixture relu spec's source with one substitution applied.
local function relu_spec_with(pattern, replacement)
  local f = assert(io.open(FX .. "relu.lua"))
  local text = f:read("a")
  f:close()
  local changed, n = text:gsub(pattern, replacement)
  assert(n > 0, "pattern not found: " .. pattern)
  return write_temp(changed)
end

-- Lua "kernels" for the fixture relu spec.
local function lua_relu(nan_swallowed)
  return function(ins, s, opts, outs)
    local x, y = ins[1], outs[1]
    for i = 0, x.numel - 1 do
      local v = x:get(i)
      if v > 0 or (v ~= v and not nan_swallowed) then y:set(i, v) else y:set(i, 0) end
    end
  end
end

local function fn_subject(spec, fn, caps)
  return subject.fn{spec = spec, fn = fn, caps = caps, name = "lua-relu"}
end

local function gate_entry(rep, id)
  for _, g in ipairs(rep.gates) do if g.id == id then return g end end
end

describe("a spec file", function()
  it("loads when well formed: the two reference specs", function()
    for _, name in ipairs{"relu", "softmax"} do
      local spec, err = verify.load_spec("specs/" .. name .. ".lua")
      assert.is_nil(err)
      assert.are.equal(name, spec.name)
      assert.are.equal("specs/" .. name .. ".lua", spec.path)
    end
  end)

  it("is an error naming the field when malformed", function()
    local cases = {
      {'name = "fx_relu"', 'name = 7', "field 'name'"},
      {'dtype = "f32", shape = {"n"}} },\n  outputs', 'dtype = "f33", shape = {"n"}} },\n  outputs', "field 'inputs%[1%]%.dtype': unknown dtype 'f33'"},
      {'"n:i64"', '"m:i64"', "field 'kernel.params%[3%]'"},
      {'accumulator = "f32"', 'accumulator = "i32"', "field 'error_model.accumulator'"},
      {'oracle = function', 'oracle_ = function', "field 'oracle'"},
      {'max = 5000', 'max = 0', "field 'dims.n.max'"},
      {'shape = {"n"}} },\n  outputs', 'shape = {"k"}} },\n  outputs', "field 'inputs%[1%]%.shape%[1%]'"},
    }
    for _, c in ipairs(cases) do
      local path = relu_spec_with(c[1], c[2])
      local spec, err = verify.load_spec(path)
      os.remove(path)
      assert.is_nil(spec)
      assert.truthy(err:find(c[3]), ("expected %q in %q"):format(c[3], err))
      assert.truthy(err:find(path, 1, true), "the error names the file")
    end
  end)

  it("declares `rows` only as the first dim of every output, and of no input elsewhere", function()
    local spec = assert(verify.load_spec("specs/matmul.lua"))
    assert.are.equal("M", spec.rows)
    for _, c in ipairs({
      {'elementwise = true,', 'rows = "k",', "field 'rows': 'k' is not one of the dims"},
      {'elementwise = true,', 'rows = 3,', "field 'rows'"},
    }) do
      local path = relu_spec_with(c[1], c[2])
      local bad, err = verify.load_spec(path)
      os.remove(path)
      assert.is_nil(bad)
      assert.truthy(err:find(c[3]), ("expected %q in %q"):format(c[3], err))
    end
    -- softmax's rows dim is the first of x and y: fine; "cols" is not first of y
    local f = assert(io.open("specs/softmax.lua")); local text = f:read("a"); f:close()
    local path = write_temp((text:gsub('rows = "rows",', 'rows = "cols",')))
    local bad, err = verify.load_spec(path)
    os.remove(path)
    assert.is_nil(bad)
    assert.truthy(err:find("does not have 'cols' as its first dim", 1, true), err)
  end)

  it("is an error naming the file when missing or not Lua", function()
    local spec, err = verify.load_spec("specs/no_such_op.lua")
    assert.is_nil(spec)
    assert.truthy(err:find("no_such_op.lua", 1, true))
    local path = write_temp("return {")
    spec, err = verify.load_spec(path)
    os.remove(path)
    assert.is_nil(spec)
    assert.truthy(err)
  end)
end)

describe("the gate registry", function()
  it("loads the twelve gates, sorted by id, each with a kind and a title", function()
    local gates = assert(verify.gates())
    local ids = {}
    for i, g in ipairs(gates) do
      ids[i] = g.id
      assert.truthy(g.kind == "tolerance-free" or g.kind == "thresholded")
      assert.are.equal("string", type(g.title))
    end
    assert.are.same({"CMP-01", "CMP-02", "CMP-03", "EXC-01", "EXC-02", "EXC-03", "ORD-01", "ORD-02",
                     "PRC-01", "PRC-02", "RES-01", "RES-02"}, ids)
  end)

  it("adds gates from an extra directory at run time, and rejects a malformed one by field", function()
    local dir = os.tmpname()
    os.remove(dir)
    os.execute("mkdir -p " .. dir)
    local f = assert(io.open(dir .. "/XTR-01.lua", "w"))
    f:write('return {id = "XTR-01", title = "extra", kind = "tolerance-free", needs = {},\n'
         .. '  run = function(ctx) return ctx:na("nothing to do") end}\n')
    f:close()
    local gates = assert(verify.gates({dir}))
    assert.are.equal(13, #gates)
    local rep = verify.run{spec = FX .. "relu.lua", subject = fn_subject(specmod.load(FX .. "relu.lua"), lua_relu()),
                           gates = {"XTR-01"}, gate_dirs = {dir}}
    assert.are.equal("na", rep.gates[1].status)
    assert.are.equal("nothing to do", rep.gates[1].reason)
    f = assert(io.open(dir .. "/BAD-01.lua", "w"))
    f:write('return {id = "BAD-01", title = "bad", kind = "fuzzy", run = function() end}\n')
    f:close()
    local none, err = verify.gates({dir})
    assert.is_nil(none)
    assert.truthy(err:find("field 'kind'"))
    os.execute("rm -rf " .. dir)
  end)
end)

describe("the error model", function()
  local spec = assert(verify.load_spec("specs/softmax.lua"))
  local out = spec.outputs[1]

  it("grows with the reduction length and is looser in the worst case", function()
    local small = errmodel.bound(spec, {rows = 1, cols = 16}, out, "probabilistic")
    local large = errmodel.bound(spec, {rows = 1, cols = 16384}, out, "probabilistic")
    local worst = errmodel.bound(spec, {rows = 1, cols = 16384}, out, "worst")
    assert.is_true(large.c_mag > small.c_mag)
    assert.is_true(worst.c_mag > large.c_mag)
    assert.are.equal(16384, large.N)
    assert.are.equal(kcv.dtype("f32").unit_roundoff, large.c_rel)
  end)

  it("is c * u_acc * lambda * sqrt(N) per unit magnitude for long reductions", function()
    local b = errmodel.bound(spec, {rows = 1, cols = 10000}, out, "probabilistic")
    local u = kcv.dtype("f32").unit_roundoff
    assert.is_true(math.abs(b.c_mag - 2 * u * errmodel.LAMBDA * 100) < 1e-20)
  end)

  it("takes N = 1 for element-wise specs", function()
    local relu = assert(verify.load_spec("specs/relu.lua"))
    assert.are.equal(1, errmodel.bound(relu, {n = 100}, relu.outputs[1], "worst").N)
  end)

  it("adds r*u_acc*|y*| for the roundings a spec declares on the result's scale", function()
    local ls = assert(verify.load_spec("specs/log_softmax.lua"))
    local u = kcv.dtype("f32").unit_roundoff
    local b = errmodel.bound(ls, {rows = 1, cols = 100}, ls.outputs[1], "probabilistic")
    assert.are.equal(2, ls.error_model.rounds)
    assert.are.equal(3 * u, b.c_rel)
  end)

  it("refuses a rounds count that is not a whole number >= 0, naming the field", function()
    local path = relu_spec_with("c = (%d+)", "c = %1, rounds = 1.5")
    local spec, err = verify.load_spec(path)
    os.remove(path)
    assert.is_nil(spec)
    assert.truthy(err:match("error_model.rounds"), err)
  end)
end)

describe("a spec's scalars", function()
  it("reach the oracle and the launch rounded to their declared type, as the kernel gets them", function()
    local ln = assert(verify.load_spec("specs/layernorm.lua"))
    local sv = specmod.with_scalars(ln, {rows = 1, cols = 4})
    assert.are.equal(kcv.round(1e-5, "f32"), sv.eps)
    assert.are_not.equal(1e-5, sv.eps)
  end)
end)

describe("a case", function()
  local spec = assert(verify.load_spec("specs/softmax.lua"))

  -- found when gdn_fwd's N became max(K, min(T, 64)): the dims were grown
  -- one after the other in pairs() order, so K grown first hid T (and in
  -- gdn_bwd's max(K, V) one of K, V was never grown), and PRC-02's long
  -- case changed from process to process under the same seed
  it("grows, for a long reduction, every dim the reduction length depends on", function()
    local bwd = assert(verify.load_spec("specs/gdn_bwd.lua"))
    local s = case.long_reduction_shape(bwd, "cpu", 1 << 17)
    assert.are.equal(128, s.K)
    assert.are.equal(128, s.V)
    assert.is_true(s.T > 64, "T grows past one chunk: " .. specmod.shape_string(s))
  end)

  it("draws the same inputs from the same seed and different ones from another", function()
    local s = {rows = 3, cols = 50}
    for dist in pairs(case.DISTS) do
      local a, b = case.inputs(spec, s, dist, 5)[1], case.inputs(spec, s, dist, 5)[1]
      assert.is_true(kcv.cmp.bytes_equal(a, b), dist)
      if dist ~= "constant" and dist ~= "sorted" then
        assert.is_false(kcv.cmp.bytes_equal(a, case.inputs(spec, s, dist, 6)[1]), dist)
      end
    end
  end)

  it("respects an input's domain", function()
    local t = {inputs = {{name = "x", dtype = "f32", shape = {"n"}, domain = {lo = 0}}}}
    local x = case.inputs(t, {n = 1000}, "normal", 1)[1]
    for i = 0, x.numel - 1 do assert.is_true(x:get(i) > 0) end
  end)

  it("fits probe shapes into the budget and probes edges and the whole range", function()
    for _, item in ipairs(case.range_shapes(spec, "cpu")) do
      assert.is_true(case.numel(spec, item.shape) <= case.LIMITS.cpu, item.label)
    end
    local cols = {}
    for _, item in ipairs(case.edge_shapes(spec, "cpu")) do cols[item.shape.cols] = true end
    assert.is_true(cols[1] and cols[257] and cols[1025] and true)
    local seen_max = false
    for _, item in ipairs(case.range_shapes(spec, "cpu")) do seen_max = seen_max or item.shape.cols == 65536 end
    assert.is_true(seen_max)
  end)

  it("reaches the top of every declared dim beyond the usual probes, within TOP_LIMITS", function()
    local tops = case.top_shapes(spec, "cpu")
    local reached = {}
    for _, item in ipairs(tops) do
      assert.is_true(case.numel(spec, item.shape) <= case.TOP_LIMITS.cpu, item.label)
      assert.is_true(case.numel(spec, item.shape) > case.LIMITS.cpu, item.label)
      reached[#reached + 1] = item.label
    end
    -- cols at its max; rows no further than the usual probe, since the cpu
    -- backend's 2^19 threads (a block of 256 a row) bind before memory does
    assert.are.same({"top cols=65536 rows=16"}, reached)
    -- relu's n reaches 2^19 on the cpu budget (its launch is capped at 2^19 threads there)
    local relu = assert(verify.load_spec("specs/relu.lua"))
    assert.are.equal(1 << 19, case.top_shapes(relu, "cpu")[1].shape.n)
  end)

  it("samples rows at both ends, around every power of two and tile edge, and by seed", function()
    local rows = case.sample_rows(5000, 7, 20)
    local set = {}
    for k, r in ipairs(rows) do
      set[r] = true
      if k > 1 then assert.is_true(r > rows[k - 1]) end
      assert.is_true(r >= 0 and r < 5000)
    end
    for _, r in ipairs({0, 1, 4998, 4999, 4095, 4096, 4991, 4992, 4863, 4864}) do assert.is_true(set[r], r) end
    assert.are.same(rows, case.sample_rows(5000, 7, 20))
    assert.are_not.same(rows, case.sample_rows(5000, 8, 20))
  end)

  it("tiles inputs with a random head (CMP-03's whole runs), drawing an input no longer than the head whole", function()
    local gdn = assert(verify.load_spec("specs/gdn_bwd.lua"))
    local s = {B = 1, T = 8, H = 2, G = 1, K = 4, V = 4}
    local ins = case.tiled_inputs(gdn, s, "normal", 5, 20)
    local q, g, beta, h0 = ins[1], ins[4], ins[5], ins[6]
    assert.are.equal(64, q.numel)
    for i = 0, 43 do assert.are.equal(q:bits(i), q:bits(i + 20)) end
    assert.are_not.equal(q:bits(0), q:bits(1))
    assert.are.equal(16, g.numel)                -- shorter than the head: drawn whole
    for i = 0, 15 do assert.is_true(g:get(i) <= 0, "g's domain: hi = 0") end
    for i = 0, 15 do assert.is_true(beta:get(i) >= 0 and beta:get(i) <= 1) end
    assert.are.equal(32, h0.numel)
    for i = 0, 11 do assert.are.equal(h0:bits(i), h0:bits(i + 20)) end
  end)

  it("shrinks tied dims to fit in the same order in every process (a --case reproducer reruns the same shape)", function()
    -- pairs' order of the dims differs from process to process; the tie
    -- must go to the first name, whatever that order
    local prog = [[
      local case = require "kcv.verify.case"
      local spec = {dims = {}, inputs = {{name = "x", dtype = "f32", shape = {}}}, outputs = {},
                    kernel = {launch = function() return {grid = 1, block = 1} end}}
      for _, d in ipairs{"m", "b", "q", "z", "a", "k"} do
        spec.dims[d] = {min = 1, max = 64}
        table.insert(spec.inputs[1].shape, d)
      end
      local s = case.fit(spec, {m = 8, b = 8, q = 8, z = 8, a = 8, k = 8}, "cpu", nil, 131072)
      io.write(s.a, s.b, s.k, s.m, s.q, s.z)
    ]]
    local outs = {}
    for _ = 1, 8 do
      local p = assert(io.popen("lua5.4 -e 'package.path = \"host/lua/?.lua;host/lua/?/init.lua;\" .. package.path; "
                                .. "package.cpath = \"./?.so;\" .. package.cpath' -e '" .. prog .. "'"))
      outs[#outs + 1] = p:read("a")
      p:close()
    end
    for i = 1, 8 do assert.are.equal("488888", outs[i]) end
  end)

  it("has a seed that depends on the base seed, the gate and the case name", function()
    assert.are.equal(case.seed_for(1, "EXC-01", "a"), case.seed_for(1, "EXC-01", "a"))
    assert.are_not.equal(case.seed_for(1, "EXC-01", "a"), case.seed_for(2, "EXC-01", "a"))
    assert.are_not.equal(case.seed_for(1, "EXC-01", "a"), case.seed_for(1, "EXC-01", "b"))
  end)
end)

describe("verify.run", function()
  local spec = assert(verify.load_spec(FX .. "relu.lua"))

  it("passes an honest subject on a tolerance-free and a thresholded gate", function()
    local rep = verify.run{spec = spec, subject = fn_subject(spec, lua_relu()), gates = {"EXC-01", "CMP-01"}, seed = 3}
    assert.are.equal("pass", rep.verdict, report.human(rep))
    assert.are.equal(0, verify.exit_code(rep))
    assert.are.equal("pass", gate_entry(rep, "CMP-01").status)
  end)

  it("says where each gate's seconds went: inputs, runs, oracle, comparisons, within the gate's own", function()
    local relu = lua_relu()
    local function slow(...)   -- a subject whose runs alone take time
      local t0 = os.clock()
      while os.clock() - t0 < 0.02 do end
      return relu(...)
    end
    local rep = verify.run{spec = spec, subject = fn_subject(spec, slow), gates = {"CMP-01"}, seed = 3}
    local g = gate_entry(rep, "CMP-01")
    local sum = 0
    for _, name in ipairs{"inputs", "run", "oracle", "compare"} do
      assert.is_true(g.phases[name] >= 0, name)
      sum = sum + g.phases[name]
    end
    assert.is_true(g.evidence.cases >= 1)
    assert.is_true(g.phases.run >= 0.02 * g.evidence.cases, "a run takes at least 0.02 s: " .. g.phases.run)
    assert.is_true(sum <= g.seconds + 1e-6)
  end)

  it("fails a NaN-swallowing subject with evidence and a reproducer that reproduces", function()
    local subj = fn_subject(spec, lua_relu(true))
    local rep = verify.run{spec = spec, kernel = "lua-relu", subject = subj, gates = {"EXC-01"}, seed = 3}
    assert.are.equal("fail", rep.verdict)
    assert.are.equal(1, verify.exit_code(rep))
    local g = rep.gates[1]
    local ev = g.evidence
    assert.are.equal("nan", ev.class:match("expected (%a+)"))
    assert.are.equal(0, ev.got)
    assert.is_number(ev.index); assert.is_number(ev.seed); assert.is_string(ev.case); assert.is_string(ev.shape)
    assert.truthy(g.reproduce:find("--gate EXC-01 --seed 3 --case " .. ev.case, 1, true))
    local again = verify.run{spec = spec, subject = subj, gates = {"EXC-01"}, seed = 3, case = ev.case}
    assert.are.equal("fail", again.verdict)
    assert.are.equal(ev.index, again.gates[1].evidence.index)
    assert.are.equal(ev.seed, again.gates[1].evidence.seed)
  end)

  it("says n/a with the reason when the subject lacks a capability a gate needs", function()
    local rep = verify.run{spec = spec, subject = fn_subject(spec, lua_relu()), gates = {"RES-01"}}
    assert.are.equal("na", rep.gates[1].status)
    assert.truthy(rep.gates[1].reason:find("capability"))
    assert.are.equal("pass", rep.verdict)
  end)

  it("catches an unwritten output and a cached result through the memory gate", function()
    local caps = {"poison", "redzone", "placement", "dirty", "inputs_after"}
    local skip = function(ins, s, opts, outs)
      for i = 0, ins[1].numel - 1 do
        local v = ins[1]:get(i)
        if v > 0 or v ~= v then outs[1]:set(i, v) end
      end
    end
    local rep = verify.run{spec = spec, subject = fn_subject(spec, skip, caps), gates = {"RES-01"}}
    assert.are.equal("fail", rep.verdict)
    assert.are.equal("unwritten", rep.gates[1].evidence.class)
    local cache = {}
    local honest = lua_relu()
    local cached = function(ins, s, opts, outs)
      local key = opts.placement or 0
      if cache[key] then return {cache[key]:clone()} end
      honest(ins, s, opts, outs)
      cache[key] = outs[1]:clone()
    end
    rep = verify.run{spec = spec, subject = fn_subject(spec, cached, caps), gates = {"RES-01"}}
    assert.are.equal("fail", rep.verdict)
    assert.are.equal("cached", rep.gates[1].evidence.class)
  end)

  it("is an error, exit 2, when the spec or the kernel file is missing or a gate is unknown", function()
    local rep = verify.run{spec = "specs/none.lua", kernel = "kernels/none.cu"}
    assert.are.equal("error", rep.verdict)
    assert.are.equal(2, verify.exit_code(rep))
    rep = verify.run{spec = FX .. "relu.lua", kernel = FX .. "none.cu"}
    assert.are.equal("error", rep.verdict)
    assert.truthy(rep.message:find("none.cu", 1, true))
    rep = verify.run{spec = spec, subject = fn_subject(spec, lua_relu()), gates = {"XXX-99"}}
    assert.are.equal("error", rep.verdict)
    assert.truthy(rep.message:find("XXX%-99"))
  end)

  it("fails a case whose run does not finish, naming the outcome", function()
    local rep = verify.run{spec = spec, subject = fn_subject(spec, function() error("boom") end), gates = {"CMP-01"}}
    assert.are.equal("fail", rep.gates[1].status)
    assert.truthy(rep.gates[1].reason:find("kernel_error"))
  end)

  it("reports a gate that raises as an error (exit 2), not a pass", function()
    local dir = os.tmpname()
    os.remove(dir)
    os.execute("mkdir -p " .. dir)
    local f = assert(io.open(dir .. "/XTR-02.lua", "w"))
    f:write('return {id = "XTR-02", title = "raises", kind = "thresholded", run = function(ctx) error("oops") end}\n')
    f:close()
    local rep = verify.run{spec = spec, subject = fn_subject(spec, lua_relu()), gates = {"XTR-02"}, gate_dirs = {dir}}
    os.execute("rm -rf " .. dir)
    assert.are.equal("error", rep.gates[1].status)
    assert.truthy(rep.gates[1].reason:find("oops"))
    assert.are.equal(2, verify.exit_code(rep))
  end)
end)

describe("the allclose baseline", function()
  it("draws five trial seeds from seed 42, the same every time", function()
    local a, b = baseline.trial_seeds(), baseline.trial_seeds()
    assert.are.equal(5, #a)
    assert.are.same(a, b)
  end)

  it("accepts a subject 0.1% off that the thresholded gates reject: the rigor gap", function()
    local spec = assert(verify.load_spec(FX .. "relu.lua"))
    local honest = lua_relu()
    local sloppy = fn_subject(spec, function(ins, s, opts, outs)
      honest(ins, s, opts, outs)
      for i = 0, outs[1].numel - 1 do outs[1]:set(i, outs[1]:get(i) * 1.001) end
    end)
    local rep = verify.run{spec = spec, subject = sloppy, gates = {"CMP-01"}, baseline = true}
    assert.are.equal("pass", rep.baseline.status)
    assert.are.equal("fail", rep.gates[1].status)
  end)
end)

describe("a report", function()
  local rep = {spec = "specs/x.lua", kernel = "k.cu", backend = "cpu", seed = 1, verdict = "fail", gates = {
    {id = "EXC-01", title = "non-finite propagation", kind = "tolerance-free", status = "fail", reason = "y[3] is pzero",
     evidence = {case = "nan-sparse-1", seed = 9, index = 3, got = 0, expected = 0 / 0, ratio = math.huge},
     reproduce = "kcv verify specs/x.lua k.cu --gate EXC-01 --seed 1", seconds = 0.5},
    {id = "PRC-01", title = "precision regime", kind = "thresholded", status = "na", reason = "no <f16> & co", evidence = {}},
    {id = "CMP-01", title = "input distributions", kind = "thresholded", status = "pass", reason = "ok", evidence = {}},
  }}

  it("encodes as JSON with NaN and Inf as strings and keys sorted", function()
    local j = report.json(rep)
    assert.truthy(j:find('"expected": "nan"', 1, true))
    assert.truthy(j:find('"ratio": "inf"', 1, true))
    assert.truthy(j:find('"evidence": {}', 1, true))
    assert.is_true(j:find('"gates"', 1, true) < j:find('"kernel"', 1, true))
    assert.truthy(report.json({a = "x\n\"y\""}):find('"x\\n\\"y\\""', 1, true))
  end)

  it("is JUnit XML with one test case per gate, failures and skips counted, text escaped", function()
    local x = report.junit(rep)
    assert.truthy(x:find('tests="3" failures="1" errors="0" skipped="1"', 1, true))
    local n = select(2, x:gsub("<testcase ", ""))
    assert.are.equal(3, n)
    assert.truthy(x:find("&lt;f16&gt; &amp; co", 1, true))
  end)

  it("prints one line per gate, with evidence and the reproducer under a failure", function()
    local h = report.human(rep)
    assert.truthy(h:find("FAIL EXC-01", 1, true))
    assert.truthy(h:find("reproduce: kcv verify specs/x.lua k.cu --gate EXC-01", 1, true))
    assert.truthy(h:find("n/a  PRC-01", 1, true))
    assert.truthy(h:find("verdict: fail (1 pass, 1 fail, 1 n/a, 0 error)", 1, true))
  end)
end)

describe("the command-line options", function()
  it("take values, repeated lists, flags and integers, and refuse unknown ones", function()
    local o = assert(args.parse({"a.lua", "--gate", "X", "--gate=Y", "--seed", "7", "--baseline", "b.cu"},
                                {gate = "list", seed = "integer", baseline = "flag"}))
    assert.are.same({"X", "Y"}, o.gate)
    assert.are.equal(7, o.seed)
    assert.is_true(o.baseline)
    assert.are.equal("a.lua", o[1]); assert.are.equal("b.cu", o[2])
    assert.is_nil((args.parse({"--nope"}, {})))
    assert.is_nil((args.parse({"--seed", "x"}, {seed = "integer"})))
  end)

  -- 2026-12-03: `kcv audit --gates ORD-01 PRC-01 PRC-02` printed its usage
  -- with no reason, and `kcv controls --gate A B` silently ran A alone
  it("refuse a second value after a list option, saying how to give it", function()
    local o, err = args.parse({"--gate", "ORD-01", "PRC-01"}, {positional = 0, gate = "list"})
    assert.is_nil(o)
    assert.matches("unexpected argument 'PRC%-01' after %-%-gate ORD%-01: give %-%-gate once per value", err)
    assert.matches("(--gate ORD-01 --gate PRC-01)", err, 1, true)
  end)

  it("refuse positionals beyond the command's count, and keep those within it", function()
    local o, err = args.parse({"a.lua", "b.cu", "c.cu"}, {positional = 2})
    assert.is_nil(o)
    assert.are.equal("unexpected argument 'c.cu'", err)
    o = assert(args.parse({"--gate", "X", "a.lua", "b.cu"}, {positional = 2, gate = "list"}))
    assert.are.same({"X"}, o.gate)
    assert.are.equal("b.cu", o[2])
    assert.is_nil((args.parse({"--positional", "3"}, {positional = 1})))
  end)

  it("make kcv controls refuse a stray argument instead of ignoring it", function()
    local p = io.popen("./kcv controls --gate RES-01 CMP-02 2>&1; echo rc=$?")
    local out = p:read("a"); p:close()
    assert.matches("kcv controls: unexpected argument 'CMP%-02' after %-%-gate RES%-01", out)
    assert.matches("rc=2", out, 1, true)
  end)
end)

describe("the Tensor Memory check of RES-02", function()
  local registry = require "kcv.verify.registry"
  local g = assert(registry.load_file("gates/RES-02.lua"))

  it("sums the constant column counts of tcgen05.alloc in PTX", function()
    local ptx = "  tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r1], 256;\n"
             .. "  tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;\n"
             .. "  tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r2], 512;\n"
    local cols, n = g.tmem_columns(ptx)
    assert.are.equal(768, cols)
    assert.are.equal(2, n)
  end)

  it("refuses a column count held in a register", function()
    local cols, why = g.tmem_columns("tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r1], %r7;\n")
    assert.is_nil(cols)
    assert.truthy(why:find("non%-constant"))
  end)
end)

describe("a thresholded gate", function()
  it("takes Inf as the right answer where the oracle's value overflows the output dtype", function()
    local spec = assert(verify.load_spec(FX .. "exp.lua"))
    local lua_exp = subject.fn{spec = spec, fn = function(ins, s, opts, outs)
      for i = 0, ins[1].numel - 1 do outs[1]:set(i, math.exp(ins[1]:get(i))) end
    end}
    local rep = verify.run{spec = spec, subject = lua_exp, gates = {"CMP-01"}}
    assert.are.equal("pass", rep.verdict, rep.gates[1].reason)
    local capped = subject.fn{spec = spec, fn = function(ins, s, opts, outs)
      for i = 0, ins[1].numel - 1 do outs[1]:set(i, math.min(math.exp(ins[1]:get(i)), 3.4e38)) end
    end}
    rep = verify.run{spec = spec, subject = capped, gates = {"CMP-01"}}
    assert.are.equal("fail", rep.verdict)
  end)
end)

describe("a kernel subject", function()
  local files = require "files"
  if not files.have_cpu_backend() then
    it("needs the CPU kernel backend", function() pending("kcv.kernel / the cpu backend is not available") end)
    return
  end
  local spec = assert(verify.load_spec("specs/relu.lua"))

  it("leaves unread outputs on the device (CMP-03's whole runs) and still counts the run as a plain launch", function()
    local k = subject.kernel{spec = spec, source = "kernels/relu.cu", backend = "cpu"}
    local s = {n = 1 << 16}
    local ins = case.inputs(spec, s, "normal", 3)
    local read = k:run(ins, s)
    local unread = k:run(ins, s, {outputs_unread = true})
    assert.are.equal("ok", unread.status, unread.message)
    assert.are.equal(read.shared_bytes - (1 << 18), unread.shared_bytes)   -- y's 2^16 f32 never travel
    assert.are.equal(0, kcv.cmp.max_abs_finite(unread.outputs[1]))           -- the host's copy stays zero
    assert.is_true(kcv.cmp.max_abs_finite(read.outputs[1]) > 0)
    local k2 = subject.kernel{spec = spec, source = "kernels/relu.cu", backend = "cpu"}
    k2:run(ins, s, {outputs_unread = true})
    assert.is_true(k2.launched_at[specmod.shape_string(s)])
    k2:run(ins, {n = 100}, {dirty = true})
    assert.is_nil(k2.launched_at[specmod.shape_string{n = 100}])
  end)

  it("gives a run the time its sidecar declares (kernel.timeout), and counts a run past it as a timeout", function()
    local side = {path = "relu.lua", kernel = {timeout = 90}}
    assert.are.equal(90, subject.kernel{spec = spec, source = "kernels/relu.cu", backend = "cpu", sidecar = side}.timeout)
    assert.are.equal(60, subject.kernel{spec = spec, source = "kernels/relu.cu", backend = "cpu"}.timeout)
    assert.has_error(function()
      subject.kernel{spec = spec, source = "kernels/relu.cu", backend = "cpu", sidecar = {path = "relu.lua", kernel = {timeout = "long"}}}
    end, "relu.lua: kernel.timeout must be a number of seconds > 0, got long")
    -- a limit far below the run's time: the worker is killed and the run says so
    local k = subject.kernel{spec = spec, source = "kernels/relu.cu", backend = "cpu",
                             sidecar = {path = "relu.lua", kernel = {timeout = 1e-9}}}
    local s = {n = 1 << 16}
    local r = k:run(case.inputs(spec, s, "normal", 3), s)
    assert.are.equal("timeout", r.status)
    -- the message says the limit, so a reader knows what to raise
    assert.truthy(r.message:find("ran past its limit of 1e-09 s (kernel.timeout", 1, true), r.message)
  end)

  it("takes kernel.timeout a backend at a time ({cpu = N, cuda = N}), a backend left out at 60 s", function()
    local here = require("kcv").backend.current()                -- the backend the runs use
    local other = here == "cpu" and "cuda" or "cpu"
    local function limit(t)
      local k = subject.kernel{spec = spec, source = "kernels/relu.cu", backend = here,
                               sidecar = {path = "relu.lua", kernel = {timeout = t}}}
      return k:time_limit()
    end
    assert.are.equal(600, limit{[here] = 600, [other] = 45})
    assert.are.equal(60, limit{[other] = 45})
    assert.are.equal(90, limit(90))
    assert.has_error(function() limit{cpu = 600, gpu = 30} end,
      "relu.lua: kernel.timeout: no backend gpu (cpu, cuda)")
    assert.has_error(function() limit{cpu = -1} end,
      "relu.lua: kernel.timeout.cpu must be a number of seconds > 0, got -1")
    -- a run gets its backend's entry: far below its time here, the other's ample
    local k = subject.kernel{spec = spec, source = "kernels/relu.cu", backend = here,
                             sidecar = {path = "relu.lua", kernel = {timeout = {[here] = 1e-9, [other] = 600}}}}
    local s = {n = 1 << 16}
    assert.are.equal("timeout", k:run(case.inputs(spec, s, "normal", 3), s).status)
  end)
end)
