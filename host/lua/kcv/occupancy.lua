-- kcv/occupancy.lua — theoretical occupancy, the CUDA occupancy calculator
-- in plain Lua (the calculation of cuda_occupancy.h / the Nsight Compute
-- "occupancy" section, at the largest shared-memory carveout).
--
-- A block's resident count per SM is the least of four limits:
--   warps      floor(max warps per SM / warps per block)
--   blocks     the SM's block slots
--   registers  registers are allocated per warp, rounded up to 256, out of
--              four sub-partitions of regs_per_sm / 4 each
--   smem       (static + dynamic + 1 KB reserved per block), rounded up
--              to 128 bytes, out of the SM's shared memory
-- occupancy = resident warps / max warps per SM.
--
--   local occ = require "kcv.occupancy"
--   occ.calculate{threads = 256, regs = 32, smem = 0}
--     --> {blocks_per_sm = 8, warps_per_sm = 64, occupancy = 1.0, limiter = "warps", ...}
--
-- With nvcc present, occ.kernel(source, name, {block =, smem =}) takes the
-- registers and static shared memory from `kcv.ptxas` (the CPU backend's
-- k:occupancy uses it: no GPU is needed).

local M = {}

-- Device limits per architecture (the "a"/"f" suffix ignored).
local ARCH = {
  sm_80  = {regs_per_sm = 65536, smem_per_sm = 167936, max_smem_per_block = 166912,
            max_threads_per_sm = 2048, max_blocks_per_sm = 32},
  sm_86  = {regs_per_sm = 65536, smem_per_sm = 102400, max_smem_per_block = 101376,
            max_threads_per_sm = 1536, max_blocks_per_sm = 16},
  sm_89  = {regs_per_sm = 65536, smem_per_sm = 102400, max_smem_per_block = 101376,
            max_threads_per_sm = 1536, max_blocks_per_sm = 24},
  sm_90  = {regs_per_sm = 65536, smem_per_sm = 233472, max_smem_per_block = 232448,
            max_threads_per_sm = 2048, max_blocks_per_sm = 32},
  sm_100 = {regs_per_sm = 65536, smem_per_sm = 233472, max_smem_per_block = 232448,
            max_threads_per_sm = 2048, max_blocks_per_sm = 32},
}
-- Common to all of the above.
local COMMON = {warp_size = 32, max_threads_per_block = 1024, max_regs_per_thread = 255,
                max_regs_per_block = 65536, reg_alloc_unit = 256, reg_sub_partitions = 4,
                smem_alloc_unit = 128, reserved_smem_per_block = 1024}

M.default_arch = "sm_90"

