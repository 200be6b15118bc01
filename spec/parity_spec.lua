-- Parity with PyTorch eager (docs/PARITY.md): a spec's PyTorch expression
-- as the subject of its gates (corpus/torch_op.py), the clauses a spec
-- declares stricter than PyTorch eager, and `kcv parity`'s table and exit
-- status.  The tests that run PyTorch use Debian's python3-torch on the
-- CPU; without a python3 that imports torch they are pending with the
-- reason.  Each runs one gate of one or two specs: the full table is
-- `kcv parity --backend cpu --markdown docs/PARITY.md`.
local kcv = require "kcv"
local verify = require "kcv.verify"
local specmod = require "kcv.verify.spec"
local subject = require "kcv.verify.subject"
local report = require "kcv.verify.report"
local files = require "files"
local python = require "kcv.audit.python"

local PY, NO_PY = python.find()
local it_torch = files.it_if(PY, NO_PY)
local sh = files.sh

-- specs/relu.lua with its text changed by `edit`, in a directory of its own.
local function relu_variant(edit)
  local dir = files.tmpdir()
  local text = files.read("specs/relu.lua")
  local path = dir .. "/relu.lua"
  files.write(path, edit(text))
  return path, dir
end

-- A function subject that does what torch.relu does: -0 stays -0.
local function torch_like_relu(spec)
  return subject.fn{spec = spec, name = "relu keeping -0", fn = function(ins, s, opts, outs)
    local x, y = ins[1], outs[1]
    for i = 0, x.numel - 1 do
      local v = x:get(i)
      y:set(i, (v > 0 or v ~= v or v == 0) and v or 0.0)
    end
  end}
end

describe("a spec's stricter clauses", function()
  local spec = assert(specmod.load("specs/relu.lua"))

  it("report a failure on a declared clause as FAIL (stricter than PyTorch eager: reason)", function()
    local rep = verify.run{spec = spec, subject = torch_like_relu(spec), gates = {"EXC-02"}, backend = "cpu"}
    local g = rep.gates[1]
    assert.are.equal("fail", g.status, g.reason)
    assert.are.equal(spec.stricter["EXC-02"], g.stricter)
    assert.are.same({contract = "fail", torch = "pass"}, rep.verdicts)
    local text = report.human(rep)
    assert.truthy(text:find("FAIL EXC-02 subnormals and signed zero   (stricter than PyTorch eager: relu(-0) = +0", 1, true), text)
    assert.truthy(text:find("with --parity torch the verdict is pass", 1, true), text)
    assert.truthy(report.junit(rep):find('failure message="(stricter than PyTorch eager: relu(-0)', 1, true))
    assert.are.equal(1, verify.exit_code(rep))
  end)

  it("are n/a with the reason under --parity torch, and the JSON report carries both verdicts", function()
    local rep = verify.run{spec = spec, subject = torch_like_relu(spec), gates = {"EXC-02"}, backend = "cpu",
                           parity = "torch"}
    local g = rep.gates[1]
    assert.are.equal("na", g.status)
    assert.matches("^stricter than PyTorch eager, not judged under %-%-parity torch: relu%(%-0%) = %+0", g.reason)
    assert.matches("the full contract: FAIL, y%[%d+%] is nzero", g.reason)
    assert.are.equal("fail", g.contract_status)
    assert.are.equal("pass", rep.verdict)
    assert.are.equal(0, verify.exit_code(rep))
    local j = require("dkjson").decode(report.json(rep))
    assert.are.same({contract = "fail", torch = "pass"}, j.verdicts)
    assert.are.equal("torch", j.parity)
    assert.are.equal("fail", j.gates[1].contract_status)
    assert.are.equal("na", j.gates[1].torch_status)
  end)

  it("leave a gate that no clause names, and a kernel that honours the clause, as they were", function()
    local rep = verify.run{spec = spec, kernel = "kernels/relu.cu", gates = {"EXC-02", "EXC-01"}, backend = "cpu",
                           parity = "torch"}
    assert.are.equal("na", rep.gates[1].status)          -- EXC-02 is declared: n/a under torch parity
    assert.matches("the full contract: PASS", rep.gates[1].reason)
    assert.are.equal("pass", rep.gates[2].status)        -- EXC-01 is not
    assert.is_nil(rep.gates[2].stricter)
    assert.are.same({contract = "pass", torch = "pass"}, rep.verdicts)
  end)

  it("are refused when a clause names no gate, has no reason, or the torch field is malformed", function()
    local cases = {
      {'["EXC-02"] = "relu(-0)', '["XYZ-99"] = "relu(-0)', [[field 'stricter%["XYZ%-99"%]': 'XYZ%-99' is not a gate id]]},
      {'["EXC-02"] = "relu(-0) = +0, IEEE 754 maximum(-0, +0); PyTorch\'s relu returns -0"', '["EXC-02"] = ""',
       [[field 'stricter%["EXC%-02"%]': expected the reason]]},
      {'torch = "torch.relu(x)"', "torch = 3", "field 'torch': expected a PyTorch expression"},
      {'torch = "torch.relu(x)"', 'torch = {expr = "torch.relu(x)", none = "no"}', "field 'torch': give either expr or none"},
      {'torch = "torch.relu(x)"', 'torch = {exp = "torch.relu(x)"}', "field 'torch.exp': unknown key"},
    }
    for _, c in ipairs(cases) do
      local path = relu_variant(function(t)
        local a, b = t:find(c[1], 1, true)
        assert(a, "specs/relu.lua lacks " .. c[1])
        return t:sub(1, a - 1) .. c[2] .. t:sub(b + 1)
      end)
      local s, err = specmod.load(path)
      assert.is_nil(s)
      assert.matches("^" .. path:gsub("%p", "%%%0") .. ": " .. c[3], err)
    end
  end)
end)

