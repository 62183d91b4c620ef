/* The register-block transpose: each work-item moves one VW x VW block straight from global memory to
 * global memory: VW row vectors in, a transpose in registers, VW row vectors out. No local memory and
 * no barrier. CPU drivers (which run a work-group as a loop over its items) see plain loads and stores
 * of whole cache-line pieces; on a GPU a warp of WG_X x (32 / WG_X) work-items reads WG_X blocks side
 * by side and writes 32 / WG_X blocks end to end, so both sides move whole 32-byte sectors.
 * Tunables: VW, SRC_VEC and DST_VEC (whether the row vectors are VW-aligned, so they may be read and
 * written as vector types: 16-byte accesses rather than the element-wise vloadn/vstoren), IDX32.
 * CPU tunables (the host leaves them out for GPUs, and 0 keeps the kernel above): TILE_R > 0 moves
 * TILE_R x TILE_C tiles (multiples of VW) instead of single blocks; TILE_R == VW with no SKEW and no FLAT
 * moves each block straight to the destination (below, before clt_block). A tile's blocks are transposed
 * into a private buffer, then each of its TILE_C destination rows is written as one run of TILE_R
 * elements: with power-of-two leading dimensions, one block per work-item writes 16 rows that share a
 * cache set and a DRAM bank, and ran at half the speed of a copy on POCL (bench/results/pocl2/src).
 * Each work-item walks its share of the tiles (of the whole batch, in order along the source rows).
 * WALK (the host sets it where some work-item has more than one tile) gives it two buffers, reading the
 * next tile's row groups between the current tile's stores, so that loads and non-temporal stores are
 * in flight together; a core that reads a whole tile and then writes it leaves one side idle at a time.
 * Without WALK one buffer, as the second would only take stack. The host sizes the grid, one tile per
 * work-item where walks would be short (src/tuning.c's cpu_walks has the figures).
 * The native pattern that came nearest the copy on 2 EPYC cores (C with AVX2, native.c there) was a
 * 64..128-row by 1 KiB tile through a private buffer (55-63% of a non-temporal copy); 32 x 256-byte
 * tiles reached 47% there, as on POCL. The host's defaults are 128 x 2 KiB tiles (on 2 cores of an
 * AVX-512 EPYC host 1 KiB-wide ones ran up to 20% longer, bench/results/pocl2/chunk.txt), 192 rows for
 * 1-byte elements whose runs are skewed (src/tuning.c).
 * NTS makes stores of aligned vectors non-temporal where the compiler is clang (the destination is
 * not read before it is written); SKEW > 0 (a 64-byte line of elements, at least VW, and TILE_R whole
 * lines) makes each destination row's run start on a line of memory, up to SKEW rows before the tile,
 * so no line is written in two pieces (addresses must be flat for the skew to pay, never to be
 * exact). A software prefetch of the next rows measured no gain with these tiles and was removed.
 * STRIP (the host sets it instead of SKEW where a block row is a 64-byte line, with SKO and SKD, and SRO
 * and SRD for source rows off the lines) writes those lines whole straight from registers, a line cut
 * from two blocks down the source (below, before clt_block), with no private tile buffer.
 * FLAT (the host sets it where every row lies in one tile row and destination rows are dense): the
 * skew cannot line up the first tile row's runs, which start where the destination rows do, so there
 * a tile's runs are written as the one run they form in memory: vector stores from the private rows,
 * a vector that spans two rows gathered element by element, or, with NROWS (fewer rows than VW), VW rows
 * at a time by shuffles. NCOLS (a dense source of fewer columns than VW) reads each block's rows as the
 * one run of vectors they form, likewise. */

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

/* The part of the VW x VW block at (r, c) inside the matrix, element by element from s to d (the batch's
 * matrices, in the caller's scope, with rows, cols, src_ld and dst_ld): a block that crosses the right or
 * bottom edge. */
#define EDGE_MOVE(r, c)                                                                                      \
  do {                                                                                                       \
    for (uint k_ = 0; k_ < VW && (r) + k_ < rows; k_++)                                                      \
      for (uint j_ = 0; j_ < VW && (c) + j_ < cols; j_++)                                                    \
        d[((c) + j_) * dst_ld + (r) + k_] = s[((r) + k_) * src_ld + (c) + j_];                               \
  } while (0)

/* The VW x VW block at (r, c) straight from s to d (as EDGE_MOVE's): VW row vectors in, a transpose in
 * registers, VW row vectors out; EDGE_MOVE where the block crosses the right or bottom edge. A macro, not a
 * function: with a function call here Oclgrind's optimized build crashed (docs/TESTING.md). */
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
      EDGE_MOVE(r, c);                                                                                       \
    }                                                                                                        \
  } while (0)

#ifndef TILE_R
#define TILE_R 0
#endif
#if TILE_R

/* Non-temporal stores need aligned vectors: the runs of a tile's destination rows start with
 * element stores up to the first VW-vector boundary of memory (none where SKEW lines them up). */
#if NTS && defined(__clang__)
#define NT_RUN 1
#define STORE_OUT(v, p) __builtin_nontemporal_store((v), (global TV *)(p))
#else
#define NT_RUN 0
#define STORE_OUT(v, p) VSTOREN((v), 0, (global BASE *)(p))
#endif
#ifndef WALK
#define WALK 0
#endif
#ifndef SKEW
#define SKEW 0
#endif
/* x[VW] (TV rows of VW elements) transposed in place. Where clang compiles the kernel, as a network of
 * two-vector shuffles (log2 VW rounds of VW shuffles, each one unpack, shuffle or lane permute on AVX):
 * POCL compiled the element-by-element union form below into about 150 blends, broadcasts and inserts
 * per 8 x 8 block of 4-byte elements. Oclgrind 21.10's --uninitialized reports every store of these
 * shuffles' results, while every byte is exact (its device does not run the CPU tiles in the suite). */
