-- kcv specs: list the operator contracts in specs/.
local verify = require "kcv.verify"
local registry = require "kcv.verify.registry"
local specmod = require "kcv.verify.spec"

local M = {
  summary = "list the operator contracts",
  usage = "kcv specs [DIR]",
  help = [[
Lists every specs/<op>.lua (or DIR/*.lua): name, summary and the benchmark
shape.  A spec that does not load is listed with its error, and the exit
status is then 2.  The format is docs/SPECS.md.]],
}

function M.run(argv)
  local dir = argv[1] or (registry.root() .. "/specs")
  local rc = 0
  print(("%-16s %-28s %s"):format("name", "benchmark", "summary"))
  for _, name in ipairs(registry.list(dir, ".lua")) do
    local spec, err = verify.load_spec(dir .. "/" .. name)
    if spec then
      print(("%-16s %-28s %s"):format(spec.name, specmod.shape_string(spec.benchmark), spec.summary))
    else
      print(("%-16s %-28s %s"):format(name:gsub("%.lua$", ""), "(error)", err))
      rc = 2
    end
  end
  return rc
end

return M
