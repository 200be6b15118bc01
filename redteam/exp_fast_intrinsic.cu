/*
 * RED TEAM — deliberately broken; see exp_fast_intrinsic.lua.
 *
 * kernels/exp.cu (scalar path) with the fast intrinsic __expf, which the
 * hardware evaluates as ex2.approx(x * log2(e)) with the product rounded to
 * f32 first: the relative error grows with |x| (the product's rounding
 * alone is up to |x| * 2^-24, about 40 ulp at |x| = 80).  For normal inputs (|x| < 6) it is a few
 * ulp and allclose accepts it.  The CPU backend emulates __expf the same
 * way (argument rounded to f32, then a 2^-22-accurate exp2).
 */

extern "C" __global__ void exp_kernel(const float *__restrict__ x,
                                      float *__restrict__ y, long long n)
{
    long long tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long stride = (long long)gridDim.x * blockDim.x;

    for (long long i = tid; i < n; i += stride)
        y[i] = __expf(x[i]);            /* DEFECT: fast approximate exp */
}
