/* The classic local-memory transpose. A TILE x TILE block is read row by row (coalesced), a barrier
 * passes it through local memory, and it is written row by row of the destination (coalesced again).
 * Each row of the tile is padded by PAD elements so a column read walks across banks instead of
 * hitting one. The work-group is TILE x WG_Y; each work-item moves TILE / WG_Y rows. */
#ifndef TILE
#error "TILE must be defined"
#endif

kernel __attribute__((reqd_work_group_size(TILE, WG_Y, 1))) void clt_tiled(CLT_TRANSPOSE_ARGS) {
  local T tile[TILE][TILE + PAD];
  const uint lx = (uint)get_local_id(0), ly = (uint)get_local_id(1);
  const ulong tiles_r = (rows + TILE - 1) / TILE, tiles_c = (cols + TILE - 1) / TILE;

  /* Group-uniform loops over batch and tiles: the grid may be smaller than the work (the host caps
   * each dimension), and the barriers stay in uniform control flow. */
  for (ulong b = get_group_id(2); b < batch; b += get_num_groups(2)) {
    global const T *s = src + src_off + b * src_stride;
    global T *d = dst + dst_off + b * dst_stride;
    for (ulong tr = get_group_id(1); tr < tiles_r; tr += get_num_groups(1)) {
      for (ulong tc = get_group_id(0); tc < tiles_c; tc += get_num_groups(0)) {
        const ulong r0 = tr * TILE, c0 = tc * TILE;
        const ulong c = c0 + lx, r = r0 + lx;
        /* A full tile (uniform in the group) goes without bounds tests, and unrolled so that all of a
         * work-item's loads are in flight before the first of its local stores. The barriers stay
         * outside the branches: with them inside, POCL 3.1 and 5.0 wrote wrong elements, and out of
         * bounds, on groups of one row per work-item (WG_Y == TILE) when full and partial tiles mixed;
         * Oclgrind ran the same kernel exactly. */
        const int full = TILE % WG_Y == 0 && r0 + TILE <= rows && c0 + TILE <= cols;
        if (full) {
          global const T *sp = s + (r0 + ly) * src_ld + c;
#pragma unroll
          for (uint k = 0; k < TILE / WG_Y; k++)
            tile[ly + k * WG_Y][lx] = sp[(ulong)k * WG_Y * src_ld];
        } else if (c < cols) {
          for (uint k = ly; k < TILE && r0 + k < rows; k += WG_Y)
            tile[k][lx] = s[(r0 + k) * src_ld + c];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (full) {
          global T *dp = d + (c0 + ly) * dst_ld + r;
#pragma unroll
          for (uint k = 0; k < TILE / WG_Y; k++)
            dp[(ulong)k * WG_Y * dst_ld] = tile[lx][ly + k * WG_Y];
        } else if (r < rows) {
          for (uint k = ly; k < TILE && c0 + k < cols; k += WG_Y)
            d[(c0 + k) * dst_ld + r] = tile[lx][k];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
      }
    }
  }
}
