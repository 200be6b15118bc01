-- tools/bench-wmma-emulation.lua — the CPU backend's nvcuda::wmma at work:
-- one launch of spec/fixtures/wmma.cu's bf16 GEMM, 128 x 512 x 128 (64
-- tiles, 32 mma_sync each), timed after a first launch that compiles it.
-- For docs/CPU.md ("Warp matrix functions").
--
--   ./kcv run tools/bench-wmma-emulation.lua
local kcv = rawget(_G, "kcv") or require "kcv"
local M, N, K = 128, 128, 512
local A = kcv.buffer("bf16", M * K):fill_normal{seed = 1}
local B = kcv.buffer("bf16", K * N):fill_normal{seed = 2}
local C = kcv.buffer("f32", M * N)
local k = assert(kcv.kernel.load{source = "spec/fixtures/wmma.cu", name = "wmma_bf16_rr", backend = "cpu",
  params = {"ptr", "ptr", "ptr", "i32", "i32", "i32", "i32", "i32", "i32", "i32", "i32", "f32"}})
k:launch{grid = 1, block = 32, args = {A, B, C, 16, 16, 16, K, N, N, 0, 0, 1.0}}   -- compile
local t = kcv.sys.clock()
local r = k:launch{grid = 16, block = 128, args = {A, B, C, M, N, K, K, N, N, 0, 0, 1.0}, timeout = 600}
print(r.status, ("%.3f s: %d tiles of %d mma_sync, 32 lanes each"):format(kcv.sys.clock() - t, (M // 16) * (N // 16), K // 16))
