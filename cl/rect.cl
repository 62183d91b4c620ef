/* The GPU transpose: rectangular local-memory tiles, destination runs aligned to memory sectors, and
 * work-groups ordered down the source's columns. On an NVIDIA H200 a transpose loses its bandwidth to
 * destination sectors written in two halves by two work-groups (the memory reads the sector back to
 * merge them), not to misaligned reads; these three choices remove those halves (bench/results).
 * Tunables: TR (tile rows: the run each destination row gets), TC (tile columns), VW (elements per
 * access), WG_Y, PAD, SK, SKG and SKMAX (skew, below), SRC_VEC and DST_VEC (whether vector accesses are
 * aligned), and IDX32: every index of both views fits 32 bits, so the arithmetic is 32-bit (on an NVIDIA
 * H200 that alone took f64 8191x8193 from 86.6% to 91.8% of the copy, u8 16384^2 from 75.8% to 86.6%).
 * SRC_SHIFT: source rows that do not start on a vector boundary are still read as aligned vectors, each
 * placed in the tile shifted back by its row's misalignment (below); SHIFT_SPLIT: stored in aligned
 * pieces (below); SHIFT_FUNNEL: read as pairs of aligned words and shifted in registers (below). WORD_ROWS:
 * rows that start on a vector boundary stored to the tile a vector at a time, aligned (below). LOADS_FIRST:
 * the order in which a work-item's tile loads are written (below). EDGE_VEC, EDGE_ROWS, EDGE_SHIFT and
 * EDGE_CLAMP: how tiles across the matrix's edge move (below); OVERLAP: no such tiles (cl/common.cl). L2PF:
 * source loads carry an L2 prefetch-size hint of that many bytes (below). */
#ifndef TR
#error "TR must be defined"
#endif
#define WX (TC / VW) /* the work-group's width */
#ifndef SRC_SHIFT
#define SRC_SHIFT 0
#endif
/* Tile column of tile-relative source column k: with SRC_SHIFT a margin of VW columns on each side
 * takes the elements of the aligned vectors that lie outside the tile. */
#if SRC_SHIFT
#define OFF VW
#else
#define OFF 0
#endif
#define TCOL(k) ((k) + OFF)
/* SHIFT_FUNNEL (SRC_SHIFT, vectors of 4 or 8 bytes): in whole tiles each work-item reads its shifted
 * row's aligned vector and the next one as two words, shifts the word its columns need out of the pair
 * in registers, and stores it to the tile aligned: one local store a row, where the shifted vector went
 * element by element to a misaligned place and one more vector a row took a pass of its own. The tile's
 * rows are whole vectors for that. With 8 work-items a row, the lanes that read a tile column from rows
 * 4 (u8) or 2 (f16) apart still fall on distinct banks, and with 16 where each stores 2 elements (DVW, rows
 * 2 apart); with 16 or 32 storing 4 they share them. On an NVIDIA H200 wide u8 sources of 96 to 224 rows
 * in tiles 8 work-items wide went from 53.6-63.0% of the copy to 59.3-67.2%, and to 67.5-72.8% in 32 x 64
 * tiles 16 wide storing 2 bytes each; f16 ones from 79.3-82.3% to 82.5-85.4%; in tiles 16 or 32 wide
 * storing 4 u8 lost 5.4 to 38.4 points, f16 11.6 to 15.7 (bench/results/h200/knobs55.txt; src/tuning.c,
 * rect_shift_funnel and rect_word_tiles_wider, say where). */
#ifndef SHIFT_FUNNEL
#define SHIFT_FUNNEL 0
#endif
#if SHIFT_FUNNEL && !(SRC_SHIFT && (VW * ELEM_SIZE == 4 || VW * ELEM_SIZE == 8))
#error "SHIFT_FUNNEL needs shifted rows of 4- or 8-byte vectors"
#endif
/* WORD_ROWS (source rows not shifted, SRC_SHIFT 0): the tile's rows are whole vectors, as with SHIFT_FUNNEL,
 * and each work-item stores its row's vector to the tile as one aligned word, where a row of TC + PAD
 * elements put most vectors at a misaligned place, element by element. The rows' padding is then a whole
 * vector, and with 8 work-items a row (or 16 storing 2 elements each, DVW) a warp's reads of a tile column
 * still fall on distinct banks. On an NVIDIA H200 wide u8 sources of 96 to 224 rows on 4-byte words went
 * from 64.3-76.8% of the copy to 74.4-87.2% in 32 x 64 tiles 16 wide storing 2 bytes each (9.1 to 18.2
 * points; 65.9-78.6% in 32 x 32 tiles 8 wide), and read as word pairs (SHIFT_FUNNEL on rows not shifted)
 * to 66.0-73.3% (bench/results/h200/knobs56.txt A); tall u8 ones of 96 to 224 columns in tiles 8 wide
 * from 62.0-78.8% to 77.2-84.2% (B); f16 stayed level (-0.4 to +0.6; src/tuning.c, rect_word_rows, says
 * where). */
#ifndef WORD_ROWS
#define WORD_ROWS 0
#endif
#if WORD_ROWS && SRC_SHIFT
#error "WORD_ROWS is for rows that are not shifted (SHIFT_FUNNEL is its form for shifted ones)"
#endif
#if SHIFT_FUNNEL || WORD_ROWS /* rows of whole vectors */
#define TPITCH ((TC + PAD + 2 * OFF + VW - 1) / VW * VW)
#else
#define TPITCH (TC + PAD + 2 * OFF) /* a tile row's elements in local memory */
#endif
/* SHIFT_SPLIT (SRC_SHIFT, 4-element vectors of 1- or 2-byte elements): a shifted row's vector goes to
 * local memory as the aligned pieces its place in the row allows (the whole vector, two pairs, or an
 * element, a pair and an element), not element by element. The place is uniform in a tile row, so a
 * warp that stores one row takes one branch; the branches keep the compiler from moving later rows'
 * loads above them, so the loads come first (LOADS_FIRST, below). On an NVIDIA H200 f16 16383x16385
 * went from 87.0-87.3% of the copy to 89.3%, 8191x8193 79.0 -> 81.6-81.7, 12287x12289 83.7-84.0 ->
 * 85.5-85.7; without the loads first it stayed level or lost 30 points, and 1-byte elements lost 4 to
 * 42 (their registers went from 64 to 184 with it; bench/results/h200/knobs25.txt A). */
