-- spec/repl_spec.lua — the REPL on a failing case, driven the way a person
-- drives it: through tmux (send keys, then read the pane), and through a
-- pipe where exact values are checked.
local files = require "files"

local KERNEL = "specs/relu.lua redteam/relu_fmax_nan.cu"
local REPRO = "./kcv verify " .. KERNEL .. " --gate EXC-01 --seed 1 --case nan-sparse-1 --backend cpu"

local HAVE_TMUX = os.execute("command -v tmux >/dev/null 2>&1")
local it_tmux = files.it_if(HAVE_TMUX, "tmux is not installed")

-- A tmux session on a private server, running cmd in a pane of 160x50.
local Pane = {}
Pane.__index = Pane

local function q(s) return "'" .. s:gsub("'", "'\\''") .. "'" end

local function pane(cmd)
  local p = setmetatable({sock = "kcv-repl-spec-" .. math.random(1, 1e9), home = files.tmpdir()}, Pane)
  local ok = os.execute(("tmux -L %s new-session -d -s t -x 160 -y 50 %s"):format(
    p.sock, q("cd " .. q(os.getenv("PWD") or ".") .. " && HOME=" .. p.home .. " " .. cmd .. "; sleep 30")))
  assert(ok, "tmux could not start")
  return p
end

function Pane:keys(...)
  local args = {}
  for i, k in ipairs{...} do args[i] = q(k) end
  assert(os.execute(("tmux -L %s send-keys -t t %s"):format(self.sock, table.concat(args, " "))))
end

-- Type a line and press Enter.
function Pane:line(s) self:keys("-l", s); self:keys("Enter") end

function Pane:text()
  local p = io.popen(("tmux -L %s capture-pane -p -t t -S -2000"):format(self.sock))
  local s = p:read("a")
  p:close()
  return s
end

-- Wait until the pane shows pattern (a Lua pattern) `count` times.
function Pane:wait_for(pattern, timeout, count)
  local deadline = os.time() + (timeout or 60)
  local text
  repeat
    text = self:text()
    local n = 0
    for _ in text:gmatch(pattern) do n = n + 1 end
    if n >= (count or 1) then return text end
    os.execute("sleep 0.2")
  until os.time() > deadline
  error(("the pane never showed %q; it shows:\n%s"):format(pattern, text), 2)
end

function Pane:close()
  os.execute(("tmux -L %s kill-server 2>/dev/null"):format(self.sock))
  os.execute("sleep 0.2; rm -rf " .. self.home .. " 2>/dev/null")
end

local function prompts(p, n) return p:wait_for("kcv>", 60, n) end

describe("kcv verify ... --repl on a failing case", function()
  it_tmux("opens on the case of the reproducer line, with the gate's report above the prompt", function()
    local p = pane(REPRO .. " --repl")
    finally(function() p:close() end)
    local text = prompts(p, 1)
    assert.truthy(text:find("FAIL EXC%-01"), text)
    assert.truthy(text:find("in view: EXC%-01 case nan%-sparse%-1"), text)
  end)

  it_tmux("answers help(), diff(), show(), worst() and hist() about that case", function()
    local p = pane(REPRO .. " --repl --quiet")
    finally(function() p:close() end)
    prompts(p, 1)
    p:line("help()")
    local text = prompts(p, 2)
    for _, name in ipairs{"show%(", "worst%(", "diff%(", "hist%(", "rerun{"} do
      assert.truthy(text:find(name), name .. " missing from help():\n" .. text)
    end
    p:line("help(show)")
    text = prompts(p, 3)
    assert.truthy(text:find("The neighbourhood of one element"), text)
    p:line("diff()")
    text = prompts(p, 4)
    assert.truthy(text:find("y: 2 of 8192 elements offending"), text)
    assert.truthy(text:find("class%s+got pzero, expected nan%s+2"), text)
    p:line("show()")
    text = prompts(p, 5)
    assert.truthy(text:find("y%[7211%]%s+0 pzero%s+nan nan%s+%-%s+%-%s+inf < offending"), text)
    p:line("worst(2)")
    text = prompts(p, 6)
    assert.truthy(text:find("y%[8054%]%s+0%s+nan"), text)
    p:line("hist()")
    text = prompts(p, 7)
    assert.truthy(text:find("%-%-%-%- bound"), text)
    assert.truthy(text:find("inf%s+# 2"), text)
  end)

  it_tmux("completes names with Tab and recalls lines with the up arrow", function()
    local p = pane(REPRO .. " --repl --quiet")
    finally(function() p:close() end)
    prompts(p, 1)
    p:keys("-l", "wor")
    p:keys("Tab")
    p:wait_for("kcv> worst")
    p:keys("-l", "(1)")
    p:keys("Enter")
    local text = prompts(p, 2)
    assert.truthy(text:find("kcv> worst%(1%)"), text)
    assert.truthy(text:find("y%[7211%]"), text)
    p:keys("-l", "masks.y.go")
    p:keys("Tab")
    p:wait_for("kcv> masks%.y%.got")
    p:keys("C-u")
    p:keys("Up")
    p:wait_for("kcv> worst%(1%)", 10, 2)
  end)

  it_tmux("stops a long rerun at Ctrl-C and stays at the prompt", function()
    local p = pane(REPRO .. " --repl --quiet")
    finally(function() p:close() end)
    prompts(p, 1)
    p:line("rerun{shape = {n = 1 << 24}}")
    os.execute("sleep 2")
    p:keys("C-c")
    local text = p:wait_for("interrupted", 60)
    prompts(p, 2)
    p:line("print(40 + 2)")
    text = p:wait_for("\n42\n", 20)
    assert.truthy(text:find("in view"), text)
    p:line("case.name")
    p:wait_for("\nnan%-sparse%-1\n", 20)   -- the case in view is still the gate's
  end)
end)

