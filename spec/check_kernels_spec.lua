-- tools/check-kernels: what ptxas says of each entry point, in the right
-- columns, and with --nvrtc what NVRTC (the cuda backend's compiler on the
-- GPU machine) refuses although nvcc builds it.
local files = require "files"
local runs = files.sh

local have_nvcc = os.execute("command -v nvcc >/dev/null 2>&1 || test -x /usr/local/cuda/bin/nvcc")
local it_nvcc = files.it_if(have_nvcc, "no nvcc here")

describe("tools/check-kernels", function()
  it_nvcc("puts a stack frame without a spill in the stack column, not the spill ones, and exits 0", function()
    local out, rc = runs("tools/check-kernels spec/fixtures/stack_no_spill.cu")
    assert.are.equal(0, rc, out)
    local regs, smem, stack, sst, sld = out:match("stack_array%s+(%d+)%s+(%d+)%s+(%d+)%s+(%d+)%s+(%d+)")
    assert.truthy(regs, out)
    assert.are.equal("256", stack, out)
    assert.are.equal("0", sst, out)
    assert.are.equal("0", sld, out)
  end)

  it_nvcc("with --nvrtc reports a source NVRTC refuses and nvcc builds (exit 1), and passes it without", function()
    local out, rc = runs("tools/check-kernels spec/fixtures/nvrtc_host_decl.cu")
    assert.are.equal(0, rc, out)
    out, rc = runs("tools/check-kernels --nvrtc spec/fixtures/nvrtc_host_decl.cu")
    if out:find("libnvrtc not found", 1, true) then pending("NVRTC is not installed here") return end
    assert.are.equal(1, rc, out)
    assert.truthy(out:find("NVRTC refuses it", 1, true), out)
    assert.truthy(out:find("host function", 1, true), out)
    out, rc = runs("tools/check-kernels --nvrtc spec/fixtures/stack_no_spill.cu")
    assert.are.equal(0, rc, out)
  end)

  it("answers --help and takes an unknown option as a usage error (exit 2)", function()
    local out, rc = runs("tools/check-kernels --help")
    assert.are.equal(0, rc, out)
    assert.truthy(out:find("--nvrtc", 1, true), out)
    assert.is_nil(out:find("cd \"$(dirname", 1, true), out)
    out, rc = runs("tools/check-kernels --bogus")
    assert.are.equal(2, rc, out)
  end)
end)
