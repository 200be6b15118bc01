-- kcv/conformance.lua — the conformance test of the CPU backend's CUDA
-- emulation: spec/conformance/conformance.cu evaluates every function of
-- spec/conformance/functions.lua on a fixed grid of inputs, and the
-- outputs must be the GPU's, bit for bit, except for the approximate
-- functions, which must stay within their error bound instead.
--
--   C.list()                          -> functions (with .collectives)
--   C.load(backend [, cubins])        -> a runner (the kernels, loaded)
--   C.run(runner [, progress])        -> results: {functions = {name = r}, collectives = {name = r}}
--       r = {n, sha256, sha_special, head = {hex words}, bound = nil | {checked, fails, maxerr, worst}}
--   C.read(path) / C.write(path, results, meta)
--   C.compare(results, expected)      -> list of {name, why, stale} (empty: the same)
--   C.stale(expected)                 -> {name = why} of stale expected values, and the
--                                        names of spec/conformance/stale.lua that no longer apply
--   C.diff(a, b, runner_a, runner_b)  -> lines listing elements that differ
--   C.bound(name)                     -> the error bound of an approximate function
--
-- Expected values (spec/conformance/expected.lua) come from a GPU run:
-- tools/device-conformance.  Only digests and the first words of each
-- function's special-value grid are stored; the device script's compare
-- mode lists every element that differs.
local kcv = require "kcv"

local M = {}

M.SOURCE = "spec/conformance/conformance.cu"
M.LIST = "spec/conformance/functions.lua"
M.EXPECTED = "spec/conformance/expected.lua"
M.STALE = "spec/conformance/stale.lua"
M.HEAD = 16                       -- words of each special grid stored in full
local COLL_THREADS, COLL_OUT = 128, 2

function M.list() return dofile(M.LIST) end

---------------------------------------------------------------------------
-- error bounds of the approximate functions (CUDA C++ Programming Guide,
-- "Intrinsic Functions"; the 16-bit math functions have no documented
-- bound: kcv holds them to one ulp of their format)

local FLT_MIN, FLT_MAX, PI = 2 ^ -126, (2 - 2 ^ -23) * 2 ^ 127, math.pi
local FMT = {f = {p = 24, emin = -126, max = FLT_MAX}, h = {p = 11, emin = -14, max = 65504},
             b = {p = 8, emin = -126, max = (2 - 2 ^ -7) * 2 ^ 127}}

local function ulp(r, fmt)
  local e = r == 0 and fmt.emin or math.max(math.floor(math.log(math.abs(r), 2)), fmt.emin)
  return 2.0 ^ (e - fmt.p + 1)
end

local function tanh(x)
  if math.abs(x) < 1e-4 then return x end
  if math.abs(x) > 20 then return x > 0 and 1 or -1 end
  local e = math.exp(2 * x)
  return (e - 1) / (e + 1)
end

local function log2(x) return math.log(x, 2) end
local function log10(x) return math.log(x, 10) end