#ifndef SHIFT_SPLIT
#define SHIFT_SPLIT 0
#endif
#if SHIFT_SPLIT && (!SRC_SHIFT || VW != 4 || ELEM_SIZE > 2)
#error "SHIFT_SPLIT needs shifted rows of 4-element vectors of 1- or 2-byte elements"
#endif

/* PACK, 16-byte units: vectors of 4 to 16 bytes (VW * ELEM_SIZE). Each work-item loads the UE =
 * 16 / ELEM_SIZE source rows of a unit row, VW columns wide, transposes its blocks in registers, and
 * stores each column's UE elements to local memory as one 16-byte unit; a destination run then takes
 * one 16-byte local load and one 16-byte global store per 16 bytes, where the padded tile takes a
 * local load per element (16 for 16 bytes of u8). The tile is stored transposed, column by column,
 * with units XOR-swizzled by the column's vector index instead of padding, so neither side's accesses
 * share a bank. On an NVIDIA H200, u8 16384^2 with 16 x 16 byte blocks: 90.7-90.8% of the copy against
 * 88.9-89.2% padded; with 4-byte vectors units lost 2-6 points (bench/results/h200/knobs5.txt).
 * Needs no skew, no shifted rows, and destination rows on 16-byte boundaries, or on PST bytes (below; the
 * host checks). */
#ifndef PACK
#define PACK 0
#endif
#if PACK
#define UE (16 / ELEM_SIZE) /* elements per unit */
#if VW * ELEM_SIZE < 4 || VW > UE || SK || SRC_SHIFT || (TR / UE) % 8
#error "PACK needs vectors of 4 to 16 bytes, no skew, no shifted rows and tile rows a multiple of 8 units"
#endif
#define PU (TR / UE)                                     /* 16-byte units per tile column */
#define PUNIT(k, q) ((k)*PU + ((q) ^ (((k) / VW) & 7)))  /* tile column k, unit q */
#define PELEM(i, k) (PUNIT(k, (i) / UE) * UE + (i) % UE) /* tile row i, column k */
typedef union {
  uint4 u;
  T e[UE];
} clt_unit;
/* PST, bytes per destination store (16, 8 or 4): a unit goes out as 16 / PST pieces, consecutive
 * work-items taking consecutive pieces of a run, where the destination rows start on PST bytes only. On
 * an NVIDIA H200, u8 rows on 8 bytes but off 16 (11000^2) went from 65% of the copy in the skewed plain
 * tiles to 82.5-86.5% with 8-byte pieces; 4-byte pieces (with the 4-byte vectors such rows allow) lost
 * to the kernels before on 6 of 7 layouts of rows on 4 bytes (bench/results/h200/knobs39.txt A, B). */
#ifndef PST
#define PST 16
#endif
#if PST == 16
typedef uint4 clt_piece;
#elif PST == 8
typedef uint2 clt_piece;
#elif PST == 4 && ELEM_SIZE <= 4
typedef uint clt_piece;
#else
#error "PST must be 16, 8 or 4, and at least an element"
#endif
#define NPC (16 / PST)        /* pieces per unit */
#define PSE (PST / ELEM_SIZE) /* elements per piece */
#endif

/* SK > 0, skewed stores: destination row j of the tile gets the run [r0 - sh, r0 + TR - sh), where sh
 * puts the run's start on an SK-element boundary of the buffer, so whole sectors are written by one
 * work-group. sh depends on j only (TR is a multiple of SK), so the runs of consecutive tiles still
 * tile the row exactly; the tile holds the SK source rows above it for that (but with SKG). */
#if SK
#define SKEW_OF(a) ((uint)((a) % SK))
#else
#define SKEW_OF(a) 0u
#endif
/* SKG, the skew's rows from global memory (1-element vectors): the tile holds no rows above it, and
 * the first sh work-items of each run load its first sh elements (source rows r0 - sh .. r0 - 1, which
 * the group of the tile above has just read) before the barrier, in flight with the tile's loads. SK
 * whole rows take (TR + SK) / WG_Y load steps where the tile needs TR / WG_Y: for 16-byte elements
 * (SK 2 with 32 x 32 tiles, a fifth step) that cost c128 8191x8193 6 points of the copy on an NVIDIA
 * H200 (87.2% against 93.1%). Tried on every element size, skews of 4 to 16 rows cost more as scattered
 * loads than as rows (f64 8191x8193 91.0% against 92.3%, f32 64% against 90%; h200/knobs8.txt). */
#ifndef SKG
#define SKG 0
#endif
#if OVERLAP && SK
#error "OVERLAP needs no skew"
#endif
#if SKG && (VW != 1 || SK > WX || TC % WG_Y)
#error "SKG needs VW 1, SK <= WX and TC a multiple of WG_Y"
#endif
#define SKR (SKG ? 0 : SK) /* the source rows above the tile that the tile holds */
/* SKMAX: the largest skew of any destination row (the host's, where it saves the last tile row; a
 * tile row that only a larger skew would reach stores nothing). */
#ifndef SKMAX
#define SKMAX (SK ? SK - 1 : 0)
#endif
#if SKMAX >= (SK ? SK : 1)
#error "SKMAX must be below SK"
#endif
/* LOADS_FIRST: a work-item's tile-row loads are written as one loop into registers and its local
 * stores as a second, instead of one loop of load-store pairs. The compiler is free to schedule either
 * form, and NVIDIA's does not schedule them alike: on an NVIDIA H200 the two loops took u8 16383x16385
 * (shifted rows) from 61.4% of the copy to 72.2% and u8 64x2097151 from 64.8% to 69.8%, but cost the
 * shifted 2-byte configuration 14 points (f16 16383x16385, its registers down from 64 to 48), so only
 * 1-byte elements take them by default (bench/results/h200/knobs12.txt F and G), and SHIFT_SPLIT's
 * branched stores, which the compiler does not move loads above. */
