-- specs/matmul_f16.lua — matrix product C = A B with f16 A, B and C and f32
-- accumulation.
--
-- The f16 twin of specs/matmul.lua (KernelBench level 1 problem 1 shape,
-- 2048 x 2048 x 2048): the contract demands every product and partial sum
-- in f32 (or wider) and one rounding of each C element to f16.  An f16
-- accumulator fails PRC-02 (past 2048 its spacing is 2, so a long sum of
-- products near 1 stalls and drifts far outside the f32 bound);
-- large-dynamic-range f16 inputs probe PRC-01.
-- Oracle: kcv.mp.gemm on the exact f16 inputs; magnitude |A| |B|.
-- Contract details: as specs/matmul.lua; an element whose exact value
-- exceeds 65504 after rounding is +-Inf, as the oracle's rounding says.
return {
  name = "matmul_f16",
  summary = "matrix product C[M,N] = A[M,K] B[K,N], f16 storage, f32 accumulation",
  math = "C[i,j] = sum_k A[i,k] B[k,j]",
  dims = { M = {min = 1, max = 4096}, N = {min = 1, max = 4096}, K = {min = 1, max = 4096} },
  rows = "M",               -- row i of C from row i of A and all of B: CMP-03 may sample rows
  benchmark = { M = 2048, N = 2048, K = 2048 },
  shapes = { {M = 1, N = 1, K = 1}, {M = 65, N = 63, K = 17}, {M = 3, N = 1000, K = 5},
             {M = 300, N = 2, K = 1023} },
  inputs  = {
    {name = "A", dtype = "f16", shape = {"M", "K"}},
    {name = "B", dtype = "f16", shape = {"K", "N"}},
  },
  outputs = { {name = "C", dtype = "f16", shape = {"M", "N"}} },
  oracle = function(mp, A, B) return mp.gemm(A, B) end,
  torch = {expr = "torch.matmul(A, B)", tf32 = false},
  stricter = {
    -- tools/parity-probe.py on the H200 (docs/PARITY.md): 2048 x 2048 x 731,
    -- mean error 1.79 and 1.51 eps with the flag on (PyTorch's default) in two runs, 0.188 off
    ["CMP-03"] = "an f32 accumulator over all of K; PyTorch's default "
              .. "torch.backends.cuda.matmul.allow_fp16_reduced_precision_reduction = True lets cuBLAS "
              .. "reduce split-K partial sums in f16",
  },
  error_model = { reduction = "K", accumulator = "f32", c = 2 },
  zero_sign = false,
  kernel = {
    name = "matmul_f16_kernel",
    params = {"A", "B", "C", "M:i64", "N:i64", "K:i64"},
    launch = function(s)
      return {grid = ((s.M + 63) // 64) * ((s.N + 63) // 64), block = 256, smem = 0}
    end,
  },
  budget = { regs = 255, smem = 48 * 1024, local_bytes = 0 },
}
