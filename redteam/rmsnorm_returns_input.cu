/*
 * RED TEAM — deliberately broken; see rmsnorm_returns_input.lua.
 *
 * An RMSNorm that returns a copy of its input: "the activations are
 * already normalized".  Standard-normal rows have an RMS within a fraction
 * of a percent of 1 at long rows, which is all a loose check with unit
 * weights sees; any other scale, or weights, shows the defect.
 */

extern "C" __global__ void rmsnorm_kernel(const float *__restrict__ x,
                                          const float *__restrict__ gamma,
                                          float *__restrict__ y,
                                          long long rows, long long cols,
                                          float eps)
{
    for (long long r = blockIdx.x; r < rows; r += gridDim.x)
        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            y[r * cols + c] = x[r * cols + c];     /* DEFECT: y = x */
}