#ifndef LOADS_FIRST
#define LOADS_FIRST (ELEM_SIZE == 1 || SHIFT_SPLIT)
#endif
/* The edge path: tiles across the matrix's last row or column, and with a skew every tile of the first
 * tile row (its run reaches above row 0), which is the whole matrix where the destination rows are
 * short (100x999999). EDGE_VEC moves a work-item's VW elements as one vector where all of them are
 * inside the matrix (element by element, a warp's accesses interleave VW ways); EDGE_ROWS of a
 * work-item's rows are loaded before their local stores (a loop of load-store pairs waits out a load
 * per row). On an NVIDIA H100 the two took skewed layouts and those of 1-element vectors from 70.7% of
 * the copy to 92.2% (f32 100x999999), 74.5 -> 93.6 (f64), 58.5 -> 70.7 (f16), c128 8191x8193 91.9 ->
 * 94.2, f16 8191x8193 84.0 -> 87.3, u8 16383x16385 83.0 -> 85.3, f32 and f64 odd 0.2 to 0.7 points.
 * They cost unskewed layouts of wider vectors, whose edge tiles are few, 0.2 to 6 points (f16
 * 64x1048575 89.0 -> 83.0) and shifted 2-byte rows 2 to 7 (the H200's f16 odd entry, 16383x16385
 * 88.9 -> 82.1), which keep the loop (bench/results/h100/notes.txt E). The host sets both (8 rows of
 * whole vectors) where that measured ahead on GPUs: src/tuning.c, rect_edge_rows. */
/* EDGE_SHIFT (SRC_SHIFT): edge tiles load as the whole ones do (clt_shift_tile, below), and store whole
 * vectors where inside the matrix (EDGE_VEC); 2 takes the form of clt_shift_tile that fixes the vectors
 * past the view's end in a pass of its own. On an NVIDIA H200 the shifted f16 kernel went from 90.7% of
 * the copy to 92.9% on 16383x16385, 70.5 -> 88.4 on 1000x99999, 64.2 -> 75.8 on 2047x2049 with 1; the u8
 * one with 2 from 52.5 to 61.3 on 100001x301, 54.9 -> 61.9 on 6001x5999, but 79.2 -> 75.5 on 16383x16385
 * (bench/results/h200/knobs40.txt; src/tuning.c, rect_edge_shift, says where). */
#ifndef EDGE_SHIFT
#define EDGE_SHIFT 0
#endif
#if EDGE_SHIFT && (!SRC_SHIFT || SKG)
#error "EDGE_SHIFT needs shifted rows and no SKG"
#endif
/* EDGE_CLAMP (SRC_SHIFT): edge tiles whose reads stay inside the view load as whole ones, their rows
 * outside the matrix clamped onto its first and last rows, in a call of clt_shift_tile of their own: the
 * first tile row of a skew, the last tile row and, without EDGE_SHIFT, the tiles across the last column
 * (the columns they read past it, from the next row, are never stored); with EDGE_SHIFT those keep its
 * path, which measured ahead there. The tiles whose reads would pass the view's end take the edge path.
 * On an NVIDIA H200 the skewed u8 kernel gained 1.1 to 4.4 points of the copy past 64 tile columns
 * (16383x16385 78.9% -> 80.8, 12001x12001 71.8 -> 75.5), 0.2 to 2.2 with EDGE_SHIFT 2; the f16 kernel
 * lost 4.4 to 12.8 with it, and the u8 one 14 to 22 with every tile's rows clamped in the whole tiles'
 * call instead (bench/results/h200/knobs41.txt; src/tuning.c, rect_edge_clamp, says where). */
#ifndef EDGE_CLAMP
#define EDGE_CLAMP 0
#endif
#if EDGE_CLAMP && (!SRC_SHIFT || SKG)
#error "EDGE_CLAMP needs shifted rows and no SKG"
#endif
#define EDGE_FAST (EDGE_SHIFT || ((SK > 0 || VW == 1) && !(SRC_SHIFT && ELEM_SIZE > 1)))
#ifndef EDGE_VEC
#define EDGE_VEC EDGE_FAST
#endif
#ifndef EDGE_ROWS
#define EDGE_ROWS (EDGE_FAST ? 4 : 1)
#endif
#define NLD ((TR + SKR + WG_Y - 1) / WG_Y) /* a work-item's tile rows */
/* The destination rows k of a tile that work-item row ly writes, the q-th in turn: with SKG unrolled, so
 * that edge[q] (below) stays in registers. */
#if SKG
#define NK (TC / WG_Y)
#define RUN_ROWS(q, k) _Pragma("unroll") for (uint q = 0, k = ly; q < NK; q++, k += WG_Y)
#else
#define RUN_ROWS(q, k) for (uint q = 0, k = ly; k < TC; q++, k += WG_Y)
#endif

/* An aligned vector (SRC_VEC's and SRC_SHIFT's loads), and a work-item's VW source elements. */
#define LOAD_ALIGNED(p) (*(global const TV *)(p))
#if SRC_VEC || VW == 1
#define LOAD_VEC(p) LOAD_ALIGNED(p)
#else
#define LOAD_VEC(p) VLOADN(0, (global const BASE *)(p))
#endif

/* DVW: elements per destination store, VW or fewer (the loads keep VW). A warp's DVW-element reads of
 * a tile column take rows DVW apart: with 4 rows of 2-byte elements and an odd padded row, lanes 16
 * apart read one bank, with 2 rows every lane its own. On an NVIDIA H200 the shifted f16 kernel went
 * from 89.2-89.4% of the copy to 90.0-90.2 with DVW 2 (16383x16385), 81.7-81.8 -> 84.1-84.2 (8191x8193),
 * 68.8 -> 73.0-73.1 (4097x6145); u8 in 4-element vectors lost 4 to 8 points (bench/results/h200/
 * knobs25.txt B; src/tuning.c says where). Single elements after 2-element loads (f32's odd entry)
 * moved f32 by -0.8 to +0.2 points, f16 by -3.8 to +0.5 (E). */
#ifndef DVW
#define DVW VW
#endif
#if DVW != VW && (DVW < 1 || VW % DVW || ELEM_SIZE > 8)
#error "DVW must be VW, or a divisor of VW for elements of up to 8 bytes"
#endif
#if DVW == VW
#define TVD TV
#define VSTORED VSTOREN
#else
#define TVD CLT_CAT(BASE, DVW)
#define VSTORED CLT_CAT(vstore, DVW)
#endif
#define NWM (TR / (WX * DVW)) /* a work-item's stores to a destination run */

