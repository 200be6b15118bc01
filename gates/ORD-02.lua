-- ORD-02 bitwise determinism: the same inputs, run again at another buffer
-- placement, with dirtied scratch memory and under other CPU schedules, give
-- byte-identical outputs.
local kcv = require "kcv"
local case = require "kcv.verify.case"

local VARIANTS = {
  {name = "repeat", opts = {}},
  {name = "placement", opts = {placement = 1}, need = "placement"},
  {name = "dirty", opts = {dirty = true}, need = "dirty"},
  {name = "schedule-1", opts = {sched_seed = 1}, need = "sched_seed"},
  {name = "schedule-2", opts = {sched_seed = 0x5eed, placement = 2}, need = "sched_seed"},
}

return {
  id = "ORD-02", title = "bitwise determinism", kind = "tolerance-free", needs = {},
  run = function(ctx)
    local spec = ctx.spec
    local caps = ctx.subject.caps or {}
    local n = 0
    for _, item in ipairs{{"order", case.benchmark(spec, ctx.budget)}, {"normal", case.odd(spec, ctx.budget)}} do
      local c = ctx:case(("%s-%d"):format(item[1], n), item[2], item[1])
      n = n + 1
      if c then
        ctx:progress("case " .. c.name)
        local inputs = ctx:inputs(c)
        local first = ctx:run(inputs, c.shape, {})
        local f = ctx:outcome(c, first)
        if f then return f end
        for _, v in ipairs(VARIANTS) do
          if not v.need or caps[v.need] then
            local r = ctx:run(inputs, c.shape, v.opts)
            f = ctx:outcome(c, r)
            if f then return f end
            for o, out in ipairs(spec.outputs) do
              local same, byte, index = kcv.cmp.bytes_equal(r.outputs[o], first.outputs[o])
              if not same then
                local got, exp = r.outputs[o]:get(index), first.outputs[o]:get(index)
                return ctx:fail(c, ("%s[%d] differs between two runs on identical inputs (%s): %.9g then %.9g"):format(
                  out.name, index, v.name, exp, got), {output = out.name, index = index, byte = byte,
                  got = got, expected = exp, variant = v.name})
              end
            end
          end
        end
      end
    end
    return ctx:pass("outputs byte-identical across repeats, placements, dirty scratch and schedules", {cases = n})
  end,
}
