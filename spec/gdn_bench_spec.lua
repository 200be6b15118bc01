-- spec/gdn_bench_spec.lua — issue 12's benchmark tools, the parts that run
-- without a GPU: tools/gdn-bench.py's dry run (its FLOP and byte figures
-- against hand-computed ones), tools/device-wheels' usage, and
-- tools/gdn-time.lua's clean refusal where there is no CUDA device.
local files = require "files"

local PY = select(2, files.sh("python3 -c 'import argparse'")) == 0

-- Runs cmd, expects its exit status and (if given) a piece of its output.
local function runs(cmd, want_rc, piece)
  local out, rc = files.sh(cmd)
  assert.are.equal(want_rc, rc, out)
  if piece then assert.truthy(out:find(piece, 1, true), out) end
  return out
end

-- The dry run's figure for a stage: "plan 8,1024,8,8,64 fwd flops=N bytes=N".
local function plan_figures(out, shape, stage)
  local f, b = out:match("plan " .. shape:gsub("%p", "%%%0") .. " " .. stage:gsub("%p", "%%%0")
                         .. " flops=(%d+) bytes=(%d+)")
  return tonumber(f), tonumber(b)
end

describe("kcv.gdn's shapes", function()
  local gdn = require "kcv.gdn"
  it("read B,T,H,D as one value head a key head and B,T,H,HV,D as HV / H, and print them back", function()
    assert.are.same({B = 4, T = 2048, H = 16, G = 1, K = 128, V = 128}, gdn.parse_shape("4,2048,16,128"))
    local s = gdn.parse_shape("1,8192,16,32,128")
    assert.are.same({B = 1, T = 8192, H = 16, G = 2, K = 128, V = 128}, s)
    assert.are.equal("1,8192,16,32,128", gdn.shape_label(s))
    assert.are.equal("4,2048,16,128", gdn.shape_label(gdn.parse_shape("4,2048,16,128")))
    assert.is_nil(gdn.parse_shape("1,8192,16,24,128"))      -- 24 value heads over 16 key heads
    assert.is_nil(gdn.parse_shape("1,8192,0,128"))
    assert.is_nil(gdn.parse_shape("1,8192,16"))
    for _, f in ipairs(gdn.fla_shapes()) do assert.are.equal(1, f.G) end
  end)
end)