#define SHUF_ __builtin_shufflevector
/* Rows i and j exchange the blocks that lo and hi (two shuffle index lists of 16 lanes) pick: one round
 * of the block-swap transposes below. */
#define LANES_LO1_ 0, 16, 2, 18, 4, 20, 6, 22, 8, 24, 10, 26, 12, 28, 14, 30
#define LANES_HI1_ 1, 17, 3, 19, 5, 21, 7, 23, 9, 25, 11, 27, 13, 29, 15, 31
#define LANES_LO2_ 0, 1, 16, 17, 4, 5, 20, 21, 8, 9, 24, 25, 12, 13, 28, 29
#define LANES_HI2_ 2, 3, 18, 19, 6, 7, 22, 23, 10, 11, 26, 27, 14, 15, 30, 31
#define LANES_LO4_ 0, 1, 2, 3, 16, 17, 18, 19, 8, 9, 10, 11, 24, 25, 26, 27
#define LANES_HI4_ 4, 5, 6, 7, 20, 21, 22, 23, 12, 13, 14, 15, 28, 29, 30, 31
#define LANES_LO8_ 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23
#define LANES_HI8_ 8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31
#define SWAP_BLOCKS_(x, i, j, lo, hi)                                                                        \
  do {                                                                                                       \
    const TV u_ = SHUF_(x[i], x[j], lo);                                                                     \
    x[j] = SHUF_(x[i], x[j], hi);                                                                            \
    x[i] = u_;                                                                                               \
  } while (0)
#if defined(__clang__) && VW == 8 && ELEM_SIZE <= 8
#define TRANSPOSE_VW(x)                                                                                      \
  do {                                                                                                       \
    TV a0_ = SHUF_(x[0], x[1], 0, 8, 1, 9, 4, 12, 5, 13),                                                    \
       a1_ = SHUF_(x[0], x[1], 2, 10, 3, 11, 6, 14, 7, 15);                                                  \
    TV a2_ = SHUF_(x[2], x[3], 0, 8, 1, 9, 4, 12, 5, 13),                                                    \
       a3_ = SHUF_(x[2], x[3], 2, 10, 3, 11, 6, 14, 7, 15);                                                  \
    TV a4_ = SHUF_(x[4], x[5], 0, 8, 1, 9, 4, 12, 5, 13),                                                    \
       a5_ = SHUF_(x[4], x[5], 2, 10, 3, 11, 6, 14, 7, 15);                                                  \
    TV a6_ = SHUF_(x[6], x[7], 0, 8, 1, 9, 4, 12, 5, 13),                                                    \
       a7_ = SHUF_(x[6], x[7], 2, 10, 3, 11, 6, 14, 7, 15);                                                  \
    TV b0_ = SHUF_(a0_, a2_, 0, 1, 8, 9, 4, 5, 12, 13), b1_ = SHUF_(a0_, a2_, 2, 3, 10, 11, 6, 7, 14, 15);   \
    TV b2_ = SHUF_(a1_, a3_, 0, 1, 8, 9, 4, 5, 12, 13), b3_ = SHUF_(a1_, a3_, 2, 3, 10, 11, 6, 7, 14, 15);   \
    TV b4_ = SHUF_(a4_, a6_, 0, 1, 8, 9, 4, 5, 12, 13), b5_ = SHUF_(a4_, a6_, 2, 3, 10, 11, 6, 7, 14, 15);   \
    TV b6_ = SHUF_(a5_, a7_, 0, 1, 8, 9, 4, 5, 12, 13), b7_ = SHUF_(a5_, a7_, 2, 3, 10, 11, 6, 7, 14, 15);   \
    x[0] = SHUF_(b0_, b4_, 0, 1, 2, 3, 8, 9, 10, 11), x[4] = SHUF_(b0_, b4_, 4, 5, 6, 7, 12, 13, 14, 15);    \
    x[1] = SHUF_(b1_, b5_, 0, 1, 2, 3, 8, 9, 10, 11), x[5] = SHUF_(b1_, b5_, 4, 5, 6, 7, 12, 13, 14, 15);    \
    x[2] = SHUF_(b2_, b6_, 0, 1, 2, 3, 8, 9, 10, 11), x[6] = SHUF_(b2_, b6_, 4, 5, 6, 7, 12, 13, 14, 15);    \
    x[3] = SHUF_(b3_, b7_, 0, 1, 2, 3, 8, 9, 10, 11), x[7] = SHUF_(b3_, b7_, 4, 5, 6, 7, 12, 13, 14, 15);    \
  } while (0)
#elif defined(__clang__) && VW == 16 && ELEM_SIZE <= 4
/* 16 x 16 (rows of 16, 32 or 64 bytes) in rounds over blocks of b = 1, 2, 4 and 8 lanes, each between
 * rows i and i + b: LANES_LOb_ gives row i its own even-numbered blocks and row i + b's in between,
 * LANES_HIb_ gives row i + b the odd-numbered blocks of both. */
