/* cuda_bf16.h — stub for the kcv CPU backend: everything it declares comes from
 * kcv_cuda_cpu.h, which the backend force-includes. */
#pragma once
#include "kcv_cuda_cpu.h"