describe("tools/gdn-bench.py", function()
  local it_py = files.it_if(PY, "no python3 here")

  it_py("prints its help", function()
    runs("python3 tools/gdn-bench.py --help", 0, "--dry-run")
  end)

  it_py("gives fla's smallest shape the FLOPs and bytes computed by hand", function()
    local out = runs("python3 tools/gdn-bench.py --dry-run --shapes 8,1024,8,64", 0)
    -- (B,T,H,D) = (8,1024,8,64): chunk C = 64, N = 16 chunks, L = 64 lanes.
    -- forward per chunk: wy 3 * 2*64^3 + 64^3/3 = 1660245.33, scan 4*64^3 =
    -- 1048576, out 3 * 2*64^3 = 1572864; times N*L = 1024 chunks.
    local fl, by = plan_figures(out, "8,1024,8,8,64", "fwd")
    assert.are.equal(4384445781, fl)
    -- bytes: q, k, v bf16 (3 * 65536*64*2 = 25165824), g f32 (262144), beta
    -- bf16 (131072), h0 f32 (64*64*64*4 = 1048576); o bf16 (8388608), ht f32
    -- (1048576).
    assert.are.equal(25165824 + 262144 + 131072 + 1048576 + 8388608 + 1048576, by)
    -- state scan: 4*C*K*V per chunk, 1024 chunks.
    assert.are.equal(1024 * 4 * 64 * 64 * 64, (plan_figures(out, "8,1024,8,8,64", "scan")))
  end)

  -- 2026-12-02 on the H200: fla-tl's TileLang compiles outlasted the call,
  -- and the anchors' rows went down with it, the one timed row included.
  it_py("keeps the rows an anchor saved before it was killed, and says why it ended", function()
    local dir = files.tmpdir()
    local save = dir .. "/anchor.json"
    local child = "import json, sys, time; p = sys.argv[sys.argv.index('--save') + 1]; "
      .. "json.dump({'anchor': 'x', 'rows': [{'shape': '1,64,1,1,64', 'fwd': 0.5}]}, open(p, 'w')); time.sleep(60)"
    local script = ("import importlib.util, json, sys; s = importlib.util.spec_from_file_location('gb', 'tools/gdn-bench.py'); "
      .. "gb = importlib.util.module_from_spec(s); s.loader.exec_module(gb); "
      .. "print(json.dumps(gb.run_child('x', [sys.executable, '-c', %q], None, %q, 2)))"):format(child, save)
    local f = assert(io.open(dir .. "/run_child.py", "w")); f:write(script); f:close()
    local out = runs("python3 " .. dir .. "/run_child.py", 0, '"fwd": 0.5')
    assert.truthy(out:find("killed after the --anchor-timeout of 2 s; rows before it kept", 1, true), out)
  end)

  -- gdn-time.lua labels a shape B,T,H,D (one value head a key head) or
  -- B,T,H,HV,D; device-gdn-bench's rows for a shape past its budget use
  -- the B,T,H,HV,D it was given: the table takes both, at grouped heads too
  it_py("puts kcv's rows in the table whichever form their shape has, grouped value heads included", function()
    local dir = files.tmpdir()
    local script = "import importlib.util; s = importlib.util.spec_from_file_location('gb', 'tools/gdn-bench.py'); "
      .. "gb = importlib.util.module_from_spec(s); s.loader.exec_module(gb); "
      .. "ours = {'rows': [{'shape': '4,2048,16,128', 'stage': 'fwd', 'ms': 2.5}, "
      .. "{'shape': '4,2048,16,16,128', 'stage': 'fwd+bwd', 'ms': 7.5}, "
      .. "{'shape': '1,8192,16,32,128', 'stage': 'fwd', 'err': 'skipped: past the budget'}]}; "
      .. "print(gb.table([(4, 2048, 16, 16, 128), (1, 8192, 16, 32, 128)], [], ours, None))"
    local f = assert(io.open(dir .. "/table.py", "w")); f:write(script); f:close()
    local out = runs("python3 " .. dir .. "/table.py", 0)
    assert.truthy(out:find("| 4,2048,16,16,128 | fwd | kcv | 2.5000 |", 1, true), out)
    assert.truthy(out:find("| 4,2048,16,16,128 | fwd+bwd | kcv | 7.5000 |", 1, true), out)
    assert.truthy(out:find("| 1,8192,16,32,128 | fwd | kcv | skipped: past the budget |", 1, true), out)
    assert.is_nil(out:find("not supported", 1, true), out)
  end)

  it_py("refuses a malformed shape as a usage error", function()
    runs("python3 tools/gdn-bench.py --dry-run --shapes 1,2", 2)
  end)

  -- the floor of a double design: the same FLOPs at the fp64 tensor-core rate
  it_py("sets the FLOPs against an fp64 rate too, where one is given", function()
    local out = runs("python3 tools/gdn-bench.py --dry-run --shapes 8,1024,8,64 --assume-tflops 800"
                     .. " --assume-tflops64 50 --assume-tbps 4", 0)
    local fl = plan_figures(out, "8,1024,8,8,64", "fwd")
    local f64 = tonumber(out:match("plan 8,1024,8,8,64 fwd flops=%d+ bytes=%d+ floor_ms=[%d.]+ floor64_ms=([%d.]+)"))
    assert.truthy(f64, out)
    assert.is_true(math.abs(f64 - fl / 50e12 * 1e3) < 1e-4, out)
    assert.is_nil(runs("python3 tools/gdn-bench.py --dry-run --shapes 8,1024,8,64 --assume-tflops 800", 0)
                  :find("floor64", 1, true))
  end)

  -- the floor of a gate-clean tensor-core design: three TF32 products a product
  it_py("sets three times the FLOPs against a TF32 rate, where one is given", function()
    local out = runs("python3 tools/gdn-bench.py --dry-run --shapes 8,1024,8,64 --assume-tflops 800"
                     .. " --assume-tflops-tf32 400 --assume-tbps 4", 0)
    local fl, by = plan_figures(out, "8,1024,8,8,64", "bwd")
    local f3 = tonumber(out:match("plan 8,1024,8,8,64 bwd flops=%d+ bytes=%d+ floor_ms=[%d.]+ floor3_ms=([%d.]+)"))
    assert.truthy(f3, out)
    local want = math.max(3 * fl / 400e12, by / 4e12) * 1e3
    assert.is_true(math.abs(f3 - want) < 1e-4, out)
    assert.is_nil(runs("python3 tools/gdn-bench.py --dry-run --shapes 8,1024,8,64 --assume-tflops 800", 0)
                  :find("floor3", 1, true))
  end)
end)

