/* rect: generalized tiled transpose experiment.
 * T element type; TR tile rows (= dst segment length), TC tile cols; LV load vector (elements per work-item per src row);
 * VS store vector; WY work-group height; SK skew (elements, 0 none); YMAJOR: group id 0 walks tile rows. */
#ifndef SK
#define SK 0
#endif
#ifndef LV
#define LV 1
#endif
#ifndef VS
#define VS 1
#endif
#define WX (TC / LV)
#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#if LV > 1
#define LT CAT(T, LV)
#endif
#if VS > 1
#define ST CAT(T, VS)
#endif
kernel void ceil16(global const uint4 *restrict s, global uint4 *restrict d, uint n) {
  for (uint i = get_global_id(0); i < n; i += get_global_size(0)) d[i] = s[i];
}
kernel __attribute__((reqd_work_group_size(WX, WY, 1))) void rect(global const T *restrict s, global T *restrict d, uint rows, uint cols, uint ls, uint ld) {
  local T t[TR + SK][TC + PADE];
#ifdef YMAJOR
  const uint bx = get_group_id(1), by = get_group_id(0);
#else
  const uint bx = get_group_id(0), by = get_group_id(1);
#endif
  const uint lx = get_local_id(0), ly = get_local_id(1);
  const uint c = bx * TC + lx * LV;
  const int r0 = (int)(by * TR);
  const int full = r0 >= SK && r0 + TR <= (int)rows && (bx + 1) * TC <= cols;
  if (full) {
    global const T *sp = s + (uint)(r0 - SK + (int)ly) * ls + c;
#pragma unroll
    for (uint k = 0; k < (TR + SK + WY - 1) / WY; k++) {
      if ((TR + SK) % WY && ly + k * WY >= TR + SK)
        break;
#if LV > 1
      LT v = CAT(vload, LV)(0, sp + k * WY * ls);
#pragma unroll
      for (uint i = 0; i < LV; i++) t[ly + k * WY][lx * LV + i] = ((T *)&v)[i];
#else
      t[ly + k * WY][lx] = sp[k * WY * ls];
#endif
    }
  } else {
    for (uint k = ly; k < TR + SK; k += WY) {
      int r = r0 - SK + (int)k;
      for (uint i = 0; i < LV; i++)
        if (r >= 0 && r < (int)rows && c + i < cols) t[k][lx * LV + i] = s[(uint)r * ls + c + i];
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint k = ly; k < TC; k += WY) {
    const uint j = bx * TC + k;
#if SK
    const uint sh = (j * ld + (uint)r0) % SK;
#else
    const uint sh = 0;
#endif
#pragma unroll
    for (uint m = 0; m < TR / (WX * VS); m++) {
      const uint p = (lx + m * WX) * VS; /* position in the segment */
      const int r = r0 - (int)sh + (int)p;
      if (full) {
#if VS > 1
        ST v;
#pragma unroll
        for (uint i = 0; i < VS; i++) ((T *)&v)[i] = t[SK - sh + p + i][k];
        *(global ST *)(d + j * ld + (uint)r) = v;
#else
        d[j * ld + (uint)r] = t[SK - sh + p][k];
#endif
      } else if (j < cols) {
        for (uint i = 0; i < VS; i++)
          if (r + (int)i >= 0 && r + (int)i < (int)rows) d[j * ld + (uint)(r + (int)i)] = t[SK - sh + p + i][k];
      }
    }
  }
}