describe("the names --repl binds", function()
  local function session(lines)
    return files.sh("printf '%s' " .. q(lines) .. " | " .. REPRO .. " --repl --quiet")
  end

  it("are the case's inputs, the kernel's outputs, the oracle's values and bounds, and the class masks", function()
    local out = session(table.concat({
      "print('in', inputs.x:get(7211) ~= inputs.x:get(7211))",
      "print('out', outputs.y:get(7211), y == outputs.y)",
      "print('exp', expected.y:get(7211) ~= expected.y:get(7211), mag.y.numel, bound.y:get(7208) > 0)",
      "print('ratio', ratio.y:get(7211), ratio.y:get(7208))",
      "print('masks', kcv.cmp.class_name(masks.y.got:get(7211)), kcv.cmp.class_name(masks.y.expected:get(7211)))",
      "print('case', case.name, case.shape.n, case.dist, gate.id, gate.status)",
    }, "\n") .. "\n")
    assert.truthy(out:find("\nin\ttrue\n"), out)
    assert.truthy(out:find("\nout\t0%.0\ttrue\n") or out:find("\nout\t0\ttrue\n"), out)
    assert.truthy(out:find("\nexp\ttrue\t8192\ttrue\n"), out)
    assert.truthy(out:find("\nratio\tinf\t0%.0\n"), out)
    assert.truthy(out:find("\nmasks\tpzero\tnan\n"), out)
    assert.truthy(out:find("\ncase\tnan%-sparse%-1\t8192\tnormal\tEXC%-01\tfail\n"), out)
  end)

  it("change with rerun{}, which compares the new case with the old", function()
    local out = session("rerun{seed = 5, shape = {n = 1000}, inject = false}\nprint('now', case.shape.n, outputs.y.numel)\n")
    assert.truthy(out:find("before: 2 offending"), out)
    assert.truthy(out:find("now:    0 offending"), out)
    assert.truthy(out:find("\nnow\t1000\t1000\n"), out)
  end)

  it("rerun{} makes the changed case the way the case's own gate does (EXC-02's subnormals)", function()
    local cmd = "./kcv verify specs/gelu.lua redteam/gelu_ftz.cu --gate EXC-02 --seed 1 --case all-subnormal-1 "
                .. "--backend cpu --repl --quiet"
    local out = files.sh("printf '%s' " .. q("rerun{seed = 5}\nprint('now', case.kind, case.seed)\n") .. " | " .. cmd)
    assert.truthy(out:find("\nnow\tall%-subnormal\t5\n"), out)
    local n = tonumber(out:match("now:    (%d+) offending"))
    assert.truthy(n and n > 1000, out)      -- a flush-to-zero GELU on subnormal inputs again
  end)

  it("give errors with their context, and the prompt carries on", function()
    local out = session("show(y, {around = 9000})\nrerun{shape = {m = 3}}\nhelp('nothing')\nprint('alive')\n")
    assert.truthy(out:find("show: around = 9000 is not an element of y %(0%.%.8191%)"), out)
    assert.truthy(out:find("rerun: shape%.m: the spec has no such dim"), out)
    assert.truthy(out:find("help: nothing named 'nothing'"), out)
    assert.truthy(out:find("\nalive\n"), out)
  end)

  it("exit with the report's status when the input ends", function()
    local _, rc = session("")
    assert.are.equal(1, rc)
  end)
end)

describe("kcv repl's completion", function()
  local repl = require "kcv.repl"

  it("offers globals, keywords and the fields of dotted names", function()
    local env = {case = {name = "a", shape = {}}, cases = 1}
    assert.are.same({"case", "cases"}, repl.complete(env, "cas"))
    assert.are.same({"case.name"}, repl.complete(env, "case.na"))
    assert.are.same({"function"}, repl.complete(env, "functio"))
    assert.are.same({}, repl.complete(env, "nothing.at"))
  end)
end)
