-- api_probe.lua GROUP TRACE [N]: call every function of one group of the kcv
-- API with wrong argument types and counts, each inside pcall.  Run by
-- spec/api_fuzz_spec.lua through `./kcv run`, one child process per group,
-- so that a crash kills only this process.
--
-- Before each call its description goes, unbuffered, to the file TRACE (one
-- line, "CALL <description>"): after a crash the last line names the call.
-- An error object that is not a string is a line "BADERR <description>" on
-- stdout.  At the end: "PROBE-DONE <group> <calls>" on stdout.
local group, trace_path, nrand = arg[1], arg[2], tonumber(arg[3] or "600")
assert(group and trace_path, "usage: api_probe.lua GROUP TRACE [N]")
local trace = assert(io.open(trace_path, "w"))
trace:setvbuf("no")
io.stdout:setvbuf("line")

-- ---- the value pool --------------------------------------------------

local function buf(dt, shape) return kcv.buffer(dt, shape) end
local bufs = {
  {"f32[4]", buf("f32", {4})},
  {"f64[2,3]", buf("f64", {2, 3})},
  {"f16[3]", buf("f16", {3})},
  {"bf16[2]", buf("bf16", {2})},
  {"f8e4m3[2]", buf("f8e4m3", {2})},
  {"i32[4]", buf("i32", {4})},
  {"i64[2]", buf("i64", {2})},
  {"u8[5]", buf("u8", {5})},
  {"u64[1]", buf("u64", {1})},
  {"bool[3]", buf("bool", {3})},
  {"f32[0]", buf("f32", {0})},
  {"f64[]", buf("f64", {})},           -- 0-d: one element
  {"f32[3,2]^T", buf("f32", {3, 2}):transpose()},   -- non-contiguous view
  {"f32[1,1,1,1,1,1,1,1]", buf("f32", {1, 1, 1, 1, 1, 1, 1, 1})},
}

