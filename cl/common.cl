/* Shared by every cltranspose kernel: prepended to each source before it is built.
 * The host passes the element type and every tunable as -D build options (see src/tuning.c); the
 * kernels only move bits, so T is an unsigned type of the element's size (uint4 for 16-byte elements). */
#ifndef T
#error "T (the element type) must be defined by the host"
#endif

/* Every transpose kernel takes the same arguments. Indices are 64-bit: one matrix may hold more than
 * 2^31 elements. src and dst never overlap (the host checks), hence restrict. */
#define CLT_TRANSPOSE_ARGS CLT_TRANSPOSE_ARGS_AS()
/* The same, each size argument's name followed by x: a kernel that computes in a narrower type takes
 * them as rows_ ... and declares narrowed copies under the usual names. */
#define CLT_TRANSPOSE_ARGS_AS(x)                                                                           \
  global const T *restrict src, global T *restrict dst, const ulong rows##x, const ulong cols##x,          \
      const ulong batch##x, const ulong src_off##x, const ulong src_ld##x, const ulong src_stride##x,      \
      const ulong dst_off##x, const ulong dst_ld##x, const ulong dst_stride##x

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
