-- corpus/devcmp.py, the comparisons the audit's worker runs where it holds
-- large outputs, must answer exactly what kcv.cmp answers on the host:
-- the same counts, the same first and worst indices, the same numbers.
-- Held to that here on buffers full of the values where the two could part:
-- zeros of both signs, subnormals, the edges of rounding to zero and to
-- Inf, Inf and NaN of both signs, in f32, f16, bf16 and f64, in chunks much
-- smaller than the buffers (so the chunks' merging is checked too).
local kcv = require "kcv"
local json = require "dkjson"
local python = require "kcv.audit.python"
local files = require "files"

local PY, NO_PY = python.find()
local it_torch = files.it_if(PY, NO_PY)
local N = 600

-- Values a float of dtype dt can take that cross the class edges, then
-- seeded normals, scaled; NaN as the machine's 0/0 (the sign it gives).
local function edges(dt)
  local d = kcv.dtype(dt)
  local mn, s, max = d.min_normal, d.min_subnormal, d.max
  local emax = math.floor(math.log(max, 2))
  local T = max + d.eps * 2.0 ^ (emax - 1)                   -- rounds to Inf from here
  local v = {0.0, -0.0, s, -s, s / 2, -s / 2, s * 0.75, mn, -mn, mn - s / 2, mn - s, mn * 0.999,
             max, -max, T, -T, T * 0.9999999, math.huge, -math.huge, 0 / 0, -(0 / 0), 1.0, -2.5}
  return v
end

local function buffer(dt, values, seed, scale)
  local b = kcv.buffer(dt, N)
  local r = kcv.buffer("f64", N):fill_normal{seed = seed}
  for i = 0, N - 1 do
    local v = #values > 0 and values[i % (3 * #values) + 1]    -- the edge values, then normals
    b:set(i, v or r:get(i) * scale)
  end
  return b
end

local dir = os.tmpname()
os.remove(dir)
os.execute("mkdir -p " .. dir)
local nfile = 0
local function file(b)
  nfile = nfile + 1
  local path = ("%s/b%d.bin"):format(dir, nfile)
  b:writefile(path)
  return {path = path, dtype = b.dtype, shape = {b.numel}}
end

-- The jobs: {fn, args (buffers), opts (mag/ref/alt buffers, numbers)}.
local jobs = {}
local function job(fn, args, opts) jobs[#jobs + 1] = {fn = fn, args = args, opts = opts or {}} end

local function setup()
  for k, dt in ipairs{"f32", "f16", "bf16", "f64"} do
    local ev = edges(dt)
    local g = buffer(dt, ev, 10 * k, 1)                            -- a kernel's output
    local e = buffer("f64", edges(dt), 10 * k + 1, 1)               -- the oracle: same edges, other normals
    local e2 = buffer("f64", {}, 10 * k + 1, 1)
    local r = buffer(dt, {1.0, 0 / 0, 0.0, math.huge}, 10 * k + 2, 1)  -- a reference: agrees in places
    local mag = buffer("f64", {}, 10 * k + 3, 4)
    job("max_abs_diff", {g, e}, {})
    job("max_abs_diff", {g, e}, {finite_only = true})
    job("max_abs_diff", {g, e2}, {finite_only = true})
    job("max_abs_finite", {e})
    job("within", {g, e}, {c_abs = 0.5})
    job("within", {g, e2}, {c_abs = 1e-3, c_rel = 0.25})
    job("within", {g, e2}, {c_abs = 0.1, c_mag = 0.3, mag = mag, ref = r})
    job("within", {g, e}, {c_abs = math.huge})
    job("within", {g, g:cast("f64")}, {c_abs = 0.0})                  -- equal: ratio 0 everywhere
    job("reference_relative", {g, r, e}, {})
    job("reference_relative", {g, g, e}, {finite_detail = true, zero_sign = true})
    job("reference_relative", {g, r, e}, {alt = {e2, e2}})
    job("reference_relative", {g, e:cast(dt), e}, {finite_detail = true, alt = {e2, e}})
    job("reference_relative", {g, r, e}, {c_abs = 1e-3, c_mag = 0.5, mag = mag})     -- zero against normal: roundings
    job("reference_relative", {g, g, e2}, {finite_detail = true, c_abs = 2.0})
  end
end

-- A result's numbers with NaN as the string "NaN", for assert.are.same.
local function plain(v)
  if type(v) == "number" and v ~= v then return "NaN" end
  if type(v) == "table" then
    local t = {}
    for k, x in pairs(v) do t[k] = plain(x) end
    return t
  end
  return v
end

describe("the audit's device comparisons (corpus/devcmp.py)", function()
  it_torch("answer as kcv.cmp does, field for field, on every class edge of f32, f16, bf16 and f64", function()
    setup()
    local req = {chunk = 97, jobs = {}}
    for i, j in ipairs(jobs) do
      local o = {}
      for k, v in pairs(j.opts) do
        if k == "alt" then o.alt = {file(v[1]), file(v[2])}
        elseif type(v) == "userdata" then o[k] = file(v)
        elseif math.type(v) == "float" then o[k] = ("%a"):format(v)
        else o[k] = v end
      end
      local args = {}
      for a, b in ipairs(j.args) do args[a] = file(b) end
      req.jobs[i] = {fn = j.fn, args = args, opts = o}
    end
    local jf = dir .. "/jobs.json"
    files.write(jf, json.encode(req))
    local p = assert(io.popen(("%s corpus/devcmp.py < %s 2>&1"):format(PY, jf)))
    local text = p:read("a")
    p:close()
    local got = json.decode(text)
    assert.is_table(got, text)
    local remote = require "kcv.audit.remote"
    for i, j in ipairs(jobs) do
      local a = {table.unpack(j.args)}
      if next(j.opts) then a[#a + 1] = j.opts end
      local want = {kcv.cmp[j.fn](table.unpack(a))}
      if j.fn == "max_abs_diff" then want = {want[1], want[2]} else want = want[1] end
      local have = remote.numbers(got[i])
      local what = ("job %d: %s(%s) %s"):format(i, j.fn, j.args[1].dtype, json.encode(req.jobs[i].opts))
      assert.are.same(plain(want), plain(have), what)
    end
    os.execute("rm -rf " .. dir)
  end)
end)
