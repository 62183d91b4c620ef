/* The register-block transpose: each work-item moves one VW x VW block straight from global memory to
 * global memory: VW row vectors in, a transpose in registers, VW row vectors out. No local memory and
 * no barrier. CPU drivers (which run a work-group as a loop over its items) see plain loads and stores
 * of whole cache-line pieces; on a GPU a warp of WG_X x (32 / WG_X) work-items reads WG_X blocks side
 * by side and writes 32 / WG_X blocks end to end, so both sides move whole 32-byte sectors.
 * Tunables: VW, SRC_VEC and DST_VEC (whether the row vectors are VW-aligned, so they may be read and
 * written as vector types: 16-byte accesses rather than the element-wise vloadn/vstoren), IDX32. */
#if IDX32
typedef uint idx_t;
#else
typedef ulong idx_t;
#endif

#if SRC_VEC
#define LOAD_ROW(p) (*(global const TV *)(p))
#else
#define LOAD_ROW(p) VLOADN(0, (global const BASE *)(p))
#endif
#if DST_VEC
#define STORE_ROW(v, p) (*(global TV *)(p) = (v))
#else
#define STORE_ROW(v, p) VSTOREN((v), 0, (global BASE *)(p))
#endif

kernel void clt_block(CLT_TRANSPOSE_ARGS_AS(_)) {
  const idx_t rows = (idx_t)rows_, cols = (idx_t)cols_, batch = (idx_t)batch_;
  const idx_t src_off = (idx_t)src_off_, src_ld = (idx_t)src_ld_, src_stride = (idx_t)src_stride_;
  const idx_t dst_off = (idx_t)dst_off_, dst_ld = (idx_t)dst_ld_, dst_stride = (idx_t)dst_stride_;
  const idx_t blocks_r = (rows + VW - 1) / VW, blocks_c = (cols + VW - 1) / VW;
  for (idx_t b = get_global_id(2); b < batch; b += get_global_size(2)) {
    global const T *s = src + src_off + b * src_stride;
    global T *d = dst + dst_off + b * dst_stride;
    for (idx_t br = get_global_id(1); br < blocks_r; br += get_global_size(1)) {
      for (idx_t bc = get_global_id(0); bc < blocks_c; bc += get_global_size(0)) {
        const idx_t r = br * VW, c = bc * VW;
        clt_vec row[VW], col[VW];
        if (r + VW <= rows && c + VW <= cols) {
#pragma unroll
          for (uint k = 0; k < VW; k++)
            row[k].v = LOAD_ROW(s + (r + k) * src_ld + c);
#pragma unroll
          for (uint j = 0; j < VW; j++) {
#pragma unroll
            for (uint k = 0; k < VW; k++)
              col[j].e[k] = row[k].e[j];
            STORE_ROW(col[j].v, d + (c + j) * dst_ld + r);
          }
        } else { /* a block on the right or bottom edge: element by element */
          for (uint k = 0; k < VW && r + k < rows; k++)
            for (uint j = 0; j < VW && c + j < cols; j++)
              d[(c + j) * dst_ld + r + k] = s[(r + k) * src_ld + c + j];
        }
      }
    }
  }
}