#define TRANSPOSE_VW(x)                                                                                      \
  do {                                                                                                       \
    SWAP_BLOCKS_(x, 0, 1, LANES_LO1_, LANES_HI1_);                                                           \
    SWAP_BLOCKS_(x, 2, 3, LANES_LO1_, LANES_HI1_);                                                           \
    SWAP_BLOCKS_(x, 4, 5, LANES_LO1_, LANES_HI1_);                                                           \
    SWAP_BLOCKS_(x, 6, 7, LANES_LO1_, LANES_HI1_);                                                           \
    SWAP_BLOCKS_(x, 8, 9, LANES_LO1_, LANES_HI1_);                                                           \
    SWAP_BLOCKS_(x, 10, 11, LANES_LO1_, LANES_HI1_);                                                         \
    SWAP_BLOCKS_(x, 12, 13, LANES_LO1_, LANES_HI1_);                                                         \
    SWAP_BLOCKS_(x, 14, 15, LANES_LO1_, LANES_HI1_);                                                         \
    SWAP_BLOCKS_(x, 0, 2, LANES_LO2_, LANES_HI2_);                                                           \
    SWAP_BLOCKS_(x, 1, 3, LANES_LO2_, LANES_HI2_);                                                           \
    SWAP_BLOCKS_(x, 4, 6, LANES_LO2_, LANES_HI2_);                                                           \
    SWAP_BLOCKS_(x, 5, 7, LANES_LO2_, LANES_HI2_);                                                           \
    SWAP_BLOCKS_(x, 8, 10, LANES_LO2_, LANES_HI2_);                                                          \
    SWAP_BLOCKS_(x, 9, 11, LANES_LO2_, LANES_HI2_);                                                          \
    SWAP_BLOCKS_(x, 12, 14, LANES_LO2_, LANES_HI2_);                                                         \
    SWAP_BLOCKS_(x, 13, 15, LANES_LO2_, LANES_HI2_);                                                         \
    SWAP_BLOCKS_(x, 0, 4, LANES_LO4_, LANES_HI4_);                                                           \
    SWAP_BLOCKS_(x, 1, 5, LANES_LO4_, LANES_HI4_);                                                           \
    SWAP_BLOCKS_(x, 2, 6, LANES_LO4_, LANES_HI4_);                                                           \
    SWAP_BLOCKS_(x, 3, 7, LANES_LO4_, LANES_HI4_);                                                           \
    SWAP_BLOCKS_(x, 8, 12, LANES_LO4_, LANES_HI4_);                                                          \
    SWAP_BLOCKS_(x, 9, 13, LANES_LO4_, LANES_HI4_);                                                          \
    SWAP_BLOCKS_(x, 10, 14, LANES_LO4_, LANES_HI4_);                                                         \
    SWAP_BLOCKS_(x, 11, 15, LANES_LO4_, LANES_HI4_);                                                         \
    SWAP_BLOCKS_(x, 0, 8, LANES_LO8_, LANES_HI8_);                                                           \
    SWAP_BLOCKS_(x, 1, 9, LANES_LO8_, LANES_HI8_);                                                           \
    SWAP_BLOCKS_(x, 2, 10, LANES_LO8_, LANES_HI8_);                                                          \
    SWAP_BLOCKS_(x, 3, 11, LANES_LO8_, LANES_HI8_);                                                          \
    SWAP_BLOCKS_(x, 4, 12, LANES_LO8_, LANES_HI8_);                                                          \
    SWAP_BLOCKS_(x, 5, 13, LANES_LO8_, LANES_HI8_);                                                          \
    SWAP_BLOCKS_(x, 6, 14, LANES_LO8_, LANES_HI8_);                                                          \
    SWAP_BLOCKS_(x, 7, 15, LANES_LO8_, LANES_HI8_);                                                          \
  } while (0)
#elif defined(__clang__) && VW == 4 && ELEM_SIZE == 16
/* 4 x 4 elements of 4 lanes (a 64-byte line per row): the last two of those rounds. */
#define TRANSPOSE_VW(x)                                                                                      \
  do {                                                                                                       \
    SWAP_BLOCKS_(x, 0, 1, LANES_LO4_, LANES_HI4_);                                                           \
    SWAP_BLOCKS_(x, 2, 3, LANES_LO4_, LANES_HI4_);                                                           \
    SWAP_BLOCKS_(x, 0, 2, LANES_LO8_, LANES_HI8_);                                                           \
    SWAP_BLOCKS_(x, 1, 3, LANES_LO8_, LANES_HI8_);                                                           \
  } while (0)
#elif defined(__clang__) && VW == 4 && ELEM_SIZE <= 8
#define TRANSPOSE_VW(x)                                                                                      \
  do {                                                                                                       \
    TV a0_ = SHUF_(x[0], x[1], 0, 4, 1, 5), a1_ = SHUF_(x[0], x[1], 2, 6, 3, 7);                             \
    TV a2_ = SHUF_(x[2], x[3], 0, 4, 1, 5), a3_ = SHUF_(x[2], x[3], 2, 6, 3, 7);                             \
    x[0] = SHUF_(a0_, a2_, 0, 1, 4, 5), x[1] = SHUF_(a0_, a2_, 2, 3, 6, 7);                                  \
    x[2] = SHUF_(a1_, a3_, 0, 1, 4, 5), x[3] = SHUF_(a1_, a3_, 2, 3, 6, 7);                                  \
  } while (0)
#elif defined(__clang__) && VW == 2 && ELEM_SIZE == 16 /* 4 lanes of uint per element */
#define TRANSPOSE_VW(x)                                                                                      \
  do {                                                                                                       \
    TV a0_ = SHUF_(x[0], x[1], 0, 1, 2, 3, 8, 9, 10, 11);                                                    \
    x[1] = SHUF_(x[0], x[1], 4, 5, 6, 7, 12, 13, 14, 15);                                                    \
    x[0] = a0_;                                                                                              \
  } while (0)
