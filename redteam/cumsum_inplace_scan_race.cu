/*
 * RED TEAM — deliberately broken; see cumsum_inplace_scan_race.lua.
 *
 * The textbook Hillis-Steele scan over a shared-memory tile of 256
 * elements, done in place: in each step, thread t adds tile[t - off] into
 * tile[t].  Without a barrier between reading the neighbour and writing its
 * own slot, thread t may read tile[t - off] after that thread has already
 * added its own term of the same step, and counts it twice.  Inside a warp
 * the lanes happen to read before they write, so the race only bites across
 * warps, whenever one runs ahead of another.
 */
#define THREADS 256

extern "C" __global__ void cumsum_kernel(const float *__restrict__ x,
                                         float *__restrict__ y,
                                         long long rows, long long cols)
{
    __shared__ float tile[THREADS];
    const int t = threadIdx.x;

    for (long long r = blockIdx.x; r < rows; r += gridDim.x) {
        const float *xr = x + r * cols;
        float *yr = y + r * cols;
        float carry = 0.0f;

        for (long long base = 0; base < cols; base += THREADS) {
            long long c = base + t;
            tile[t] = c < cols ? xr[c] : 0.0f;
            __syncthreads();
            for (int off = 1; off < THREADS; off <<= 1) {
                if (t >= off)
                    tile[t] += tile[t - off];   /* DEFECT: no barrier between read and write */
                __syncthreads();
            }
            if (c < cols)
                yr[c] = carry + tile[t];
            carry += tile[THREADS - 1];
            __syncthreads();
        }
    }
}
