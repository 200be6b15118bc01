-- kcv/verify/args.lua — a small option parser for the verifier's commands.
--   local opts, err = args.parse(argv, {backend = "value", gate = "list", baseline = "flag"})
-- Options are --name VALUE or --name=VALUE; "list" options may repeat,
-- one value each time (--gate A --gate B); everything else is a positional
-- argument (opts[1], opts[2], ...).  With `positional = N` in defs, more
-- than N positionals are an error rather than silently ignored: a second
-- value after a list option (--gate A B) would otherwise drop B unseen.

local M = {}

function M.parse(argv, defs)
  local opts = {}
  for k, kind in pairs(defs) do if kind == "list" then opts[k] = {} end end
  local max, after_list = defs.positional
  local i = 1
  while i <= #argv do
    local a = argv[i]
    local name, value = a:match("^%-%-([%w%-]+)=(.*)$")
    if not name then name = a:match("^%-%-([%w%-]+)$") end
    if name then
      local key = name:gsub("%-", "_")
      local kind = key ~= "positional" and defs[key]
      after_list = nil
      if not kind then return nil, ("unknown option --%s"):format(name) end
      if kind == "flag" then
        if value then return nil, ("--%s takes no value"):format(name) end
        opts[key] = true
      else
        if not value then
          i = i + 1
          value = argv[i]
          if value == nil then return nil, ("--%s needs a value"):format(name) end
        end
        if kind == "list" then
          table.insert(opts[key], value)
          after_list = {name, value}
        elseif kind == "integer" then
          local n = math.tointeger(tonumber(value))
          if not n then return nil, ("--%s needs an integer, got '%s'"):format(name, value) end
          opts[key] = n
        else
          opts[key] = value
        end
      end
    else
      if max and #opts >= max then
        if not after_list then return nil, ("unexpected argument '%s'"):format(a) end
        local n, v = after_list[1], after_list[2]
        return nil, ("unexpected argument '%s' after --%s %s: give --%s once per value (--%s %s --%s %s)"):format(
          a, n, v, n, n, v, n, a)
      end
      opts[#opts + 1] = a
    end
    i = i + 1
  end
  return opts
end

return M
