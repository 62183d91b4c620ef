/* The transpose of tall and wide matrices: tiles as narrow as the matrix's short side, so no tile
 * column (or row) is left empty, and both sides move as flat runs of vectors. A tall source's tile of
 * TR rows x TC columns is one contiguous block when the rows are dense, however few the columns; its
 * destination is TC runs of TR elements. Consecutive work-items take consecutive vectors of the block
 * on the way in and of each run on the way out, whatever the tile's width (cl/rect.cl instead ties a
 * work-item to a tile column, which idles most work-items of a 16-column tile, and moves a 16-column
 * u8 tile one byte at a time).
 * Tunables: TR, TC (tile rows and columns), VWL and VWS (elements per vector load along source rows
 * and per vector store along destination rows; the host makes every one aligned), TVL and TVS (their
 * types), GROUP (work-items per group, one dimension), PAD (elements after each tile line), ROT
 * (below), COLMAJOR (the tile held column by column: for tall sources, so the long destination runs
 * come out of local memory as vectors; else row by row, for wide ones), IDX32 (32-bit index
 * arithmetic), SRC_SHIFT, SUNROLL, FLAT and SKEW (below). */
#ifndef TR
#error "TR must be defined"
#endif

#define LPR (TC / VWL)     /* vector loads per tile row */
#define SPR (TR / VWS)     /* vector stores per destination run */
#define UNITS_S (TC * SPR) /* vector stores per tile */
/* Tile row i, column k. Held column by column, the short side's scalar stores of one warp hit the
 * columns of its LPR vectors at the same rows: each group of VWL columns is rotated along the column
 * by ROT elements more than the one before (a multiple of VWS, so the long side's vectors stay whole
 * and aligned), which puts them in different banks. Row by row, the same with rows and columns
 * swapped.
 * A tall source moved FLAT (below) is held as it was read instead (GATHER): each group of FV tile rows,
 * TC whole 16-byte vectors of the block, stays as it is, followed by one 4-byte word (GPAD elements),
 * and each destination vector gathers its elements TC apart. A work-item stores a vector it read as 4
 * words, where the column-major tile took each element a division by TC and a store of its own; the
 * word after each group puts the same rows of consecutive groups an odd number of words apart, so a
 * warp's gathers (a group each) fall in distinct banks. A wide source moved FLAT is held as it will be
 * written (SCATTER), the mirror image: each group of FV tile columns, TR whole 16-byte vectors of the
 * destination block, followed by one word; each source vector scatters its elements TR apart and each
 * destination vector is read as 4 words, where the row-major tile stepped each destination element's
 * place through its rows. A warp's scatters (a group each) fall in distinct banks too. ROT and
 * PAD do not apply to either. */
#ifndef ROT
#define ROT 0
#endif
#if FLAT && ELEM_SIZE > 4
#error "FLAT holds the tile's vectors as 4-byte words: elements of at most 4 bytes"
#endif
#define GPAD (4 / ELEM_SIZE)
#if FLAT && COLMAJOR
#define GATHER 1
#define GPITCH (FV * TC + GPAD)
#define AT(i, k) ((i) / FV * GPITCH + (i) % FV * TC + (k))
#define TILE_ELEMS ((TR + SKEW) / FV * GPITCH)
#elif FLAT
#define SCATTER 1
#define GPITCH (FV * TR + GPAD)
#define AT(i, k) ((k) / FV * GPITCH + (k) % FV * TR + (i))
#define TILE_ELEMS (TC / FV * GPITCH)
#elif COLMAJOR
#define PITCH (TR + PAD)
#define AT(i, k) ((k)*PITCH + ((i) + (k) / VWL * ROT) % TR)
#define TILE_ELEMS (TC * PITCH)
#else
#define PITCH (TC + PAD)
#define AT(i, k) ((i)*PITCH + ((k) + (i) / VWS * ROT) % TC)
#define TILE_ELEMS (TR * PITCH)
#endif

typedef union {
  TVL v;
  T e[VWL];
} clt_vl;

/* An aligned source vector: with L2LAST (cl/common.cl) through the evict_last loads. */
#if L2LAST && VWL * ELEM_SIZE == 16
#define LOAD_TVL(p) CLT_CAT(as_, TVL)(clt_ldl16(p))
#elif L2LAST && VWL * ELEM_SIZE == 8
#define LOAD_TVL(p) CLT_CAT(as_, TVL)(clt_ldl8(p))
#elif L2LAST && VWL * ELEM_SIZE == 4
#define LOAD_TVL(p) CLT_CAT(as_, TVL)(clt_ldl4(p))
#else
#define LOAD_TVL(p) (*(global const TVL *)(p))
#endif

