-- The red team: deliberately broken kernels (redteam/<name>.cu + .lua) that
-- kcv must reject with the gates each entry declares.
local kcv = require "kcv"
local redteam = require "kcv.cmd.redteam"

local DIR = "redteam"
local NAMES = redteam.list(DIR)

local function have(cmd)
  local ok = os.execute(cmd .. " >/dev/null 2>&1")
  return ok == true
end

-- The gate ids the verifier knows (the registry when it loads, else the
-- twelve ids of the contract taxonomy).
local function gate_ids()
  local ids = {}
  local ok, verify = pcall(require, "kcv.verify")
  if ok and verify.gates then
    local gok, list = pcall(verify.gates)
    if gok and type(list) == "table" and #list > 0 then
      for _, g in ipairs(list) do ids[g.id] = true end
      return ids
    end
  end
  for _, id in ipairs(redteam.GATE_IDS) do ids[id] = true end
  return ids
end

local function load(name)
  local entry, err = redteam.load(DIR, name)
  assert(entry, err)
  return entry
end

describe("the red team", function()
  it("has at least 24 entries, each a .cu with a .lua sidecar", function()
    assert.is_true(#NAMES >= 24, ("only %d entries in %s/"):format(#NAMES, DIR))
    for _, name in ipairs(NAMES) do
      local f = io.open(("%s/%s.cu"):format(DIR, name))
      assert.is_truthy(f, ("%s/%s.cu is missing"):format(DIR, name))
      f:close()
    end
  end)

  it("declares for every entry an existing spec, real gate ids, backends and a one-sentence defect", function()
    local ids = gate_ids()
    local problems = {}
    for _, name in ipairs(NAMES) do
      for _, p in ipairs(redteam.check(load(name), ids)) do problems[#problems + 1] = p end
    end
    assert.are.same({}, problems)
  end)

  it("covers every gate family with at least one entry", function()
    local seen = {}
    for _, name in ipairs(NAMES) do
      for _, id in ipairs(load(name).side.caught_by or {}) do seen[id:sub(1, 3)] = true end
    end
    for _, family in ipairs{"EXC", "ORD", "RES", "CMP", "PRC"} do
      assert.is_true(seen[family], "no entry declares a " .. family .. " gate")
    end
  end)
end)

describe("kcv redteam's verdict on one entry", function()
  local entry = {name = "x", side = {caught_by = {"EXC-01"}}}
  local function report(statuses)
    local gates = {}
    for id, st in pairs(statuses) do gates[#gates + 1] = {id = id, status = st} end
    table.sort(gates, function(a, b) return a.id < b.id end)
    return {verdict = "fail", gates = gates, baseline = {status = "pass"}}
  end

  it("is 'caught' when a declared gate fails the kernel, whatever else fails", function()
    local r = redteam.judge(entry, report{["EXC-01"] = "fail", ["CMP-01"] = "fail"})
    assert.are.equal("caught", r.status)
    assert.are.same({"CMP-01", "EXC-01"}, r.caught)
    assert.are.equal("accepts", r.baseline)
  end)

  it("is 'wrong-gate' when only undeclared gates fail it, and 'missed' when none does", function()
    assert.are.equal("wrong-gate", redteam.judge(entry, report{["EXC-01"] = "pass", ["CMP-01"] = "fail"}).status)
    assert.are.equal("missed", redteam.judge(entry, report{["EXC-01"] = "pass", ["CMP-01"] = "na"}).status)
  end)

  it("is still 'caught' when one of several declared gates lets it through, which it lists", function()
    local two = {name = "y", side = {caught_by = {"EXC-01", "ORD-02"}}}
    local r = redteam.judge(two, report{["EXC-01"] = "fail", ["ORD-02"] = "pass"})
    assert.are.equal("caught", r.status)
    assert.are.same({"ORD-02"}, r.declared_missed)
  end)
end)

describe("kcv redteam --write-doc", function()
  it("replaces only the text between the backend's markers", function()
    local doc = "# T\nintro\n<!-- redteam-table:cpu:begin -->\nold\n<!-- redteam-table:cpu:end -->\nafter\n"
    local new = redteam.splice(doc, "cpu", "NEW TABLE")
    assert.are.equal("# T\nintro\n<!-- redteam-table:cpu:begin -->\nNEW TABLE\n<!-- redteam-table:cpu:end -->\nafter\n", new)
  end)

  it("names the one command of a single run, and the lanes of a merged one", function()
    local one = redteam.markdown({}, "cpu", {seed = 1, command = "kcv redteam --backend cpu"})
    assert.truthy(one:find("run: `kcv redteam --backend cpu`.", 1, true), one)
    local many = redteam.markdown({}, "cuda", {seed = 1, command = "kcv redteam --only a --save /tmp/x", merged = 7})
    assert.truthy(many:find("run: 7 saved runs of `kcv redteam --backend cuda ... --save FILE`", 1, true), many)
    assert.falsy(many:find("/tmp/x", 1, true))
  end)

  it("adds a marked section when the backend has none yet", function()
    local new = redteam.splice("# T\n", "cuda", "TABLE")
    assert.is_truthy(new:find("<!-- redteam-table:cuda:begin -->\nTABLE\n<!-- redteam-table:cuda:end -->", 1, true))
    assert.are.equal(new, redteam.splice(new, "cuda", "TABLE"))
  end)
end)

describe("every red-team kernel", function()
  local nvcc = have("nvcc --version") and "nvcc"
            or have("/usr/local/cuda/bin/nvcc --version") and "/usr/local/cuda/bin/nvcc"
  if not nvcc then
    pending("compiles with nvcc -arch=sm_90a (nvcc not found)")
    return
  end
  it("compiles with nvcc -arch=sm_90a", function()
    local out = os.tmpname()
    local failed = {}
    for _, name in ipairs(NAMES) do
      local cmd = ("%s -arch=sm_90a -cubin -o %s.cubin %s/%s.cu > %s.log 2>&1"):format(nvcc, out, DIR, name, out)
      if os.execute(cmd) ~= true then
        local f = io.open(out .. ".log")
        failed[#failed + 1] = name .. ": " .. (f and f:read("a") or "?")
        if f then f:close() end
      end
    end
    os.remove(out); os.remove(out .. ".cubin"); os.remove(out .. ".log")
    assert.are.same({}, failed)
  end)
end)

-- The CPU-showable entries, each against only its declared gates (quick).
describe("on the CPU backend, kcv rejects", function()
  local ok_verify, verify = pcall(require, "kcv.verify")
  local ready = ok_verify and kcv.kernel and kcv.kernel.run and kcv.backend
                and pcall(kcv.backend.use, "cpu")
  for _, name in ipairs(NAMES) do
    local entry = redteam.load(DIR, name)
    local side = entry and entry.side or {}
    local on_cpu = false
    for _, b in ipairs(side.backends or {}) do on_cpu = on_cpu or b == "cpu" end
    local label = ("%s with %s"):format(name, table.concat(side.caught_by or {}, " and "))
    if not on_cpu then
      -- shows only on a GPU: nothing to run here
    elseif not ready then
      pending(label .. " (the verifier or the CPU backend is not available)")
    elseif not io.open(entry.spec_path) then
      pending(label .. " (" .. entry.spec_path .. " does not exist yet)")
    else
      it(label, function()
        local r = redteam.verify_entry(entry, "cpu", {declared = true, seed = 1, baseline = false})
        local detail = {}
        for _, g in ipairs(r.report.gates or {}) do
          detail[#detail + 1] = ("%s %s: %s"):format(g.id, g.status, tostring(g.reason))
        end
        assert(r.status == "caught", ("%s: %s (%s)\n%s"):format(name, r.status, tostring(r.note or r.report.message),
          table.concat(detail, "\n")))
      end)
    end
  end
end)

-- `kcv redteam --jobs N`: entries verified in child processes, N at a time,
-- give the same lines and verdicts as one after another in one process.
describe("kcv redteam --jobs", function()
  local sh = require("files").sh
  -- the lines without the seconds
  local function lines(out)
    local t = {}
    for line in out:gmatch("[^\n]+") do t[#t + 1] = line:gsub("  %([%d%.]+s%)", "") end
    return t
  end
  -- two cheap entries (each against its declared gates only), in the
  -- order given, and one that needs a GPU (skipped here, not spawned)
  local picks = "--only relu_fmax_nan --only relu_int32_index --only exp_fast_intrinsic"
             .. " --declared --no-baseline --backend cpu"

  it("gives with --jobs 2 the same lines and verdicts as with --jobs 1", function()
    local j1, j2 = os.tmpname(), os.tmpname()
    local out1, rc1 = sh("./kcv redteam " .. picks .. " --jobs 1 --json " .. j1)
    local out2, rc2 = sh("./kcv redteam " .. picks .. " --jobs 2 --json " .. j2)
    assert.are.equal(0, rc1, out1)
    assert.are.equal(rc1, rc2, out2)
    assert.are.same(lines(out1), lines(out2))
    assert.truthy(out2:find("\nrelu_fmax_nan .*\nrelu_int32_index +skipped %(needs cuda%)\nexp_fast_intrinsic "), out2)
    local json = require "dkjson"
    local function verdicts(path)
      local f = assert(io.open(path)); local d = json.decode(f:read("a")); f:close()
      local t = {}
      for _, e in ipairs(d.entries) do
        local g = {}
        for _, x in ipairs(e.gates) do g[#g + 1] = x.id .. "=" .. x.status end
        t[#t + 1] = ("%s %s caught=%s gates=%s"):format(e.name, e.status, table.concat(e.caught_by, ","),
                                                         table.concat(g, ","))
      end
      return t
    end
    assert.are.same(verdicts(j1), verdicts(j2))
    os.remove(j1); os.remove(j2)
  end)

  it("gives an entry whose child runs past --timeout an ERROR line with the cause, exit 1", function()
    -- every gate, not only the declared ones: seconds, not a fraction of one
    local out, rc = sh("./kcv redteam --only relu_fmax_nan --only exp_fast_intrinsic --no-baseline"
                    .. " --backend cpu --jobs 2 --timeout 0.2")
    assert.are.equal(1, rc, out)
    assert.truthy(out:find("\nrelu_fmax_nan +caught by nothing +ERROR"), out)
    assert.truthy(out:find("kcv redteam --only exp_fast_intrinsic ran past the time limit of 0.2 s", 1, true), out)
    assert.truthy(out:find("0 of 2 applicable entries rejected by their declared gates", 1, true), out)
  end)

  require("files").it_parallel_options("./kcv redteam", "--only relu_fmax_nan")

  -- 2026-12-03: its own backend choice ignored use()'s refusal, so every
  -- entry was tried on cuda and each said the device was missing
  local have_cuda = require("kcv").backend.available("cuda")
  ;(have_cuda and pending or it)("refuses a backend it cannot use, once, with the reason and exit 2", function()
    local out, rc = sh("./kcv redteam --backend cuda --only relu_fmax_nan --only exp_fast_intrinsic 2>&1")
    assert.are.equal(2, rc, out)
    assert.truthy(out:find("^kcv redteam: backend cuda: "), out)
    assert.is_nil(out:find("caught by", 1, true), out)
  end)
end)