#if DVW > 1
#if DST_VEC
#define STORE_VEC(v, p) (*(global TVD *)(p) = (v))
#else
#define STORE_VEC(v, p) VSTORED((v), 0, (global BASE *)(p))
#endif
/* Elements r .. r + DVW - 1 of tile column k as one vector. A vector literal rather than a union: the
 * kernel stays free of type punning (which Oclgrind cannot follow), and T may itself be a vector. */
#define G2(r, k) tile[r][TCOL(k)], tile[(r) + 1][TCOL(k)]
#define G4(r, k) G2(r, k), G2((r) + 2, k)
#define G8(r, k) G4(r, k), G4((r) + 4, k)
#define G16(r, k) G8(r, k), G8((r) + 8, k)
#if DVW == 2
#define GATHER(r, k) ((TVD)(G2(r, k)))
#elif DVW == 4
#define GATHER(r, k) ((TVD)(G4(r, k)))
#elif DVW == 8
#define GATHER(r, k) ((TVD)(G8(r, k)))
#else
#define GATHER(r, k) ((TVD)(G16(r, k)))
#endif
#endif

/* L2PF (64, 128 or 256; NVIDIA GPUs of compute capability 8.0 and later, through PTX): every source
 * load asks L2 to fetch that many bytes around it. Rows that start off 256 bytes leave each tile a
 * piece of the block its neighbour reads; with the hint the whole block arrives at once. On an NVIDIA
 * H200 f32 16383x16385 went from 89.9% of the copy to 92.4-92.7% with 256 bytes, f64 8191x8193 from
 * 91.8-92.0% to 93.4-93.6% with 128 (bench/results/h200/knobs22.txt D), and with 256 bytes u8
 * 16384x16383 from 65.6-68.1% to 79.9-80.1% (shifted rows), f16 16384x16383 78.9-79.0 -> 83.3-83.4,
 * c128 8191x8193 92.6 -> 94.7 (knobs23.txt; src/tuning.c says where). Loads of up to 4 base scalars
 * and 16 bytes: whole vectors where aligned (SRC_VEC, SRC_SHIFT), else up to 4 elements one by one. */
/* With L2LAST (cl/common.cl) the same loads, with or without L2PF, also carry the evict_last policy;
 * aligned vectors of more than 4 base scalars are loaded as 8 or 16 bytes, misaligned ones of more than
 * 4 elements without the policy. */
#ifndef L2PF
#define L2PF 0
#endif
#if L2PF || L2LAST
#if L2LAST
#define CLT_PFH "ld.global.L2::cache_hint"
#define CLT_POL(n) ", %" #n /* the policy operand, operand n */
#define CLT_POLIN , "l"(clt_l2_last())
#else
#define CLT_PFH "ld.global"
#define CLT_POL(n)
#define CLT_POLIN
#endif
#if L2PF == 64
#define CLT_PF CLT_PFH ".L2::64B"
#elif L2PF == 128
#define CLT_PF CLT_PFH ".L2::128B"
#elif L2PF
#define CLT_PF CLT_PFH ".L2::256B"
#else
#define CLT_PF CLT_PFH
#endif
#undef LOAD_ALIGNED
/* The PTX type of one BASE, its register constraint and the register's OpenCL type: PTX has no 8-bit
 * registers, so bytes travel in 16-bit ones. */
#if ELEM_SIZE == 1
#define CLT_PFT ".u8"
#define CLT_PFR "=h"
typedef ushort clt_pfreg;
#elif ELEM_SIZE == 2
#define CLT_PFT ".u16"
#define CLT_PFR "=h"
typedef ushort clt_pfreg;
#elif ELEM_SIZE == 8
#define CLT_PFT ".u64"
#define CLT_PFR "=l"
typedef ulong clt_pfreg;
#else /* 4, and 16 as four uints */
#define CLT_PFT ".u32"
#define CLT_PFR "=r"
typedef uint clt_pfreg;
#endif
#define CLT_BPE (ELEM_SIZE == 16 ? 4 : 1) /* BASEs per element */
/* One, two or four BASEs from p. */
static inline BASE clt_pf1(const global BASE *p) {
  clt_pfreg a;
  asm(CLT_PF CLT_PFT " %0, [%1]" CLT_POL(2) ";" : CLT_PFR(a) : "l"(p)CLT_POLIN);
  return (BASE)a;
}
#if ELEM_SIZE <= 8
static inline CLT_CAT(BASE, 2) clt_pf2(const global BASE *p) {
  clt_pfreg a, b;
  asm(CLT_PF ".v2" CLT_PFT " {%0, %1}, [%2]" CLT_POL(3) ";" : CLT_PFR(a), CLT_PFR(b) : "l"(p)CLT_POLIN);
  return (CLT_CAT(BASE, 2))((BASE)a, (BASE)b);
}
#endif
#if ELEM_SIZE != 8
static inline CLT_CAT(BASE, 4) clt_pf4(const global BASE *p) {
  clt_pfreg a, b, c, d;
  asm(CLT_PF ".v4" CLT_PFT " {%0, %1, %2, %3}, [%4]" CLT_POL(5) ";"
      : CLT_PFR(a), CLT_PFR(b), CLT_PFR(c), CLT_PFR(d)
      : "l"(p)CLT_POLIN);
  return (CLT_CAT(BASE, 4))((BASE)a, (BASE)b, (BASE)c, (BASE)d);
}
#endif
#define CLT_PFP(p) ((const global BASE *)(p))
/* Element e of the elements from p, and the VW elements from p as one aligned vector. */
#if ELEM_SIZE == 16
#define CLT_PFE(p, e) clt_pf4(CLT_PFP((const global T *)(p) + (e)))
#else
#define CLT_PFE(p, e) clt_pf1(CLT_PFP((const global T *)(p) + (e)))
#endif
#if VW * CLT_BPE == 1
#define LOAD_ALIGNED(p) clt_pf1(CLT_PFP(p))
#elif VW * CLT_BPE == 2
#define LOAD_ALIGNED(p) clt_pf2(CLT_PFP(p))
#elif VW * CLT_BPE == 4 && VW * ELEM_SIZE <= 16
#define LOAD_ALIGNED(p) clt_pf4(CLT_PFP(p))
#elif !L2PF && VW * ELEM_SIZE == 16
#define LOAD_ALIGNED(p) CLT_CAT(as_, TV)(clt_ldl16(p))
#elif !L2PF && VW * ELEM_SIZE == 8
#define LOAD_ALIGNED(p) CLT_CAT(as_, TV)(clt_ldl8(p))
#elif SRC_VEC || SRC_SHIFT
#error "L2PF takes aligned vectors of up to 4 base scalars and 16 bytes"
#endif
#if !SRC_VEC && VW > 1 /* misaligned vectors: element by element */
#undef LOAD_VEC
#if VW == 2
#define LOAD_VEC(p) ((TV)(CLT_PFE(p, 0), CLT_PFE(p, 1)))
#elif VW == 4
#define LOAD_VEC(p) ((TV)(CLT_PFE(p, 0), CLT_PFE(p, 1), CLT_PFE(p, 2), CLT_PFE(p, 3)))
#elif L2PF
#error "L2PF takes vectors of up to 4 elements"
#endif
#endif
#endif

