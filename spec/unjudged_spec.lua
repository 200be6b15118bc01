-- What kcv could not judge is never a violation (issue 18): a kernel that
-- cannot run here for a reason of the machine (inline PTX on the cpu
-- backend, a CUDA function the cpu backend's emulation lacks, a worker
-- killed from outside) gets gates "not_judged" with the cause, the verdict
-- "not_judged" and exit status 2; the kernel's own crash, hang or compile
-- error stays its fault.  Runs on the cpu backend whatever KCV_BACKEND says.
local kcv = require "kcv"
local verify = require "kcv.verify"
local report = require "kcv.verify.report"
local unjudged = require "kcv.verify.unjudged"
local probe = require "kcv.verify.probe"
local redteam = require "kcv.cmd.redteam"

local CRASH = "spec/fixtures/crash.cu"

local sh = require("files").sh

local function slurp(path)
  local f = assert(io.open(path))
  local s = f:read("a")
  f:close()
  os.remove(path)
  return s
end

-- Every gate of a `kcv verify` output is N/J or n/a; none FAIL, PASS or ERR.
local function only_not_judged(out)
  local nj = 0
  for line in out:gmatch("[^\n]+") do
    assert.is_nil(line:match("^FAIL ") or line:match("^PASS ") or line:match("^ERR "), line)
    if line:match("^N/J ") then nj = nj + 1 end
  end
  return nj
end

describe("kcv verify on the cpu backend, of a kernel only a GPU can run", function()
  it("does not judge an honest relu whose max is inline PTX: N/J with the cause, exit 2", function()
    local json, junit = os.tmpname(), os.tmpname()
    local out, rc = sh("./kcv verify specs/relu.lua spec/fixtures/relu_ptx_max.cu --backend cpu --quiet"
                       .. " --json " .. json .. " --junit " .. junit)
    assert.are.equal(2, rc, out)
    assert.are.equal(9, only_not_judged(out), out)
    assert.truthy(out:find("N/J  EXC-01 non-finite propagation       not judged: needs a device: "
                           .. "spec/fixtures/relu_ptx_max.cu:12: 'asm' cannot run on the cpu backend", 1, true), out)
    assert.truthy(out:find("\nverdict: not judged: needs a device: spec/fixtures/relu_ptx_max.cu:12: 'asm'", 1, true), out)
    assert.truthy(out:find("(0 pass, 0 fail, 3 n/a, 0 error, 9 not judged)", 1, true), out)
    local j = slurp(json)
    assert.truthy(j:find('"verdict": "not_judged"', 1, true), j)
    assert.truthy(j:find('"reason": "needs a device: spec/fixtures/relu_ptx_max.cu:12: \'asm\'', 1, true), j)
    assert.truthy(j:find('"status": "not_judged"', 1, true), j)
    assert.truthy(j:find('"outcome": "needs_device"', 1, true), j)
    local x = slurp(junit)
    assert.truthy(x:find('failures="0" errors="0" skipped="12"', 1, true), x)
    assert.truthy(x:find('<skipped message="not judged: needs a device: spec/fixtures/relu_ptx_max.cu:12:', 1, true), x)
  end)

  it("does not judge a kernel calling a CUDA intrinsic the cpu emulation lacks (__isGlobal), exit 2", function()
    local out, rc = sh("./kcv verify specs/relu.lua spec/fixtures/relu_isglobal.cu --backend cpu --quiet --gate EXC-01,RES-02")
    assert.are.equal(2, rc, out)
    assert.are.equal(2, only_not_judged(out), out)
    local cause = "needs a device: spec/fixtures/relu_isglobal.cu:11: '__isGlobal' is not provided by the cpu "
               .. "backend's CUDA emulation (host/cpu/); a GPU is needed to run it"
    assert.truthy(out:find("N/J  RES-02 hardware resource limits     not judged: " .. cause, 1, true), out)
    assert.truthy(out:find("\nverdict: not judged: " .. cause .. " (0 pass, 0 fail, 0 n/a, 0 error, 2 not judged)", 1, true), out)
  end)

  it("still calls the kernel's own compile error an error (exit 2), and says it is the kernel's", function()
    local out, rc = sh("./kcv verify specs/relu.lua spec/fixtures/compile_error.cu --backend cpu --quiet")
    assert.are.equal(2, rc, out)
    assert.truthy(out:find("ERROR spec/fixtures/compile_error.cu does not compile or load (the kernel's own error, "
                           .. "not a limit of the cpu backend):", 1, true), out)
    assert.truthy(out:find("undeclared_thing", 1, true), out)
    assert.is_nil(out:find("not judged", 1, true), out)
  end)
end)