#else
#define TRANSPOSE_VW(x)                                                                                      \
  do {                                                                                                       \
    clt_vec r_[VW], c_;                                                                                      \
    _Pragma("unroll") for (uint k_ = 0; k_ < VW; k_++) r_[k_].v = x[k_];                                     \
    _Pragma("unroll") for (uint j_ = 0; j_ < VW; j_++) {                                                     \
      _Pragma("unroll") for (uint k_ = 0; k_ < VW; k_++) c_.e[k_] = r_[k_].e[j_];                            \
      x[j_] = c_.v;                                                                                          \
    }                                                                                                        \
  } while (0)
#endif
#define NG_ ((TILE_R + SKEW) / VW) /* the VW-row groups of a tile's buffer, its skew rows included */
/* The 16 lanes of a shuffle mask, lane k being L(k, a, b): MASK_VW_'s for VW 16, and the STRIP shuffles' of
 * 16-byte elements (4 lanes each). */
#define MASK16_(L, a, b)                                                                                     \
  L(0, a, b), L(1, a, b), L(2, a, b), L(3, a, b), L(4, a, b), L(5, a, b), L(6, a, b), L(7, a, b),            \
      L(8, a, b), L(9, a, b), L(10, a, b), L(11, a, b), L(12, a, b), L(13, a, b), L(14, a, b), L(15, a, b)
#if defined(__clang__) && VW == 16
/* The VW lanes of a shuffle mask, lane k being L(k, a, b) (NCOLS and NROWS below). */
#define MASK_VW_(L, a, b) MASK16_(L, a, b)
#elif defined(__clang__) && VW == 8
#define MASK_VW_(L, a, b)                                                                                    \
  L(0, a, b), L(1, a, b), L(2, a, b), L(3, a, b), L(4, a, b), L(5, a, b), L(6, a, b), L(7, a, b)
#endif
#ifdef MASK_VW_
/* a_ (which starts as x[0]) gathers, from each vector v < n of x in turn, the lanes that MASK(j, v) takes
 * from it; a mask without any leaves a_ as it is. The shuffles of NCOLS and NROWS below. */
#define GATHER_STEP_(a_, x, n, MASK, j, v)                                                                   \
  if ((v) < (n))                                                                                             \
  a_ = SHUF_(a_, x[(v) < (n) ? (v) : 0], MASK(j, v))
#define GATHER_(a_, x, n, MASK, j)                                                                           \
  do {                                                                                                       \
    GATHER_STEP_(a_, x, n, MASK, j, 0);                                                                      \
    GATHER_STEP_(a_, x, n, MASK, j, 1);                                                                      \
    GATHER_STEP_(a_, x, n, MASK, j, 2);                                                                      \
    GATHER_STEP_(a_, x, n, MASK, j, 3);                                                                      \
    GATHER_STEP_(a_, x, n, MASK, j, 4);                                                                      \
    GATHER_STEP_(a_, x, n, MASK, j, 5);                                                                      \
    GATHER_STEP_(a_, x, n, MASK, j, 6);                                                                      \
    GATHER_STEP_(a_, x, n, MASK, j, 7);                                                                      \
    GATHER_STEP_(a_, x, n, MASK, j, 8);                                                                      \
    GATHER_STEP_(a_, x, n, MASK, j, 9);                                                                      \
    GATHER_STEP_(a_, x, n, MASK, j, 10);                                                                     \
    GATHER_STEP_(a_, x, n, MASK, j, 11);                                                                     \
    GATHER_STEP_(a_, x, n, MASK, j, 12);                                                                     \
    GATHER_STEP_(a_, x, n, MASK, j, 13);                                                                     \
    GATHER_STEP_(a_, x, n, MASK, j, 14);                                                                     \
    GATHER_STEP_(a_, x, n, MASK, j, 15);                                                                     \
  } while (0)
#endif
#if defined(NCOLS) && defined(MASK_VW_) && NCOLS < VW
/* NCOLS (the host sets it for a dense source of fewer columns than VW): a group of VW source rows is one
 * run of NCOLS vectors, read as such; lane k of destination row j is element k * NCOLS + j of the run,
 * lane (k * NCOLS + j) % VW of vector (k * NCOLS + j) / VW. Each row gathers its lanes from the vectors in
 * NCOLS shuffles with constant masks, where the tile's right-edge path moved every element on its own. */
#define NC_SRC_(k, j) (((k)*NCOLS + (j)) / VW)
#define NC_LANE_(k, j, v) (NC_SRC_(k, j) == (v) ? VW + ((k)*NCOLS + (j)) % VW : (k))
#define NC_MASK_(j, v) MASK_VW_(NC_LANE_, j, v)
#endif
#ifdef NC_MASK_
/* Destination row j of the group from the run's vectors x, into t[j][g]. */
#define NC_ROW_(x, t, g, j)                                                                                  \
  do {                                                                                                       \
    if ((j) < NCOLS) {                                                                                       \
      TV a_ = x[0];                                                                                          \
      GATHER_(a_, x, NCOLS, NC_MASK_, j);                                                                    \
      t[(j) < NCOLS ? (j) : 0][g].v = a_;                                                                    \
    }                                                                                                        \
  } while (0)