#if SHIFT_FUNNEL
/* A vector as one word, and its aligned load: with the L2 hints (L2PF, L2LAST) as the other source loads
 * carry them. */
#if VW * ELEM_SIZE == 4
typedef uint clt_word;
#define CLT_WORD_BITS 32
#define CLT_WORD_PTX ".u32"
#define CLT_WORD_REG "=r"
#else
typedef ulong clt_word;
#define CLT_WORD_BITS 64
#define CLT_WORD_PTX ".u64"
#define CLT_WORD_REG "=l"
#endif
/* The word b bits (b > 0) into the pair lo, hi: the element at the lowest address is a word's low bits on
 * a little-endian device, its high bits on a big-endian one. */
#ifdef __ENDIAN_LITTLE__
#define CLT_FUNNEL(lo, hi, b) (((lo) >> (b)) | ((hi) << (CLT_WORD_BITS - (b))))
#else
#define CLT_FUNNEL(lo, hi, b) (((lo) << (b)) | ((hi) >> (CLT_WORD_BITS - (b))))
#endif
#if L2PF || L2LAST
static inline clt_word clt_pf_word(const global void *p) {
  clt_word a;
  asm(CLT_PF CLT_WORD_PTX " %0, [%1]" CLT_POL(2) ";" : CLT_WORD_REG(a) : "l"(p)CLT_POLIN);
  return a;
}
#define LOAD_WORD(p) clt_pf_word(p)
#else
#define LOAD_WORD(p) (*(global const clt_word *)(p))
#endif
#endif

#if SHIFT_SPLIT
/* Stores x at p - m, where p lies a multiple of 4 elements past e, the element index of its tile row's
 * start (so the place mod 4 is uniform in the row: no divergence where a warp stores one row). */
typedef CLT_CAT(BASE, 2) clt_pair;
static inline void clt_store_split(TV x, local T *p, uint m, uint e) {
  local T *q = p - m;
  const uint a = (e - m) % 4;
  /* In this order: on an NVIDIA H200 the shifted f16 kernel lost 0.7 to 1.0 points of the copy with
   * the odd places tested before the pairs (bench/results/h200/knobs25.txt G). Oclgrind 21.10's
   * optimized build runs a == 0 through the last branch of this form (its pair stores flagged
   * misaligned, the results exact; unoptimized, and with either other order, it is clean). */
  if (a == 0) {
    *(local TV *)q = x;
  } else if (a == 2) {
    *(local clt_pair *)q = x.s01;
    *(local clt_pair *)(q + 2) = x.s23;
  } else {
    q[0] = x.s0;
    *(local clt_pair *)(q + 1) = x.s12;
    q[3] = x.s3;
  }
}
#endif

/* A work-item's tile rows i = ly + k * WG_Y, as ROW_LOAD(k, i) and ROW_STORE(x, i) (defined where this
 * is used) load them and store them to local memory: each row's load and local store in turn, or with
 * LOADS_FIRST every load first. */
#define CLT_TILE_ROWS()                                                                                      \
  do {                                                                                                       \
    TV v[NLD];                                                                                               \
    _Pragma("unroll") for (uint k = 0; k < NLD; k++) {                                                       \
      const uint i = ly + k * WG_Y;                                                                          \
      if ((TR + SKR) % WG_Y == 0 || i < TR + SKR) {                                                          \
        v[k] = ROW_LOAD(k, i);                                                                               \
        if (!LOADS_FIRST)                                                                                    \
          ROW_STORE(v[k], i);                                                                                \
      }                                                                                                      \
    }                                                                                                        \
    _Pragma("unroll") for (uint k = 0; LOADS_FIRST && k < NLD; k++) {                                        \
      const uint i = ly + k * WG_Y;                                                                          \
      if ((TR + SKR) % WG_Y == 0 || i < TR + SKR)                                                            \
        ROW_STORE(v[k], i);                                                                                  \
    }                                                                                                        \
  } while (0)

#if SRC_SHIFT
/* Source row rs - SKR of an edge tile, rs never negative: rows above the matrix (the skew's, in the first
 * tile row) and below it are clamped onto its first and last rows. */
static inline idx_t clt_edge_row(idx_t rs, idx_t rows) {
  return rs < SKR ? 0 : min(rs - SKR, rows - 1);
}

