-- tools/case-host-time.lua: the host's share of one case (inputs, oracle,
-- comparison), the measure behind docs/PERF.md's host-time figures.
local files = require "files"

describe("tools/case-host-time.lua", function()
  it("times the inputs, the oracle and the comparison of one case of a spec", function()
    local out, rc = files.sh("./kcv run tools/case-host-time.lua specs/softmax.lua rows=64,cols=100 --reps 1")
    assert.are.equal(0, rc, out)
    for _, step in ipairs{"inputs", "oracle", "compare"} do
      assert.truthy(out:match(step .. "%s+[%d.]+ s"), out)
    end
    assert.truthy(out:find("specs/softmax.lua at rows=64,cols=100", 1, true), out)
  end)

  it("names a dim the shape leaves out, and a spec it cannot load, with exit 2", function()
    local out, rc = files.sh("./kcv run tools/case-host-time.lua specs/softmax.lua rows=64")
    assert.are.equal(2, rc, out)
    assert.truthy(out:find("the shape gives no cols", 1, true), out)
    out, rc = files.sh("./kcv run tools/case-host-time.lua specs/nonexistent.lua n=4")
    assert.are.equal(2, rc, out)
    assert.truthy(out:find("nonexistent", 1, true), out)
  end)
end)
