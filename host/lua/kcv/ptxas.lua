-- kcv/ptxas.lua — static resource usage of CUDA C kernels, from the
-- compiler's own report (`nvcc -cubin -arch=sm_90a -Xptxas -v`).
--
-- No GPU is needed, only nvcc: the resource-limits gate uses this on the
-- CPU backend, where cuFuncGetAttribute cannot be asked.  The numbers are
-- the ones the driver would report for the same cubin: registers per
-- thread, static shared memory, stack frame and spill bytes per thread.
--
--   local ptxas = require "kcv.ptxas"
--   local r, err = ptxas.usage("kernels/softmax.cu", {flags = {"-DBLOCK=256"}})
--   local k = ptxas.kernel(r, "softmax")  --> {registers = 32, smem = 1024, ...}

local M = {}

-- kcv.sys when this runs inside kcv (nil in a plain Lua)
local function kcv_sys()
  local ok, kcv = pcall(require, "kcv")
  return ok and type(kcv) == "table" and kcv.sys or nil
end

M.default_arch = "sm_90a"

local function exists(path)
  local f = io.open(path, "r")
  if f then f:close() end
  return f ~= nil
end

local function quote(s)
  return "'" .. tostring(s):gsub("'", "'\\''") .. "'"
end

-- nvcc on PATH, else under $CUDA_HOME/bin or /usr/local/cuda/bin; or nil
-- and the places looked.
function M.find_nvcc()
  local p = io.popen("command -v nvcc 2>/dev/null")
  if p then
    local path = p:read("l")
    p:close()
    if path and path ~= "" then return path end
  end
  local tried = {"PATH"}
  for _, root in ipairs({os.getenv("CUDA_HOME"), os.getenv("CUDA_PATH"), "/usr/local/cuda"}) do
    if root ~= "" then
      local path = root .. "/bin/nvcc"
      if exists(path) then return path end
      tried[#tried + 1] = path
    end
  end
  return nil, "nvcc not found (looked on " .. table.concat(tried, ", ") .. ")"
end

-- The plain name of a symbol: `_Z6kernelPfi` -> "kernel"; an extern "C"
-- name is its own.
function M.plain_name(symbol)
  local len, rest = symbol:match("^_Z(%d+)(.*)$")
  if len then return rest:sub(1, tonumber(len)) end
  return symbol
end

local function entry(kernels, order, symbol)
  local k = kernels[symbol]
  if not k then
    k = {symbol = symbol, name = M.plain_name(symbol), registers = 0, barriers = 0,
         smem = 0, cmem = {}, stack = 0, spill_stores = 0, spill_loads = 0}
    kernels[symbol] = k
    order[#order + 1] = symbol
  end
  return k
end

-- Parse ptxas -v output.  Returns {kernels = {[symbol] = usage}, order =
-- {symbols in the report's order}}, each usage
-- {symbol, name, arch, registers, barriers, smem, cmem = {[bank] = bytes},
--  stack, spill_stores, spill_loads}.  Only entry functions (kernels) are
-- listed; the frame of a non-inlined device function is not a kernel's.
function M.parse(text)
  local kernels, order = {}, {}
  local current, props          -- the entry being compiled; whose properties follow
  for line in text:gmatch("[^\n]+") do
    local sym, arch = line:match("Compiling entry function '([^']+)' for '([^']+)'")
    if sym then
      current = entry(kernels, order, sym)
      current.arch = arch
    end
    local p = line:match("Function properties for (%S+)")
    if p then props = kernels[p] end
    local stack = line:match("(%d+) bytes stack frame")
    if stack and props then
      props.stack = tonumber(stack)
      props.spill_stores = tonumber(line:match("(%d+) bytes spill stores") or 0)
      props.spill_loads = tonumber(line:match("(%d+) bytes spill loads") or 0)
      props = nil
    end
    local regs = line:match("Used (%d+) registers")
    if regs and current then
      current.registers = tonumber(regs)
      current.barriers = tonumber(line:match("used (%d+) barriers") or 0)
      current.smem = tonumber(line:match("(%d+) bytes smem") or 0)
      for n, bank in line:gmatch("(%d+) bytes cmem%[(%d+)%]") do
        current.cmem[tonumber(bank)] = tonumber(n)
      end
    end
  end
  return {kernels = kernels, order = order}
end

-- The usage of kernel `name` (a symbol or a plain name) in a parse
-- result, or nil and why (also when a plain name is overloaded).
function M.kernel(result, name)
  if result.kernels[name] then return result.kernels[name] end
  local found
  for _, sym in ipairs(result.order) do
    if result.kernels[sym].name == name then
      if found then return nil, ("kernel '%s' is overloaded: %s, %s"):format(name, found.symbol, sym) end
      found = result.kernels[sym]
    end
  end
  if found then return found end
  return nil, ("no kernel '%s' in the ptxas report (have: %s)"):format(name, table.concat(result.order, ", "))
end

-- Compile `path` with nvcc for opts.arch (default sm_90a) and the extra
-- opts.flags (a list), and parse the report.  Returns the parse result
-- (with .arch and .command), or nil and the compiler's output.
function M.usage(path, opts)
  opts = opts or {}
  local nvcc, why = opts.nvcc, nil
  if not nvcc then nvcc, why = M.find_nvcc() end
  if not nvcc then return nil, why end
  if not exists(path) then return nil, path .. ": no such file" end
  local arch = opts.arch or M.default_arch
  local argv = {quote(nvcc), "-cubin", "-arch=" .. quote(arch), "-Xptxas", "-v", "-o", "/dev/null"}
  for _, f in ipairs(opts.flags or {}) do argv[#argv + 1] = quote(f) end
  argv[#argv + 1] = quote(path)
  local cmd = table.concat(argv, " ")
  local cached = opts.cache ~= false and M.cache_file(path, cmd, nvcc, opts.flags)
  local out
  local f = cached and io.open(cached, "rb")
  if f then
    out = f:read("a")
    f:close()
  else
    local p = io.popen(cmd .. " 2>&1")
    if not p then return nil, "cannot run " .. nvcc end
    out = p:read("a")
    local ok = p:close()
    if not ok then return nil, ("nvcc failed on %s:\n%s"):format(path, out) end
    if cached then M.cache_put(cached, out) end
  end
  local r = M.parse(out)
  r.arch, r.command, r.cached = arch, cmd, f and true or nil
  return r
end

-- The disk cache of nvcc's reports (a report costs a second or two of
-- nvcc; the resource and occupancy queries of every gate run ask for it):
-- <cache>/ptxas-<key>.txt, the key a hash of the command, the source and
-- every header it includes with quotes (kcv.sys.source_key), nvcc's and
-- ptxas's size and mtime, and NVCC_PREPEND_FLAGS / NVCC_APPEND_FLAGS.
-- KCV_CACHE=off (no cache dir) turns it off.  Only successful reports are
-- kept.  nil when there is no cache.
function M.cache_file(path, cmd, nvcc, flags)
  local sys = kcv_sys()
  if not (sys and sys.source_key and sys.cache_dir) then return nil end
  local dir = sys.cache_dir()
  if not dir then return nil end
  local bin = nvcc:match("^(.*)/[^/]*$") or "."
  local key = sys.source_key(path, flags or {}, {"ptxas-report-1", cmd, "stat:" .. nvcc, "stat:" .. bin .. "/ptxas",
                                        os.getenv("NVCC_PREPEND_FLAGS") or "", os.getenv("NVCC_APPEND_FLAGS") or ""})
  return key and ("%s/ptxas-%s.txt"):format(dir, key) or nil
end

function M.cache_put(file, text)
  local tmp = ("%s.%d.tmp"):format(file, kcv_sys().getpid())
  local f = io.open(tmp, "wb")
  if not f then return end
  local ok = f:write(text)
  ok = f:close() and ok
  if ok then os.rename(tmp, file) else os.remove(tmp) end
end

return M