-- The limits of arch ("sm_90a", "sm_90", nil: sm_90), or nil and why.
function M.limits(arch)
  local key = tostring(arch or M.default_arch):gsub("[af]$", "")
  local a = ARCH[key]
  if not a then
    local have = {}
    for k in pairs(ARCH) do have[#have + 1] = k end
    table.sort(have)
    return nil, ("no device limits for %s (have %s)"):format(tostring(arch), table.concat(have, ", "))
  end
  local t = {arch = key}
  for k, v in pairs(COMMON) do t[k] = v end
  for k, v in pairs(a) do t[k] = v end
  return t
end

local function ceil_to(x, unit) return math.ceil(x / unit) * unit end

-- calculate{threads =, regs =, smem = static + dynamic bytes, arch =,
-- limits = {...: overrides of M.limits(arch)}} -> {blocks_per_sm, warps_per_sm, occupancy,
-- max_warps_per_sm, limiter, reason (when 0 blocks), limits = {warps,
-- blocks, registers, smem: blocks per SM each allows}} | nil, why.
function M.calculate(t)
  local lim, why = M.limits(t.arch)
  if not lim then return nil, why end
  for k, v in pairs(t.limits or {}) do lim[k] = v end   -- a device's own limits win
  local threads, regs, smem = t.threads, t.regs or 0, t.smem or 0
  if type(threads) ~= "number" or threads < 1 or threads % 1 ~= 0 then
    return nil, "threads: a positive integer expected"
  end
  local max_warps = lim.max_threads_per_sm // lim.warp_size
  local r = {max_warps_per_sm = max_warps, arch = lim.arch, threads = threads, regs = regs, smem = smem}
  local function none(reason)
    r.blocks_per_sm, r.warps_per_sm, r.occupancy, r.limiter, r.reason = 0, 0, 0.0, "launch", reason
    return r
  end
  if threads > lim.max_threads_per_block then
    return none(("%d threads per block exceed %d"):format(threads, lim.max_threads_per_block))
  end
  if regs > lim.max_regs_per_thread then
    return none(("%d registers per thread exceed %d"):format(regs, lim.max_regs_per_thread))
  end
  if smem > lim.max_smem_per_block then
    return none(("%d bytes of shared memory per block exceed %d"):format(smem, lim.max_smem_per_block))
  end
  local warps_per_block = math.ceil(threads / lim.warp_size)
  local by = {}
  by.warps = max_warps // warps_per_block
  by.blocks = lim.max_blocks_per_sm
  if regs > 0 then
    local per_warp = ceil_to(regs * lim.warp_size, lim.reg_alloc_unit)
    if per_warp * warps_per_block > lim.max_regs_per_block then
      return none(("%d registers per block exceed %d"):format(per_warp * warps_per_block, lim.max_regs_per_block))
    end
    local parts = lim.reg_sub_partitions
    local warps_per_part = (lim.regs_per_sm // parts) // per_warp
    by.registers = (warps_per_part * parts) // warps_per_block
  else
    by.registers = by.blocks
  end
  local per_block = ceil_to(smem + lim.reserved_smem_per_block, lim.smem_alloc_unit)
  by.smem = per_block > 0 and lim.smem_per_sm // per_block or by.blocks
  local blocks, limiter = math.huge, nil
  for _, k in ipairs({"warps", "blocks", "registers", "smem"}) do
    if by[k] < blocks then blocks, limiter = by[k], k end
  end
  r.blocks_per_sm = blocks
  r.warps_per_sm = blocks * warps_per_block
  r.occupancy = r.warps_per_sm / max_warps
  r.limiter = limiter
  r.limits = by
  if blocks == 0 then r.reason = ("not one block fits (%s)"):format(limiter) end
  return r
end

-- ptxas reports, by source content and flags.
local cache = {}

-- Compiler options kept for nvcc: macros, include paths, the language level.
local function nvcc_flags(options)
  local flags = {}
  for _, o in ipairs(options or {}) do
    if o:match("^%-[DUI]") or o:match("^%-%-?std") then flags[#flags + 1] = o end
  end
  return flags
end

-- Registers and static shared memory of kernel `name` in `source` from
-- ptxas (opts.options: the kernel's load options; opts.arch), then
-- calculate at opts.block threads (an integer or {x, y, z}) and opts.smem
-- dynamic bytes.  The result also has source = "calculator (ptxas)",
-- static_smem and kernel (the symbol); or nil and why.
function M.kernel(source, name, opts)
  opts = opts or {}
  local block = opts.block
  if type(block) == "table" then
    local n = 1
    for _, d in ipairs(block) do n = n * d end
    block = n
  end
  local ok, ptxas = pcall(require, "kcv.ptxas")
  if not ok then return nil, "kcv.ptxas not available" end
  local arch = opts.arch or ptxas.default_arch
  local flags = nvcc_flags(opts.options)
  local f = io.open(source, "rb")
  if not f then return nil, source .. ": cannot open" end
  local text = f:read("a")
  f:close()
  local key = table.concat({arch, source, text, table.concat(flags, "\0")}, "\1")
  local res = cache[key]
  if not res then
    if not ptxas.find_nvcc() then
      return nil, "unknown on cpu: nvcc not found, so no ptxas resource report for the occupancy calculator"
    end
    local e
    res, e = ptxas.usage(source, {arch = arch, flags = flags})
    if not res then return nil, "ptxas: " .. tostring(e):gsub("\n.*", "") end
    cache[key] = res
  end
  local u, e = ptxas.kernel(res, name)
  if not u then return nil, "ptxas: " .. tostring(e) end
  local r, why = M.calculate{threads = block, regs = u.registers, smem = (u.smem or 0) + (opts.smem or 0),
                             arch = arch}
  if not r then return nil, why end
  r.source = "calculator (ptxas)"
  r.static_smem, r.dynamic_smem, r.kernel = u.smem or 0, opts.smem or 0, u.symbol
  return r
end

return M
