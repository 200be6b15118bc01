-- RES-01 memory contract: no byte written outside the outputs (redzones),
-- every output element written (runs with poison 0x00 and 0xFF agree),
-- inputs unchanged, results independent of stale memory (dirty arena), no
-- result caching (input B after input A at the same place gives B's
-- answer), outputs not aliasing inputs.
local kcv = require "kcv"
local case = require "kcv.verify.case"

local REDZONE = 64

local function redzone_failure(ctx, c, r, what)
  local z = r.redzone and r.redzone[1]
  if not z then return nil end
  local name = z.buffer
  if type(name) ~= "string" then name = tostring(name) end
  return ctx:fail(c, ("a byte was written outside buffer %s (%s side, offset %s, got 0x%02x, expected 0x%02x) %s"):format(
    name, tostring(z.side), tostring(z.offset), tonumber(z.got) or 0, tonumber(z.expected) or 0, what),
    {buffer = name, side = z.side, index = z.offset, got = z.got, expected = z.expected})
end

local function all_bytes(b, i, byte)
  local s = b:bytes(i * b.itemsize, b.itemsize)
  return s == string.rep(string.char(byte), #s)
end

local function check(ctx, c)
  local spec = ctx.spec
  local inputs = ctx:inputs(c)
  local pristine = {}
  for i, b in ipairs(inputs) do pristine[i] = b:clone() end
  local lo = ctx:run(inputs, c.shape, {poison = 0x00, redzone = REDZONE, placement = 0})
  local f = ctx:outcome(c, lo) or redzone_failure(ctx, c, lo, "(poison 0x00 run)")
  if f then return f end
  local hi = ctx:run(inputs, c.shape, {poison = 0xFF, redzone = REDZONE, placement = 0})
  f = ctx:outcome(c, hi) or redzone_failure(ctx, c, hi, "(poison 0xFF run)")
  if f then return f end
  for i, t in ipairs(spec.inputs) do
    for _, r in ipairs{lo, hi} do
      local same, byte, index = kcv.cmp.bytes_equal(r.inputs[i], pristine[i])
      if not same then
        return ctx:fail(c, ("input %s[%d] was changed by the kernel: %.9g, was %.9g"):format(
          t.name, index, r.inputs[i]:get(index), pristine[i]:get(index)),
          {input = t.name, index = index, byte = byte, got = r.inputs[i]:get(index), expected = pristine[i]:get(index)})
      end
    end
  end
  for o, out in ipairs(spec.outputs) do
    for i, b in ipairs(inputs) do
      if rawequal(lo.outputs[o], b) or rawequal(lo.outputs[o], lo.inputs[i]) then
        return ctx:fail(c, ("output %s aliases input %s"):format(out.name, spec.inputs[i].name), {output = out.name})
      end
    end
    local same, byte, index = kcv.cmp.bytes_equal(lo.outputs[o], hi.outputs[o])
    if not same then
      local unwritten = all_bytes(lo.outputs[o], index, 0x00) and all_bytes(hi.outputs[o], index, 0xFF)
      return ctx:fail(c, unwritten
        and ("%s[%d] is never written: it keeps the poison bytes (0x00 and 0xFF runs)"):format(out.name, index)
        or ("%s[%d] depends on the output buffer's initial contents: %.9g (0x00) vs %.9g (0xFF)"):format(
          out.name, index, lo.outputs[o]:get(index), hi.outputs[o]:get(index)),
        {output = out.name, index = index, byte = byte, got = hi.outputs[o]:get(index),
         expected = lo.outputs[o]:get(index), class = unwritten and "unwritten" or "reads-output"})
    end
  end
  -- stale memory: a dirty arena, and (where the subject has schedules) the
  -- stale shared memory of another schedule
  local caps = ctx.subject.caps or {}
  local dirty = ctx:run(inputs, c.shape, {poison = 0x00, dirty = true, placement = 0,
                                          sched_seed = caps.sched_seed and 0x5a5a or nil})
  f = ctx:outcome(c, dirty)
  if f then return f end
  for o, out in ipairs(spec.outputs) do
    local same, byte, index = kcv.cmp.bytes_equal(dirty.outputs[o], lo.outputs[o])
    if not same then
      return ctx:fail(c, ("%s[%d] changes when memory holds garbage (dirty arena, another schedule's stale shared memory; or an order dependence, see ORD-02): %.9g, clean %.9g"):format(
        out.name, index, dirty.outputs[o]:get(index), lo.outputs[o]:get(index)),
        {output = out.name, index = index, byte = byte, got = dirty.outputs[o]:get(index),
         expected = lo.outputs[o]:get(index), class = "stale-memory"})
    end
  end
  -- caching: input B at the place input A just used, against B elsewhere
  local cb = {shape = c.shape, dist = c.dist, seed = c.seed + 1, name = c.name}
  local other = ctx:inputs(cb)
  local b_same = ctx:run(other, c.shape, {placement = 0})
  f = ctx:outcome(c, b_same)
  if f then return f end
  local b_fresh = ctx:run(other, c.shape, {placement = 3})
  f = ctx:outcome(c, b_fresh)
  if f then return f end
  for o, out in ipairs(spec.outputs) do
    local same, byte, index = kcv.cmp.bytes_equal(b_same.outputs[o], b_fresh.outputs[o])
    if not same then
      local cached = kcv.cmp.bytes_equal(b_same.outputs[o], lo.outputs[o])
      return ctx:fail(c, cached
        and ("%s for new input B equals the output for the previous input A at the same address (a cached result)"):format(out.name)
        or ("%s[%d] for input B depends on what ran before at the same address: %.9g vs %.9g"):format(
          out.name, index, b_same.outputs[o]:get(index), b_fresh.outputs[o]:get(index)),
        {output = out.name, index = index, byte = byte, got = b_same.outputs[o]:get(index),
         expected = b_fresh.outputs[o]:get(index), class = cached and "cached" or "history"})
    end
  end
  return nil
end

return {
  id = "RES-01", title = "memory contract", kind = "tolerance-free",
  needs = {"poison", "redzone", "placement", "dirty", "inputs_after"},
  run = function(ctx)
    local n = 0
    for _, item in ipairs{{"odd", case.odd(ctx.spec, ctx.budget)}, {"benchmark", case.benchmark(ctx.spec, ctx.budget)}} do
      local c = ctx:case(item[1], item[2], "normal")
      if c then
        n = n + 1
        ctx:progress("case " .. c.name)
        local f = check(ctx, c)
        if f then return f end
      end
    end
    if n == 0 then return ctx:na("no case selected") end
    return ctx:pass("no write outside the outputs, every output written, inputs unchanged, no stale-memory or cached results",
                    {cases = n})
  end,
}