/* SRC_SHIFT, wide sources whose rows do not start on a 16-byte vector (VWL elements of 16 bytes in
 * all, the buffer's base on 16 bytes): each vector of a tile row is cut from the two aligned vectors
 * it straddles, shifted by the row's misalignment in registers, so the loads stay whole aligned
 * vectors and the tile's rows as they are. Without it such rows are read an element at a time. */
#ifndef SRC_SHIFT
#define SRC_SHIFT 0
#endif
#if SRC_SHIFT
#if COLMAJOR || VWL * ELEM_SIZE != 16
#error "SRC_SHIFT needs a wide source (row-major tile) and 16-byte vectors"
#endif
#define AS_TVL(x) CLT_CAT(as_, TVL)(x)
/* Bytes s .. s + 15 of lo followed by hi (s < 16): whole words picked by selects (s is the same for a
 * whole row, so no work-item diverges), then each word completed from the next by a shift. In 32-bit
 * words: with 64-bit words and shifts f32 24x2097151 ran 10 points slower on an NVIDIA H200
 * (bench/results/h200/knobs11.txt D). */
static inline uint4 clt_bytes_from(uint4 lo, uint4 hi, uint s) {
  const uint q = s / 4, b = (s % 4) * 8;
  const uint w0 = q == 0 ? lo.s0 : q == 1 ? lo.s1 : q == 2 ? lo.s2 : lo.s3;
  const uint w1 = q == 0 ? lo.s1 : q == 1 ? lo.s2 : q == 2 ? lo.s3 : hi.s0;
  const uint w2 = q == 0 ? lo.s2 : q == 1 ? lo.s3 : q == 2 ? hi.s0 : hi.s1;
  const uint w3 = q == 0 ? lo.s3 : q == 1 ? hi.s0 : q == 2 ? hi.s1 : hi.s2;
  const uint w4 = q == 0 ? hi.s0 : q == 1 ? hi.s1 : q == 2 ? hi.s2 : hi.s3;
  return (uint4)((uint)(upsample(w1, w0) >> b), (uint)(upsample(w2, w1) >> b), (uint)(upsample(w3, w2) >> b),
                 (uint)(upsample(w4, w3) >> b));
}
#endif
typedef union {
  TVS v;
  T e[VWS];
} clt_vs;

/* FLAT, where the short side is whole and dense on one side: a full tile's part of that side is one
 * contiguous run of whole aligned vectors of FV elements (type TVF, 16 bytes) even where its lines
 * start off any vector, as a tall source's TR rows of TC elements, or a wide source's TC destination
 * runs of TR. That side moves as the run's vectors, as they are, instead of the lines' narrower (often
 * single-element) ones: into the tile (GATHER above) or out of it (SCATTER). */
#ifndef FLAT
#define FLAT 0
#endif
#if FLAT
#define UNITS_F (TR * TC / FV)           /* flat vectors per tile */
#define UNITS_FL ((TR + SKEW) * TC / FV) /* ... read, SKEW's rows included */
#endif

/* SKEW (tall sources: the tile held column by column), where destination rows start off SKEW-element
 * boundaries of the buffer (a 32-byte sector): of destination row c0 + k a tile writes the TR elements
 * from the boundary at or before its element r0 on, m = SKM(k) elements earlier, so its stores are
 * whole aligned vectors and each sector is written by one work-group, not two halves by two. Column k
 * of the tile then holds source rows r0 - m .. r0 - m + TR - 1, so a tile reads SKEW rows more, from
 * r0 - SKEW on (the last rows of the tile before), and the tiles run one past the last that rows alone
 * need. Held as read (GATHER), the tile keeps every read row and the stores pick column k's window
 * (GET). Without SKEW such rows are stored in vectors as narrow as their alignment, often single
 * elements. The host takes it only where the tile's lines are read as 16-byte vectors or moved FLAT
 * (src/tuning.c's narrow_skewed and narrow_flat have the figures): with narrower loads, and on lines of
 * an odd number of them, it measured slower. */