describe("kcv redteam --parity torch's verdict on one entry", function()
  local redteam = require "kcv.cmd.redteam"
  local entry = {side = {caught_by = {"EXC-02"}}}
  local stricter = {["EXC-02"] = "relu(-0) = +0"}
  local function rep(statuses)
    local gates = {}
    for id, st in pairs(statuses) do gates[#gates + 1] = {id = id, status = st} end
    return {verdict = "pass", gates = gates}
  end

  it("is 'stricter-only' when its declared gates are all stricter clauses and nothing else fails", function()
    local r = redteam.judge(entry, rep{["EXC-02"] = "na", ["EXC-01"] = "pass"}, stricter)
    assert.are.equal("stricter-only", r.status)
    assert.matches("EXC%-02: relu%(%-0%) = %+0", r.note)
    assert.is_true(redteam.OK[r.status])
  end)

  it("is 'caught' when another gate fails it, and judged as always without --parity torch", function()
    assert.are.equal("caught", redteam.judge(entry, rep{["EXC-02"] = "na", ["EXC-01"] = "fail"}, stricter).status)
    assert.are.equal("missed", redteam.judge(entry, rep{["EXC-02"] = "na"}, nil).status)
    assert.are.equal("caught", redteam.judge({side = {caught_by = {"EXC-01"}}},
                                             rep{["EXC-01"] = "fail"}, stricter).status)
  end)
end)

describe("the torch subject (corpus/torch_op.py)", function()
  it_torch("computes the spec's op: torch.relu on a tiny case, bit for bit", function()
    local spec = assert(specmod.load("specs/relu.lua"))
    local subj = require("kcv.parity.subject").new{spec = spec, device = "cpu"}
    assert(subj:prepare())
    local x = kcv.from("f32", {-2.0, -0.0, 0.0, 3.5, 0 / 0, 1e-40, -math.huge})
    local r = subj:run({x}, {n = 7})
    subj:close()
    assert.are.equal("ok", r.status, r.message)
    local want = kcv.from("f32", {0.0, -0.0, 0.0, 3.5, 0 / 0, 1e-40, 0.0})
    assert.are.equal(want:bytes(), r.outputs[1]:bytes())
  end)

  it_torch("binds every dim and scalar by name, floats exactly as the kernel gets them", function()
    local spec = assert(specmod.load("specs/layernorm.lua"))
    spec.torch = "x * 0 + eps + cols"                   -- eps is the f32 of 1e-5, cols the dim
    local subj = require("kcv.parity.subject").new{spec = spec, device = "cpu"}
    assert(subj:prepare())
    local x = kcv.buffer("f32", {2, 3})
    local g, b = kcv.buffer("f32", {3}), kcv.buffer("f32", {3})
    local r = subj:run({x, g, b}, {rows = 2, cols = 3})
    subj:close()
    assert.are.equal("ok", r.status, r.message)
    assert.are.equal(kcv.round(kcv.round(1e-5, "f32") + 3, "f32"), r.outputs[1]:get(5))
  end)

  it_torch("turns an exception of the expression into the run's failure, and a bad expression into an error", function()
    local spec = assert(specmod.load("specs/relu.lua"))
    spec.torch = "torch.relu(x).reshape(-1, 5)[0]"     -- fails at n = 7
    local subj = require("kcv.parity.subject").new{spec = spec, device = "cpu"}
    assert(subj:prepare())
    local r = subj:run({kcv.buffer("f32", 7)}, {n = 7})
    assert.are.equal("kernel_error", r.status)
    assert.matches("RuntimeError", r.message)
    spec.torch = "torch.relu(x"
    local bad = require("kcv.parity.subject").new{spec = spec, device = "cpu"}
    local ok, err = bad:prepare()
    assert.is_nil(ok)
    assert.matches("bad_expr: specs/relu.lua: field 'torch' does not compile", err)
    subj:close(); bad:close()
  end)
end)

describe("kcv parity", function()
  it_torch("prints FAIL* and exits 0 when every failure is a declared stricter clause", function()
    local out, rc = sh("./kcv parity relu gdn_fwd --backend cpu --gate EXC-02 --quiet")
    assert.are.equal(0, rc, out)
    assert.matches("\nrelu%s+FAIL%*%s+stricter only", out)
    assert.matches("\ngdn_fwd%s+%-%s+no op", out)
    assert.truthy(out:find("relu EXC-02: FAIL (stricter than PyTorch eager: relu(-0) = +0", 1, true), out)
    assert.truthy(out:find("reproduce: kcv verify specs/relu.lua --torch --gate EXC-02 --seed 1 --case ", 1, true), out)
    assert.truthy(out:find("0 unexplained failures, 1 failures on declared stricter clauses", 1, true), out)
  end)

  it_torch("exits 1 on a failure no clause declares", function()
    local path, dir = relu_variant(function(t)
      return (t:gsub('%s*stricter = {.-\n  },\n', "\n"))
    end)
    assert.is_nil(assert(specmod.load(path)).stricter)
    local out, rc = sh("./kcv parity " .. path .. " --backend cpu --gate EXC-02 --quiet")
    assert.are.equal(1, rc, out)
    assert.matches("\nrelu%s+FAIL%s+fail", out)
    assert.truthy(out:find("relu EXC-02: FAIL (NOT explained)", 1, true), out)
    os.execute("rm -rf " .. dir)
  end)

  it_torch("under --parity torch shows the declared clause as n/a and exits 0", function()
    local out, rc = sh("./kcv parity relu --backend cpu --gate EXC-02 --parity torch --quiet")
    assert.are.equal(0, rc, out)
    assert.matches("\nrelu%s+n/a%s+pass", out)
    assert.truthy(out:find("relu EXC-02: n/a: stricter than PyTorch eager, not judged under --parity torch", 1, true), out)
  end)

  it_torch("reports an op PyTorch's CPU build lacks (Half softmax) as not judged, never failed", function()
    local out, rc = sh("./kcv parity softmax_f16 --backend cpu --gate EXC-01 --quiet")
    assert.are.equal(0, rc, out)
    assert.matches("\nsoftmax_f16%s+[NP][/A][JS]S?%s", out)   -- N/J on torch 1.13's CPU, PASS where it has one
  end)

  it_torch("writes the table between the generated markers of --markdown FILE, the rest kept", function()
    local dir = files.tmpdir()
    local md = dir .. "/PARITY.md"
    files.write(md, "# head\n<!-- generated: begin -->\nold\n<!-- generated: end -->\ntail\n")
    local out, rc = sh("./kcv parity relu --backend cpu --gate EXC-02 --quiet --markdown " .. md)
    assert.are.equal(0, rc, out)
    local text = files.read(md)
    assert.matches("^# head\n<!%-%- generated: begin %-%->\nGenerated on %d+%-%d+%-%d+ %d+:%d+ UTC by `kcv parity relu", text)
    assert.truthy(text:find("| relu | `torch.relu(x)` | FAIL* | stricter only |", 1, true), text)
    assert.matches("\n<!%-%- generated: end %-%->\ntail\n$", text)
    assert.is_nil(text:find("\nold\n", 1, true))
    os.execute("rm -rf " .. dir)
  end)

  it("says why it cannot run: an unknown spec, a bad --parity", function()
    local out, rc = sh("./kcv parity no_such_spec --backend cpu --quiet")
    assert.are.equal(2, rc, out)
    assert.truthy(out:find("no_such_spec: ERROR", 1, true), out)
    out, rc = sh("./kcv parity relu --parity pytorch")
    assert.are.equal(2, rc)
    assert.truthy(out:find("--parity is contract or torch", 1, true), out)
  end)
end)
