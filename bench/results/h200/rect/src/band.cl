/* Measurement programs behind bench/results/h200/rect (see bench/results/README.md); not built by CMake. */
/* band: a tall f32 transpose (R x 64 -> 64 x R) in column strips of S, walked band by band: for each
 * band of BAND source rows, all its strip-0 tiles, then strip 1, ...; so the groups in flight write S
 * destination rows, and the band's source lines, read whole by strip 0 (PF 1: whole rows loaded,
 * PF 2: prefetch.global.L2), are in L2 for the later strips. Tiles TR x S, groups of 256. */
#ifndef TR
#define TR 64
#endif
#ifndef S
#define S 16
#endif
#define NS (64 / S)
#define TPB (BAND / TR)
#define WX (TR / 4)          /* items across a destination run, 4 elements each */
#define WY (256 / WX)
kernel __attribute__((reqd_work_group_size(256, 1, 1))) void band(global const uint *restrict src,
    global uint *restrict dst, uint R, uint magic) {
  local uint t[TR][S + 1];
  const uint g = get_group_id(0), lid = get_local_id(0);
  const uint b = g / (NS * TPB), rem = g % (NS * TPB), s = rem / TPB, tt = rem % TPB;
  const uint r0 = b * BAND + tt * TR, c0 = s * S;
  /* reads: TR rows x S columns, consecutive items along a row's S columns */
#if PF == 1
  uint acc = 0;
  if (s == 0) {
    /* whole rows: TR x 64, 16-byte vectors; keep columns 0..S-1 */
    for (uint q = lid; q < TR * 16; q += 256) {
      const uint r = q / 16, v = q % 16;
      const uint4 x = *(global const uint4 *)(src + (size_t)(r0 + r) * 64 + 4 * v);
      if (4 * v < S) { t[r][4 * v] = x.x; t[r][4 * v + 1] = x.y; t[r][4 * v + 2] = x.z; t[r][4 * v + 3] = x.w; }
      else acc ^= x.x ^ x.y ^ x.z ^ x.w;
    }
  } else
#endif
  {
#if PF == 2
    if (s == 0)
      for (uint q = lid; q < TR * 2; q += 256) { /* one prefetch per 128-byte line */
        const global uint *p = src + (size_t)(r0 + q / 2) * 64 + 32 * (q % 2);
        asm volatile("prefetch.global.L2 [%0];" ::"l"(p));
      }
#endif
    for (uint q = lid; q < TR * S / 4; q += 256) {
      const uint r = q / (S / 4), v = q % (S / 4);
      const uint4 x = *(global const uint4 *)(src + (size_t)(r0 + r) * 64 + c0 + 4 * v);
      t[r][4 * v] = x.x; t[r][4 * v + 1] = x.y; t[r][4 * v + 2] = x.z; t[r][4 * v + 3] = x.w;
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  /* writes: S destination rows c0 + i, run of TR elements from r0, 16-byte vectors */
  for (uint q = lid; q < S * WX; q += 256) {
    const uint i = q / WX, k = q % WX;
    *(global uint4 *)(dst + (size_t)(c0 + i) * R + r0 + 4 * k) =
        (uint4)(t[4 * k][i], t[4 * k + 1][i], t[4 * k + 2][i], t[4 * k + 3][i]);
  }
#if PF == 1
  if (acc == magic) dst[0] = acc; /* never, for magic outside the data: keeps the whole-row loads */
#endif
}
