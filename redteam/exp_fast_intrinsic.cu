/*
 * RED TEAM — deliberately broken; see exp_fast_intrinsic.lua.
 *
 * kernels/exp.cu (scalar path) with the fast intrinsic __expf, built with
 * --use_fast_math (the sidecar's options) as such kernels usually are:
 * the hardware evaluates ex2.approx.ftz(x * log2 e), whose relative error
 * grows with |x| (documented up to 2 + 1.17|x| ulp) and whose result is
 * flushed to zero below 2^-126, so exp(x) for -103.9 < x < -87.3 comes out
 * 0 instead of the subnormal the contract demands.  For normal inputs
 * (|x| < 6) it is a few ulp and allclose accepts it.  The CPU backend
 * emulates __expf the same way (argument rounded to f32, a 2^-22-accurate
 * exp2, results flushed to zero) and ignores --use_fast_math.
 */

extern "C" __global__ void exp_kernel(const float *__restrict__ x,
                                      float *__restrict__ y, long long n)
{
    long long tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long stride = (long long)gridDim.x * blockDim.x;

    for (long long i = tid; i < n; i += stride)
        y[i] = __expf(x[i]);            /* DEFECT: fast approximate exp */
}
