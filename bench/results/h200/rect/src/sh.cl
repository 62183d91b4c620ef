/* Measurement programs behind bench/results/h200/rect (see bench/results/README.md); not built by CMake. */
/* sh: sheared tiles (knobs22.txt A). shs: each tile row is one CHB-byte-aligned chunk of the flat
 * source, so every source read is a whole aligned 16-byte vector, and the destination gets masked
 * element stores; shd: the mirror (aligned destination chunks, masked element loads). A tile is H
 * chunks of consecutive rows; PAD pads its rows in local memory; ORDER 0 walks down the tile columns.
 * Any pitch is exact: the buffers start on 16 bytes, as OpenCL allocates them (on CHB bytes, the
 * chunks are aligned in memory, not only within the buffer). */
#if ES == 1
#define T uchar
#define VT uchar16
#elif ES == 2
#define T ushort
#define VT ushort8
#elif ES == 4
#define T uint
#define VT uint4
#else
#define T ulong
#define VT ulong2
#endif
#define VW (16 / ES)
#ifndef CHB
#define CHB 256
#endif
#define CH (CHB / ES)
#define LX (CH / VW)
#define NT 256
#define LY (NT / LX)
#define WU (NT / H)
#ifndef PAD
#define PAD 0
#endif
#define RS (CH + PAD)
#ifndef ORDER
#define ORDER 0
#endif

static void group_ids(uint nT, uint *k, uint *t) {
  const uint g = get_group_id(0);
#if ORDER == 0
  *t = g % nT; *k = g / nT;
#else
  const uint nk = get_num_groups(0) / nT;
  *k = g % nk; *t = g / nk;
#endif
}

__kernel __attribute__((reqd_work_group_size(NT, 1, 1))) void shs(__global const T *src, __global T *dst,
    uint R, uint C, uint P, uint Q, uint nT) {
  __local VT tilev[(H * RS + VW - 1) / VW];
  __local T *tile = (__local T *)tilev;
  __local int sh[H];
  __local int smm[2];
  uint k, tt;
  group_ids(nT, &k, &tt);
  const uint lid = get_local_id(0), lx = lid % LX, ly = lid / LX;
  const uint r0 = tt * H;
  if (lid == 0) { smm[0] = CH; smm[1] = -1; }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint i = ly; i < H; i += LY) {
    const uint r = r0 + i;
    const ulong rb = (ulong)r * P;
    const int s = (int)(rb & (CH - 1));
    if (lx == 0) { sh[i] = s; if (r < R) { atomic_min(&smm[0], s); atomic_max(&smm[1], s); } }
    const int c = (int)(k * CH) - s + (int)(lx * VW);
    __local T *lt = tile + i * RS + lx * VW;
    if (r < R && c >= 0 && c + VW <= (int)C) {
      const VT v = *(__global const VT *)(src + rb + c);
#if PAD == 0
      *(__local VT *)lt = v;
#else
      const T *e = (const T *)&v;
      for (int q = 0; q < VW; q++) lt[q] = e[q];
#endif
    } else {
      for (int q = 0; q < VW; q++)
        lt[q] = (r < R && c + q >= 0 && c + q < (int)C) ? src[rb + c + q] : (T)0;
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  const uint i = lid % H, uu = lid / H, r = r0 + i;
  const int s = sh[i];
  const int umin = (CH - 1) - smm[1], umax = (CH - 1) - smm[0] + (CH - 1);
  for (int u = umin + (int)uu; u <= umax; u += WU) {
    const int c = (int)(k * CH) - (CH - 1) + u, j = u - (CH - 1) + s;
    if ((uint)j < CH && (uint)c < C && r < R) dst[(ulong)c * Q + r] = tile[i * RS + j];
  }
}

__kernel __attribute__((reqd_work_group_size(NT, 1, 1))) void shd(__global const T *src, __global T *dst,
    uint R, uint C, uint P, uint Q, uint nT) {
  /* Tile rows are destination rows c = tt*H + i (source columns); each holds the aligned destination
   * chunk k: r = k*CH - t_c + j. */
  __local VT tilev[(H * RS + VW - 1) / VW];
  __local T *tile = (__local T *)tilev;
  __local int tsh[H];
  __local int smm[2];
  uint k, tt;
  group_ids(nT, &k, &tt);
  const uint lid = get_local_id(0);
  const uint c0 = tt * H;
  if (lid == 0) { smm[0] = CH; smm[1] = -1; }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint i = lid; i < H; i += NT) {
    const uint c = c0 + i;
    const int t = (int)(((ulong)c * Q) & (CH - 1));
    tsh[i] = t;
    if (c < C) { atomic_min(&smm[0], t); atomic_max(&smm[1], t); }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  {
    const uint i = lid % H, uu = lid / H, c = c0 + i;
    const int t = tsh[i];
    const int umin = (CH - 1) - smm[1], umax = (CH - 1) - smm[0] + (CH - 1);
    for (int u = umin + (int)uu; u <= umax; u += WU) {
      const int r = (int)(k * CH) - (CH - 1) + u, j = u - (CH - 1) + t;
      if ((uint)j < CH && (uint)r < R && c < C) tile[i * RS + j] = src[(ulong)r * P + c];
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  const uint lx = lid % LX, ly = lid / LX;
  for (uint i = ly; i < H; i += LY) {
    const uint c = c0 + i;
    if (c >= C) continue;
    const ulong cb = (ulong)c * Q;
    const int r = (int)(k * CH) - tsh[i] + (int)(lx * VW);
#if PAD == 0
    const VT v = *(__local const VT *)(tile + i * RS + lx * VW);
#else
    VT v;
    for (int q = 0; q < VW; q++) ((T *)&v)[q] = tile[i * RS + lx * VW + q];
#endif
    if (r >= 0 && r + VW <= (int)R) {
      *(__global VT *)(dst + cb + r) = v;
    } else {
      const __local T *e = tile + i * RS + lx * VW;
      for (int q = 0; q < VW; q++)
        if (r + q >= 0 && r + q < (int)R) dst[cb + r + q] = e[q];
    }
  }
}

__kernel void fill(__global uint *d, uint n, uint v) {
  const uint i = get_global_id(0);
  if (i < n) d[i] = v;
}