#ifndef SKEW
#define SKEW 0
#endif
#if SKEW && !COLMAJOR
#error "SKEW needs a tall source (a column-major tile)"
#endif
#ifndef GATHER
#define GATHER 0
#endif
#ifndef SCATTER
#define SCATTER 0
#endif
#define UNITS_L ((TR + SKEW) * LPR) /* vector loads per tile, SKEW's rows included */
#if SKEW
/* How far destination row c0 + k starts past a SKEW boundary, from the tile's dm and the row pitch's dl. */
#define SKM(k) ((dm + (uint)(k)*dl) % SKEW)
#else
#define SKM(k) 0u
#endif
/* Element (i, k) of the tile's read rows (row i is source row r0 - SKEW + i) into the tile, and GET(q, k),
 * row q of column k's window out of it. A column-major tile skewed keeps only each column's window;
 * otherwise the tile holds every read row, and the window of column k starts SKEW - SKM(k) rows in. */
#if SKEW && !GATHER
#define PUT(i, k, x)                                                                                         \
  do {                                                                                                       \
    const uint q_ = (uint)(i) + SKM(k) - SKEW; /* wraps past TR above the window */                          \
    if (q_ < TR)                                                                                             \
      tile[AT(q_, k)] = (x);                                                                                 \
  } while (0)
#define GET(q, k) tile[AT(q, k)]
#else
#define PUT(i, k, x) (tile[AT(i, k)] = (x))
#define GET(q, k) tile[AT((q) + SKEW - SKM(k), k)]
#endif

/* SUNROLL: how far the full tiles' store loop unrolls (0: completely, so every gather is in flight).
 * Completely, a row-major tile's gathers of many short-side elements held so many registers that
 * fewer groups fit a multiprocessor: on an NVIDIA H200 80 to 127 per work-item from 66 tile rows of
 * f32 up, where 64 rows took 48, and f32 74x2097152 ran at 72% of the copy; by 2, 40 to 64 and 89%
 * (the host's rule and figures: narrow_store_unroll in src/tuning.c). */
#ifndef SUNROLL
#define SUNROLL 0
#endif
#define CLT_STR_(x) #x
#define CLT_PRAGMA(x) _Pragma(CLT_STR_(x))
#if SUNROLL
#define CLT_STORE_UNROLL CLT_PRAGMA(unroll SUNROLL)
#else
#define CLT_STORE_UNROLL CLT_PRAGMA(unroll)
#endif

/* A source vector of VWL elements into the tile at row i, columns k .. k + VWL - 1; and x = the VWL
 * elements from src[a] on, cut from the two aligned vectors they straddle (SRC_SHIFT). */
#if COLMAJOR || VWL == 1
#define PUT_VEC(i, k, x)                                                                                     \
  do {                                                                                                       \
    CLT_PRAGMA(unroll) for (uint e_ = 0; e_ < VWL; e_++) PUT((i), (k) + e_, (x).e[e_]);                      \
  } while (0)
#elif SCATTER /* columns k .. k + VWL - 1: one group of FV */
#define PUT_VEC(i, k, x)                                                                                     \
  do {                                                                                                       \
    const uint a_ = AT((i), (k));                                                                            \
    CLT_PRAGMA(unroll) for (uint e_ = 0; e_ < VWL; e_++) tile[a_ + e_ * TR] = (x).e[e_];                     \
  } while (0)
#else
#define PUT_VEC(i, k, x) (*(local TVL *)&tile[AT((i), (k))] = (x).v)
#endif
#if SCATTER
/* Vector u of the tile's dense destination run (FV elements from dt + u * FV): its place in the tile, on a
 * word (the word after each group of FV columns leaves it off 16 bytes), and its store as one. */
#define FLAT_AT(u) ((u) / TR * GPITCH + (u) % TR * FV)
#define STORE_FLAT(u)                                                                                        \
  do {                                                                                                       \
    local const uint *w_ = (local const uint *)&tile[FLAT_AT(u)];                                            \
    *(global TVF *)(dt + (u)*FV) = CLT_CAT(as_, TVF)((uint4)(w_[0], w_[1], w_[2], w_[3]));                   \
  } while (0)
#endif
#if SRC_SHIFT
#define LOAD_SHIFTED(x, a)                                                                                   \
  do {                                                                                                       \
    const uint m_ = (uint)((a) % VWL);                                                                       \
    global const uint4 *p_ = (global const uint4 *)(src + ((a)-m_));                                         \
    (x).v = AS_TVL(clt_bytes_from(CLT_LOAD_U4(p_), CLT_LOAD_U4(p_ + 1), m_ * ELEM_SIZE));                    \
  } while (0)