local pool = {
  {"nil", nil}, {"true", true}, {"false", false},
  {"0", 0}, {"1", 1}, {"-1", -1}, {"2", 2}, {"3", 3}, {"8", 8}, {"9", 9},
  {"0.5", 0.5}, {"-0.0", -0.0}, {"1.5", 1.5},
  {"NaN", 0 / 0}, {"inf", math.huge}, {"-inf", -math.huge},
  {"1e308", 1e308}, {"-1e308", -1e308}, {"1e19", 1e19},
  {"maxinteger", math.maxinteger}, {"mininteger", math.mininteger},
  {"2^31", 2 ^ 31}, {"2^32", 2 ^ 32}, {"-2^31", -(2 ^ 31)}, {"2^53", 2 ^ 53},
  {"2^63", 2 ^ 63}, {"2^62|0", 1 << 62}, {"-2^62|0", -(1 << 62)},
  {"''", ""}, {"'f32'", "f32"}, {"'i32'", "i32"}, {"'bool'", "bool"},
  {"'bogus'", "bogus"}, {"'nan'", "nan"}, {"'cpu'", "cpu"}, {"'exp'", "exp"},
  {"'%s%n'", "%s%n%d"}, {"'long'", string.rep("x", 5000)}, {"'\\0'", "a\0b"},
  {"'/dev/null'", "/dev/null"}, {"'/'", "/"},
  {"{}", {}}, {"{1,2,3}", {1, 2, 3}}, {"{-1}", {-1}}, {"{0}", {0}},
  {"{2,3}", {2, 3}}, {"{1e30}", {1e30}}, {"{maxint,2}", {math.maxinteger, 2}},
  {"{2^40,2^40}", {2 ^ 40, 2 ^ 40}}, {"{NaN}", {0 / 0}},
  {"{'a'}", {"a"}}, {"{{}}", {{}}}, {"{1,1,...x9}", {1, 1, 1, 1, 1, 1, 1, 1, 1}},
  {"{x=1}", {x = 1}}, {"{[0]=1}", {[0] = 1}}, {"{1,nil,3}", {1, nil, 3}},
  {"function", print}, {"coroutine", coroutine.create(function() end)},
  {"io.stdout", io.stdout},
  -- lists whose __len lies (their elements are nil)
  {"{#=-1}", setmetatable({}, {__len = function() return -1 end})},
  {"{#=2^40}", setmetatable({}, {__len = function() return 1 << 40 end})},
  {"{#=2^32+1}", setmetatable({}, {__len = function() return (1 << 32) + 1 end})},
  {"{#=maxint}", setmetatable({}, {__len = function() return math.maxinteger end})},
}
local npool = #pool   -- the entries (before the buffers) that random calls draw from
for _, b in ipairs(bufs) do pool[#pool + 1] = b end

-- option names the host reads from tables
local optkeys = {"args", "backend", "flush", "join", "kernel", "launches", "mag",
  "name", "options", "params", "path", "signs", "smem", "source", "stream", "time",
  "timeout", "alpha", "approximate", "at", "atol", "axis", "beta", "c_abs", "c_mag",
  "c_rel", "count", "dirty", "eps", "equal_nan", "finite_detail", "hi", "lo",
  "mean", "mixed", "nan_sign", "p", "payload", "placement", "redzone", "repeats",
  "reps", "round_expected", "rtol", "scale", "sched_seed", "seed", "start", "std",
  "step", "ta", "tb", "ulps", "warmup", "zero_sign", "grid", "block", "poison",
  "offset", "memory_limit", "dim", "n", "k", "m", "finite_only", "ref", "alt", "env", "cwd"}
-- (not spawn's "stderr": a random string there would be a file created in the tree)

-- ---- describing and calling -----------------------------------------

local function describe(v, depth)
  depth = depth or 0
  local t = type(v)
  if t == "string" then
    if #v > 20 then return ("'%s...'(%d)"):format(v:sub(1, 8), #v) end
    return ("%q"):format(v):gsub("\n", "n")
  elseif t == "number" then
    if math.type(v) == "integer" then return tostring(v) end
    return ("%.17g"):format(v)
  elseif t == "table" then
    if depth > 2 then return "{...}" end
    local parts = {}
    for k, x in pairs(v) do
      parts[#parts + 1] = (type(k) == "string" and k or "[" .. describe(k, 3) .. "]")
        .. "=" .. describe(x, depth + 1)
      if #parts > 6 then parts[#parts + 1] = "..."; break end
    end
    table.sort(parts)
    return "{" .. table.concat(parts, ",") .. "}"
  elseif t == "userdata" then
    for _, b in ipairs(bufs) do if b[2] == v then return "buf:" .. b[1] end end
    local ok, s = pcall(tostring, v)
    return ok and s or "userdata"
  end
  return t
end

local calls = 0
local function probe(name, f, args, n)
  local d = {}
  for i = 1, n do d[i] = describe(args[i]) end
  local line = name .. "(" .. table.concat(d, ", ") .. ")"
  trace:write("CALL ", line, "\n")
  calls = calls + 1
  local ok, err = pcall(f, table.unpack(args, 1, n))
  if not ok and type(err) ~= "string" then
    print("BADERR " .. line .. " -> " .. type(err) .. " " .. tostring(err))
  end
end

local function pick()
  local r = math.random(npool + #bufs + 3)
  if r <= npool then return pool[r][2] end
  r = r - npool
  if r <= #bufs then return bufs[r][2] end
  -- an options table with a few keys of random values
  local t = {}
  for _ = 1, math.random(1, 4) do
    local e = pool[math.random(#pool)]
    t[optkeys[math.random(#optkeys)]] = e[2]
  end
  return t
end

-- Every 0-, 1- and 2-argument call from the pool (the first argument fixed
-- to `first` when given: a method's self), every single option in a table at
-- each position, then `nrand` random calls of up to 5 arguments.
local function fuzz(name, f, first, light)
  local off = first and 1 or 0
  local step = light and 4 or 1
  local function call(n, ...)
    local a = {...}
    if first then table.insert(a, 1, first) end
    probe(name, f, a, n + off)
  end
  call(0)
  for i = 1, #pool do call(1, pool[i][2]) end
  for i = 1, #pool do
    for j = 1, #pool, 2 * step do call(2, pool[i][2], pool[j][2]) end
  end
  for _, b in ipairs(bufs) do
    for j = 1, #pool, step do call(2, b[2], pool[j][2]); call(3, b[2], b[2], pool[j][2]) end
  end
  for _, k in ipairs(optkeys) do
    for j = 1, #pool, step do
      local opts = {[k] = pool[j][2]}
      call(1, opts)
      call(2, bufs[1][2], opts)
      if not light then
        call(3, bufs[1][2], bufs[1][2], opts)
        call(3, "f32", "exp", opts)
      end
    end
  end
  math.randomseed(#name * 7919 + 1)
  for _ = 1, (light and nrand // 4 or nrand) do
    local n = math.random(0, 5)
    local a = {}
    for i = 1, n do a[i] = pick() end
    call(n, table.unpack(a, 1, n))
  end
end

-- ---- the groups -------------------------------------------------------

local skip = {
  ["kcv.sys.readline"] = true,       -- blocks on stdin
  ["kcv.sys.sleep"] = true,          -- probed alone below (large values block)
  ["kcv.backend.memory_limit"] = true, -- probed alone below (restarts workers)
  ["kcv.kernel.run"] = true,         -- probed structurally in the kernel group
}

local function fuzz_table(prefix, t)
  local names = {}
  for k, v in pairs(t) do if type(v) == "function" then names[#names + 1] = k end end
  table.sort(names)
  for _, k in ipairs(names) do
    local name = prefix .. "." .. k
    if not skip[name] then fuzz(name, t[k]) end
  end
end

local groups = {}

groups.top = function() fuzz_table("kcv", kcv) end
groups.mp = function() fuzz_table("kcv.mp", kcv.mp) end
groups.cmp = function() fuzz_table("kcv.cmp", kcv.cmp) end
groups.rng = function() fuzz_table("kcv.rng", kcv.rng) end
groups.backend = function()
  fuzz_table("kcv.backend", kcv.backend)
  for _, e in ipairs(pool) do
    if type(e[2]) ~= "number" or e[2] ~= e[2] or e[2] < 0 or e[2] >= 2 ^ 40 then
      probe("kcv.backend.memory_limit", kcv.backend.memory_limit, {e[2]}, 1)
    end
  end
  probe("kcv.backend.memory_limit", kcv.backend.memory_limit, {0}, 1)
  kcv.backend.restart()
end
groups.sys = function()
  local dir = os.tmpname(); os.remove(dir); os.execute("mkdir -p " .. dir)
  -- history_save writes the files it is given: keep them out of the tree
  local real = {history_save = kcv.sys.history_save}
  kcv.sys.history_save = function(p, ...)
    if type(p) == "number" then p = tostring(p) end   -- Lua would coerce it
    if type(p) == "string" and not p:find("^/") then p = dir .. "/" .. p end
    return real.history_save(p, ...)
  end
  fuzz_table("kcv.sys", kcv.sys)
  kcv.sys.history_save = real.history_save
  for _, e in ipairs(pool) do
    local v = e[2]
    if type(v) ~= "number" or not (v > 0.001) then   -- NaN, negative, zero, non-numbers
      probe("kcv.sys.sleep", kcv.sys.sleep, {v}, 1)
    end
  end
  for _, v in ipairs{math.huge, 1e308, 2 ^ 63, 1e19} do
    probe("kcv.sys.sleep", kcv.sys.sleep, {v}, 1)
  end
  os.execute("rm -rf " .. dir)
  -- proc methods: on a child that has ended (readline and wait return at
  -- once: no nil timeout waits forever, no send fills a pipe nobody reads),
  -- kill also on a running one, then everything again on a closed proc
  local p = assert(kcv.sys.spawn({"true"}))
  p:wait()
  local pmt = getmetatable(p)
  local pnames = {}
  for k in pairs(pmt.methods) do pnames[#pnames + 1] = k end
  table.sort(pnames)
  for _, k in ipairs(pnames) do
    fuzz("proc.methods." .. k, pmt.methods[k])
    if k ~= "close" then fuzz("p:" .. k, pmt.methods[k], p, true) end
  end
  local live = assert(kcv.sys.spawn({"sleep", "100"}))
  fuzz("live:kill", pmt.methods.kill, live, true)
  live:close()
  for _, m in ipairs{"__index", "__tostring", "__close", "__gc"} do
    fuzz("proc." .. m, pmt[m])
    fuzz("p." .. m, pmt[m], p, true)
  end
  for _, k in ipairs(pnames) do fuzz("closed p:" .. k, pmt.methods[k], p, true) end
end

-- A buffer method to fuzz: writefile's path is always /dev/null (a random
-- string or number there would be a file created in the tree); its other arguments
-- and self are fuzzed as any method's.
local function method(mt, k)
  local f = mt.methods[k]
  if k ~= "writefile" then return f end
  return function(self, path, ...)
    if type(path) == "string" or type(path) == "number" then path = "/dev/null" end
    return f(self, path, ...)
  end
end

groups.methods = function()
  local mt = getmetatable(bufs[1][2])
  local names = {}
  for k in pairs(mt.methods) do names[#names + 1] = k end
  table.sort(names)
  for _, k in ipairs(names) do
    local f = method(mt, k)
    fuzz("methods." .. k, f)                              -- self of any kind
    for _, b in ipairs(bufs) do fuzz("buf:" .. b[1] .. ":" .. k, f, b[2], true) end
  end
  -- metamethods (a __gc called by hand must not leave freed memory behind:
  -- it comes last, and the methods run again on the buffers afterwards)
  for _, m in ipairs{"__len", "__tostring", "__index", "__close", "__gc"} do
    if mt[m] then
      fuzz("mt." .. m, mt[m])
      for _, b in ipairs(bufs) do fuzz("buf:" .. b[1] .. "." .. m, mt[m], b[2], true) end
    end
  end
  if mt.__gc then
    for _, k in ipairs(names) do
      for _, b in ipairs(bufs) do fuzz("after __gc: buf:" .. b[1] .. ":" .. k, method(mt, k), b[2], true) end
    end
  end
end

groups.kernel = function()
  local root = KCV_ROOT or "."
  fuzz("kcv.kernel.load", kcv.kernel.load)
  local k = assert(kcv.kernel.load{source = root .. "/kernels/relu.cu", name = "relu_kernel",
                                   params = {"ptr", "ptr", "i64"}, backend = "cpu"})
  local kmt = getmetatable(k)
  local names = {}
  for n in pairs(kmt.methods) do names[#names + 1] = n end
  table.sort(names)
  for _, n in ipairs(names) do
    fuzz("kernel.methods." .. n, kmt.methods[n])
    fuzz("k:" .. n, kmt.methods[n], k)
  end
  fuzz("kernel.__index", kmt.__index)
  fuzz("k.__index", kmt.__index, k)
  fuzz("kernel.__tostring", kmt.__tostring)
  -- kcv.kernel.run: a valid job, then each field replaced by each pool value
  local x, y = kcv.buffer("f32", {16}), kcv.buffer("f32", {16})
  local function job()
    return {launches = {{kernel = k, grid = 1, block = 16, args = {x, y, 16}}}, timeout = 2}
  end
  probe("kcv.kernel.run", kcv.kernel.run, {job()}, 1)
  for _, e in ipairs(pool) do
    local v = e[2]
    probe("kcv.kernel.run", kcv.kernel.run, {v}, 1)
    for _, key in ipairs{"launches", "poison", "offset", "redzone", "placement", "dirty",
                         "repeats", "timeout", "sched_seed", "time"} do
      local j = job(); j[key] = v
      if key == "timeout" then j.launches[1].grid = 1 end
      probe("kcv.kernel.run", kcv.kernel.run, {j}, 1)
    end
    for _, key in ipairs{"kernel", "grid", "block", "smem", "args", "stream", "join"} do
      local j = job(); j.launches[1][key] = v
      probe("kcv.kernel.run", kcv.kernel.run, {j}, 1)
    end
    for i = 1, 4 do
      local j = job(); j.launches[1].args[i] = v
      probe("kcv.kernel.run", kcv.kernel.run, {j}, 1)
    end
    for _, key in ipairs{"warmup", "reps", "flush"} do
      local j = job(); j.time = {warmup = 0, reps = 1}; j.time[key] = v
      if type(v) ~= "number" or v < 100 then probe("kcv.kernel.run", kcv.kernel.run, {j}, 1) end
    end
    local j = job(); j.poison = {[x] = v}; probe("kcv.kernel.run", kcv.kernel.run, {j}, 1)
    j = job(); j.offset = {[x] = v}; probe("kcv.kernel.run", kcv.kernel.run, {j}, 1)
    j = job(); j.launches[2] = v; probe("kcv.kernel.run", kcv.kernel.run, {j}, 1)
  end
end

-- Valid calls, each then made again with one argument, one option or one
-- list element at a time replaced by every pool value (and an unknown option).
local function B(dt, shape, seed)
  local b = kcv.buffer(dt, shape)
  if dt:find("^[fb]") and dt ~= "bool" then b:fill_uniform{seed = seed or 1, lo = -2, hi = 2} end
  return b
end
local bases = {
  {"kcv.buffer", function() return {"f32", {2, 3}} end},
  {"kcv.buffer", function() return {"f32", 2, 3} end},
  {"kcv.from", function() return {"f32", {1, 2, 3, 4, 5, 6}, {2, 3}} end},
  {"kcv.round", function() return {1.5, "f16"} end},
  {"kcv.tobits", function() return {1.5, "f16"} end},
  {"kcv.frombits", function() return {15360, "f16"} end},
  {"kcv.dtype", function() return {"bf16"} end},
  {"kcv.inject", function() return {B("f32", {8}), "nan", {at = {0, 1}, payload = 1}} end},
  {"kcv.inject", function() return {B("f16", {8}), "near_overflow", {count = 2, seed = 1, stream = 0, ulps = 2, signs = "mixed"}} end},
  {"kcv.special_bits", function() return {"f16", "snan", {payload = 1}} end},
  {"kcv.cmp.within", function() return {B("f32", {6}), B("f64", {6}, 2), {mag = B("f64", {6}), c_mag = 1, c_rel = 1, c_abs = 1}} end},
  {"kcv.cmp.allclose", function() return {B("f32", {6}), B("f64", {6}), {atol = 1, rtol = 1, equal_nan = true}} end},
  {"kcv.cmp.ulp", function() return {B("f32", {6}), B("f64", {6}), "f16"} end},
  {"kcv.cmp.max_abs_diff", function() return {B("f32", {6}), B("f64", {6})} end},
  {"kcv.cmp.max_abs_diff", function() return {B("f32", {6}), B("f64", {6}), {finite_only = true}} end},
  {"kcv.cmp.within", function() return {B("f32", {6}), B("f64", {6}, 2), {c_abs = 1, ref = B("f32", {6}, 3)}} end},
  {"kcv.cmp.reference_relative", function() return {B("f32", {6}), B("f32", {6}, 2), B("f64", {6}, 3), {finite_detail = true, zero_sign = true, alt = {B("f64", {6}, 4), B("f64", {6}, 5)}}} end},
  {"kcv.sys.spawn", function() return {{"true"}, {env = {KCV_FUZZ = "1", HOME = false}, cwd = "/", stderr = "null"}} end},
  {"kcv.cmp.masks_equal", function() return {B("f32", {6}), B("f64", {6}), {zero_sign = true, nan_sign = true, finite_detail = true, round_expected = false}} end},
  {"kcv.cmp.classes", function() return {B("f16", {6})} end},
  {"kcv.cmp.bytes_equal", function() return {B("f32", {6}), B("f32", {6})} end},
  {"kcv.cmp.class_name", function() return {3} end},
  {"kcv.rng.philox", function() return {1, 0, 5} end},
  {"kcv.rng.uniform", function() return {1, 0, 5} end},
  {"kcv.rng.philox_block", function() return {1, 2, 3, 4, 5, 6} end},
  {"kcv.mp.dot", function() return {B("f32", {3}), B("f16", {3})} end},
  {"kcv.mp.gemm", function() return {B("f32", {2, 3}), B("f32", {3, 2}), {ta = false, tb = false, alpha = 1, beta = 1, C = B("f32", {2, 2})}} end},
  {"kcv.mp.gemm", function() return {B("f32", {3, 2}), B("f32", {2, 3}), {ta = true, tb = true}} end},
  {"kcv.mp.gemm", function() return {B("f32", {2, 2, 3}), B("f32", {2, 3, 2})} end},
  {"kcv.mp.map", function() return {"gelu", B("f32", {2, 3}), {approximate = "tanh"}} end},
  {"kcv.mp.layernorm", function() return {B("f32", {2, 3}), {gamma = B("f32", {3}), beta = B("f32", {3}), eps = 1e-5}} end},
  {"kcv.mp.rmsnorm", function() return {B("f32", {2, 3}), {gamma = B("f32", {3}), eps = 1e-6}} end},
  {"kcv.mp.mse", function() return {B("f32", {2, 3}), B("f32", {2, 3})} end},
  {"kcv.mp.cross_entropy", function() local t = kcv.from("i32", {0, 2}); return {B("f32", {2, 3}), t} end},
  {"kcv.mp.precision", function() return {128} end},
  {"kcv.mp.threads", function() return {2} end},
  {"kcv.mp.fast", function() return {true} end},
}
for _, f in ipairs{"sum", "mean", "cumsum", "softmax", "log_softmax", "max", "min", "argmax", "argmin"} do
  bases[#bases + 1] = {"kcv.mp." .. f, function() return {B("f32", {2, 3}), {axis = 1}} end}
end
local mcalls = {
  get = {0}, set = {0, 1}, at = {1, 2}, index = {5}, bits = {0}, setbits = {0, 1}, fill = {1},
  clone = {}, cast = {"f16"}, copyfrom = "src", reshape = {{3, 2}}, transpose = {1, 2},
  bytes = {0, 4}, setbytes = {"abcd", 0}, totable = {},
  fill_uniform = {{seed = 1, stream = 0, lo = 0, hi = 1}},
  fill_normal = {{seed = 1, stream = 0, mean = 0, std = 1}},
  fill_loguniform = {{seed = 1, stream = 0, lo = 1e-3, hi = 1e3, signs = "positive"}},
  fill_pareto = {{seed = 1, stream = 0, alpha = 1.5, scale = 1, signs = "mixed"}},
  fill_int = {{seed = 1, stream = 0, lo = -3, hi = 3}},
  fill_bernoulli = {{seed = 1, stream = 0, p = 0.5}},
  fill_arange = {{start = 0, step = 1}},
}
local function resolve(name)
  local t = _ENV
  for part in name:gmatch("[^.]+") do t = t[part] end
  return t
end
local function copy(v)
  if type(v) ~= "table" then return v end
  local r = {}
  for k, x in pairs(v) do r[k] = copy(x) end
  return r
end
-- every place in an argument list: {i}, {i, key}, {i, key, j}
local function places(args, n)
  local r = {}
  for i = 1, n do
    r[#r + 1] = {i}
    if type(args[i]) == "table" then
      for k, v in pairs(args[i]) do
        r[#r + 1] = {i, k}
        if type(v) == "table" then for j in pairs(v) do r[#r + 1] = {i, k, j} end end
      end
      r[#r + 1] = {i, "bogus_option"}
    end
  end
  return r
end
local function mutate(name, f, mk, n)
  probe(name, f, mk(), n)
  local template = mk()
  for _, pl in ipairs(places(template, n)) do
    for _, e in ipairs(pool) do
      local args = mk()
      local t = args
      for d = 1, #pl - 1 do t = t[pl[d]] end
      t[pl[#pl]] = e[2]
      probe(name, f, args, n)
    end
    local args = mk()   -- and the place dropped from the argument list
    if #pl == 1 then
      table.remove(args, pl[1]); probe(name, f, args, n - 1)
    end
  end
end
groups.mutate = function()
  -- spawn appends the child's stderr to opts.stderr: relative names go to a
  -- scratch directory, not the tree
  local dir = os.tmpname(); os.remove(dir); os.execute("mkdir -p " .. dir)
  local spawn = kcv.sys.spawn
  kcv.sys.spawn = function(argv, opts, ...)
    if type(opts) == "table" then
      local e = rawget(opts, "stderr")
      if type(e) == "string" and e ~= "inherit" and e ~= "null" and not e:find("^/") then
        opts.stderr = dir .. "/" .. e
      end
    end
    return spawn(argv, opts, ...)
  end
  for _, b in ipairs(bases) do
    local mk = b[2]
    mutate(b[1], resolve(b[1]), mk, #mk())
  end
  kcv.sys.spawn = spawn
  os.execute("rm -rf " .. dir)
  local methods = getmetatable(bufs[1][2]).methods
  local mnames = {}
  for k in pairs(mcalls) do mnames[#mnames + 1] = k end
  table.sort(mnames)
  for _, self in ipairs{{"f32", {2, 3}}, {"f16", {6}}, {"i32", {2, 3}}, {"bool", {2, 3}}, {"f64", {}}, {"f32", {0}}} do
    for _, m in ipairs(mnames) do
      local a = mcalls[m]
      local mk = function()
        local s = B(self[1], self[2])
        if m == "transpose" and #self[2] < 2 then s = B("f32", {2, 3}) end
        if a == "src" then return {s, B("f64", self[2])} end
        local r = copy(a); table.insert(r, 1, s); return r
      end
      local nargs = (a == "src") and 2 or #a + 1
      mutate("buf<" .. self[1] .. ">:" .. m, methods[m], mk, nargs)
      -- and on a non-contiguous view
      local mkv = function()
        local r = mk(); r[1] = B("f32", {3, 2}):transpose(); return r
      end
      mutate("view:" .. m, methods[m], mkv, nargs)
    end
  end
  kcv.mp.precision(128); kcv.mp.threads(2); kcv.mp.fast(true)
end

-- kcv.kernel.load from a valid request, one field or list element at a time
-- replaced (each new option list is a compile: a few seconds in all)
groups.kload = function()
  local root = KCV_ROOT or "."
  mutate("kcv.kernel.load", kcv.kernel.load, function()
    return {{source = root .. "/kernels/relu.cu", name = "relu_kernel",
             params = {"ptr", "ptr", "i64"}, options = {"-DKCV_FUZZ=1"}, backend = "cpu"}}
  end, 1)
end

local g = groups[group] or error("unknown group " .. tostring(group))
g()
collectgarbage()
trace:close()
print(("PROBE-DONE %s %d"):format(group, calls))
