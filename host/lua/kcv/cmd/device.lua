-- kcv device: describe the CUDA device, or say why there is none.
-- The question is asked of the cuda backend through kcv.backend.info, which
-- answers from a worker process: kcv itself never initialises CUDA.
local kcv = require "kcv"

local M = {
  summary = "describe the CUDA device, or say why there is none",
  usage = "kcv device",
  help = [[
Prints the CUDA device the cuda backend would use (KCV_DEVICE picks one,
default 0): its name, compute capability and the NVRTC target kcv compiles
for, multiprocessors, memory, per-block limits, and the driver and NVRTC
versions.  Without a usable device it prints "no CUDA device: <reason>"
(no libcuda.so.1, cuInit's error, zero devices) and exits with code 2.]],
}

-- 13000 -> "13.0", 12090 -> "12.9"
local function cuda_version(v)
  if math.type(v) ~= "integer" or v <= 0 then return "?" end
  return ("%d.%d"):format(v // 1000, v % 1000 // 10)
end

local function size(bytes)
  if type(bytes) ~= "number" then return "?" end
  if bytes >= 2^30 then return ("%.1f GiB"):format(bytes / 2^30) end
  return ("%d KiB"):format(bytes // 1024)
end

-- "13.0", or nil without NVRTC.  kcv.backend.info gives nvrtc_version (a
-- string, absent without NVRTC); the C struct's nvrtc_major/minor also do.
function M.nvrtc_version(d)
  if type(d.nvrtc_version) == "string" then return d.nvrtc_version end
  if (d.nvrtc_major or 0) > 0 then return ("%d.%d"):format(d.nvrtc_major, d.nvrtc_minor or 0) end
  return nil
end

-- The lines to print for an info table (the fields of kcv_device_info).
function M.describe(d)
  local lines = {
    {"device", d.name or "?"},
    {"compute capability", ("%s.%s (target %s)"):format(d.cc_major or "?", d.cc_minor or "?", d.arch or "?")},
    {"multiprocessors", tostring(d.sm_count or "?")},
    {"memory", size(d.total_mem)},
    {"per block", ("%s threads, %s shared (%s opt-in), %s registers"):format(
      d.max_threads_per_block or "?", size(d.max_smem_per_block),
      size(d.max_smem_per_block_optin), d.max_regs_per_block or "?")},
    {"warp size", tostring(d.warp_size or "?")},
    {"driver", ("CUDA %s (%s)"):format(cuda_version(d.driver_version), tostring(d.driver_version or "?"))},
    {"NVRTC", M.nvrtc_version(d) or "not found (CUDA C kernels cannot be compiled)"},
  }
  local out = {}
  for i, l in ipairs(lines) do out[i] = ("%-19s %s"):format(l[1], l[2]) end
  return out
end

function M.run(args)
  if args[1] then
    io.stderr:write("kcv device: no arguments expected (try 'kcv device --help')\n")
    return 2
  end
  local info, err
  if type(kcv.backend) == "table" and type(kcv.backend.info) == "function" then
    local ok, a, b = pcall(kcv.backend.info, "cuda")
    if ok then info, err = a, b else err = a end
  else
    err = "this kcv has no kcv.backend.info"
  end
  if type(info) ~= "table" then
    err = tostring(err or "the cuda backend gave no answer")
    if not err:find("^no CUDA device") then err = "no CUDA device: " .. err end
    io.stderr:write(err, "\n")
    return 2
  end
  for _, line in ipairs(M.describe(info)) do print(line) end
  return 0
end

return M
