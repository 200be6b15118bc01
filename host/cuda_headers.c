/*
 * cuda_headers.c — the standard C headers NVRTC does not have.
 *
 * nvcc compiles a kernel with the host's <math.h>, <stdint.h>, <float.h>
 * and <limits.h> at hand; NVRTC has the device math functions built in but
 * none of these files ("cannot open source file math.h").  Kernels written
 * for nvcc include them, so kcv hands NVRTC small replacements, by name,
 * with the macros and types such kernels use.  Types follow Linux LP64 as
 * nvcc sees them there (int64_t is long), so C++ kernels mangle alike.
 */
#include <stddef.h>
#include "cuda_nvrtc.h"

#define STDINT \
    "#ifndef KCV_STDINT_H\n#define KCV_STDINT_H\n" \
    "typedef signed char int8_t; typedef short int16_t; typedef int int32_t; typedef long int64_t;\n" \
    "typedef unsigned char uint8_t; typedef unsigned short uint16_t;\n" \
    "typedef unsigned int uint32_t; typedef unsigned long uint64_t;\n" \
    "typedef long intptr_t; typedef unsigned long uintptr_t;\n" \
    "typedef long intmax_t; typedef unsigned long uintmax_t;\n" \
    "#define INT8_MIN (-128)\n#define INT8_MAX 127\n#define UINT8_MAX 255\n" \
    "#define INT16_MIN (-32767-1)\n#define INT16_MAX 32767\n#define UINT16_MAX 65535\n" \
    "#define INT32_MIN (-2147483647-1)\n#define INT32_MAX 2147483647\n#define UINT32_MAX 4294967295U\n" \
    "#define INT64_MIN (-9223372036854775807L-1)\n#define INT64_MAX 9223372036854775807L\n" \
    "#define UINT64_MAX 18446744073709551615UL\n#define SIZE_MAX UINT64_MAX\n" \
    "#define INT64_C(c) c##L\n#define UINT64_C(c) c##UL\n" \
    "#endif\n"

#define FLOAT \
    "#ifndef KCV_FLOAT_H\n#define KCV_FLOAT_H\n" \
    "#define FLT_MAX 3.40282347e+38F\n#define FLT_MIN 1.17549435e-38F\n" \
    "#define FLT_EPSILON 1.19209290e-07F\n#define FLT_TRUE_MIN 1.40129846e-45F\n" \
    "#define FLT_MANT_DIG 24\n#define FLT_MAX_EXP 128\n#define FLT_MIN_EXP (-125)\n" \
    "#define DBL_MAX 1.7976931348623157e+308\n#define DBL_MIN 2.2250738585072014e-308\n" \
    "#define DBL_EPSILON 2.2204460492503131e-16\n#define DBL_TRUE_MIN 4.9406564584124654e-324\n" \
    "#define DBL_MANT_DIG 53\n#define DBL_MAX_EXP 1024\n#define DBL_MIN_EXP (-1021)\n" \
    "#endif\n"

#define LIMITS \
    "#ifndef KCV_LIMITS_H\n#define KCV_LIMITS_H\n" \
    "#define CHAR_BIT 8\n#define SCHAR_MIN (-128)\n#define SCHAR_MAX 127\n#define UCHAR_MAX 255\n" \
    "#define SHRT_MIN (-32768)\n#define SHRT_MAX 32767\n#define USHRT_MAX 65535\n" \
    "#define INT_MIN (-2147483647-1)\n#define INT_MAX 2147483647\n#define UINT_MAX 4294967295U\n" \
    "#define LONG_MIN (-9223372036854775807L-1)\n#define LONG_MAX 9223372036854775807L\n" \
    "#define ULONG_MAX 18446744073709551615UL\n#define LLONG_MIN (-9223372036854775807LL-1)\n" \
    "#define LLONG_MAX 9223372036854775807LL\n#define ULLONG_MAX 18446744073709551615ULL\n" \
    "#endif\n"

/* The functions are NVRTC's built-ins; the header adds the macros (and,
 * as glibc's does for nvcc's kernels, FLT_MAX and friends). */
#define MATH \
    "#ifndef KCV_MATH_H\n#define KCV_MATH_H\n#include <float.h>\n" \
    "#define INFINITY __int_as_float(0x7f800000)\n#define NAN __int_as_float(0x7fffffff)\n" \
    "#define HUGE_VALF INFINITY\n#define HUGE_VAL __longlong_as_double(0x7ff0000000000000LL)\n" \
    "#define M_E 2.7182818284590452354\n#define M_LOG2E 1.4426950408889634074\n" \
    "#define M_LOG10E 0.43429448190325182765\n#define M_LN2 0.69314718055994530942\n" \
    "#define M_LN10 2.30258509299404568402\n#define M_PI 3.14159265358979323846\n" \
    "#define M_PI_2 1.57079632679489661923\n#define M_PI_4 0.78539816339744830962\n" \
    "#define M_1_PI 0.31830988618379067154\n#define M_2_PI 0.63661977236758134308\n" \
    "#define M_2_SQRTPI 1.12837916709551257390\n#define M_SQRT2 1.41421356237309504880\n" \
    "#define M_SQRT1_2 0.70710678118654752440\n" \
    "#endif\n"

#define STDDEF "#ifndef KCV_STDDEF_H\n#define KCV_STDDEF_H\n#ifndef NULL\n#define NULL 0\n#endif\n" \
    "#define offsetof(t, m) __builtin_offsetof(t, m)\n" \
    "#endif\n"

static const char *const names[] = {
    "stdint.h", "cstdint", "inttypes.h", "float.h", "cfloat", "limits.h", "climits",
    "math.h", "cmath", "stddef.h", "cstddef", "stdbool.h",
};
static const char *const texts[] = {
    STDINT, STDINT, STDINT, FLOAT, FLOAT, LIMITS, LIMITS,
    MATH, MATH, STDDEF, STDDEF, "",
};

const char *const *kcv_nvrtc_header_names = names;
const char *const *kcv_nvrtc_header_texts = texts;
const int kcv_nvrtc_nheaders = sizeof names / sizeof names[0];