-- Each bound: ref (the exact value from the argument), and either ulps(x)
-- (ulps of the correctly rounded result), abs = {lo, hi, err} (an absolute
-- error on [lo, hi]) or rel; only = {lo, hi}: no bound outside; ftz: a
-- result below FLT_MIN may be flushed to zero; ftz_in: a subnormal
-- argument may be taken for zero.
local B = {
  __expf = {ref = math.exp, ulps = function(x) return 2 + math.floor(math.abs(1.173 * x)) end, ftz = true,
            doc = "2 + floor(|1.173 x|) ulp"},
  __exp10f = {ref = function(x) return 10.0 ^ x end, ulps = function(x) return 2 + math.floor(math.abs(2.97 * x)) end,
              ftz = true, doc = "2 + floor(|2.97 x|) ulp"},
  __logf = {ref = math.log, abs = {0.5, 2, 2 ^ -21.41}, ulps = function() return 3 end, ftz_in = true,
            doc = "2^-21.41 absolute on [0.5, 2], else 3 ulp"},
  __log2f = {ref = log2, abs = {0.5, 2, 2 ^ -22}, ulps = function() return 2 end, ftz_in = true,
             doc = "2^-22 absolute on [0.5, 2], else 2 ulp"},
  __log10f = {ref = log10, abs = {0.5, 2, 2 ^ -24}, ulps = function() return 3 end, ftz_in = true,
              doc = "2^-24 absolute on [0.5, 2], else 3 ulp"},
  __sinf = {ref = math.sin, abs = {-PI, PI, 2 ^ -21.41}, only = {-PI, PI}, ftz_in = true,
            doc = "2^-21.41 absolute on [-pi, pi]"},
  __cosf = {ref = math.cos, abs = {-PI, PI, 2 ^ -21.19}, only = {-PI, PI}, ftz_in = true,
            doc = "2^-21.19 absolute on [-pi, pi]"},
  __tanhf = {ref = tanh, rel = 2 ^ -10.987, doc = "2^-10.987 relative"},
  fdividef = {doc = "2 ulp for 2^-126 <= |y| <= 2^126; 0 (NaN for infinite x) for 2^126 < |y| < 2^128"},
}
for f, ref in pairs{hsqrt = math.sqrt, hrsqrt = function(x) return 1 / math.sqrt(x) end,
                    hrcp = function(x) return 1 / x end, hexp = math.exp, hexp2 = function(x) return 2.0 ^ x end,
                    hlog = math.log, hlog2 = log2} do
  B["ulp16:" .. f] = {ref = ref, ulps16 = 1, doc = "1 ulp of the format (kcv's; CUDA documents none)"}
end

function M.bound(approx) return B[approx] end

local function isnan(x) return x ~= x end