describe("tools/sass-lines.py", function()
  local it_py = files.it_if(PY, "no python3 here")

  it_py("prints its help, and refuses a missing file or a CSV that is not ncu's source page (exit 2)", function()
    runs("python3 tools/sass-lines.py --help", 0, "KERNEL")
    runs("python3 tools/sass-lines.py /nonexistent.csv kernels/gdn_chunked_bwd.cu gdn_chunk_grad", 2,
         "no such file: /nonexistent.csv")
    local dir = files.tmpdir()
    local f = assert(io.open(dir .. "/x.csv", "w")); f:write('"a","b"\n"1","2"\n'); f:close()
    runs("python3 tools/sass-lines.py " .. dir .. "/x.csv kernels/gdn_chunked_bwd.cu gdn_chunk_grad", 2,
         "no 'Address' and 'Source' columns")
  end)
end)

describe("tools/device-wheels", function()
  it("prints its help and takes an unknown command as a usage error", function()
    runs("tools/device-wheels --help", 0, "append")
    runs("tools/device-wheels frobnicate", 2)
  end)

  it("says which wheel is missing rather than cutting an incomplete set", function()
    runs("tools/device-wheels plan --whl " .. files.tmpdir(), 1, "want exactly one fla_core")
  end)
end)

describe("tools/gdn-time.lua", function()
  local kcv = require "kcv"
  local ok, info = pcall(kcv.backend.info, "cuda")
  local no_device = not (ok and type(info) == "table")
  local it_nodev = files.it_if(no_device, "a CUDA device is here: the script would time")

  it_nodev("exits 2 with a clear message when there is no CUDA device", function()
    runs("./kcv run tools/gdn-time.lua --shape 8,1024,8,64", 2, "gdn-time: no CUDA device")
  end)

  it("takes a malformed --shape as a usage error (exit 2)", function()
    runs("./kcv run tools/gdn-time.lua --shape 1,2", 2, "--shape wants B,T,H,D")
  end)

  it("names an earlier version's kernel file that is not there (exit 2)", function()
    runs("./kcv run tools/gdn-time.lua --bwd /nonexistent/gdn_chunked_bwd.cu", 2,
         "no kernel file /nonexistent/gdn_chunked_bwd.cu")
  end)
end)

describe("tools/gdn-old-kernels", function()
  it("writes a commit's chunked kernels, their sidecars and the headers they include", function()
    local dir = os.tmpname()
    os.remove(dir)
    runs("tools/gdn-old-kernels HEAD " .. dir, 0, " files of ")
    for _, f in ipairs{"gdn_chunked_fwd.cu", "gdn_chunked_bwd.cu", "gdn_chunked_fwd.lua", "gdn_chunked_bwd.lua",
                       "gdn.cuh", "acc.cuh", "gdn_loops.cuh", "gdn_inverse.cuh"} do
      local head = io.popen("git show HEAD:kernels/" .. f):read("a")
      assert.are.equal(head, files.read(dir .. "/" .. f), f)
    end
    os.execute("rm -rf " .. dir)
  end)

  it("puts each --define first in both sources and nowhere else (a knob's form beside the default)", function()
    local dir = os.tmpname()
    os.remove(dir)
    runs("tools/gdn-old-kernels --define MMA_M16N8K4 --define X_Y HEAD " .. dir, 0, " files of ")
    for _, f in ipairs{"gdn_chunked_fwd.cu", "gdn_chunked_bwd.cu", "gdn_chunked_fwd.lua", "gdn_mma.cuh"} do
      local head = io.popen("git show HEAD:kernels/" .. f):read("a")
      local want = f:match("%.cu$") and "#define MMA_M16N8K4 1\n#define X_Y 1\n" .. head or head
      assert.are.equal(want, files.read(dir .. "/" .. f), f)
    end
    os.execute("rm -rf " .. dir)
  end)

  it("names a revision git does not know, and takes no revision or a --define without a name as a usage error (exit 2)", function()
    runs("tools/gdn-old-kernels no-such-revision /tmp/kcv-never-written", 2, "no commit no-such-revision")
    runs("tools/gdn-old-kernels", 2, "gdn-old-kernels [--define NAME]")
    runs("tools/gdn-old-kernels --define", 2, "needs a macro name")
    runs("tools/gdn-old-kernels --define -x HEAD", 2, "needs a macro name")
  end)
end)