describe("kcv.verify.unjudged.load: the compiler's log", function()
  local function log(...)
    local t = {}
    for i, e in ipairs{...} do t[i] = "k.cu:" .. (i + 3) .. ":5: " .. e end
    return "k.cu: In function \xE2\x80\x98float f(float)\xE2\x80\x99:\n" .. table.concat(t, "\n") .. "\n"
  end

  it("is not the kernel's fault when every error names a CUDA identifier the emulation lacks", function()
    local cause = unjudged.load(log("error: \xE2\x80\x98__float2half_rz\xE2\x80\x99 was not declared in this scope; "
                                    .. "did you mean \xE2\x80\x98__float2half_rn\xE2\x80\x99?"), "cpu")
    assert.are.equal("k.cu:4: '__float2half_rz' is not provided by the cpu backend's CUDA emulation (host/cpu/); "
                     .. "a GPU is needed to run it", cause)
    assert.matches("'__hmax_nan', '__nv_fp8x4_e4m3' are not provided", unjudged.load(log(
      "error: '__hmax_nan' was not declared in this scope",
      "error: '__nv_fp8x4_e4m3' does not name a type",
      "error: '__hmax_nan' was not declared in this scope"), "cpu"))
  end)

  it("is the kernel's fault for a syntax error or a name of its own, alone or beside a CUDA one", function()
    assert.is_nil(unjudged.load(log("error: expected ';' before '}' token"), "cpu"))
    assert.is_nil(unjudged.load(log("error: 'undeclared_thing' was not declared in this scope"), "cpu"))
    assert.is_nil(unjudged.load(log("error: '__float2half_rz' was not declared in this scope",
                                    "error: expected ')' before 'x'"), "cpu"))
  end)

  it("asks the CUDA toolkit's headers whether a name or a missing header is CUDA's", function()
    if not unjudged.cuda_include() then pending("no CUDA toolkit headers ($CUDA_HOME, /usr/local/cuda)") end
    assert.matches("'rsqrtf' is not provided", unjudged.load(log("error: 'rsqrtf' was not declared in this scope"), "cpu"))
    assert.is_nil(unjudged.load(log("error: 'my_rsqrt' was not declared in this scope"), "cpu"))
    assert.is_nil(unjudged.load(log("error: '__syncthread' was not declared in this scope; did you mean "
                                    .. "'__syncthreads'?"), "cpu"))   -- a typo is the kernel's
    assert.matches("the header cuda_fp8.h is not provided",
                   unjudged.load(log("fatal error: cuda_fp8.h: No such file or directory"), "cpu"))
    assert.is_nil(unjudged.load(log("fatal error: my_helpers.cuh: No such file or directory"), "cpu"))
  end)

  it("without the toolkit, takes a name beginning with __ for CUDA's (reserved to the implementation)", function()
    local real = unjudged.cuda_include
    unjudged.cuda_include = function() return nil end
    local cuda = unjudged.load(log("error: '__float2half_rz' was not declared in this scope"), "cpu")
    local own = unjudged.load(log("error: 'rsqrtf' was not declared in this scope"), "cpu")
    unjudged.cuda_include = real
    assert.matches("'__float2half_rz' is not provided", cuda)
    assert.is_nil(own)
  end)

  it("leaves cuda's own compile errors to the kernel, and a compiler killed from outside to the machine", function()
    assert.is_nil(unjudged.load(log("error: '__float2half_rz' was not declared in this scope"), "cuda"))
    assert.matches("killed from outside", unjudged.load("g++: fatal error: Killed signal terminated program cc1plus", "cuda"))
  end)
end)

