-- kcv/verify/errmodel.lua — the tolerances of the thresholded gates, derived
-- from a spec's error_model and nothing else (docs/TOLERANCES.md).
--
-- Per output element i with oracle value y*_i and oracle magnitude mag_i:
--   probabilistic: |y_i - y*_i| <= c * u_acc * min(LAMBDA*sqrt(N), g(N)) * mag_i
--                                  + (u_out + r * u_acc) * |y*_i| + tiny_out
--   worst case:    |y_i - y*_i| <= c * g(N) * mag_i + (u_out + r * u_acc) * |y*_i| + tiny_out
-- where g(N) = N / (1 - N*u_acc) (so that u_acc*g(N) is Higham's gamma_N),
-- u_acc and u_out are the unit roundoffs of the accumulator and output dtypes
-- tiny_out is the output dtype's smallest subnormal (one unit of the
-- bottom of the range, where relative bounds say nothing), and r is
-- error_model.rounds (default 0): roundings in the accumulator precision
-- that act on the scale of the result itself rather than on the reduced
-- terms (log_softmax's x - m, then minus log S: two of them).

local kcv = require "kcv"
local specmod = require "kcv.verify.spec"

local M = {}

-- The fixed safety factor of the probabilistic bound (Higham & Mary 2019:
-- the bound lambda*sqrt(N)*u holds with probability >= 1 - 2*exp(-lambda^2/2)
-- per element; lambda = 6 gives 3e-8).
M.LAMBDA = 6

local function unit_roundoff(dtype)
  return kcv.dtype(dtype).unit_roundoff
end

local function worst_factor(N, u)
  local nu = N * u
  if nu >= 1 then return math.huge end
  return N / (1 - nu)
end

-- bound(spec, s, output, mode) -> opts for kcv.cmp.within plus a description:
-- {c_mag=, c_rel=, c_abs=, N=, u_acc=, u_out=, mode=, formula=}.
-- mode is "probabilistic" (CMP gates, PRC gates) or "worst" (ORD-01).
function M.bound(spec, s, output, mode)
  local em = spec.error_model
  local N = math.max(1, specmod.reduction_length(spec, s))
  local u_acc = unit_roundoff(em.accumulator)
  local u_out = unit_roundoff(output.dtype)
  local k
  if mode == "worst" then
    k = worst_factor(N, u_acc)
  else
    mode = "probabilistic"
    k = math.min(M.LAMBDA * math.sqrt(N), worst_factor(N, u_acc))
  end
  local t = {
    c_mag = em.c * u_acc * k,
    c_rel = u_out + (em.rounds or 0) * u_acc,
    c_abs = kcv.dtype(output.dtype).min_subnormal,
    N = N, u_acc = u_acc, u_out = u_out, mode = mode,
  }
  t.formula = ("%s bound: %g*mag + %g*|y*| + %g  (c=%g, rounds=%d, N=%d, u_acc=%g, u_out=%g)"):format(
    mode, t.c_mag, t.c_rel, t.c_abs, em.c, em.rounds or 0, N, u_acc, u_out)
  return t
end

return M