describe("tools/gdn-cuts", function()
  local it_cpu = files.it_if(files.have_cpu_backend(), "no CPU backend here")
  local fwd, bwd = files.read("kernels/gdn_chunked_fwd.cu"), files.read("kernels/gdn_chunked_bwd.cu")
  local last = 0
  for n in (fwd .. bwd):gmatch("GDN_CUT%((%d+)%);") do last = math.max(last, tonumber(n)) end
  for n in (fwd .. bwd):gmatch("GDN_CUT_CHUNK%((%d+)%);") do last = math.max(last, tonumber(n)) end

  it("writes a copy of the kernels for each cut mark, the forward's source (which the backward includes) after one define", function()
    assert.is_true(last >= 2, "kernels/gdn_chunked_{fwd,bwd}.cu have no GDN_CUT marks")
    local dir = files.tmpdir()
    runs("tools/gdn-cuts " .. dir, 0, last .. " cuts of kernels/gdn_chunked_{fwd,bwd}.cu")
    for n = 1, last do
      assert.are.equal("#define GDN_PHASES " .. n .. "\n" .. fwd, files.read(dir .. "/" .. n .. "/gdn_chunked_fwd.cu"))
      for _, f in ipairs{"gdn_chunked_bwd.cu", "gdn_chunked_bwd.lua", "gdn_chunked_fwd.lua", "gdn_mma.cuh", "gdn_loops.cuh", "gdn_inverse.cuh", "gdn.cuh"} do
        assert.are.equal(files.read("kernels/" .. f), files.read(dir .. "/" .. n .. "/" .. f), n .. "/" .. f)
      end
    end
    assert.is_nil(io.open(dir .. "/" .. (last + 1) .. "/gdn_chunked_fwd.cu"))
  end)

  it("answers --help and takes an unknown option as a usage error (exit 2)", function()
    runs("tools/gdn-cuts --help", 0, "GDN_PHASES")
    runs("tools/gdn-cuts --bogus", 2)
  end)

  it_cpu("gives a backward whose last phases do not run: the cut before the per-position sums leaves dbeta and dg unwritten", function()
    local cuts, full, cut = files.tmpdir(), files.tmpdir(), files.tmpdir()
    runs("tools/gdn-cuts " .. cuts, 0)
    runs("./kcv run tools/gdn-dump.lua " .. full, 0)
    runs("./kcv run tools/gdn-dump.lua " .. cut .. " --bwd " .. cuts .. "/" .. (last - 1) .. "/gdn_chunked_bwd.cu", 0)
    -- shape 1's backward outputs: dq dk dv dg dbeta dh0 (files 1..6)
    for m, same in ipairs{true, true, true, false, false, true} do
      local f = "/bwd-1-" .. m .. ".bin"
      assert.are.equal(same, files.read(full .. f) == files.read(cut .. f), f)
    end
  end)

  it_cpu("cuts the scans chunk by chunk: with the state's update cut (GDN_PHASES 2) the final state is the one the first cut leaves, not the whole scan's", function()
    assert.truthy(fwd:find("GDN_CUT_CHUNK%(2%);"), "gdn_chunk_scan has no GDN_CUT_CHUNK(2) mark")
    assert.truthy(bwd:find("GDN_CUT_CHUNK%(2%);"), "gdn_chunk_dscan has no GDN_CUT_CHUNK(2) mark")
    local cuts, full, one, two = files.tmpdir(), files.tmpdir(), files.tmpdir(), files.tmpdir()
    runs("tools/gdn-cuts " .. cuts, 0)
    runs("./kcv run tools/gdn-dump.lua " .. full, 0)
    runs("./kcv run tools/gdn-dump.lua " .. one .. " --fwd " .. cuts .. "/1/gdn_chunked_fwd.cu", 0)
    runs("./kcv run tools/gdn-dump.lua " .. two .. " --fwd " .. cuts .. "/2/gdn_chunked_fwd.cu", 0)
    -- shape 2 (T = 130: three chunks); the forward's outputs o, ht (files 1, 2)
    assert.are_not.equal(files.read(full .. "/fwd-2-2.bin"), files.read(two .. "/fwd-2-2.bin"))
    assert.are.equal(files.read(one .. "/fwd-2-2.bin"), files.read(two .. "/fwd-2-2.bin"))
  end)

  it_cpu("cuts gdn_chunk_prep at its marks too: after its first phase the backward's outputs change", function()
    local cuts, full, cut = files.tmpdir(), files.tmpdir(), files.tmpdir()
    runs("tools/gdn-cuts " .. cuts, 0)
    runs("./kcv run tools/gdn-dump.lua " .. full, 0)
    runs("./kcv run tools/gdn-dump.lua " .. cut .. " --fwd " .. cuts .. "/1/gdn_chunked_fwd.cu", 0)
    -- the forward's o (file 1 of shape 1) from W and U that prep no longer writes
    assert.are_not.equal(files.read(full .. "/fwd-1-1.bin"), files.read(cut .. "/fwd-1-1.bin"))
  end)
end)

