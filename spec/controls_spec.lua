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
