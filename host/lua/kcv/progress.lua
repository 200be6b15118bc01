-- kcv/progress.lua — progress on stderr for long commands.
--
--   local progress = require("kcv.progress").new{prefix = "softmax: ", verbose = false}
--   progress.plan(12)                                         -- 12 steps to come (optional)
--   progress("running EXC-01 non-finite propagation", 1)      -- a step (a gate) starts
--   progress("EXC-01: case nan-rows (rows=16 cols=16384)", 2) -- a detail inside it (a case)
--   progress.count(3, 12)                                     -- or: 3 of 12 done, said outright
--   local inner = progress.sub()    -- for a nested run: its steps become details
--   progress.done()
--
-- On a terminal one line is rewritten in place: with a plan, a bar, the
-- step count, the step and its detail, and an ETA from the mean time of the
-- steps done so far:
--   [########............]  5/12 EXC-01 non-finite propagation: case nan-sparse-1  ETA 0:07
-- Elsewhere (a log, CI) step messages are printed one per line and details
-- only with verbose, so logs stay short; with log = false nothing goes to a log.
local kcv = require "kcv"

local M = {}

M.BAR = 20

local function clock() return kcv.sys.clock() end

local function mmss(s)
  s = math.max(0, math.floor(s + 0.5))
  if s >= 3600 then return ("%d:%02d:%02d"):format(s // 3600, s // 60 % 60, s % 60) end
  return ("%d:%02d"):format(s // 60, s % 60)
end

-- The status line for a state {total=, done=, step=, detail=, t0=}.
function M.line(st, now, width)
  local parts = {}
  if st.total and st.total > 0 then
    local filled = math.min(M.BAR, math.floor(st.done / st.total * M.BAR))
    parts[#parts + 1] = ("[%s%s] %d/%d"):format(("#"):rep(filled), ("."):rep(M.BAR - filled), st.done, st.total)
  end
  local what = st.step or ""
  if st.detail and st.detail ~= "" then what = what ~= "" and (what .. ": " .. st.detail) or st.detail end
  local eta = ""
  if st.total and st.done > 0 and st.done < st.total then
    eta = "  ETA " .. mmss((now - st.t0) / st.done * (st.total - st.done))
  end
  local head = table.concat(parts, " ")
  local room = (width or 110) - #head - #eta - 1
  if #what > room then what = what:sub(1, math.max(0, room - 3)) .. "..." end
  return (head ~= "" and head .. " " or "") .. what .. eta
end

function M.new(opts)
  opts = opts or {}
  local prefix, verbose, log = opts.prefix or "", opts.verbose, opts.log ~= false
  local tty = opts.tty
  if tty == nil then tty = kcv.sys.isatty(2) end
  local out = opts.out or io.stderr
  local width = tonumber(os.getenv("COLUMNS") or "") or 110
  local st = {done = 0, t0 = clock(), started = 0}
  local shown = false

  local function render()
    out:write("\r\27[K", M.line(st, clock(), width - 1))
    shown = true
  end

  local self = setmetatable({}, {__call = function(_, msg, level)
    level = level or 1
    if level <= 1 then
      if st.total and not st.counted then
        st.started = st.started + 1
        st.done = math.min(st.total, st.started - 1)
      end
      st.step, st.detail = prefix .. msg, nil
    else
      st.detail = msg
    end
    if tty then
      render()
    elseif log and (level <= 1 or verbose) then
      out:write("  .. ", prefix, msg, "\n")
    end
  end})

  function self.plan(n)
    st.total, st.done, st.started, st.t0 = n, 0, 0, clock()
  end

  function self.count(done, total)
    st.counted = true
    st.total, st.done = total, done
    if tty and shown then render() end
  end

  -- A progress for a nested run: whatever it is told becomes the detail
  -- of the current step (its own plan and counts are ignored).
  function self.sub()
    local sub = setmetatable({}, {__call = function(_, msg, level)
      st.detail = msg
      if tty then render()
      elseif log and verbose then out:write("  .. ", prefix, msg, "\n") end
    end})
    function sub.plan() end
    function sub.count() end
    function sub.done() end
    function sub.sub() return sub end
    return sub
  end

  function self.done()
    if tty and shown then out:write("\r\27[K") end
    shown = false
  end
  return self
end

return M