#endif
/* EDGE_VEC (row-major tiles): a tile cut by the matrix's edge moves each vector of its rows that lies inside
 * the matrix as one, as full tiles do, and, held as written (SCATTER) with every row in it, its destination
 * runs as the one dense run of whole vectors they are too. Element by element, the partial last tile of a
 * wide source of a few hundred rows, the last group to start, ran long after all the others (the host sets
 * it where it measured that: src/tuning.c's narrow_edge_vectors has the figures; over shifted source rows,
 * cut from aligned pairs, it lost). */
#ifndef EDGE_VEC
#define EDGE_VEC 0
#endif
#if EDGE_VEC && (COLMAJOR || VWL == 1 || SRC_SHIFT)
#error "EDGE_VEC takes row-major tiles of aligned vectors"
#endif

kernel __attribute__((reqd_work_group_size(GROUP, 1, 1))) void clt_narrow(CLT_TRANSPOSE_ARGS_AS(_)) {
  /* Aligned for the widest vector (16 ulongs): the long side's vectors are read or written in place
   * (PAD and the tile's long extent are multiples of its vector). */
  local T tile[TILE_ELEMS] __attribute__((aligned(128)));
  const uint t = (uint)get_local_id(0);
  CLT_IDX_ARGS();
  const idx_t tiles_r = (rows + (SKEW ? SKEW - 1 : 0) + TR - 1) / TR, tiles_c = (cols + TC - 1) / TC;
#if SRC_SHIFT
  /* One past the view's last element: a row's last shifted vector reads up to VWL elements past it. */
  const idx_t src_lim = src_off + (batch - 1) * src_stride + (rows - 1) * src_ld + cols;
#endif

  CLT_FIRST_TILE()
  CLT_GROUP_LOOP(b, get_group_id(2), batch, get_num_groups(2)) {
    global const T *s = src + src_off + b * src_stride;
    global T *d = dst + dst_off + b * dst_stride;
#if SKEW
    const uint db = (uint)((dst_off + b * dst_stride) % SKEW), dl = (uint)(dst_ld % SKEW);
#endif
    CLT_GROUP_LOOP(tc, g1, tiles_c, get_num_groups(1)) {
      CLT_GROUP_LOOP(tr, g0, tiles_r, get_num_groups(0)) {
        const idx_t r0 = tr * TR, c0 = tc * TC;
        /* Rows and columns of this tile inside the matrix: uniform in the group. */
        const uint nc = (uint)min((idx_t)TC, cols - c0);
#if SKEW
        const uint dm = (db + (uint)(c0 % SKEW) * dl) % SKEW;
        const int full = r0 >= SKEW && r0 + TR <= rows && nc == TC; /* every window and read row inside */
#else
        const uint nr = (uint)min((idx_t)TR, rows - r0);
        const int full = nr == TR && nc == TC;
#endif
        global const T *st = s + r0 * src_ld + c0;
        global T *dt = d + c0 * dst_ld + r0;
#if SRC_SHIFT
        const idx_t e0 = src_off + b * src_stride + r0 * src_ld + c0; /* the tile's first element */
        const int full_src = full && e0 + (TR - 1) * src_ld + TC + VWL <= src_lim;
#else
        const int full_src = full;
#endif

        if (full_src) {
          /* Unrolled without bounds tests: all of a work-item's loads are in flight before its stores. */
#if GATHER /* the TR (+ SKEW) dense rows of TC elements from st (- SKEW rows) on, as they are */
#pragma unroll
          for (uint n = 0; n < (UNITS_FL + GROUP - 1) / GROUP; n++) {
            const uint u = t + n * GROUP;
            if (UNITS_FL % GROUP == 0 || u < UNITS_FL) {
              const uint4 x = as_uint4(*(global const TVF *)(st - SKEW * TC + u * FV));
              local uint *w = (local uint *)&tile[u / TC * GPITCH + u % TC * FV];
              w[0] = x.s0;
              w[1] = x.s1;
              w[2] = x.s2;
              w[3] = x.s3;
            }
          }
#else
#pragma unroll
          for (uint n = 0; n < (UNITS_L + GROUP - 1) / GROUP; n++) {
            const uint u = t + n * GROUP;
            if (UNITS_L % GROUP == 0 || u < UNITS_L) {
              const uint i = u / LPR, k = u % LPR * VWL;
              clt_vl v;
#if SRC_SHIFT
              const idx_t e = e0 + i * src_ld + k;
              LOAD_SHIFTED(v, e);
#else
              v.v = LOAD_TVL(st - SKEW * src_ld + i * src_ld + k);
#endif
              PUT_VEC(i, k, v);
            }
          }
#endif
        } else {
          for (uint u = t; u < UNITS_L; u += GROUP) {
            const uint i = u / LPR, k = u % LPR * VWL;
#if EDGE_VEC
            if (i < nr && k + VWL <= nc) {
              clt_vl v;
              v.v = LOAD_TVL(st + i * src_ld + k);
              PUT_VEC(i, k, v);
              continue;
            }
#endif
#if SKEW /* source row r0 - SKEW + i, if there is one */
            if (r0 + i >= SKEW && r0 + i - SKEW < rows)
#else
            if (i < nr)
#endif
              for (uint e = 0; e < VWL; e++)
                if (k + e < nc)
#if SKEW || COLMAJOR
                  PUT(i, k + e, s[(r0 + i - SKEW) * src_ld + c0 + k + e]);
#else
                  /* The same element from the tile's own start. Whole tiles never come here, yet on
                   * an NVIDIA H200 row-major kernels ran faster with this form: u8 32x4194304 71.1-73.7%
                   * -> 82.1-82.9, 16x8388607 65.2-65.6 -> 79.1-79.4, f16 16x4194304 85.9-86.6 ->
                   * 88.6-92.1. Column-major ones were mixed (u8 8388608x16 -2.4 to -5.0, f16 1048576x33
                   * +1.3 to +2.1) and keep the form above (bench/results/h200/knobs43.txt A). */
                  PUT(i, k + e, st[i * src_ld + k + e]);
#endif
          }
        }
        barrier(CLK_LOCAL_MEM_FENCE);

        /* Destination row c0 + k gets its run from tile column k. */
        if (full) {
#if SCATTER /* the TC dense destination runs of TR elements from dt on, as they are */
          CLT_STORE_UNROLL
          for (uint n = 0; n < (UNITS_F + GROUP - 1) / GROUP; n++) {
            const uint u = t + n * GROUP;
            if (UNITS_F % GROUP == 0 || u < UNITS_F)
              STORE_FLAT(u);
          }
#else
          CLT_STORE_UNROLL
          for (uint n = 0; n < (UNITS_S + GROUP - 1) / GROUP; n++) {
            const uint u = t + n * GROUP;
            if (UNITS_S % GROUP == 0 || u < UNITS_S) {
              const uint k = u / SPR, p = u % SPR * VWS;
#if COLMAJOR && VWS > 1 && !GATHER
              *(global TVS *)(dt + k * dst_ld - SKM(k) + p) = *(local const TVS *)&tile[AT(p, k)];
#else
              clt_vs v;
#if GATHER /* read rows y .. y + VWS - 1, into the next group of FV rows from brk on */
              const uint y = p + SKEW - SKM(k), a = AT(y, k), brk = FV - y % FV;
#pragma unroll
              for (uint e = 0; e < VWS; e++)
                v.e[e] = tile[a + e * TC + (SKEW && e >= brk ? GPAD : 0)];
#else
#pragma unroll
              for (uint e = 0; e < VWS; e++)
                v.e[e] = tile[AT(p + e, k)];
#endif
              *(global TVS *)(dt + k * dst_ld - SKM(k) + p) = v.v;
#endif
            }
          }
#endif
#if EDGE_VEC && SCATTER
        } else if (nr == TR) {
          /* The nc destination runs of a tile cut by the matrix's last column are one dense run too. */
          const uint nf = nc * TR;
          for (uint u = t; u * FV < nf; u += GROUP) {
            if ((u + 1) * FV <= nf)
              STORE_FLAT(u);
            else
              for (uint j = 0; u * FV + j < nf; j++)
                dt[u * FV + j] = tile[FLAT_AT(u) + j];
          }
#endif
        } else {
          for (uint u = t; u < UNITS_S; u += GROUP) {
            const uint k = u / SPR, p = u % SPR * VWS;
            if (k < nc)
              for (uint e = 0; e < VWS; e++)
#if SKEW /* element r0 - m + p + e of its destination row, if there is one */
                if (r0 + p + e >= SKM(k) && r0 + p + e - SKM(k) < rows)
                  d[(c0 + k) * dst_ld + r0 + p + e - SKM(k)] = GET(p + e, k);
#else
                if (p + e < nr)
                  dt[k * dst_ld + p + e] = GET(p + e, k);
#endif
          }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
      }
    }
  }
}