/* The tile's rows, source rows r0 - SKR .. r0 + TR - 1 from a0 (tile row 0's first element) or, in an
 * edge tile, from sb (the batch's first row at the tile's first column), each read as aligned vectors
 * placed in the tile shifted back by the row's misalignment: row i's piece starts m elements past a vector
 * boundary, the aligned vectors from m elements before it land m columns to the left, so tile column
 * TCOL(k) still holds source column c0 + k, and one more vector per row, loaded by the work-item of that
 * number, brings its last m elements. One aligned load per vector instead of VW element loads. Every load
 * is unconditional (a clamped row, whose surplus is dropped), so all are in flight before the first local
 * store.
 * With edge (a constant where inlined) the tile crosses the matrix's edge and loads the same way, where
 * the edge path below loads misaligned vectors element by element, a few rows at a time. With
 * CLT_CLAMP_ROWS (EDGE_CLAMP, EDGE_SHIFT) rows outside the matrix are read from its first or last row
 * (clt_edge_row); with CLT_CLAMP_END too (EDGE_SHIFT) a vector that would pass the view's end (src_lim) is
 * replaced by the view's last aligned vector: the stores never take what these bring, and a replaced
 * vector's elements before src_lim are stored again one by one after it, in the local stores' loop
 * (EDGE_SHIFT 1) or, with EDGE_SHIFT 2, in a pass of their own where the tile's reads reach src_lim, rows
 * outside the matrix then placed by their own misalignment. NVIDIA's compiler gave the u8 kernel 128
 * registers with the first form, 32 with the second, 64 without either (with EDGE_CLAMP, 40 beside the
 * second and 64 alone), and the shifted f16 kernel 80 with the first, 106 with the second (80 without). Reads
 * past a row's end stay inside the source view, which the destination's never overlaps (the host checks).
 * Always inlined: left out of line at its call sites, POCL 3.1's build of the kernel wrote nothing at all. */
#define CLT_CLAMP_ROWS 1
#define CLT_CLAMP_END 2
/* Whether the tile's last row inside the matrix reads past the view's end src_lim (uniform in the group):
 * EDGE_CLAMP's loads stop short of it, and EDGE_SHIFT 2 stores the vectors it replaced there. */
#define CLT_LAST_ROW_PAST(sb, r0, rows, src_ld, src_lim)                                                     \
  ((sb) + (min((r0) + TR, (rows)) - 1) * (src_ld) + TC + VW > (src_lim))
static inline __attribute__((always_inline)) void
clt_shift_tile(local T (*tile)[TPITCH], global const T *src, const idx_t a0, const idx_t sb, const idx_t r0,
               const idx_t rows, const idx_t src_ld, const idx_t src_lim, const uint lx, const uint ly,
               const int edge) {
  const idx_t last = (src_lim / VW - 1) * VW;
#define ROW_AT(i)                                                                                            \
  ((edge & CLT_CLAMP_ROWS) ? sb + clt_edge_row(r0 + (i), rows) * src_ld : a0 + (idx_t)(i)*src_ld)
#define VEC_AT(i, n) (ROW_AT(i) - ROW_AT(i) % VW + (idx_t)(n)*VW) /* row i's n-th aligned vector */
#if EDGE_SHIFT == 2 /* tile row i's place: its own row's, which wraps above the matrix (never stored) */
#define PLACE_AT(i) (a0 + (idx_t)(i)*src_ld)
#else
#define PLACE_AT(i) ROW_AT(i)
#endif
#define ROW_VEC(i, n)                                                                                        \
  ((edge & CLT_CLAMP_END) ? (global const TV *)(src + min(VEC_AT(i, n), last))                               \
                          : (global const TV *)(src + (ROW_AT(i) - ROW_AT(i) % VW)) + (n))
  /* Where vector n of row i was replaced, its elements before src_lim, at tile column col (with EDGE_SHIFT 2
   * rows outside the matrix have none: their index passes src_lim, or wraps past it above the matrix). */
#define ROW_FIX(i, n, col)                                                                                   \
  do {                                                                                                       \
    const idx_t va = PLACE_AT(i) - PLACE_AT(i) % VW + (idx_t)(n)*VW;                                         \
    if ((edge & CLT_CLAMP_END) && va + VW > src_lim)                                                         \
      for (uint e = 0; e < VW && va + e < src_lim; e++)                                                      \
        tile[i][(col) + e] = src[va + e];                                                                    \
  } while (0)
#if SHIFT_FUNNEL
  if (!edge) { /* every load first; both words of a row in flight at once */
    clt_word lo[NLD], hi[NLD];
#pragma unroll
    for (uint k = 0; k < NLD; k++) {
      const uint i = ly + k * WG_Y;
      if ((TR + SKR) % WG_Y == 0 || i < TR + SKR) {
        lo[k] = LOAD_WORD(ROW_VEC(i, lx));
        hi[k] = LOAD_WORD(ROW_VEC(i, lx + 1));
      }
    }
#pragma unroll
    for (uint k = 0; k < NLD; k++) {
      const uint i = ly + k * WG_Y;
      if ((TR + SKR) % WG_Y == 0 || i < TR + SKR) {
        const uint b = (uint)(PLACE_AT(i) % VW) * (ELEM_SIZE * 8); /* the row's misalignment in bits */
        *(local clt_word *)&tile[i][TCOL(lx * VW)] = b ? CLT_FUNNEL(lo[k], hi[k], b) : lo[k];
      }
    }
    return;
  }
#endif
#define NEX ((TR + SKR + WX * WG_Y - 1) / (WX * WG_Y))
  TV ex[NEX];
#pragma unroll
  for (uint q = 0; q < NEX; q++)
    ex[q] = LOAD_ALIGNED(ROW_VEC(min(ly * WX + lx + q * WX * WG_Y, (uint)(TR + SKR - 1)), WX));
#define ROW_LOAD(k, i) LOAD_ALIGNED(ROW_VEC(i, lx))
#if SHIFT_SPLIT
#define ROW_PUT(x, i)                                                                                        \
  clt_store_split((x), &tile[i][TCOL(lx * VW)], (uint)(PLACE_AT(i) % VW), (uint)(i)*TPITCH + TCOL(0))
#else
#define ROW_PUT(x, i) VSTOREN((x), 0, (local BASE *)&tile[i][TCOL(lx * VW) - (uint)(PLACE_AT(i) % VW)])
#endif
#define ROW_STORE(x, i)                                                                                      \
  do {                                                                                                       \
    ROW_PUT(x, i);                                                                                           \
    if (EDGE_SHIFT != 2)                                                                                     \
      ROW_FIX(i, lx, TCOL(lx *VW) - (uint)(PLACE_AT(i) % VW));                                               \
  } while (0)
  CLT_TILE_ROWS();
#pragma unroll
  for (uint q = 0; q < NEX; q++) {
    const uint i = ly * WX + lx + q * WX * WG_Y;
    const uint m = (uint)(PLACE_AT(i) % VW);
    if (i < TR + SKR && m) {
      VSTOREN(ex[q], 0, (local BASE *)&tile[i][TCOL(TC) - m]);
      if (EDGE_SHIFT != 2)
        ROW_FIX(i, WX, TCOL(TC) - m);
    }
  }
#if EDGE_SHIFT == 2
  if ((edge & CLT_CLAMP_END) && CLT_LAST_ROW_PAST(sb, r0, rows, src_ld, src_lim)) {
    for (uint i = ly; i < TR + SKR; i += WG_Y)
      ROW_FIX(i, lx, TCOL(lx * VW) - (uint)(PLACE_AT(i) % VW));
    for (uint i = ly * WX + lx; i < TR + SKR; i += WX * WG_Y)
      if (PLACE_AT(i) % VW)
        ROW_FIX(i, WX, TCOL(TC) - (uint)(PLACE_AT(i) % VW));
  }
#endif
#undef NEX
#undef ROW_AT
#undef VEC_AT
#undef PLACE_AT
#undef ROW_VEC
#undef ROW_FIX
#undef ROW_LOAD
#undef ROW_PUT
#undef ROW_STORE
}
#endif

