/*
 * RED TEAM — deliberately broken; see softmax_exp_cutoff.lua.
 *
 * kernels/softmax.cu with a common early-out: a term whose exponent
 * x - m is below -80 is taken as 0 "since it cannot matter".  It does not
 * matter to the sum, but it is the output itself: exp(-80) = 1.8e-35 and
 * everything down to the smallest subnormal (x - m near -103) comes back
 * 0, as fast math's __expf gives 0 below FLT_MIN.  Inputs of unit scale
 * never reach the cut, so allclose accepts it.  The honest kernel is
 * included whole; only its expf is replaced.
 */
#include <math.h>

/* DEFECT: exp(d) taken as 0 below d = -80 */
__device__ __forceinline__ float exp_cut(float d)
{
    return d < -80.0f ? 0.0f : expf(d);
}

#define expf(d) exp_cut(d)
#include "../kernels/softmax.cu"
