-- specs/matmul.lua — matrix product C = A B, f32 in, f32 accumulation, f32 out.
--
-- KernelBench level 1 problem 1 (torch.matmul of two 2048 x 2048
-- matrices); the range reaches 4096, the size of problems 2, 13 and 16.
-- All matrices are row-major and contiguous.
-- Oracle: kcv.mp.gemm, each dot product exact and rounded once; magnitude
-- |A| |B| (the dot products of the absolute values).
-- Error model: N = K products summed per element, f32 accumulator.
-- Contract details: IEEE semantics of the sum of products: a NaN in row i
-- of A or column j of B makes C[i,j] NaN, as do Inf * 0 and Inf - Inf;
-- the kernel's 1-d grid is ceil(M/64) * ceil(N/64) blocks of 256 threads
-- (one 64 x 64 tile each), a launch geometry any tiling can map onto.
return {
  name = "matmul",
  summary = "matrix product C[M,N] = A[M,K] B[K,N], f32",
  math = "C[i,j] = sum_k A[i,k] B[k,j]",
  dims = { M = {min = 1, max = 4096}, N = {min = 1, max = 4096}, K = {min = 1, max = 4096} },
  rows = "M",               -- row i of C from row i of A and all of B: CMP-03 may sample rows
  benchmark = { M = 2048, N = 2048, K = 2048 },
  shapes = { {M = 1, N = 1, K = 1}, {M = 65, N = 63, K = 17}, {M = 3, N = 1000, K = 5},
             {M = 300, N = 2, K = 1023} },
  inputs  = {
    {name = "A", dtype = "f32", shape = {"M", "K"}},
    {name = "B", dtype = "f32", shape = {"K", "N"}},
  },
  outputs = { {name = "C", dtype = "f32", shape = {"M", "N"}} },
  oracle = function(mp, A, B) return mp.gemm(A, B) end,
  torch = {expr = "torch.matmul(A, B)", tf32 = false},
  error_model = { reduction = "K", accumulator = "f32", c = 2 },
  zero_sign = false,
  kernel = {
    name = "matmul_kernel",
    params = {"A", "B", "C", "M:i64", "N:i64", "K:i64"},
    launch = function(s)
      return {grid = ((s.M + 63) // 64) * ((s.N + 63) // 64), block = 256, smem = 0}
    end,
  },
  budget = { regs = 255, smem = 48 * 1024, local_bytes = 0 },
}
