/* Measurement kernels behind bench/results/h200/knobs13.txt (mx.c runs them): the memory access
 * patterns of rect's transposes without the transpose. T is uint (rdh, rdvh: ushort); TR x TC tiles.
 * rd, rdv: the reads of TR x TC source tiles (row pitch ls, whose rows may start anywhere), written
 * to contiguous aligned blocks. wrv, wrs, wrt: the writes of a tall source's transpose (64
 * destination rows, runs of TR elements), the last one the real transpose. */
#ifndef TR
#define TR 64
#endif
#ifndef WGY
#define WGY 8
#endif
#define WX (TC < 64 ? TC : 64)
/* The ceiling: one 16-byte word per work-item, as the bench's copy kernel on a GPU. */
kernel void ceil16(global const uint4 *restrict s, global uint4 *restrict d, uint n) {
  for (uint i = get_global_id(0); i < n; i += get_global_size(0))
    d[i] = s[i];
}
kernel __attribute__((reqd_work_group_size(WX, WGY, 1))) void rd(global const uint *restrict s, global uint *restrict d,
                                                                  uint rows, uint cols, uint ls) {
  const uint tiles_r = rows / TR, tiles_c = cols / TC, g = get_group_id(0);
#if ALONG
  const uint tc = g % tiles_c, tr = g / tiles_c;
#else
  const uint tr = g % tiles_r, tc = g / tiles_r;
#endif
  const uint lx = get_local_id(0), ly = get_local_id(1);
  global const uint *sp = s + (size_t)(tr * TR) * ls + tc * TC;
  global uint *dp = d + (size_t)(tc * tiles_r + tr) * (TR * TC);
#pragma unroll
  for (uint i = ly; i < TR; i += WGY)
#pragma unroll
    for (uint k = lx; k < TC; k += WX)
      dp[i * TC + k] = sp[(size_t)i * ls + k];
}
/* rdv: as rd, but the row piece read as aligned 16-byte vectors from the aligned floor of its start
 * (the copy is of those vectors: the piece shifted back by the row's misalignment) */
#define VX (TC / 4 < 64 ? TC / 4 : 64)
kernel __attribute__((reqd_work_group_size(VX, WGY, 1))) void rdv(global const uint *restrict s, global uint *restrict d,
                                                                   uint rows, uint cols, uint ls) {
  const uint tiles_r = rows / TR, tiles_c = cols / TC, g = get_group_id(0);
#if ALONG
  const uint tc = g % tiles_c, tr = g / tiles_c;
#else
  const uint tr = g % tiles_r, tc = g / tiles_r;
#endif
  const uint lx = get_local_id(0), ly = get_local_id(1);
  global uint4 *dp = (global uint4 *)(d + (size_t)(tc * tiles_r + tr) * (TR * TC));
#if LOCALKB
  /* local memory reserved as a tile of LOCALKB KiB would be, for the occupancy it costs */
  local uint res_[LOCALKB * 256];
  if (lx == 0 && ly == 0)
    res_[(tc * 7) % (LOCALKB * 256)] = tc;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (res_[(tc * 7) % (LOCALKB * 256)] == 0xFFFFFFFFu && lx == 0)
    dp[0] = (uint4)(0);
#endif
#pragma unroll
  for (uint i = ly; i < TR; i += WGY) {
    const size_t a = (size_t)(tr * TR + i) * ls + tc * TC;
    global const uint4 *sp = (global const uint4 *)(s + (a - a % 4));
#pragma unroll
    for (uint k = lx; k < TC / 4; k += VX)
      dp[i * (TC / 4) + k] = sp[k];
  }
}
/* rdh, rdvh (reads16): rd and rdv for 2-byte elements (f16's odd shapes), pitch ls elements; rdvh
 * reads the row piece as aligned VB-byte vectors from the floor of its start (VB 8 as the f16 odd
 * entry's shifted 4-element vectors, or 16) */
