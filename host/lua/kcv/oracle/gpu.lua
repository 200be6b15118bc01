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
-- to kcv.mp.gemm as they are.
-- gdn, gdn_bwd: kcv.mp.gdn's lanes, a block a lane and a thread per state
-- column (host/oracle/gdn_fwd.cu, gdn_bwd.cu), the decays computed here by
-- the host's exp; small work, arguments kcv.mp would question, and a
-- device that fails go to kcv.mp as they are.  docs/ORACLE.md, "On the device".
local kcv = require "kcv"

local M = {}

-- Products below this many multiply-adds stay on the host: a launch and
-- the copies cost more than the CPU's certified path there.
M.MIN_WORK = 1 << 22

-- n pointers, then m i64, then the tail (a kernel's parameter list)
local function params(n, m, tail)
  local list = {}
  for i = 1, n + m do list[i] = i <= n and "ptr" or "i64" end
  list[#list + 1] = tail
  return list
end

local PARAMS = {
  gemm_certified = params(5, 3),
  gdn_fwd_oracle = params(11, 8, "f64"),
  gdn_bwd_oracle = params(21, 9, "f64"),
}
local SOURCES = {gemm_certified = "gemm_certified.cu", gdn_fwd_oracle = "gdn_fwd.cu",
                 gdn_bwd_oracle = "gdn_bwd.cu"}
local kernels = {}

local function root()
  return require("kcv.verify.registry").root()
end

-- The device oracle's sources, {name = path}, and the NVRTC options they
-- are built with (TwoProduct and TwoSum need every operation rounded alone).
function M.sources()
  local out = {}
  for name, file in pairs(SOURCES) do out[name] = root() .. "/host/oracle/" .. file end
  return out
end

function M.options()
  return {"-I" .. root() .. "/host", "-fmad=false"}
end

-- Kernel `name` of host/oracle/ on backend, loaded once (nil where it fails:
-- M.load_error says why).
local function kernel(backend, name)
  local key = backend .. "/" .. name
  if kernels[key] == nil then
    local k, err = kcv.kernel.load{source = M.sources()[name], name = name, params = PARAMS[name],
                                   backend = backend, options = M.options()}
    kernels[key] = k or false
    M.load_error = err
  end
  return kernels[key] or nil
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
  local kern = m * n * k >= M.MIN_WORK and kernel(backend, "gemm_certified")
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

-- Whether x is a float buffer of exactly these dims (what kcv.mp.gdn takes).
local function shaped(x, dims)
  if type(x) ~= "userdata" or x.ndim ~= #dims or not kcv.dtype(x.dtype).is_float then return false end
  for d = 1, #dims do if x.shape[d] ~= dims[d] then return false end end
  return true
end

local GDN_FIELDS = {q = true, k = true, v = true, g = true, beta = true, h0 = true, scale = true}
local GDN_BWD_FIELDS = setmetatable({["do"] = true, dht = true}, {__index = GDN_FIELDS})

-- The dims of a call kcv.mp.gdn (or, with backward, gdn_bwd) would take as
-- it is, or nil.
local function gdn_dims(a, backward)
  if type(a) ~= "table" then return nil end
  for name in pairs(a) do if not (backward and GDN_BWD_FIELDS or GDN_FIELDS)[name] then return nil end end
  local q, v = a.q, a.v
  if type(q) ~= "userdata" or type(v) ~= "userdata" or q.ndim ~= 4 or v.ndim ~= 4 then return nil end
  local B, T, H, K, V = q.shape[1], q.shape[2], q.shape[3], q.shape[4], v.shape[4]
  local ok = shaped(a.k, {B, T, H, K}) and shaped(v, {B, T, H, V})
             and (a.g == nil or shaped(a.g, {B, T, H}) or shaped(a.g, {B, T, H, K}))
             and (a.beta == nil or shaped(a.beta, {B, T, H})) and (a.h0 == nil or shaped(a.h0, {B, H, K, V}))
             and (a.scale == nil or math.type(a.scale) ~= nil)
             and (not backward or shaped(a["do"], {B, T, H, V}) and (a.dht == nil or shaped(a.dht, {B, H, K, V})))
  if not ok then return nil end
  return B, T, H, K, V
end

local function f64(x) return x and x:cast("f64") end

-- Why the device does not take a gdn call of these dims (nil: it does).
local function gdn_host_why(B, T, H, K, V, max_kv)
  if not B then return "arguments for kcv.mp to judge" end
  if K > max_kv or V > max_kv or B * T * H * K * V < M.MIN_WORK then return "small or too wide" end
  return nil
end

-- The device kernel for a gdn call (backward: gdn_bwd) and its dims; nil
-- where the host takes it (M.last says why).
local function gdn_on_device(args, backward, backend)
  local B, T, H, K, V = gdn_dims(args, backward)
  local why = gdn_host_why(B, T, H, K, V, backward and 256 or 1024)
  local kern = not why and kernel(backend, backward and "gdn_bwd_oracle" or "gdn_fwd_oracle")
  if not kern then
    M.last = {status = "host", message = why or M.load_error}
    return nil
  end
  return kern, B, T, H, K, V
end

-- What both kernels take first: the gate's kind (0 none, 1 scalar, 2 per
-- key), the decays exp(g) by the host's exp, and a stand-in for an absent
-- input.
local function gdn_common(args)
  local none = kcv.buffer("f64", 1):fill(0)
  local gate = not args.g and 0 or args.g.ndim == 3 and 1 or 2
  return gate, args.g and kcv.mp.gdn_decays(args.g) or none, none
end

-- Whether launch result r is ok (M.last says how it went).
local function ran(r)
  M.last = r.status == "ok" and {status = "ok"} or {status = r.status, message = r.message}
  return r.status == "ok"
end

-- o, ht, o_mag, ht_mag as kcv.mp.gdn(args) gives them, computed on backend.
function M.gdn(args, backend)
  local kern, B, T, H, K, V = gdn_on_device(args, false, backend)
  if not kern then return kcv.mp.gdn(args) end
  local gate, eg, none = gdn_common(args)
  local o, om = kcv.buffer("f64", B, T, H, V), kcv.buffer("f64", B, T, H, V)
  local ht, hm = kcv.buffer("f64", B, H, K, V), kcv.buffer("f64", B, H, K, V)
  local S = kcv.buffer("f64", B * H * K * V)
  local r = kern:launch{grid = B * H, block = 32 * ((V + 31) // 32), timeout = 600, scratch = {[S] = 0},
                        args = {f64(args.q), f64(args.k), f64(args.v), eg, f64(args.beta) or none,
                                f64(args.h0) or none, S, o, om, ht, hm, B, T, H, K, V, gate,
                                args.beta and 1 or 0, args.h0 and 1 or 0, args.scale or 1 / math.sqrt(K)}}
  if not ran(r) then return kcv.mp.gdn(args) end
  return o, ht, om, hm
end

-- The names in gdn_bwd's table (and its `mag`), in the kernel's order.
local GRADIENTS = {"dq", "dk", "dv", "dg", "dbeta", "dh0"}
M.GRADIENTS = GRADIENTS

-- kcv.mp.gdn_bwd(args)'s table of gradients and magnitudes, computed on
-- backend (host/oracle/gdn_bwd.cu).
function M.gdn_bwd(args, backend)
  local kern, B, T, H, K, V = gdn_on_device(args, true, backend)
  if not kern then return kcv.mp.gdn_bwd(args) end
  local gate, eg, none = gdn_common(args)
  local shapes = {dq = {B, T, H, K}, dk = {B, T, H, K}, dv = {B, T, H, V}, dh0 = {B, H, K, V},
                  dg = gate == 2 and {B, T, H, K} or gate == 1 and {B, T, H} or nil,
                  dbeta = args.beta and {B, T, H} or nil}
  local res, mag = {}, {}
  for _, name in ipairs(GRADIENTS) do
    res[name] = shapes[name] and kcv.buffer("f64", shapes[name])
    mag[name] = shapes[name] and kcv.buffer("f64", shapes[name])
  end
  local nseg = (T + 63) // 64                   -- gdn_bwd.cu's workspace, per lane
  local W = kcv.buffer("f64", B * H * ((nseg + 69) * K * V + (nseg + 65) * V))
  local a = {f64(args.q), f64(args.k), f64(args.v), eg, f64(args.beta) or none, f64(args.h0) or none,
             f64(args["do"]), f64(args.dht) or none, W}
  for _, name in ipairs(GRADIENTS) do a[#a + 1] = res[name] or none end
  for _, name in ipairs(GRADIENTS) do a[#a + 1] = mag[name] or none end
  for _, n in ipairs{B, T, H, K, V, gate, args.beta and 1 or 0, args.h0 and 1 or 0, args.dht and 1 or 0,
                     args.scale or 1 / math.sqrt(K)} do a[#a + 1] = n end
  local r = kern:launch{grid = B * H, block = 32 * ((math.max(K, V) + 31) // 32), timeout = 600, args = a,
                        scratch = {[W] = 0}}
  if not ran(r) then return kcv.mp.gdn_bwd(args) end
  res.mag = mag
  return res
end

-- kcv.mp with gemm on backend (kcv.mp itself for the cpu backend or with
-- KCV_GPU_ORACLE=0); gdn and gdn_bwd too only with KCV_GPU_ORACLE=gdn (or
-- force): on the H200 they took 2.7-15x the time of the host's 16 cores
-- (docs/PERF.md, 2026-12-03), a win only where the host has few cores.
function M.for_backend(backend, force)
  local want = os.getenv("KCV_GPU_ORACLE")
  if not force and (backend ~= "cuda" or want == "0") then return kcv.mp end
  local mp = {gemm = function(A, B, opts) return M.gemm(A, B, opts, backend) end}
  if force or want == "gdn" then
    mp.gdn = function(args) return M.gdn(args, backend) end
    mp.gdn_bwd = function(args) return M.gdn_bwd(args, backend) end
  end
  return setmetatable(mp, {__index = kcv.mp})
end

return M
