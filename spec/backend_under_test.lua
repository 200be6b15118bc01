-- spec/backend_under_test.lua — which backend a kernel spec runs on.
--
--   local bt = require "backend_under_test"
--   local it, cpu_only = bt.setup(it, function(why) pending(why) end)
--
-- (busted's `it` and `pending` live in the spec file's environment, not in
-- this module's, hence they are handed over; `pending` through a closure,
-- because busted gives each running test its own.)
--
-- KCV_BACKEND=cuda (tools/device-check on the GPU machine) runs the tests on
-- the cuda backend, anything else on cpu.  With cuda asked for and no device,
-- every test is pending with the reason ("no CUDA device: ...").
local kcv = require "kcv"

local M = {}

M.BACKEND = os.getenv("KCV_BACKEND") == "cuda" and "cuda" or "cpu"
M.CUDA = M.BACKEND == "cuda"
if M.CUDA then
  local ok, why = kcv.backend.available("cuda")
  if not ok then M.NO_DEVICE = why end
end

-- busted's `it`, except that without the device asked for a test is pending;
-- and cpu_only(why), which makes the running test pending on cuda.
function M.setup(busted_it, pending)
  local function it(name, fn)
    busted_it(name, function()
      if M.NO_DEVICE then pending(M.NO_DEVICE) end
      return fn()
    end)
  end
  local function cpu_only(why)
    if M.CUDA then pending("cpu backend only: " .. why) end
  end
  return it, cpu_only
end

-- load(name, params[, source]): a kernel of source (default `source`) on
-- the backend under test; ok(r): r, after checking the launch went well.
function M.loader(source)
  local luassert = require "luassert"
  local function load(name, params, other)
    local k, err = kcv.kernel.load{source = other or source, name = name, params = params, backend = M.BACKEND}
    luassert(k, err)
    return k
  end
  local function ok(r)
    luassert.are.equal("ok", r.status, r.message)
    return r
  end
  return load, ok
end

return M
