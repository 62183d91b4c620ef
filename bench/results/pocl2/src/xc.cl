/* experiments: CB blocks across, RB blocks down per work-item; MODE as xb; PF prefetch distance in rows (0 off) */
typedef uint idx_t;
#define LOAD_ROW(p) (*(global const TV *)(p))
#define STORE_ROW(v, p) (*(global TV *)(p) = (v))
#ifndef MODE
#define MODE 0
#endif
#ifndef PF
#define PF 0
#endif
#ifndef PREFETCH
#define PREFETCH(p) __builtin_prefetch((const void *)(size_t)(p))
#endif
#ifndef CB
#define CB 1
#endif
#ifndef RB
#define RB 1
#endif
#ifndef NT
#define NT 0
#endif
#if NT
#define STORE_OUT(v, p) __builtin_nontemporal_store((v), (global TV *)(p))
#else
#define STORE_OUT(v, p) STORE_ROW(v, p)
#endif
kernel void xc(CLT_TRANSPOSE_ARGS_AS(_)) {
  const idx_t rows = (idx_t)rows_, cols = (idx_t)cols_;
  const idx_t src_ld = (idx_t)src_ld_, dst_ld = (idx_t)dst_ld_;
  global const T *s = src; global T *d = dst;
  TV acc = 0;
  for (uint rb = 0; rb < RB; rb++) {
    const idx_t r = (get_global_id(1) * RB + rb) * VW;
#pragma unroll
    for (uint cb = 0; cb < CB; cb++) {
    const idx_t c = (get_global_id(0) * CB + cb) * VW;
    if (r + VW > rows || c + VW > cols) continue;
    clt_vec row[VW], col[VW];
#if PF
#pragma unroll
    for (uint k = 0; k < VW; k++) PREFETCH(s + (r + PF + k) * src_ld + c);
#endif
#if MODE == 2
    for (uint j = 0; j < VW; j++) STORE_OUT((TV)(r), d + (c + j) * dst_ld + r);
#else
#pragma unroll
    for (uint k = 0; k < VW; k++) row[k].v = LOAD_ROW(s + (r + k) * src_ld + c);
#if MODE == 1
    for (uint k = 0; k < VW; k++) acc ^= row[k].v;
#elif MODE == 3
    for (uint j = 0; j < VW; j++) STORE_OUT(row[j].v, d + (c + j) * dst_ld + r);
#else
#pragma unroll
    for (uint j = 0; j < VW; j++) {
#pragma unroll
      for (uint k = 0; k < VW; k++) col[j].e[k] = row[k].e[j];
      STORE_OUT(col[j].v, d + (c + j) * dst_ld + r);
    }
#endif
#endif
    }
  }
#if MODE == 1
  if (acc.s0 == 0x12345678u) d[0] = 1;
#endif
}