#endif
#if defined(NROWS) && defined(MASK_VW_) && NROWS < VW && FLAT
/* NROWS (the host sets it with FLAT for fewer rows than VW): VW destination rows of NROWS elements are one
 * run of NROWS vectors; lane k of its vector m is element (m * VW + k) % NROWS of row (m * VW + k) / NROWS,
 * gathered from the rows' private vectors by shuffles with constant masks, where FLAT moved every vector
 * that spans two rows element by element. */
#define NR_LANE_(k, m, v) (((m)*VW + (k)) / NROWS == (v) ? VW + ((m)*VW + (k)) % NROWS : (k))
#define NR_MASK_(m, v) MASK_VW_(NR_LANE_, m, v)
#endif
#ifdef NR_MASK_
/* Vector m of the run of the VW rows x, stored at p + m * VW. */
#define NR_OUT_(x, m, p)                                                                                     \
  do {                                                                                                       \
    if ((m) < NROWS) {                                                                                       \
      TV a_ = x[0];                                                                                          \
      GATHER_(a_, x, VW, NR_MASK_, m);                                                                       \
      STORE_OUT(a_, (p) + (m)*VW);                                                                           \
    }                                                                                                        \
  } while (0)
#endif

/* Group g of the tile at (r0, c0), the VW source rows from r0 - SKEW + g * VW (none above row 0 or past
 * the last row), into t as transposed VW x VW blocks: t[j] holds destination row c0 + j from source row
 * r0 - SKEW on. A group cut by the last row still loads whole row vectors where it holds at least VW / 4
 * rows (the rest of the block zero), not elements: on 2 EPYC cores (bench/results/pocl2/wide.txt G) f32
 * 61x349525 took 5.8 ms against 7.6, 60x160000 2.5 against 3.3-3.4, 5x2097153 7.0-7.2 against 8.6-8.9,
 * f64 13x400001 3.4-3.9 against 4.9-5.0; groups of 1 or 2 of 16 rows ran level or slower (18 rows:
 * 5.4 ms against 4.7-4.9, 2 rows 7.9-8.0 against 7.2-7.3). */
void clt_tile_read(__private clt_vec (*t)[NG_], global const T *s, const idx_t r0, const idx_t c0,
                   const uint g, const idx_t rows, const idx_t cols, const idx_t src_ld) {
  if (r0 + g * VW < SKEW || r0 + g * VW - SKEW >= rows)
    return;
  const idx_t r = r0 + g * VW - SKEW;
  for (uint h = 0; h < TILE_C / VW && c0 + h * VW < cols; h++) {
    const idx_t c = c0 + h * VW;
    if (c + VW <= cols && (r + VW <= rows || rows - r >= VW / 4)) {
      TV x[VW];
      if (r + VW <= rows) {
#pragma unroll
        for (uint k = 0; k < VW; k++)
          x[k] = LOAD_ROW(s + (r + k) * src_ld + c);
      } else { /* the bottom edge: its rows' vectors, the rest 0 */
#pragma unroll
        for (uint k = 0; k < VW; k++)
          x[k] = r + k < rows ? LOAD_ROW(s + (r + k) * src_ld + c) : (TV)0;
      }
      TRANSPOSE_VW(x);
#pragma unroll
      for (uint j = 0; j < VW; j++)
        t[h * VW + j][g].v = x[j];
    }
#ifdef NC_MASK_
    else if (r + VW <= rows) { /* NCOLS: the group's run of whole vectors */
      TV x[NCOLS];
#pragma unroll
      for (uint v = 0; v < NCOLS; v++)
        x[v] = VLOADN(v, (global const BASE *)(s + r * src_ld));
      NC_ROW_(x, t, g, 0);
      NC_ROW_(x, t, g, 1);
      NC_ROW_(x, t, g, 2);
      NC_ROW_(x, t, g, 3);
      NC_ROW_(x, t, g, 4);
      NC_ROW_(x, t, g, 5);
      NC_ROW_(x, t, g, 6);
      NC_ROW_(x, t, g, 7);
      NC_ROW_(x, t, g, 8);
      NC_ROW_(x, t, g, 9);
      NC_ROW_(x, t, g, 10);
      NC_ROW_(x, t, g, 11);
      NC_ROW_(x, t, g, 12);
      NC_ROW_(x, t, g, 13);
      NC_ROW_(x, t, g, 14);
    }
#endif
    else { /* the right edge, and bottom edges of fewer than VW / 4 rows */
      for (uint k = 0; k < VW && r + k < rows; k++)
        for (uint j = 0; j < VW && c + j < cols; j++)
          t[h * VW + j][g].e[k] = s[(r + k) * src_ld + c + j];
    }
  }
}

/* Destination rows c0 + j0 to c0 + j1 - 1 of the tile at (r0, c0) from t, each one run. */
void clt_tile_write(__private clt_vec (*t)[NG_], global T *d, const idx_t r0, const idx_t c0, const uint j0,
                    const uint j1, const idx_t rows, const idx_t cols, const idx_t dst_ld) {
  for (uint j = j0; j < j1 && c0 + j < cols; j++) {
    global T *o = d + (c0 + j) * dst_ld;
    const __private T *q = (const __private T *)t[j]; /* element r of the row is q[r + SKEW - r0] */
#if SKEW
    /* The row's run starts on the 64-byte line at or before r0 (the same offset in every tile row, as
     * TILE_R elements are whole lines), the first tile row's at 0, the last's runs on. */
    const uint p = (uint)((size_t)(o + r0) % 64 / ELEM_SIZE);
#else
    const uint p = 0;
#endif
    idx_t r = r0 ? r0 - p : 0;
    const idx_t end = r0 + TILE_R >= rows ? rows : r0 + TILE_R - p;
#if NT_RUN
    for (; r < end && (size_t)(o + r) % (VW * ELEM_SIZE); r++)
      o[r] = q[r + SKEW - r0];
#endif
    for (; r + VW <= end; r += VW)
      STORE_OUT(VLOADN(0, (const __private BASE *)(q + (r + SKEW - r0))), o + r);
    for (; r < end; r++)
      o[r] = q[r + SKEW - r0];
  }
}

