-- kernels/gdn_chunked_fwd.cu's OUT knob (issue 12's experiment): OUT = wmma
-- runs gdn_chunk_out's two matrix products on the tensor cores (nvcuda::wmma
-- tf32 on split operands, which the CPU backend emulates: docs/CPU.md), the
-- default OUT = scalar is the kernel as written.  On the CPU backend, at a
-- shape with a partial chunk (T = 100: 64 + 36), K and V not multiples of
-- 16, and grouped heads:
--   - OUT = wmma's o is within the spec's bound of the fp64 oracle, within
--     one bf16 rounding more of the scalar o, and not the scalar o's bits
--     (so the tensor-core path ran, not its scalar fallback);
--   - a non-finite v sends the blocks that see it to the scalar path: o
--     equal, bit for bit, to the scalar kernel's;
--   - the default build's o and ht are, bit for bit, those of the kernel
--     before the knob existed (checksums taken from commit 3a4b6ab).
local kcv = require "kcv"
local verify = require "kcv.verify"
local subject = require "kcv.verify.subject"
local case = require "kcv.verify.case"
local errmodel = require "kcv.verify.errmodel"
local specmod = require "kcv.verify.spec"
local files = require "files"

local KERNEL = "kernels/gdn_chunked_fwd.cu"
local S = {B = 1, T = 100, H = 2, G = 2, K = 40, V = 24}

local function run(spec, ins, knobs)
  local k = subject.kernel{spec = spec, source = KERNEL, sidecar = subject.sidecar(KERNEL), backend = "cpu",
                           knobs = knobs}
  local r = k:run(ins, S)
  assert.are.equal("ok", r.status, r.message)
  return r.outputs
end

-- FNV-1a over each element's "%a": a checksum of the values, bit for bit.
local function checksum(b)
  local h = 2166136261
  for i = 0, b.numel - 1 do
    for c in string.format("%a", b:get(i)):gmatch(".") do h = ((h ~ c:byte()) * 16777619) & 0xffffffff end
  end
  return ("%08x"):format(h)
end

describe("gdn_chunked_fwd's OUT knob (gdn_chunk_out on the tensor cores)", function()
  if not files.have_cpu_backend() then
    it("needs the CPU kernel backend", function() pending("kcv.kernel / the cpu backend is not available") end)
    return
  end
  local spec = assert(verify.load_spec("specs/gdn_fwd.lua"))

  it("OUT = wmma: o within the spec's bound of the oracle and of the scalar o, and not its bits", function()
    local ins = case.inputs(spec, S, "normal", 3)
    local wmma = run(spec, ins, {OUT = "wmma"})
    local scalar = run(spec, ins, {})
    local args = {}
    for i, b in ipairs(ins) do args[i] = b end
    args[#ins + 1] = {eps = specmod.scalar_value(spec.scalars[1])}
    local o, om = spec.oracle(kcv.mp, table.unpack(args, 1, #ins + 1))
    local b = errmodel.bound(spec, S, spec.outputs[1], "probabilistic")
    local info = kcv.cmp.within(wmma[1], o, {mag = om, c_mag = b.c_mag, c_rel = b.c_rel, c_abs = b.c_abs})
    assert.is_true(info.ok, ("o[%s]: worst ratio %g against the oracle"):format(tostring(info.worst_index), info.ratio))
    -- each of the two is rounded once to bf16: one rounding more apart
    info = kcv.cmp.within(wmma[1], scalar[1], {mag = om, c_mag = b.c_mag, c_rel = 2 * b.c_rel, c_abs = b.c_abs})
    assert.is_true(info.ok, ("o[%s]: worst ratio %g against the scalar o"):format(tostring(info.worst_index), info.ratio))
    assert.is_false((kcv.cmp.bytes_equal(wmma[1], scalar[1])), "OUT = wmma gave the scalar path's bits")
    assert.is_true((kcv.cmp.bytes_equal(wmma[2], scalar[2])), "ht is launch 2's, not launch 3's")
  end)

  -- without the fallback, P's zeros above the diagonal times the Inf in
  -- delta_70 would make o NaN at rows 64..69 of that chunk, where the
  -- scalar path (a selection s <= t) keeps it finite
  it("OUT = wmma: a block that meets an Inf in v takes the scalar path (o bit for bit the scalar kernel's)", function()
    local ins = case.inputs(spec, S, "normal", 3)
    ins[3]:set((70 * S.H * S.G + 1) * S.V + 5, math.huge)   -- v at t = 70 (chunk 1), value head 1, column 5
    local wmma = run(spec, ins, {OUT = "wmma"})
    local scalar = run(spec, ins, {})
    -- the block that meets it: chunk 1 (t = 64..99) of value head 1; the
    -- others take the tensor cores, whose bits may differ from the scalar's
    local nonfinite, HV = 0, S.H * S.G
    for t = 64, S.T - 1 do
      for j = 0, S.V - 1 do
        local i = (t * HV + 1) * S.V + j
        local y = scalar[1]:get(i)
        if y ~= y or math.abs(y) == math.huge then nonfinite = nonfinite + 1 end
        assert.are.equal(kcv.tobits(y, "f32"), kcv.tobits(wmma[1]:get(i), "f32"),
                         ("o[%d] (t = %d, column %d) differs from the scalar kernel's"):format(i, t, j))
      end
    end
    assert.is_true(nonfinite > 0, "the Inf reached no element of o")
  end)

  it("default build: o and ht are the bits of the kernel before the knob (and of OUT = scalar)", function()
    local ins = case.inputs(spec, S, "normal", 3)
    local plain = run(spec, ins, {})
    local explicit = run(spec, ins, {OUT = "scalar"})
    assert.are.equal("caf76559", checksum(plain[1]))
    assert.are.equal("ef700513", checksum(plain[2]))
    assert.is_true((kcv.cmp.bytes_equal(plain[1], explicit[1])))
    assert.is_true((kcv.cmp.bytes_equal(plain[2], explicit[2])))
  end)
end)
