/* 16x16 f32 per item from four 8x8 register transposes; TV = uint8, VW=8. */
typedef uint idx_t;
#ifndef PF
#define PF 0
#endif
#ifndef PFW
#define PFW 0
#endif
#ifndef NT
#define NT 0
#endif
#ifndef RB
#define RB 1
#endif
#ifndef SKEW
#define SKEW 0
#endif
#define PREFETCH(p) __builtin_prefetch((const void *)(size_t)(p))
#define PREFETCHW(p) __builtin_prefetch((const void *)(size_t)(p), 1)
#if NT
#define ST(v, p) __builtin_nontemporal_store((v), (global TV *)(p))
#elif DST_VEC
#define ST(v, p) (*(global TV *)(p) = (v))
#else
#define ST(v, p) VSTOREN((v), 0, (global BASE *)(p))
#endif
#if SRC_VEC
#define LD(p) (*(global const TV *)(p))
#else
#define LD(p) VLOADN(0, (global const BASE *)(p))
#endif
#define B 16
kernel void xd(CLT_TRANSPOSE_ARGS_AS(_)) {
  const idx_t rows = (idx_t)rows_, cols = (idx_t)cols_;
  const idx_t src_ld = (idx_t)src_ld_, dst_ld = (idx_t)dst_ld_;
  global const T *s = src; global T *d = dst;
  for (uint rb = 0; rb < RB; rb++) {
    const idx_t r = (get_global_id(1) * RB + rb) * B;
    const idx_t c = get_global_id(0) * B;
    if (r + B > rows || c + B > cols) continue;
#if PF
#pragma unroll
    for (uint k = 0; k < B; k++) PREFETCH(s + (r + PF + k) * src_ld + c);
#endif
#if PFW
#pragma unroll
    for (uint k = 0; k < B; k++) PREFETCHW(d + (c + k) * dst_ld + r + PFW);
#endif
    clt_vec a[B][2];
#pragma unroll
    for (uint k = 0; k < B; k++) {
      a[k][0].v = LD(s + (r + k) * src_ld + c);
      a[k][1].v = LD(s + (r + k) * src_ld + c + 8);
    }
#pragma unroll
    for (uint j = 0; j < B; j++) {
      clt_vec lo, hi;
#pragma unroll
      for (uint k = 0; k < 8; k++) {
        lo.e[k] = a[k][j / 8].e[j % 8];
        hi.e[k] = a[k + 8][j / 8].e[j % 8];
      }
      ST(lo.v, d + (c + j) * dst_ld + r);
      ST(hi.v, d + (c + j) * dst_ld + r + 8);
    }
  }
}
