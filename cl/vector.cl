/* The vectorized transpose. Each work-item loads VW x VW blocks as VW row vectors (VW-wide global
 * loads, 16 bytes for 4-byte elements), transposes them in registers, and hands each resulting column
 * vector to the work-item that stores it, through local memory; stores are VW-wide and coalesced too.
 * The local tile is addressed in vector units with an XOR swizzle instead of padding: the loads write
 * a column of units, the stores read a row, and the swizzle spreads both over distinct banks.
 * Tunables: TILE (tile side, elements), VW, WG_Y (WG_X is TILE / VW), SWZ_MASK, SRC_ALIGNED and
 * DST_ALIGNED (whether the interior vectors are VW-aligned so plain vector pointers can be used). */
#ifndef TILE
#error "TILE must be defined"
#endif
#define UNITS (TILE / VW) /* vector units per tile row; also the work-group's width */

/* One VW-vector of elements, viewable element by element (indices are compile-time after unrolling). */
typedef union {
  TV v;
  T e[VW];
} clt_vec;

/* Vectors of one lane (VW 1 on a device with tiny limits) are plain scalars. */
#define clt_vload1(i, p) ((p)[i])
#define clt_vstore1(v, i, p) ((p)[i] = (v))

#if SRC_ALIGNED
#define LOAD_ROW(p) (*(global const TV *)(p))
#else
#define LOAD_ROW(p) VLOADN(0, (global const BASE *)(p))
#endif
#if DST_ALIGNED
#define STORE_ROW(v, p) (*(global TV *)(p) = (v))
#else
#define STORE_ROW(v, p) VSTOREN((v), 0, (global BASE *)(p))
#endif

/* Unit (c, b): source column c of the tile, row block b. */
#define UNIT(c, b) ((c) * UNITS + ((b) ^ (((c) / VW) & SWZ_MASK)))

kernel __attribute__((reqd_work_group_size(UNITS, WG_Y, 1))) void clt_vector(CLT_TRANSPOSE_ARGS) {
  local TV lds[TILE * UNITS];
  const uint lx = (uint)get_local_id(0), ly = (uint)get_local_id(1);
  const ulong tiles_r = (rows + TILE - 1) / TILE, tiles_c = (cols + TILE - 1) / TILE;

  for (ulong b = get_group_id(2); b < batch; b += get_num_groups(2)) {
    global const T *s = src + src_off + b * src_stride;
    global T *d = dst + dst_off + b * dst_stride;
    for (ulong tr = get_group_id(1); tr < tiles_r; tr += get_num_groups(1)) {
      for (ulong tc = get_group_id(0); tc < tiles_c; tc += get_num_groups(0)) {
        const ulong r0 = tr * TILE, c0 = tc * TILE;
        const int full = r0 + TILE <= rows && c0 + TILE <= cols; /* uniform across the group */

        /* Load VW x VW blocks: rows r0 + blk*VW + k, columns c0 + lx*VW + j. */
        for (uint blk = ly; blk < UNITS; blk += WG_Y) {
          clt_vec row[VW], col[VW];
          const ulong r = r0 + (ulong)blk * VW, c = c0 + (ulong)lx * VW;
          if (full) {
#pragma unroll
            for (uint k = 0; k < VW; k++)
              row[k].v = LOAD_ROW(s + (r + k) * src_ld + c);
          } else {
#pragma unroll
            for (uint k = 0; k < VW; k++)
#pragma unroll
              for (uint j = 0; j < VW; j++)
                row[k].e[j] = (r + k < rows && c + j < cols) ? s[(r + k) * src_ld + c + j] : (T)0;
          }
#pragma unroll
          for (uint j = 0; j < VW; j++) {
#pragma unroll
            for (uint k = 0; k < VW; k++)
              col[j].e[k] = row[k].e[j];
            lds[UNIT(lx * VW + j, blk)] = col[j].v;
          }
        }
        barrier(CLK_LOCAL_MEM_FENCE);

        /* Store: destination row c0 + cc (a source column), elements r0 + lx*VW .. + VW-1. */
        for (uint cc = ly; cc < TILE; cc += WG_Y) {
          clt_vec out;
          out.v = lds[UNIT(cc, lx)];
          const ulong dr = c0 + cc, dc = r0 + (ulong)lx * VW;
          if (full) {
            STORE_ROW(out.v, d + dr * dst_ld + dc);
          } else if (dr < cols) {
#pragma unroll
            for (uint k = 0; k < VW; k++)
              if (dc + k < rows)
                d[dr * dst_ld + dc + k] = out.e[k];
          }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
      }
    }
  }
}
