-- kcv/verify/spec.lua — load an operator contract (specs/<op>.lua) and check
-- its shape before any gate trusts it.  The format is docs/SPECS.md; every
-- complaint names the file and the field, e.g.
--   specs/softmax.lua: field 'inputs[1].dtype': unknown dtype 'f33'

local kcv = require "kcv"

local M = {}

local FLOAT_DTYPES = {f64 = true, f32 = true, f16 = true, bf16 = true,
                      f8e4m3 = true, f8e5m2 = true}
local PARAM_TYPES = {i8 = true, i16 = true, i32 = true, i64 = true, u8 = true,
                     u16 = true, u32 = true, u64 = true, f32 = true, f64 = true}

local function is_dtype(name)
  return type(name) == "string" and pcall(kcv.dtype, name)
end

-- A checker raises a string; the loader turns it into `nil, err`.
local Invalid = {}

local function bad(field, fmt, ...)
  error(setmetatable({field = field, msg = fmt:format(...)}, Invalid), 0)
end

local function want(v, ty, field, optional)
  if v == nil and optional then return end
  if type(v) ~= ty then
    bad(field, "expected a %s, got %s", ty, v == nil and "nothing" or type(v))
  end
end

local function check_dims(spec)
  want(spec.dims, "table", "dims")
  for name, r in pairs(spec.dims) do
    local f = "dims." .. tostring(name)
    if type(name) ~= "string" then bad("dims", "dim names must be strings") end
    want(r, "table", f)
    if math.type(r.min) ~= "integer" or r.min < 1 then bad(f .. ".min", "expected an integer >= 1") end
    if math.type(r.max) ~= "integer" or r.max < r.min then bad(f .. ".max", "expected an integer >= min") end
  end
end

-- A concrete shape: an integer for every dim, inside its range.
local function check_shape(spec, s, field, strict)
  want(s, "table", field)
  for name, r in pairs(spec.dims) do
    local v = s[name]
    if math.type(v) ~= "integer" then bad(field .. "." .. name, "expected an integer") end
    if strict and (v < r.min or v > r.max) then
      bad(field .. "." .. name, "%d is outside the dim's range [%d, %d]", v, r.min, r.max)
    end
  end
end

