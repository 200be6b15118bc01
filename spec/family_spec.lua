-- corpus/family.py: the family error model's worker side.  A problem's
-- forward is traced to aten ops and classified; the family decides the
-- magnitude an element's error scales with (docs/TOLERANCES.md).
local files = require "files"
local PY, NO_PY = require("kcv.audit.python").find()

describe("the family error model (corpus/family.py)", function()
  local r
  local function result()
    r = r or files.python_json(PY, "spec/fixtures/family/check.py")
    return r
  end
  local it_torch = files.it_if(PY, NO_PY)

  it_torch("calls products, sums and convolutions multilinear, with their reduction length", function()
    assert.are.same({kind = "multilinear", n = 8, ops = {"mm"}}, result().matmul)
    assert.are.equal(3 * 9, result().conv.n)
    assert.are.equal(3 * 9, result().conv_transpose.n)       -- C_in x kernel, transposed too
    assert.are.equal(16 * 3, result().mean_over_two_dims.n)
    assert.are.equal(16, result().cumsum.n)
    assert.are.equal("multilinear", result().linear_sub_relu.kind)
  end)

  it_torch("gives a max-like op no reduction length: max is exact", function()
    assert.are.same({kind = "multilinear", n = 0, ops = {"max_pool2d_with_indices"}}, result().max_pool)
  end)

  it_torch("calls softmax and 2-norm normalisation scale (positive sums), n the reduced length", function()
    assert.are.equal("scale", result().softmax.kind)
    assert.are.equal(16, result().softmax.n)
    assert.are.equal("scale", result().l2_normalize.kind)
  end)

  it_torch("recognises no family where a mean is subtracted or a nonlinearity follows a sum", function()
    for _, name in ipairs({"layer_norm", "gelu", "sum_then_gelu"}) do
      assert.are.equal("none", result()[name].kind, name)
      assert.is_truthy(result()[name].why, name)
    end
  end)

  it_torch("computes sum |terms| by the absolute run: |A||B|, and a subtraction counted as an addition", function()
    assert.is_true(result().matmul_magnitude_ok)
    assert.is_true(result().linear_magnitude_ok)
  end)

  it_torch("keeps its dispatch modes out of torch's Dynamo wrapper, which imports torch._dynamo at a mode's first op (6 s a worker)", function()
    assert.are.same({false, false}, result().modes_skip_no_dynamo)
    assert.is_false(result().dynamo_imported)
  end)
end)
