-- kcv/progress.lua — progress on stderr for long commands.
--
--   local progress = require("kcv.progress").new{prefix = "softmax: ", verbose = false}
--   progress("running EXC-01 non-finite propagation", 1)   -- a gate starts
--   progress("EXC-01: case nan-rows (rows=16 cols=16384)", 2) -- a case inside it
--   progress.done()
--
-- On a terminal one status line is rewritten in place.  Elsewhere (a log, CI)
-- gate-level messages are printed one per line and case-level ones only with
-- verbose, so logs stay short; with log = false nothing goes to a log.
local kcv = require "kcv"

local M = {}

function M.new(opts)
  opts = opts or {}
  local prefix, verbose, log = opts.prefix or "", opts.verbose, opts.log ~= false
  local tty = kcv.sys.isatty(2)
  local shown = false
  local self = setmetatable({}, {__call = function(_, msg, level)
    level = level or 1
    if tty then
      io.stderr:write("\r\27[K", prefix, msg:sub(1, 110))
      shown = true
    elseif log and (level <= 1 or verbose) then
      io.stderr:write("  .. ", prefix, msg, "\n")
    end
  end})
  function self.done()
    if tty and shown then io.stderr:write("\r\27[K") end
    shown = false
  end
  return self
end

return M
