-- kcv/audit/python.lua — which Python runs the module worker.
--
-- The worker needs a python3 that imports torch.  A python3 found first on
-- PATH (a pyenv shim, say) may not see Debian's python3-torch, which is
-- installed for /usr/bin/python3; so the candidates are tried in order and
-- the first that imports torch wins: $KCV_PYTHON, python3 on PATH,
-- /usr/bin/python3.
local M = {}
local found, why_not

local function imports_torch(py)
  local cmd = ("%q -c 'import torch' >/dev/null 2>&1"):format(py)
  return os.execute(cmd) == true
end

function M.find()
  if found or why_not then return found, why_not end
  local tried = {}
  for _, py in ipairs{os.getenv("KCV_PYTHON") or false, "python3", "/usr/bin/python3"} do
    if py then
      tried[#tried + 1] = py
      if imports_torch(py) then found = py; return found end
    end
  end
  why_not = "no python3 that imports torch (tried " .. table.concat(tried, ", ") ..
            "; install Debian's python3-torch or set KCV_PYTHON)"
  return nil, why_not
end

return M
