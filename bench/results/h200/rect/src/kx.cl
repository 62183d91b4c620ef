/* experiment kernels: T uint */
#ifndef TD
#define TD 32
#endif
#ifndef WGY
#define WGY 8
#endif
kernel void ceil16(global const uint4 *restrict s, global uint4 *restrict d, uint n) {
  for (uint i = get_global_id(0); i < n; i += get_global_size(0)) d[i] = s[i];
}
kernel __attribute__((reqd_work_group_size(TD, WGY, 1))) void copy2d(global const uint *restrict s, global uint *restrict d, uint rows, uint cols, uint ls, uint ld) {
  uint c = get_group_id(0) * TD + get_local_id(0), r0 = get_group_id(1) * TD;
  if (c >= cols) return;
  for (uint k = get_local_id(1); k < TD; k += WGY) { uint r = r0 + k; if (r < rows) d[r * ld + c] = s[r * ls + c]; }
}
kernel __attribute__((reqd_work_group_size(TD, WGY, 1))) void tiled(global const uint *restrict s, global uint *restrict d, uint rows, uint cols, uint ls, uint ld) {
  local uint t[TD][TD + 1];
#ifdef YMAJOR
  uint bx = get_group_id(1), by = get_group_id(0);
#else
  uint bx = get_group_id(0), by = get_group_id(1);
#endif
  uint lx = get_local_id(0), ly = get_local_id(1);
  uint c = bx * TD + lx, r0 = by * TD;
  if (r0 + TD <= rows && (bx + 1) * TD <= cols) {
#pragma unroll
    for (uint k = ly; k < TD; k += WGY) t[k][lx] = s[(r0 + k) * ls + c];
  } else {
    for (uint k = ly; k < TD; k += WGY) if (r0 + k < rows && c < cols) t[k][lx] = s[(r0 + k) * ls + c];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uint dc = r0 + lx, dr0 = bx * TD;
  if (r0 + TD <= rows && (bx + 1) * TD <= cols) {
#pragma unroll
    for (uint k = ly; k < TD; k += WGY) d[(dr0 + k) * ld + dc] = t[lx][k];
  } else {
    for (uint k = ly; k < TD; k += WGY) if (dr0 + k < cols && dc < rows) d[(dr0 + k) * ld + dc] = t[lx][k];
  }
}
/* skewed: dst rows written in SK-aligned runs; grid y has one extra tile row */
#ifndef SK
#define SK 8
#endif
kernel __attribute__((reqd_work_group_size(TD, WGY, 1))) void tskew(global const uint *restrict s, global uint *restrict d, uint rows, uint cols, uint ls, uint ld) {
  local uint t[TD + SK][TD + 1];
  uint bx = get_group_id(0), by = get_group_id(1);
  uint lx = get_local_id(0), ly = get_local_id(1);
  uint c = bx * TD + lx;
  int r0 = (int)(by * TD);
  for (uint k = ly; k < TD + SK; k += WGY) {
    int r = r0 - SK + (int)k;
    if (r >= 0 && r < (int)rows && c < cols) t[k][lx] = s[(uint)r * ls + c];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint k = ly; k < TD; k += WGY) {
    uint j = bx * TD + k;
    if (j >= cols) continue;
    uint a = j * ld + (uint)r0, sh = a % SK;
    int r = r0 - (int)sh + (int)lx;
    if (r >= 0 && r < (int)rows) d[j * ld + (uint)r] = t[SK - sh + lx][k];
  }
}
