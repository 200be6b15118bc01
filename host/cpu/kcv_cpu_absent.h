/*
 * kcv_cpu_absent.h — documented device functions the CPU emulation does
 * not provide.  Calling one stops the compile with "needs a CUDA device:
 * <name>" (a static_assert in a template, so only a call fires it), which
 * kcv reports as the kernel needing a device, never as its own error
 * (host/lua/kcv/verify/unjudged.lua).  Names neither here nor in the
 * emulation fail as undeclared and are reported the same way.
 */
#ifndef KCV_CPU_ABSENT_H
#define KCV_CPU_ABSENT_H

template <class... A> struct kcv__absent { static constexpr bool no = false; };
/* converts to whatever the call site wants, so that the assertion is the
 * only error of the call */
struct kcv__anything { template <class T> operator T() const { return T(); } };
#define KCV_NEEDS_DEVICE(name) \
    template <class... A> static inline kcv__anything name(A...) \
    { static_assert(kcv__absent<A...>::no, "needs a CUDA device: " #name); return kcv__anything(); }

/* address-space predicates and conversions: the CPU has one address space */
KCV_NEEDS_DEVICE(__isGlobal) KCV_NEEDS_DEVICE(__isShared) KCV_NEEDS_DEVICE(__isConstant)
KCV_NEEDS_DEVICE(__isLocal) KCV_NEEDS_DEVICE(__isGridConstant)
KCV_NEEDS_DEVICE(__cvta_generic_to_global) KCV_NEEDS_DEVICE(__cvta_generic_to_local)
KCV_NEEDS_DEVICE(__cvta_generic_to_constant) KCV_NEEDS_DEVICE(__cvta_global_to_generic)
KCV_NEEDS_DEVICE(__cvta_shared_to_generic) KCV_NEEDS_DEVICE(__prof_trigger)
/* 16-bit transcendentals whose device approximations are not emulated */
KCV_NEEDS_DEVICE(hsin) KCV_NEEDS_DEVICE(hcos) KCV_NEEDS_DEVICE(htanh) KCV_NEEDS_DEVICE(htanh_approx)
KCV_NEEDS_DEVICE(hexp10) KCV_NEEDS_DEVICE(hlog10) KCV_NEEDS_DEVICE(h2sin) KCV_NEEDS_DEVICE(h2cos)
KCV_NEEDS_DEVICE(h2tanh) KCV_NEEDS_DEVICE(h2tanh_approx) KCV_NEEDS_DEVICE(h2exp10)
KCV_NEEDS_DEVICE(h2log10)
/* double precision in the directed rounding modes */
KCV_NEEDS_DEVICE(__dadd_rz) KCV_NEEDS_DEVICE(__dadd_rd) KCV_NEEDS_DEVICE(__dadd_ru)
KCV_NEEDS_DEVICE(__dsub_rz) KCV_NEEDS_DEVICE(__dsub_rd) KCV_NEEDS_DEVICE(__dsub_ru)
KCV_NEEDS_DEVICE(__dmul_rz) KCV_NEEDS_DEVICE(__dmul_rd) KCV_NEEDS_DEVICE(__dmul_ru)
KCV_NEEDS_DEVICE(__fma_rz) KCV_NEEDS_DEVICE(__fma_rd) KCV_NEEDS_DEVICE(__fma_ru)
KCV_NEEDS_DEVICE(__ddiv_rz) KCV_NEEDS_DEVICE(__ddiv_rd) KCV_NEEDS_DEVICE(__ddiv_ru)
KCV_NEEDS_DEVICE(__drcp_rz) KCV_NEEDS_DEVICE(__drcp_rd) KCV_NEEDS_DEVICE(__drcp_ru)
KCV_NEEDS_DEVICE(__dsqrt_rz) KCV_NEEDS_DEVICE(__dsqrt_rd) KCV_NEEDS_DEVICE(__dsqrt_ru)
#undef KCV_NEEDS_DEVICE

#endif
