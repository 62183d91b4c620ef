/* item = TR x TC tile (multiples of 8), via private transposed buffer, f32 TV=uint8 VW=8 */
typedef uint idx_t;
#ifndef PF
#define PF 0
#endif
#ifndef NT
#define NT 0
#endif
#define PREFETCH(p) __builtin_prefetch((const void *)(size_t)(p))
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
kernel void xe(CLT_TRANSPOSE_ARGS_AS(_)) {
  const idx_t rows = (idx_t)rows_, cols = (idx_t)cols_;
  const idx_t src_ld = (idx_t)src_ld_, dst_ld = (idx_t)dst_ld_;
  global const T *s = src; global T *d = dst;
  const idx_t r = get_global_id(1) * TR;
  const idx_t c = get_global_id(0) * TC;
  if (r + TR > rows || c + TC > cols) return;
  TV t[TC][TR / 8];
#if PF
  for (uint k = 0; k < TR; k++)
#pragma unroll
    for (uint m = 0; m < TC; m += 16) PREFETCH(s + (r + PF + k) * src_ld + c + m);
#endif
  for (uint g = 0; g < TR / 8; g++) {
#pragma unroll
    for (uint h = 0; h < TC / 8; h++) {
      clt_vec row[8], col;
#pragma unroll
      for (uint k = 0; k < 8; k++) row[k].v = LD(s + (r + 8 * g + k) * src_ld + c + 8 * h);
#pragma unroll
      for (uint j = 0; j < 8; j++) {
#pragma unroll
        for (uint k = 0; k < 8; k++) col.e[k] = row[k].e[j];
        t[8 * h + j][g] = col.v;
      }
    }
  }
  for (uint j = 0; j < TC; j++) {
#pragma unroll
    for (uint g = 0; g < TR / 8; g++) ST(t[j][g], d + (c + j) * dst_ld + r + 8 * g);
  }
}