local function check_tensors(spec, list, field, dtypes_seen)
  want(list, "table", field)
  if #list == 0 then bad(field, "expected at least one entry") end
  local seen = {}
  for i, t in ipairs(list) do
    local f = ("%s[%d]"):format(field, i)
    want(t, "table", f)
    want(t.name, "string", f .. ".name")
    if seen[t.name] then bad(f .. ".name", "duplicate name '%s'", t.name) end
    seen[t.name] = true
    if not is_dtype(t.dtype) then bad(f .. ".dtype", "unknown dtype '%s'", tostring(t.dtype)) end
    want(t.shape, "table", f .. ".shape")
    for j, d in ipairs(t.shape) do
      if not (math.type(d) == "integer" and d >= 1 or spec.dims[d]) then
        bad(("%s.shape[%d]"):format(f, j), "'%s' is neither a dim nor a positive integer", tostring(d))
      end
    end
    if t.domain ~= nil then want(t.domain, "table", f .. ".domain") end
    dtypes_seen[#dtypes_seen + 1] = t.dtype
  end
end

local function check_kernel(spec)
  local k = spec.kernel
  want(k, "table", "kernel")
  want(k.name, "string", "kernel.name")
  want(k.params, "table", "kernel.params")
  want(k.launch, "function", "kernel.launch")
  local buffers = {}
  for _, t in ipairs(spec.inputs) do buffers[t.name] = true end
  for _, t in ipairs(spec.outputs) do buffers[t.name] = true end
  local scalars = {}
  for _, sc in ipairs(spec.scalars or {}) do scalars[sc.name] = true end
  for i, p in ipairs(k.params) do
    local f = ("kernel.params[%d]"):format(i)
    want(p, "string", f)
    local name, ty = p:match("^([%w_]+):(%w+)$")
    if name then
      if not PARAM_TYPES[ty] then bad(f, "unknown parameter type '%s'", ty) end
      if not (spec.dims[name] or scalars[name]) then
        bad(f, "'%s' is neither a dim nor a scalar", name)
      end
    elseif not buffers[p] then
      bad(f, "'%s' is not an input or output name (dims and scalars are written 'name:type')", p)
    end
  end
end

local function check_error_model(spec)
  local em = spec.error_model
  want(em, "table", "error_model")
  local r = em.reduction
  if r ~= nil and type(r) ~= "function" and not spec.dims[r] then
    bad("error_model.reduction", "'%s' is not a dim (give a dim name, a function(shape) -> N, or nil)", tostring(r))
  end
  if not (em.accumulator and FLOAT_DTYPES[em.accumulator]) then
    bad("error_model.accumulator", "expected a float dtype name, got '%s'", tostring(em.accumulator))
  end
  if type(em.c) ~= "number" or not (em.c > 0) then bad("error_model.c", "expected a positive number") end
  if em.rounds ~= nil and (math.type(em.rounds) ~= "integer" or em.rounds < 0) then
    bad("error_model.rounds", "expected a whole number >= 0 (roundings on the scale of the result)")
  end
end

-- torch: the PyTorch expression the contract corresponds to (docs/PARITY.md):
-- a string, {expr =, setup =, tf32 =}, or {none = "why there is none"}.
-- The expression itself is compiled by the worker (kcv parity).
local TORCH_FORM = "expected a PyTorch expression (a string), {expr = ..., setup = ..., tf32 = ...} "
                .. "or {none = \"why there is none\"}"

local function check_torch(spec)
  local t = spec.torch
  if t == nil or type(t) == "string" then return end
  if type(t) ~= "table" then bad("torch", "%s, got %s", TORCH_FORM, type(t)) end
  for k in pairs(t) do
    if k ~= "expr" and k ~= "setup" and k ~= "tf32" and k ~= "none" then
      bad("torch." .. tostring(k), "unknown key (%s)", TORCH_FORM)
    end
  end
  if t.none ~= nil then
    if type(t.none) ~= "string" or t.none == "" then bad("torch.none", "expected the reason, a non-empty string") end
    if t.expr ~= nil then bad("torch", "give either expr or none, not both") end
    return
  end
  want(t.expr, "string", "torch.expr")
  want(t.setup, "string", "torch.setup", true)
  want(t.tf32, "boolean", "torch.tf32", true)
end

-- The ids of the gates a spec may name: the files of gates/ and of the
-- directories of KCV_GATES_PATH (not --gates DIR: a spec is loaded before
-- the command's options are known).
local function gate_ids()
  local registry = require "kcv.verify.registry"
  local ids = {}
  for _, dir in ipairs(registry.dirs()) do
    for _, name in ipairs(registry.list(dir, ".lua")) do ids[(name:gsub("%.lua$", ""))] = true end
  end
  return ids
end

-- stricter = {[gate id] = reason}: the clauses where the contract demands
-- more than PyTorch eager does, each with its reason (docs/PARITY.md).
local function check_stricter(spec)
  if spec.stricter == nil then return end
  want(spec.stricter, "table", "stricter")
  local ids = gate_ids()
  for id, why in pairs(spec.stricter) do
    local f = ("stricter[%s]"):format(type(id) == "string" and ("%q"):format(id) or tostring(id))
    if type(id) ~= "string" or not ids[id] then
      bad(f, "'%s' is not a gate id (see 'kcv gates')", tostring(id))
    end
    if type(why) ~= "string" or why == "" then bad(f, "expected the reason, a non-empty string") end
  end
end

-- The spec's torch field as {expr =, setup =, tf32 =} | {none =} | nil.
function M.torch(spec)
  local t = spec.torch
  if type(t) == "string" then return {expr = t, tf32 = false} end
  return t
end

-- Raise Invalid on the first problem; return nothing when the spec is sound.
function M.validate(spec)
  want(spec, "table", "(the chunk's return value)")
  want(spec.name, "string", "name")
  want(spec.summary, "string", "summary")
  want(spec.math, "string", "math", true)
  check_dims(spec)
  check_shape(spec, spec.benchmark, "benchmark", false)
  if spec.shapes ~= nil then
    want(spec.shapes, "table", "shapes")
    for i, s in ipairs(spec.shapes) do check_shape(spec, s, ("shapes[%d]"):format(i), false) end
  end
  local dts = {}
  check_tensors(spec, spec.inputs, "inputs", dts)
  check_tensors(spec, spec.outputs, "outputs", dts)
  if spec.scalars ~= nil then
    want(spec.scalars, "table", "scalars")
    for i, sc in ipairs(spec.scalars) do
      local f = ("scalars[%d]"):format(i)
      want(sc, "table", f)
      want(sc.name, "string", f .. ".name")
      if not PARAM_TYPES[sc.type] then bad(f .. ".type", "unknown scalar type '%s'", tostring(sc.type)) end
      want(sc.value, "number", f .. ".value")
    end
  end
  want(spec.oracle, "function", "oracle")
  check_error_model(spec)
  if spec.zero_sign ~= nil then want(spec.zero_sign, "boolean", "zero_sign") end
  if spec.nonfinite_class ~= nil and spec.nonfinite_class ~= "exact" and spec.nonfinite_class ~= "merged" then
    bad("nonfinite_class", "expected \"exact\" or \"merged\", got %s", tostring(spec.nonfinite_class))
  end
  if spec.elementwise ~= nil then
    want(spec.elementwise, "boolean", "elementwise")
    if spec.elementwise and spec.error_model.reduction ~= nil then
      bad("elementwise", "an element-wise spec has no reduction (error_model.reduction is set)")
    end
  end
  if spec.rows ~= nil then
    -- row i of every output comes from row i of the inputs that have this
    -- dim first (and all of the other inputs): CMP-03 may compare a sample
    -- of rows of a case too large for the oracle
    want(spec.rows, "string", "rows")
    if not spec.dims[spec.rows] then bad("rows", "'%s' is not one of the dims", spec.rows) end
    for i, t in ipairs(spec.outputs) do
      if t.shape[1] ~= spec.rows then
        bad("rows", "output %d '%s' does not have '%s' as its first dim", i, t.name, spec.rows)
      end
    end
    for i, t in ipairs(spec.inputs) do
      for k = 2, #t.shape do
        if t.shape[k] == spec.rows then
          bad("rows", "input %d '%s' has '%s' other than first", i, t.name, spec.rows)
        end
      end
    end
  end
  check_kernel(spec)
  check_torch(spec)
  check_stricter(spec)
  if spec.budget ~= nil then
    want(spec.budget, "table", "budget")
    for _, key in ipairs{"regs", "smem", "local_bytes", "min_occupancy"} do want(spec.budget[key], "number", "budget." .. key, true) end
    local mo = spec.budget.min_occupancy
    if mo ~= nil and not (mo > 0 and mo <= 1) then
      bad("budget.min_occupancy", "a fraction of the SM's warps in (0, 1] expected, got %s", tostring(mo))
    end
  end
end

-- load(path) -> spec | nil, err.  The spec gets `path` set to where it came from.
function M.load(path)
  local chunk, err = loadfile(path, "t")
  if not chunk then
    if not io.open(path) then return nil, ("%s: no such spec file"):format(path) end
    return nil, err
  end
  local ok, spec = pcall(chunk)
  if not ok then return nil, ("%s: error while loading: %s"):format(path, tostring(spec)) end
  local valid, e = pcall(M.validate, spec)
  if not valid then
    if getmetatable(e) == Invalid then
      return nil, ("%s: field '%s': %s"):format(path, e.field, e.msg)
    end
    return nil, ("%s: %s"):format(path, tostring(e))
  end
  spec.path = path
  return spec
end

-- Concrete shape of a tensor (list of integers) for the dims in `s`.
function M.shape_of(tensor, s)
  local shape = {}
  for i, d in ipairs(tensor.shape) do shape[i] = math.type(d) == "integer" and d or s[d] end
  return shape
end

-- A scalar's value as the kernel receives it: floats rounded once to their
-- declared type (eps = 1e-5 as an f32 is 9.99999974738e-06), so the oracle
-- computes with exactly the number the kernel got.
function M.scalar_value(sc)
  if sc.type == "f32" or sc.type == "f64" then return kcv.round(sc.value, sc.type) end
  return sc.value
end

-- The shape table with every dim and scalar by name (what kernel.launch sees).
function M.with_scalars(spec, s)
  local t = {}
  for k, v in pairs(s) do t[k] = v end
  for _, sc in ipairs(spec.scalars or {}) do t[sc.name] = M.scalar_value(sc) end
  return t
end

-- Reduction length N of the error model at shape s (1 for element-wise ops).
function M.reduction_length(spec, s)
  local r = spec.error_model.reduction
  if r == nil then return 1 end
  if type(r) == "function" then return r(s) end
  return s[r]
end

function M.is_low_precision(dtype)
  return dtype == "f16" or dtype == "bf16" or dtype == "f8e4m3" or dtype == "f8e5m2"
end

-- "rows=16 cols=16384", dims sorted by name.
function M.shape_string(s)
  local names = {}
  for k in pairs(s) do names[#names + 1] = k end
  table.sort(names)
  local parts = {}
  for i, k in ipairs(names) do parts[i] = k .. "=" .. tostring(s[k]) end
  return table.concat(parts, " ")
end

return M