#if FLAT
/* Every row in one tile row and dense destination rows: the tile's runs are one run, written as vector
 * stores from the private rows, a vector that spans two rows gathered element by element. */
void clt_tile_write_flat(__private clt_vec (*t)[NG_], global T *d, const idx_t c0, const idx_t rows,
                         const idx_t cols) {
  const idx_t n = min((idx_t)TILE_C, cols - c0) * rows;
  global T *o = d + c0 * rows;
  uint j = 0, r = 0;
  idx_t f = 0;
#define FLAT_NEXT(x)                                                                                         \
  do {                                                                                                       \
    (x) = ((const __private T *)t[j])[r + SKEW];                                                             \
    if (++r == (uint)rows) {                                                                                 \
      r = 0;                                                                                                 \
      j++;                                                                                                   \
    }                                                                                                        \
  } while (0)
#ifdef NR_MASK_
  /* NROWS: VW rows a step, from the first row that starts on a vector (the host sets NROWS only where
   * one of the first VW does in every tile); the rows before it element by element. */
  uint h = 0;
  while (h < VW && (size_t)(o + h * NROWS) % (VW * ELEM_SIZE))
    h++;
  if (h < VW && (idx_t)h * NROWS <= n) {
    for (; f < (idx_t)h * NROWS; f++)
      FLAT_NEXT(o[f]);
    for (; f + VW * NROWS <= n; f += VW * NROWS, j += VW) {
      TV x[VW];
#pragma unroll
      for (uint v = 0; v < VW; v++)
        x[v] = VLOADN(0, (const __private BASE *)((const __private T *)t[j + v] + SKEW));
      NR_OUT_(x, 0, o + f);
      NR_OUT_(x, 1, o + f);
      NR_OUT_(x, 2, o + f);
      NR_OUT_(x, 3, o + f);
      NR_OUT_(x, 4, o + f);
      NR_OUT_(x, 5, o + f);
      NR_OUT_(x, 6, o + f);
      NR_OUT_(x, 7, o + f);
      NR_OUT_(x, 8, o + f);
      NR_OUT_(x, 9, o + f);
      NR_OUT_(x, 10, o + f);
      NR_OUT_(x, 11, o + f);
      NR_OUT_(x, 12, o + f);
      NR_OUT_(x, 13, o + f);
      NR_OUT_(x, 14, o + f);
    }
  }
#endif
  for (; f < n && (size_t)(o + f) % (VW * ELEM_SIZE); f++)
    FLAT_NEXT(o[f]);
  for (; f + VW <= n; f += VW) {
    clt_vec v;
    if (r + VW <= (uint)rows) { /* within one row: a vector of the private buffer */
      v.v = VLOADN(0, (const __private BASE *)((const __private T *)t[j] + r + SKEW));
      r += VW;
      if (r == (uint)rows) {
        r = 0;
        j++;
      }
    } else {
      for (uint e = 0; e < VW; e++)
        FLAT_NEXT(v.e[e]);
    }
    STORE_OUT(v.v, o + f);
  }
  for (; f < n; f++)
    FLAT_NEXT(o[f]);
#undef FLAT_NEXT
}
#endif

/* A CPU tile kernel's walk (in the caller's scope, after CLT_IDX_ARGS): tiles_r x tiles_c tiles a matrix,
 * and the work-item's share of the batch's, tiles first to end - 1. */
#define CLT_TILE_SHARE()                                                                                     \
  const ulong tiles_r = (rows_ + TILE_R - 1) / TILE_R, tiles_c = (cols_ + TILE_C - 1) / TILE_C;              \
  const ulong total = tiles_r * tiles_c * batch_;                                                            \
  const ulong nw = get_global_size(0) * get_global_size(1),                                                  \
              w = get_global_id(1) * get_global_size(0) + get_global_id(0);                                  \
  const ulong first = w * total / nw, end = (w + 1) * total / nw

/* Tile i of the batch's tiles in a work-item's walk: matrix b, first row r0 and first column c0. */
void clt_tile_at(const ulong i, const ulong tiles_r, const ulong tiles_c, ulong *b, idx_t *r0, idx_t *c0) {
  const ulong per = tiles_r * tiles_c, k = i % per;
  *b = i / per;
  *r0 = (idx_t)(k / tiles_c) * TILE_R;
  *c0 = (idx_t)(k % tiles_c) * TILE_C;
}