-- Whether got is within bound b of the exact value of f at x (fmt: the
-- result's format); returns ok, error in the bound's unit.
local function within(b, x, got, fmt)
  if b.ftz_in and x ~= 0 and math.abs(x) < FLT_MIN then     -- a subnormal taken for a zero
    local r0 = b.ref(x < 0 and -0.0 or 0.0)
    if got == r0 or (isnan(r0) and isnan(got)) then return true, 0 end
  end
  local r = b.ref(x)
  if isnan(r) or isnan(x) then return isnan(got), 0 end
  if b.only and not (x >= b.only[1] and x <= b.only[2]) then return not isnan(got), 0 end
  if r == math.huge or r == -math.huge then return got == r, got == r and 0 or math.huge end
  if b.ftz and math.abs(r) < FLT_MIN and got == 0 then return true, 0 end
  if got == math.huge or got == -math.huge then
    local big = got > 0 == (r > 0) and math.abs(r) >= fmt.max
    return big, big and 0 or math.huge
  end
  local err = math.abs(got - r)
  if b.abs and x >= b.abs[1] and x <= b.abs[2] then return err <= b.abs[3], err / b.abs[3] end
  if b.rel then
    local e = r == 0 and err or err / math.abs(r)
    return e <= b.rel + 2 ^ -24, e / b.rel
  end
  if b.ulps16 then return err <= b.ulps16 * ulp(r, fmt), err / ulp(r, fmt) end
  local u = err / ulp(r, fmt)
  return u <= b.ulps(x) + 0.5, u / (b.ulps(x) + 0.5)
end

-- __fdividef(x, y): 2 ulp on the documented range of y, the exact
-- special results just above it.
local function fdividef_ok(x, y, got)
  local ay = math.abs(y)
  if ay > 2 ^ 126 and ay < 2 ^ 128 then
    if x ~= x or math.abs(x) == math.huge then return isnan(got), 0 end
    return got == 0, got == 0 and 0 or math.huge
  end
  if not (ay >= FLT_MIN and ay <= 2 ^ 126) or x ~= x or math.abs(x) == math.huge then return true, 0 end
  local r = x / y
  if math.abs(r) < FLT_MIN or math.abs(r) > FLT_MAX then return true, 0 end
  local u = math.abs(got - r) / ulp(r, FMT.f)
  return u <= 2.5, u / 2.5
end

---------------------------------------------------------------------------
-- running the kernels

local PARAMS = {"i32", "i32", "ptr", "i64"}

-- The kernels on backend: compiled from the source (one part), or the
-- cubins that nvcc built of its parts (cubin k holds the functions
-- fn % #cubins == k - 1 and, the first, the collectives).
function M.load(backend, cubins)
  local sources = cubins or {M.SOURCE}
  local runner = {parts = {}, backend = backend}
  for k, source in ipairs(sources) do
    local c, err = kcv.kernel.load{source = source, name = "conf", params = PARAMS, backend = backend,
                                   options = {"-Ispec/conformance"}}
    if not c then return nil, err end
    if c.needs_device then return nil, c.needs_device end
    runner.parts[k] = c
  end
  local kc, err = kcv.kernel.load{source = sources[1], name = "conf_coll", params = {"i32", "ptr"},
                                  backend = backend, options = {"-Ispec/conformance"}}
  if not kc then return nil, err end
  runner.kc = kc
  return runner
end

local function launch(runner, fn, what, out, n)
  local k = runner.parts[fn % #runner.parts + 1]
  local r = k:launch{grid = 64, block = 256, args = {fn, what, out, n}, timeout = 600}
  if r.status ~= "ok" then error(("conformance kernel, function %d: %s: %s"):format(fn, r.status, r.message or ""), 0) end
end

function M.count(runner, fn)
  local c = kcv.buffer("u64", 1)
  launch(runner, fn, -1, c, 1)
  return c:get(0)
end

-- The outputs of function fn (0-based), and of its argument slot `what`.
function M.outputs(runner, fn, what)
  local n = M.count(runner, fn)
  local out = kcv.buffer("u64", n)
  launch(runner, fn, what or 0, out, n)
  return out, n
end

-- The outputs of collective fn; seed: the CPU backend's thread order
-- (default fn).
function M.collective(runner, fn, seed)
  local out = kcv.buffer("u64", COLL_THREADS * COLL_OUT)
  local r = runner.kc:launch{grid = 1, block = COLL_THREADS, args = {fn, out}, sched_seed = seed or fn}
  if r.status ~= "ok" then error(("conf_coll %d: %s: %s"):format(fn, r.status, r.message or ""), 0) end
  return out
end

local function specials(f)
  if #f.args == 1 and f.args:match("^[hbsS]$") then return nil end
  return true
end

-- sha256 of many strings at once (one sha256sum process)
local function sha256_all(blobs)
  local dir = os.tmpname()
  os.remove(dir)
  assert(os.execute("mkdir -p " .. dir))
  local names = {}
  for i, s in ipairs(blobs) do
    names[i] = ("%s/%05d"):format(dir, i)
    local h = assert(io.open(names[i], "wb"))
    h:write(s)
    h:close()
  end
  local p = assert(io.popen("cd " .. dir .. " && sha256sum * 2>&1"))
  local sums = {}
  for line in p:lines() do
    local sum, name = line:match("^(%x+)%s+%*?(%d+)$")
    if sum then sums[tonumber(name)] = sum end
  end
  p:close()
  os.execute("rm -rf " .. dir)
  for i = 1, #blobs do assert(sums[i], "sha256sum failed on " .. names[i]) end
  return sums
end

local function hexwords(buf, first, count)
  local t = {}
  for i = first, math.min(first + count, buf.numel) - 1 do t[#t + 1] = ("%x"):format(buf:bits(i)) end
  return t
end

local RESULT_FMT = {f = FMT.f, h = FMT.h, b = FMT.b}

-- The bound check of approximate function f (its outputs out).
local function check_bound(runner, fn, f, out, n)
  local xs = M.outputs(runner, fn, 1)
  local ys = f.approx == "fdividef" and M.outputs(runner, fn, 2) or nil
  local dt = f.args == "h" and "f16" or f.args == "b" and "bf16" or "f32"
  local rdt = f.ret == "h" and "f16" or f.ret == "b" and "bf16" or "f32"
  local b, fmt = B[f.approx], RESULT_FMT[f.ret]
  local res = {checked = n, fails = 0, maxerr = 0}
  for i = 0, n - 1 do
    local x = kcv.frombits(xs:bits(i), dt)
    local got = kcv.frombits(out:bits(i) & 0xffffffff, rdt)
    local ok, e
    if ys then ok, e = fdividef_ok(x, kcv.frombits(ys:bits(i), "f32"), got)
    else ok, e = within(b, x, got, fmt) end
    if e > res.maxerr and e < math.huge then res.maxerr = e end
    if not ok then
      res.fails = res.fails + 1
      if not res.worst then
        res.worst = {i = i, x = ("%a"):format(x), y = ys and ("%a"):format(kcv.frombits(ys:bits(i), "f32")),
                     got = ("%a"):format(got)}
      end
    end
  end
  return res
end

-- Run every function; progress(i, total, name) if given.
function M.run(runner, progress)
  local list = M.list()
  local res = {functions = {}, collectives = {}}
  local blobs, owners = {}, {}
  for fn, f in ipairs(list) do
    if progress then progress(fn, #list, f.name) end
    local out, n = M.outputs(runner, fn - 1)
    local r = {n = n}
    if f.approx then r.bound = check_bound(runner, fn - 1, f, out, n) end
    blobs[#blobs + 1], owners[#owners + 1] = out:bytes(), {r, "sha256"}
    if specials(f) then
      local ns = 1
      local grid = {h = 20, b = 20, H = 20, B = 20, f = 36, d = 20, i = 18, u = 18, l = 14, L = 14}
      for k = 1, #f.args do ns = ns * grid[f.args:sub(k, k)] end
      r.nspecial = ns
      blobs[#blobs + 1], owners[#owners + 1] = out:bytes(0, ns * 8), {r, "sha_special"}
      r.head = hexwords(out, 0, M.HEAD)
    else
      local pick = kcv.buffer("u64", 0 + #M.SPECIAL16)
      for j, bits in ipairs(M.SPECIAL16) do pick:setbits(j - 1, out:bits(bits)) end
      r.head = hexwords(pick, 0, #M.SPECIAL16)
    end
    res.functions[f.name] = r
  end
  for fn, name in pairs(list.collectives) do
    local out = M.collective(runner, fn)
    local r = {n = out.numel, head = hexwords(out, 0, M.HEAD)}
    blobs[#blobs + 1], owners[#owners + 1] = out:bytes(), {r, "sha256"}
    res.collectives[name] = r
  end
  for i, sum in ipairs(sha256_all(blobs)) do owners[i][1][owners[i][2]] = sum end
  return res
end

-- the 16-bit patterns whose outputs a unary 16-bit function stores in full
M.SPECIAL16 = {0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x0400, 0x3c00, 0xbc00, 0x7bff, 0xfbff, 0x7c00,
               0xfc00, 0x7e00, 0x7c01, 0xfe01, 0x3c01, 0x0080, 0x3f80, 0x7f7f, 0x7f80, 0xff80, 0x7fc0}

---------------------------------------------------------------------------
-- expected values

local function ser(v, ind)
  if type(v) == "string" then return ("%q"):format(v) end
  if type(v) ~= "table" then return tostring(v) end
  local keys = {}
  for k in pairs(v) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b)
    if type(a) == type(b) then return a < b end
    return type(a) == "number"
  end)
  if #v > 0 and #keys == #v then
    local t = {}
    for _, x in ipairs(v) do t[#t + 1] = ser(x, ind) end
    return "{" .. table.concat(t, ", ") .. "}"
  end
  local t, pad = {}, ind .. "  "
  for _, k in ipairs(keys) do
    local key = type(k) == "string" and k:match("^[%a_][%w_]*$") and k or "[" .. ser(k, "") .. "]"
    t[#t + 1] = pad .. key .. " = " .. ser(v[k], pad)
  end
  return "{\n" .. table.concat(t, ",\n") .. "\n" .. ind .. "}"
end

function M.write(path, res, meta)
  local h = assert(io.open(path, "w"))
  h:write("-- Written by tools/device-conformance: the conformance kernel's outputs on a GPU\n",
          "-- (sha256 of every function's output words; the first words of its special-value\n",
          "-- grid in hex).  Regenerate, do not edit.\n",
          "return ", ser({meta = meta, functions = res.functions, collectives = res.collectives}, ""), "\n")
  h:close()
end

function M.read(path)
  local f = io.open(path)
  if not f then return nil end
  f:close()
  return dofile(path)
end

-- The expected values that spec/conformance/stale.lua marks stale and that
-- exp still holds: {name = why}; and the names whose entry no longer
-- applies (exp was rewritten since: the entry should go).
function M.stale(exp)
  local s, live, gone = M.read(M.STALE), {}, {}
  for _, sec in ipairs{"functions", "collectives"} do
    for name, sha in pairs(s and s[sec] or {}) do
      local e = exp[sec] and exp[sec][name]
      if e and e.sha256 == sha then live[name] = s.why else gone[#gone + 1] = name end
    end
  end
  table.sort(gone)
  return live, gone
end

-- Differences between results and expected: {name, why} each; stale =
-- true where the expected value is stale (M.stale) rather than the
-- results wrong.
function M.compare(res, exp)
  local diffs, stale = {}, M.stale(exp)
  local function one(name, r, e, approx)
    if not e then diffs[#diffs + 1] = {name = name, why = "not in the expected values (regenerate them)"}; return end
    if stale[name] then
      if r.sha256 ~= e.sha256 then
        diffs[#diffs + 1] = {name = name, stale = true,
                             why = "stale expected value, waiting for a GPU run of tools/device-conformance: " .. stale[name]}
      end
      return
    end
    if approx then
      if r.bound.fails > 0 then
        local w = r.bound.worst
        diffs[#diffs + 1] = {name = name, why = ("%d of %d outside the bound, first at element %d: x = %s%s, got %s"):format(
          r.bound.fails, r.bound.checked, w.i, w.x, w.y and (", y = " .. w.y) or "", w.got)}
      end
      return
    end
    if r.sha256 == e.sha256 then return end
    local why = r.sha_special and r.sha_special == e.sha_special and "the special-value grid agrees, the random part differs"
                or "differs"
    for j = 1, math.max(#r.head, #(e.head or {})) do
      if r.head[j] ~= (e.head or {})[j] then
        why = why .. (": word %d is %s, expected %s"):format(j - 1, tostring(r.head[j]), tostring(e.head[j]))
        break
      end
    end
    diffs[#diffs + 1] = {name = name, why = why}
  end
  local list = M.list()
  for _, f in ipairs(list) do one(f.name, res.functions[f.name], exp.functions[f.name], f.approx) end
  for _, name in pairs(list.collectives) do one(name, res.collectives[name], exp.collectives[name]) end
  table.sort(diffs, function(a, b) return a.name < b.name end)
  return diffs
end

-- Every element that differs between two runners (say cpu and cuda), at
-- most `limit` per function: lines "name [i] args -> a vs b".
function M.diff(ra, rb, limit, progress)
  limit = limit or 8
  local list, lines, nfun = M.list(), {}, 0
  for fn, f in ipairs(list) do
    if progress then progress(fn, #list, f.name) end
    if not f.approx then
      local a, n = M.outputs(ra, fn - 1)
      local b = M.outputs(rb, fn - 1)
      local shown, count = 0, 0
      local args = {}
      for i = 0, n - 1 do
        if a:bits(i) ~= b:bits(i) then
          count = count + 1
          if shown < limit then
            for s = 1, #f.args do args[s] = args[s] or M.outputs(ra, fn - 1, s) end
            local av = {}
            for s = 1, #f.args do av[s] = ("%x"):format(args[s]:bits(i)) end
            lines[#lines + 1] = ("%s [%d] args %s -> %s: %x, %s: %x"):format(f.name, i, table.concat(av, ","),
              ra.backend, a:bits(i), rb.backend, b:bits(i))
            shown = shown + 1
          end
        end
      end
      if count > 0 then
        nfun = nfun + 1
        lines[#lines + 1] = ("%s: %d of %d elements differ"):format(f.name, count, n)
      end
    end
  end
  for fn, name in pairs(list.collectives) do
    local a, b = M.collective(ra, fn), M.collective(rb, fn)
    for i = 0, a.numel - 1 do
      if a:bits(i) ~= b:bits(i) then
        nfun = nfun + 1
        lines[#lines + 1] = ("%s [thread %d word %d] -> %s: %x, %s: %x"):format(name, i // 2, i % 2,
          ra.backend, a:bits(i), rb.backend, b:bits(i))
        break
      end
    end
  end
  return lines, nfun
end

return M
