-- corpus/protocol.py: a worker that runs out of device memory because
-- other audits hold the GPU answers the request once more, alone on the GPU
-- and after giving back its cache, so that the machine's state does not
-- become a subject's verdict.  Driven by spec/fixtures/protocol/check.py
-- with a stand-in worker (no torch, no GPU needed).
local files = require "files"
local PY, NO_PY = require("kcv.audit.python").find()

describe("the worker protocol under GPU memory pressure (corpus/protocol.py)", function()
  local r
  local function result()
    r = r or files.python_json(PY, "spec/fixtures/protocol/check.py", files.tmpdir())
    return r
  end
  local it_py = files.it_if(PY, NO_PY)

  it_py("answers a request that ran out of memory once more, holding the GPU lock alone", function()
    assert.are.same({value = 7, ok = true}, result().replies[1])
    assert.are.equal(2, result().tries.once)
    assert.are.same({false, true}, result().alone.once)   -- shared first, then exclusive
  end)

  it_py("gives back the allocator's cache before answering again", function()
    -- after a failed try: trim(force) before and after taking the lock alone;
    -- after every reply: a trim that frees only past the threshold
    assert.are.same({true, true, false}, {result().trims[1], result().trims[2], result().trims[3]})
  end)

  it_py("tries only once more: memory that stays short is the reply's failure", function()
    assert.are.equal(2, result().tries.always)
    assert.is_false(result().replies[2].ok)
    assert.truthy(result().replies[2].message:find("out of memory", 1, true))
  end)

  it_py("does not repeat other failures", function()
    assert.are.equal(1, result().tries.broken)
    assert.are.same({ok = false, error = "exception", message = "ValueError: bad shape", fatal = false},
                    result().replies[3])
  end)

  it_py("answers again a build that ran out of memory, though builds run without the lock", function()
    assert.are.same({built = true, ok = true}, result().replies[4])
    assert.are.same({false, true}, result().alone.load)
  end)
end)