#ifndef STRIP
#define STRIP 0
#endif
#if STRIP
#if defined(__clang__) && VW == 4 && ELEM_SIZE == 16
/* 16-byte elements are 4 uint lanes each: the strips' shuffles take 16 lanes, SL_ an element. */
#define SL_ 4
#define SK_MASK_(L, a) MASK16_(L, a, 0)
#elif defined(MASK_VW_)
#define SL_ 1
#define SK_MASK_(L, a) MASK_VW_(L, a, 0)
#endif
#if !defined(SK_MASK_) || !NT_RUN || SKEW || FLAT || VW * ELEM_SIZE != 64
#error "STRIP needs clang's shuffles, non-temporal stores, VW elements of a 64-byte line, no SKEW or FLAT"
#endif
/* M(a, k) for each k < VW (the shuffles below take constant lanes, so their loops are written out). */
#define EACH_VW_(M, a)                                                                                       \
  do {                                                                                                       \
    M(a, 0);                                                                                                 \
    M(a, 1);                                                                                                 \
    M(a, 2);                                                                                                 \
    M(a, 3);                                                                                                 \
    M(a, 4);                                                                                                 \
    M(a, 5);                                                                                                 \
    M(a, 6);                                                                                                 \
    M(a, 7);                                                                                                 \
    M(a, 8);                                                                                                 \
    M(a, 9);                                                                                                 \
    M(a, 10);                                                                                                \
    M(a, 11);                                                                                                \
    M(a, 12);                                                                                                \
    M(a, 13);                                                                                                \
    M(a, 14);                                                                                                \
    M(a, 15);                                                                                                \
  } while (0)
/* Destination rows off the lines, straight from registers (STRIP; the host sets SKO and SKD, the
 * destination's offset and row pitch modulo VW, where every matrix of the batch starts alike). Row c + j
 * of a block at (r, c) starts SK_M_(j) elements past a line in every block, a constant, so the line it
 * writes from r - SK_M_(j) on is cut from two blocks down the source, the one above and the current one,
 * by one shuffle of constant lanes. A work-item walks its tile a block row at a time, keeping each VW-wide
 * strip's block above transposed in pb (a kilobyte a strip), and writes every line whole and
 * non-temporal; each tile first reads the block row above it, as its runs start up to a line before it.
 * The first block row of the matrix and its last write their cut lines element by element. On 2 cores of
 * an AVX-512 EPYC host f32 4097x4095 ran at 29.9-31.2 GB/s against the skewed buffer's 26.3-27.2
 * (bench/results/pocl2/strip.txt, which has the forms that lost: a walk down each strip with the block
 * above in registers, 20.7-22.8 GB/s, as it read one line of each source row at a time). */
#define SK_M_(j) ((SKO + (j)*SKD) % VW)
#define SK_LANE_(k, m, u) ((k) + SL_ * (VW - (m)))
/* Row c + j's line from r - SK_M_(j) on, from p (the block above) and x (the current one). */
#define SK_OUT_(u, j)                                                                                        \
  do {                                                                                                       \
    if ((j) < VW)                                                                                            \
      STORE_OUT(SHUF_(p[(j) < VW ? (j) : 0], x[(j) < VW ? (j) : 0], SK_MASK_(SK_LANE_, SK_M_(j))),           \
                d + (c + (j)) * dst_ld + r - SK_M_(j));                                                      \
  } while (0)
#ifdef SRO
/* SRO and SRD (the host sets them where the source rows are off the vectors and every matrix starts
 * alike): the source's offset and row pitch modulo VW, so row k of every block starts SR_A_(k) elements
 * past a line, and is read as the two aligned lines it spans, shifted (one line where it starts on one),
 * where a load of 64 bytes off the line reads two lines in two pieces. The second line holds one of the
 * row's elements, so it never reaches a page the row does not. */
#define SR_A_(k) ((SRO + (k)*SRD) % VW)
#define SR_LANE_(i, a, u) ((i) + SL_ * (a))
#define SK_ROW_(r, k)                                                                                        \
  do {                                                                                                       \
    if ((k) < VW) {                                                                                          \
      global const TV *q_ = (global const TV *)(s + ((r) + (k)) * src_ld + c - SR_A_(k));                    \
      x[(k) < VW ? (k) : 0] = SR_A_(k) ? SHUF_(q_[0], q_[1], SK_MASK_(SR_LANE_, SR_A_(k))) : q_[0];          \
    }                                                                                                        \
  } while (0)
#else
#define SK_ROW_(r, k)                                                                                        \
  do {                                                                                                       \
    if ((k) < VW)                                                                                            \
      x[(k) < VW ? (k) : 0] = LOAD_ROW(s + ((r) + (k)) * src_ld + c);                                        \
  } while (0)
#endif
kernel void clt_block(CLT_TRANSPOSE_ARGS_AS(_)) {
  CLT_IDX_ARGS();
  CLT_TILE_SHARE();
  TV pb[TILE_C / VW][VW];
  for (ulong i = first; i < end; i++) {
    ulong b;
    idx_t r0, c0;
    clt_tile_at(i, tiles_r, tiles_c, &b, &r0, &c0);
    global const T *s = src + src_off + b * src_stride;
    global T *d = dst + dst_off + b * dst_stride;
    const idx_t r_end = r0 + TILE_R < rows ? r0 + TILE_R : rows;
    for (idx_t r = r0 ? r0 - VW : 0; r < r_end; r += VW) {
      for (uint h = 0; h < TILE_C / VW && c0 + h * VW < cols; h++) {
        const idx_t c = c0 + h * VW;
        if (c + VW > cols) { /* the right edge */
          if (r >= r0)
            EDGE_MOVE(r, c);
          continue;
        }
        TV x[VW];
        if (r + VW <= rows) {
          EACH_VW_(SK_ROW_, r);
        } else { /* the bottom edge: its rows, the rest 0 */
#pragma unroll
          for (uint k = 0; k < VW; k++)
            x[k] = r + k < rows ? LOAD_ROW(s + (r + k) * src_ld + c) : (TV)0;
        }
        TRANSPOSE_VW(x);
        if (r >= r0 && r && r + VW < rows) {
          const TV *p = pb[h];
          EACH_VW_(SK_OUT_, 0);
        } else if (r >= r0) { /* the first block row and the last: cut lines element by element */
          for (uint j = 0; j < VW; j++) {
            global T *o = d + (c + j) * dst_ld;
            const uint m = SK_M_(j);
            for (idx_t e = r > m ? r - m : 0; e < (r + VW < rows ? r + VW - m : rows); e++)
              o[e] = s[e * src_ld + c + j];
          }
        }
#pragma unroll
        for (uint k = 0; k < VW; k++)
          pb[h][k] = x[k];
      }
    }
  }
}

