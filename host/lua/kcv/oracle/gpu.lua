-- kcv/oracle/gpu.lua — oracle primitives on the device, with kcv.mp's
-- results bit for bit.
--
--   local mp = require("kcv.oracle.gpu").for_backend("cuda")
--   local C, mag = mp.gemm(A, B)          -- as kcv.mp.gemm; the rest is kcv.mp
--
-- gemm: each element's exact dot product rounded once and certified on the
-- device (host/oracle/gemm_certified.cu, the host's own certificate from
-- host/mp_acc.h); the rows holding an element the device could not certify
-- are computed again by kcv.mp.gemm (MPFR).  Options other than plain
-- A B (ta, tb, alpha, beta, C), small products, and a device that fails go
-- to kcv.mp.gemm as they are.  docs/ORACLE.md, "On the device".
local kcv = require "kcv"

local M = {}

-- Products below this many multiply-adds stay on the host: a launch and
-- the copies cost more than the CPU's certified path there.
M.MIN_WORK = 1 << 22

local PARAMS = {"ptr", "ptr", "ptr", "ptr", "ptr", "i64", "i64", "i64"}
local kernels = {}

local function root()
  return require("kcv.verify.registry").root()
end

local function kernel(backend)
  if kernels[backend] == nil then
    local k, err = kcv.kernel.load{source = root() .. "/host/oracle/gemm_certified.cu",
                                   name = "gemm_certified", params = PARAMS, backend = backend,
                                   options = {"-I" .. root() .. "/host", "-fmad=false"}}
    kernels[backend] = k or false
    M.load_error = err
  end
  return kernels[backend] or nil
end

-- Rows r (0-based) of the 2-d f64 buffer x, as a new [#rows, cols] buffer.
local function take_rows(x, rows, cols)
  local out = kcv.buffer("f64", #rows, cols)
  local w = 8 * cols
  for i, r in ipairs(rows) do out:setbytes(x:bytes(r * w, w), (i - 1) * w) end
  return out
end

-- Put the rows of src back at rows r of dst (both f64, cols wide).
local function put_rows(dst, src, rows, cols)
  local w = 8 * cols
  for i, r in ipairs(rows) do dst:setbytes(src:bytes((i - 1) * w, w), r * w) end
end

-- The rows (0-based) the kernel marked bad.
local function marked_rows(bad)
  local out = {}
  for r = 0, bad.numel - 1 do
    if bad:get(r) ~= 0 then out[#out + 1] = r end
  end
  return out
end

-- C, mag as kcv.mp.gemm(A, B, opts) gives them, computed on backend.
function M.gemm(A, B, opts, backend)
  if (opts and next(opts)) or A.ndim ~= 2 or B.ndim ~= 2 or A.shape[2] ~= B.shape[1] then
    return kcv.mp.gemm(A, B, opts)
  end
  local m, k, n = A.shape[1], A.shape[2], B.shape[2]
  local kern = m * n * k >= M.MIN_WORK and kernel(backend)
  if not kern then
    M.last = {status = "host", message = m * n * k < M.MIN_WORK and "small" or M.load_error}
    return kcv.mp.gemm(A, B)
  end
  local a, b = A:cast("f64"), B:cast("f64")
  local y, mag, bad = kcv.buffer("f64", m, n), kcv.buffer("f64", m, n), kcv.buffer("i32", m):fill(0)
  local tiles = ((m + 15) // 16) * ((n + 15) // 16)
  local r = kern:launch{grid = tiles, block = 256, args = {a, b, y, mag, bad, m, n, k}, timeout = 600}
  if r.status ~= "ok" then
    M.last = {status = r.status, message = r.message}
    return kcv.mp.gemm(A, B)
  end
  local rows = marked_rows(bad)
  if #rows > 0 then
    local yr, mr = kcv.mp.gemm(take_rows(a, rows, k), b)
    put_rows(y, yr, rows, n)
    put_rows(mag, mr, rows, n)
  end
  M.last = {status = "ok", rows_on_host = #rows}
  return y, mag
end

-- kcv.mp with gemm on backend (nil: kcv.mp itself, for the cpu backend or
-- with KCV_GPU_ORACLE=0).
function M.for_backend(backend, force)
  if not force and (backend ~= "cuda" or os.getenv("KCV_GPU_ORACLE") == "0") then return kcv.mp end
  return setmetatable({gemm = function(A, B, opts) return M.gemm(A, B, opts, backend) end},
                      {__index = kcv.mp})
end

return M