describe("tools/gdn-dump.lua", function()
  local it_cpu = files.it_if(files.have_cpu_backend(), "no CPU backend here")
  it_cpu("creates the dump's directory, and names the one it cannot create (exit 2)", function()
    local dir = files.tmpdir() .. "/new"
    runs("./kcv run tools/gdn-dump.lua " .. dir, 0)
    assert.truthy(files.read(dir .. "/bwd-1-1.bin"))
    runs("./kcv run tools/gdn-dump.lua " .. dir .. "/no/such", 2, "cannot create " .. dir .. "/no/such")
  end)

  -- the file names of dir, sorted, and the bytes of each
  local function dumped(dir)
    local names = {}
    for name in io.popen("ls " .. dir):lines() do names[#names + 1] = name end
    table.sort(names)
    local bytes = {}
    for _, name in ipairs(names) do bytes[name] = files.read(dir .. "/" .. name) end
    return names, bytes
  end

  it_cpu("writes every output of both chunked kernels at six shapes (one of grouped heads), the same bytes run after run", function()
    local a, b = files.tmpdir(), files.tmpdir()
    runs("./kcv run tools/gdn-dump.lua " .. a, 0, "6 shapes")
    runs("./kcv run tools/gdn-dump.lua " .. b, 0)
    local names, first = dumped(a)
    local _, second = dumped(b)
    -- the forward's o and ht, the backward's dq dk dv dg dbeta dh0, at 6 shapes
    assert.are.equal(6 * (2 + 6), #names)
    for _, name in ipairs(names) do assert.are.equal(first[name], second[name], name) end
  end)

  it_cpu("gives other bytes for a kernel that computes otherwise (a bf16 state between chunks)", function()
    local a, b = files.tmpdir(), files.tmpdir()
    runs("./kcv run tools/gdn-dump.lua " .. a, 0)
    runs("./kcv run tools/gdn-dump.lua " .. b .. " --fwd redteam/gdn_chunked_bf16_state.cu", 0)
    local names, honest = dumped(a)
    local _, broken = dumped(b)
    local differ = 0
    for _, name in ipairs(names) do
      if name:match("^fwd") and honest[name] ~= broken[name] then differ = differ + 1 end
    end
    assert.is_true(differ > 0)
  end)

  it_cpu("names the kernel that does not run, and the file it cannot write, with exit 2", function()
    runs("./kcv run tools/gdn-dump.lua " .. files.tmpdir() .. " --fwd nonexist.cu", 2, "nonexist.cu at shape 1")
    -- a directory where the first file goes: the file cannot be written
    local dir = files.tmpdir()
    assert(os.execute("mkdir " .. dir .. "/fwd-1-1.bin"))
    runs("./kcv run tools/gdn-dump.lua " .. dir, 2, dir .. "/fwd-1-1.bin")
  end)

  it("takes a missing directory as a usage error (exit 2)", function()
    runs("./kcv run tools/gdn-dump.lua", 2, "no output directory")
  end)
end)

-- gdn-bench.py --dump and tools/gdn-anchor-check.lua: an anchor's outputs
-- and gradients on the accuracy slice, judged by kcv's own oracle.  The
-- "anchors" here are PyTorch on the CPU: gdn-bench.py's f32 recurrence
-- (honest), and the same with o scaled by 1.01 (broken), at grouped value
-- heads (2 key heads, 4 value heads).
describe("tools/gdn-anchor-check.lua", function()
  local py = require("kcv.audit.python").find()
  local it_torch = files.it_if(py ~= nil, "no python3 that imports torch (Debian's python3-torch)")

  local DRIVER = [[
import importlib.util, sys, torch
spec = importlib.util.spec_from_file_location("gdn_bench", "tools/gdn-bench.py")
gb = importlib.util.module_from_spec(spec); spec.loader.exec_module(gb)

def anchor(scale):
    def fn(q, k, v, g, beta, h0):
        outs, states = [], []
        for b in range(q.shape[0]):
            o, ht = gb.reference(q[b].float(), k[b].float(), v[b].float(), g[b], beta[b].float(), h0[b], torch)
            outs.append(o * scale); states.append(ht)
        return torch.stack(outs), torch.stack(states)
    return fn

for name, scale in (("honest", 1.0), ("broken", 1.01)):
    gb.accuracy(anchor(scale), (1, 20, 2, 4, 8), torch, sys.argv[1], name, "cpu")
]]

  it_torch("finds an honest anchor within f32 rounding and a 1% error in o, at grouped value heads", function()
    local dir, drv = os.tmpname(), os.tmpname()
    os.remove(dir)
    files.write(drv, DRIVER)
    runs(("%s %s %s"):format(py, drv, dir), 0)
    local json = os.tmpname()
    local out = runs(("./kcv run tools/gdn-anchor-check.lua %s --json %s"):format(dir, json), 0)
    local rows = require("dkjson").decode(files.read(json))
    local by = {}
    for _, r in ipairs(rows) do by[r.anchor .. " " .. r.output] = r.rel end
    -- the honest anchor: f32 rounding, where the gradient of a bf16 input
    -- (dq, dk, dv, dbeta) is itself bf16: within 2^-8 of the largest
    for name, tol in pairs{o = 1e-5, ht = 1e-5, dg = 1e-5, dh0 = 1e-5, dq = 2^-8, dk = 2^-8, dv = 2^-8, dbeta = 2^-8} do
      assert.is_number(by["honest " .. name], name .. "\n" .. out)
      assert.is_true(by["honest " .. name] < tol, name .. "\n" .. out)
    end
    assert.is_true(by["broken o"] > 5e-3 and by["broken o"] < 2e-2, out)
    assert.is_true(by["broken ht"] < 1e-4, out)            -- the state is not scaled
    os.execute("rm -rf '" .. dir .. "'"); os.remove(drv); os.remove(json)
  end)

  local it_both = files.it_if(py ~= nil and files.have_cpu_backend(),
                              "no python3 that imports torch, or no CPU backend here")

  it_both("puts kcv's own kernels, run on the anchors' inputs, beside them (--ours)", function()
    local dir, drv = os.tmpname(), os.tmpname()
    os.remove(dir)
    files.write(drv, DRIVER)
    runs(("%s %s %s"):format(py, drv, dir), 0)
    local function rels(extra)
      local json = os.tmpname()
      local out = runs(("./kcv run tools/gdn-anchor-check.lua %s --json %s --ours --backend cpu %s"):format(
        dir, json, extra), 0)
      local by = {}
      for _, r in ipairs(require("dkjson").decode(files.read(json))) do by[r.anchor .. " " .. r.output] = r.rel end
      os.remove(json)
      return by, out
    end
    local by, out = rels("")
    -- within a bf16 unit of the largest where the output is bf16 (o, dq,
    -- dk, dv, dbeta), within f32 rounding where it is f32
    for name, tol in pairs{o = 2^-8, dq = 2^-8, dk = 2^-8, dv = 2^-8, dbeta = 2^-8, ht = 1e-5, dg = 1e-5, dh0 = 1e-5} do
      assert.is_true(by["kcv " .. name] < tol, name .. "\n" .. out)
    end
    assert.is_number(by["honest o"], out)                  -- the anchors' rows are still there
    -- a forward that rounds its state to bf16 shows there, in ht
    local broken = rels("--fwd redteam/gdn_chunked_bf16_state.cu")
    assert.is_true(broken["kcv ht"] > 1e-4, tostring(broken["kcv ht"]))
    runs(("./kcv run tools/gdn-anchor-check.lua %s --ours --backend cpu --bwd nonexist.cu"):format(dir), 2,
         "kcv's kernels")
    os.execute("rm -rf '" .. dir .. "'"); os.remove(drv)
  end)

  it("refuses a directory without a dump, naming what to run (exit 2)", function()
    local dir = files.tmpdir()
    runs("./kcv run tools/gdn-anchor-check.lua " .. dir, 2, "run tools/gdn-bench.py --dump")
    os.remove(dir)
  end)
end)