kernel __attribute__((reqd_work_group_size(WX, WG_Y, 1))) void clt_rect(CLT_TRANSPOSE_ARGS_AS(_)) {
#if PACK
  local uint4 tile_u[TC * PU];
  local T *tile_e = (local T *)tile_u;
#elif SHIFT_SPLIT || SHIFT_FUNNEL || WORD_ROWS
  local T tile[TR + SKR][TPITCH] __attribute__((aligned(16))); /* pieces aligned to the tile's start */
#else
  local T tile[TR + SKR][TPITCH]; /* tile row i: source row r0 - SKR + i */
#endif
  const uint lx = (uint)get_local_id(0), ly = (uint)get_local_id(1);
  CLT_IDX_ARGS();
  const idx_t tiles_r = (rows + SKMAX + TR - 1) / TR, tiles_c = (cols + TC - 1) / TC;
#if SRC_SHIFT
  /* One past the view's last element: a shifted row reads up to VW - 1 elements past its tile row. */
  const idx_t src_lim = src_off + (batch - 1) * src_stride + (rows - 1) * src_ld + cols;
#endif

  /* Group-uniform loops (the host caps the grid). Dimension 0 walks down the source: the groups that
   * run together write neighbouring runs of the same destination rows (on an NVIDIA H200, walking along
   * the source rows instead cost 0.6 to 11 points of the copy's speed, a diagonal order up to 11 points
   * and gained 0.2 only for 16-byte elements: bench/results/h200/knobs3.txt), but along the tile rows
   * for tall sources with ACROSS (cl/common.cl). The group ids are read once, outside the loops: read
   * in the loop heads instead, NVIDIA's compiler made a slower kernel of the shifted 2-byte
   * configuration (f16 16383x16385 at 68.6% of the copy against 85.0%). */
  CLT_FIRST_TILE()
  CLT_GROUP_LOOP(b, get_group_id(2), batch, get_num_groups(2)) {
    global const T *s = src + src_off + b * src_stride;
    global T *d = dst + dst_off + b * dst_stride;
    const idx_t d_begin = dst_off + b * dst_stride; /* d[0]'s index in the buffer, for the skew */
    CLT_GROUP_LOOP(tc, CLT_G_COL, tiles_c, CLT_N_COL) {
      CLT_GROUP_LOOP(tr, CLT_G_ROW, tiles_r, CLT_N_ROW) {
        const idx_t r0 = CLT_TILE_AT(tr, TR, rows), c0 = CLT_TILE_AT(tc, TC, cols), c = c0 + (idx_t)lx * VW;
        /* uniform in the group */
        const int full = OVERLAP || (r0 >= SK && r0 + TR <= rows && c0 + TC <= cols);
#if SRC_SHIFT
        const idx_t a0 = src_off + b * src_stride + (r0 - SKR) * src_ld + c0; /* row 0's first element */
        const idx_t sb = src_off + b * src_stride + c0; /* the batch's row 0 at the tile's first column */
        const int full_src = full && a0 + (TR + SKR - 1) * src_ld + TC + VW <= src_lim;
#else
        const int full_src = full;
#endif
        if (full_src) {
          /* No bounds tests, unrolled: every load of a work-item is in flight before its local stores. */
#if PACK
          for (uint q = ly; q < PU; q += WG_Y) {
            global const T *sp = s + (r0 + (idx_t)q * UE) * src_ld + c;
            clt_vec v[UE];
#pragma unroll
            for (uint i = 0; i < UE; i++)
              v[i].v = LOAD_VEC(sp + (idx_t)i * src_ld);
#pragma unroll
            for (uint j = 0; j < VW; j++) {
              clt_unit u;
#pragma unroll
              for (uint i = 0; i < UE; i++)
                u.e[i] = v[i].e[j];
              tile_u[PUNIT(lx * VW + j, q)] = u.u;
            }
          }
#elif SRC_SHIFT
          clt_shift_tile(tile, src, a0, sb, r0, rows, src_ld, src_lim, lx, ly, 0);
#else
          global const T *sp = s + (r0 - SKR + ly) * src_ld + c;
#define ROW_LOAD(k, i) LOAD_VEC(sp + (idx_t)(k)*WG_Y * src_ld)
#if WORD_ROWS /* the row's place is a whole number of vectors into the tile */
#define ROW_STORE(x, i) (*(local TV *)&tile[i][TCOL(lx * VW)] = (x))
#elif VW > 1
#define ROW_STORE(x, i) VSTOREN((x), 0, (local BASE *)&tile[i][TCOL(lx * VW)])
#else
#define ROW_STORE(x, i) (tile[i][TCOL(lx)] = (x))
#endif
          CLT_TILE_ROWS();
#undef ROW_LOAD
#undef ROW_STORE
#endif
#if EDGE_CLAMP
        } else if ((!EDGE_SHIFT || c0 + TC <= cols) && !CLT_LAST_ROW_PAST(sb, r0, rows, src_ld, src_lim)) {
          clt_shift_tile(tile, src, a0, sb, r0, rows, src_ld, src_lim, lx, ly, CLT_CLAMP_ROWS);
#endif
        } else {
#if PACK
          for (uint i = ly; i < TR; i += WG_Y)
            if (r0 + i < rows)
              for (uint e = 0; e < VW; e++)
                if (c + e < cols)
                  tile_e[PELEM(i, lx * VW + e)] = s[(r0 + i) * src_ld + c + e];
#elif EDGE_SHIFT
          clt_shift_tile(tile, src, a0, sb, r0, rows, src_ld, src_lim, lx, ly,
                         CLT_CLAMP_ROWS | CLT_CLAMP_END);
#elif !EDGE_VEC && EDGE_ROWS == 1 && !SRC_SHIFT
          /* Element by element, a row at a time. The loop below moves the same elements with these
           * knobs, but NVIDIA's compiler made a slower kernel of it as a whole: on an NVIDIA H200 f16
           * 64x1048575 ran at 77.0% of the copy against 82.7% with this one; with shifted rows it cost u8
           * 64x2097151 3.5 to 3.8 points on an NVIDIA H100 (bench/results/h200/knobs16.txt E). */
          for (uint i = ly; i < TR + SKR; i += WG_Y) {
            const idx_t rs = r0 + i; /* the source row plus SKR: never negative */
            if (rs >= SKR && rs - SKR < rows)
              for (uint e = 0; e < VW; e++)
                if (c + e < cols)
                  tile[i][TCOL(lx * VW + e)] = s[(rs - SKR) * src_ld + c + e];
          }
#else
          /* Rows inside the matrix only (rs, the source row plus SKR, is never negative); a vector
           * that crosses the last column goes element by element, straight to local memory. */
#define EDGE_ROW_IN(i, rs) ((i) < TR + SKR && (rs) >= SKR && (rs)-SKR < rows)
#define EDGE_WHOLE ((EDGE_VEC || VW == 1) && c + VW <= cols)
          for (uint i0 = ly; i0 < TR + SKR; i0 += EDGE_ROWS * WG_Y) {
            TV x[EDGE_ROWS];
#pragma unroll
            for (uint b = 0; b < EDGE_ROWS; b++) {
              const uint i = i0 + b * WG_Y;
              const idx_t rs = r0 + i;
              if (EDGE_ROW_IN(i, rs)) {
                global const T *sp = s + (rs - SKR) * src_ld + c;
                if (EDGE_WHOLE)
                  x[b] = LOAD_VEC(sp);
                else
                  for (uint e = 0; e < VW; e++)
                    if (c + e < cols)
                      tile[i][TCOL(lx * VW + e)] = sp[e];
              }
            }
#pragma unroll
            for (uint b = 0; b < EDGE_ROWS; b++) {
              const uint i = i0 + b * WG_Y;
              if (EDGE_ROW_IN(i, r0 + i) && EDGE_WHOLE)
#if VW > 1
                VSTOREN(x[b], 0, (local BASE *)&tile[i][TCOL(lx * VW)]);
#else
                tile[i][TCOL(lx)] = x[b];
#endif
            }
          }
#undef EDGE_ROW_IN
#undef EDGE_WHOLE
#endif
        }
#if SKG
        T edge[NK]; /* element lx of each of the work-item's runs, where lx < sh */
        if (full) {
          RUN_ROWS(q, k) {
            const idx_t j = c0 + k;
            const uint sh = SKEW_OF(d_begin + j * dst_ld + r0);
            if (lx < sh)
              edge[q] = s[(r0 - sh + lx) * src_ld + j];
          }
        }
#endif
        barrier(CLK_LOCAL_MEM_FENCE);

#if PACK
        /* Piece h of destination row c0 + k (of unit q): consecutive work-items take consecutive pieces
         * of a row. */
        for (uint t = ly * WX + lx; t < TC * PU * NPC; t += WX * WG_Y) {
          const uint k = t / (PU * NPC), h = t % (PU * NPC), q = h / NPC;
          const idx_t j = c0 + k;
          if (full) {
            *(global clt_piece *)(d + j * dst_ld + r0 + h * PSE) =
                ((local clt_piece *)tile_u)[PUNIT(k, q) * NPC + h % NPC];
          } else if (j < cols) {
            for (uint i = h * PSE; i < (h + 1) * PSE; i++)
              if (r0 + i < rows)
                d[j * dst_ld + r0 + i] = tile_e[PELEM(i, k)];
          }
        }
#else
        /* Destination row j = c0 + k gets its run; work-item lx writes DVW elements at a time. Element p
         * of the run is source row r0 - sh + p, tile row SKR - sh + p. */
        RUN_ROWS(q, k) {
          const idx_t j = c0 + k;
          const uint sh = SKEW_OF(d_begin + j * dst_ld + r0);
          if (full) {
            global T *dp = d + j * dst_ld + (r0 - sh);
#pragma unroll
            for (uint m = 0; m < NWM; m++) {
              const uint p = (lx + m * WX) * DVW; /* position in the run */
#if DVW > 1
              STORE_VEC(GATHER(SKR - sh + p, k), dp + p);
#elif SKG
              dp[p] = m == 0 && lx < sh ? edge[q] : tile[p - sh][TCOL(k)];
#else
              dp[p] = tile[SKR - sh + p][TCOL(k)];
#endif
            }
          } else if (j < cols) {
            for (uint m = 0; m < NWM; m++) {
#if DVW > 1
              const uint p0 = (lx + m * WX) * DVW;
              if (EDGE_VEC && r0 + p0 >= sh && r0 + p0 - sh + DVW <= rows) {
                STORE_VEC(GATHER(SKR - sh + p0, k), d + j * dst_ld + (r0 + p0 - sh));
                continue;
              }
#endif
              for (uint e = 0; e < DVW; e++) {
                const uint p = (lx + m * WX) * DVW + e;
                const idx_t rs = r0 + p; /* the destination column plus sh */
                if (rs >= sh && rs - sh < rows)
                  d[j * dst_ld + (rs - sh)] =
                      SKG && p < sh ? s[(rs - sh) * src_ld + j] : tile[SKR - sh + p][TCOL(k)];
              }
            }
          }
        }
#endif
        barrier(CLK_LOCAL_MEM_FENCE);
      }
    }
  }
}
