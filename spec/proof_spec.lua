-- `kcv proof`: the controls and the red team in one pool of children, the
-- longest (by an earlier run's seconds) first, printed as kcv controls and
-- kcv redteam print them.
local files = require "files"
local sh = files.sh
local proof = require "kcv.cmd.proof"

local function lines_like(out, pattern)
  local t = {}
  for _, line in ipairs(files.without_seconds(out)) do
    if line:match(pattern) then t[#t + 1] = line end
  end
  return t
end

describe("kcv proof", function()
  it("gives the rows of kcv controls and the lines of kcv redteam, and writes each entry's seconds", function()
    local times, save = os.tmpname(), os.tmpname()
    os.remove(times)   -- no earlier run
    local out, rc = sh("./kcv proof --backend cpu --quiet --jobs 3 --only relu --only relu_fmax_nan --only gelu_ftz"
                       .. " --times " .. times .. " --save " .. save)
    assert.are.equal(0, rc, out)
    assert.truthy(out:find("1 controls and 2 red-team entries in one pool", 1, true), out)
    assert.truthy(out:find("whole proof: 3 entries in [%d%.]+ s %(3 children, 3 at a time%)"), out)

    local c = sh("./kcv controls --backend cpu --quiet --jobs 1 --only relu")
    assert.are.same(lines_like(c, "^relu%.cu "), lines_like(out, "^relu%.cu "))
    local r = sh("./kcv redteam --backend cpu --jobs 2 --only gelu_ftz --only relu_fmax_nan")
    assert.are.same(lines_like(r, "^[%w_]+ +caught"), lines_like(out, "^[%w_]+ +caught"))
    assert.are.equal(2, #lines_like(out, "^[%w_]+ +caught by .* ok "))

    local t = assert(proof.read_times(times))
    for _, key in ipairs{"control/relu", "redteam/relu_fmax_nan", "redteam/gelu_ftz"} do
      assert.is_number(t[key], key .. " in\n" .. files.read(times))
      assert.is_true(t[key] > 0)
    end
    local merged, mrc = sh("./kcv redteam --merge " .. save)
    assert.are.equal(0, mrc, merged)
    assert.are.same(lines_like(r, "caught"), lines_like(merged, "caught"))
    os.remove(times); os.remove(save)
  end)

  it("gives every entry whose child runs past --timeout an error row with the cause, exit 1", function()
    local out, rc = sh("./kcv proof --backend cpu --quiet --jobs 2 --timeout 0.3 --only relu --only relu_fmax_nan")
    assert.are.equal(1, rc, out)
    assert.truthy(out:find("\nrelu.cu +relu +error "), out)
    assert.truthy(out:find("kcv controls --only relu ran past the time limit of 0.3 s and was killed", 1, true), out)
    assert.truthy(out:find("\nrelu_fmax_nan +caught by nothing +ERROR "), out)
    assert.truthy(out:find("kcv redteam --only relu_fmax_nan ran past the time limit", 1, true), out)
  end)

  it("logs each child's end as it comes (not a terminal), so a proof killed midway shows what finished", function()
    local out, rc = sh("./kcv proof --backend cpu --jobs 2 --only relu --only relu_fmax_nan --timeout 0.3 --only exp")
    assert.are.equal(1, rc, out)
    assert.truthy(out:find("finished control/relu in [%d%.]+ s %(kcv controls %-%-only relu ran past the time limit"), out)
    assert.truthy(out:find("finished redteam/relu_fmax_nan in", 1, true), out)
    assert.truthy(out:find("of 3 done; running", 1, true), out)
  end)

  it("refuses an --only name that is neither a control nor a red-team entry (exit 2)", function()
    local out, rc = sh("./kcv proof --backend cpu --only relu --only no_such_entry")
    assert.are.equal(2, rc, out)
    assert.truthy(out:find("--only no_such_entry: no kernels/NAME.cu and no redteam/NAME.lua", 1, true), out)
  end)

  it("refuses a --times file that is not a table of seconds (exit 2), and writes none", function()
    local bad = os.tmpname()
    files.write(bad, "return 'nope'\n")
    local out, rc = sh("./kcv proof --backend cpu --only relu --times " .. bad)
    assert.are.equal(2, rc, out)
    assert.truthy(out:find("not a table of seconds", 1, true), out)
    assert.are.equal("return 'nope'\n", files.read(bad))
    os.remove(bad)
  end)

  it("runs a control that took --split seconds or more a gate a child, and gives the row of one child", function()
    local times = os.tmpname()
    files.write(times, 'return {["control/relu"] = 100, ["control/exp"] = 1}\n')
    local out, rc = sh("./kcv proof --backend cpu --quiet --jobs 2 --only relu --only exp --times " .. times .. " --split 50")
    assert.are.equal(0, rc, out)
    assert.truthy(out:find("whole proof: 2 entries in [%d%.]+ s %(13 children, 2 at a time%)"), out)
    local whole = sh("./kcv controls --backend cpu --quiet --jobs 1 --only relu --only exp")
    assert.are.same(lines_like(whole, "%.cu "), lines_like(out, "%.cu "))
    local t = assert(proof.read_times(times))
    local parts = 0
    for key in pairs(t) do if key:match("^control/relu %u%u%u%-%d%d$") then parts = parts + 1 end end
    assert.are.equal(12, parts)                 -- one a gate
    assert.is_nil(t["control/exp CMP-01"])      -- 1 s < 50 s: whole
    assert.is_number(t["control/relu"])
    os.remove(times)
  end)

  it("runs only the red-team entries' declared gates with --declared, with the same verdicts", function()
    -- gelu_ftz declares EXC-02; all twelve gates catch it with CMP-01 too
    local full, rc1 = sh("./kcv proof --backend cpu --quiet --jobs 2 --only gelu_ftz --only relu_fmax_nan")
    local declared, rc2 = sh("./kcv proof --backend cpu --quiet --jobs 2 --declared --only gelu_ftz --only relu_fmax_nan")
    assert.are.equal(0, rc1, full)
    assert.are.equal(0, rc2, declared)
    assert.truthy(full:find("\ngelu_ftz +caught by CMP%-01,EXC%-02 +ok "), full)
    assert.truthy(declared:find("\ngelu_ftz +caught by EXC%-02 +ok "), declared)
    assert.truthy(declared:find("\nrelu_fmax_nan +caught by EXC%-01 +ok "), declared)
  end)

  it("refuses --split without --times, or with a bad number (exit 2)", function()
    local out, rc = sh("./kcv proof --backend cpu --only relu --split 60")
    assert.are.equal(2, rc, out)
    assert.truthy(out:find("--split needs --times FILE", 1, true), out)
    out, rc = sh("./kcv proof --backend cpu --only relu --times /tmp/none --split -1")
    assert.are.equal(2, rc, out)
    assert.truthy(out:find("--split needs a number of seconds > 0", 1, true), out)
  end)

  files.it_parallel_options("./kcv proof", "--backend cpu --only relu")
end)

describe("kcv proof's order", function()
  local function keys(tasks)
    local t = {}
    for i, task in ipairs(tasks) do t[i] = task.key end
    return t
  end
  local tasks = {{key = "control/a"}, {key = "control/b"}, {key = "redteam/c"}, {key = "redteam/d"}, {key = "control/e"}}

  it("starts the entries an earlier run does not know first, then the longest", function()
    local times = {["control/a"] = 3, ["redteam/c"] = 120.5, ["control/e"] = 40}
    assert.are.same({"control/b", "redteam/d", "redteam/c", "control/e", "control/a"},
                    keys(proof.order(tasks, times)))
  end)

  it("takes a part's share of its kernel's seconds when the part itself is not known", function()
    local parts = {{key = "control/a CMP-01", guess = 10}, {key = "control/b"}, {key = "control/a CMP-02", guess = 10}}
    assert.are.same({"control/b", "control/a CMP-02", "control/a CMP-01"},
                    keys(proof.order(parts, {["control/a CMP-02"] = 30})))
  end)

  it("keeps the given order without times, and among equal times", function()
    assert.are.same(keys(tasks), keys(proof.order(tasks, {})))
    local same = {["control/a"] = 5, ["control/b"] = 5, ["redteam/c"] = 5, ["redteam/d"] = 5, ["control/e"] = 5}
    assert.are.same(keys(tasks), keys(proof.order(tasks, same)))
  end)

  it("reads back the seconds it writes, and no file as no times", function()
    local path = os.tmpname()
    assert.is_true(proof.write_times(path, {["control/relu"] = 47.14, ["redteam/x"] = 1}))
    assert.are.same({["control/relu"] = 47.1, ["redteam/x"] = 1.0}, proof.read_times(path))
    os.remove(path)
    assert.are.same({}, proof.read_times(path))
  end)
end)

describe("verify.merge_reports", function()
  local verify = require "kcv.verify"
  local order = {"CMP-01", "EXC-01", "RES-02"}
  local function part(...)
    local r = {spec = "s", kernel = "k", seed = 1, parity = "contract", verdict = "pass", gates = {}}
    for _, g in ipairs{...} do r.gates[#r.gates + 1] = {id = g[1], status = g[2], reason = g[3]} end
    return r
  end
  local function ids(r)
    local t = {}
    for i, g in ipairs(r.gates) do t[i] = g.id .. "=" .. g.status end
    return table.concat(t, " ")
  end

  it("puts the parts' gates in the table's order and passes when each passes", function()
    local r = verify.merge_reports({part{"RES-02", "pass"}, part{"CMP-01", "pass"}, part{"EXC-01", "na"}}, order)
    assert.are.equal("CMP-01=pass EXC-01=na RES-02=pass", ids(r))
    assert.are.equal("pass", r.verdict)
    assert.are.equal("k", r.kernel)
  end)

  it("fails when one part's gate fails, above an error or a gate not judged", function()
    local r = verify.merge_reports({part{"CMP-01", "not_judged", "not judged: x"}, part{"EXC-01", "error", "boom"},
                                    part{"RES-02", "fail", "over the bound"}}, order)
    assert.are.equal("fail", r.verdict)
  end)

  it("is an error, with its message, when a part's child gave no report", function()
    local lost = {spec = "s", kernel = "k", verdict = "error", message = "killed at 240 s", gates = {}}
    local r = verify.merge_reports({part{"CMP-01", "pass"}, lost}, order)
    assert.are.equal("error", r.verdict)
    assert.are.equal("killed at 240 s", r.message)
  end)

  it("is not judged, with the first reason, when no gate fails or errs and one was not judged", function()
    local r = verify.merge_reports({part{"CMP-01", "pass"}, part{"EXC-01", "not_judged", "not judged: inline PTX"}}, order)
    assert.are.equal("not_judged", r.verdict)
    assert.are.equal("inline PTX", r.reason)
  end)
end)
