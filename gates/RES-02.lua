-- RES-02 hardware resource limits: registers, shared memory (static plus the
-- launch's dynamic bytes at every probed shape and at the largest shape of
-- the spec's ranges) and local memory within the device limits and the
-- spec's budget; the kernel launches at every probed shape; for sm_100
-- targets, Tensor Memory columns per CTA <= 512 (static check of the PTX).
-- Occupancy at the benchmark shape (k:occupancy: the driver on cuda, the
-- calculator on ptxas numbers on cpu) is reported, and checked only when
-- the spec's budget sets min_occupancy (a fraction of the SM's warps).
local kcv = require "kcv"
local case = require "kcv.verify.case"
local specmod = require "kcv.verify.spec"
local unjudged = require "kcv.verify.unjudged"

local function device_info()
  if kcv.backend and kcv.backend.info then
    local ok, info = pcall(kcv.backend.info)
    if ok and type(info) == "table" then return info end
  end
  return {}
end

-- The largest shape of the spec: every dim at its max.
local function max_shape(spec)
  local s = {}
  for name, r in pairs(spec.dims) do s[name] = r.max end
  return s
end

-- Dynamic shared memory of the subject's launches at s (the sidecar's
-- launch geometry when there is one), else of the spec's.
local function dynamic_smem(ctx, s)
  if ctx.subject.dynamic_smem then return ctx.subject:dynamic_smem(s) end
  local l = ctx.spec.kernel.launch(specmod.with_scalars(ctx.spec, s))
  return l.smem or 0
end

-- Tensor Memory columns a CTA allocates, from PTX text: the sum of the
-- immediate column counts of tcgen05.alloc; nil and why when a count is a
-- register (not statically known).
local function tmem_columns(ptx)
  local total, n = 0, 0
  for line in ptx:gmatch("[^\n]+") do
    if line:find("tcgen05%.alloc") and not line:find("relinquish") then
      n = n + 1
      local cols = line:match(",%s*(%d+)%s*;")
      if not cols then return nil, ("a tcgen05.alloc with a non-constant column count: %s"):format(line:gsub("^%s+", "")) end
      total = total + tonumber(cols)
    end
  end
  return total, n
end

-- The TMEM check for sm_100 targets: compile to PTX and count.
local function tmem_check(source, arch)
  local ok, ptxas = pcall(require, "kcv.ptxas")
  local nvcc = ok and ptxas.find_nvcc()
  if not nvcc then return nil, "nvcc not found: cannot produce the PTX" end
  local p = io.popen(("'%s' -ptx -arch=%s -o - '%s' 2>&1"):format(nvcc, arch, source))
  local ptx = p:read("a")
  p:close()
  return tmem_columns(ptx)
end

