/* The vectorized transpose. Each work-item loads VW x VW blocks as VW row vectors (VW-wide global
 * loads, 16 bytes for 4-byte elements), transposes them in registers, and hands each resulting column
 * vector to the work-item that stores it, through local memory; stores are VW-wide and coalesced too.
 * The local tile is addressed in vector units with an XOR swizzle instead of padding: the loads write
 * a column of units, the stores read a row, and the swizzle spreads both over distinct banks.
 * Tunables: TILE (tile side, elements), VW, WG_Y (WG_X is TILE / VW), SWZ_MASK, SRC_MODE and DST_MODE
 * (how each side reaches global memory, below), and OVERLAP (no edge tiles, cl/common.cl). */
#ifndef TILE
#error "TILE must be defined"
#endif
#define UNITS (TILE / VW) /* vector units per tile row; also the work-group's width */
/* EDGE_VEC: tiles across the matrix's edge move each vector that lies inside it as one (else every element
 * of such a tile goes alone). AUTO, two rounds in alternating processes: on an NVIDIA H200 f32 odd shapes
 * gained 0.2 to 3.2 points of the copy (28136x1016 90.1-90.3% -> 92.4-94.3, 60000x504 88.5-89.2 ->
 * 90.4-91.4; bench/results/h200/knobs36.txt A), on an NVIDIA H100 up to 1.4 (h100/notes.txt AK); f16
 * lost 4 to 17 (10000^2 91.4 -> 74.2-74.3) and 2.2 on 16384^2, which has no edge tiles, so only 4-byte
 * elements take it. Shifted loads (SRC_MODE 2, which AUTO does not send to this kernel on those GPUs)
 * stay off it: there the named variant lost 12 to 24 points on tall f32 sources (1048576x255 74.8% ->
 * 50.8, 1048576x33 70.5 -> 52.3) against -0.7 to +0.8 on odd squares (bench/results/h200/knobs43.txt). */
#ifndef EDGE_VEC
#define EDGE_VEC (ELEM_SIZE == 4 && SRC_MODE != 2)
#endif
#if EDGE_VEC && SRC_MODE == 2
#error "EDGE_VEC takes element-aligned or aligned sources (SRC_MODE 0 or 1)"
#endif

/* How each side reaches global memory (SRC_MODE, DST_MODE):
 *  0: vloadN/vstoreN, element-aligned (any device, any layout; drivers may split them into scalars);
 *  1: vector pointers: every vector of the side is VW-aligned (offset, ld and stride multiples of VW);
 *  2 (loads): a row whose start is m elements past a VW boundary is read as aligned vectors and
 *     shifted by m in registers, so odd shapes and leading dimensions still load whole aligned words;
 *  2 (stores): the same shift builds aligned vectors, plus scalar stores at the two ends of the row;
 *  3 (stores): skewed aligned stores, below. */
/* An aligned source vector: with L2LAST (cl/common.cl) through the evict_last loads. */
#if L2LAST && VW * ELEM_SIZE == 16
#define LOAD_TV(p) CLT_CAT(as_, TV)(clt_ldl16(p))
#elif L2LAST && VW * ELEM_SIZE == 8
#define LOAD_TV(p) CLT_CAT(as_, TV)(clt_ldl8(p))
#elif L2LAST && VW * ELEM_SIZE == 4
#define LOAD_TV(p) CLT_CAT(as_, TV)(clt_ldl4(p))
#else
#define LOAD_TV(p) (*(global const TV *)(p))
#endif
#if SRC_MODE == 1
#define LOAD_ROW(p) LOAD_TV(p)
#else
#define LOAD_ROW(p) VLOADN(0, (global const BASE *)(p))
#endif
#if DST_MODE == 1
#define STORE_ROW(v, p) (*(global TV *)(p) = (v))
#else
#define STORE_ROW(v, p) VSTOREN((v), 0, (global BASE *)(p))
#endif