#elif TILE_R == VW && !SKEW && !FLAT
/* Tiles one block high (TILE_R == VW, no skew): each VW x VW block goes straight from its VW source rows to
 * its VW destination runs, one VW-element vector each (with 16 f32, one 64-byte line), non-temporal where
 * the run starts on a vector of memory, with no private buffer; the blocks of a tile follow each other
 * along its VW source rows. The native pattern that writes whole lines from registers this way (l16 of
 * bench/results/pocl2/src/native.c) ran ahead of the buffered one on 2 cores of an AVX-512 EPYC host, and
 * so did these tiles in POCL (bench/results/pocl2/direct.txt). */
kernel void clt_block(CLT_TRANSPOSE_ARGS_AS(_)) {
  CLT_IDX_ARGS();
  CLT_TILE_SHARE();
  for (ulong i = first; i < end; i++) {
    ulong b;
    idx_t r, c0;
    clt_tile_at(i, tiles_r, tiles_c, &b, &r, &c0);
    global const T *s = src + src_off + b * src_stride;
    global T *d = dst + dst_off + b * dst_stride;
    for (idx_t c = c0; c < c0 + TILE_C && c < cols; c += VW) {
      if (r + VW <= rows && c + VW <= cols) {
        TV x[VW];
#pragma unroll
        for (uint k = 0; k < VW; k++)
          x[k] = LOAD_ROW(s + (r + k) * src_ld + c);
        TRANSPOSE_VW(x);
#pragma unroll
        for (uint j = 0; j < VW; j++) {
          global T *o = d + (c + j) * dst_ld + r;
          if ((size_t)o % (VW * ELEM_SIZE) == 0)
            STORE_OUT(x[j], o);
          else
            VSTOREN(x[j], 0, (global BASE *)o);
        }
      } else { /* the right and bottom edges */
        EDGE_MOVE(r, c);
      }
    }
  }
}

#else /* tiles through a private buffer */
kernel void clt_block(CLT_TRANSPOSE_ARGS_AS(_)) {
  CLT_IDX_ARGS(); /* the tile count stays in ulong (from rows_, cols_, batch_) */
  CLT_TILE_SHARE();
#if FLAT
  const int flat = rows <= TILE_R && dst_ld == rows;
#endif
  /* With WALK the next tile's row groups are read into one buffer while the current tile's destination
   * rows are written from the other; without it the next tile is read after the current one's writes. */
  clt_vec t[1 + WALK][TILE_C][NG_];
  ulong i = first, b;
  idx_t r0, c0;
  if (i < end) {
    clt_tile_at(i, tiles_r, tiles_c, &b, &r0, &c0);
    for (uint g = 0; g < NG_; g++)
      clt_tile_read(t[0], src + src_off + b * src_stride, r0, c0, g, rows, cols, src_ld);
  }
  for (uint cur = 0; i < end; i++, cur ^= WALK) {
    global T *d = dst + dst_off + b * dst_stride;
    const idx_t r0_ = r0, c0_ = c0;
    const int more = i + 1 < end;
    if (more)
      clt_tile_at(i + 1, tiles_r, tiles_c, &b, &r0, &c0);
    global const T *s = src + src_off + b * src_stride;
    for (uint g = 0; g < NG_; g++) {
      if (WALK && more)
        clt_tile_read(t[cur ^ WALK], s, r0, c0, g, rows, cols, src_ld);
#if FLAT
      if (!flat)
#endif
        clt_tile_write(t[cur], d, r0_, c0_, g * TILE_C / NG_, (g + 1) * TILE_C / NG_, rows, cols, dst_ld);
    }
#if FLAT
    if (flat)
      clt_tile_write_flat(t[cur], d, c0_, rows, cols);
#endif
    if (!WALK && more)
      for (uint g = 0; g < NG_; g++)
        clt_tile_read(t[0], s, r0, c0, g, rows, cols, src_ld);
  }
}
#endif /* STRIP, TILE_R == VW */

#else /* one VW x VW block per work-item */
kernel void clt_block(CLT_TRANSPOSE_ARGS_AS(_)) {
  CLT_IDX_ARGS();
  const idx_t tiles_r = (rows + VW - 1) / VW, tiles_c = (cols + VW - 1) / VW;
  for (idx_t b = get_global_id(2); b < batch; b += get_global_size(2)) {
    global const T *s = src + src_off + b * src_stride;
    global T *d = dst + dst_off + b * dst_stride;
    for (idx_t tr = get_global_id(1); tr < tiles_r; tr += get_global_size(1)) {
      for (idx_t tc = get_global_id(0); tc < tiles_c; tc += get_global_size(0)) {
        const idx_t r0 = tr * VW, c0 = tc * VW;
        BLOCK_MOVE(r0, c0);
      }
    }
  }
}
#endif