return {
  tmem_columns = tmem_columns,
  id = "RES-02", title = "hardware resource limits", kind = "tolerance-free", needs = {},
  run = function(ctx)
    local spec = ctx.spec
    local dev = device_info()
    local budget = spec.budget or {}
    local function known(v, default) return (v and v > 0) and v or default end
    local smem_limit = math.min(known(dev.max_smem_per_block_optin, known(dev.max_smem_per_block, 227 * 1024)),
                                budget.smem or math.huge)
    local regs_limit = math.min(known(dev.max_regs_per_thread, 255), budget.regs or math.huge)
    local local_limit = budget.local_bytes or 512 * 1024

    -- 1. the kernel launches at every probed shape; a shape where an
    -- earlier gate of this verification (CMP-03 runs the same shapes) had
    -- a plain run of the same subject launch and finish is counted as
    -- launched without a run of its own (subject.launched_at)
    local shapes = case.range_shapes(spec, ctx.budget)
    local launched, before = 0, 0
    local prior = ctx.subject.launched_at or {}
    for i, item in ipairs(shapes) do
      local c = ctx:case(("launch-%d"):format(i), item.shape, "normal")
      if c and prior[specmod.shape_string(c.shape)] then
        launched, before = launched + 1, before + 1
      elseif c then
        ctx:progress("launch at " .. item.label)
        local r = ctx:run(ctx:inputs(c), c.shape)
        local cause = unjudged.outcome(r)
        if cause then return ctx:not_judged(c, cause, {outcome = r.status}) end
        if r.status ~= "ok" then
          return ctx:fail(c, ("the kernel does not launch at %s: %s%s"):format(item.label, r.status,
            r.message and (" (" .. tostring(r.message):gsub("\n.*", "") .. ")") or ""), {outcome = r.status})
        end
        launched = launched + 1
      end
    end

    local lt = ("launched at %d shapes"):format(launched)
    if before > 0 then lt = lt .. (" (%d of them by an earlier gate's run)"):format(before) end

    -- 2. static resources
    if ctx.only_case and not ctx.only_case:match("^resources") then
      return ctx:pass(lt, {shapes = launched, launched_before = before})
    end
    local c = ctx:case("resources", case.benchmark(spec, ctx.budget), "normal")
    local worst_smem, at = 0, "benchmark"
    for _, item in ipairs(shapes) do
      local d = dynamic_smem(ctx, item.shape)
      if d > worst_smem then worst_smem, at = d, item.label end
    end
    local dmax = dynamic_smem(ctx, max_shape(spec))
    if dmax > worst_smem then worst_smem, at = dmax, "the largest shape " .. specmod.shape_string(max_shape(spec)) end
    if worst_smem > smem_limit then
      return ctx:fail(c, ("the launch asks for %d bytes of dynamic shared memory at %s, over the limit %d"):format(
        worst_smem, at, smem_limit), {smem = worst_smem, smem_limit = smem_limit, at = at})
    end
    if not (ctx.subject.caps or {}).resources then
      return ctx:na(lt .. "; the subject cannot report hardware resources")
    end
    local u, why = ctx.subject:resources(c.shape)
    if not u then
      return ctx:na(("%s; resource usage unknown: %s"):format(lt, tostring(why)))
    end
    -- a block holds its own launch's static and dynamic shared memory: the
    -- most over the launches and the shapes probed above
    local smem, parts = -1, nil
    local function consider(shape, label)
      local b, name, st, dyn = ctx.subject:block_smem(shape, u.static_by_entry)
      if b > smem then smem, parts = b, ("static %d + dynamic %d of %s at %s"):format(st, dyn, tostring(name), label) end
    end
    for _, item in ipairs(shapes) do consider(item.shape, item.label) end
    consider(max_shape(spec), "the largest shape " .. specmod.shape_string(max_shape(spec)))
    local ev = {regs = u.regs, smem = smem, local_bytes = u.local_bytes, source = u.source, launched_before = before,
                regs_limit = regs_limit, smem_limit = smem_limit, local_limit = local_limit}
    if u.regs and u.regs > regs_limit then
      return ctx:fail(c, ("%d registers per thread exceed the limit %d"):format(u.regs, regs_limit), ev)
    end
    if smem > smem_limit then
      return ctx:fail(c, ("%d bytes of shared memory (%s) exceed the limit %d"):format(smem, parts, smem_limit), ev)
    end
    if u.local_bytes and u.local_bytes > local_limit then
      return ctx:fail(c, ("%d bytes of local memory per thread (spills/stack) exceed the budget %d"):format(
        u.local_bytes, local_limit), ev)
    end
    local arch = dev.arch or ctx.backend or "?"
    if tostring(arch):match("^sm_10") then
      local cols, n = tmem_check(ctx.subject.source, arch)
      if not cols then
        return ctx:fail(c, "Tensor Memory use cannot be bounded statically: " .. tostring(n), ev)
      end
      ev.tmem = ("%d columns in %d tcgen05.alloc"):format(cols, n)
      if cols > 512 then
        return ctx:fail(c, ("%d Tensor Memory columns allocated per CTA exceed 512"):format(cols), ev)
      end
    else
      ev.tmem = ("n/a on %s: no Tensor Memory"):format(arch)
    end
    -- 3. occupancy at the benchmark shape: information, and a criterion
    -- only when the budget sets min_occupancy
    local occ, owhy
    if ctx.subject.occupancy then occ, owhy = ctx.subject:occupancy(c.shape)
    else owhy = "the subject cannot report occupancy" end
    local occ_text
    if occ and occ.occupancy then
      ev.occupancy, ev.blocks_per_sm, ev.warps_per_sm = occ.occupancy, occ.blocks_per_sm, occ.warps_per_sm
      ev.occupancy_source, ev.occupancy_kernel, ev.occupancy_limiter = occ.source, occ.kernel, occ.limiter
      occ_text = ("occupancy %.0f%% (%d blocks/SM, %d warps/SM%s; %s)"):format(occ.occupancy * 100,
        occ.blocks_per_sm, occ.warps_per_sm, occ.limiter and (", limited by " .. occ.limiter) or "",
        tostring(occ.source))
    else
      owhy = owhy or "the driver gave no per-SM warp limit"
      ev.occupancy_unknown = tostring(owhy)
      occ_text = "occupancy unknown (" .. tostring(owhy):gsub("\n.*", "") .. ")"
    end
    if budget.min_occupancy then
      ev.min_occupancy = budget.min_occupancy
      if not ev.occupancy then
        return ctx:na(("%s; the budget asks for occupancy >= %g but %s"):format(
          lt, budget.min_occupancy, occ_text))
      end
      if ev.occupancy < budget.min_occupancy then
        return ctx:fail(c, ("%s at %s is below the budget's min_occupancy %g"):format(
          occ_text, specmod.shape_string(c.shape), budget.min_occupancy), ev)
      end
      occ_text = occ_text .. (" >= %g"):format(budget.min_occupancy)
    end
    return ctx:pass(("%s; regs %s <= %d, smem %d <= %d, local %s <= %d (%s); TMEM %s; %s"):format(
      lt, tostring(u.regs), regs_limit, smem, smem_limit, tostring(u.local_bytes), local_limit,
      tostring(u.source), ev.tmem, occ_text), ev)
  end,
}