/* Elements m .. m + VW - 1 of the 2*VW elements a:b, for 0 <= m < VW: a:b shifted by each power of two
 * that m holds, by shuffle2 with constant masks. m may differ between the rows the work-items of one warp
 * handle, so these are selects, not branches. As a test of m against each shift (x = element j + m of
 * a:b), NVIDIA's compiler read the elements from a copy of a:b on the stack at an index of m: on an NVIDIA
 * H200 the named vector variant ran f32 16383x16385 at 29.8% of the copy, 83.1-83.5% in this form
 * (16384x16385 70.9 -> 92.3, f16 16383x16385 27.3 -> 62.1-62.3), and AUTO's u8 wide sources of 129 to
 * 256 rows that take this kernel gained 9.3 to 17.1 points (248x270001 38.4-38.6 -> 55.2-55.4). The same
 * steps on the union's elements (f32 16383x16385 70.9, 16383x16384 95.4 against 89.5, 248x270001 53.7)
 * stopped Oclgrind 21.10 (16-byte integer constants), which runs this form exactly for every element size
 * (bench/results/h200/knobs45.txt). */
#define CLT_EB (ELEM_SIZE == 16 ? 4 : 1) /* BASE lanes per element (TV has VW * CLT_EB of them) */
#if VW * CLT_EB == 2
#define CLT_SEQ(c) (c), (c) + 1
#elif VW * CLT_EB == 4
#define CLT_SEQ(c) (c), (c) + 1, (c) + 2, (c) + 3
#elif VW * CLT_EB == 8
#define CLT_SEQ(c) (c), (c) + 1, (c) + 2, (c) + 3, (c) + 4, (c) + 5, (c) + 6, (c) + 7
#elif VW * CLT_EB == 16
#define CLT_SEQ(c)                                                                                           \
  (c), (c) + 1, (c) + 2, (c) + 3, (c) + 4, (c) + 5, (c) + 6, (c) + 7, (c) + 8, (c) + 9, (c) + 10, (c) + 11,  \
      (c) + 12, (c) + 13, (c) + 14, (c) + 15
#endif
/* x:y shifted by s elements where m holds s (shuffle2's mask: TV's lanes from lane s * CLT_EB of x:y). */
#define CLT_FUNNEL_STEP(s)                                                                                   \
  if ((s) < VW) {                                                                                            \
    const TV k_ = (TV)(CLT_SEQ((s)*CLT_EB));                                                                 \
    const int on_ = (m & (s)) != 0;                                                                          \
    const TV nx_ = shuffle2(x, y, k_), ny_ = shuffle2(y, y, k_);                                             \
    x = on_ ? nx_ : x;                                                                                       \
    y = on_ ? ny_ : y; /* its lanes past a:b's end never reach the result */                                 \
  }
clt_vec clt_funnel(clt_vec a, clt_vec b, uint m) {
  TV x = a.v, y = b.v;
#if VW > 1
  CLT_FUNNEL_STEP(1)
  CLT_FUNNEL_STEP(2)
  CLT_FUNNEL_STEP(4)
  CLT_FUNNEL_STEP(8)
#endif
  clt_vec r;
  r.v = x;
  return r;
}

/* SRC_MODE 2: x = the VW elements from src[a] on, read as the two aligned vectors around them and
 * shifted in registers. */
#define LOAD_SHIFTED(x, a)                                                                                   \
  do {                                                                                                       \
    const uint m_ = (uint)((a) % VW);                                                                        \
    global const TV *p_ = (global const TV *)(src + ((a)-m_));                                               \
    clt_vec lo_, hi_;                                                                                        \
    lo_.v = LOAD_TV(p_);                                                                                     \
    hi_.v = LOAD_TV(p_ + 1);                                                                                 \
    (x) = clt_funnel(lo_, hi_, m_);                                                                          \
  } while (0)

/* DST_MODE 3, skewed stores: on a misaligned destination row, the tile writes the G-element-aligned
 * run [r0 - s, r0 + TILE - s) of the row (s = the row's misalignment at r0, G = PRE * VW elements, a
 * whole number of 32-byte sectors) instead of [r0, r0 + TILE), so every store is a whole aligned vector
 * and no sector is written in two halves by two work-groups (a partial sector costs the memory a read).
 * The tile loads PRE extra vector rows above itself for that, and the tile rows run one tile further. */
#if OVERLAP && (SRC_MODE > 1 || DST_MODE > 1)
#error "OVERLAP needs no shifted loads and no shifted or skewed stores"
#endif
#if DST_MODE == 3
#define SKEW (PRE * VW)
#define PITCH (2 * UNITS) /* a power of two >= UNITS + PRE keeps the XOR swizzle inside the row */
#else
#define PRE 0
#define SKEW 0
#define PITCH UNITS
#endif

