-- spec/progress_spec.lua — the progress line of long runs: a bar with the
-- step, its detail and an ETA on a terminal, plain lines elsewhere.
local progress = require "kcv.progress"

-- An output that keeps what is written.
local function sink()
  local s = {text = ""}
  function s:write(...) for _, v in ipairs{...} do self.text = self.text .. v end end
  return s
end

describe("kcv.progress", function()
  it("draws a bar with the count, the gate, the case and an ETA from the steps done", function()
    local line = progress.line({total = 12, done = 3, step = "EXC-01 non-finite propagation",
                                detail = "case nan-sparse-1", t0 = 0}, 30)
    assert.are.equal("[#####...............] 3/12 EXC-01 non-finite propagation: case nan-sparse-1  ETA 1:30", line)
  end)

  it("leaves the ETA out until a step is done, and shortens what does not fit", function()
    local line = progress.line({total = 4, done = 0, step = ("x"):rep(200), t0 = 0}, 5, 60)
    assert.is_nil(line:find("ETA"))
    assert.is_true(#line <= 60)
    assert.truthy(line:find("%.%.%.$"))
  end)

  it("rewrites one line on a terminal: steps count themselves once a plan is given", function()
    local out = sink()
    local p = progress.new{tty = true, out = out}
    p.plan(2)
    p("running CMP-01 input distributions", 1)
    p("CMP-01: case normal", 2)
    p("running EXC-01 non-finite propagation", 1)
    p.done()
    assert.truthy(out.text:find("\r\27%[K%[%.+%] 0/2 running CMP%-01 input distributions: CMP%-01: case normal"), out.text)
    assert.truthy(out.text:find("\r\27%[K%[##########%.+%] 1/2 running EXC%-01 non%-finite propagation  ETA %d+:%d%d"), out.text)
    assert.is_nil(out.text:find("\n"))
    assert.truthy(out.text:find("\r\27%[K$"))
  end)

  it("prints plain lines when the output is not a terminal, the cases only with verbose", function()
    local out = sink()
    local p = progress.new{tty = false, out = out, prefix = "relu: "}
    p.plan(2)
    p("running CMP-01 input distributions", 1)
    p("CMP-01: case normal", 2)
    p.sub()("calibrating inside", 1)
    assert.are.equal("  .. relu: running CMP-01 input distributions\n", out.text)
    local v = sink()
    local q = progress.new{tty = false, out = v, verbose = true}
    q("CMP-01: case normal", 2)
    assert.are.equal("  .. CMP-01: case normal\n", v.text)
  end)

  it("lets a nested run's steps become the detail of the outer step (calibrate)", function()
    local out = sink()
    local p = progress.new{tty = true, out = out}
    p.plan(3)
    p("calibrating honest", 1)
    local inner = p.sub()
    inner.plan(12)
    inner("running CMP-02 edge shapes and layout", 1)
    assert.truthy(out.text:find("0/3 calibrating honest: running CMP%-02 edge shapes and layout$"), out.text)
  end)

  it("takes counts said outright (parallel runs)", function()
    local out = sink()
    local p = progress.new{tty = true, out = out}
    p.count(1, 4)
    p("1 of 4 done; running relu, sigmoid", 1)
    assert.truthy(out.text:find("%[#####%.+%] 1/4 1 of 4 done; running relu, sigmoid  ETA"), out.text)
  end)
end)
