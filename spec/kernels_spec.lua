-- The honest kernels (kernels/<op>.cu) are the positive controls of the
-- operator contracts (specs/<op>.lua): each one follows its spec's calling
-- convention, compiles for sm_90a within its resource budget, and computes
-- the operator on kcv's CPU backend.  Whether every gate passes is the
-- framework's test (kcv controls); this file checks the kernels themselves.
local kcv = require "kcv"
local verify = require "kcv.verify"
local ptxas = require "kcv.ptxas"

local function spec_names()
  local names = {}
  local p = io.popen("ls specs/*.lua 2>/dev/null")
  for path in p:lines() do names[#names + 1] = path:match("specs/(.+)%.lua$") end
  p:close()
  table.sort(names)
  return names
end

local function read(path)
  local f = assert(io.open(path, "rb"))
  local s = f:read("a")
  f:close()
  return s
end

-- The launch convention of a kernel: the spec's, overridden by a sidecar.
local function convention(spec, op)
  local k = {name = spec.kernel.name, params = spec.kernel.params, launch = spec.kernel.launch}
  local f = io.open("kernels/" .. op .. ".lua")
  if f then
    f:close()
    local side = dofile("kernels/" .. op .. ".lua")
    for key, v in pairs(side.kernel or {}) do k[key] = v end   -- name, params, launch, pipeline
    k.options = side.options
    -- the launch sees the knobs (kcv tune) at their defaults: the kernel as written
    k.knobs = side.tune and assert(require("kcv.verify.knobs").parse(side)).default
  end
  return k
end

-- A small shape that is no multiple of a block or tile: every dim at
-- min(benchmark, 131), rows and batch-like dims smaller still.
local function small_shape(spec)
  local s = {}
  for name, r in pairs(spec.dims) do
    local v = math.min(spec.benchmark[name], name == "rows" and 5 or 131)
    s[name] = math.max(r.min, math.min(r.max, v))
  end
  return s
end

local function shape_of(t, s)
  local shape = {}
  for i, d in ipairs(t.shape) do shape[i] = math.type(d) == "integer" and d or s[d] end
  return shape
end

-- Run the kernel of spec `op` at shape s on the CPU backend; inputs normal
-- (seeded), optionally misaligned by one element.  Returns inputs, outputs.
local function run_on_cpu(spec, op, s, seed, misalign)
  local conv = convention(spec, op)
  local bufs, inputs, outputs = {}, {}, {}
  for i, t in ipairs(spec.inputs) do
    local b = kcv.buffer(t.dtype, shape_of(t, s))
    b:fill_normal{seed = seed, stream = i, mean = 0, std = 1}
    bufs[t.name], inputs[i] = b, b
  end
  for i, t in ipairs(spec.outputs) do
    local b = kcv.buffer(t.dtype, shape_of(t, s))
    bufs[t.name], outputs[i] = b, b
  end
  local values = {}
  for k2, v in pairs(s) do values[k2] = v end
  for _, sc in ipairs(spec.scalars or {}) do values[sc.name] = sc.value end
  for name, v in pairs(conv.knobs or {}) do values[name] = v end
  -- one launch: the entry point `name` with `params` (names, ":type" for scalars)
  local function launch(name, params, l)
    local types, args = {}, {}
    for i, p in ipairs(params) do
      local pname = p:match("^([%w_]+):") or p
      types[i] = p:match(":(%w+)$") or "ptr"
      args[i] = bufs[pname] or values[pname]
    end
    local k = assert(kcv.kernel.load{source = "kernels/" .. op .. ".cu", name = name, params = types,
                                     options = conv.options, backend = "cpu"})
    return {kernel = k, grid = l.grid, block = l.block, smem = l.smem or 0, args = args}
  end
  local launches = {}
  if conv.pipeline then            -- the sidecar's launches, with its workspaces
    for _, w in ipairs(conv.pipeline.workspace or {}) do
      bufs[w.name] = kcv.buffer(w.dtype, type(w.shape) == "function" and w.shape(values) or w.shape)
    end
    for _, l in ipairs(conv.pipeline.launches(values)) do
      launches[#launches + 1] = launch(l.name, l.params or conv.params, l)
    end
  else
    launches[1] = launch(conv.name, conv.params, conv.launch(values))
  end
  local poison, offset = {}, {}
  for _, b in ipairs(outputs) do poison[b] = 0xFF end         -- NaN everywhere
  if misalign then
    for _, b in ipairs(inputs) do offset[b] = b.itemsize end
  end
  local r = kcv.kernel.run{launches = launches, poison = poison, offset = offset, redzone = 64, timeout = 120}
  assert.are.equal("ok", r.status, r.message)
  assert.are.equal(0, #(r.redzone or {}), "a write outside an output")
  return inputs, outputs
end

local nvcc = ptxas.find_nvcc()
local cpu_ok, cpu_why = kcv.backend.available("cpu")

describe("every operator contract", function()
  for _, op in ipairs(spec_names()) do
    describe("specs/" .. op .. ".lua", function()
      local spec, err = verify.load_spec("specs/" .. op .. ".lua")

      it("is a valid spec", function()
        assert.is_truthy(spec, err)
      end)

      it("has an honest kernel kernels/" .. op .. ".cu defining its entry point", function()
        local src = read("kernels/" .. op .. ".cu")
        local name = convention(spec, op).name
        assert.is_truthy(src:find('extern "C"', 1, true), "the entry point must be extern \"C\"")
        assert.is_truthy(src:find(name .. "%s*%("), "no definition of " .. name)
      end)

      if not nvcc then
        pending("compiles with nvcc for sm_90a within its budget (nvcc not found)")
      else
        it("compiles with nvcc for sm_90a without spills, every entry point within the budget", function()
          local conv = convention(spec, op)
          local res = assert(ptxas.usage("kernels/" .. op .. ".cu", {flags = conv.options}))
          -- the entry points: the convention's, and every launch of a pipeline
          -- at the benchmark shape
          local names = {conv.name}
          if conv.pipeline then
            local values = {}
            for k2, v in pairs(spec.benchmark) do values[k2] = v end
            for _, sc in ipairs(spec.scalars or {}) do values[sc.name] = sc.value end
            for name, v in pairs(conv.knobs or {}) do values[name] = v end
            for _, l in ipairs(conv.pipeline.launches(values)) do names[#names + 1] = l.name end
          end
          local budget = spec.budget or {}
          for _, name in ipairs(names) do
            local ku = assert(ptxas.kernel(res, name))
            assert.are.equal(0, ku.spill_stores + ku.spill_loads, name .. " spills")
            assert.is_true(ku.registers <= (budget.regs or 255), ("%s: %d registers"):format(name, ku.registers))
            assert.is_true(ku.smem <= (budget.smem or 48 * 1024), ("%s: %d bytes of shared memory"):format(name, ku.smem))
            assert.is_true(ku.stack <= (budget.local_bytes or math.huge), ("%s: %d bytes of stack"):format(name, ku.stack))
          end
        end)
      end

      if not cpu_ok then
        pending("runs on the CPU backend (" .. tostring(cpu_why) .. ")")
      else
        for _, misalign in ipairs{false, true} do
          local what = misalign and "with every input one element past 16-byte alignment"
                                or "at a small odd shape"
          it("runs on the CPU backend " .. what .. " and agrees with the oracle", function()
            local s = small_shape(spec)
            local inputs, outputs = run_on_cpu(spec, op, s, 7, misalign)
            local args = {}
            for i, b in ipairs(inputs) do args[i] = b end
            local scalars = {}
            for _, sc in ipairs(spec.scalars or {}) do scalars[sc.name] = sc.value end
            args[#inputs + 1] = scalars
            local res = table.pack(spec.oracle(kcv.mp, table.unpack(args, 1, #inputs + 1)))
            for i, out in ipairs(spec.outputs) do
              local d = kcv.dtype(out.dtype)
              -- a sanity bound, far looser than the gates': garbage, a
              -- missing tail or an unwritten element is still far outside
              local info = kcv.cmp.within(outputs[i], res[2 * i - 1],
                {mag = res[2 * i], c_mag = 1e-3, c_rel = 4 * d.unit_roundoff, c_abs = d.min_subnormal})
              assert.is_true(info.ok, ("%s: %s[%d] = %s, oracle %s (%d of %d elements off) at %s"):format(
                op, out.name, info.worst_index or -1, tostring(info.got), tostring(info.expected),
                info.violations or -1, info.checked or -1, require("kcv.verify.spec").shape_string(s)))
            end
          end)
        end
      end
    end)
  end
end)
