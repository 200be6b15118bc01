-- kcv/verify/unjudged.lua — what kcv could not judge here, told apart from
-- what the kernel did wrong.  A verdict needs the kernel to have run; when
-- it could not run for a reason of this machine (no GPU for inline PTX, a
-- CUDA function the cpu backend's emulation lacks, a worker killed from
-- outside), the gate is "not_judged" with the cause, never "fail".  The
-- kernel's own crash (SIGSEGV), illegal address, hang past the timeout and
-- compile error stay its own.
--
--   unjudged.outcome(r) -> cause | nil       r: a subject's run result
--   unjudged.load(message, backend) -> cause | nil
--                                            message: kcv.kernel.load's error

local M = {}

local SIGKILL = 9

local function first_line(s)
  return (tostring(s):gsub("\n.*", ""))
end

-- The cause when the run outcome r says nothing about the kernel, else nil.
function M.outcome(r)
  if r.status == "needs_device" then
    local msg = first_line(r.message or "this backend cannot run the kernel")
    return "needs a device: " .. msg:gsub("^needs[_ ]device: ", "")
  end
  -- kcv SIGKILLs a worker itself only past the timeout, and calls that
  -- "timeout"; any other SIGKILL came from outside (the OOM killer, a
  -- person), not from the kernel, which can only crash with its own signal
  if (r.status == "oom" or r.status == "crash") and r.signal == SIGKILL then
    return "the worker was killed from outside (SIGKILL: the OOM killer or another process), not by the kernel"
  end
  return nil
end

---------------------------------------------------------------------------
-- a kernel that does not build here

-- The CUDA toolkit's include directory, or nil (a field, so that a test
-- can take the toolkit away).
function M.cuda_include()
  for _, root in ipairs({os.getenv("CUDA_HOME"), os.getenv("CUDA_PATH"), "/usr/local/cuda"}) do
    local dir = root ~= "" and root .. "/include"
    local f = dir and io.open(dir .. "/cuda_runtime.h")
    if f then f:close(); return dir end
  end
  return nil
end

local function grep(pattern, files)
  local p = io.popen(("grep -qsE '%s' %s && echo yes"):format(pattern, files))
  local yes = p and p:read("l") == "yes"
  if p then p:close() end
  return yes
end

-- Whether `name` is CUDA's: a function or type that the toolkit's headers
-- declare (so a typo such as __syncthread is the kernel's own).  Without
-- the toolkit, a name beginning with "__": such names are reserved for the
-- implementation (CUDA's intrinsics and types), so a kernel has none.
local function cuda_name(name)
  local dir = M.cuda_include()
  if not dir then return name:match("^__") ~= nil end
  local declared = {
    "(^|[^[:alnum:]_])" .. name .. "[[:space:]]*\\(",                 -- a function, a constructor
    "typedef[^;]*[^[:alnum:]_]" .. name .. ";",                        -- a typedef on one line
    "\\}[[:space:]]*" .. name .. "[[:space:]]*;",                      -- the end of a typedef struct
    "(struct|class)[^;(]*[[:space:]]" .. name .. "[[:space:]]*(\\{|:|$)", -- a type
  }
  return grep(table.concat(declared, "|"), ("%s/*.h %s/*.hpp %s/crt/*.h %s/crt/*.hpp"):format(dir, dir, dir, dir))
end

local function cuda_header(name)
  local dir = M.cuda_include()
  local f = dir and not name:find("%.%.") and io.open(dir .. "/" .. name)
  if f then f:close(); return true end
  return false
end

-- What one g++ error line says the emulation lacks ("'__isGlobal'", "the
-- header cuda_fp8.h"), or nil when the error is of another kind.
local UNDECLARED = {"'([%w_]+)' was not declared", "'([%w_]+)' does not name a type",
                    "'([%w_]+)' has not been declared", "declaration of '([%w_]+)' must be available"}

local function missing(line)
  -- a name the emulation declares only to say so (host/cpu/kcv_cpu_absent.h)
  local absent = line:match("error: static assertion failed: needs a CUDA device: ([%w_]+)")
  if absent then return "'" .. absent .. "'", true end
  for _, pat in ipairs(UNDECLARED) do
    local name = line:match("error: .-" .. pat)
    if name then return cuda_name(name) and ("'" .. name .. "'") or nil end
  end
  local header = line:match("fatal error: ([%w_/%.]+): No such file")
  if header and cuda_header(header) then return "the header " .. header end
  return nil
end

-- The cause when kcv.kernel.load's error says the kernel does not build
-- here for a reason of this machine, else nil (the kernel's own error).
-- On the cpu backend g++ compiles the kernel against kcv's CUDA emulation
-- (host/cpu/), which covers the common intrinsics, not all of CUDA: when
-- every error of the log names a CUDA identifier or header that the
-- emulation lacks, the kernel needs a device.  Any other error (a syntax
-- error, a name of the kernel's own) is the kernel's.
function M.load(message, backend)
  local log = tostring(message):gsub("\xE2\x80[\x98\x99]", "'")   -- g++'s quotes in UTF-8 locales
  if log:find("killed %(SIGKILL%)") or log:find("Killed signal terminated program") then
    return "the worker or the compiler was killed from outside (SIGKILL: the OOM killer or another process)"
  end
  if backend ~= "cpu" then return nil end
  local gaps, seen, where, from = {}, {}, nil, nil
  for line in log:gmatch("[^\n]+") do
    -- the kernel's line that called into the emulation's header
    from = line:match("^([^:]+:%d+):%d+:%s+required from here") or from
    if line:find("error: ") then
      local what, in_shim = missing(line)
      if not what then return nil end
      where = where or (in_shim and from) or line:match("^([^:]+:%d+):")
      if not seen[what] then seen[what] = true; gaps[#gaps + 1] = what end
    end
  end
  if #gaps == 0 then return nil end
  return ("%s: %s not provided by the cpu backend's CUDA emulation (host/cpu/); a GPU is needed to run it"):format(
    where or "the kernel", table.concat(gaps, ", ") .. (#gaps > 1 and " are" or " is"))
end

return M
