-- kcv/verify/mismatch.lua — where two outputs' class masks differ, element
-- by element: what EXC gates compare, as positions a person can look at
-- (the REPL's diff(), the HTML report's strip of the output).
--
--   local m = mismatch.classes(got, expected, {zero_sign=, finite_detail=})
--   m.got, m.expected   u8 buffers of class codes (kcv.cmp.CLASS), expected
--                       rounded once to got's dtype first, as masks_equal does
--   mismatch.positions(got, expected, opts [, cap]) -> {count=, indices={...}}
--                       the 0-based flat indices where the classes differ
--                       (at most cap of them, default 4096; count is all)

local kcv = require "kcv"

local M = {}

local C = kcv.cmp.CLASS

-- The class code as the comparison sees it, under opts' merging rules.
local function merged(code, opts)
  if opts.merge_nonfinite and (code == C.pinf or code == C.ninf or code == C.nan) then return C.nan end
  if code == C.nzero and not opts.zero_sign then return C.pzero end
  if code == C.subnormal and not opts.finite_detail then return C.normal end
  return code
end

function M.classes(got, expected)
  local rounded = expected
  if expected.dtype ~= got.dtype then rounded = expected:cast(got.dtype) end
  return {got = kcv.cmp.classes(got), expected = kcv.cmp.classes(rounded)}
end

-- Whether element i differs, given class buffers m and the options.
function M.differs(m, i, opts)
  return merged(m.got:get(i), opts) ~= merged(m.expected:get(i), opts)
end

function M.positions(got, expected, opts, cap)
  opts, cap = opts or {}, cap or 4096
  if got.numel ~= expected.numel then
    error(("mismatch.positions: got has %d elements, expected %d"):format(got.numel, expected.numel), 2)
  end
  local m = M.classes(got, expected)
  local count, indices = 0, {}
  for i = 0, got.numel - 1 do
    if M.differs(m, i, opts) then
      count = count + 1
      if #indices < cap then indices[#indices + 1] = i end
    end
  end
  return {count = count, indices = indices}
end

return M
