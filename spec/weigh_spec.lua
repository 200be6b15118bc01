-- corpus/weigh.py (and tools/device-audit, which uses it): the bytes a problem's benchmark case holds (inputs,
-- parameters, outputs), found on torch's meta device; tools/device-audit
-- keeps the solutions of heavy problems to audits of their own with it.
local files = require "files"
local json = require "dkjson"
local PY, NO_PY = require("kcv.audit.python").find()

local function source(name)
  local f = assert(io.open("spec/fixtures/audit/" .. name, "rb"))
  local s = f:read("a")
  f:close()
  return s
end

describe("corpus/weigh.py", function()
  local it_torch = files.it_if(PY, NO_PY)
  local dir
  local function corpus()
    if dir then return dir end
    dir = files.tmpdir()
    files.write(dir .. "/problems.json", json.encode({problems = {
      {key = "t_relu", source = source("p_relu.py")},
      {key = "t_linear", source = source("p_linear.py")},
      {key = "t_broken", source = "def get_inputs(): raise ValueError('no')\n"}}}))
    files.write(dir .. "/solutions.json", json.encode({solutions = {
      {id = "s1", problem = "t_relu", code = ""}, {id = "s2", problem = "t_linear", code = ""},
      {id = "s3", problem = "t_linear", code = ""}}}))
    return dir
  end
  local function run(args)
    local out, rc = files.sh(("%q corpus/weigh.py %s/problems.json %s 2>&1"):format(PY, corpus(), args or ""))
    assert.are.equal(0, rc, out)
    return out
  end

  it_torch("gives the inputs', parameters' and outputs' bytes of each problem, without running a kernel", function()
    local w = {}
    for line in run():gmatch("[^\n]+") do
      local r = json.decode(line)
      w[r.key] = r
    end
    -- relu of 16 x 256 floats; linear 128 -> 64 on 32 rows: 128*64 + 64 weights
    assert.are.same({key = "t_relu", inputs = 16 * 256 * 4, params = 0, outputs = 16 * 256 * 4}, w.t_relu)
    assert.are.same({key = "t_linear", inputs = 32 * 128 * 4, params = (128 * 64 + 64) * 4, outputs = 32 * 64 * 4},
                    w.t_linear)
  end)

  it_torch("says null for what a problem's source could not give, and goes on", function()
    local r = json.decode(run():match('[^\n]*"t_broken"[^\n]*'))
    assert.is_true(r.inputs == json.null or r.inputs == nil)
  end)

  it_torch("lists the solutions of the problems that hold --over bytes or more", function()
    assert.are.equal("s2\ns3\n", run(("--heavy-ids %s/solutions.json --over 40000"):format(corpus())))
    assert.are.equal("s1\ns2\ns3\n", run(("--heavy-ids %s/solutions.json --over 1"):format(corpus())))
  end)
end)

-- each device script: --help prints its usage, with these words, and runs nothing
for script, words in pairs{["tools/device-audit"] = {"HEAVY_AUDITS=N", "COLD=start|on"},
                           ["tools/device-audit-vs-plain"] = {"KCV_PLAIN_BUILD=1", "COLD=start"}} do
  describe(script, function()
    it("prints its usage with --help, " .. table.concat(words, " and ") .. " among it, and runs nothing", function()
      local out, rc = files.sh("OUT=/nonexistent/kcv-help " .. script .. " --help")
      assert.are.equal(0, rc, out)
      for _, w in ipairs(words) do assert.truthy(out:find(w, 1, true), w) end
      assert.falsy(out:find("== unpack", 1, true))
      assert.falsy(out:find("===", 1, true))
    end)
  end)
end
