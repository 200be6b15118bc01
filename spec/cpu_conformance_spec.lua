-- The CPU backend's CUDA emulation against a GPU (issue 17):
-- spec/conformance/conformance.cu evaluates every function of
-- spec/conformance/functions.lua on all 16-bit patterns or on special and
-- seeded random inputs, plus the warp functions and atomics.  Exact
-- functions must give the GPU's bits (digests in
-- spec/conformance/expected.lua, written on the H200 by
-- tools/device-conformance); approximate ones must stay within their
-- documented error bound, which needs no GPU.  Runs on the cpu backend
-- whatever KCV_BACKEND says.  A test whose expected value predates a
-- change of the kernel (spec/conformance/stale.lua) is pending, named as
-- waiting for a GPU run.
local C = require "kcv.conformance"

local NO_GPU_RUN = "no expected values from a GPU run yet: run tools/device-conformance"

local results
local function run()
  if not results then
    local runner = assert(C.load("cpu"))
    results = C.run(runner)
  end
  return results
end

describe("the conformance kernel", function()
  it("is what tools/gen-conformance writes from the function list", function()
    local tmp = os.tmpname()
    local p = assert(io.popen("lua5.4 tools/gen-conformance " .. tmp .. " 2>&1"))
    local msg = p:read("a")
    assert.is_true(p:close(), msg)
    local function slurp(f) local h = assert(io.open(f)); local s = h:read("a"); h:close(); return s end
    local want, got = slurp(tmp), slurp(C.SOURCE)
    os.remove(tmp)
    assert.is_true(want == got, C.SOURCE .. " is stale: run tools/gen-conformance")
  end)
end)

describe("the cpu backend's approximate intrinsics", function()
  for _, f in ipairs(C.list()) do
    if f.approx then
      it(("keep %s within %s"):format(f.name, C.bound(f.approx).doc), function()
        local b = run().functions[f.name].bound
        local w = b.worst or {}
        assert.are.equal(0, b.fails, ("%d of %d outside, first at element %s: x = %s%s, got %s"):format(
          b.fails, b.checked, tostring(w.i), tostring(w.x), w.y and (", y = " .. w.y) or "", tostring(w.got)))
      end)
    end
  end
end)

describe("the cpu backend's CUDA device functions, bit for bit against the GPU", function()
  local exp = C.read(C.EXPECTED)
  if not exp then
    it("give the GPU's bits for every exact function", function() pending(NO_GPU_RUN) end)
    return
  end
  local meta = exp.meta or {}
  local on = ("%s, %s"):format(meta.device or "the GPU", meta.date or "undated")
  local function check(name)
    local diffs = C.compare({functions = {[name] = run().functions[name]},
                             collectives = {[name] = run().collectives[name]}},
                            {functions = {[name] = exp.functions[name]}, collectives = {[name] = exp.collectives[name]}})
    local why
    for _, d in ipairs(diffs) do
      if d.name == name then why = d.why end
    end
    assert.is_nil(why, name .. ": " .. tostring(why))
  end
  for _, f in ipairs(C.list()) do
    if not f.approx then it(("compute %s as %s does"):format(f.name, on), function() check(f.name) end) end
  end
  -- stale.lua: expected values of an older kernel, until the GPU runs again
  local stale, gone = C.stale(exp)
  for _, name in pairs(C.list().collectives) do
    if stale[name] then
      it(("compute %s as %s does"):format(name, on), function()
        pending(("%s: waiting for a GPU run (tools/device-conformance): %s"):format(name, stale[name]))
      end)
    else
      it(("compute %s as %s does"):format(name, on), function() check(name) end)
    end
  end
  it("mark stale only expected values that a GPU run has not rewritten (" .. C.STALE .. ")", function()
    assert.are.same({}, gone, "expected.lua was rewritten since: remove these from " .. C.STALE)
  end)
end)

describe("the conformance kernel's atomics", function()
  -- what the GPU gives must not depend on the order in which its threads
  -- arrive, or the comparison tests the hardware's order
  it("give the same values whatever the order of the threads", function()
    local runner = assert(C.load("cpu"))
    for fn, name in pairs(C.list().collectives) do
      if name:match("^atomic") then
        local want = C.collective(runner, fn, 1):bytes()
        for seed = 2, 4 do
          assert.is_true(C.collective(runner, fn, seed * 7919):bytes() == want, name .. " depends on the thread order")
        end
      end
    end
  end)
end)
