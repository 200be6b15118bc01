-- run(who [, recipe]): a module of the audit on a case (kcv audit --repl).
local subject = require "kcv.audit.subject"

local WHO = {candidate = true, reference = true, oracle = true, magnitude = true}

local function run(session, who, recipe)
  if not WHO[who] then
    error(("run: who must be candidate, reference, oracle or magnitude, got %s"):format(tostring(who)), 0)
  end
  if recipe ~= nil and type(recipe) ~= "table" then
    error("run: recipe must be a table like recipe (seed =, dist =, inject =, ...), got " .. type(recipe), 0)
  end
  local outs, fault = session.audit_subject:run(recipe or session.env.recipe, who, {["local"] = true})
  if not outs then error(("run: %s failed on %s: %s"):format(who, subject.key_of(recipe or session.env.recipe),
                                                          fault and fault.message or "?"), 0) end
  return outs
end

return {
  name = "run",
  usage = "run(who [, recipe])",
  doc = [[
The outputs (a list of kcv buffers, f64 for the oracle) of who on a case:
who is "candidate", "reference", "oracle" or "magnitude" (the family error
model's sum |terms|); recipe defaults to the case in view (`recipe`), and
any other recipe makes a new case, e.g. run("candidate", {seed = 7, dist =
"bench"}).  The worker that judged the solution answers; its runs are
memoised.]],
  run = run,
}
