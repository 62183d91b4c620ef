/* Shared by every cltranspose kernel: prepended to each source before it is built.
 * The host passes the element type and every tunable as -D build options (see src/tuning.c); the
 * kernels only move bits, so T is an unsigned type of the element's size (uint4 for 16-byte elements). */
#ifndef T
#error "T (the element type) must be defined by the host"
#endif

/* Every transpose kernel takes the same arguments. Indices are 64-bit: one matrix may hold more than
 * 2^31 elements. src and dst never overlap (the host checks), hence restrict. */
#define CLT_TRANSPOSE_ARGS                                                                                 \
  global const T *restrict src, global T *restrict dst, const ulong rows, const ulong cols,                \
      const ulong batch, const ulong src_off, const ulong src_ld, const ulong src_stride,                  \
      const ulong dst_off, const ulong dst_ld, const ulong dst_stride

#ifdef TV
/* One VW-vector of elements, viewable element by element (indices are compile-time after unrolling):
 * the register blocks of the vector and block kernels. */
typedef union {
  TV v;
  T e[VW];
} clt_vec;

/* Vectors of one lane (VW 1 on a device with tiny limits) are plain scalars. */
#define clt_vload1(i, p) ((p)[i])
#define clt_vstore1(v, i, p) ((p)[i] = (v))
#endif