/* Unit (c, b): source column c of the tile, row block b (block 0 starts SKEW rows above the tile). */
#define UNIT(c, b) ((c)*PITCH + ((b) ^ (((c) / VW) & SWZ_MASK)))

kernel __attribute__((reqd_work_group_size(UNITS, WG_Y, 1))) void clt_vector(CLT_TRANSPOSE_ARGS_AS(_)) {
  local TV lds[TILE * PITCH];
  const uint lx = (uint)get_local_id(0), ly = (uint)get_local_id(1);
  CLT_IDX_ARGS();
  const idx_t tiles_r = (rows + (SKEW ? SKEW - 1 : 0) + TILE - 1) / TILE, tiles_c = (cols + TILE - 1) / TILE;
#if SRC_MODE == 2
  /* One past the last source element: the shifted loads read up to VW - 1 elements past a tile row,
   * which must stay inside the view. */
  const idx_t src_lim = src_off + (batch - 1) * src_stride + (rows - 1) * src_ld + cols;
#endif

  /* Group-uniform loops (the host caps the grid). Dimension 0 walks down the source's columns: the
   * groups that run together write neighbouring runs of the same destination rows (on an NVIDIA H200
   * f32 16384^2 went from 91.8% to 96.5% of the copy against walking along the rows, f16 from 93.8% to
   * 96.2%); along the tile rows for tall sources with ACROSS (cl/common.cl). */
  CLT_FIRST_TILE()
  CLT_GROUP_LOOP(b, get_group_id(2), batch, get_num_groups(2)) {
    global const T *s = src + src_off + b * src_stride;
    global T *d = dst + dst_off + b * dst_stride;
    CLT_GROUP_LOOP(tc, CLT_G_COL, tiles_c, CLT_N_COL) {
      CLT_GROUP_LOOP(tr, CLT_G_ROW, tiles_r, CLT_N_ROW) {
        /* The tile holds source rows r0 - SKEW .. r0 + TILE - 1 and columns c0 .. c0 + TILE - 1. */
        const idx_t r0 = CLT_TILE_AT(tr, TILE, rows), c0 = CLT_TILE_AT(tc, TILE, cols);
#if OVERLAP
        /* the destination positions and rows the tiles before store */
        const uint done_r = CLT_DONE(tr, TILE, r0), done_c = CLT_DONE(tc, TILE, c0);
#endif
        const int rows_full = OVERLAP || (r0 >= SKEW && r0 + TILE <= rows); /* uniform in the group */
        const int full = OVERLAP || (rows_full && c0 + TILE <= cols);
#if SRC_MODE == 2
        const int full_src =
            full && src_off + b * src_stride + (r0 + TILE - 1) * src_ld + c0 + TILE + VW <= src_lim;
#else
        const int full_src = full;
#endif

        /* Load VW x VW blocks: rows r0 - SKEW + blk*VW + k, columns c0 + lx*VW + j. */
        for (uint blk = ly; blk < UNITS + PRE; blk += WG_Y) {
          clt_vec row[VW], col[VW];
          const idx_t rs = r0 + (idx_t)blk * VW; /* the row plus SKEW: never negative */
          const idx_t c = c0 + (idx_t)lx * VW;
          if (full_src) {
#pragma unroll
            for (uint k = 0; k < VW; k++) {
              const idx_t r = rs + k - SKEW;
#if SRC_MODE == 2
              const idx_t a = src_off + b * src_stride + r * src_ld + c;
              LOAD_SHIFTED(row[k], a);
#else
              row[k].v = LOAD_ROW(s + r * src_ld + c);
#endif
            }
          } else {
            /* A tile across the matrix's edge: element by element, but with EDGE_VEC each row's vector
             * inside the matrix still moves as one (element by element, a warp's accesses interleave VW
             * ways). */
#pragma unroll
            for (uint k = 0; k < VW; k++) {
              const int in = rs + k >= SKEW && rs + k - SKEW < rows;
              const idx_t r = rs + k - SKEW;
#if EDGE_VEC
              if (in && c + VW <= cols) {
                row[k].v = LOAD_ROW(s + r * src_ld + c);
                continue;
              }
#endif
#pragma unroll
              for (uint j = 0; j < VW; j++)
                row[k].e[j] = in && c + j < cols ? s[r * src_ld + c + j] : (T)0;
            }
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

        /* Store: destination row dr = c0 + cc (a source column), past the rows the tile column before
         * stores (OVERLAP). */
#if OVERLAP
        const uint cc0 = ly + (done_c > ly ? (done_c - ly + WG_Y - 1) / WG_Y * WG_Y : 0);
#else
        const uint cc0 = ly;
#endif
        for (uint cc = cc0; cc < TILE; cc += WG_Y) {
          const idx_t dr = c0 + cc;
#if DST_MODE == 3
          /* Elements r0 - sh + lx*VW .. + VW - 1, whose start is G-aligned in memory. */
          const idx_t a = dst_off + b * dst_stride + dr * dst_ld + r0;
          const uint sh = (uint)(a % SKEW), q = sh / VW, m = sh % VW;
          const uint u = lx + PRE - q; /* >= 1 */
          clt_vec out, prev;
          out.v = lds[UNIT(cc, u)];
          prev.v = lds[UNIT(cc, u - 1)];
          if (m)
            out = clt_funnel(prev, out, VW - m);
          if (EDGE_VEC ? rows_full && dr < cols : full) {
            *(global TV *)(dst + (a - sh) + (idx_t)lx * VW) = out.v;
          } else if (dr < cols) {
            const idx_t rs = r0 + (idx_t)lx * VW; /* the row plus sh: never negative */
#pragma unroll
            for (uint k = 0; k < VW; k++)
              if (rs + k >= sh && rs + k - sh < rows)
                d[dr * dst_ld + rs + k - sh] = out.e[k];
          }
#elif DST_MODE == 2
          /* The row segment starts m elements past a VW boundary: work-item lx writes the aligned
           * vector that starts at segment position VW*(lx+1) - m, built from units lx and lx+1; the last
           * work-item writes the two partial vectors at the ends element by element. */
          clt_vec out;
          out.v = lds[UNIT(cc, lx)];
          const idx_t dc = r0 + (idx_t)lx * VW;
          if (EDGE_VEC ? rows_full && dr < cols : full) {
            const idx_t a = dst_off + b * dst_stride + dr * dst_ld + r0;
            const uint m = (uint)(a % VW);
            global T *row_start = dst + a;
            if (lx + 1 < UNITS) {
              clt_vec nxt;
              nxt.v = lds[UNIT(cc, lx + 1)];
              clt_vec v = m ? clt_funnel(out, nxt, VW - m) : nxt;
              *(global TV *)(row_start + VW * (lx + 1) - m) = v.v;
            } else {
              clt_vec first;
              first.v = lds[UNIT(cc, 0)];
#pragma unroll
              for (uint j = 0; j < VW; j++) {
                if (j + m < VW)
                  row_start[j] = first.e[j]; /* head: positions 0 .. VW - m - 1 */
                if (j >= VW - m)
                  row_start[TILE - VW + j] = out.e[j]; /* tail: the last m positions */
              }
            }
          } else if (dr < cols) {
#pragma unroll
            for (uint k = 0; k < VW; k++)
              if (dc + k < rows)
                d[dr * dst_ld + dc + k] = out.e[k];
          }
#else
          clt_vec out;
          out.v = lds[UNIT(cc, lx)];
          const idx_t dc = r0 + (idx_t)lx * VW;
#if OVERLAP
          if (lx * VW < done_r) {
            /* The tile row before stores these positions. Vector stores meet its end on a vector (the
             * host sets OVERLAP only where the rows are a multiple of them); element stores (DST_MODE 0)
             * store the elements past it. */
#if DST_MODE == 0
#pragma unroll
            for (uint k = 0; k < VW; k++)
              if (lx * VW + k >= done_r)
                d[dr * dst_ld + dc + k] = out.e[k];
#endif
          } else if (1) { /* every tile whole */
#else
          if (EDGE_VEC ? dr < cols && (rows_full || dc + VW <= rows) : full) {
#endif
            STORE_ROW(out.v, d + dr * dst_ld + dc);
          } else if (dr < cols) {
#pragma unroll
            for (uint k = 0; k < VW; k++)
              if (dc + k < rows)
                d[dr * dst_ld + dc + k] = out.e[k];
          }
#endif
        }
        barrier(CLK_LOCAL_MEM_FENCE);
      }
    }
  }
}
