-- Reference-relative verdicts when the reference is nondeterministic: the
-- measured bound comes from one run of the reference, so before a thresholded
-- failure counts, the reference runs again, and a reference that itself
-- leaves the bound makes the case n/a (kcv/audit/compare.lua).  Found on the
-- H200 (2026-12-01): a problem's own Model, a ConvTranspose3d whose cuDNN
-- algorithm changed with the memory free, failed its own positive control.
local kcv = require "kcv"
local compare = require "kcv.audit.compare"

-- A stand-in subject: every run gives 1s, but the candidate's element 0 is
-- 0.99, and so is the reference's when it is asked again (nomemo) and
-- `strays`.  Records the runs it was asked for.
local function subject(strays)
  local s = {asked = {}}
  function s:run(recipe, who, opts)
    self.asked[#self.asked + 1] = who .. ((opts and opts.nomemo) and " again" or "")
    if who == "magnitude" then return nil, {message = "no magnitudes"} end
    local v = kcv.from("f32", {1, 1, 1, 1})
    if who == "candidate" or (who == "reference" and opts and opts.nomemo and strays) then v:set(0, 0.99) end
    return {v}
  end
  return s
end

describe("a thresholded comparison whose reference is nondeterministic", function()
  it("fails a candidate that leaves the bound while the reference, run again, stays within it", function()
    local s = subject(false)
    local r = compare.thresholded(s, {seed = 1, dist = "bench"})
    assert.is_false(r.ok)
    assert.are.equal(0, r.evidence.index)
    local again = 0
    for _, w in ipairs(s.asked) do if w == "reference again" then again = again + 1 end end
    assert.are.equal(2, again)
  end)

  it("leaves the case n/a when the reference, run again, leaves the bound too", function()
    local r = compare.thresholded(subject(true), {seed = 1, dist = "bench"})
    assert.is_nil(r.ok)
    assert.truthy(r.skip:find("the reference itself, run again on this case, exceeds output 0's bound", 1, true), r.skip)
  end)

  it("asks for no second run of the reference when the candidate passes", function()
    local s = subject(false)
    s.run = function(self, recipe, who, opts)
      self.asked[#self.asked + 1] = who .. ((opts and opts.nomemo) and " again" or "")
      if who == "magnitude" then return nil, {message = "no magnitudes"} end
      return {kcv.from("f32", {1, 1, 1, 1})}
    end
    assert.is_true(compare.thresholded(s, {seed = 1, dist = "bench"}).ok)
    for _, w in ipairs(s.asked) do assert.are_not.equal("reference again", w) end
  end)
end)

describe("ORD-02 when the candidate's runs differ", function()
  -- A stand-in subject whose reference gives identical bits on its first
  -- three runs and, when `flaky`, different bits on the next three.
  local function subject(flaky)
    local s, ref_runs = {}, 0
    function s:case(recipe) return {id = "c1", drawn_on = "cuda"} end
    function s:call(req) return {ops = {}} end
    function s:run(recipe, who, opts)
      if who == "reference" then
        ref_runs = ref_runs + 1
        return {repeats_identical = not (flaky and ref_runs > 1)}
      end
      return {repeats_identical = false}        -- the candidate
    end
    return s
  end
  local ord02 = require("kcv.audit.gates").by_id["ORD-02"]

  it("fails the candidate when the reference, looked at again, still gives identical bits", function()
    local r = ord02.run(subject(false), {seed = 1})
    assert.are.equal("fail", r.status)
    assert.are.equal("three runs in one process on identical inputs gave different bits", r.reason)
  end)

  it("is n/a when the reference, looked at again, gives different bits too", function()
    local r = ord02.run(subject(true), {seed = 1})
    assert.are.equal("na", r.status)
    assert.truthy(r.reason:find("on a second look", 1, true), r.reason)
  end)
end)

describe("a class comparison whose reference is nondeterministic", function()
  -- every run gives `first` (0.5) at element 0, but the candidate gives 0
  -- there, and so does the reference when it is asked again (nomemo) and
  -- `strays`
  local function subject(strays, first)
    local s = {again = 0}
    function s:run(recipe, who, opts)
      if opts and opts.nomemo then self.again = self.again + 1 end
      local v = kcv.from("f32", {first or 0.5, 1, 1, 1})
      if who == "candidate" or (who == "reference" and opts and opts.nomemo and strays) then v:set(0, 0) end
      return {v}
    end
    return s
  end

  it("counts the candidate's zero where the reference, run twice more, keeps the oracle's class", function()
    local s = subject(false)
    local r = compare.classes(s, {seed = 1, dist = "bench"}, {finite_detail = true})
    assert.is_false(r.ok)
    assert.are.equal(1, r.violations)
    assert.are.equal(2, s.again)
  end)

  it("calls the candidate's zero a rounding where the oracle's 1e-9 is within the thresholded bound", function()
    -- a sum that cancels: 0 in one order, 1e-9 in another; the bound is
    -- 64 x one f32 unit roundoff of the output's largest magnitude (1)
    local s = subject(false, 1e-9)
    local r = compare.classes(s, {seed = 1, dist = "bench"}, {finite_detail = true})
    assert.is_true(r.ok)
    assert.are.equal(0, r.violations)
    assert.are.equal(1, r.roundings)
    assert.are.equal(0, s.again)
  end)

  it("does not count it where a second run of the reference gives the same zero", function()
    local r = compare.classes(subject(true), {seed = 1, dist = "bench"}, {finite_detail = true})
    assert.is_true(r.ok)
    assert.are.equal(0, r.violations)
    assert.are.equal(1, r.ref_disagrees)
  end)
end)