describe("a worker killed from outside", function()
  local spec = assert(verify.load_spec("specs/relu.lua"))

  -- A subject whose every run is one launch of crash.cu's kernel `name`
  -- (before() first), so that a gate meets that kernel's outcome.
  local function crash_subject(name, timeout, before)
    local k = assert(kcv.kernel.load{source = CRASH, name = name, params = {"ptr"}, backend = "cpu"})
    return {kind = "kernel", name = CRASH .. ":" .. name, caps = {},
            prepare = function() return true end,
            run = function(_, inputs, s)
              if before then before() end
              local r = k:launch{grid = 1, block = 32, args = {kcv.buffer("i32", 32)}, timeout = timeout}
              r.outputs, r.inputs = {kcv.buffer("f32", s.n)}, inputs
              return r
            end}
  end

  local function exc01(subj)
    local rep = verify.run{spec = spec, subject = subj, gates = {"EXC-01"}, backend = "cpu"}
    return rep, rep.gates[1]
  end

  it("is not judged: a kernel spinning until SIGKILLed from outside, exit 2", function()
    local killers = {}
    -- the spin never ends by itself: the kill at 0.2 s, long before the
    -- 60 s timeout, is what ends the run, every time
    local rep, g = exc01(crash_subject("spin", 60, function()
      local pid = assert(kcv.backend.pid("cpu"), "the worker runs (the kernel is loaded)")
      killers[#killers + 1] = assert(kcv.sys.spawn({"sh", "-c", "sleep 0.2; kill -9 " .. pid}))
    end))
    for _, p in ipairs(killers) do p:wait() end
    assert.are.equal(1, #killers)   -- the first case stops the gate
    assert.are.equal("not_judged", g.status, g.reason)
    assert.are.equal("not judged: the worker was killed from outside (SIGKILL: the OOM killer or another process), "
                     .. "not by the kernel", g.reason)
    assert.are.equal("oom", g.evidence.outcome)
    assert.are.equal("not_judged", rep.verdict)
    assert.are.equal(2, verify.exit_code(rep))
    assert.matches("\nverdict: not judged: the worker was killed from outside", report.human(rep))
  end)

  it("is told from the kernel's own crash (SIGSEGV) and hang (timeout), which still fail", function()
    local rep, g = exc01(crash_subject("segv", 10))
    assert.are.equal("fail", g.status)
    assert.matches("crash.*signal 11", g.reason)
    assert.are.equal(1, verify.exit_code(rep))
    rep, g = exc01(crash_subject("spin", 0.3))
    assert.are.equal("fail", g.status)
    assert.matches("did not run: timeout", g.reason)
  end)

  it("is classified by the outcome alone: SIGKILL is not judged, any other signal is the kernel's", function()
    local ctx = probe.new{spec = spec, gate = {id = "EXC-01"}}
    local c = ctx:case("x", {n = 1}, "normal")
    assert.are.equal("not_judged", ctx:outcome(c, {status = "crash", signal = 9, message = "m"}).status)
    assert.are.equal("not_judged", ctx:outcome(c, {status = "needs_device", message = "needs_device: k.cu:1: 'asm'"}).status)
    assert.are.equal("fail", ctx:outcome(c, {status = "crash", signal = 11, message = "m"}).status)
    assert.are.equal("fail", ctx:outcome(c, {status = "oom", message = "oom: a device arena of 1 bytes"}).status)
    assert.are.equal("fail", ctx:outcome(c, {status = "kernel_error", message = "CUDA_ERROR_ILLEGAL_ADDRESS"}).status)
    assert.is_nil(ctx:outcome(c, {status = "ok"}))
  end)
end)

describe("kcv redteam's verdict on an entry whose declared gates could not run here", function()
  local entry = {name = "x", side = {caught_by = {"EXC-01", "ORD-02"}}}
  local function judge(statuses)
    local gates = {}
    for id, st in pairs(statuses) do
      gates[#gates + 1] = {id = id, status = st, reason = st == "not_judged" and "not judged: needs a device: k.cu:3" or nil}
    end
    table.sort(gates, function(a, b) return a.id < b.id end)
    return redteam.judge(entry, {verdict = "not_judged", gates = gates})
  end

  it("is 'not_judged' with the cause, not MISSED or ERROR, when no declared gate failed it", function()
    local r = judge{["EXC-01"] = "not_judged", ["ORD-02"] = "pass"}
    assert.are.equal("not_judged", r.status)
    assert.are.equal("needs a device: k.cu:3", r.note)
    assert.are.same({"EXC-01"}, r.not_judged)
    assert.are.same({"ORD-02"}, r.declared_missed)
    assert.are.equal("not_judged", judge{["EXC-01"] = "not_judged", ["ORD-02"] = "not_judged", ["CMP-01"] = "fail"}.status)
  end)

  it("is 'caught' when a declared gate failed it anyway, and 'missed' when every declared gate passed", function()
    assert.are.equal("caught", judge{["EXC-01"] = "fail", ["ORD-02"] = "not_judged"}.status)
    assert.are.equal("missed", judge{["EXC-01"] = "pass", ["ORD-02"] = "pass", ["CMP-01"] = "not_judged"}.status)
  end)
end)
