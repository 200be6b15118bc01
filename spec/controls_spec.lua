-- The positive controls in CI: every honest kernel (kernels/<op>.cu) passes
-- every gate of its contract on the CPU backend, or the gate is n/a with a
-- reason.  What `kcv controls` checks, one test per kernel, so a regression
-- in a gate or an error model that over-rejects names the kernel and gate.
local verify = require "kcv.verify"
local subject = require "kcv.verify.subject"
local lfs = require "lfs"

local kernels = {}
for file in lfs.dir("kernels") do
  if file:match("%.cu$") then kernels[#kernels + 1] = file end
end
table.sort(kernels)

describe("the honest kernels (positive controls) on the cpu backend", function()
  it("are all here: one per spec, sixteen at least", function()
    assert.is_true(#kernels >= 16, #kernels .. " kernels")
  end)

  for _, file in ipairs(kernels) do
    local op = file:gsub("%.cu$", "")
    it(file .. " honours every gate of its contract", function()
      local path = "kernels/" .. file
      local side = subject.sidecar(path)
      local spec = ("specs/%s.lua"):format(side and side.spec or op)
      local report = verify.run{spec = spec, kernel = path, seed = 1, backend = "cpu"}
      assert.are_not.equal("error", report.verdict, report.message)
      for _, g in ipairs(report.gates) do
        assert.is_true(g.status == "pass" or g.status == "na",
          ("%s %s: %s %s"):format(file, g.id, g.status, tostring(g.reason)))
        if g.status == "na" then assert.truthy(g.reason and #g.reason > 0, g.id .. " n/a without a reason") end
      end
    end)
  end
end)

-- `kcv controls --jobs N`: the kernels verified in child processes, N at a
-- time, give the same table as one after another in one process.
local sh = require("files").sh

local rows = require("files").without_seconds

describe("kcv controls --jobs", function()
  it("gives with --jobs 2 the same verdicts and rows as with --jobs 1", function()
    local j1, j2 = os.tmpname(), os.tmpname()
    local out1, rc1 = sh("./kcv controls --backend cpu --quiet --only relu --only exp --jobs 1 --json " .. j1)
    local out2, rc2 = sh("./kcv controls --backend cpu --quiet --only relu --only exp --jobs 2 --json " .. j2)
    assert.are.equal(0, rc1, out1)
    assert.are.equal(rc1, rc2, out2)
    assert.are.same(rows(out1), rows(out2))
    assert.truthy(out2:find("\nexp.cu .*\nrelu.cu "), out2)      -- the kernels' order
    local json = require "dkjson"
    local function verdicts(path)
      local f = assert(io.open(path)); local list = json.decode(f:read("a")); f:close()
      local t = {}
      for _, r in ipairs(list) do
        local g = {}
        for _, x in ipairs(r.gates) do g[#g + 1] = x.id .. "=" .. x.status end
        t[#t + 1] = r.kernel:match("[^/]+$") .. " " .. r.verdict .. " " .. table.concat(g, " ")
      end
      return t
    end
    assert.are.same(verdicts(j1), verdicts(j2))
    os.remove(j1); os.remove(j2)
  end)

  it("gives a kernel whose child runs past --timeout an error row with the cause, exit 1", function()
    local out, rc = sh("./kcv controls --backend cpu --quiet --only relu --only exp --jobs 2 --timeout 0.3")
    assert.are.equal(1, rc, out)
    assert.truthy(out:find("\nexp.cu +exp +error "), out)
    assert.truthy(out:find("\nrelu.cu +relu +error "), out)
    assert.truthy(out:find("kcv controls --only relu ran past the time limit of 0.3 s and was killed", 1, true), out)
    assert.truthy(out:find("some controls fail", 1, true), out)
  end)

  it("runs only the --gate gates, in one process and in children alike", function()
    for _, jobs in ipairs{1, 2} do
      local out, rc = sh("./kcv controls --backend cpu --quiet --only relu --only exp --gate EXC-01 --gate RES-02 --jobs " .. jobs)
      assert.are.equal(0, rc, out)
      for _, op in ipairs{"exp", "relu"} do
        -- the row's gate columns: ? for the ten not run, P for EXC-01 and RES-02
        local cols = out:match("\n" .. op .. "%.cu +%S+ +pass +[%d%.]+ +([^\n]+)")
        assert.are.equal("? ? ? P ? ? ? ? ? ? ? P", (cols or ""):gsub("%s+", " "):gsub(" $", ""), out)
      end
    end
  end)

  require("files").it_parallel_options("./kcv controls", "--only relu")
end)

describe("kcv.parallel", function()
  local parallel = require "kcv.parallel"

  it("defaults to every core on cpu and at most 8 jobs on cuda", function()
    local n = parallel.cores()
    assert.is_true(n >= 1)
    assert.are.equal(n, parallel.jobs(nil, "cpu"))
    assert.are.equal(math.min(n, 8), parallel.jobs(nil, "cuda"))
    assert.are.equal(3, parallel.jobs("3"))
    for _, v in ipairs{"0", "-1", "abc", "2.5", ""} do assert.is_nil(parallel.jobs(v)) end
  end)

  it("runs every task, reports a crash, an exit status, a hang and a missing program, in task order", function()
    local dir = assert(parallel.tmpdir())
    local tasks = {
      {label = "ok", argv = {"sh", "-c", "echo hello; exit 0"}},
      {label = "segv", argv = {"sh", "-c", "echo dying >&2; kill -SEGV $$"}},
      {label = "hang", argv = {"sh", "-c", "sleep 30"}},
      {label = "three", argv = {"sh", "-c", "exit 3"}},
      {label = "none", argv = {"/nonexistent/kcv-program"}},
      {label = "chatty", argv = {"sh", "-c", "i=0; while [ $i -lt 20000 ]; do echo line $i; i=$((i+1)); done"}},
    }
    local order = {}
    local t0 = require("kcv").sys.clock()
    local res = parallel.run(tasks, {jobs = 3, timeout = 2, dir = dir,
                                     on_done = function(i) order[#order + 1] = i end})
    assert.is_true(require("kcv").sys.clock() - t0 < 10)
    assert.are.equal(6, #order)
    assert.is_true(res[1].ok); assert.are.equal(0, res[1].status.code); assert.are.equal("hello", res[1].stdout)
    assert.is_false(res[2].ok)
    assert.truthy(res[2].cause:find("segv was killed by signal 11 (SIGSEGV)", 1, true), res[2].cause)
    assert.truthy(res[2].cause:find("dying", 1, true), res[2].cause)
    assert.is_false(res[3].ok); assert.is_true(res[3].timed_out)
    assert.truthy(res[3].cause:find("hang ran past the time limit of 2 s", 1, true), res[3].cause)
    assert.is_true(res[4].ok); assert.are.equal(3, res[4].status.code)
    assert.is_false(res[5].ok); assert.truthy(res[5].cause:find("none could not start", 1, true), res[5].cause)
    assert.is_true(res[6].ok); assert.are.equal("line 19999", res[6].stdout:match("[^\n]+$"))
    parallel.rmdir(dir)
    assert.is_nil(io.open(dir .. "/1.stderr"))
  end)

  it("runs heavy tasks one at a time while the light ones after them go ahead", function()
    local dir = assert(parallel.tmpdir())
    -- a heavy task holds the directory `lock` while it runs: a second heavy
    -- one at the same time finds it there and exits 9
    local heavy = ("mkdir %s/lock || exit 9; sleep 0.4; rmdir %s/lock"):format(dir, dir)
    local tasks = {}
    for i = 1, 3 do tasks[i] = {label = "heavy" .. i, heavy = true, argv = {"sh", "-c", heavy}} end
    for i = 4, 6 do tasks[i] = {label = "light" .. i, argv = {"sh", "-c", "sleep 0.1"}} end
    local order = {}
    local res = parallel.run(tasks, {jobs = 4, dir = dir, on_done = function(i) order[#order + 1] = i end})
    for i = 1, 6 do assert.are.equal(0, res[i].status.code, tasks[i].label) end
    -- the light tasks ran beside the first heavy one, not after the third
    local first, last = {order[1], order[2], order[3]}, {order[4], order[5], order[6]}
    table.sort(first); table.sort(last)
    assert.are.same({4, 5, 6}, first)
    assert.are.same({1, 2, 3}, last)
    parallel.rmdir(dir)
  end)

  it("marks as heavy the jobs that run CMP-03's large-index probe: element-wise specs on cuda", function()
    local verify = require "kcv.verify"
    assert.is_true(verify.heavy_job("specs/relu.lua", "cuda"))
    assert.is_false(verify.heavy_job("specs/relu.lua", "cpu"))
    assert.is_false(verify.heavy_job("specs/softmax.lua", "cuda"))
    assert.is_false(verify.heavy_job("specs/no-such-spec.lua", "cuda"))
  end)
end)
