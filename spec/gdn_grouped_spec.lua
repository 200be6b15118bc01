-- Grouped value heads in the Gated DeltaNet specs and kernels (issue 12):
-- G value heads a key head, value head h * G + j reading q and k at key
-- head h (kcv.gdn), the value-side tensors [B, T, H, G, ...].  On the CPU
-- backend: a run at G = 3 is, bit for bit, the run at G = 1 with each key
-- head repeated three times, for every output that is a value head's own
-- (o, ht; dv, dg, dbeta, dh0: a key head's dq and dk are its group's sums,
-- judged against the oracle by every gate at the specs' G = 3 shape and
-- CMP-03's G = 4); and a kernel that reads the wrong key head is rejected.
local kcv = require "kcv"
local verify = require "kcv.verify"
local subject = require "kcv.verify.subject"
local case = require "kcv.verify.case"
local specmod = require "kcv.verify.spec"
local files = require "files"

local GROUPED = {B = 1, T = 70, H = 2, G = 3, K = 16, V = 24}
local REPEATED = {B = 1, T = 70, H = 6, G = 1, K = 16, V = 24}

-- The inputs of REPEATED that carry GROUPED's: q and k with key head h as
-- heads 3h, 3h + 1, 3h + 2; every value-side tensor the same bytes.
local function repeated(spec, ins)
  local out = {}
  for i, t in ipairs(spec.inputs) do
    local x = ins[i]
    if t.name == "q" or t.name == "k" then
      local y = kcv.buffer(x.dtype, specmod.shape_of(t, REPEATED))
      local S, G, K = GROUPED, GROUPED.G, GROUPED.K
      for bt = 0, S.B * S.T - 1 do
        for h = 0, S.H - 1 do
          for j = 0, G - 1 do
            for c = 0, K - 1 do
              y:set(((bt * S.H + h) * G + j) * K + c, x:get((bt * S.H + h) * K + c))
            end
          end
        end
      end
      out[i] = y
    else
      out[i] = x:clone():reshape(specmod.shape_of(t, REPEATED))
    end
  end
  return out
end

local function run(spec, kernel, ins, s)
  local k = subject.kernel{spec = spec, source = kernel, sidecar = subject.sidecar(kernel), backend = "cpu"}
  local r = k:run(ins, s)
  assert.are.equal("ok", r.status, r.message)
  return r.outputs
end

describe("grouped value heads (G value heads a key head)", function()
  if not files.have_cpu_backend() then
    it("needs the CPU kernel backend", function() pending("kcv.kernel / the cpu backend is not available") end)
    return
  end

  for _, c in ipairs{{"gdn_fwd", "kernels/gdn_fwd.cu"}, {"gdn_fwd", "kernels/gdn_chunked_fwd.cu"},
                     {"gdn_bwd", "kernels/gdn_bwd.cu"}, {"gdn_bwd", "kernels/gdn_chunked_bwd.cu"}} do
    local name, kernel = c[1], c[2]
    it(("give in %s each value head's outputs of the repeated key heads, bit for bit"):format(kernel), function()
      local spec = assert(verify.load_spec("specs/" .. name .. ".lua"))
      local ins = case.inputs(spec, GROUPED, "normal", 5)
      local grouped = run(spec, kernel, ins, GROUPED)
      local rep = run(spec, kernel, repeated(spec, ins), REPEATED)
      local compared = 0
      for o, t in ipairs(spec.outputs) do
        if t.name ~= "dq" and t.name ~= "dk" then
          local same, _, index = kcv.cmp.bytes_equal(grouped[o], rep[o])
          assert.is_true(same, ("%s[%s] differs"):format(t.name, tostring(index)))
          compared = compared + 1
        end
      end
      assert.are.equal(name == "gdn_fwd" and 2 or 4, compared)
    end)
  end

  it("reject a forward whose value head reads key head hv % H instead of hv / G (CMP-03)", function()
    local dir = files.tmpdir()
    local src = files.read("kernels/gdn_fwd.cu")
    local broken, n = src:gsub("%(b %* T %+ t%) %* H %+ hv / G", "(b * T + t) * H + hv %% H")
    assert.are.equal(1, n)
    files.write(dir .. "/gdn_fwd.cu", broken)
    files.write(dir .. "/gdn.cuh", files.read("kernels/gdn.cuh"))
    local rep = verify.run{spec = "specs/gdn_fwd.lua", kernel = dir .. "/gdn_fwd.cu", gates = {"CMP-03"},
                           seed = 1, backend = "cpu"}
    local g = rep.gates[1]
    assert.are.equal("fail", g.status, g.reason)
    assert.truthy(g.evidence.shape:match("G=[234]"), g.evidence.shape)
    os.execute(("rm -rf %q"):format(dir))
  end)
end)