kernel __attribute__((reqd_work_group_size(WX, WGY, 1))) void rdh(global const ushort *restrict s,
                                                                  global ushort *restrict d, uint rows, uint cols,
                                                                  uint ls) {
  const uint tiles_r = rows / TR, g = get_group_id(0);
  const uint tr = g % tiles_r, tc = g / tiles_r;
  const uint lx = get_local_id(0), ly = get_local_id(1);
  global const ushort *sp = s + (size_t)(tr * TR) * ls + tc * TC;
  global ushort *dp = d + (size_t)(tc * tiles_r + tr) * (TR * TC);
#pragma unroll
  for (uint i = ly; i < TR; i += WGY)
#pragma unroll
    for (uint k = lx; k < TC; k += WX)
      dp[i * TC + k] = sp[(size_t)i * ls + k];
}
#ifndef VB
#define VB 16
#endif
#if VB == 16
#define VT uint4
#else
#define VT uint2
#endif
#define VE (VB / 2) /* elements a vector */
#define VXH (TC / VE < 64 ? TC / VE : 64)
kernel __attribute__((reqd_work_group_size(VXH, WGY, 1))) void rdvh(global const ushort *restrict s,
                                                                    global ushort *restrict d, uint rows,
                                                                    uint cols, uint ls) {
  const uint tiles_r = rows / TR, g = get_group_id(0);
  const uint tr = g % tiles_r, tc = g / tiles_r;
  const uint lx = get_local_id(0), ly = get_local_id(1);
  global VT *dp = (global VT *)(d + (size_t)(tc * tiles_r + tr) * (TR * TC));
#if LOCALKB
  local uint res_[LOCALKB * 256];
  if (lx == 0 && ly == 0)
    res_[(tc * 7) % (LOCALKB * 256)] = tc;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (res_[(tc * 7) % (LOCALKB * 256)] == 0xFFFFFFFFu && lx == 0)
    dp[0] = (VT)(0);
#endif
#pragma unroll
  for (uint i = ly; i < TR; i += WGY) {
    const size_t a = (size_t)(tr * TR + i) * ls + tc * TC;
    global const VT *sp = (global const VT *)(s + (a - a % VE));
#pragma unroll
    for (uint k = lx; k < TC / VE; k += VXH)
      dp[i * (TC / VE) + k] = sp[k];
  }
}
/* wrv: a tall transpose's writes without the transpose: each group reads TR x TC elements contiguous
 * as 16-byte vectors and writes them as TC destination rows, a run of TR elements each (pitch ld);
 * consecutive groups take consecutive runs of the same destination rows */
#define WV (TR / 4 < 64 ? TR / 4 : 64)
kernel __attribute__((reqd_work_group_size(WV, WGY, 1))) void wrv(global const uint *restrict s, global uint *restrict d,
                                                                   uint rows, uint cols, uint ld) {
  /* the destination: rows (= TC) x cols, pitch ld */
  const uint g = get_group_id(0), lx = get_local_id(0), ly = get_local_id(1);
  global const uint4 *sp = (global const uint4 *)(s + (size_t)g * (TR * TC));
  global uint *dp = d + (size_t)g * TR;
#pragma unroll
  for (uint i = ly; i < TC; i += WGY)
#pragma unroll
    for (uint k = lx; k < TR / 4; k += WV)
      ((global uint4 *)(dp + (size_t)i * ld))[k] = sp[i * (TR / 4) + k];
}
/* wrs: wrv staged through local memory (loads, barrier, stores; no transpose) */
kernel __attribute__((reqd_work_group_size(WV, WGY, 1))) void wrs(global const uint *restrict s, global uint *restrict d,
                                                                   uint rows, uint cols, uint ld) {
  local uint4 t[TC][TR / 4];
  const uint g = get_group_id(0), lx = get_local_id(0), ly = get_local_id(1);
  global const uint4 *sp = (global const uint4 *)(s + (size_t)g * (TR * TC));
  global uint *dp = d + (size_t)g * TR;
#pragma unroll
  for (uint i = ly; i < TC; i += WGY)
#pragma unroll
    for (uint k = lx; k < TR / 4; k += WV)
      t[i][k] = sp[i * (TR / 4) + k];
  barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll
  for (uint i = ly; i < TC; i += WGY)
#pragma unroll
    for (uint k = lx; k < TR / 4; k += WV)
      ((global uint4 *)(dp + (size_t)i * ld))[k] = t[i][k];
}
/* wrt: the real transpose of a tall source (TR source rows x TC = 64 columns, contiguous) with a
 * padded local tile and 16-byte accesses on both sides */
kernel __attribute__((reqd_work_group_size(WV, WGY, 1))) void wrt(global const uint *restrict s, global uint *restrict d,
                                                                   uint rows, uint cols, uint ld) {
  local uint t[TR][TC + 1];
  const uint g = get_group_id(0), lx = get_local_id(0), ly = get_local_id(1);
  global const uint4 *sp = (global const uint4 *)(s + (size_t)g * (TR * TC));
  global uint *dp = d + (size_t)g * TR;
  /* source row r, vector v (columns 4v..4v+3): TC / 4 = 16 vectors a row */
#pragma unroll
  for (uint q = ly * WV + lx; q < TR * TC / 4; q += WV * WGY) {
    const uint r = q / (TC / 4), v = q % (TC / 4);
    const uint4 x = sp[q];
    t[r][4 * v] = x.x; t[r][4 * v + 1] = x.y; t[r][4 * v + 2] = x.z; t[r][4 * v + 3] = x.w;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll
  for (uint i = ly; i < TC; i += WGY)
#pragma unroll
    for (uint k = lx; k < TR / 4; k += WV)
      ((global uint4 *)(dp + (size_t)i * ld))[k] = (uint4)(t[4 * k][i], t[4 * k + 1][i], t[4 * k + 2][i], t[4 * k + 3][i]);
}
