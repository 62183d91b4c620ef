/* The register-block transpose: each work-item moves one VW x VW block straight from global memory to
 * global memory: VW row vectors in, a transpose in registers, VW row vectors out. No local memory and
 * no barrier. CPU drivers (which run a work-group as a loop over its items) see plain loads and stores
 * of whole cache-line pieces; on a GPU a warp of WG_X x (32 / WG_X) work-items reads WG_X blocks side
 * by side and writes 32 / WG_X blocks end to end, so both sides move whole 32-byte sectors.
 * Tunables: VW, SRC_VEC and DST_VEC (whether the row vectors are VW-aligned, so they may be read and
 * written as vector types: 16-byte accesses rather than the element-wise vloadn/vstoren), IDX32.
 * CPU tunables (the host leaves them out for GPUs, and 0 keeps the kernel above): TILE_R > 0 gives each
 * work-item a TILE_R x TILE_C tile (multiples of VW) instead of one block. Its blocks are transposed
 * into a private buffer, then each of its TILE_C destination rows is written as one run of TILE_R
 * elements: with power-of-two leading dimensions, one block per work-item writes 16 rows that share a
 * cache set and a DRAM bank, and ran at half the speed of a copy on POCL (bench/results/pocl2/src).
 * PF prefetches the source rows PF rows below (the next work-item's tile: POCL runs a group's items
 * in order) where the compiler is clang and addresses are flat; NTS makes aligned stores
 * non-temporal, so the destination is not read before it is written. */
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

/* The VW x VW block at (r, c) straight from s to d (the batch's matrices, in the caller's scope, with
 * rows, cols, src_ld and dst_ld): VW row vectors in, a transpose in registers, VW row vectors out;
 * element by element where the block crosses the right or bottom edge. A macro, not a function: with a
 * function call here Oclgrind's optimized build crashed (docs/TESTING.md). */
#define BLOCK_MOVE(r, c)                                                                                     \
  do {                                                                                                       \
    clt_vec row_[VW], col_[VW];                                                                              \
    if ((r) + VW <= rows && (c) + VW <= cols) {                                                              \
      _Pragma("unroll") for (uint k_ = 0; k_ < VW; k_++) row_[k_].v =                                        \
          LOAD_ROW(s + ((r) + k_) * src_ld + (c));                                                           \
      _Pragma("unroll") for (uint j_ = 0; j_ < VW; j_++) {                                                   \
        _Pragma("unroll") for (uint k_ = 0; k_ < VW; k_++) col_[j_].e[k_] = row_[k_].e[j_];                  \
        STORE_ROW(col_[j_].v, d + ((c) + j_) * dst_ld + (r));                                                \
      }                                                                                                      \
    } else {                                                                                                 \
      for (uint k_ = 0; k_ < VW && (r) + k_ < rows; k_++)                                                    \
        for (uint j_ = 0; j_ < VW && (c) + j_ < cols; j_++)                                                  \
          d[((c) + j_) * dst_ld + (r) + k_] = s[((r) + k_) * src_ld + (c) + j_];                             \
    }                                                                                                        \
  } while (0)

#ifndef TILE_R
#define TILE_R 0
#endif
#if TILE_R

#if PF && defined(__clang__)
#define PREFETCH_ROW(p) __builtin_prefetch((const void *)(size_t)(p))
#else
#define PREFETCH_ROW(p)
#endif
#if NTS && DST_VEC && defined(__clang__)
#define STORE_OUT(v, p) __builtin_nontemporal_store((v), (global TV *)(p))
#else
#define STORE_OUT(v, p) STORE_ROW(v, p)
#endif
/* Bytes of a cache line: the prefetch step. */
#define LINE_ELEMS (64 / ELEM_SIZE > 0 ? 64 / ELEM_SIZE : 1)
#define TR_ TILE_R
#define TC_ TILE_C
#else
#define TR_ VW /* one block per work-item */
#define TC_ VW
#endif

kernel void clt_block(CLT_TRANSPOSE_ARGS_AS(_)) {
  const idx_t rows = (idx_t)rows_, cols = (idx_t)cols_, batch = (idx_t)batch_;
  const idx_t src_off = (idx_t)src_off_, src_ld = (idx_t)src_ld_, src_stride = (idx_t)src_stride_;
  const idx_t dst_off = (idx_t)dst_off_, dst_ld = (idx_t)dst_ld_, dst_stride = (idx_t)dst_stride_;
  const idx_t tiles_r = (rows + TR_ - 1) / TR_, tiles_c = (cols + TC_ - 1) / TC_;
  for (idx_t b = get_global_id(2); b < batch; b += get_global_size(2)) {
    global const T *s = src + src_off + b * src_stride;
    global T *d = dst + dst_off + b * dst_stride;
    for (idx_t tr = get_global_id(1); tr < tiles_r; tr += get_global_size(1)) {
      for (idx_t tc = get_global_id(0); tc < tiles_c; tc += get_global_size(0)) {
        const idx_t r0 = tr * TR_, c0 = tc * TC_;
#if TILE_R
        if (r0 + TILE_R <= rows && c0 + TILE_C <= cols) {
#if PF
          if (r0 + PF + TILE_R <= rows)
            for (uint k = 0; k < TILE_R; k++)
#pragma unroll
              for (uint m = 0; m < TILE_C; m += LINE_ELEMS)
                PREFETCH_ROW(s + (r0 + PF + k) * src_ld + c0 + m);
#endif
          TV t[TILE_C][TILE_R / VW]; /* t[j] is destination row c0 + j */
          for (uint g = 0; g < TILE_R / VW; g++) {
#pragma unroll
            for (uint h = 0; h < TILE_C / VW; h++) {
              clt_vec row[VW], col;
#pragma unroll
              for (uint k = 0; k < VW; k++)
                row[k].v = LOAD_ROW(s + (r0 + g * VW + k) * src_ld + c0 + h * VW);
#pragma unroll
              for (uint j = 0; j < VW; j++) {
#pragma unroll
                for (uint k = 0; k < VW; k++)
                  col.e[k] = row[k].e[j];
                t[h * VW + j][g] = col.v;
              }
            }
          }
          for (uint j = 0; j < TILE_C; j++)
#pragma unroll
            for (uint g = 0; g < TILE_R / VW; g++)
              STORE_OUT(t[j][g], d + (c0 + j) * dst_ld + r0 + g * VW);
        } else { /* a tile on the right or bottom edge: block by block */
          for (uint g = 0; g < TILE_R / VW && r0 + g * VW < rows; g++)
            for (uint h = 0; h < TILE_C / VW && c0 + h * VW < cols; h++)
              BLOCK_MOVE(r0 + g * VW, c0 + h * VW);
        }
#else
        BLOCK_MOVE(r0, c0);
#endif
      }
    }
  }
}
