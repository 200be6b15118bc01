-- corpus/fastbuild.py: the audit's faster load_inline (for main.cpp a
-- minimal torch/extension.h, precompiled, then the real one's precompiled
-- form; in cuda.cu torch/types.h for torch/extension.h, and first a minimal
-- torch/types.h),
-- driven by spec/fixtures/fastbuild/check.py with a stand-in load_inline
-- and a stand-in compiler, so that it runs without CUDA or torch's headers.
-- The real speed-up is measured on the H200 (docs/PERF.md).
local files = require "files"
local PY, NO_PY = require("kcv.audit.python").find()

describe("the audit's fast build (corpus/fastbuild.py)", function()
  local r
  local function result()
    if not r then
      local dir = files.tmpdir()
      r = files.python_json(PY, "spec/fixtures/fastbuild/check.py", dir)
      r.root = dir
    end
    return r
  end
  local it_torch = files.it_if(PY, NO_PY)     -- pending with the reason without torch
  local function calls_of(name)
    local t = {}
    for _, c in ipairs(result().calls) do if c.name == name then t[#t + 1] = c end end
    return t
  end
  local function build_of(name)
    for _, b in ipairs(result().builds) do if b.name == name then return b end end
  end

  local function pchmin(c) return c.extra_cflags[#c.extra_cflags - 1]:match("pchmin%-%x+") end

  it_torch("builds main.cpp against a minimal precompiled header and cuda.cu against the minimal torch/types.h, in one call", function()
    local c = calls_of("a")
    assert.are.equal(1, #c)
    assert.are.same({"", "-I" .. result().root .. "/" .. pchmin(c[1]), "-Winvalid-pch"}, c[1].extra_cflags)
    assert.are.same({"-I" .. result().root .. "/minimal-header"}, c[1].extra_cuda_cflags)
    assert.are.same({name = "a", mode = "fast", pch = true, main_header = "minimal", cuda_header = "minimal"}, build_of("a"))
    assert.are.equal("a", result().returned)
  end)

  it_torch("keeps main.cpp's minimal header to the minimal torch/types.h and what load_inline's bindings use", function()
    local m = result().main_minimal
    for _, inc in ipairs{"torch/types.h", "torch/csrc/utils/pybind.h", "torch/csrc/Exceptions.h"} do
      assert.is_truthy(m:find("#include <" .. inc .. ">", 1, true), inc)
    end
    assert.is_falsy(m:find("torch/all.h", 1, true))
    assert.are.equal(result().minimal_header, result().main_minimal_types)   -- its torch/types.h is cuda.cu's minimal one
    -- the precompiled form is built from it, its directory first on the command line
    local b = result().pch_builds[1]
    assert.are.equal(pchmin(calls_of("a")[1]) .. "/torch/extension.h", b.header)
    assert.are.same({"-I" .. result().root .. "/" .. pchmin(calls_of("a")[1])}, b.first)
  end)

  it_torch("builds cuda.cu against the real torch/types.h when the minimal one lacks what it calls, main.cpp's flags unchanged", function()
    local c = calls_of("h")
    assert.are.equal(2, #c)
    assert.are.same({"-I" .. result().root .. "/minimal-header"}, c[1].extra_cuda_cflags)
    assert.are.same({"-I" .. result().root .. "/light-header"}, c[2].extra_cuda_cflags)
    assert.are.same(c[1].extra_cflags, c[2].extra_cflags)   -- ninja keeps main.cpp's object
    assert.are.same({name = "h", mode = "fast", pch = true, main_header = "minimal", cuda_header = "types"}, build_of("h"))
  end)

  it_torch("builds main.cpp through the real header's precompiled form when ninja says main.o failed, cuda.cu's flags unchanged", function()
    local c = calls_of("i")
    assert.are.equal(3, #c)                 -- two tries, then a later worker's one
    assert.is_truthy(pchmin(c[1]))
    assert.is_truthy(c[2].extra_cflags[2]:match("/pch%-%x+$"), c[2].extra_cflags[2])
    assert.are.same(c[1].extra_cuda_cflags, c[2].extra_cuda_cflags)
    assert.are.same({name = "i", mode = "fast", pch = true, main_header = "full", cuda_header = "minimal"}, build_of("i"))
  end)

  it_torch("builds a later worker's extension the way its first build went, in one call (nothing compiled again)", function()
    local c = calls_of("i")
    assert.are.same(c[2], c[3])
  end)

  it_torch("moves both files to the real headers when the failure names neither", function()
    local c = calls_of("u")
    assert.are.equal(2, #c)
    assert.is_truthy(c[2].extra_cflags[2]:match("/pch%-%x+$"))
    assert.are.same({"-I" .. result().root .. "/light-header"}, c[2].extra_cuda_cflags)
  end)

  it_torch("keeps the minimal torch/types.h to ATen's core and the corpus's few operators, with torch's names", function()
    local m = result().minimal_header
    for _, inc in ipairs{"ATen/core/Tensor.h", "ATen/Dispatch.h", "ATen/ops/zeros_like.h", "ATen/ops/empty.h"} do
      assert.is_truthy(m:find("#include <" .. inc .. ">", 1, true), inc)
    end
    assert.is_falsy(m:find("ATen/ATen.h", 1, true))
    assert.is_truthy(m:find("using namespace at;", 1, true))
    assert.is_truthy(m:find("constexpr auto kFloat32 = at::kFloat;", 1, true))
    assert.are.equal(result().light_header, result().minimal_extension)   -- extension.h still means types.h
  end)

  it_torch("maps torch/extension.h to torch/types.h, which load_inline puts atop every CUDA source", function()
    assert.is_truthy(result().light_header:find("#include <torch/types.h>", 1, true))
    assert.is_falsy(result().light_header:find("extension.h>", 1, true))
  end)

  it_torch("wraps load_inline once, however often it is installed (one call a build)", function()
    for _, name in ipairs({"a", "b", "d", "e", "f"}) do assert.are.equal(1, #calls_of(name), name) end
  end)

  it_torch("builds a source that needs the whole header again exactly as load_inline does, and says why", function()
    local c = calls_of("c")
    assert.are.equal(3, #c)                 -- the minimal header, torch/types.h, then load_inline's own
    assert.are.same({"-O3"}, c[3].extra_cflags)
    assert.are.same({"-O3"}, c[3].extra_cuda_cflags)
    assert.are.equal("plain", build_of("c").mode)
    assert.is_truthy(build_of("c").why:find("torch::nn is not declared", 1, true))
  end)

  it_torch("leaves a solution that sets use_pch itself to load_inline", function()
    local c = calls_of("d")
    assert.are.equal(1, #c)
    assert.is_true(c[1].use_pch)
    assert.is_nil(c[1].extra_cflags)
    assert.are.equal("plain", build_of("d").mode)
  end)

  it_torch("keeps building an extension of the real header without its precompiled form when its first build went without it (no rebuild of main.cpp)", function()
    local c = calls_of("g")
    assert.are.equal(1, #c)
    assert.are.same({""}, c[1].extra_cflags)
    assert.are.same({name = "g", mode = "fast", pch = false, main_header = "full"}, build_of("g"))
  end)

  it_torch("builds each precompiled header once per set of host flags, empty flags ignored", function()
    -- the minimal one: a (''), b (none), h, i, u share one; c (-O3) and e/f
    -- (-DBROKEN) get their own; the real one: i and u's (''), once
    assert.are.equal(4, #result().pch_builds)
    assert.are.equal(3, #result().pchmin_dirs)
    assert.are.equal(1, #result().pch_dirs)
  end)

  it_torch("builds against the minimal header's text when its precompiled form cannot be compiled, and does not try again", function()
    for _, name in ipairs({"e", "f"}) do
      local c = calls_of(name)
      assert.are.equal(1, #c)
      assert.are.equal("-DBROKEN", c[1].extra_cflags[1])
      assert.is_truthy(pchmin(c[1]))
    end
    assert.are.same({name = "f", mode = "fast", pch = false, main_header = "minimal"}, build_of("f"))
  end)
  describe("its build lock and the worker's deterministic switch (spec/fixtures/fastbuild/baton.py)", function()
    local b
    local function baton() b = b or files.python_json(PY, "spec/fixtures/fastbuild/baton.py", files.tmpdir()); return b end

    it_torch("takes a build lock that a killed builder left behind, where torch's own FileBaton waits for ever", function()
      assert.is_false(baton().torch_takes_stale)     -- the H200's 16 stuck solutions
      assert.is_true(baton().flock_takes_stale)
    end)

    it_torch("does not take a lock a live builder holds, and waits only until that builder is gone", function()
      assert.is_false(baton().flock_takes_held)
      assert.is_true(baton().waited_s >= 0.4 and baton().waited_s < 10, tostring(baton().waited_s))
    end)

    it_torch("is the lock load_inline uses once installed", function()
      assert.is_true(baton().installed)
    end)

    it_torch("switches deterministic algorithms on and off without torch.use_deterministic_algorithms (which imports torch._inductor)", function()
      assert.is_true(baton().enabled)
      assert.is_true(baton().warn_only)
      assert.is_true(baton().disabled)
      assert.is_false(baton().inductor_imported)
    end)
  end)
end)
