/* Kernel parameters: from a device's reported limits and a layout to a variant, tile, vector width and
 * work-group shape, and from those to the -D build options and the NDRange. Pure functions of their
 * inputs (the device comes in as a clt__device_info), so any device can be faked in the unit tests. */
#include "clt_internal.h"

#include <stdio.h>
#include <string.h>

/* CUDA-derived drivers reject more than 65535 work-groups in y and z; the kernels stride over the rest. */
#define CLT__MAX_GROUPS_YZ 65535u
#define CLT__MAX_GROUPS_X 1048576u
/* The narrow kernel's largest short extent and long one (elements), and the short sides AUTO gives it
 * without a measured rule for more (clt__narrow_auto). */
#define CLT__NARROW_MAX 128u
#define CLT__NARROW_AUTO_MAX 64u
#define CLT__NARROW_TILE_MAX 4096u

typedef struct type_names {
  const char *t, *base; /* element type, and the scalar its vectors are built of */
  unsigned base_per_elem;
} type_names;

static type_names names_for(size_t elem_size) {
  switch (elem_size) {
  case 1:
    return (type_names){"uchar", "uchar", 1};
  case 2:
    return (type_names){"ushort", "ushort", 1};
  case 4:
    return (type_names){"uint", "uint", 1};
  case 8:
    return (type_names){"ulong", "ulong", 1};
  default:
    return (type_names){"uint4", "uint", 4};
  }
}

static int is_pow2(size_t x) {
  return x && !(x & (x - 1));
}

static size_t div_up(size_t a, size_t b) {
  return (a + b - 1) / b;
}

/* Whether AUTO treats the device as a CPU. CPU drivers put local memory in ordinary memory: staging
 * through it only adds a copy, and a straight element loop over cache-sized tiles wins (measured on
 * POCL, see bench/results). */
static int cpu_like(const clt__device_info *info) {
  return info->local_mem_is_global || (info->type & CL_DEVICE_TYPE_CPU);
}

/* Largest vector of the element type OpenCL has: 16 components of the base scalar. */
static unsigned max_vw(size_t elem_size) {
  return elem_size == 16 ? 4u : 16u;
}

/* Columns of rect's local tile row (cl/rect.cl): the tile's, its padding, and its margins. */
static size_t rect_cols(const clt__config *c) {
  if (c->pack) /* 16-byte units: no padding, no margins */
    return (size_t)c->wg_x * c->vw;
  size_t cols = (size_t)c->wg_x * c->vw + c->pad;
  if (c->shift_ok) /* a vector's margin on each side for shifted source rows */
    cols += 2 * c->vw;
  return c->shift_funnel || c->word_rows ? div_up(cols, c->vw) * c->vw : cols; /* rows of whole vectors */
}

/* The narrow kernel's padding after each tile line: the pad knob rounded up to whole vectors of the
 * long side, whose vectors are read or written in local memory in place (cl/narrow.cl). */
static unsigned narrow_pad(const clt__config *c) {
  if (c->flat) /* held as read or as written (GATHER, SCATTER): no lines to pad */
    return 0;
  const unsigned v = c->wide ? c->nvl : c->nvs;
  return v ? (c->pad + v - 1) / v * v : c->pad;
}

static size_t local_bytes(const clt__config *c, size_t elem_size) {
  switch (c->variant) {
  case CLT_VARIANT_TILED:
    return (size_t)c->tile * (c->tile + c->pad) * elem_size;
  case CLT_VARIANT_VECTOR: /* skewed stores double the row pitch (cl/vector.cl) */
    return (size_t)c->tile * c->tile * elem_size * (c->pre ? 2 : 1);
  case CLT_VARIANT_RECT: /* pre: the skew's extra rows, unless read from global memory */
    return (size_t)(c->tile + (c->skg ? 0 : c->pre)) * rect_cols(c) * elem_size;
  case CLT_VARIANT_NARROW: /* a FLAT tile as read or written: a word after each 16 bytes' lines */
    if (c->flat)
      return (size_t)(c->tile + c->pre) / (16 / elem_size) * (16 * c->short_ext + 4);
    return (size_t)c->short_ext * (c->tile + narrow_pad(c)) * elem_size;
  default:
    return 0;
  }
}

/* The XOR swizzle needs as many distinct unit slots as one bank cycle (128 bytes) holds units, capped
 * by the units in a tile row. */
static unsigned swizzle_mask(const clt__config *c, size_t elem_size) {
  size_t unit = c->vw * elem_size;
  size_t per_cycle = unit >= 128 ? 1 : 128 / unit;
  size_t units = c->tile / c->vw;
  return (unsigned)((per_cycle < units ? per_cycle : units) - 1);
}

/* Whether every vw-element vector of one view starts vw-aligned (relative to the buffer). */
static int view_vw_aligned(size_t offset, size_t ld, size_t stride, size_t batch, unsigned vw) {
  return offset % vw == 0 && ld % vw == 0 && (batch == 1 || stride % vw == 0);
}

/* Whether every source row starts on a vw-element vector (one matrix's or a batch's, offset included); and
 * every destination row. */
static int src_rows_on(const clt__layout *l, unsigned vw) {
  return view_vw_aligned(l->src_offset, l->src_ld, l->src_stride, l->batch, vw);
}

static int dst_rows_on(const clt__layout *l, unsigned vw) {
  return view_vw_aligned(l->dst_offset, l->dst_ld, l->dst_stride, l->batch, vw);
}

/* Whether the destination rows are dense (each starts where the one before ends) and do not all start
 * on vw-element vectors: where the block kernel's CPU tiles hold every row, their runs are written as
 * one (cl/block.cl's FLAT). */
static int dense_rows_off_vectors(const clt__layout *l, unsigned vw) {
  return l->dst_ld == l->rows && !dst_rows_on(l, vw);
}

/* Whether cl/block.cl's shuffles with constant masks (its MASK_VW_, behind NCOLS and NROWS) cover block rows
 * of vw elements. */
static int block_masks_cover(unsigned vw) {
  return vw == 8 || vw == 16;
}

/* Whether the block kernel's CPU tiles write a wide source of fewer rows than their vw-element block rows
 * (8 or 16) vw destination rows at a time, as the one run of vectors those rows form (cl/block.cl's NROWS
 * with FLAT): dense destination rows off the vectors, one of the first vw rows of every tile's run starting
 * on a vector. A row starts on one where the run's offset, plus a multiple of the rows, is a multiple of
 * vw: some does wherever the offset of every matrix is a multiple of g, the largest power of two that
 * divides both (tiles start a multiple of the rows further on). */
static int few_rows_as_runs(const clt__layout *l, unsigned vw) {
  size_t g = 1;
  while (g < vw && l->rows % (2 * g) == 0)
    g *= 2;
  return l->rows < vw && block_masks_cover(vw) && dense_rows_off_vectors(l, vw) && l->dst_offset % g == 0 &&
         (l->batch == 1 || l->dst_stride % g == 0);
}

/* Whether the block kernel's CPU tiles skew their runs (SKEW in cl/block.cl): some destination row does not
 * start on a 64-byte line, or the buffers are not known to start on one. */
static int cpu_runs_skewed(const clt__device_info *info, const clt__layout *l) {
  return info->base_align_bytes < 64 || !dst_rows_on(l, (unsigned)(64 / l->elem_size));
}

/* Whether the destination is dense: each row starts where the one before ends, and each matrix of a batch
 * where the one before ends. */
static int dense_destination(const clt__layout *l) {
  return l->dst_ld == l->rows && (l->batch == 1 || l->dst_stride == l->rows * l->cols);
}

/* The bytes of one matrix of the call, which bounds the H200's rules for matrices of tens of MB. */
static size_t matrix_bytes(const clt__layout *l) {
  return l->rows * l->cols * l->elem_size;
}

/* The bytes the whole call moves each way (every matrix of the batch). */
static size_t call_bytes(const clt__layout *l) {
  return matrix_bytes(l) * l->batch;
}

/* Whether the destination rows are dense and every matrix's first row starts on a 16-byte vector, so a
 * wide source's tile of whole destination rows writes one run of aligned vectors (the narrow kernel's
 * FLAT). */
static int dense_rows_from_16(const clt__layout *l) {
  const size_t fv = 16 / l->elem_size;
  return l->dst_ld == l->rows && l->dst_offset % fv == 0 && (l->batch == 1 || l->dst_stride % fv == 0);
}

/* The largest power of two up to max that divides extent and starts every vector of the source
 * (dst 0) or destination view on its own boundary. */
static unsigned narrow_vector(unsigned max, size_t extent, const clt__device_info *info, const clt__layout *l,
                              int dst) {
  unsigned v = max ? max : 1;
  while (v > 1 && (extent % v || info->base_align_bytes < v * l->elem_size ||
                   !(dst ? dst_rows_on(l, v) : src_rows_on(l, v))))
    v /= 2;
  return v;
}

/* 32-bit index arithmetic is safe when every element index of both views, plus what the grid runs
 * past the end (at most `over` elements and a skew's worth of rows), stays below 2^32. */
static int idx32_ok(const clt__layout *l, unsigned over) {
  const unsigned long long lim = 0xFFFFFFFFull - 2ull * (over + 1024);
  return l->src_end / l->elem_size < lim && l->dst_end / l->elem_size < lim;
}

/* Bytes per destination store of rect's 16-byte units (cl/rect.cl's PST): dst_align where it asks for
 * runs aligned to 8 or 4 bytes only (and an element fits in that), else the whole unit. */
static unsigned pack_store_bytes(const clt__config *c, size_t elem_size) {
  return (c->dst_align == 8 || c->dst_align == 4) && c->dst_align >= elem_size ? c->dst_align : 16;
}

/* Whether rect's 16-byte units (PACK in cl/rect.cl) suit the layout: vectors of 4 to 16 bytes, tile rows
 * a multiple of 8 units, vector-aligned source rows (no shifted rows) and destination rows aligned to
 * 16 bytes (or to the 8 or 4 of a dst_align that stores units in pieces, pack_store_bytes) and to a
 * larger dst_align (no skew). */
static int rect_pack_ok(const clt__config *c, const clt__device_info *info, const clt__layout *l) {
  const size_t es = l->elem_size, ue = 16 / es;
  const size_t align = c->dst_align == 1 ? 16 : c->dst_align ? c->dst_align : 32;
  const size_t dst_elems = (align > 16 ? align : pack_store_bytes(c, es)) / es;
  return c->vw * es >= 4 && c->vw <= ue && c->tile % (8 * ue) == 0 && info->base_align_bytes >= align &&
         src_rows_on(l, c->vw) && dst_rows_on(l, (unsigned)dst_elems);
}

/* Source columns one tile of a rect, vector or tiled configuration covers. */
static size_t tile_cols(const clt__config *c) {
  return c->variant == CLT_VARIANT_RECT ? (size_t)c->wg_x * c->vw : c->tile;
}

/* Whether a rect, vector or tiled configuration's tiles cover the matrix whole (no skew counted). */
static int tiles_whole(const clt__config *c, const clt__layout *l) {
  return l->rows % c->tile == 0 && l->cols % tile_cols(c) == 0;
}

/* The source rows past the matrix that a skew can reach: a destination row's run starts up to its skew
 * before the tile's first row (rect: sk_max where set, else the skew less one). */
static size_t skew_reach(const clt__config *c) {
  if (c->variant == CLT_VARIANT_RECT)
    return c->sk_max ? c->sk_max : c->pre ? c->pre - 1 : 0;
  return c->pre ? (size_t)c->pre * c->vw - 1 : 0;
}

/* Tile rows and tile columns of a rect or vector configuration (a skew adds a tile row at the end). */
static void tile_grid(const clt__config *c, const clt__layout *l, size_t *tiles_r, size_t *tiles_c) {
  *tiles_r = div_up(l->rows + skew_reach(c), c->tile);
  *tiles_c = div_up(l->cols, tile_cols(c));
}

static size_t gcd_sz(size_t a, size_t b) {
  while (b) {
    const size_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/* rect's largest skew where it saves a tile row. Every destination row starts dst_offset plus multiples
 * of dst_ld and dst_stride elements into the buffer, so its skew (its start's distance past a multiple
 * of pre) is dst_offset's modulo g = gcd(pre, dst_ld, dst_stride), plus a multiple of g: at most
 * pre - g + dst_offset % g. The tiles then end at rows + that, where they would end at rows + pre - 1,
 * and a last tile row that only a larger skew would reach, and that stores nothing, is left out.
 * AUTO on an NVIDIA H200, two rounds in alternating processes (bench/results/h200/knobs43.txt D): u8
 * gained on 10 of 11 layouts, by 0.6 to 12.9 points of the copy on average (1000x99999 58.2-58.3% ->
 * 65.5-65.6, 360x400001 36.0-36.2 -> 48.9-49.0), 10096x10001 level; f16 on 8 of 10 by 0.8 to 13.1
 * (500x400001 69.5-69.6 -> 82.6, 760x50001 73.6-73.8 -> 81.3-81.4), 12280x10001 level, 760x4097 -3.4
 * in one run and +1.9 in the other. f32 came level or up to 0.6 ahead, f64 level or behind by up to
 * 1.7 (3000x4097), so 1- and 2-byte elements only. */
static unsigned rect_sk_max(const clt__config *c, const clt__layout *l) {
  if (c->pre < 2 || l->elem_size > 2)
    return 0;
  size_t g = gcd_sz(c->pre, l->dst_ld);
  if (l->batch > 1)
    g = gcd_sz(g, l->dst_stride);
  const size_t m = c->pre - g + l->dst_offset % g;
  return div_up(l->rows + m, c->tile) < div_up(l->rows + c->pre - 1, c->tile) ? (unsigned)m : 0;
}

/* Halves rect's skew of 1- or 2-byte elements in 4-element vectors from a 32-byte sector to 16 bytes (pre,
 * and sk_max with it), on a device whose traits say so (half_skew): where the destination rows' starts take
 * every skew, sk_max cannot trim it, and the runs of the last tile row reach up to pre - 1 rows past the
 * matrix, often into a tile row of their own; half the skew reaches half as far. Where that saves a tile row
 * of at most 12, AUTO on an NVIDIA H200, two rounds in alternating processes (bench/results/h200/knobs48.txt
 * B, C): f16 gained 0.8 to 14.8 points of the copy on 15 layouts (503x200001 66.6-67.0% -> 78.1-78.2,
 * 375x300001 58.6-58.7 -> 73.5, 1399x70001 85.9-86.2 -> 87.2-87.6), u8 1.1 to 12.0 on 17
 * (487x400001 42.8-42.9 -> 54.7-54.8, 364x600000 in 64-row tiles 43.3-43.4 -> 52.1, 1383x70001 61.1-61.8
 * -> 63.3-63.5). From 16 tile rows they lost 1.1 to 2.4 (f16) and 2.3 to 6.7 (u8 8167x25001 78.1-78.3
 * -> 71.4-71.6); the H200's f16 wide entry (2-element vectors, 64-row tiles) went -0.8 and -2.0 on 247 rows,
 * +2.0 on 183. Wide u8 sources of up to 511 rows and f16 ones of up to 319 into rows off 4-byte words take
 * the narrow kernel since (shallow_to_whole_narrow: 487x400001 68.2-68.3), and so do u8 ones into rows on
 * the words but off 16 bytes (364x600000) and f16 ones of up to 303 such rows; from source rows on 16
 * bytes, u8 of up to 600 and f16 of up to 383. */
static void rect_half_skew(clt__config *c, const clt__device_info *info, const clt__layout *l) {
  if (c->pre * l->elem_size != 32 || l->elem_size > 2 || c->vw != 4 || !clt__device_traits(info).half_skew)
    return;
  clt__config h = *c;
  h.pre = c->pre / 2;
  h.sk_max = rect_sk_max(&h, l);
  size_t full_r, half_r, tiles_c;
  tile_grid(c, l, &full_r, &tiles_c);
  tile_grid(&h, l, &half_r, &tiles_c);
  if (half_r < full_r && half_r <= 12) {
    c->pre = h.pre;
    c->sk_max = h.sk_max;
  }
}

/* rect's edge tiles (cl/rect.cl's EDGE_VEC and EDGE_ROWS): 8 source rows of whole vectors in flight
 * per work-item instead of the kernel's default (4 where it skews or moves single elements, else one row
 * of element loads), where a GPU measured that ahead. On an NVIDIA H200 and an NVIDIA H100
 * (bench/results/h200/knobs19.txt, bench/results/h100/notes.txt M):
 * - 4-byte elements in 2-element vectors with unskewed destination rows, wide and odd shapes, whose
 *   bottom tile row is partly empty: H200 248x270001 84.3-84.6% of the copy -> 89.7-90.3 (CLBlast
 *   86.6-86.9), 120x500001 78.2 -> 89.6, 1000x99999 89.4-90.1 -> 92.1-92.8; H100 120x500001 87.9 ->
 *   93.5, 248x270001 90.0 -> 92.4. Whole tile rows came level; tall sources lost 1.7 to 6 points
 *   (H200 270000x249 83.4 -> 77.3), so they keep the default. Skewed 4-byte rows (the odd squares,
 *   16383x16385 90.8 -> 88.4) lost too.
 * - 8-byte elements, single-element vectors, skewed: H200 0.3 to 3.8 points on 8 of 9 layouts (level on
 *   16383x8193), 8191x8193 91.7 -> 92.1 (unskewed 8192x8191 lost 0.9); H100 0.2 to 1.4 on 6 of 8,
 *   8191x8193 -0.2 to -0.3.
 * - a wide source in one tile row that its rows do not fill, every tile an edge tile: the H200's f32
 *   and f64 entries for wide sources of 76 to 121 rows (src/tuning_db.c). */
static unsigned rect_edge_rows(const clt__config *c, const clt__device_info *info, const clt__layout *l) {
  if (cpu_like(info) || c->pack || c->shift_ok || (l->elem_size != 4 && l->elem_size != 8))
    return 0;
  const clt_shape_class cls = clt__shape_class(l);
  size_t tiles_r, tiles_c;
  tile_grid(c, l, &tiles_r, &tiles_c);
  const int one_row = cls == CLT_SHAPE_WIDE && l->rows < c->tile && tiles_r == 1;
  const int unskewed4 = l->elem_size == 4 && c->vw == 2 && !c->pre && cls != CLT_SHAPE_TALL;
  const int skewed8 = l->elem_size == 8 && c->vw == 1 && c->pre;
  return one_row || unskewed4 || skewed8 ? 8 : 0;
}

/* rect's tile loads in a loop of their own before the local stores (cl/rect.cl's LOADS_FIRST, which
 * 1-byte elements take by default) for 2-byte elements read element by element from unskewed source
 * rows off the vectors, where each work-item holds 16 tile rows or more. With the L2 hint, against the
 * one loop (bench/results/h200/knobs24.txt B, C; h100/notes.txt T): on an NVIDIA H200 f16 16384x16383
 * 82.9-83.8% of the copy -> 86.1-86.2, 8192x8191 78.5-79.7 -> 80.4-80.5; on an NVIDIA H100 94.2-94.3 ->
 * 94.7, 89.7-89.8 -> 91.3-91.5. The wide entry's 64-row tiles lost 3.5 to 4.7 points with it (H200
 * 64x1048575, 200x349525), shifted rows 12 (16383x16385), skewed f32 100x999999 12; other 4-, 8- and
 * 16-byte layouts moved by -0.4 to +0.2. The H200's AUTO now gives odd-shaped and wide f16 sources off the
 * words its entries' shifted rows instead (one_sided_to_defaults); its batched-class sources, its explicit
 * rect variant and other GPUs' AUTO keep this. */
static int rect_loads_first(const clt__config *c, const clt__device_info *info, const clt__layout *l) {
  return !cpu_like(info) && l->elem_size == 2 && !c->pack && !c->shift_ok && !c->src_aligned && !c->pre &&
         c->wg_y && c->tile / c->wg_y >= 16;
}

/* rect's shifted source rows of 2-byte elements in 4-element vectors, on GPUs: stored to the tile in
 * aligned pieces with every load of a work-item first (cl/rect.cl's SHIFT_SPLIT), and written out 2
 * elements at a time (DVW), which reads the tile without bank conflicts. On an NVIDIA H200, with the L2
 * hint, against neither (bench/results/h200/knobs25.txt C): f16 16383x16385 87.2-87.7% of the copy ->
 * 89.8-90.0, 8191x8193 78.6-79.3 -> 83.8, 12287x12289 83.8-84.1 -> 87.1-87.3, 4097x6145 67.3-68.3 ->
 * 72.3-73.1; the pieces alone gained 1.8 to 2.7 points (A), the 2-element stores then 0.8 to 4.3 (B).
 * 1-byte elements lost 4 to 42 points with the pieces, 4 to 8 with 2-element stores. */
static int rect_shift_split(const clt__config *c, const clt__device_info *info, const clt__layout *l) {
  return !cpu_like(info) && l->elem_size == 2 && c->shift_ok && c->vw == 4;
}

/* rect's u8 tiles of 32 rows in 64 columns (rect_word_tiles_wider), whose destination runs of 32 bytes go
 * out 2 bytes a work-item. */
static int rect_wide_u8_word_tile(const clt__config *c, const clt__layout *l) {
  return l->elem_size == 1 && c->tile == 32 && c->wg_x == 16 && c->vw == 4;
}

/* rect tiles whose rows may be whole vectors (cl/rect.cl's SHIFT_FUNNEL and WORD_ROWS): 4-element vectors of
 * 1- and 2-byte elements in tiles 8 work-items wide (and AUTO's u8 ones widened to 16), on GPUs. A warp's
 * reads of a tile column then still fall on distinct banks. */
static int rect_word_tile(const clt__config *c, const clt__device_info *info, const clt__layout *l) {
  return !cpu_like(info) && c->vw == 4 && l->elem_size <= 2 && (c->wg_x == 8 || rect_wide_u8_word_tile(c, l));
}

/* rect's shifted source rows in word tiles (rect_word_tile): whole tiles read each row's vector and the next
 * as two aligned words and shift the columns out of them in registers (cl/rect.cl's SHIFT_FUNNEL). On an
 * NVIDIA H200, AUTO, two rounds in alternating processes (bench/results/h200/knobs55.txt): against the option
 * left out (A, C), all 18 wide layouts of 96 to 224 rows gained, u8 1.6 to 12.9 points of the copy
 * (96x4194303 53.6% -> 66.5, 96x2097151 55.8-56.1 -> 65.9-66.2, 160x1048575 55.4-55.8 -> 60.4-61.2,
 * 224x777777 57.9-58.0 -> 59.6, batches of 8 of 96x100001 61.9 -> 66.1), f16 1.0 to 6.0 (96x4194303 79.3-79.4
 * -> 85.3-85.4, 224x1048575 79.9-80.0 -> 82.9); as committed against the code before, on another H200 (D),
 * all 15 again, by 0.2 to 10.0, 9 of them held out (u8 224x2097151 53.0 -> 59.3, f16 96x3000001 80.8 ->
 * 84.5), and the 3 unchanged ones level. Tiles 16 or 32 work-items wide storing 4 elements each, whose
 * reads of the tile's whole-vector rows then share banks, lost: u8 64x2097151 70.7-72.0 -> 60.5-61.0,
 * 16383x16385 80.5-80.8 -> 42.2-42.4, f16 16383x16385 93.0-93.2 -> 77.5-77.7 (A). Aligned rows read shifted
 * with it lost 0.9 to 10.9 (u8 160x1048576 67.0-67.2 -> 60.7-60.8; C); they take WORD_ROWS
 * (rect_word_rows). The H100 was not measured. */
static int rect_shift_funnel(const clt__config *c, const clt__device_info *info, const clt__layout *l) {
  return c->shift_ok && rect_word_tile(c, info, l);
}

/* rect's source rows on the vectors in word tiles (rect_word_tile): each vector stored to the tile's whole-
 * vector rows as one aligned word (cl/rect.cl's WORD_ROWS). On an NVIDIA H200, AUTO, two rounds in
 * alternating processes (bench/results/h200/knobs56.txt A), wide u8 sources of 96 to 224 rows in the 32 x 64
 * tiles of rect_word_tiles_wider went from 64.3-76.8% of the copy to 74.4-87.2% (96x2097152 66.7-67.0 ->
 * 84.6-84.8, 224x2097152 64.5 -> 77.0-77.1, batches of 16 of 96x20000 75.9-76.8 -> 86.6-87.2), to
 * 65.9-78.6% in 32 x 32 tiles; f16 ones in 32 x 32 tiles stayed level (-0.4 to +0.6). As committed against
 * the code before, on another H200 (B), all 9 held-out wide u8 layouts gained 7.4 to 17.0 points (96x4194304
 * 66.7 -> 83.2, batches of 64 of 160x10000 63.7-63.8 -> 72.7-73.2), and the 7 tall ones the rule also takes
 * (tiles of 64 or 128 rows over 96 to 224 columns) 3.7 to 18.5 (2097151x96 62.0-62.1 -> 80.5, 1048576x224
 * 66.4-66.5 -> 77.2-77.3); f16 came level (-0.1 to +0.3). The H100 was not measured. */
static int rect_word_rows(const clt__config *c, const clt__device_info *info, const clt__layout *l) {
  return c->src_aligned && !c->pack && rect_word_tile(c, info, l);
}

/* rect's u8 tiles over shifted rows, skewed: the u8 odd entry's, whose edge tiles EDGE_SHIFT 2 and
 * EDGE_CLAMP load as whole ones. Shifted rows exclude the units (aligned source rows), and 1-byte elements
 * SKG (16-byte elements). */
static int u8_skewed_shift(const clt__config *c, const clt__layout *l) {
  return l->elem_size == 1 && c->shift_ok && c->pre;
}

/* rect's edge tiles over shifted rows loaded as the whole ones are, every aligned vector of a work-item in
 * flight at once (cl/rect.cl's EDGE_SHIFT), instead of element by element a row at a time (2-byte
 * elements) or as misaligned vectors 4 rows at a time (1-byte). On an NVIDIA H200, AUTO, two rounds in
 * alternating processes against the code before
 * (bench/results/h200/knobs40.txt):
 * - 1 where the shifted rows go to the tile in aligned pieces (2-byte elements on GPUs, rect_shift_split):
 *   all 21 f16 layouts of E and H gained, 15 of them held out of the design (A), 1.1 to 17.9 points
 *   (16383x16385 90.7% of the copy -> 92.8-93.0, 8191x8193 83.0-84.2 -> 88.5-89.4, 1000x99999 70.5 ->
 *   88.3-88.5, 1001x40001 66.6 -> 80.4-80.7, 2047x2049 61.9-66.4 -> 73.4-78.1), as did 7 of 8 in B
 *   (150001x203 level). With it 1-byte elements lost 3.2 to 16.9 on 9 of 10 layouts (A: 16383x16385 79.8
 *   -> 62.9, the kernel's registers 63 -> 128), and with edge tiles loading row by row 2.9 to 6.9 on 5 of
 *   8 (G).
 * - 2, the elements before the view's end in a pass of their own after the vectors, for the u8 odd entry's
 *   skewed tiles (the device's clt__traits u8_edge_shift_cols: the most tile columns of the source): of
 *   22 layouts of up to 64 tile columns 21 gained 1.4 to 17.4 points (I, J: 100001x301 52.5 -> 61.3,
 *   10001x999 58.3-67.5 -> 78.6-81.9, 250001x130 39.9 -> 49.9, 6001x5999 54.9 -> 61.9), all 8 held out
 *   of the rule among them, and 3001x777 (within the L2) went from 55.0-66.2 to 52.1-54.0. Past 64 tile
 *   columns, where the edge tiles are a smaller share and the kernel's registers went from 64 to 32 with
 *   spills, 3 of 4 lost: 16383x16385 3.7, 8191x8193 2.3, 1000x99999 0.9 (2001x50001 gained 1.4; C, I). It
 *   cost f16 up to 4.6 (C).
 * Either needs a vector in the view (the kernel falls back on its last one). */
static int rect_edge_shift(const clt__config *c, const clt__device_info *info, const clt__layout *l) {
  if (l->cols < c->vw)
    return 0;
  if (c->shift_split)
    return 1;
  return u8_skewed_shift(c, l) && div_up(l->cols, tile_cols(c)) <= clt__device_traits(info).u8_edge_shift_cols
             ? 2
             : 0;
}

/* rect's edge tiles over shifted rows whose reads stay inside the view (the first tile row of a skew, the
 * last tile row, and without EDGE_SHIFT the tiles across the last column) loaded as whole ones with their
 * rows clamped onto the matrix, in a call of their own (cl/rect.cl's EDGE_CLAMP), for the u8 odd entry's
 * skewed tiles on devices whose clt__traits u8_edge_clamp says so. On an NVIDIA H200, AUTO, two rounds in
 * alternating processes against the code before (bench/results/h200/knobs41.txt):
 * - the committed code (D): all 14 layouts gained, the 9 past 64 tile columns 1.1 to 4.4 points
 *   (16383x16385 78.9% of the copy -> 80.8, 8191x8193 67.7 -> 70.6, 24001x24001 76.7 -> 81.1,
 *   1000x99999 57.1 -> 58.2), the 5 of up to 64 (EDGE_SHIFT 2) 0.2 to 2.2 (6001x5999 62.7 -> 64.9);
 * - held out of the design (C), the tiles across the last column in the same call led on all 9 sources
 *   past 64 tile columns (16385x16383 77.4 -> 81.2) and trailed EDGE_SHIFT 2's path for them on 4 of 8 of
 *   up to 64 by 1.0 to 3.2 (30001x1501 66.7 -> 63.5), so those keep it; batches of 3 and padded source
 *   rows among them;
 * - 2-byte elements lost 4.4 to 12.8 with it (B: f16 1000x99999 88.2 -> 75.4).
 * The H100 was not measured for it. */
static int rect_edge_clamp(const clt__config *c, const clt__device_info *info, const clt__layout *l) {
  return u8_skewed_shift(c, l) && clt__device_traits(info).u8_edge_clamp;
}

/* The short side: a tall source's columns, a wide one's rows (the smaller extent). */
static size_t short_side(const clt__layout *l) {
  return l->rows < l->cols ? l->rows : l->cols;
}

/* Whether every source row starts on a 16-byte vector; and every destination row. */
static int src_on_16(const clt__layout *l) {
  return src_rows_on(l, (unsigned)(16 / l->elem_size));
}

static int dst_on_16(const clt__layout *l) {
  return dst_rows_on(l, (unsigned)(16 / l->elem_size));
}

/* Whether the destination rows start on 4-byte words but not all on 16-byte vectors. */
static int dst_words_off_16(const clt__layout *l) {
  return l->elem_size <= 4 && dst_rows_on(l, (unsigned)(4 / l->elem_size)) && !dst_on_16(l);
}

/* The narrow kernel's tile over the whole short side past CLT__NARROW_MAX: wide sources of 1- and 2-byte
 * elements of up to 511 and 319 rows into dense destination rows from a 16-byte boundary, whose tiles then
 * move FLAT, each writing its destination rows as one contiguous run, in tiles 64 elements long in groups of
 * 256 (within 32 and 40 KiB of local memory at those rows); up to 600 and 383 rows (38 and 48 KiB) where
 * the source rows lie on 16 bytes (and the destination rows do not). On an NVIDIA H200
 * (bench/results/h200/knobs48.txt H to J) rect ran such sources of an odd number of rows, a few tile rows of
 * skewed runs whose tiles are nearly all edge tiles, at 20-55% (u8) and 58-67% (f16) of the copy. One round:
 * u8 263x800001 35.0% in AUTO, 43.7 in these tiles 16 bytes long (the heuristic's), 70.5 in 64;
 * 301x600001 39.9, 52.2, 70.3; 487x400001 54.8, 52.4, 68.3; over four such layouts, tiles 128 bytes long ran
 * at 63.3 to 68.1 and groups of 128 at 52.5 to 69.6; f16 263x400001 60.0 in AUTO, 74.4 in 64 elements. In
 * AUTO from 512 and 320 rows, over shifted source rows, they went either way (u8 615x300001 59.2-59.3
 * -> 51.3-51.4, 743x300001 62.2-62.3
 * -> 64.7-65.0, 1001x200001 66.0-66.2 -> 30.2 in tiles 32 long, all the local memory left; f16 331x300001
 * -0.1, 391x200001 +1.7, 447x200001 +0.2, 503x200001 78.1 -> 71.3-71.6), and the narrow variant keeps its
 * 128-row tiles there; so they did again with EDGE_VEC (bench/results/h200/knobs58.txt D: u8 615x300001
 * 59.2-59.4 -> 52.0-52.1, 743x300001 +2.4 to +2.6, f16 331x300001 and 375x300001 -0.2 to +0.6). Rows on the
 * words but off 16 bytes past those counts, AUTO against rect, two rounds in alternating processes:
 * - f16 of 322 to 382 rows, up to the 64 columns' tile in 48 KiB, gained on all 10 layouts tried, 5 of them
 *   held out (D, E: 326x400000 58.9-59.0% -> 89.3-90.1, 338x320000 57.5-57.8 -> 86.7-87.1, 378x300000
 *   69.2-69.5 -> 86.7-86.9, 354x300000 67.1-67.2 -> 69.7), and 354x250000 came level (F: 67.8-67.9 -> 67.7);
 * - u8 of 516 to 600 rows gained 18.4 to 30.2 on all 6 (D to F: 554x300000 48.3-48.6 -> 78.0-78.5,
 *   532x300000 55.2-55.3 -> 76.1, 600x256000 56.8-56.9 -> 79.7-79.8), while from 620 rows they went either
 *   way (E, F: 652x200000 58.3-58.4 -> 83.1-83.2, 724x220000 79.6-84.2 -> 72.5-72.6, 764x180000 75.7-80.3 ->
 *   71.6-71.7, 620x250000 59.0-59.1 -> 55.5-55.7) and keep rect. The narrow kernel's registers swung with
 *   the row count there (58 at 600 and 652 rows, 48 at 620, 73 at 724 and 764: 4, 5 and 3 groups a
 *   multiprocessor) without following those figures.
 * Held out, the rule without its test of the source rows (src_on_16) against the code before (H): 10 of 10
 * such layouts gained 16.4 to 32.0 (u8 572x280000 51.6-51.8 -> 83.6, 520x300000 55.0-55.1 -> 73.6-73.8, f16
 * 366x280000 68.9-69.3 -> 87.2-88.6), but over shifted source rows (the kernel's element path at the edge) 4
 * of 5 lost 2.4 to 7.9 (u8 588x250001 60.7-60.8 -> 52.9-53.0, f16 342x300001 71.7-71.8 -> 66.2-66.3,
 * 366x280001 73.5-73.7 -> 68.8-68.9; u8 552x300001 +3.1 to +3.4), and those keep the first bounds. As
 * committed, on matrices of 65536 to 200000 columns (I), all 10 gained 5.4 to 27.3 (u8 520x65536 54.4 ->
 * 76.3-76.7, f16 362x80000 73.0-73.9 -> 79.3-79.5). Destination rows off the words (an odd number of rows,
 * or 2 mod 4 for u8) from source rows on 16 bytes, measured once, in a run set to take them only if every
 * layout gained (K): all 16 gained, f16 of 321 to 383 rows 3.2 to 22.5 (321x400000 71.6-71.7 -> 89.6-89.7,
 * 383x250000 64.7 -> 67.9-68.0), u8 of 513 to 599 rows 24.3 to 36.0 (531x320000 47.3-47.4 -> 83.2-83.3,
 * 599x250000 50.0 -> 74.3-74.8). */
static int narrow_whole(const clt__layout *l) {
  if (l->elem_size > 2)
    return 0;
  const int more = src_on_16(l) && !dst_on_16(l);
  const size_t max = l->elem_size == 1 ? (more ? 600u : 511u) : (more ? 383u : 319u);
  return l->rows < l->cols && l->rows > CLT__NARROW_MAX && l->rows <= max && dense_rows_from_16(l);
}

/* AUTO gives such sources whose destination rows start off 4-byte words (an odd number of rows, or 2
 * mod 4 for u8) the narrow kernel over the whole short side, on devices whose clt__traits
 * shallow_whole_narrow says so. On an NVIDIA H200, AUTO against the code before, two rounds in
 * alternating processes (knobs48.txt J), all 14 such layouts gained 5.9 to 41.1 points of the copy (u8
 * 13.4 to 41.1), 6 of them held out from the explorations: u8 199x1000001 31.4% -> 69.6-69.7,
 * 383x500001 40.3-40.4 -> 72.7-73.0, 421x400001 47.8-47.9 -> 67.4-67.5, 266x800001 35.7 -> 69.5-69.6, f16
 * 137x1000001 58.0-58.1 -> 72.6-72.8, 199x500001 65.9-66.0 -> 78.1; and 129x1600001 20.8 -> 61.7-62.1,
 * 263x800001 35.1-35.2 -> 69.8-70.0, f16 263x400001 61.3-61.4 -> 75.6-76.2, 301x400001 66.5-66.6 ->
 * 72.4-72.5. Batches of small matrices were not measured and keep their kernels.
 * Destination rows on the words but off 16-byte vectors take it too: there the tiles move FLAT as well,
 * where rect skewed each run to its sector or the vector kernel stored 4-byte words.
 * AUTO against the code before, two rounds in alternating processes, held out from the explorations
 * (bench/results/h200/knobs57.txt G): all 8 such u8 layouts of 136 to 428 rows gained 22.8 to 37.7 points
 * (268x700000 45.1-45.2% -> 82.7-82.8, 136x1500000 42.3-42.4 -> 79.3-79.6, 140x1000001 37.4-37.5 ->
 * 62.0-62.3) and 476x350000 lost 0.9 to 1.4 (83.6-83.8 -> 82.4-82.7); all 7 f16 ones of 140 to 302 rows
 * gained 9.9 to 17.4 (238x600000 76.5-76.6 -> 92.6-92.7, 302x400000 79.0-79.1 -> 92.3-92.4). Of the u8
 * ones of 500 to 511 rows measured in F, 508x300000 lost 1.8 to 3.4 points, 500x300000 went -1.2 to +6.0
 * (its base ran at 77.6 and 84.5) and 4 gained 0.3 to 14.6 (500x400000 70.7-70.9 -> 85.0-85.3, 508x400000
 * 70.9-71.4 -> 83.4-83.5). There f16 ones of 306 to 318 rows ran at 67-71% on 4 of the 5 layouts, and the
 * rule stopped at 303 rows; with the committed kernel another H200 ran them at 82.8-90.8% (knobs58.txt A,
 * B), and held out, the rule without that cut took all 7 such layouts from 59.1-79.5% in rect to 83.2-90.9
 * (C: 316x400000 59.1-59.2 -> 84.2-84.3, 310x380000 61.8-61.9 -> 84.1-84.4, 306x420000 79.1-79.3 ->
 * 83.8-84.1). Why F read them lower was not found (its tree was not kept). Over shifted source rows they
 * lost (knobs58.txt H: 310x400001 68.9-69.0 -> 66.4-66.5, 318x350001 69.4-69.8 -> 66.9) and, from 304 rows
 * on the words, keep their kernels. Destination
 * rows on 16-byte vectors, moved in the kernel's row-major tile, lost up to 53 points (A: u8 480x400000
 * 93.4-93.5 -> 40.5, 256x1000000 93.8 -> 56.2-56.3) and keep their kernels. Shifted source rows, which keep
 * the kernel's element path at the edge, went either way in f16 from 198 rows (D: 166x1000001 58.0-58.7 ->
 * 76.8-77.2, 266x400001 63.5-63.6 -> 65.4, 198x500001 68.3-69.2 -> 66.6-66.7). On the H200 this overrides
 * the vector kernel of bytes_off_sectors_to_vector, the tiles of odd_unskewed, rect_half_skew and
 * shallow_odd2_to_defaults, and part_tiles_to_word_tiles' f16, where it takes the layout. */
static int shallow_to_whole_narrow(const clt__device_info *info, const clt__layout *l) {
  return narrow_whole(l) && !cpu_like(info) && clt__shape_class(l) != CLT_SHAPE_BATCHED && !dst_on_16(l) &&
         (l->elem_size == 1 || l->rows < 304 || !dst_words_off_16(l) || src_on_16(l)) &&
         clt__device_traits(info).shallow_whole_narrow;
}

/* The narrow kernel's FLAT (cl/narrow.cl): where the short side is whole in the tile and its lines are
 * dense on one side (a tall source's rows, a wide source's destination rows), every full tile's part of
 * that side is one run of whole aligned 16-byte vectors, which it moves in place of the lines' own
 * narrower vectors (nv elements). On an NVIDIA H200, AUTO, two rounds in alternating processes
 * (bench/results/h200/knobs32.txt B; CLBlast in the same processes):
 * - single elements (nv 1) of 1- to 4-byte elements gained 3 to 11 points: f32 2023967x13 60.6% of the
 *   copy -> 65.4-66.0 (CLBlast 64.3-64.9), 33x1556809 70.5 -> 74.7, 13x4194305 61.8 -> 64.8, f16
 *   4194303x13 41.9 -> 45.8, 13x4194305 44.1 -> 52.4, u8 8388607x13 21.0 -> 31.6, 13x8388609 32.1 -> 43.3;
 * - pairs of f32 gained up to 11 (1048575x50 59.0 -> 69.3-71.1, 26x2010011 74.9 -> 77.1, 2097151x26
 *   73.3 -> 74.3) or came level (38x861335), and of f16 in tall sources 5 to 17 (1048575x50 29.8 ->
 *   47.0); in a wide f16 source they lost 7.5 (26x2097151), u8 pairs 7 and 19 (4194303x26, 26x4194305);
 * - f64 lost 4.6 to 9.0 points in tall sources (2900812x5 90.6 -> 81.8, 948305x19 82.2 -> 73.2) and came
 *   level or 0.7 lower in wide ones;
 * - tall f32 sources whose destination rows are on 16-byte vectors already came level or lost 0.7
 *   (1048576x33, 4194304x13 70.0 -> 69.3).
 * With the H200's narrow groups of at most 128 on top (clt__traits narrow_group_max), knobs32.txt D. On
 * an NVIDIA H100 every layout the rule takes that was tried gained 0.9 to 14.3 points (h100/notes.txt
 * Z1: f32 4194301x7 75.7-75.8 -> 83.1-83.4, u8 13x8388609 43.2 -> 57.5).
 * A tall source's tile is now held as read and gathered on the way out (cl/narrow.cl's GATHER), skewed
 * where its destination rows are off 32-byte sectors (set_alignment), which made FLAT worth taking
 * wherever the lines are off 16-byte vectors, into rows on them too, but for lines of several 1- or
 * 2-byte elements into rows on them. AUTO against the column-major tile, two rounds in alternating
 * processes (bench/results/h200/knobs34.txt F, G; h100/notes.txt AA), % of the copy, H200 then H100:
 * - u8 8388607x13 37.8-38.1 -> 55.4-56.2 and 40.1-40.3 -> 76.9-77.1, 8388608x13 37.9-38.0 -> 78.1-78.3
 *   and 45.3-45.4 -> 91.0-91.8, 4194303x26 35.8-36.2 -> 60.6-60.7 and 50.9-51.0 -> 77.9-78.1;
 * - f16 4194303x13 65.1-66.0 -> 73.3-75.4 and 66.0-66.1 -> 84.0-84.2, 4194304x13 68.2-68.6 -> 86.6-86.7
 *   and 76.9-77.2 -> 94.6-94.7, 1048575x50 54.0-54.4 -> 59.7-60.0 and 62.2-62.6 -> 72.7-72.9;
 * - f32 2023967x13 76.8-77.4 -> 84.0-85.0 and 79.1-79.2 -> 88.2-88.4 (CLBlast 63.1-63.5 and 81.4-81.6),
 *   1048575x50 68.4-68.7 -> 80.7-82.0 and 73.6-73.7 -> 89.1-89.2, 4194304x13 90.3 -> 95.3-95.4 and 83.1
 *   -> 96.9-97.2.
 * Lines of 1- and 2-byte pairs into rows on 16-byte vectors lost (f16 2097152x26 89.3-90.9 -> 80.1-80.7,
 * u8 8388608x26 56.9-57.3 -> 56.0-56.1) and keep the column-major tile. f32 pairs into such rows gained
 * on the H200 and lost 2 points on the H100 (4194304x6 89.4-89.6 -> 93.7-95.4 and 100.0-100.2 ->
 * 98.0-98.2, 1048576x50 82.7-82.8 -> 86.5-88.3 and 95.5 -> 92.8-93.3).
 * A wide source's tile is held as it will be written in the same way (SCATTER), which made FLAT worth
 * taking for every wide source whose destination lines are off 16-byte vectors, pairs and 4-element
 * lines of 1- and 2-byte elements included (knobs34.txt I, J; h100/notes.txt AB), H200 then H100:
 * - u8 13x8388609 50.8-50.9 -> 84.3-85.2 and 68.0-68.1 -> 84.4-84.5, 12x8388609 56.6-57.0 -> 93.0-95.0
 *   and 47.6-47.8 -> 81.2, 26x4194305 72.3-73.4 -> 82.8-83.8 and 77.8-78.0 -> 86.6-87.1;
 * - f16 7x8388617 72.6-73.1 -> 84.6-84.8 and 80.1-80.2 -> 84.9-85.1, 26x2097151 81.5-84.0 -> 83.1-83.8
 *   and 78.9-79.0 -> 94.6-95.0; f32 7x4194305 80.1-80.5 -> 84.9-85.8 and 79.5-79.7 -> 80.8-80.9.
 * u8 26x4194304 (source rows on the vectors) gained on the H200 and lost on the H100 (77.8-79.5 ->
 * 96.1-97.9, 93.2-93.7 -> 86.9-87.0). */
static int narrow_flat(const clt__config *c, const clt__device_info *info, const clt__layout *l) {
  const size_t es = l->elem_size;
  const unsigned fv = (unsigned)(16 / es), nv = c->wide ? c->nvs : c->nvl;
  if (es > 4 || info->base_align_bytes < 16 || c->short_ext != short_side(l) || c->tile % fv || nv >= fv)
    return 0;
  if (c->wide)
    return dense_rows_from_16(l);
  return (es == 4 || nv == 1 || !dst_on_16(l)) && l->src_ld == l->cols && l->src_offset % fv == 0 &&
         (l->batch == 1 || l->src_stride % fv == 0);
}

/* Whether the narrow kernel skews a tall source's destination runs to align-byte boundaries (SKEW in
 * cl/narrow.cl): 2- to 8-byte elements whose tile lines are whole 32-byte sectors read as 16-byte
 * vectors, destination rows off those boundaries. On an NVIDIA H200, explicit narrow, two rounds in
 * alternating processes (bench/results/h200/knobs33.txt D), 17 of the 18 such layouts of a sweep of
 * short sides gained 1.2 to 14.8 points of the copy (f64 3145727x4 level): f32 1048575x24 73.5-73.9% ->
 * 80.4-81.3, 786431x32 73.9-74.3 -> 84.7-85.0, 449389x56 78.1-78.8 -> 78.8-80.4, f64 1572863x8 90.0 ->
 * 93.8-94.1, 524287x24 75.3-75.7 -> 87.4-87.8, f16 1048575x48 62.5-63.3 -> 76.6-78.8. Lines of an odd
 * number of 16-byte vectors went either way (f32 699049x36 68.0-68.9 -> 81.4-82.1, 483957x52 70.2-70.9 ->
 * 64.6-64.7), 1-byte elements lost up to 14 (u8 6291455x16 60.5-60.7 -> 46.8-46.9), and lines read
 * narrower, through FLAT or element by element, and 16-byte elements lost up to 22 (knobs33.txt A: f32
 * 2023967x13 75.4-77.0 -> 66.5-67.0, u8 4194303x26 34.0-34.4 -> 15.6-15.8, f64 1048575x13 89.3-89.5 ->
 * 81.0-81.7, c128 1048575x13 91.3-91.4 -> 74.9-75.0). AUTO on an NVIDIA H100 agreed
 * (bench/results/h100/notes.txt Z): f32 1048575x24 78.2-78.5 -> 93.2-93.4, 629145x40 77.1-77.3 ->
 * 91.2-91.4, f64 524287x24 81.8-82.2 -> 93.1-93.2, 449389x28 78.8-79.2 -> 92.0-92.1, 1572863x8 94.0-94.5
 * -> 96.1-96.7. Those FLAT losses were the column-major tile's: held as read, a tall source moved FLAT
 * skews whatever its lines (set_alignment; narrow_flat has the figures). */
static int narrow_skewed(const clt__device_info *info, const clt__layout *l, size_t short_ext, size_t align) {
  const size_t es = l->elem_size;
  return l->rows > l->cols && es >= 2 && es <= 8 && align > es && short_ext * es % 32 == 0 &&
         info->base_align_bytes >= 32 && info->base_align_bytes >= align && src_on_16(l) &&
         !dst_rows_on(l, (unsigned)(align / es));
}

/* The largest group of the narrow kernel's heuristic where its tiles are not sized for groups of 64:
 * for short sides below 64 whose lines are off 16-byte vectors on either side, the device's
 * clt__traits narrow_group_max and narrow_group_tall, and at most 128 for a wide source moved FLAT
 * (SCATTER) on any device; 256 otherwise. On an NVIDIA H100, AUTO against groups of 256, two rounds in
 * alternating processes (bench/results/h100/notes.txt AC, AD, AE), % of the copy:
 * - wide sources moved FLAT gained on 15 of 17 layouts: f32 22x2097169 84.3-84.7 -> 95.8-96.0,
 *   26x2010011 87.8-87.9 -> 94.3-94.7 (CLBlast 90.2-90.4), 29x2000003 83.9-84.2 -> 96.1-96.7 (CLBlast
 *   90.8-91.1), 50x1000001 90.0-90.1 -> 94.1-94.3, f16 33x3000017 82.8 -> 92.2-92.3, u8 13x8388609
 *   84.0-84.7 -> 95.2-95.5, 12x8388609 81.2-81.5 -> 97.3-98.2, 7x16777223 86.4-86.7 -> 96.1-96.3; f16
 *   26x2097151 lost 2.6 (95.0-95.7 -> 92.5-93.0), f32 63x2097152 0.2. The H200's groups are at most
 *   128 there already (narrow_group_max).
 * - tall f32 sources on short sides up to 26 gained 3.6 to 8.5 points on 6 of 7 layouts
 *   (narrow_group_tall): 4194301x7 88.1-88.3 -> 93.8-94.0, 3145727x11 84.0-84.1 -> 92.5, 2023967x13
 *   88.6-88.8 -> 93.7-94.4 (CLBlast 81.0-81.7), 2097151x19 87.6-87.8 -> 91.9, 2097151x26 87.3-87.4 ->
 *   90.9-91.1; 1048575x23 lost 0.5. Past 26 most lost (1048575x30 92.9-93.5 -> 89.9-90.0, 449389x56
 *   -3.5, 1048575x50 -2.1; 1139353x40 +2.7). f16 went either way (4194301x9 76.5-76.7 -> 85.8-86.5,
 *   2097152x26 85.0-85.5 -> 98.6-98.8; 1048575x25 74.9-75.0 -> 67.5, 2097151x26 85.0-85.3 -> 76.3-76.6,
 *   1048575x31 80.6-81.1 -> 65.9-67.6), u8 tall sources moved FLAT lost (8388607x13 77.2-77.4 ->
 *   72.3-73.1) and f64 524287x37 lost 2.6: those keep 256 there. */
static unsigned narrow_group_max(const clt__config *c, const clt__device_info *info, const clt__layout *l,
                                 int flat) {
  const unsigned v = c->vw;
  if (c->short_ext >= 64 || (src_rows_on(l, v) && dst_rows_on(l, v)))
    return 256;
  const clt__traits t = clt__device_traits(info);
  unsigned m = t.narrow_group_max;
  if (c->wide && flat && m > 128)
    m = 128;
  if (!c->wide && l->elem_size == 4 && c->short_ext <= 26 && m > t.narrow_group_tall)
    m = t.narrow_group_tall;
  return m;
}

/* The narrow kernel's group for a tall source moved FLAT into destination rows on 16-byte vectors
 * (GATHER; the heuristic's gather16): 64, as its tiles were sized for (u8 8388608x13 and f32 4194304x13,
 * rows on 256 bytes), but on devices whose clt__traits narrow_gather_groups says so, where those rows are
 * off 256 bytes, 128 for u8 on short sides of 13 to 63, f16 of 15 to 31 and f32 of 22 to 63, and 256 for
 * f16 of 33 to 63; into rows on 256 bytes, 128 for f16 of 33 to 63. On an NVIDIA H200, two rounds in
 * alternating processes, % of the copy (bench/results/h200/knobs65.txt), against groups of 64:
 * - off 256 bytes, all 28 layouts held out gained (E: u8 0.2 to 19.2, 5000048x23 46.0-46.4 -> 64.8-65.2;
 *   f16 3.8 to 20.8, 900016x55 49.5-51.0 -> 69.3-69.8; f32 1.8 to 11.8, 700004x53 67.7-68.1 -> 79.4-79.5,
 *   the survey's 1544752x55 81.2-81.3 -> 86.5; batches and padded destination rows among them), as did
 *   all 9 f16 ones of 35 to 63 columns (D: 1.9 to 20.8, 700000x63 47.7-48.2 -> 68.4-68.5);
 * - f16 of 33 to 63 into rows on 256 bytes: 7 of 8 held out gained 1.1 to 11.9 (G: 1048576x53 69.3-70.7
 *   -> 79.2-81.2, 4194304x41 71.5 -> 77.3) and a batch of 16 of 65536x45 came -0.2 to +1.6.
 * In the design (B, C, F) every layout of the rule's gained or came level (u8 8000016x17 -0.4 to +0.2,
 * f16 2097152x45 +0.0 to +0.3). Left at 64 where 128 lost or went either way: off 256 bytes f16 of 13
 * (4000016x13 -1.6 to -2.6) and f32 of 13 to 21 (2000016x13 -1.5 to +0.9, 2000016x15 +1.1 to +2.1); on
 * them u8 (8388608x13 78.2-78.4 -> 61.9, 8388608x17 +4.3 to +5.2, 2097152x51 -11.3 to -11.6), f16 of 15
 * to 31 (2097152x15 +10.0 to +10.9, 1048576x27 -2.0 to -3.7) and f32 (524288x57 +3.3 to +4.6, 1048576x41
 * -0.2 to -0.8). Groups of 256 led 128 off 256 bytes on f16 of 41 and 57 columns (2100016x57 68.2-68.3 ->
 * 72.7-72.8) and came level at 51; f16 of 13 to 27 columns ran slower in them than in 128 (3000016x19
 * 64.7-64.9 against 74.5-74.9) and 31 level, as did f32 of up to 33 (2000016x17 68.3-68.8 against
 * 90.6-90.9). The H100 was not measured. */
static unsigned narrow_gather_group(const clt__config *c, const clt__device_info *info,
                                    const clt__layout *l) {
  const size_t es = l->elem_size, n = c->short_ext;
  if (!clt__device_traits(info).narrow_gather_groups || n >= 64)
    return 64;
  if (dst_rows_on(l, (unsigned)(256 / es)))
    return es == 2 && n > 32 ? 128 : 64;
  if (es == 2 && n > 32)
    return 256;
  return (es == 1 && n >= 13) || (es == 2 && n >= 15) || (es == 4 && n >= 22) ? 128 : 64;
}

/* Whether the narrow kernel reads a wide source whose rows start on 8 bytes but off 16 (half a 16-byte
 * vector: a 1-byte element's 8, a 4-byte element's pair) as 16-byte vectors cut from the two aligned ones
 * each straddles (SRC_SHIFT in cl/narrow.cl), as it reads rows on narrower starts, not as 8-byte vectors:
 * u8 sources, f16 ones of at least 32 rows whose destination rows are off 8 bytes or that have at least 64
 * rows, and f32 ones of at least 32 rows or of an odd 17 to 27 (those in groups of 64: the narrow
 * heuristic's shift32), one matrix a call, into destination rows off 16 bytes, on devices whose
 * clt__traits wide_shift_half says so. On an NVIDIA H200, AUTO against the 8-byte vectors, two rounds in
 * alternating processes (bench/results/h200/knobs59.txt A to F, knobs60.txt G to I), % of the copy:
 * - u8: 25 of the 26 layouts of 3 to 127 rows gained 4.9 to 28.2 points, 3x40000008 came level (-0.1 to
 *   +1.4); 15 of them were held out (C, D, F: 11x12000008 65.4-67.2 -> 93.3-93.6, 115x1200008 48.9-49.1 ->
 *   74.2-74.5, 83x1000008 39.9-40.2 -> 64.3-64.5, 40x500008 66.3-67.1 -> 73.4-75.5);
 * - f32 of 33 to 90 rows: all 22 layouts gained 0.4 to 25.4, 13 of them held out (C, D, F: 70x450002
 *   70.4-70.5 -> 87.0-87.2, 55x600002 72.9-73.9 -> 87.2-87.4, 45x100002 58.4-68.8 -> 78.9-83.8, 43x800002
 *   82.4-83.1 -> 86.0-86.2). CLBlast ran them at 66.0 to 76.6.
 * - f32 of an odd 17 to 27 rows, whose destination runs go an element at a time (FLAT, cl/narrow.cl's
 *   SCATTER): shifted in groups of 64, 4 of 5 layouts gained 3.9 to 10.5 (knobs59.txt E, knobs60.txt G:
 *   27x1257250 76.5-77.5 -> 85.7-87.0, where CLBlast ran at 80.9-81.8; 17x1700002 83.3-85.6 ->
 *   88.4-90.2), 21x1600002 went either way (-1.2 to +2.3). The rule then gained on all 16 layouts held
 *   out, three rounds (I): 15 by 0.9 to 10.6 (27x1400002 77.9-78.0 -> 88.0-88.5, CLBlast 80.1-80.9;
 *   23x500002 75.0-75.4 -> 81.2-82.2, CLBlast 76.5-78.0; 17x5000006 91.5-91.9 -> 92.8-93.0), 21 rows
 *   of 1600002 elements -0.8 to +3.4. In the groups of 128 the heuristic gives 21 to 27 rows, 27x1257250
 *   ran at 84.5-84.7 (E).
 * Left out, where they went either way:
 * - other f32 of 3 to 31 rows: the 8-byte vectors ran faster on 29 rows (29x1100002 and 29x1257250
 *   89.7-90.9 -> 83.5-84.1 in groups of 64, knobs60.txt G), 28 (28x1200002 87.7-91.0 -> 84.0-84.7), 20
 *   (95.3-95.6 -> 85.3-85.4) and 7, 9, 11 and 15 (7x4000002 95.9-96.3 -> 89.9-92.5, 15x2000002 92.1-93.3
 *   -> 90.0-90.2), where 3, 5 and 13 gained up to 4.6 (13x2500002 88.4-89.0 -> 92.1-93.0); 31 rows came
 *   level (82.5-82.8 -> 82.5);
 * - f32 into destination rows on 16 bytes: 32x1200002 93.1-93.2 -> 90.4-90.7, 60x1000002 92.8-93.3 ->
 *   88.6-88.7, 80x400002 84.5-85.0 -> 89.8-90.4, 20x1500002 95.3-95.6 -> 85.3-85.4;
 * - f16: from 33 rows into rows off 16 bytes 14 of 15 layouts gained 0.8 to 18.9 (66x900004 62.2-62.9 ->
 *   80.2-81.1) but 36x2500004 lost 8.0 to 8.2 (93.5-93.6 -> 85.4-85.5); into rows on them 32x3000004 lost
 *   9.8 to 10.0 and 48x700004 3.5 to 3.8; of 5 to 29 rows 5 of 9 layouts gained;
 * - batches of 4 f32 sources: 45x200002 82.5-82.6 -> 74.6-75.0, 27x300002 68.9-69.7 -> 68.2.
 * The rule was narrowed three times by layouts held out from it: C took f32 of 21 to 28 rows and f16 of
 * 13 to 31 out of it, D f32 into rows on 16 bytes, F f16 (its one loss, 36x2500004, into rows on 8 bytes).
 * f16 came back from 32 rows (knobs72.txt F to H), but into destination rows on 8 bytes under 64 rows (in
 * groups of 128; the stores there whole 8-byte vectors, as from 64 rows): of 15 layouts of 33 to 250 rows,
 * all 9 into rows off 8 bytes gained on every pair of figures in GB/s (147x1577628 54.4 -> 79.4-79.6,
 * 70x1000004 62.3-62.6 -> 80.3-80.8, 33x2000004 77.0 -> 78.8), and of those on 8 bytes 76, 108 and 140 rows
 * gained (76x900004 63.4-63.5 -> 80.3-80.4) and 36, 44 and 60 lost (36x2500004 93.2-93.6 -> 85.3-85.4,
 * 60x1100004 85.9-86.2 -> 83.1-83.5; F). Held out, three rounds (G): all 16 layouts the rule changes gained
 * on every pair (68x900004 56.7-57.4 -> 78.4-79.1, 301x200004 55.1-55.7 -> 73.4-75.2, 35x1800004
 * 73.3-73.8 -> 78.9-79.4); of 9 more (H), 291x647828, 45x400001 over padded source rows and 100x20004
 * gained and six others of 2 to 4 MB went either way. */
static int narrow_shift_half(const clt__config *c, const clt__device_info *info, const clt__layout *l) {
  if (!c->wide || c->vw != 2 * c->nvl || l->batch != 1 || dst_on_16(l) ||
      !clt__device_traits(info).wide_shift_half)
    return 0;
  return l->elem_size == 1 || (l->elem_size == 2 && l->rows >= 32 && (l->rows >= 64 || !dst_rows_on(l, 4))) ||
         (l->elem_size == 4 && (l->rows >= 32 || (l->rows % 2 && l->rows >= 17 && l->rows <= 27)));
}

/* Whether the narrow kernel's tiles of a wide u8 source of 65 to 127 rows (its whole short side, not
 * narrow_whole's) are 128 bytes long in groups of 128, on devices whose clt__traits wide_u8_tile128 says
 * so, where the heuristic's 8 KiB tiles cut them to 64 in groups of 256: a tile's 65 to 127 rows of 64
 * bytes are 260 to 508 16-byte loads, one or two a work-item. On an NVIDIA H200, against the heuristic, two
 * rounds in alternating processes (bench/results/h200/knobs60.txt J, K), % of the copy: all 8 layouts of
 * the search gained 1.7 to 38.9 points (65x2128320 48.0 -> 86.2-86.9, 100x1400000 63.8-63.9 -> 86.0-86.3,
 * 127x1100000 78.0-78.2 -> 79.9-80.5), where 128 bytes in groups of 256 lost 1.4 to 1.9 on 127 rows and
 * 256 in groups of 256 3.8 to 4.1; of 11 held out, 9 gained 4.8 to 44.9 (67x2000000 46.0-46.9 ->
 * 88.7-90.9, 95x1400000 52.7-53.2 -> 80.0-82.6, batches of 4 70x300000 54.3-54.4 -> 84.4-84.5 and
 * 97x250001 28.4-28.9 -> 49.9-50.0) and 119x1100003 and 126x1000000 came 0.8 to 1.2 below. */
static int narrow_u8_tile128(const clt__config *c, const clt__device_info *info, const clt__layout *l) {
  return c->wide && l->elem_size == 1 && l->rows > 64 && l->rows < 128 &&
         clt__device_traits(info).wide_u8_tile128;
}

/* Whether the narrow kernel's tiles over a wide source's whole short side (narrow_whole's) are 128 elements
 * long instead of 64, still in groups of 256: u8 sources of 129 to 241 rows but 2 mod 4, f16 ones of 129 to
 * 150 rows but multiples of 4, one matrix a call, on devices whose clt__traits whole_tile128 says so. On an
 * NVIDIA H200, two or three rounds in alternating processes, % of the copy (bench/results/h200/knobs69.txt):
 * - in the design (B, D) 15 of 16 u8 layouts of 135 to 241 rows gained 2.1 to 18.6 points (161x2978419
 *   61.9-62.0 -> 72.7-73.0, 200x1300003 66.9-67.4 -> 85.2-85.5, 241x1100002 71.0-71.1 -> 75.2-75.7) and
 *   230x1100016 came level; from 251 rows they lost (251x497233 -0.9 to -1.3, 263x1000001 -6.1 to -6.3).
 *   f16 of 129 to 150 rows gained 3.8 to 9.8 (143x900001 71.7-72.1 -> 81.0-81.5), 165 came level and 181
 *   lost 15.1 to 15.5 (a tile of 46 KiB);
 * - held out at every row count (E), u8 of 2 mod 4 rows went either way (198x1300001 72.2-72.5 -> 66.0-66.1,
 *   170x1500000 -2.2 to -2.6, 210x1200000 +7.7 to +8.6; over B, D and E 2 of 6 gained, 3 lost), f16 of a
 *   multiple of 4 rows lost (140x1000000 -0.4 to -0.6, 140 in rows of 800004 -3.6 to -3.7): those keep 64.
 *   The other 19 gained 1.4 to 21.4 (145x1700003 60.5-60.6 -> 75.5-75.6, 140 in rows of 1500006 59.9-60.4
 *   -> 80.7-81.2);
 * - held out as committed (F, J): 24 of the 25 layouts it takes gained on every pair of figures, u8 1.6 to
 *   14.7 (133x1800001 58.9 -> 72.7-73.1, 231x1659904 87.1-87.2 -> 93.8), f16 0.6 to 8.1 (141x800003 71.9-72.0
 *   -> 80.0), and one of 21 MB went either way (u8 143x150001 -0.7 to +1.6).
 * In groups of 128 the same tiles lost to 256 on 25 of 27 layouts of E. Batches and the H100 were not
 * measured. */
static int narrow_whole_tile128(const clt__device_info *info, const clt__layout *l) {
  const size_t es = l->elem_size, max = es == 1 ? 241 : es == 2 ? 150 : 0;
  const size_t skip = es == 1 ? 2 : 0; /* rows mod 4 left out: u8 runs of 2 mod 4 bytes, f16 of 8k bytes */
  return l->rows <= max && l->rows % 4 != skip && l->batch == 1 && clt__device_traits(info).whole_tile128;
}

/* How many work-items walk the block kernel's CPU tiles (cl/block.cl), each reading its next tile while
 * it writes the current one: 8 per compute unit where that gives each walk at least 8 tiles, else one
 * tile per work-item. On the 16 Xeon cores of an NVIDIA H200's host (POCL 5.0, f32 in 32-byte rows, AUTO,
 * alternating processes; bench/results/pocl16/walks.txt): 8192^2 (1024 tiles, 128 walks) took 5.60-6.65
 * ms in ten processes against 6.57-7.05 as one tile per work-item in groups of 2 before (medians 71.9%
 * and 67.8% of the copy); 4096^2 and 4097x4095 (256 and 264 tiles) took 1.47-1.83 ms in 64 walks of 4
 * against 1.35-1.82 before, and 1.29-1.78 (one process 2.67) as one tile per work-item in groups of 1.
 * On 2 EPYC cores, with rows of a 64-byte line, 16 walks and one tile per work-item ran level on f32
 * 4096^2 and 4097x4095 (bench/results/pocl2/walks.txt). */
static size_t cpu_walks(size_t tiles, size_t compute_units) {
  const size_t walks = 8 * (compute_units ? compute_units : 1);
  return tiles >= 8 * walks ? walks : tiles;
}

/* The block kernel's CPU tiles over a layout's whole batch. */
static size_t cpu_tiles(const clt__config *c, const clt__layout *l) {
  return div_up(l->rows, c->tile) * div_up(l->cols, c->chunk) * l->batch;
}

/* The work-items that walk cfg's CPU tiles: cpu_walks of them, rounded up to whole work-groups. */
static size_t cpu_walkers(const clt__config *c, const clt__layout *l, const clt__device_info *info) {
  const size_t wg = (size_t)c->wg_x * c->wg_y;
  return div_up(cpu_walks(cpu_tiles(c, l), info->compute_units), wg) * wg;
}

/* Whether cfg's CPU tiles, whose destination rows are off the 64-byte lines, write each line whole from
 * registers (cl/block.cl's STRIP) instead of skewing their runs through the private buffer: blocks of one
 * line per row (VW elements of 64 bytes, which clang's shuffles cover: 4-, 8- and 16-byte elements on
 * AVX-512), buffers on the lines, no FLAT or NCOLS, tiles of more than one block row (each also reads the
 * block row above it) in a matrix of at least four, and every matrix's destination starting alike. AUTO
 * against the skewed tiles, alternating processes, in GB/s (the copy's memory state moves percentages):
 * on 2 cores of an AVX-512 EPYC host (four rounds, bench/results/pocl2/strip.txt A) 14 of 15 f32 and f64
 * layouts gained on every pair of figures, f32 4097x4095 26.3-27.2 -> 29.9-31.2 (49.9-51.1% of the copy
 * -> 59.0-63.7 in the slower state), 8191x8193 26.9-27.4 -> 29.8-30.6, 2500x3001 26.0-28.7 -> 40.4-46.6,
 * 300x100001 17.3-17.6 -> 30.8-34.0, f64 4097x4095 31.1-32.0 -> 39.7-41.0, and 1000x1001 (8 MB) went
 * either way. On the 16 Xeon cores of an NVIDIA H200's host (two runs, bench/results/pocl16/strip.txt)
 * 13 of 26 gained (f32 16383x16385 55.2-66.6 -> 69.3-74.5, 6001x5003 112.8-117.4 -> 121.6-140.9, f64
 * 2047x2047 101.5-104.4 -> 123.3-125.3), 12 went either way and f32 1500x7001, which fits its 300 MiB
 * cache, lost (106.6-107.5 -> 89.7-90.5). Below four block rows the first and last block rows, which
 * cut their lines element by element, are most of the work: into destination rows padded by 3 f32
 * 60x100000 ran at 16.2-16.3 GB/s against the skew's 18.7-18.8 and 20x300001 at 14.9-15.2 against
 * 15.8-16.1, where 40x200001 gained (9.3 -> 12.4-16.5; pocl2/strip.txt C). c128 in 4 x 4 blocks, four
 * rounds then three held out on the EPYC (pocl2/strip.txt E): all 6 layouts they take gained on every pair
 * (4097x4095 33.0-34.5 -> 43.2-45.0, 3333x3333 32.9-35.6 -> 41.4-47.3, 25001x300 27.5-32.0 ->
 * 36.0-40.5), the 6 whose destination rows start on the lines came level; on the 16 Xeon cores 8191x1025
 * gained (91.1-93.9 -> 95.0-104.0) and the other 5 went either way (pocl16/strip.txt E). */
static int cpu_strip_ok(const clt__config *c, const clt__device_info *info, const clt__layout *l) {
  return c->vw * l->elem_size == 64 && (c->vw == 4 || c->vw == 8 || c->vw == 16) &&
         info->base_align_bytes >= 64 && !c->flat && !c->ncols && c->tile > c->vw &&
         l->rows >= 4 * (size_t)c->vw && (l->batch == 1 || l->dst_stride % c->vw == 0);
}

/* Whether the vector accesses of either side are VW-aligned, so the kernel may use vector pointers. */
static void set_alignment(clt__config *c, const clt__device_info *info, const clt__layout *l) {
  c->src_aligned = c->dst_aligned = c->shift_ok = c->pack = c->skg = c->flat = c->loads_first = 0;
  c->shift_split = c->shift_funnel = c->word_rows = c->walk = c->edge_shift = c->edge_clamp = 0;
  c->ncols = c->nrows = c->strip = 0;
  c->sko = c->skd = c->sro = c->srd = 0;
  c->pre = c->sk_max = c->edge_rows = c->dvw = 0;
  if (c->variant == CLT_VARIANT_VECTOR) {
    c->idx32 = idx32_ok(l, c->tile);
    int base_ok = info->base_align_bytes >= c->vw * l->elem_size;
    c->shift_ok = base_ok;
    c->src_aligned = base_ok && src_rows_on(l, c->vw);
    c->dst_aligned = base_ok && dst_rows_on(l, c->vw);
    /* A misaligned destination gets skewed stores aligned to dst_align bytes (a 32-byte sector by
     * default): PRE vector rows of prefix, at most a tile's worth. dst_align 1 asks for shifted
     * stores with scalar ends instead (DST_MODE 2). */
    size_t unit = c->vw * l->elem_size, align = c->dst_align ? c->dst_align : 32;
    unsigned pre = (unsigned)(align > unit ? align / unit : 1);
    if (!c->dst_aligned && base_ok && c->dst_align != 1 && info->base_align_bytes >= pre * unit &&
        pre <= c->tile / c->vw)
      c->pre = pre;
  } else if (c->variant == CLT_VARIANT_BLOCK) {
    c->idx32 = idx32_ok(l, c->vw);
    int base_ok = info->base_align_bytes >= c->vw * l->elem_size;
    c->src_aligned = base_ok && src_rows_on(l, c->vw);
    c->dst_aligned = base_ok && dst_rows_on(l, c->vw);
    /* CPU tiles with non-temporal stores: where destination rows do not all start on a 64-byte line,
     * each tile writes the line-aligned run of a row that starts up to a line before it (pre = SKEW,
     * a line's elements, at least a vector), as non-temporal stores of part of a line cost POCL's
     * 4097x4095 f32 two thirds of its speed (16% of the copy). Runs are whole lines only when the
     * tile's rows are; else the stores stay ordinary. Where cpu_strip_ok says so, the strips write those
     * lines straight from registers instead (the destination's and, where its rows are off the lines
     * too, the source's offset and row pitch modulo vw are build options). */
    /* A matrix of at most a tile's rows has all its tiles in the first tile row, which no skew lines
     * up: each destination row's run starts where the row does, on rows off the vectors with element
     * stores up to the first vector boundary, into the line the row before ended in. Where those rows
     * are dense, a tile's runs are one run instead, all vectors but its ends (cl/block.cl's FLAT). On
     * 2 EPYC cores that took f32 101x99999 from 12.6-13.3 ms to 3.7-3.8, 60x160000 from 10.3-10.8 to
     * 3.7-4.4, f64 30x160000 from 9.6-9.9 to 3.5-3.7, c128 99x60001 from 10.7-11.6 to 8.0-9.3; on rows
     * on the vectors it cost c128 2-12% (30x160000, 50x100000), so those keep a run per row
     * (bench/results/pocl2/wide.txt). */
    c->flat = c->tile && l->rows <= c->tile && dense_rows_off_vectors(l, c->vw);
    /* A second tile buffer only where some work-item walks on to another tile: private memory is the
     * stack of the thread running the work-group, and the budget (fits) counts both. */
    c->walk = c->tile && cpu_walkers(c, l, info) < cpu_tiles(c, l);
    /* A dense source of fewer columns than a block row's elements: every block is its tile's right edge,
     * whose elements the tile took one by one. Its VW rows are one run of whole vectors instead, each
     * destination row's lanes gathered from them by constant shuffles. AUTO, alternating processes, two
     * rounds (bench/results/pocl2/few-cols.txt): on 2 cores of an AVX-512 EPYC host all such layouts
     * gained, u8 1048576x7 2.00-2.18 ms -> 0.71-1.19, f16 2.07-2.08 -> 0.73-0.79, f32 2.37-2.41 ->
     * 1.23-1.70, f64 1048576x3 1.62-1.64 -> 1.08-1.56 (its rows of 8); on 16 Xeon cores u8 4194304x7 went
     * from 15.3-15.5% of the copy to 39.7-42.7%, f16 21.6-24.7% -> 65.6-68.1%, f32 51.5-53.5% -> 74.2-88.7%.
     * Rows of 4 elements (f64 where the registers hold 32 bytes, c128) keep the edge path. */
    if (c->tile && l->cols < c->vw && block_masks_cover(c->vw) && l->src_ld == l->cols)
      c->ncols = (unsigned)l->cols;
    if (c->flat && few_rows_as_runs(l, c->vw))
      c->nrows = (unsigned)l->rows;
    unsigned line = (unsigned)(64 / l->elem_size);
    if (c->tile && c->pad && c->tile % line)
      c->pad = 0;
    else if (c->tile && c->pad && cpu_runs_skewed(info, l)) {
      if (!cpu_strip_ok(c, info, l)) {
        c->pre = line > c->vw ? line : c->vw;
      } else { /* the strips */
        c->strip = 1;
        c->walk = 0; /* the strips' blocks above take no second buffer */
        c->sko = (unsigned)(l->dst_offset % c->vw);
        c->skd = (unsigned)(l->dst_ld % c->vw);
        c->shift_ok = !c->src_aligned && (l->batch == 1 || l->src_stride % c->vw == 0);
        c->sro = c->shift_ok ? (unsigned)(l->src_offset % c->vw) : 0;
        c->srd = c->shift_ok ? (unsigned)(l->src_ld % c->vw) : 0;
      }
    }
  } else if (c->variant == CLT_VARIANT_RECT) {
    c->idx32 = idx32_ok(l, c->tile);
    /* A destination whose rows do not all start on a dst_align-byte boundary (a 32-byte sector by
     * default; 1 = never skew) gets skewed runs: pre is then the skew in elements, at most the tile. */
    size_t es = l->elem_size, align = c->dst_align ? c->dst_align : 32;
    unsigned sk = align > es ? (unsigned)(align / es) : 1;
    int base_ok = info->base_align_bytes >= c->vw * es;
    c->src_aligned = base_ok && src_rows_on(l, c->vw);
    /* Misaligned source rows are read as aligned vectors and shifted in the tile (SRC_SHIFT) where
     * that replaces at least 4 element loads: on an NVIDIA H200 it took f16 16383x16385 with 4-element
     * vectors from 73% to 85% of the copy, but cost 2-element ones 2 (f16) to 8 (f32) points
     * (bench/results/h200/knobs3.txt). */
    c->shift_ok = base_ok && !c->src_aligned && c->vw >= 4;
    if (sk > 1 && c->dst_align != 1 && sk <= c->tile && info->base_align_bytes >= sk * es &&
        !dst_rows_on(l, sk))
      c->pre = sk;
    /* For 16-byte elements a run's first sh elements come straight from global memory instead of SK
     * extra tile rows, which cost a tile of 32 rows a fifth load step (cl/rect.cl's SKG: c128
     * 8191x8193 from 87% to 93% of the copy on an NVIDIA H200). Smaller elements skew by more rows, and
     * their scattered loads cost more than the rows. */
    c->skg = c->pre > 1 && es == 16 && c->vw == 1 && c->pre <= c->wg_x && c->wg_x % c->wg_y == 0;
    c->sk_max = rect_sk_max(c, l);
    rect_half_skew(c, info, l);
    /* Skewed runs start on an sk-element boundary of the buffer, so their vectors are aligned. */
    c->dst_aligned = c->pre ? c->pre % c->vw == 0 : base_ok && dst_rows_on(l, c->vw);
    c->pack = c->units && rect_pack_ok(c, info, l); /* then neither skew nor shifted rows */
    c->edge_rows = rect_edge_rows(c, info, l);
    c->loads_first = rect_loads_first(c, info, l);
    c->shift_split = rect_shift_split(c, info, l);
    c->shift_funnel = rect_shift_funnel(c, info, l);
    c->word_rows = rect_word_rows(c, info, l);
    c->edge_shift = rect_edge_shift(c, info, l);
    c->edge_clamp = rect_edge_clamp(c, info, l);
    /* 2-element stores for the aligned pieces, and for a run's 32 elements over 16 work-items */
    c->dvw = c->shift_split || ((c->shift_funnel || c->word_rows) && rect_wide_u8_word_tile(c, l)) ? 2 : 0;
  } else if (c->variant == CLT_VARIANT_NARROW) {
    /* Every vector aligned, or a narrower one: the largest that divides its tile extent and every
     * start of its view (16 bytes at most on the short side, vw elements on the long one). */
    c->idx32 = idx32_ok(l, c->tile);
    const unsigned short_max = (unsigned)(l->elem_size < 16 ? 16 / l->elem_size : 1);
    const size_t src_ext = c->wide ? c->tile : c->short_ext, dst_ext = c->wide ? c->short_ext : c->tile;
    c->nvl = narrow_vector(c->wide ? c->vw : short_max, src_ext, info, l, 0);
    c->nvs = narrow_vector(c->wide ? short_max : c->vw, dst_ext, info, l, 1);
    /* A wide source whose rows do not start on 16-byte vectors: 16-byte vectors still, each cut from
     * the two aligned ones it straddles (SRC_SHIFT in cl/narrow.cl), where each replaces at least 4
     * narrower loads (2 where narrow_shift_half says so). On an NVIDIA H200 (bench/results/h200/knobs11.txt
     * D), rows on single elements: u8 16x2097151 from 27% of the copy to 70%, 8x8388607 36% -> 85%, f16
     * 32x1048575 53% -> 71%, f32 24x2097151 63% -> 90%; f64 (2 loads each) lost 2.2 points on 16x2097151. */
    c->shift_ok = c->wide && (c->vw >= 4 * c->nvl || narrow_shift_half(c, info, l)) &&
                  c->vw * l->elem_size == 16 && c->tile % c->vw == 0 && info->base_align_bytes >= 16;
    if (c->shift_ok)
      c->nvl = c->vw;
    c->flat = narrow_flat(c, info, l);
    /* Destination runs skewed to dst_align bytes (a 32-byte sector by default; 1 = never skew) where
     * narrow_skewed says so: each tile writes them from the boundary at or before them in whole 16-byte
     * vectors, where they went in vectors as narrow as the rows' alignment, often single elements. */
    const size_t align = c->dst_align ? c->dst_align : 32;
    const unsigned sk = (unsigned)(align / l->elem_size);
    /* And a tall source moved FLAT, its lines whatever they are (narrow_flat has the figures), to whole
     * 16-byte vectors (the tile holds its rows 16 bytes' worth at a time). */
    const int flat_skew =
        c->flat && !c->wide && align >= 16 && info->base_align_bytes >= align && !dst_rows_on(l, sk);
    if (c->dst_align != 1 && (flat_skew || narrow_skewed(info, l, c->short_ext, align)) &&
        c->tile % sk == 0) {
      c->pre = sk;
      c->nvs = c->vw < sk ? c->vw : sk;
    }
  } else if (c->variant == CLT_VARIANT_COPY) {
    int base_ok = info->base_align_bytes >= 16;
    c->src_aligned = c->dst_aligned = base_ok && l->src_begin % 16 == 0 && l->dst_begin % 16 == 0;
  }
}

/* The block kernel's CPU tiles live in private memory, which CPU drivers put on the stack of the thread
 * that runs the work-group, once per work-item: 64 work-items of 128 x 1 KiB tiles (8.4 MiB) crashed
 * POCL 3.1 and 5.0 (a segmentation fault in the kernel). A work-group's tiles stay within 1 MiB. */
#define CLT__CPU_TILES_MAX ((size_t)1 << 20)
/* The widest CPU tile row a tuning may ask for (bytes); shrink_to_fit narrows it to the budget. */
#define CLT__CPU_TILE_COLS_MAX ((size_t)16384)

static int fits(const clt__config *c, const clt__device_info *info, size_t elem_size) {
  size_t wg = (size_t)c->wg_x * c->wg_y;
  /* where work-items walk, two buffers each: cl/block.cl reads the next tile into one while it writes
   * the other; strips keep one block row */
  size_t tiles = c->variant == CLT_VARIANT_BLOCK ? (1 + (size_t)c->walk) * c->chunk *
                                                       (c->strip ? c->vw : c->tile + c->pre) * elem_size * wg
                                                 : 0;
  return wg >= 1 && wg <= info->max_wg_size && c->wg_x <= info->max_item_size[0] &&
         c->wg_y <= info->max_item_size[1] && local_bytes(c, elem_size) <= info->local_mem_size &&
         tiles <= CLT__CPU_TILES_MAX;
}

/* One step down for a rect configuration that does not fit: local memory shrinks the tile (its rows,
 * then its columns, then the vector), a work-group limit the height, then the width. The tile stays a
 * multiple of its width (tile columns), which cl/rect.cl needs. 0 if nothing is left to shrink. */
static int shrink_rect(clt__config *c, const clt__device_info *info, size_t elem_size) {
  unsigned tc = c->wg_x * c->vw;
  if (local_bytes(c, elem_size) > info->local_mem_size) {
    if (c->tile > tc) {
      c->tile /= 2;
    } else if (c->wg_x > 1) {
      c->wg_x /= 2;
      c->tile /= 2;
    } else if (c->vw > 1) {
      c->vw /= 2;
      c->tile /= 2;
    } else {
      return 0;
    }
  } else if (c->wg_y > 1) {
    c->wg_y /= 2;
  } else if (c->wg_x > 1) {
    c->wg_x /= 2; /* the tile keeps its columns' worth of rows: still a multiple */
  } else {
    return 0;
  }
  return 1;
}

/* Halves the work-group, then the tile, until cfg fits; 0 if it cannot. With a layout, the access
 * modes (which change the local memory a vector tile needs) are re-derived at every step. */
static int shrink_to_fit(clt__config *c, const clt__device_info *info, const clt__layout *l) {
  size_t elem_size = l ? l->elem_size : 1;
  for (;;) {
    if (l)
      set_alignment(c, info, l);
    if (fits(c, info, elem_size))
      break;
    if (c->variant == CLT_VARIANT_RECT) {
      if (!shrink_rect(c, info, elem_size))
        return 0;
      continue;
    }
    if (c->variant == CLT_VARIANT_NARROW) { /* a shorter tile, else a smaller group */
      if (local_bytes(c, elem_size) > info->local_mem_size && c->tile > c->vw)
        c->tile /= 2;
      else if (c->wg_x > 1)
        c->wg_x /= 2;
      else
        return 0;
      continue;
    }
    if (c->wg_y > 1) {
      c->wg_y /= 2;
    } else if (c->variant == CLT_VARIANT_NAIVE || c->variant == CLT_VARIANT_COPY ||
               c->variant == CLT_VARIANT_BLOCK) {
      if (c->wg_x > 1)
        c->wg_x /= 2;
      else if (c->variant == CLT_VARIANT_BLOCK && c->tile && c->chunk > c->vw)
        c->chunk /= 2; /* one work-item's CPU tile past the budget: narrower tile rows */
      else
        return 0;
    } else if (c->variant == CLT_VARIANT_TILED) {
      if (c->tile <= 1)
        return 0;
      c->tile /= 2;
      c->wg_x = c->tile;
    } else { /* vector: a smaller tile first, then a narrower vector */
      if (c->tile > c->vw) {
        c->tile /= 2;
      } else if (c->vw > 1) {
        c->vw /= 2;
        c->tile = c->vw;
      } else {
        return 0;
      }
      c->wg_x = c->tile / c->vw;
      if (c->pre > c->tile / c->vw) /* a prefix must fit the tile; without one stores go element-wise */
        c->pre = 0;
    }
  }
  return 1;
}

/* Whether the driver's compiler offers non-temporal stores (clang's builtin, which POCL compiles): the
 * block kernel's CPU tiles use them, and so must the copy ceiling on the same device. */
static int nontemporal_stores(const clt__device_info *info) {
  return strstr(info->platform, "Portable Computing Language") != NULL;
}

static clt_variant resolve_auto(const clt__device_info *info, const clt__layout *l) {
  if (cpu_like(info))
    return CLT_VARIANT_BLOCK;
  /* GPUs: rect, except aligned 1- and 2-byte matrices, where the vector kernel's register blocks
   * move wider words (measured on an NVIDIA H200, bench/results/h200). */
  if (l->elem_size <= 2 && clt__shape_class(l) == CLT_SHAPE_ALIGNED)
    return CLT_VARIANT_VECTOR;
  return CLT_VARIANT_RECT;
}

clt_status clt__choose_config(const clt__device_info *info, const clt__layout *l, clt_variant requested,
                              clt__config *out) {
  clt__config c;
  memset(&c, 0, sizeof c);
  c.variant = requested == CLT_VARIANT_AUTO ? resolve_auto(info, l) : requested;
  size_t es = l->elem_size;
  size_t simd = info->simd_width ? info->simd_width : 8;

  switch (c.variant) {
  case CLT_VARIANT_NAIVE:
    c.source = "naive";
    c.kernel = "clt_naive";
    c.wg_x = (unsigned)(simd < 32 ? 32 : simd);
    c.wg_y = 256 / c.wg_x ? 256 / c.wg_x : 1;
    break;
  case CLT_VARIANT_TILED:
    c.source = "tiled";
    c.kernel = "clt_tiled";
    c.tile = 32;
    c.wg_x = c.tile;
    c.wg_y = 8;
    c.pad = 1;
    break;
  case CLT_VARIANT_VECTOR:
    c.source = "vector";
    c.kernel = "clt_vector";
    c.vw = 4;
    c.tile = es == 1 ? 128 : es <= 4 ? 64 : 32;
    c.wg_x = c.tile / c.vw;
    c.wg_y = (unsigned)(256 / c.wg_x < c.wg_x ? 256 / c.wg_x : c.wg_x);
    break;
  case CLT_VARIANT_BLOCK:
    c.source = "block";
    c.kernel = "clt_block";
    if (info->type & CL_DEVICE_TYPE_GPU) {
      /* 16-byte rows; a warp of 8 x 4 work-items reads 128-byte row pieces and writes 64-byte ones, so
       * every sector it touches is whole. */
      c.vw = (unsigned)(16 / es ? 16 / es : 1);
      c.wg_x = 8;
      c.wg_y = 32;
    } else {
      /* Tiles of 128 rows x 2 KiB (tile x chunk elements), each work-item walking a run of them
       * (cpu_walks), in blocks of 32-byte rows (16 elements at most): each destination row gets a run
       * of 128 elements (512 bytes of f32), each source row 32 cache lines (cl/block.cl says why). Before the
       * walks, groups of 2 items stacked down the source ran ahead of 4 by 10 points. On POCL (flat
       * addresses, clang), pad turns on non-temporal stores. With cl/block.cl's shuffle transpose, against 32
       * x 256-byte tiles in groups of 8 (2 EPYC cores of an AVX2 host, the bench, two runs each), 128 x 1 KiB
       * tiles took f32 4096^2 from 37-47% of the copy to 60-86%, 4097x4095 skewed from 28-32% to
       * 51-52%, f64 from 51-52% and 38-41% to 57-58% and 46-55%; c128 4096^2 49-52% (57-60%), 4097x4095
       * 47-54% (32-35%), where 64-row tiles gave 55% but 44-48% (bench/results/pocl2/src). On 2
       * cores of an AVX-512 EPYC host 2 KiB ran 8-19% shorter than 1 KiB on f32 and f64 in 9 of 10
       * pairs (the bench, median ms): f32 4096^2 4.65-6.13 against 5.62-6.02, 4097x4095 5.48 against
       * 6.30-6.55, f64 10.0-10.3 against 11.6-11.9 and 10.5-11.3 against 12.2-12.3; c128 level; level
       * on 16 Xeon cores (bench/results/pocl2/chunk.txt).
       * 1- and 2-byte elements took the same tiles once cl/block.cl's shuffle transpose covered their
       * 16-element blocks; before, each work-item moved one block in groups of 64, and their blocks
       * were transposed element by element. On 2 cores of an AVX-512 EPYC host (the bench, alternating
       * processes, two rounds; bench/results/pocl2/small.txt) u8 8192^2 went from 14.09-14.42 ms to
       * 5.00-5.37, 4097x4095 from 5.99-6.07 to 1.71-3.16, 100001x300 from 7.55-7.63 to 2.17-2.19,
       * 64x1048576 from 12.42-12.66 to 4.09-4.14, f16 8192^2 from 22.15-22.60 to 7.96-7.98, 4097x4095
       * from 10.85-11.15 to 2.45-2.64, 300x100001 from 17.96-18.01 to 6.38-6.75; all 16 layouts gained. */
      c.vw = (unsigned)(es >= 16 ? 2 : 32 / es > 16 ? 16 : 32 / es);
      c.wg_x = 1;
      /* Rows of a 64-byte line where the SIMD registers hold one (AVX-512: POCL reports 16 ints), so
       * each row of a block is one line read and one line written: on 2 cores of an AVX-512 EPYC host
       * (the bench, alternating processes, the rows set by a tuning file; bench/results/pocl2/walks.txt)
       * f32 4096^2 ran 12-14% shorter than with 32-byte rows, 4097x4095 18-21%, f64 11-26% and 27-28%,
       * c128 40-42% and 29-30%. 1- and 2-byte elements keep 16 (cl/block.cl has no wider transpose). */
      if (info->native_int_width >= 16 && es >= 4)
        c.vw = (unsigned)(64 / es);
      c.tile = 128;
      c.chunk = (unsigned)(2048 / es);
      c.pad = nontemporal_stores(info) ? 1 : 0;
      /* 1-byte elements whose runs are skewed: tiles of 192 rows (runs of three lines) where the matrix
       * has more than two 128-row tile rows and at least half a tile row's columns. The skew's line of
       * rows is half of a 128-row tile; leaving those loads out altogether (a wrong result) recovered less
       * than the taller tile did, so part of the gain is the longer runs. AUTO, alternating processes, two
       * rounds (bench/results/pocl16/tile-rows.txt, bench/results/pocl2/tile-rows.txt): on 16 Xeon cores
       * u8 16383x16385 went from 29.1-30.8% of the copy to 42.9-46.8, 4097x4095 18.0-18.8 -> 29.5-33.4,
       * 8191x8193 35.5-37.8 -> 40.0-40.5, 300x100001 15.3-17.4 -> 20.6-23.1, 1000x1024 x8 24.8-28.5 ->
       * 39.4-41.9; on 2 EPYC cores 8191x8193 6.06-6.13 ms -> 5.30-5.31, 4097x4095 1.56-1.59 -> 1.43-1.44,
       * 300x100001 4.65-4.88 -> 3.92-3.97, while 1000x1100 x8 lost 5% (0.74-0.75 -> 0.77-0.79). Aligned
       * destinations keep 128 rows: on the 16 cores 4096^2 lost 8.5 and 11.9 points in 192, 2048^2 x8 11.8
       * and 4.1. So did sources of fewer columns (2 cores: 100001x300 2.15 ms -> 2.55-4.51); 2-byte
       * elements went either way (pocl16/tile-rows.txt A, C). */
      if (es == 1 && c.pad && cpu_runs_skewed(info, l) && l->cols >= c.chunk / 2 &&
          l->rows > 2 * (size_t)c.tile)
        c.tile = 192;
      c.wg_y = 1; /* each work-item walks a run of tiles (cpu_walks) */
      /* A wide source of up to twice those rows whose dense destination rows are off the vectors: one
       * tile row of 256, so its runs are all written as one per tile (FLAT, set_alignment) rather
       * than the first tile row's starting with element stores. On 2 EPYC cores f32 250x40000 went
       * from 7.6-8.4 ms to 3.4-3.5, 196x50000 from 5.8-5.9 to 3.5, f64 201x40001 from 8.8-9.1 to
       * 5.3-5.4, c128 201x40001 from 11.7-12.7 to 10.8-10.9 (bench/results/pocl2/wide.txt E). */
      if (clt__shape_class(l) == CLT_SHAPE_WIDE && l->rows > c.tile && l->rows <= 2 * (size_t)c.tile &&
          dense_rows_off_vectors(l, c.vw))
        c.tile *= 2;
      /* Fewer such rows than a block row's elements: every vector of FLAT's one run spans rows, and FLAT
       * gathered each element by element. Where one of the first vw rows of every tile's run starts on a
       * vector (few_rows_as_runs), the block rows stay and FLAT writes vw destination rows at a time from
       * there, gathered by constant shuffles (cl/block.cl's NROWS, set_alignment). On 2 cores of an AVX-512
       * EPYC host (the bench, alternating processes, two rounds; bench/results/pocl2/few-rows.txt) against
       * the narrower rows below, all 19 layouts gained: u8 13x999999 4.83-4.88 ms -> 1.21, f16 4.84-5.18
       * -> 1.50-1.53, f32 5.68-5.80 -> 2.83-2.93, 8x1310001 3.35-3.39 -> 2.18-2.23, f64 5x1048577 4.25-4.32
       * -> 2.51, 2x1048577 1.85-1.87 -> 0.92-1.00; on 16 Xeon cores all 12 took 1.2x to 4.2x less time (u8
       * 13x3999999 7.03-7.36 -> 2.25-2.53); batches whose matrices start off the vectors, from the first
       * row on one, 1.7x to 4.7x on the 2 cores (u8 13x99999 x8 3.80-3.92 -> 0.97-0.98; few-rows.txt C).
       * Elsewhere narrower block rows, down to 4 elements: the widest on
       * whose vectors the destination rows start (no FLAT), else the widest within the rows. On 2
       * cores of an AVX-512 EPYC host (the bench, alternating processes, two rounds; bench/results/
       * pocl2/wide.txt F) f32 8x1310001 took 3.49-3.56 ms against 10.05-10.13 (8 elements), 12x873813
       * 4.01-4.08 against 9.46-9.54 (4), 10x1048577 5.94-5.97 against 8.33-8.46 (8), 6x1750001 5.49-5.56
       * against 8.35-8.36 (4), 4x2621441 5.11-5.28 against 6.74-6.80 (4); f64 4x1310721 3.16-3.17 against
       * 4.75-4.87, 6x873813 4.23-4.35 against 6.90-7.31, 5x1048577 4.51-4.54 against 5.83-5.84 (4).
       * Fewer rows than 4 keep the default (f32 and f64 2 and 3 rows ran slower in narrower rows). */
      if (l->rows < c.vw && dense_rows_off_vectors(l, c.vw) && !few_rows_as_runs(l, c.vw)) {
        unsigned v = c.vw / 2;
        while (v >= 4 && dense_rows_off_vectors(l, v))
          v /= 2;
        if (v < 4) {
          v = c.vw / 2;
          while (v >= 4 && v > l->rows)
            v /= 2;
        }
        if (v >= 4)
          c.vw = v;
      }
    }
    break;
  case CLT_VARIANT_RECT:
    c.source = "rect";
    c.kernel = "clt_rect";
    /* The best of sweeps on an NVIDIA H200 per element size (bench/results/h200/rect): 256 work-items
     * (what that driver reports as every kernel's limit), 32-byte sector skew (a 128-byte line for
     * 8-byte elements), 1-, 2- and 4-byte elements moved 4 or 8 bytes at a time. */
    c.vw = es <= 2 ? (unsigned)(4 / es) : es == 4 ? 2 : 1;
    c.wg_x = 32;
    c.tile = es <= 2 ? 128 : es == 16 ? 32 : 64;
    c.wg_y = 8;
    c.pad = 1;
    c.dst_align = es == 8 ? 128 : 32;
    break;
  case CLT_VARIANT_NARROW: {
    c.source = "narrow";
    c.kernel = "clt_narrow";
    /* The short side whole up to 64 elements (so no tile has an empty part), 16-byte vectors along
     * the long side, one-dimensional groups, no padding (the rotation in cl/narrow.cl keeps the banks
     * apart). Measured on an NVIDIA H200 (bench/results/h200/knobs7.txt): for 2- to 16-byte
     * elements, groups of 64 with runs of at least 256 bytes along the long side and about 4 KiB
     * tiles (f64 2097152x16 96.7% of the copy against 94.4% with 16 KiB tiles in groups of 256, c128
     * 1048576x16 96.9% against 94.5%); more vectors per work-item than 4 lost (f16 2097152x32 88.2%
     * with 8, 92.0-92.5% with 4), so the group grows instead. 1-byte elements: 8 KiB tiles in groups
     * of 128 (u8 8388608x16 85.9-89.7%). */
    c.wide = l->rows < l->cols;
    const size_t n_short = short_side(l);
    const int whole = narrow_whole(l);
    c.short_ext = (unsigned)(n_short < CLT__NARROW_MAX || whole ? n_short : CLT__NARROW_MAX);
    c.vw = (unsigned)(es < 16 ? 16 / es : 1);
    /* A tall source moved FLAT (held as read, cl/narrow.cl's GATHER) into destination rows on 16-byte
     * vectors: tiles of 4 to 8 KiB in groups of 64, 4 to 8 vectors per work-item each way. A --tune on
     * an NVIDIA H200 (bench/results/h200/knobs34.txt D, E): u8 8388608x13 78.2% of the copy in tiles of
     * 512 rows in groups of 64, against 61.3 in groups of 128 (the rule before) and 61.1 in 256 rows;
     * f16 4194304x13 85.6 (256 x 64) against 81.4 (128 x 128); f32 4194304x13 95.1 (128 x 64) against
     * 86.9 (64 x 128). Into rows off them (skewed) the rule before stands for 2- and 4-byte elements and
     * 1-byte ones take its 4 KiB tiles too: u8 8388607x7 54.4 (512 x 128) against 46.0 (1024 x 128),
     * 4194303x26 60.3 (128 x 128) against 55.7 (256 x 128).
     * A wide source of 2- or 4-byte elements moved FLAT (held as written, SCATTER) on a short side of
     * up to 20: tiles of up to 8 KiB in groups of 64 too, at most one 16-byte vector of each source row
     * per work-item. A --tune on an NVIDIA H200 (knobs34.txt M, N): f16 5x16777221 97.7 (512 x 64)
     * against 78.9 (256 x 128, the rule before), 7x8388617 93.2 against 83.7, 12x4194305 90.6 (256 x
     * 64) against 80.1, 20x4194305 94.2 (128 x 64) against 83.5; f32 10x4194305 98.1 (128 x 64)
     * against 77.8 (64 x 128), 13x4194305 89.3 against 82.3, 3x8388617 96.8 (256 x 64) against 83.9.
     * Two vectors of a source row per work-item lost (f16 3x16777259 87.5 in 1024 x 64 against 95.8);
     * on short sides of 26 to 50 the rule went either way (f32 26x2010011 87.0 against 82.3, f16
     * 26x2097151 80.1 against 83.0, f32 50x1000001 81.4 against 83.9). 1-byte elements were best in the
     * rule before (u8 13x8388609 84.0 in 512 x 128, 79.7 in 512 x 64). AUTO against the rule before,
     * two rounds in alternating processes (knobs34.txt O; h100/notes.txt AC, AE), H200 then H100: f32
     * 10x4194305 76.9-77.1 -> 98.4-98.8 and 89.1-89.3 -> 98.0-98.4, 13x4194305 81.5-81.6 -> 88.7-89.0
     * and 77.0-77.2 -> 97.2-97.4, f16 5x16777221 78.4-78.5 -> 97.5-97.7 and 76.4-76.7 -> 98.7. */
    clt__config probe = c;
    probe.tile = c.vw;
    probe.nvl = narrow_vector(c.vw, c.short_ext, info, l, 0);
    probe.nvs = narrow_vector(c.vw, c.short_ext, info, l, 1);
    const int flat = narrow_flat(&probe, info, l);
    const int gather = !c.wide && flat;
    const int dst16 = dst_on_16(l);
    const int gather16 = gather && dst16;
    const int scatter = c.wide && flat && es >= 2 && c.short_ext <= 20;
    /* Wide f32 sources of fewer than 32 rows read as shifted 16-byte vectors: groups of 64
     * (narrow_shift_half has the figures). The source's vector as set_alignment will find it: the tile
     * is a multiple of vw. */
    clt__config half = c;
    half.nvl = narrow_vector(c.vw, c.vw, info, l, 0);
    const int shift32 = es == 4 && c.short_ext < 32 && narrow_shift_half(&half, info, l);
    const size_t budget = gather16 || scatter || (es == 1 && !gather) ? 8192 : 4096;
    /* Runs of at least 256 bytes along the long side, except:
     * - tall 8-byte sources into destination rows off 16-byte vectors, on short sides up to the device's
     *   clt__traits narrow_run8_max: 512 bytes;
     * - tall 2-byte sources moved FLAT into such rows (skewed GATHER) whose rows are read an element at a
     *   time (an odd short side): 128 bytes. AUTO, two rounds in alternating processes. On an NVIDIA H200
     *   all 18 such layouts of the search gained (bench/results/h200/knobs35.txt C, D; f16 1048575x19
     *   54.7-54.8% of the copy -> 68.5-69.2, 1048575x25 57.3-57.8 -> 69.0-69.7, 1048575x31 58.0-58.1 ->
     *   58.4-58.7), as did all 10 held out (E: 2097151x17 58.1-58.2 -> 69.8-70.3, 1048575x59 53.5-53.7
     *   -> 62.2-62.6, 1048575x37 52.7-53.1 -> 54.7-54.8); on an NVIDIA H100 22 of 26 gained
     *   (bench/results/h100/notes.txt AG: 1048575x59 69.0-69.1 -> 82.4-82.7, 1048575x37 62.6-63.2 ->
     *   72.0-73.1), 1048575x41 ran level and 3 lost 1.7 to 3.8 (1048575x29 82.2-82.7 -> 79.0-79.1,
     *   1048575x31 80.8-81.6 -> 77.8-77.9, 2097151x17 75.3-75.6 -> 73.6-73.7). Read in pairs or wider
     *   the H200 went either way (2097151x18 70.4-70.6 -> 59.6, 2097150x30 63.9-64.1 -> 68.9-69.3; C,
     *   D). */
    const int run8 = es == 8 && !c.wide && !dst16 && c.short_ext <= clt__device_traits(info).narrow_run8_max;
    const int run2 = es == 2 && gather && !dst16 && probe.nvl == 1;
    const size_t run_bytes = run8 ? 512 : run2 ? 128 : 256;
    const size_t run = es == 1 ? 1 : run_bytes / es;
    if (whole) { /* narrow_whole and narrow_whole_tile128 have the figures */
      c.tile = narrow_whole_tile128(info, l) ? 128 : 64;
      c.wg_x = 256;
    } else {
      const unsigned tile_max = scatter ? 64 * c.vw : CLT__NARROW_TILE_MAX;
      c.tile = c.vw;
      while (c.tile < tile_max && (2 * c.tile * c.short_ext * es <= budget || c.tile < run))
        c.tile *= 2;
      const int u8_128 = narrow_u8_tile128(&c, info, l);
      if (u8_128)
        c.tile = 128;
      unsigned sv = c.vw; /* the short side's vector, were its view aligned */
      while (sv > 1 && c.short_ext % sv)
        sv /= 2;
      c.wg_x = es == 1 ? 128 : 64;
      const unsigned wg_max = gather16             ? narrow_gather_group(&c, info, l)
                              : scatter || shift32 ? 64
                              : u8_128             ? 128
                                                   : narrow_group_max(&c, info, l, flat);
      if (gather16 || scatter)
        c.wg_x = 64;
      while (c.wg_x < wg_max && (size_t)c.tile * c.short_ext / sv > 4 * (size_t)c.wg_x)
        c.wg_x *= 2;
    }
    c.wg_y = 1;
    c.pad = 0; /* banks: the rotation (cl/narrow.cl) */
    break;
  }
  case CLT_VARIANT_COPY:
    c.source = "copy";
    c.kernel = "clt_copy";
    c.vw = (unsigned)(16 / es ? 16 / es : 1);
    c.wg_x = 256;
    c.wg_y = 1;
    /* CPUs stream best when each work-item walks its own run of memory; GPUs want neighbours adjacent. */
    c.chunk = (info->type & CL_DEVICE_TYPE_GPU) ? 0 : 64;
    /* pad: non-temporal stores, as the block kernel's CPU tiles make on POCL, so the ceiling does not
     * pay for reading the destination when the transpose does not. */
    c.pad = c.chunk && nontemporal_stores(info) ? 1 : 0;
    c.unroll = 1; /* measured on an NVIDIA H200: about one word per work-item beats unrolled loops */
    c.groups_per_cu = 2048;
    break;
  default:
    return clt__fail(CLT_INVALID_VALUE, "unknown variant %d", (int)requested);
  }
  if (!shrink_to_fit(&c, info, l))
    return clt__fail(
        CLT_UNSUPPORTED, "no %s work-group fits the device (max work-group %zu, local memory %llu bytes)",
        clt_variant_name(c.variant), info->max_wg_size, (unsigned long long)info->local_mem_size);
  *out = c;
  return CLT_SUCCESS;
}

clt_status clt__config_from_tuning(const clt__device_info *info, const clt__layout *l, const clt_tuning *t,
                                   clt__config *out) {
  clt_variant v = t->variant != CLT_VARIANT_AUTO ? t->variant : l->variant;
  if (v == CLT_VARIANT_COPY && l->variant != CLT_VARIANT_COPY)
    return clt__fail(CLT_INVALID_VALUE, "a copy tuning cannot run a transpose");
  clt__config c;
  clt_status st = clt__choose_config(info, l, v, &c);
  if (st != CLT_SUCCESS)
    return st;
  if (t->vector_width && (c.variant == CLT_VARIANT_VECTOR || c.variant == CLT_VARIANT_BLOCK ||
                          c.variant == CLT_VARIANT_RECT || c.variant == CLT_VARIANT_NARROW)) {
    if (!is_pow2(t->vector_width) || t->vector_width > max_vw(l->elem_size))
      return clt__fail(CLT_INVALID_VALUE, "vector_width %u is not a power of two up to %u", t->vector_width,
                       max_vw(l->elem_size));
    c.vw = t->vector_width;
  }
  if (t->wg_x && (c.variant == CLT_VARIANT_RECT || c.variant == CLT_VARIANT_NARROW)) {
    if (!is_pow2(t->wg_x))
      return clt__fail(CLT_INVALID_VALUE, "wg_x %u is not a power of two", t->wg_x);
    c.wg_x = t->wg_x;
  }
  if (c.variant == CLT_VARIANT_RECT) {
    if (t->tile)
      c.tile = t->tile;
    else if (c.tile < c.wg_x * c.vw) /* a wider vector or group alone widens the default tile */
      c.tile = c.wg_x * c.vw;
    if (!is_pow2(c.tile) || c.tile < c.wg_x * c.vw || c.tile > 1024)
      return clt__fail(
          CLT_INVALID_VALUE,
          "tile %u is not a power of two from the tile columns (wg_x * vector_width = %u) to 1024", c.tile,
          c.wg_x * c.vw);
  }
  if (t->tile && (c.variant == CLT_VARIANT_TILED || c.variant == CLT_VARIANT_VECTOR)) {
    if (!is_pow2(t->tile) || t->tile < c.vw || t->tile > 1024)
      return clt__fail(CLT_INVALID_VALUE, "tile %u is not a power of two from the vector width to 1024",
                       t->tile);
    c.tile = t->tile;
  }
  if (c.variant == CLT_VARIANT_NARROW) {
    if (t->tile) {
      if (!is_pow2(t->tile) || t->tile > CLT__NARROW_TILE_MAX)
        return clt__fail(CLT_INVALID_VALUE, "narrow tile %u is not a power of two up to %u", t->tile,
                         CLT__NARROW_TILE_MAX);
      c.tile = t->tile;
    }
    if (c.tile < c.vw)
      c.tile = c.vw; /* the long side's vectors fit the tile */
    if (t->wg_y > 1)
      return clt__fail(CLT_INVALID_VALUE, "narrow work-groups are one-dimensional (wg_y %u)", t->wg_y);
  }
  if (t->tile && c.variant == CLT_VARIANT_BLOCK && c.tile) { /* CPU tiles: rows per work-item */
    if (!is_pow2(t->tile) || t->tile < c.vw || t->tile > 256)
      return clt__fail(CLT_INVALID_VALUE, "block tile %u is not a power of two from the vector width to 256",
                       t->tile);
    c.tile = t->tile;
  }
  if (t->tile_cols && c.variant == CLT_VARIANT_BLOCK && c.tile) { /* CPU tiles: columns per work-item */
    if (!is_pow2(t->tile_cols) || t->tile_cols < c.vw ||
        (size_t)t->tile_cols * l->elem_size > CLT__CPU_TILE_COLS_MAX)
      return clt__fail(CLT_INVALID_VALUE,
                       "block tile_cols %u is not a power of two from the vector width to %zu", t->tile_cols,
                       CLT__CPU_TILE_COLS_MAX / l->elem_size);
    c.chunk = t->tile_cols;
  }
  if (c.variant == CLT_VARIANT_TILED)
    c.wg_x = c.tile;
  else if (c.variant == CLT_VARIANT_VECTOR)
    c.wg_x = c.tile / c.vw;
  else if (t->wg_x && (c.variant == CLT_VARIANT_NAIVE || c.variant == CLT_VARIANT_BLOCK))
    c.wg_x = t->wg_x;
  if (t->wg_y)
    c.wg_y = t->wg_y;
  if (t->pad &&
      (c.variant == CLT_VARIANT_TILED || c.variant == CLT_VARIANT_RECT || c.variant == CLT_VARIANT_NARROW))
    c.pad = t->pad;
  if (t->dst_align)
    c.dst_align = t->dst_align;
  if (c.variant == CLT_VARIANT_RECT && t->units) {
    /* 16-byte units where the layout allows them; elsewhere the vectors and work-group take the
     * defaults of the element size, as knobs chosen for units (wide vectors, narrow groups) make a
     * slow plain tile. */
    c.units = 1;
    if (!rect_pack_ok(&c, info, l)) {
      clt__config d;
      st = clt__choose_config(info, l, CLT_VARIANT_RECT, &d);
      if (st != CLT_SUCCESS)
        return st;
      c.vw = d.vw;
      c.wg_x = d.wg_x;
      c.wg_y = d.wg_y;
      c.units = 0;
      if (c.tile < c.wg_x * c.vw)
        c.tile = c.wg_x * c.vw;
    }
  }
  if (c.variant == CLT_VARIANT_COPY) { /* the ceiling's own knobs, for measuring the copy itself */
    if (t->vector_width)
      c.unroll = t->vector_width;
    if (t->tile)
      c.groups_per_cu = t->tile;
    if (t->wg_x)
      c.wg_x = t->wg_x;
  }
  if (!shrink_to_fit(&c, info, l))
    return clt__fail(CLT_UNSUPPORTED, "the tuning does not fit the device");
  *out = c;
  return CLT_SUCCESS;
}

void clt__config_to_tuning(const clt__config *cfg, clt_tuning *t) {
  t->variant = cfg->variant;
  t->tile = cfg->tile;
  t->vector_width = cfg->vw;
  t->wg_y = cfg->wg_y;
  t->pad = cfg->pad;
  t->wg_x = cfg->wg_x;
  t->dst_align = cfg->dst_align;
  t->units = (unsigned)cfg->pack;
  t->tile_cols = cfg->variant == CLT_VARIANT_BLOCK && cfg->tile ? cfg->chunk : 0;
}

clt_shape_class clt__shape_class(const clt__layout *l) {
  if (l->batch > 1 && l->rows * l->cols <= ((size_t)1 << 20))
    return CLT_SHAPE_BATCHED;
  if (l->rows <= 256 || l->cols <= 256)
    return l->rows > l->cols ? CLT_SHAPE_TALL : CLT_SHAPE_WIDE;
  if (l->rows % 4 || l->cols % 4 || l->src_ld % 4 || l->dst_ld % 4 || l->src_offset % 4 || l->dst_offset % 4)
    return CLT_SHAPE_ODD;
  return CLT_SHAPE_ALIGNED;
}

int clt__config_fit_kernel_limit(clt__config *cfg, size_t kernel_max_wg) {
  if ((size_t)cfg->wg_x * cfg->wg_y <= kernel_max_wg)
    return 0;
  clt__device_info limit;
  memset(&limit, 0, sizeof limit);
  limit.max_wg_size = kernel_max_wg;
  limit.max_item_size[0] = limit.max_item_size[1] = limit.max_item_size[2] = kernel_max_wg;
  limit.local_mem_size = (cl_ulong)-1;
  /* Local memory is unbounded here: only the work-group shrinks, and the access modes stay. */
  return shrink_to_fit(cfg, &limit, NULL) ? 1 : -1;
}

static size_t min_sz(size_t a, size_t b) {
  return a < b ? a : b;
}

/* Wide 2-byte sources of 96 rows whose rows start off 16-byte vectors, on devices whose clt__traits
 * wide_shifted2_rect32 says so: rect's 32 x 32 tiles of 4-element vectors in groups of 8 x 4 (three whole
 * tile rows), not the narrow kernel. On an NVIDIA H200 the narrow kernel ran them at 64-78% of the copy
 * (bench/results/h200/knobs31.txt G: --tune put these knobs 10.3 points ahead on 96x2097151, where 80 and
 * 112 rows, partly empty tile rows, kept narrow); an A/B of two rounds (H): every 96-row layout gained 4.0
 * to 13.6 points, 96x2097151 68.7-69.1 -> 82.3, 96x1048575 67.2-67.5 -> 80.7-80.8, 96x524287 63.9-65.8
 * -> 77.1-77.6, 96x2097148 (on 8-byte words) 78.2 -> 82.2-82.3. */
static int shifted_wide2_rect32(const clt__device_info *info, const clt__layout *l) {
  return l->elem_size == 2 && l->rows == 96 && clt__shape_class(l) == CLT_SHAPE_WIDE && !src_on_16(l) &&
         clt__device_traits(info).wide_shifted2_rect32;
}

int clt__narrow_auto(const clt__device_info *info, const clt__layout *l, const clt__config *c) {
  /* The GPU tile kernels give each tile a fixed number of columns (rows of a wide source): a matrix
   * whose short side is not a whole number of them leaves part of every tile empty, and a short side
   * of 256 bytes or less leaves too few work-items a vector each. On an NVIDIA H200 the narrow kernel
   * took f32 2097152x24 from 68.6% of the copy (rect with tiles narrowed to 32 columns) to 95.7%,
   * 4194304x12 from 55.9% to 97.4%, u8 8388608x16 from 11.1% (rect) to 86.1%, f16 16x4194304 from
   * 19.5% to 90.8%, c128 1048576x16 from 94.7% to 96.8% (CLBlast 96.0%); at 64 columns of f16 or
   * f32, and 32 of c128, the tile kernels stayed ahead (bench/results/h200/knobs7.txt). */
  const clt_shape_class cls = clt__shape_class(l);
  if ((cls != CLT_SHAPE_TALL && cls != CLT_SHAPE_WIDE) ||
      (c->variant != CLT_VARIANT_RECT && c->variant != CLT_VARIANT_VECTOR && c->variant != CLT_VARIANT_TILED))
    return 0; /* the block kernel (CPUs) has no tiles to fill */
  const int wide = l->rows < l->cols;
  const size_t n_short = short_side(l);
  /* The tile's extent along the short side: rect's tile columns, or its tile rows for a wide source. */
  const size_t across = wide ? c->tile : tile_cols(c);
  /* rect's skew writes a tall source's misaligned destination rows in whole sectors, where narrow
   * stores them an element at a time: with tiles that fit the short side rect stays (on an NVIDIA
   * H200, f16 1048575x32 83.2% of the copy against narrow's 70.4%, u8 2097151x32 59.4% against 50.5%;
   * bench/results/h200/knobs11.txt F), and for 16-byte elements on more than 20 columns whether they
   * fit or not: since rect's edge tiles move whole elements four rows at a time (cl/rect.cl's
   * EDGE_VEC) and tall sources walk along their tile rows (ACROSS), rect ran c128 699051x24 at 95.5%
   * on an NVIDIA H100, 1048575x31 at 95.8, 1048575x40 at 95.0, 524287x56 at 94.7, where the tiled
   * kernel that AUTO took ran at 90.5-93.1 and narrow at 83.3-88.6 (bench/results/h100/notes.txt I;
   * on an NVIDIA H200 before those two changes tiled led rect, knobs15.txt B and C). Narrow keeps 20
   * columns or fewer and destination rows on sectors (no skew), where it led there. Since narrow skews
   * such runs too (narrow_skewed), 2-byte elements that rect cuts into several tiles of 16 columns go to
   * narrow: f16 1048575x48 ran at 76.6-78.8% of the copy there against rect's 62.7-63.6 on an NVIDIA
   * H200, 85.5-86.0 against 65.2-65.5 on an H100 (bench/results/h200/knobs33.txt C to E). In one tile
   * of 16 columns the two GPUs disagreed (f16 3145727x16 82.8 against 80.8-81.3 on the H200, 91.9-92.1
   * against 96.3-96.6 on the H100), and in tiles of 32 or 64 columns, and for 4- and 8-byte elements,
   * rect stayed ahead (H200: f16 1572863x32 86.3-86.5 against 79.6-80.1, f32 524287x48 86.0-86.2
   * against 80.0-80.2, f64 786431x16 92.2-93.5 against 90.1-90.8). */
  const clt__traits traits = clt__device_traits(info);
  const int skewed16 =
      l->elem_size == 2 && across == 16 && n_short > across && narrow_skewed(info, l, n_short, 32);
  if (!wide && c->variant == CLT_VARIANT_RECT && c->pre && !skewed16 &&
      (n_short % across == 0 || (l->elem_size == 16 && n_short > 20)))
    return 0;
  /* Wide 16-byte sources of 34 to 63 rows whose destination rows start on 32-byte sectors (an even row
   * count), on devices whose clt__traits wide16_rect_sectors says so: rect, whose last tile row is partly
   * empty. On an NVIDIA H100 (bench/results/h100/notes.txt AG), two rounds, rect ran every such layout
   * measured 0.7 to 2.0 points ahead of narrow: c128 40x308761 96.0-96.3% of the copy against 94.4-94.6
   * (CLBlast 95.0-95.1, which led AUTO), 46x270001 94.7-94.8 against 92.8, 44x1000001 96.7-96.8 against
   * 95.1-95.2, 56x220009 96.4-96.6 against 95.0-95.2; 48x700000 ran level, and where the source rows lie a
   * multiple of 512 bytes apart narrow led by 0.1 to 0.6 (42x300000 97.1-97.2 against 96.7). AUTO against the
   * rule before, two runs of two rounds in alternating processes: all 9 such layouts gained 0.2 to 2.5 points
   * (40x308761 94.2-94.6 -> 96.3-96.7, 38x340001 96.1-96.2 -> 97.6-98.2 held out). Odd row counts stay
   * narrow: up to 39 rows narrow led by 1.2 to 4.7 (35x340007 96.5-96.6 against 92.1-92.2,
   * 33x1000003 95.8-96.1 against 91.4-91.6), from 41 to 63 rect by up to 1.9. */
  if (wide && l->elem_size == 16 && n_short >= 34 && n_short < CLT__NARROW_AUTO_MAX && dst_rows_on(l, 2) &&
      traits.wide16_rect_sectors)
    return 0;
  /* Wide sources whose rows the tile kernels' tiles fill whole (64; 1- and 2-byte elements also 128), into
   * destination rows padded off 16-byte vectors (1-, 4- and 8-byte elements) or off 4-byte words (2-byte
   * ones), on devices whose clt__traits wide_dst_off16_narrow says so: narrow. rect skews such runs, and its
   * one tile row of 64 then takes the edge path in every tile. AUTO against the code before, two rounds in
   * alternating processes on an NVIDIA H200 (bench/results/h200/knobs46.txt G; F was one round beside the
   * named kernels): all 23 such layouts gained 8.1 to 37.1 points of the copy, 13 of them held out (f32
   * 64x1048575 into rows of 65 53.1% -> 62.1, 64x1048576 into rows of 70 53.9-54.0 -> 65.2-65.3; f16
   * 64x1048575 into rows of 65 35.2 -> 43.3-43.5, a batch of 4 of 64x262143 34.0-35.3 -> 43.6-44.1; u8
   * 64x2097152 into rows of 65 18.2-18.7 -> 37.7, of 72 19.4 -> 56.3-56.5; f64 64x524288 into rows of 65
   * 67.8-67.9 -> 80.2-80.4). 2-byte elements into rows on 4-byte words lost 2.5 to 9.9 (64x1048575 into rows
   * of 66 61.4 -> 51.5-52.1; H) and on 8 bytes 0.2 to 0.7, so those keep rect. 16-byte elements are always on
   * 16 bytes (c128 64x262143 into rows of 65 ran at 85.7 in narrow against rect's 82.7, one round, F). At 128
   * rows rect led for 4- and 8-byte elements (f32 128x524287 into rows of 129 67.2 against 66.1, f64
   * 128x262143 83.3 against 73.3; F), which keep it, and narrow for 1- and 2-byte ones, which take it: an A/B
   * as above (I), all 12 such layouts gained, 6 of them held out, u8 10.7 to 28.6 points (128x1048575 into
   * rows of 129 20.2-20.7 -> 31.1-31.4, 128x2097152 into rows of 136 20.2 -> 48.4-48.8), f16 1.2 to 3.7
   * (128x2000001 into rows of 129 47.3-47.5 -> 50.9-51.0). */
  const unsigned dst_unit = l->elem_size == 2 ? 2u : (unsigned)(16 / l->elem_size);
  const int dst_off16 = wide && traits.wide_dst_off16_narrow && !dst_rows_on(l, dst_unit);
  if (n_short <= CLT__NARROW_AUTO_MAX)
    return skewed16 || (n_short <= 32 && n_short * l->elem_size <= 256) || n_short % across != 0 || dst_off16;
  if (dst_off16 && l->elem_size <= 2 && n_short == CLT__NARROW_MAX)
    return 1; /* 1- and 2-byte elements in 128 rows too (above) */
  /* Wide sources of 65 to 127 rows whose rows start on 16-byte vectors, in one tile of every row (its
   * store loop unrolled by 2 where that holds fewer registers, narrow_store_unroll), whatever the tile
   * kernels' tiles. On an NVIDIA H200, two rounds (bench/results/h200/knobs20.txt): f32 68x2097152 from
   * 76.8% of the copy (CLBlast 77.6-77.7%) to 93.4-93.6%, 74x2097152 78.5-78.6 -> 89.0-89.1,
   * 100x1048576 90.4 -> 96.8-97.1, 99x1048576 86.8-86.9 -> 91.0, 65x2097152 68.2-68.4 -> 91.5-91.7
   * (CLBlast 73.2-74.6), f16 68x4194304 63.1-63.3 -> 85.9-87.0, 100x2097152 65.0-65.1 -> 87.6-87.7, f64
   * 68x1048576 90.5 -> 96.8-96.9, 120x524288 88.9-89.2 -> 95.5-95.8; 44 of the 45 layouts measured
   * gained, f32 120x1048576 lost 0.8-1.0 (95.5 -> 94.5-94.7). An NVIDIA H100 agreed: f32 +0.3 to
   * +12.3 on 16 layouts, f16 +15 to +23, f64 +0.4 to +3.8 on 3 of 4 (120x524288 -0.5). Shifted source
   * rows lost (f32 100x999999 79.1 -> 77.4, 120x500001 88.7 -> 84.3), as did 1-byte elements (u8
   * 96x4194304 64.8 -> 54.4), 16-byte ones (c128 100x262144 97.4 -> 95.4), 128 rows (f32 97.4 -> 96.2,
   * f16 94.4 -> 79.9: the tile kernels fill them whole) and tall sources (f32 1048576x72 91.0 -> 79.5;
   * the tile held column by column). */
  if (!wide || cpu_like(info) || n_short >= CLT__NARROW_MAX)
    return 0;
  const size_t vec = 16 / l->elem_size;
  if (l->elem_size >= 2 && l->elem_size <= 8 && src_rows_on(l, (unsigned)vec))
    return 1;
  /* Rows off the 16-byte vectors (shifted) too, where rect measured behind (bench/results/h200/knobs30.txt D
   * to F, two rounds on an NVIDIA H200 and an H100): 2-byte elements (but those shifted_wide2_rect32 gives
   * rect), from 58.8-65.1% of the copy to 68.9-71.9 on the H200 and 59.1-71.1 to 89.3-92.2 on the H100 (f16
   * 80x2097151, 96x..., 112x...); 4-byte ones up to the device's narrow_shifted4_max rows (f32 65x1048575
   * 65.4 -> 82.0 on the H200, 82.4 -> 95.1-95.4 on the H100, where CLBlast ran at 69.2-70.0 and 64.1-64.4;
   * 72x1048575 75.3 -> 84.8-86.4 and 91.4-91.5 -> 94.5 against CLBlast's 78.5-78.6 and 91.8-91.9; 94 rows and
   * more lost on both); 8-byte ones from 66 rows that rect skews past its first tile row, on devices whose
   * narrow_skewed8 says so (the H200: f64 68x524287 74.1 -> 92.1, 88x524287 78.0-78.1 -> 91.4-91.5; 65 rows
   * lost 1.4 points, unskewed ones 0.9 to 5.5, and its one tile row of 128 with the skew inside ran
   * 100x499999 at 93.7-94.1 against narrow's 88.2-88.3). */
  const size_t es = l->elem_size;
  if ((es == 2 && !shifted_wide2_rect32(info, l)) || (es == 4 && n_short <= traits.narrow_shifted4_max) ||
      (es == 8 && n_short >= 66 && c->variant == CLT_VARIANT_RECT && c->pre > 1 && n_short > across &&
       traits.narrow_skewed8))
    return 1;
  /* And 1- or 2-byte elements whose destination rows (a short side long) start off 32-byte sectors,
   * shifted source rows or not: rect skews those runs, so every tile of its one tile row reaches above
   * row 0 and takes the edge path, and 1- and 2-byte elements move slowly there. On an NVIDIA H200
   * (bench/results/h200/knobs21.txt C): u8 100x999999 from 18.6% of the copy to 39.0%, 72x1048575
   * 24.6 -> 44.1, 120x999999 20.8 -> 49.4, 100x1048576 18.1 -> 40.8, f16 100x999999 63.3 -> 73.4,
   * 120x999999 61.0 -> 74.1, 72x1048575 62.9 -> 73.8; in an A/B of two rounds (knobs21.txt E) every
   * such layout gained, u8 8 to 33 points, f16 6 to 16, and on an NVIDIA H100 u8 11 to 42, f16 10 to 36
   * (bench/results/h100/notes.txt O). Rows on sectors keep rect (u8 96x4194304 64.8 against narrow's
   * 54.4, knobs20.txt D). */
  return l->elem_size <= 2 && !dst_rows_on(l, (unsigned)(32 / l->elem_size));
}

/* The vector kernel on rows that do not start on a vector boundary runs its shifted and skewed paths,
 * which are slow: on an NVIDIA H200 27-35% of the copy on odd shapes, and where a tall, wide or
 * batched class's entry is the vector kernel, 70-75% on misaligned f32 (1048575x64, 64x1048575), 50%
 * on f64 1048575x64 and 30% on batches of 1023x1025 f32 and f64, where rect ran at 85-94%
 * (bench/results/h200/knobs9.txt). Such layouts take what odd shapes take: the device's odd entry if
 * it is rect, else rect's defaults. So do aligned-class matrices of 1- or 4-byte elements whose
 * destination rows are on the vectors but not on 32-byte sectors: the vector kernel stores unskewed
 * there, so each sector a run ends in is written in two halves by two work-groups, where rect's skew
 * writes whole sectors. On an NVIDIA H100 (bench/results/h100/notes.txt J) u8 16388x16384 went from
 * 68.1% of the copy to 89.4%, 16380x16388 63.5 -> 84.5, f32 16388x16384 93.9 -> 95.4, 16380x16388
 * 90.8 -> 91.6; f16 (16392x16384 93.0 -> 91.9), wide f32 sources (68x1048576 92.6 -> 90.0)
 * and source rows off the sectors alone (f32 16384x16388 92.5 -> 92.1) lost, and keep the kernel. */
static void misaligned_vector_to_rect(const clt__device_info *info, const clt__layout *l, clt__config *c,
                                      int *origin) {
  if (c->variant != CLT_VARIANT_VECTOR || cpu_like(info))
    return; /* measured on GPUs; a CPU runs the vector kernel only where a tuning file says so */
  const unsigned sector = (unsigned)(32 / l->elem_size);
  const int split_sectors = (l->elem_size == 1 || l->elem_size == 4) &&
                            clt__shape_class(l) == CLT_SHAPE_ALIGNED && !dst_rows_on(l, sector);
  if (c->src_aligned && c->dst_aligned && !split_sectors)
    return;
  clt_tuning odd;
  clt__config rect;
  const int found = clt__tuning_lookup(info, l->elem_size, CLT_SHAPE_ODD, short_side(l), &odd);
  const int take_odd = found && odd.variant == CLT_VARIANT_RECT &&
                       clt__config_from_tuning(info, l, &odd, &rect) == CLT_SUCCESS;
  if (!take_odd && clt__choose_config(info, l, CLT_VARIANT_RECT, &rect) != CLT_SUCCESS) {
    clt__clear_error(); /* the vector kernel stands */
    return;
  }
  clt__clear_error();
  *c = rect;
  *origin = take_odd ? found : 0;
}

/* c re-derived from the knobs t for the layout, where they make a configuration (1); else c stands (0, and
 * the failure is not the caller's error). */
static int retune(const clt__device_info *info, const clt__layout *l, const clt_tuning *t, clt__config *c) {
  clt__config f;
  const int ok = clt__config_from_tuning(info, l, t, &f) == CLT_SUCCESS;
  if (ok)
    *c = f;
  clt__clear_error();
  return ok;
}

/* c replaced by variant v's configuration for the layout, where v makes one; else c stands (and the
 * failure is not the caller's error). */
static void take_variant(const clt__device_info *info, const clt__layout *l, clt_variant v, clt__config *c) {
  clt__config f;
  if (clt__choose_config(info, l, v, &f) == CLT_SUCCESS)
    *c = f;
  clt__clear_error();
}

/* The built-in table's odd entries were measured on matrices whose rows are misaligned on both sides
 * (16383x16385). Where only one side is (the source's rows on the entry's vectors, or the destination's on
 * the skew's sector), rect's defaults measured ahead on an NVIDIA H200: for f16 by 4.4 to 9.8 points of the
 * copy on all ten such shapes tried (4096x4097 76.0% against 66.7%), while the entry stayed 2 to 9 points
 * ahead where both sides are (bench/results/h200/knobs10.txt). The same holds for the f16 wide entry
 * (4-element vectors, measured on aligned sources) on sources of 64 to 256 rows that do not start on its
 * vectors: 2-element vectors in its 64 tile rows ran at 81.6-82.4% against 65.0-66.2%
 * (bench/results/h200/knobs11.txt). So such a layout takes rect's defaults with the entry's tile rows (on the
 * H200 the vector kernel takes a multiple of 64 rows off 4-byte words into destination rows on 128 bytes:
 * shifted_wide2_to_vector). For the other element sizes that table's odd entries are rect's defaults. A wide
 * source whose destination the defaults do not skew keeps an entry's tile rows only where they are fewer than
 * the defaults': the H200's one tile row of 128 for f32 wide sources off the vectors (src/tuning_db.c) pays
 * where rect skews the destination runs, and where it does not the defaults' 64 rows ran ahead
 * (bench/results/h200/knobs30.txt G, an A/B of two rounds: f32 104x999999 86.4-86.9% of the copy ->
 * 88.8-88.9, 112x699051 88.6-88.9 -> 91.1-91.2, 120x999999 91.4-91.5 -> 92.5, all six such layouts 1.0 to 3.8
 * points ahead; skewed ones level). So does a wide source on the vectors of both entries, where the defaults
 * do not skew and take fewer tile rows: the H200's f64 one tile row of 128 for 97 to 113 rows ran at
 * 78.3-80.7% of the copy on 112 rows, the defaults' 64 at 94.3-96.3 (112x499999, 112x524287, 112x999999;
 * knobs31.txt A and C), and f32 sources on 8-byte words gained 0.4 to 3.8 (104x524290 87.9-89.3 -> 91.7).
 * Since the f16 odd entry shifts misaligned rows into place (cl/rect.cl's SRC_SHIFT, with EDGE_SHIFT and
 * SHIFT_SPLIT), odd-shaped and wide f16 sources whose rows start off 4-byte words, into destination rows the
 * entries do not skew, take those shifted rows in 64 x 64 tiles in groups of 16 x 8 rather than rect's
 * defaults, which read such rows element by element: on an NVIDIA H200, AUTO against the code before, two
 * rounds in alternating processes (bench/results/h200/knobs47.txt I, K), all 28 odd-shaped layouts of 272 to
 * 16400 rows gained 5.4 to 18.3 points, 13 of them held out (336x300001 71.4-71.7% -> 89.8-89.9, 1552x70001
 * 83.1-83.3 -> 90.5-90.6, 8208x8193 84.1-84.9 -> 91.1-91.5, 16400x16385 85.1-85.3 -> 90.9-91.0, a batch of 3
 * of 400x100001 79.8-80.2 -> 86.6-86.7), and all 13 wide ones of 144 to 240 rows 4.0 to 12.8, 6 of them held
 * out (208x2000001 75.9-76.1 -> 88.8-88.9, 240x500001 79.5-79.7 -> 89.7-89.8, 144x2097151 73.5-73.6 ->
 * 79.0-79.1); as a tuning file's entry (H, one round) the odd entry's own 128 x 128 tiles led those on 7 of
 * the 15 odd-shaped layouts by 0.4 to 4.1 points and ran behind on the others by up to 11.1 (272x400001).
 * Source rows on the words, which the defaults' 2-element vectors load whole, keep the defaults. A tuning
 * file's entry stands. */
static void one_sided_to_defaults(const clt__device_info *info, const clt__layout *l, clt__config *c) {
  const clt_shape_class cls = clt__shape_class(l);
  if (c->variant != CLT_VARIANT_RECT || (cls != CLT_SHAPE_ODD && cls != CLT_SHAPE_WIDE))
    return;
  /* both sides misaligned, or neither (where only an extent is odd) save for a wide source in the
   * entry's deeper tiles without a skew */
  const int one_sided = !c->src_aligned != (c->pre != 0);
  if (!one_sided && (cls != CLT_SHAPE_WIDE || c->pre))
    return;
  clt__config d;
  clt_tuning t;
  if (one_sided && l->elem_size == 2 && !src_rows_on(l, 2)) {
    clt__config_to_tuning(c, &t); /* f16 rows off the words: the entry's shifted rows, 64 x 64 (above) */
    t.tile = 64;
    t.wg_x = 64 / t.vector_width;
    t.wg_y = 8;
    t.dst_align = 1;
    retune(info, l, &t, c);
    return;
  }
  if (clt__choose_config(info, l, CLT_VARIANT_RECT, &d) != CLT_SUCCESS) {
    clt__clear_error(); /* the entry stands */
    return;
  }
  if (!one_sided && (d.pre || c->tile <= d.tile))
    return;
  clt__config_to_tuning(&d, &t);
  if (c->tile >= d.wg_x * d.vw && (cls != CLT_SHAPE_WIDE || c->tile < d.tile || d.pre))
    t.tile = c->tile;
  retune(info, l, &t, c);
}

/* The f16 wide entry (src/tuning_db.c) on a wide source whose destination rows are off the sectors,
 * where rect skews its stores: on an NVIDIA H200 these ran at 28-63% of the copy, with the entry's
 * 4-element vectors shifted into place on misaligned sources and with rect's defaults (from
 * one_sided_to_defaults) on aligned ones. Destination rows on 2-element vectors take those defaults
 * in the entry's 64 tile rows unskewed (dst_align 1): 61.3-76.8% on ten layouts of 72 to 248 rows,
 * 100x1048576 51.5 -> 65.2, 72x1048576 40.4 -> 66.1, 200x524288 62.5 -> 76.2, 100x999999 29.3 ->
 * 63.7, 72x1048575 28.2 -> 61.9, 248x270001 44.0 -> 67.9. Rows off those vectors (an odd number of
 * rows) over a misaligned source take 2-element vectors in groups of 16 x 4, skewed: 99x1048577 29.0
 * -> 52.6 (bench/results/h200/knobs18.txt B and C). A tuning file's entry stands. */
static void skewed_wide_f16(const clt__device_info *info, const clt__layout *l, clt__config *c) {
  if (c->variant != CLT_VARIANT_RECT || l->elem_size != 2 || !c->pre || clt__shape_class(l) != CLT_SHAPE_WIDE)
    return;
  clt_tuning t;
  clt__config_to_tuning(c, &t);
  t.vector_width = 2;
  t.units = 0;
  if (dst_rows_on(l, 2)) {
    t.wg_x = 32;
    t.wg_y = 8;
    t.dst_align = 1;
  } else if (!c->src_aligned) {
    t.wg_x = 16;
    t.wg_y = 4;
  } else {
    return; /* not measured: rect's defaults stand */
  }
  retune(info, l, &t, c);
}

/* rect's c re-derived in tile x (wg_x * vw) tiles of vw-element vectors, in groups of wg_x x wg_y,
 * where that makes a configuration. */
static void to_vector_tiles(const clt__device_info *info, const clt__layout *l, unsigned tile, unsigned vw,
                            unsigned wg_x, unsigned wg_y, clt__config *c) {
  clt_tuning t;
  clt__config_to_tuning(c, &t);
  t.tile = tile;
  t.vector_width = vw;
  t.wg_x = wg_x;
  t.wg_y = wg_y;
  t.units = 0;
  retune(info, l, &t, c);
}

/* Whether rect's or vector's tiles can overlap at the matrix's end: a side is not a whole number of tiles but
 * spans at least one, the tile the overlap adds on it moves at most 1/part_r of the rows or 1/part_c of the
 * columns again, there is no skew or shifted access the moved origins would break, and they keep every
 * aligned access aligned (tiles_overlap says which). */
static int overlap_fits(const clt__config *c, const clt__layout *l, size_t part_r, size_t part_c) {
  const size_t tr = c->tile, tc = tile_cols(c), rows = l->rows, cols = l->cols;
  if (c->pre || rows < tr || cols < tc || (rows % tr == 0 && cols % tc == 0))
    return 0;
  size_t src_v = c->src_aligned ? c->vw : 1, dst_v = c->dst_aligned ? c->vw : 1;
  if (c->variant == CLT_VARIANT_RECT) {
    if (c->shift_ok && clt__shape_class(l) != CLT_SHAPE_ODD) /* SRC_SHIFT: measured on odd shapes only */
      return 0;
    if (c->pack)
      dst_v = pack_store_bytes(c, l->elem_size) / l->elem_size;
    else if (c->dst_aligned && c->dvw)
      dst_v = c->dvw;
  } else if ((!c->src_aligned || !c->dst_aligned) && c->shift_ok) { /* shifted loads or stores */
    return 0;
  }
  return cols % src_v == 0 && rows % dst_v == 0 && (rows % tr == 0 || part_r * (tr - rows % tr) <= rows) &&
         (cols % tc == 0 || part_c * (tc - cols % tc) <= cols);
}

/* Whether rect's or vector's tiles overlap at the matrix's end (cl/common.cl's OVERLAP): rect with 1- and
 * 2-byte elements, the vector kernel with 1-byte ones, where a side is not a whole number of tiles, spans
 * at least one, and the tile the overlap adds on it moves at most an eighth of that side again; without a
 * skew (its runs start off the tile) or the vector kernel's shifted loads and stores, and where the moved
 * origins keep every aligned access aligned: source columns a multiple of the aligned loads' vector, rows
 * of the aligned stores' (16-byte units for PACK). AUTO against the tiles at multiples of the tile, two
 * rounds in alternating processes:
 * - rect, u8: on an NVIDIA H200 (bench/results/h200/knobs38.txt A, B, D, F) every one of 37 layouts moved
 *   but one (level) gained, 2.9 to 30 points of the copy (12000^2 62.1% -> 91.8-92.2, 16000x12000
 *   71.1-71.2 -> 90.7-91.0, 60000x504 72.8-73.2 -> 82.0-82.3, 100000x300 70.2-71.7 -> 78.4-79.8);
 * - rect, f16 (2-element vectors, also element-aligned over rows off them): H200 all 23 layouts gained or
 *   came level (60000x254 66.4-66.6 -> 91.4-92.5, 4096x4095 68.3-69.2 -> 82.9-83.7; B, E), an NVIDIA
 *   H100 19 of 20 gained 0.4 to 19.7, 12000x12002 -0.4 (h100/notes.txt AM 1, 4);
 * - vector, u8, the H100's kernel for them: all 18 layouts moved gained 1.4 to 15.0 (60000x504 78.5-79.1
 *   -> 93.7-93.8, 96000x600 83.5-84.3 -> 92.0; AM 1, 3); its overlapping tiles then stored the elements
 *   both move twice, and storing only those past the tiles before (cl/common.cl) gained 0 to 4.9 more on
 *   the H200 (all 9 layouts; the named variant's 12000^2 86.3-86.9 -> 90.1-91.0; knobs50.txt);
 * - rect, u8 over source rows shifted in the tile (SRC_SHIFT: the H200's odd entry where the destination
 *   rows are on the sectors): H200 all 17 layouts gained 3.6 to 18.6 (means of the rounds; 60000x510
 *   60.3 -> 77.9, 100000x383 59.4 -> 78.0, 16384x16383 78.7 -> 84.0; knobs39.txt H, 13 held out). Only
 *   odd shapes were measured, so tall and wide sources over shifted rows (u8 64x2097151) keep their edge
 *   tiles.
 * Elsewhere it lost or came level on the H200 (A): f16 in the vector kernel -13.5 to +5.9 (10000^2
 * 92.3-92.5 -> 78.9; the compiler made another kernel of the whole), f32 up to -1.3, c128 -0.4 to
 * -0.9, f64 level; their edge tiles already move whole vectors or single elements of 8 bytes and more.
 * rect's f32 tiles overlap on the H200 where rect4_tiles_overlap, below, says. */
static int tiles_overlap(const clt__config *c, const clt__layout *l) {
  if (c->variant == CLT_VARIANT_RECT ? l->elem_size > 2
                                     : c->variant != CLT_VARIANT_VECTOR || l->elem_size != 1)
    return 0;
  return overlap_fits(c, l, 8, 8);
}

/* Whether rect's f32 tiles overlap as well (clt__traits.rect4_overlap): where the edge tiles are slow, the
 * source read an element at a time (rows off the vectors, or tiles of single elements) or without the edge
 * tiles' whole vectors (EDGE_VEC), and the tile the overlap adds on a side moves at most a quarter of it
 * again, of the rows at most a sixteenth past 96 MiB a call in tiles of 2-element vectors, past 48 MiB in
 * tiles of single elements, and in those an eighth past 24 MiB. On an NVIDIA H200, AUTO against its tiles
 * at multiples of the tile, two rounds in alternating processes (bench/results/h200/knobs70.txt; the 96 MiB
 * in knobs71.txt B to D, the 24 MiB in knobs72.txt B to D):
 * - design (B): 13 layouts that this takes, 12 gained on every pair of figures in GB/s (17048x246 69.5-71.1%
 *   of the copy -> 90.8-92.2, 2880x7487 86.0-86.7 -> 91.0-91.1 where CLBlast ran 87.6-88.9, three rounds in
 *   C) and one went either way. Over aligned vectors with edge vectors 5 of 6 lost, up to 6.0 points
 *   (168x310986 93.8-94.2 -> 88.2-88.5); past 48 MiB with over a sixteenth of the rows again 2 of 2 lost
 *   (200x387199 89.1-89.2 -> 81.1-81.4), and 2 more held out (C); under 48 MiB such rows gained (168x49403
 *   77.8-78.6 -> 87.1-87.8, C);
 * - wide sources in 2-element vectors past 48 MiB, a sixteenth to a quarter of the rows again (knobs71.txt
 *   B to D): of 64 to 96 MiB, 6 of 8 held out gained (176x100003 84.4-84.7 -> 90.7-91.3, 280x60001
 *   87.6-87.9 -> 89.8-90.2 where CLBlast ran 88.1-88.5), 216x90001 went either way, 272x85001 (88 MiB)
 *   lost up to 2.1; of 48 to 96 MiB in the design 6 gained (232x63277 84.7-85.7 -> 91.2-91.6) and
 *   168x120001 (77 MiB) lost up to 1.2; past 96 MiB 3 gained, 168x160001 lost up to 2.6, and so did
 *   352x160851 and 288x330817 (knobs70.txt B, C). Single elements lost at 104 rows (104x141155, 56 MiB:
 *   89.5-89.7 -> 83.8-84.0);
 * - wide sources of single elements (rows of 96 to 120, odd columns) under 48 MiB, the added tile 24 of 104
 *   rows, 16 of 112 or 8 of 120 (knobs72.txt B to D): of 24 to 48 MiB, 104 and 112 rows gained without the
 *   overlap on 6 of 7 layouts (104x100825 83.5-84.0 -> 86.9-87.9), 120 rows lost (120x95001 89.1-89.4 ->
 *   85.8-86.0); under 24 MiB the overlap kept 104x55001 and 112x55001 ahead (86.5-87.9 and 87.5-90.9
 *   against 84.8-86.1 and 86.0-86.9, C) but not 104x60001 (23.8 MiB, 85.7-86.0 against 86.3-86.7, B). Held
 *   out past 24 MiB, three rounds (D): 8 of 11 layouts of 104 and 112 rows gained without the overlap on
 *   every pair (104x105001 83.7-84.3 -> 87.1-88.5, 104x30001 in a batch of 3 84.8-85.1 -> 88.5-88.6), 3
 *   went either way;
 * - held out with the row bound (D): 37 of 38 layouts gained on every pair (2632x1661 75.0-75.1 -> 90.0-90.8,
 *   224032x301 82.7-82.8 -> 89.7-89.9, 53024x499 84.0-84.9 -> 91.1-91.4), 1056x103249 lost 0.7 (94.8 ->
 *   94.1); before it (C) 19 of the 27 it takes gained, 6 went either way, 38416x2415 lost 0.5 and 5664x459
 *   (10 MB) lost up to 7.8.
 * f64 and c128 lost more often than not (B: 9 of 14 and 19 of 20). */
static int rect4_tiles_overlap(const clt__device_info *info, const clt__config *c, const clt__layout *l) {
  const size_t bytes = call_bytes(l);
  const size_t row_bound = (size_t)(c->vw == 2 ? 96 : 48) << 20; /* past it, a sixteenth of the rows */
  const size_t part_r = bytes > row_bound ? 16 : c->vw == 1 && bytes > ((size_t)24 << 20) ? 8 : 4;
  return clt__device_traits(info).rect4_overlap && c->variant == CLT_VARIANT_RECT && l->elem_size == 4 &&
         !(c->src_aligned && c->edge_rows) && overlap_fits(c, l, part_r, 4);
}

/* The H200's u8 aligned entry (src/tuning_db.c), rect's 16-byte units in 256 x 128 tiles, where those
 * tiles do not cover the matrix whole or where it skews them. Its edge tiles move element by element
 * (vectors there made a slower kernel of the whole: 16384^2 92.1% of the copy -> 76.0), and where the
 * rows are off its vectors or sectors it falls back to plain tiles of the same size, skewed where the
 * destination rows are off the sectors. On an NVIDIA H200, two rounds in alternating processes
 * (bench/results/h200/knobs37.txt), such layouts ran at 23-84%. Units in 128-row tiles where those cover
 * the matrix, all 5 such layouts ahead (4 held out of the design): 384x80000 22.6-22.9 -> 90.2-90.4,
 * 80000x384 49.5-49.9 -> 91.0-91.6, 16000^2 81.9-82.0 -> 92.4, 11904^2 76.4-76.6 -> 94.2-94.5.
 * Else, where the units apply and their last tiles overlap (tiles_overlap, which makes every tile whole),
 * the entry stands: on 7 layouts it then led the 64 x 64 tiles, also overlapping, by 2.9 to 9.6 points
 * (60000x512 84.8-85.5 -> 94.2-95.2, 24000x1280 86.7-87.4 -> 95.5-95.9; knobs38.txt B), and it took
 * 12000^2 from 62.1 to 91.8-92.2 and 20000x9984 from 82.0-82.3 to 93.2-93.8 (knobs38.txt A, F).
 * Destination rows on 16 bytes but off the sectors, which the entry skews into plain tiles, take the
 * units unskewed into 16-byte aligned runs wherever those stand as above: all 9 such dense layouts of
 * the design gained 11.7 to 24.5 points (means of the rounds; 10000^2 62.9-63.4 -> 85.9-86.3, 6000x8000
 * 63.4-64.5 -> 88.1-88.7), all 9 held out 13.1 to 26.8 (4080x20000 61.7 -> 88.0-89.0, 60016x640
 * 65.8-66.3 -> 92.2-93.1), and 5 of whole tiles into rows padded by 16 bytes 17.0 to 27.3 (8192^2
 * 64.5-64.8 -> 89.0-89.1; knobs38.txt G, H). Where rows are on 8 bytes but off 16, units of 8-byte vectors
 * in the same tile columns (source rows) and units stored in 8-byte pieces (destination rows, cl/rect.cl's
 * PST), wherever those stand as above: as a tuning file's entry on the 7 such layouts of the design they
 * gained 4.7 to 23.1 points (means of the rounds; 11000^2 65.1 -> 82.6, 9000x7000 61.5 -> 84.5, 50000x1000
 * 63.1 -> 84.4), and in AUTO all 15 held out gained 3.2 to 31.3 (1000x24000 56.5 -> 87.8, 30000x1000 60.0
 * -> 84.2, 60000x504 82.3 -> 87.8) and all 7 whole-tile layouts into rows padded by 8 bytes 1.1 to 22.0
 * (8192^2 64.4 -> 80.6; knobs39.txt A to C). Where the units do not apply (units of 4-byte vectors in
 * 4-byte pieces, for rows on 4 bytes, lost 0.9 to 29.1 points on 6 of 7 layouts, A), the entry's plain
 * tiles unskewed into runs aligned to 4 bytes where they overlap: where the destination rows are on 4
 * bytes but off 8 all 8 dense layouts of the design gained 6.9 to 23.4 points (10500^2 66.2 -> 82.7,
 * 2004x30000 60.5 -> 82.7, 20004x5008 62.0 -> 81.9; E), and held out all 14 gained 8.7 to 30.5, 5 of
 * them of destination rows on 8 or 16 bytes and source rows on 4 (1004x50000 55.6 -> 83.1, 10000x10004
 * 64.1 -> 82.8; G); whole tiles into rows padded by 4 bytes went either way (16384^2 76.0 -> 69.8,
 * 8192^2 64.2 -> 73.6; E) and keep the skew.
 * Elsewhere rect's 64 x 64 tiles of 4-byte vectors in groups of 16 x 8, where a side is under 10000: of
 * 32 such layouts, 21 held out, 31 gained 2.2 to 42.3 points (means of the rounds; 24000x1280 43.9-44.3
 * -> 86.1-86.7, 60000x504 45.4-45.8 -> 73.3-74.1, 2000^2 33.1-34.7 -> 73.8-77.6) and 20000x9984 lost 3.3
 * to 3.5 (83.5 -> 80.0-80.2); whole skewed tiles (destination rows padded off the sectors) gained 5.3 to
 * 37.2 on all 17, 12 held out (3072^2 into rows of 3080 41.0-47.4 -> 80.5-81.8), while whole tiles of
 * source rows off the vectors, unskewed, ran 1.0 to 2.9 ahead of them on 4 of 5 and stand. Where both
 * sides span 10000 or more the entry ran 0.4 to 13.6 points ahead of those tiles on 7 of 9 (18000^2
 * 75.9-76.0 against 62.2-62.6) and stands, though 12000^2 ran at 61.3-61.4 against 80.7-81.0. A tuning
 * file's entry stands. */
static void units_to_whole_tiles(const clt__device_info *info, const clt__layout *l, const clt_tuning *entry,
                                 clt__config *c) {
  if (c->variant != CLT_VARIANT_RECT || !entry->units)
    return;
  const clt__config skewed = *c;
  clt_tuning units = *entry; /* the knobs of the units in c, where it has them */
  /* Where the entry's units do not apply: units into runs aligned to 16 bytes, then to 8 (stored as
   * 8-byte halves), each first with the entry's 16-byte vectors, then with 8-byte ones (source rows on
   * 8 bytes) in the same tile columns. */
  for (unsigned k = 0; k < 4 && !c->pack; k++) {
    clt__config u;
    clt_tuning t = *entry;
    t.dst_align = k < 2 ? 16 : 8;
    if (k % 2 && t.vector_width * l->elem_size == 16) {
      t.vector_width /= 2;
      t.wg_x *= 2;
    }
    if ((k > 0 || c->pre) && clt__config_from_tuning(info, l, &t, &u) == CLT_SUCCESS && u.pack) {
      *c = u;
      units = t;
    }
    clt__clear_error();
  }
  if (tiles_whole(c, l) && !c->pre)
    return;
  if (c->pack && l->cols % tile_cols(c) == 0) {
    clt_tuning t = units;
    t.dst_align = c->dst_align;
    const unsigned min_tile = 8 * (unsigned)(16 / l->elem_size); /* 8 units (cl/rect.cl's PACK) */
    while (l->rows % t.tile != 0 && t.tile / 2 >= min_tile && (t.tile / 2) % min_tile == 0)
      t.tile /= 2;
    if (l->rows % t.tile == 0) {
      retune(info, l, &t, c);
      return;
    }
  }
  if (c->pack && tiles_overlap(c, l))
    return;
  *c = skewed;
  if (!c->pack && c->pre) { /* the entry's plain tiles unskewed where they overlap */
    clt__config u;
    clt_tuning t;
    clt__config_to_tuning(c, &t);
    t.dst_align = 4;
    if (clt__config_from_tuning(info, l, &t, &u) == CLT_SUCCESS && tiles_overlap(&u, l)) {
      *c = u;
      return;
    }
    clt__clear_error();
  }
  if (l->rows < 10000 || l->cols < 10000)
    to_vector_tiles(info, l, 64, 4, 16, 8, c);
}

/* The H200's u8 odd entry (src/tuning_db.c), rect's 128 x 128 tiles skewed into runs aligned to the
 * 32-byte sectors, where the dense destination rows start on 4-byte words but off the sectors and the
 * source is a few tile rows deep: unskewed. Rows on 16 bytes (half of them then start on a sector, the
 * others half a sector off), fewer than 2560: in the entry's own tiles. Other rows, fewer than 824: in
 * 64 x 64 tiles in groups of 16 x 4 where their last tiles overlap (tiles_overlap), else in the entry's
 * own. The skew's first and last tile rows, both edge tiles, were much of such a source. On an NVIDIA
 * H200, two rounds each (bench/results/h200/knobs44.txt), % of the copy:
 * - Rows off 16 bytes. 64 x 64 tiles as a tuning file's entry (A): all 7 layouts of 264 to 760 rows gained
 *   6.4 to 20.3 points (300x400001 40.8 -> 61.1, 360x400001 48.9 -> 62.4), 1000 and 1496 rows lost 2.7
 *   and 8.4. In AUTO against the code before (B to D), 792 and 808 rows gained 1.4 and 1.9 and 840 to
 *   1064 went -2.7 to +0.1, hence the cut; held out, all 30 dense layouts below it gained 0.2 to 25.4
 *   (316x350001 42.4 -> 63.7, 364x400001 36.6 -> 62.0, 600x20001 65.4 -> 74.2, batches of 3 and padded
 *   source rows). Where those tiles do not overlap, the entry's unskewed (E, F): all 11 layouts of 260 to
 *   452 rows gained 2.9 to 28.3 (264x480001 36.1 -> 64.3); held out, 8 of 9 gained 6.6 to 26.8 (272x450001
 *   38.4 -> 65.2, 268x100001 in batches of 3 36.2 -> 60.7) and 264x2001 (half a megabyte) came level.
 * - Rows on 16 bytes, the entry's tiles unskewed. As a tuning file's entry (G) 15 of 16 layouts of 848 to
 *   8208 rows gained 0.6 to 10.7 (848x120001 63.3 -> 74.0, 1488x70001 67.3 -> 75.7), 8208x12001 came
 *   level; held out in AUTO (H) all 10 below 2560 rows gained 2.6 to 11.7 (912x110001 62.5 -> 74.2,
 *   1104x30001 in batches of 3 67.2 -> 76.6), while from 2800 to 8176 they went -4.8 to +11.9 (7056x14001
 *   76.3 -> 71.6, 4016x4017 65.0 -> 77.0), hence that cut. Below 824 rows against the 64 x 64 tiles (I) all
 *   7 layouts gained 4.9 to 12.6 (464x250001 62.6 -> 75.2), and held out (J) all 8 gained 1.0 to 11.5
 *   (496x220001 63.9 -> 75.4, 688x50001 in batches of 3 64.0 -> 74.7).
 * Padded destination rows keep the skew: 600x200001 into rows of 604, 612 and 628 ran at 56.0-57.2 skewed
 * and 41.8-43.7 in 64-row tiles (C). So do rows off the words, stored element by element unskewed: 2.7 to
 * 32.1 points behind in 64-row tiles, up to 24.0 in 128-row ones (A).
 * The H200's f16 odd entry (the same tiles of 4-element vectors, skewed into runs aligned to the sectors)
 * goes unskewed in its own tiles on such rows, fewer than 824 of them on 16 bytes or not (u8's 2560 does
 * not apply): AUTO against the code before (knobs47.txt D, G), 17 of the 18 layouts of 264 to 808 rows
 * gained 1.2 to 17.0 points, 12 of them held out (264x400001 57.6-58.8% -> 74.1-76.2, 280x300001 62.0-62.1
 * -> 78.8-78.9, 520x200001 75.3-75.6 -> 86.6-86.8, 296x300001 in batches of 2 65.1-65.2 -> 82.0-82.1,
 * 712x150001 85.2-85.4 -> 86.5-86.6), 808x120001 lost 0.1; from 840 rows they went -1.2 to +4.4
 * (840x120001 -0.3, 904x110001 +4.4, 968x100001 -1.2, 1000x99999 +0.6). As tuning files' entries (C, one
 * round) 64 x 64 tiles ran 0.1 to 22.9 points behind the entry's own unskewed on all 12 layouts tried, and
 * rows off the words unskewed lost up to 20.0 (999x99999 86.2 -> 66.2; 263x400001 +1.8).
 * On the H200, wide sources into dense rows off 16 bytes take the narrow kernel since, u8 of up to 511 rows
 * and f16 of up to 319 (f16 303 on 4-byte words; 600 and 383 from source rows on 16 bytes)
 * (shallow_to_whole_narrow: u8 360x400001 62.5-62.6 -> 72.2-72.4, 264x480001 64.3-64.5 -> 72.1-72.5). */
static void odd_unskewed(const clt__device_info *info, const clt__layout *l, clt__config *c) {
  if (c->variant != CLT_VARIANT_RECT || l->elem_size > 2 || !c->pre || clt__shape_class(l) != CLT_SHAPE_ODD ||
      !dense_destination(l))
    return;
  const int on16 = dst_rows_on(l, 16);
  if (l->rows >= (on16 ? 2560u : 824u))
    return;
  clt_tuning t, own;
  clt__config_to_tuning(c, &t);
  own = t;
  t.tile = 64;
  t.wg_x = 64 / t.vector_width;
  t.wg_y = 4;
  t.dst_align = own.dst_align = 1;
  clt__config u;
  if (l->elem_size == 1 && !on16 && clt__config_from_tuning(info, l, &t, &u) == CLT_SUCCESS &&
      u.dst_aligned && tiles_overlap(&u, l))
    *c = u;
  else if (clt__config_from_tuning(info, l, &own, &u) == CLT_SUCCESS && u.dst_aligned)
    *c = u;
  clt__clear_error();
}

/* The H200's f16 odd entry (the table's only one) on sources of fewer than 448 rows whose rows start off its
 * 4-element vectors, shifted into place, into dense destination rows that it skews to the 32-byte sectors
 * (rows off 8 bytes, which odd_unskewed leaves skewed; not where rect_half_skew halves the skew): rect's
 * defaults (128 x 64 tiles of 2-element vectors, also skewed). As variants in processes of their own, two
 * rounds (bench/results/h200/knobs48.txt D), rect led AUTO by 0.9 to 5.5 points of the copy on all 7 such
 * layouts of 262 to 441 rows and ran behind from 455 rows (583x150001 -4.2, 903x120001 -6.2). AUTO against
 * the code before, two rounds in alternating processes (E): 18 of 19 layouts gained 0.3 to 8.7, 17 of them
 * held out (259x400001 55.0-55.3% -> 60.8-60.9, 301x400002 59.3-59.4 -> 68.0-68.1, 301x100001 in batches of 3
 * 60.2-60.3 -> 66.5-66.6, 403x200001 67.7-67.8 -> 70.9-71.0), 354x300001 lost 0.9. Sources on the vectors
 * take rect's defaults already (one_sided_to_defaults; 301x400000 and 391x200000 came level). Those of up to
 * 319 rows into dense rows off 4-byte words take the narrow kernel since (shallow_to_whole_narrow:
 * 301x400001 72.4-72.5), and those of up to 303 rows on the words but off 16 bytes too; from source rows on
 * 16 bytes, up to 383 rows either way. */
static void shallow_odd2_to_defaults(const clt__device_info *info, const clt__layout *l, clt__config *c) {
  if (c->variant != CLT_VARIANT_RECT || l->elem_size != 2 || c->pre * l->elem_size != 32 ||
      clt__shape_class(l) != CLT_SHAPE_ODD || l->rows >= 448 || !dense_destination(l))
    return;
  take_variant(info, l, CLT_VARIANT_RECT, c);
}

/* The f16 aligned entries of the H200 and the H100 (src/tuning_db.c), the vector kernel's 128-element tiles,
 * where those leave a partly empty edge and a side is under 10000: rect's defaults (128 x 64 tiles of
 * 2-element vectors) where their tiles overlap (tiles_overlap), unskewed into runs aligned to 16 bytes where
 * the destination rows are off the 32-byte sectors (below). Against the entry, as variants in one process
 * (bench/results/h200/knobs38.txt C, h100/notes.txt AM 2), rect led on all 8 such layouts on an NVIDIA H200
 * by 0.4 to 18.3 points of the copy (60000x504 72.2-72.5% -> 90.3-91.0, 40000x760 77.2-78.2 -> 89.0) and on
 * all 7 on an NVIDIA H100 by 7.9 to 37.6 (60000x504 57.2-57.7 -> 94.6-95.5); the entry led where both sides
 * span 10000 or more (H200 10000^2, 12000^2, 16000x12000 by 0.5 to 2.2, H100 10000^2 by 1.5). Held out, AUTO
 * in two rounds of alternating processes: H200 8 of 10 gained 0.8 to 13.1 (4000x4000 80.0-80.7 -> 91.7-91.8),
 * 80000x1200 -0.7, 1600x60000 level (knobs38.txt D); H100 all 8 gained 0.6 to 16.8 (9600x2000 79.1-79.6 ->
 * 95.7-96.6; AM 3). Destination rows on 16 bytes but off the sectors, where rect's defaults skew: unskewed, 9
 * of 10 layouts gained on the H200 by 4.7 to 15.4 (3000^2 73.0-75.4 -> 86.7-90.4, 1000x30000 70.1-72.4 ->
 * 86.0-87.3) and on the H100 by 4.9 to 29.1 (60008x504 53.4 -> 81.4-83.5, 3000^2 66.5-67.1 -> 94.6-94.8);
 * 9000^2 lost 1.5 and 2.8 (knobs38.txt I, AM 5). A tuning file's entry stands. */
static void aligned2_to_overlapping_rect(const clt__device_info *info, const clt__layout *l, clt__config *c) {
  clt__config d;
  if (c->variant != CLT_VARIANT_VECTOR || l->elem_size != 2 || clt__shape_class(l) != CLT_SHAPE_ALIGNED ||
      tiles_whole(c, l) || (l->rows >= 10000 && l->cols >= 10000))
    return;
  clt_status st = clt__choose_config(info, l, CLT_VARIANT_RECT, &d);
  if (st == CLT_SUCCESS && d.pre) { /* rows off the sectors: unskewed runs aligned to 16 bytes */
    clt_tuning t;
    clt__config_to_tuning(&d, &t);
    t.dst_align = 16;
    st = clt__config_from_tuning(info, l, &t, &d);
  }
  if (st == CLT_SUCCESS && tiles_overlap(&d, l))
    *c = d;
  clt__clear_error();
}

/* The f16 aligned entry (the vector kernel's 128-element tiles) where destination rows are on 8 bytes but
 * off 16, on devices whose clt__traits aligned2_units8 says so: rect's 16-byte units of 4-element vectors
 * in 128 x 64 tiles, each unit stored as two 8-byte pieces (cl/rect.cl's PST), where those tiles cover
 * the matrix whole or overlap (tiles_overlap). On an NVIDIA H200 (bench/results/h200/knobs39.txt F, G)
 * all 7 dense layouts of the design gained 5.5 to 18.6 points of the copy (means of two rounds in
 * alternating processes; 3004x3000 70.6 -> 89.2, 12004x12000 71.6 -> 77.2) and both of whole tiles into
 * padded rows 2.0 and 3.5; held out, all 7 dense layouts gained 3.2 to 16.1 (1004x50000 65.7 -> 81.8)
 * and 3 into padded rows 1.9 to 9.5. Units of 8-element vectors led on whole tiles (16384^2 into rows
 * of 16388 83.0 against 76.6) but ran 4.4 to 15.3 behind on every dense layout they applied to (F).
 * Where those units would take 8192 rows or more and a call moves 48 million elements or more (a batch's
 * matrices together), rect's defaults (skewed into runs aligned to the sectors) instead: AUTO against the
 * code before (knobs47.txt E to G), all 27 such layouts gained 0.7 to 15.0 points, 18 of them held out
 * (12004^2 74.9-75.3% -> 86.8-86.9, 16388x16384 79.5 -> 91.3-91.4, 100004x600 71.4-72.0 -> 86.5-86.9,
 * 150004x400 71.8-73.1 -> 83.9-87.1, 8192^2 into rows of 8196 79.5-79.8 -> 90.0-90.7, a batch of 3 of
 * 8196x2048 83.8-84.0 -> 91.2-91.3, 8196x6000 84.5-85.4 -> 84.8-86.5); smaller ones of 8192 rows and more
 * lost 0.3 to 6.7 (8196x2048 90.5-91.3 -> 83.8-84.7, 16388x600 -5.6, 20004x2000 -0.5), and in one round
 * the units led rect's defaults by 12.1 on 508x100000 and by 8.4 on 4004x4000 (E). */
static void aligned2_units_into_pieces(const clt__device_info *info, const clt__layout *l, clt__config *c) {
  if (c->variant != CLT_VARIANT_VECTOR || l->elem_size != 2 || clt__shape_class(l) != CLT_SHAPE_ALIGNED ||
      !clt__device_traits(info).aligned2_units8 || !dst_rows_on(l, 4) || dst_on_16(l))
    return;
  const clt_tuning t = {CLT_VARIANT_RECT, 128, 4, 16, 1, 16, 8, 1, 0};
  clt__config u;
  if (clt__config_from_tuning(info, l, &t, &u) == CLT_SUCCESS && u.pack &&
      (tiles_whole(&u, l) || tiles_overlap(&u, l))) {
    if (l->rows >= 8192 && l->rows * l->cols * l->batch >= (size_t)48000000)
      take_variant(info, l, CLT_VARIANT_RECT, &u); /* many long rows: rect's defaults (above) */
    *c = u;
  }
  clt__clear_error();
}

/* A wide source of 4-byte elements in whole 32-row tiles (32 to 256 rows), whose rows do not start on
 * rect's vectors, with destination rows on the skew's sector (so no skew): 32 x 32 tiles of element
 * loads in 8 rows of work-items. A misaligned 2-element vector is read as two element loads that
 * interleave a warp's accesses two ways; one element per load keeps each warp on one contiguous row
 * piece. On an NVIDIA H100 (bench/results/h100/notes.txt H) that took 64x1048575 from 93.2% of the
 * copy to 95.5%, 96x699051 90.5 -> 94.5, 128x524287 93.5 -> 95.4, 256x262143 92.9 -> 95.3, past
 * CLBlast (92.7-94.4). Where the last tile is partly empty it lost up to 9 points (72x1048575 93.3 ->
 * 84.4, 200x500001 92.9 -> 91.2); as the odd shapes' knobs 3 on 16384x16383 (notes G). Only the
 * heuristic's knobs take it: on an NVIDIA H200, whose odd entry these layouts take, it ran 5 to 8
 * points behind that entry's knobs and behind CLBlast (64x1048575 83.0% of the copy against 90.9%,
 * 128x524287 83.2 against 91.4, 96x699051 82.7 against 88.3, CLBlast 87.3-88.3;
 * bench/results/h200/knobs16.txt), so a table's entry stands, as a tuning file's does. */
static void misaligned_wide_to_element_loads(const clt__device_info *info, const clt__layout *l,
                                             clt__config *c) {
  if (c->variant != CLT_VARIANT_RECT || l->elem_size != 4 || c->vw == 1 || c->src_aligned || c->shift_ok ||
      c->pre || clt__shape_class(l) != CLT_SHAPE_WIDE || l->rows % 32 || cpu_like(info))
    return;
  to_vector_tiles(info, l, 32, 1, 32, 8, c);
}

/* A tall u8 or f16 source into skewed destination rows that rect_tiles_to_short_side cuts to its short
 * side keeps rect's 128 tile rows, on devices whose clt__traits tall_skewed_rows128 says so, where they
 * make enough tiles per compute unit. Each tile also loads the skew's rows above its own (32 of u8, 16 of
 * f16): for u8 half again a 64-row tile's loads, a quarter of a 128-row one's. AUTO on an NVIDIA H200, two
 * rounds in alternating processes, % of the copy:
 * - u8, a short side of a whole number of 64 or of exactly 32, at least 40 tiles per compute unit
 *   (bench/results/h200/knobs53.txt C to H): 2097151x64 71.3-73.3 -> 79.0-80.6, 1048577x64 71.5-71.6 ->
 *   84.2, 3000001x64 73.0-73.6 -> 86.3-86.5, 900001x192 72.0-72.1 -> 81.7, 4194303x32 58.7-59.7 ->
 *   63.7-64.0, 800001x64 in batches of 2 72.1-73.7 -> 86.1-89.4; 23 of the 24 such layouts measured
 *   gained 1.5 to 15.7 points, 1500001x32 lost 0.6 and 1.0, and the 5 held out gained 6.5 to 13.3. With
 *   fewer tiles it went either way, to -14 points (65537x64 75.2-80.1 -> 61.3-66.0, 450001x64 67.9 ->
 *   63.7-63.8); destination rows on the sectors lost (2097152x64 91.0-91.1 -> 86.8-87.5).
 * - u8, several 32-column tiles (96, 160, 224 columns, which walk along the tile rows:
 *   rect_columns_part_lines), at least 240 tiles per compute unit (knobs54.txt A, B): 2097151x160 55.5-55.8
 *   -> 60.8-61.0, 4194303x160 56.0 -> 61.6, 4194303x96 58.7 -> 62.9-63.0, 1048575x224 55.1 -> 59.5-59.6,
 *   1048575x160 56.1-56.2 -> 59.6-59.9, 2097151x96 58.2-58.4 -> 61.8-62.2, 1500001x96 73.6-73.7 ->
 *   76.1-76.5; below, 1000001x96 (178 tiles per unit) 70.5-71.2 -> 70.6-70.7, 700001x96 69.8-70.3 ->
 *   68.7-69.0, 300001x160 63.0-63.4 -> 62.8-63.4. Without the walk along the rows they had gone either way
 *   (knobs53.txt C to G). Held out (knobs54.txt C, against fd81326's order and rows), all 6 gained 8.7 to
 *   21.0 points: 3000001x224 52.6 -> 73.6-73.7, 900001x160 54.7-55.3 -> 73.5-73.6, 800001x96 in batches of 2
 *   61.1 -> 69.8-69.9.
 * - f16, exactly 32 columns, at least 120 tiles per compute unit (knobs54.txt A, B): 4194303x32 85.5-85.9 ->
 *   90.3-90.5, 8388607x32 85.2-85.4 -> 90.3-90.5, 12000001x32 89.4-89.8 -> 93.2-93.4, 4000001x32 89.5-89.7
 *   -> 93.1-93.3, 2097151x32 86.6-87.0 -> 89.4-89.6, 250001x32 in batches of 16 92.1-92.3 -> 95.3-95.5,
 *   1048575x32 in batches of 2 84.9-86.0 -> 87.7-89.3, 3000001x32 90.2-90.3 -> 91.5; 2500001x32 and
 *   700001x32 in batches of 4 level within 0.3. Below, 1500001x32 (89 per unit) 91.2-92.2 -> 88.8-89.9,
 *   1300001x32 90.1-91.1 -> 89.6-89.7, 1800001x32 89.6-90.5 -> 89.5-89.6, 1048575x32 level; several
 *   32-column tiles lost without the walk (1048575x160 80.9-81.1 -> 76.4-76.7, knobs53.txt C) and lost or
 *   came level with it (-1.2 to +0.4 on 10 layouts, knobs54.txt D). Held out (knobs54.txt C): 5000001x32
 *   90.0-90.2 -> 91.5-91.9, 9000001x32 89.7-89.8 -> 91.6-91.8, 600001x32 in batches of 4 91.1-91.7 ->
 *   92.3-92.5, 2200001x32 level, 3500001x32 91.3-91.6 -> 90.4-90.8. Of the 17 layouts at or past the
 *   threshold, 13 gained 1.0 to 5.1 points, 3 came level and 1 lost 0.9. */
static int tall_skewed_rows128(const clt__device_info *info, const clt__layout *l, const clt__config *c,
                               size_t unit) {
  if (l->rows <= l->cols || !c->pre || c->tile != 128 || !clt__device_traits(info).tall_skewed_rows128)
    return 0;
  size_t per_cu;
  if (l->elem_size == 1)
    per_cu = unit == 64 || l->cols == unit ? 40 : 240;
  else if (l->elem_size == 2 && unit == 32 && l->cols == unit)
    per_cu = 120;
  else
    return 0;
  return div_up(l->rows, 128) * (l->cols / unit) * l->batch >= per_cu * info->compute_units;
}

/* rect's defaults for 1- and 2-byte elements take 128 tile rows (and 1-byte ones 128 tile columns): a
 * tall or wide matrix whose short side is a whole number of 64 elements but not of those tiles
 * leaves part of every tile to the element-wise edge path, and the narrow kernel that AUTO took
 * instead moves misaligned rows an element at a time. Such a layout takes 64 x 64 tiles (64 x 32 or
 * 32 x 32 where the side is a whole number of 32 only). On an NVIDIA H200
 * (bench/results/h200/knobs11.txt): u8 64x2097152 from 61.0% of the copy (narrow) to 85.3%,
 * 64x2097151 45.4% -> 64.4%, 192x699052 60.5% -> 81.5%, 2097152x64 75.0% -> 89.9%, 2097151x64
 * 51.3% -> 72.8%, 2097151x96 31.8% -> 56.0%; f16 1048575x96 56.9% -> 83.4% (f16 wide sources get
 * 64 tile rows from that device's table). */
static void rect_tiles_to_short_side(const clt__device_info *info, const clt__layout *l, clt__config *c) {
  const clt_shape_class cls = clt__shape_class(l);
  if (c->variant != CLT_VARIANT_RECT || (cls != CLT_SHAPE_TALL && cls != CLT_SHAPE_WIDE))
    return;
  const int wide = l->rows < l->cols;
  const size_t n_short = short_side(l), across = wide ? c->tile : tile_cols(c);
  /* 16 across only for a skewed tall destination of 2-byte elements or wider, which rect then keeps
   * (clt__narrow_auto): f32 4194303x16 91.5% of the copy against narrow's 73.1%, f16 1048575x16 76.5%
   * against 71.0%; u8 (16 bytes a tile row) lost 10 points, aligned and wide layouts 1-30
   * (bench/results/h200/knobs11.txt G). */
  const int skewed16 = !wide && c->pre && l->elem_size >= 2 && n_short % 16 == 0;
  const size_t unit = n_short % 64 == 0 ? 64 : n_short % 32 == 0 ? 32 : skewed16 ? 16 : 0;
  if (!unit || n_short % across == 0)
    return;
  clt_tuning t;
  clt__config_to_tuning(c, &t);
  t.tile = wide ? (unsigned)unit : tall_skewed_rows128(info, l, c, unit) ? 128 : 64;
  t.units = 0;
  if (tile_cols(c) > unit) /* unit >= 16 elements, no fewer than any vector has */
    t.wg_x = (unsigned)(unit / c->vw);
  retune(info, l, &t, c);
}

/* AUTO's u8 word tiles of 32 x 32 (rect_word_tile: rows read as word pairs, rect_shift_funnel, or stored as
 * words, rect_word_rows) widened to 64 columns in groups 16 wide, their destination runs of 32 bytes stored
 * 2 bytes a work-item (DVW): a warp's reads of a tile column from rows 2 apart then stay on distinct banks of
 * the whole-vector rows, and each group moves twice the bytes. The tile keeps fewer rows than columns, which
 * the knobs of a tuning (clt_tuning) cannot ask for. On an NVIDIA H200, AUTO, two rounds in alternating
 * processes (bench/results/h200/knobs55.txt G): u8 96x2097151 66.0% of the copy -> 70.5-70.6, 160x1048575
 * 60.9 -> 69.1-69.2, 224x1048575 59.9 -> 68.0, 96x4194303 66.7 -> 69.9, 224x2097151 59.5 -> 67.6; without
 * the word pairs such tiles ran at 54.8-55.8, and 128 columns with 1-byte stores at 50.8-52.2. f16 went
 * either way (96x2097151 83.6-83.7 -> 81.4-81.5, 224x1048575 81.7-81.8 -> 83.8-83.9) and keeps 32 columns.
 * As committed against the word pairs alone, on another H200 (H), all 11 such u8 layouts gained 3.2 to 8.5,
 * 7 of them held out (224x777777 60.0 -> 68.4, 96x20001 in batches of 16 69.0-69.1 -> 72.5-72.8). Rows
 * stored as words gained 5.1 to 9.8 points over their 32 x 32 tiles (knobs56.txt A: 96x2097152 77.9-78.0
 * -> 84.6-84.8, 160x1048576 69.6-69.8 -> 78.9-79.3). */
static void rect_word_tiles_wider(const clt__device_info *info, const clt__layout *l, clt__config *c) {
  if (c->variant != CLT_VARIANT_RECT || !(c->shift_funnel || c->word_rows) || c->wg_x != 8)
    return;
  clt__config w = *c;
  w.wg_x = 16;
  set_alignment(&w, info, l); /* word tiles stay where rect_wide_u8_word_tile says (u8, 32 tile rows) */
  if ((w.shift_funnel || w.word_rows) && fits(&w, info, l->elem_size))
    *c = w;
}

/* Wide 4-byte sources of 65 to 127 rows whose rows start off 8-byte words, in rect without a skew (the
 * destination rows on 32-byte sectors): 64 x 64 tiles of element loads in groups of 64 x 4 on devices
 * whose clt__traits wide_shifted4_elems says so, in place of the 2-element vectors of rect's defaults
 * (64 tile rows, 32 where the rows are 96). On an NVIDIA H200 (bench/results/h200/knobs31.txt D, an
 * A/B of two rounds in E): 96x524287 86.7-87.0% of the copy -> 90.9 (CLBlast 87.8-87.9), 96x999999
 * 86.6 -> 88.8-89.1 (86.5-86.7), 104x999999 88.8 -> 93.0, 104x1048575 89.1-89.2 -> 93.2-93.3,
 * 112x699051 90.9 -> 93.6-93.7, 112x1048575 91.4-91.5 -> 94.2; 96x1048575 86.8 -> 87.2-87.4 (CLBlast
 * 87.2-87.3), 120 rows and 96x2097151 level within 0.4. Sources on 8-byte words and skewed
 * destinations stayed level; 64 rows (the odd entry's one whole tile) were not measured. At 96 rows
 * whose source rows are longer than 4 MiB, 2-element vectors in 64 x 32 tiles and groups of 16 x 4
 * instead (an A/B, two rounds, knobs31.txt J): 96x1048577 86.7-87.0 -> 88.3-88.4 (CLBlast 88.1),
 * 96x2097151 86.7-86.9 -> 89.1-89.2 (CLBlast 86.2); they lost 1.7 to 3.5 points at 3 to 3.8 MiB
 * (96x786431 89.0-89.3 -> 86.0) and were level at 96x1048575 (87.1 against 87.2-87.4). */
static void shifted_wide4_to_element_loads(const clt__device_info *info, const clt__layout *l,
                                           clt__config *c) {
  if (c->variant != CLT_VARIANT_RECT || l->elem_size != 4 || c->pre || l->rows <= 64 || l->rows >= 128 ||
      clt__shape_class(l) != CLT_SHAPE_WIDE || src_rows_on(l, 2) ||
      !clt__device_traits(info).wide_shifted4_elems)
    return;
  if (l->rows == 96 && l->src_ld > ((size_t)1 << 20)) /* source rows past 4 MiB (below) */
    to_vector_tiles(info, l, 64, 2, 16, 4, c);
  else
    to_vector_tiles(info, l, 64, 1, 64, 4, c);
}

/* u8 tall and wide sources whose short rows start on 4-byte words but off 32-byte sectors, for short
 * sides where rect's tiles of 128 bytes across lose to the vector kernel, whose skewed and shifted
 * accesses keep whole words there. On an NVIDIA H200, two rounds each (bench/results/h200/knobs21.txt):
 * - wide, 129 to 256 rows (past the narrow kernel's one tile), A/B (D3): 248x262144 from 26.3-26.4%
 *   of the copy to 56.0-56.5%, 180x524288 26.7 -> 52.3-52.6, 132x1048576 21.2-21.3 -> 41.7, and 1.7
 *   to 10.8 points where the source rows are shifted too (200x500001 32.1-33.1 -> 34.8-34.9,
 *   248x270001 29.1-29.2 -> 39.1-39.9); all 14 such layouts gained. Rows off the words (129, 150, 255)
 *   and on the sectors (160, 224) ran 2.6 to 22.7 points slower in the vector kernel (D2) and keep
 *   rect. On an NVIDIA H100 it led on 3 such layouts and came level on a fourth (h100/notes.txt P).
 * - tall, destination rows on the sectors, 65 to 127 or 200 to 255 columns (F): 6.1 to 14.7 points
 *   ahead of rect at 68 to 124 (1048576x120 35.8-36.0 -> 49.8-50.0) and 6.7 to 12.3 at 200 to 252
 *   (262144x248 50.8 -> 62.4-62.8); from 130 to 176 columns rect led by 1.0 to 21.1 points, and with
 *   destination rows off the sectors by 4.5 to 5.7 (999999x100, 1048575x72; C). An A/B on an NVIDIA
 *   H100: all 14 such layouts gained 8.6 to 20.9 points (1048576x120 44.6-44.7 -> 65.0-65.2,
 *   h100/notes.txt Q).
 * A tuning file's entry stands. On the H200 the wide ones into dense destination rows take the narrow kernel
 * over the whole short side since (shallow_to_whole_narrow; knobs57.txt D, before narrow_edge_vectors:
 * 132x1048576 42.2 -> 71.4, 180x524288 52.2-52.4 -> 72.4-73.3, 248x262144 71.5 -> 78.8-78.9), and the tall
 * ones rect's word tiles (part_tiles_to_word_tiles). */
static int bytes_off_sectors_to_vector(const clt__device_info *info, const clt__layout *l) {
  if (cpu_like(info) || l->elem_size != 1)
    return 0;
  const clt_shape_class cls = clt__shape_class(l);
  const int dst32 = dst_rows_on(l, 32);
  if (cls == CLT_SHAPE_WIDE)
    return l->rows > CLT__NARROW_MAX && !dst32 && dst_rows_on(l, 4);
  return cls == CLT_SHAPE_TALL && dst32 &&
         ((l->cols > 64 && l->cols < 128) || (l->cols >= 200 && l->cols < 256)) && src_rows_on(l, 4) &&
         !src_rows_on(l, 32);
}

/* 2-byte wide and odd-shaped sources of a multiple of 64 rows (the vector kernel's tile), and tall ones of 64
 * columns, whose rows start off 4-byte words (wide and odd-shaped ones of fewer than 12288 rows also on the
 * words but off 8 bytes), into destination rows on 128 bytes, on devices whose clt__traits
 * wide_shifted2_vector says so: the vector kernel's defaults (64 x 64 tiles of 4-element vectors in groups of
 * 16 x 16, whole loads shifted into place), not rect's element loads or 2-element vectors. AUTO against the
 * code before, two rounds in alternating processes on an NVIDIA H200 (bench/results/h200/knobs46.txt):
 * - wide, 64 to 256 rows (A): all 21 layouts gained 5.4 to 10.6 points of the copy, the 14 held out of
 *   knobs45.txt D2's seven among them (64x1048575 84.7-84.9% -> 91.0-93.7, 256x262143 83.2-84.0 ->
 *   91.2-91.8, 192x1000001 82.7-82.8 -> 91.8, a batch of 8 of 128x65535 80.9-82.1 -> 91.5-91.8, source
 *   rows padded by 2 and destination rows by 64 or 128 too);
 * - odd, 320 to 131072 rows (D): all 33 layouts gained or came level, the 16 held out of B and C's 17
 *   among them: 320x209715 75.5-76.5 -> 90.8-91.5, 448x299593 79.5 -> 91.4-91.5, 8192x8193 84.6-86.1
 *   -> 90.7-90.9, 4096x4097 82.2-84.3 -> 89.8-90.0, 16384x16385 85.7 -> 87.5-87.9, 16384x16383
 *   86.1-86.2 -> 87.2-87.3; least on many rows of few columns (131072x511 82.5-84.4 -> 84.8-85.0,
 *   32768x8191 85.0 -> 85.0-85.2);
 * - tall, 64 columns from padded source rows (J): all 7 layouts gained 2.0 to 7.1, 4 of them held out
 *   (1048576x64 from rows of 65 84.9-86.8 -> 90.6-91.5, 524288x64 from rows of 69 81.9-82.3 -> 88.9-89.0,
 *   a batch of 2 85.0-86.8 -> 91.8).
 * - source rows on the words but off 8 bytes, wide or odd-shaped, below 12288 rows, where rect's 2-element
 *   vectors load them whole (knobs47.txt A, B, G): 35 of the 37 such layouts gained 0.1 to 14.5 points, 30
 *   of them held out (means of the rounds: 320x209714 77.0 -> 91.5, 448x299594 80.2 -> 91.5, 64x1048576
 *   from rows of 1048578 82.2 -> 92.7, 6144x6146 84.6 -> 89.0, 10240x10242 86.0 -> 88.9); 64x524286 lost
 *   0.3 and 3072x3074 (within the L2) 3.2. From 12288 rows they went -5.5 to +0.6 (12288x12290 -0.1,
 *   14336x14338 -0.8, 16384x16382 -1.6, 131072x510 -5.5), tall ones of 64 columns -1.0 and +0.3.
 * Timed beside AUTO in the same processes (knobs46.txt B, two rounds; C, I, one), the kernel ran behind rect
 * on other tall sources (1048576x127 74.4% against 84.5, 262144x255 82.5 against 84.6), level with it on
 * 524288x128 from rows of 129 (77.1 and 77.1) and ahead on 262144x256 from rows of 257 (78.5 against 75.7),
 * and behind into destination rows off 128 bytes (64x1048575 into rows of 65 29.6 against 35.4, of 72
 * 61.1-61.3 against 62.8-63.1). Those keep rect, not yet an A/B. Only the H200 was measured. A tuning
 * file's entry stands. */
static int shifted_wide2_to_vector(const clt__device_info *info, const clt__layout *l) {
  const clt_shape_class cls = clt__shape_class(l);
  const int off_words = !src_rows_on(l, 2);
  return l->elem_size == 2 && l->rows % 64 == 0 &&
         (cls == CLT_SHAPE_WIDE || cls == CLT_SHAPE_ODD ||
          (cls == CLT_SHAPE_TALL && l->cols == 64 && off_words)) &&
         (off_words || (l->rows < 12288 && !src_rows_on(l, 4))) && dst_rows_on(l, 64) &&
         clt__device_traits(info).wide_shifted2_vector;
}

/* rect's source loads on NVIDIA GPUs of compute capability 8.0 and later carry an L2 prefetch-size hint
 * (cl/rect.cl's L2PF) for odd-class and wide matrices: 128 bytes for 8-byte elements and shifted 2-byte
 * rows, 256 for the others; of 4 bytes and more, only where the source rows start off 256 bytes. On an
 * NVIDIA H200, two rounds each (bench/results/h200/knobs22.txt D1): f32 16383x16385 from 89.9-90.0% of the
 * copy to 92.4-92.7%, 16384x16383 90.6-90.7 -> 94.3-94.6, 8191x8193 90.5 -> 91.9-92.0 (128 bytes:
 * 92.0-92.2); f64 8191x8193 91.8-92.0 -> 93.4-93.6 (256 bytes: 92.5-92.8), 8192x8191 92.1-92.3 ->
 * 93.9-94.1 (256: 94.9); 64 bytes changed nothing. The other element sizes, shifted rows and wide sources
 * with 256 bytes (knobs23.txt B and C, AUTO before and after): f16 16383x16385 85.2 -> 85.9-86.2,
 * 16384x16383 78.9-79.0 -> 83.3-83.4 (128 bytes: 81.0-81.2), u8 16384x16383 65.6-68.1 -> 79.9-80.1, c128
 * 8191x8193 92.6 -> 94.7, f64 64x524287 92.2-92.6 -> 93.5-93.7; 23 of 33 layouts gained 0.45 to 13 points,
 * f16 200x349525 lost 0.25-0.75. Shifted 2-byte rows then took 128 bytes: 0.2 to 0.8 points ahead of 256
 * on 5 odd f16 layouts (16383x16385 86.1 -> 86.4-86.8; knobs23.txt F). Sources on 256 bytes gained with 1-
 * and 2-byte elements (f16 16385x16384 90.5-90.7 -> 93.1-93.4, u8 64x2097152 86.2-86.4 -> 91.6-92.3) and
 * stayed within 0.2 of level with larger ones; tall sources (f32 1048575x64, f64 524287x64) gained nothing
 * or lost up to 0.7. On an NVIDIA H100 every layout the rule takes that was tried gained, 0.8 to 9.6
 * points (bench/results/h100/notes.txt R and S). Odd sources of 4-byte elements read element by element
 * (misaligned vectors) into skewed destination runs take the device's clt__traits l2pf_elems4 (tuning_db.c:
 * 128 on the H200, 0 to 2.8 points ahead of 256 on 11 layouts, where the H100 lost up to 1.2).
 * The hint changes no knob: explicit variants and knobs take it too (src/plan.c).
 * On the same GPUs the source loads of rect, vector, narrow and the copy carry an L2 evict_last policy
 * (cl/common.cl's L2LAST): on an NVIDIA H200 every case of bench/suite.sh's gpu set but one ran faster
 * with it, the copy too (1.0-1.5%, so the ceiling keeps it; bench/results/h200/knobs28.txt D). The one:
 * 1-byte wide sources of 16 rows in the narrow kernel, which go without it. On the H200 six of their
 * pitches (2 to 16 MiB, 16x8388624 too) ran 3 to 7% slower with it (16x8388608 3264-3279 GB/s without,
 * 3056-3077 with), where 8, 24 and 32 rows and 16 shifted rows (16x8388607) ran 2.6 to 6.6% faster
 * (knobs28.txt E, knobs29.txt D); an NVIDIA H100 lost 3.2% on 16x8388608 (h100/notes.txt V). The seed
 * kernels (naive, tiled) and the block kernel's GPU form stay without it. */
void clt__config_set_l2_hint(const clt__device_info *info, const clt__layout *l, clt__config *c) {
  const clt_shape_class cls = clt__shape_class(l);
  const size_t es = l->elem_size;
  const unsigned lanes = c->vw * (es == 16 ? 4u : 1u); /* the base scalars of one vector */
  const int whole = c->src_aligned || c->shift_ok;     /* loads of whole aligned vectors */
  c->l2pf = 0;
  c->l2last = info->nv_cc_major >= 8 && (c->variant == CLT_VARIANT_RECT || c->variant == CLT_VARIANT_VECTOR ||
                                         c->variant == CLT_VARIANT_NARROW || c->variant == CLT_VARIANT_COPY);
  if (c->variant == CLT_VARIANT_NARROW && es == 1 && c->wide && c->short_ext == 16 && !c->shift_ok)
    c->l2last = 0; /* u8 wide sources of 16 rows on whole vectors: slower with it (above) */
  if (c->variant != CLT_VARIANT_RECT || info->nv_cc_major < 8 || c->pack ||
      (cls != CLT_SHAPE_ODD && cls != CLT_SHAPE_WIDE) || (whole ? lanes > 4 || c->vw * es > 16 : c->vw > 4))
    return;
  if (es >= 4 && src_rows_on(l, (unsigned)(256 / es)))
    return; /* rows on 256 bytes: each tile's rows are whole blocks already (level with the hint) */
  if (es == 4 && cls == CLT_SHAPE_ODD && c->pre > 1 && !whole)
    c->l2pf = clt__device_traits(info).l2pf_elems4;
  else
    c->l2pf = es == 8 || (es == 2 && c->shift_ok) ? 128 : 256;
}

/* Whether a built-in table entry of the tiled kernel covers the matrix in whole tiles. On an NVIDIA H100
 * the c128 entry (tiled, 16 x 16) ran level with rect where both sides are multiples of 16 (4096^2
 * 97.3-97.5% of the copy against 97.5-97.7, 8192^2 96.9-97.0 against 96.8-96.9, 2000x8000 97.5-97.7
 * against 97.2-97.5) and 2.1 to 4.2 points behind it elsewhere, behind CLBlast too (3384x3560 93.7-93.8
 * against 95.7-95.9 and CLBlast's 95.2, 5000x6000 93.9 against 96.5-96.6 and 96.1-96.2, 564x10500
 * 91.8-91.9 against 95.9-96.0 and 95.7-96.3, 1500x8000 94.2-94.3 against 96.9; h100/notes.txt AF);
 * elsewhere the heuristic's knobs run (AUTO against the entry there: 3384x3560 93.7-93.9 -> 95.9,
 * 5000x6000 93.9-94.0 -> 96.6-96.7, 564x10500 91.8-92.0 -> 95.5-95.7, level with CLBlast's 95.5-95.8). */
static int tiled_entry_covers(const clt__layout *l, const clt__config *c) {
  return c->variant != CLT_VARIANT_TILED || tiles_whole(c, l);
}

/* Whether a built-in entry's block tiles one block high (tile rows = vector width), which cl/block.cl moves
 * straight to the destination, fit the layout: only where the destination runs need no skew (rows on the
 * vectors; an aligned class's matrix has too many rows for FLAT). Elsewhere those tiles take its
 * private-buffer path, where on 2 EPYC cores f32 4100x4096 ran at 18.5-18.8 GB/s against 22.8-25.4 in the
 * heuristic's tiles (bench/results/pocl2/direct.txt C), so the heuristic's knobs run. */
static int direct_entry_covers(const clt__config *c) {
  return c->variant != CLT_VARIANT_BLOCK || !c->tile || c->tile != c->vw || !c->pre;
}

/* Odd-shaped f32 sources taller than wide, of up to 900 columns, whose rows start on 8-byte words but
 * off 16-byte vectors, into destination rows on the vectors: the vector kernel's 64 x 64 tiles of
 * 2-element vectors in groups of 32 x 8, not rect's 64 x 64 tiles. Rect's loads of such rows ran far
 * behind, more so the fewer the columns. AUTO against the rule before, two rounds in alternating
 * processes (bench/results/h200/knobs35.txt K, h100/notes.txt AI), H200 then H100, % of the copy: f32
 * 60000x510 76.0-76.2 -> 85.6-85.7 and 73.8 -> 86.0-86.2 (CLBlast 86.7-87.4 and 88.9-89.0),
 * 50000x638 80.3-80.6 -> 87.3-87.7 and 75.7-75.9 -> 86.6 (CLBlast 86.1 and 88.6-88.9), 100000x318
 * 72.6-72.8 -> 83.1-83.2 and 71.7 -> 83.7-83.8 (CLBlast 84.3 and 80.5-80.6), 36000x894 87.1-87.4 ->
 * 88.0-88.7 and 83.6-83.7 -> 89.2-90.3; all 14 gained 0.6 to 12.4 points. Held out (knobs35.txt L,
 * h100/notes.txt AJ), 13 of 14 gained 4.2 to 12.2 (1000000x270 66.9 -> 77.6-77.7 and 68.4 -> 80.6,
 * CLBlast 71.8 and 74.4-74.5; 70000x446 73.7-73.9 -> 84.3-84.4 and 72.5-72.6 -> 84.4-84.6, CLBlast
 * 86.5 and 85.9-86.0); 32000x830 ran 0.1 to 2.1 behind on the H200 (88.8-90.8 -> 88.6-88.7). 1022
 * columns went either way (28136x1022 91.0-91.6 -> 88.9-90.0 on the H200, 88.3 -> 91.0-91.1 on the
 * H100) and keep rect, as do 1278 and 1534 columns, where rect ran at 90-93%. The walk along the tile
 * rows past 256 columns (walks_across) took the tall ones further (h100/notes.txt AK, knobs36.txt B). */
static void shifted_odd4_to_vector_pairs(const clt__device_info *info, const clt__layout *l, clt__config *c) {
  if (c->variant != CLT_VARIANT_RECT || cpu_like(info) || l->elem_size != 4 ||
      clt__shape_class(l) != CLT_SHAPE_ODD || l->cols > 900 || l->rows <= l->cols || !src_rows_on(l, 2) ||
      src_rows_on(l, 4) || !dst_rows_on(l, 4))
    return;
  const clt_tuning t = {CLT_VARIANT_VECTOR, 64, 2, 8, 0, 0, 0, 0, 0};
  retune(info, l, &t, c);
}

/* Tall u8 sources of 65 to 255 columns and wide f16 ones of 65 to 319 rows, the source's rows on 4-element
 * vectors, on devices whose clt__traits part_word_tiles says so: rect's word tiles (rect_word_tile, rows
 * stored as words), 32 columns in groups 8 work-items wide, 64 tile rows for the tall sources and 32 for the
 * wide ones, the short side's last tile partial, where AUTO took the vector kernel (tall u8 into destination
 * rows on the sectors, bytes_off_sectors_to_vector; wide f16 of 257 to 319 rows) or rect's tiles of 64 to
 * 128 across the short side (f16: skewed_wide_f16's). A short side of a whole number of 32 keeps the tiles
 * its own rules give it, and the narrow kernel, where AUTO takes it, stays. On an NVIDIA H200, AUTO, two
 * rounds in alternating processes (bench/results/h200/knobs56.txt G): all 10 such u8 layouts gained 6.1
 * to 35.5 points of the copy, 6 of them held out (3000000x72 34.0-34.2% -> 69.5%, 1048575x100 30.3-30.4
 * -> 62.4-62.7, 2097152x100 43.3-43.4 -> 70.4-71.8, 1500000x212 60.5-60.7 -> 66.8-67.1, batches of 4 of
 * 262144x100 43.4-44.8 -> 70.2-72.2); the 4 f16 ones 0.0 to 16.6, 2 of them held out (300x524288 66.2-67.5
 * -> 82.0-82.8, 200x1048576 74.6-75.2 -> 79.0-79.4, 136x2097152 72.9-73.2 -> 75.1-75.2, 250x1000000 level).
 * Tall f16 sources went either way (1048576x100 +6.0 to +6.2, 1048576x200 -10.9 to -11.0, 524288x250 -10.2 to
 * -10.6) and keep their kernels, as do wide u8 ones, which lost in the first trial (F: 100x2097152 62.3-62.4
 * -> 34.5, 400x524288 51.2 -> 50.6), and shifted source rows, measured once (u8 1000000x250 52.7% -> 60.2%
 * with the word pairs). The H100 was not measured. Wide f16 ones into dense destination rows off 16 bytes
 * (from 304 rows on 4-byte words, from source rows on 16 bytes) take the narrow kernel since
 * (shallow_to_whole_narrow: 250x1000000 60.0-60.2 -> 94.0, 300x500000 84.2-84.3 -> 90.3-90.6). */
static void part_tiles_to_word_tiles(const clt__device_info *info, const clt__layout *l, clt__config *c) {
  const int tall = l->rows > l->cols;
  const size_t side = tall ? l->cols : l->rows;
  if (!clt__device_traits(info).part_word_tiles || c->variant == CLT_VARIANT_NARROW ||
      l->elem_size != (tall ? 1u : 2u) || side <= 64 || side % 32 == 0 || side >= (tall ? 256u : 320u) ||
      !src_rows_on(l, 4))
    return;
  const clt_tuning t = {
      .variant = CLT_VARIANT_RECT, .tile = tall ? 64 : 32, .vector_width = 4, .wg_x = 8, .wg_y = 8, .pad = 1};
  retune(info, l, &t, c);
}

/* Whether a source is at least twice as tall as wide, of 65 to max_cols columns: the family the tall rules
 * below retune. */
static int twice_tall_past64(const clt__layout *l, size_t max_cols) {
  return l->cols > 64 && l->cols <= max_cols && l->rows / 2 >= l->cols;
}

/* Tall u8 sources of 65 to 255 columns whose rows start off 4-byte words, on devices whose clt__traits
 * shifted_u8_tiles32 says so: rect's tiles 32 columns wide (8 work-items of 4-element vectors), where AUTO
 * gave them its 128 x 128 tiles in groups of 32 x 8, every one of which (up to 127 columns) or every other
 * one crosses the matrix's edge, onto rect's edge path; 32 columns leave one partial tile column at most. Up
 * to 127 columns 128 tile rows in groups 8 deep, into skewed destination rows only up to 111 columns; from
 * 129, into destination rows on 32-byte sectors only, 64 rows in groups 4 deep. On an NVIDIA H200, AUTO, two
 * rounds in alternating processes, % of the copy (bench/results/h200/knobs62.txt B to F, H): all 22 layouts
 * of 129 to 255 columns into rows on the sectors gained 0.7 to 16.2 points, 19 of them held out (1000000x227
 * 53.8-54.0 -> 69.9-70.0, 3000000x129 51.7-51.8 -> 64.2-64.4, batches of 64 of 4096x227 54.3-54.6 ->
 * 65.8-66.2; the survey's 334336x227 53.7-54.3 -> 65.2-65.8); all 15 of 65 to 127 columns into rows on the
 * sectors 16.4 to 39.4 (1000000x65 26.0 -> 65.0-65.1, 2500000x71 27.4-27.5 -> 63.1-63.4, batches of 64 of
 * 4096x99 31.4-31.5 -> 60.3-61.6); all 12 of 66 to 111 columns into skewed rows 0.6 to 18.2 (3000001x69
 * 44.8-44.9 -> 63.0, 1500003x66 43.1-44.3 -> 59.6-59.8, 800005x111 58.5-58.6 -> 59.2-59.8). Skewed, from 113
 * columns, where the 128-column tiles are nearly full, 8 of 16 layouts lost up to 4.3 points (800001x126
 * 62.0-62.1 -> 57.8-58.1), 4 gained up to 1.2 and 4 went either way; past 128 columns they lost in either
 * tile (1000001x227 67.2-67.5 -> 50.2-50.4 or 58.9-59.0, the survey's 1112264x133 55.4 -> 46.2-46.3 or
 * 52.5-52.6). Those keep AUTO's tiles. The H100 was not measured. */
static void shifted_u8_to_tiles32(const clt__device_info *info, const clt__layout *l, clt__config *c) {
  if (!clt__device_traits(info).shifted_u8_tiles32 || c->variant != CLT_VARIANT_RECT || l->elem_size != 1 ||
      !twice_tall_past64(l, 255) || src_rows_on(l, 4) || (l->cols >= 112 && !dst_rows_on(l, 32)))
    return;
  const int one_column = l->cols < 128;
  const clt_tuning t = {.variant = CLT_VARIANT_RECT,
                        .tile = one_column ? 128 : 64,
                        .vector_width = 4,
                        .wg_x = 8,
                        .wg_y = one_column ? 8 : 4,
                        .pad = 1};
  retune(info, l, &t, c);
}

/* Tall f32 sources of 65 to 127 columns that AUTO gives rect, on devices whose clt__traits tall4_narrow says
 * so: the narrow kernel, its tile all the columns of 64 source rows where the destination rows start on 256
 * bytes (each tile's runs whole pairs of 128-byte lines) and of 32 elsewhere, in groups of 128, where rect's
 * 64 x 64 tiles leave the second of their two tile columns partly empty. On an NVIDIA H200, AUTO, two rounds
 * in alternating processes, % of the copy (bench/results/h200/knobs63.txt B, D to F): all 45 layouts the rule
 * takes gained 0.9 to 17.8 points, 70.6-81.9 -> 76.5-92.6 (1600000x97 74.8 -> 92.6, 800000x83 81.0-81.1 ->
 * 92.4-92.5, batches of 64 of 4096x75 72.5-72.9 -> 88.8-89.2, 700003x105 into skewed rows 71.1-71.2 ->
 * 78.4-78.9, the survey's 453106x105 70.9-71.2 -> 78.7-78.8). In one round (A) 32-row tiles led rect on all
 * 40 layouts AUTO ran in rect, and 64 rows led 32 by up to 6.0 on rows on 256 bytes and lost up to 10.0
 * elsewhere; the narrow kernel's own knobs lost up to 12.3. Left to rect: source rows on 16 bytes into skewed
 * rows (into rows on 16 bytes they are the vector kernel's), which lost 1.6 to 29.0 (700001x100 84.6-84.8 ->
 * 57.4-57.8, 600002x96 90.9-91.0 -> 89.1-89.3), and skewed rows over source rows on 8 bytes past 96 columns,
 * where rect's second tile column fills: all 10 lost 0.4 to 10.4 (250002x122 89.8-90.0 -> 79.6-80.0; up to 94
 * columns all 8 gained). The H100 was not measured. */
static void tall4_to_narrow(const clt__device_info *info, const clt__layout *l, clt__config *c) {
  if (!clt__device_traits(info).tall4_narrow || c->variant != CLT_VARIANT_RECT || l->elem_size != 4 ||
      !twice_tall_past64(l, 127) || src_on_16(l) || (l->cols > 96 && !dst_on_16(l) && src_rows_on(l, 2)))
    return;
  const int on256 = dst_rows_on(l, 64);
  const clt_tuning t = {.variant = CLT_VARIANT_NARROW, .tile = on256 ? 64 : 32, .wg_x = 128};
  retune(info, l, &t, c);
}

/* Wide f32 sources of 13 to 32 rows whose rows start off 16 bytes, one matrix a call, that AUTO gives the
 * narrow kernel, on devices whose clt__traits wide4_tiles32 says so: tiles 32 columns long, where the
 * heuristic's 64 or 128 took shifted 16-byte or 8-byte vectors. Into destination rows off 16 bytes they are
 * read an element at a time (a warp one 128-byte row segment); into rows on them (24 and 32 rows), as 8-byte
 * vectors where the source rows start on 8 bytes. The group sets each work-item's loads (rows x 32 / group
 * elements); the fastest changed from one row count to the next and is the one measured for each: off 16
 * bytes 64 for 13 to 15, 17 to 19 and 23 rows, 128 for 22 and 25 to 31 (21 rows lost or went either way in
 * both and keep the heuristic's); on them 64 for 24 rows and 128 for 32 (28 went either way). On an NVIDIA
 * H200, two rounds in alternating processes, % of the copy (bench/results/h200/knobs66.txt): in the design
 * (E, H) on 300002 and 1200002 columns 18x300002 76.4-76.9 -> 91.5-91.8, 22x300002 78.5-78.9 -> 89.5-89.6,
 * 13x300002 61.7-62.2 -> 88.5-93.2, 24x300002 79.7-80.2 -> 89.1-89.2, 30x300002 77.4-78.2 -> 87.6-89.1, where
 * CLBlast 1.5.3 ran 58.6-72.0, 81.5-83.8 and 84.1-85.6. Held out against the code before (F, I, J), 44 of 50
 * layouts gained on every pair of figures (13x500002 74.0-74.1 -> 89.2-90.3, 15x1500002 83.6-84.0
 * -> 92.6-94.1, 22x1000001 84.0-84.6 -> 93.5-94.4, 27x4000002 89.3-89.4 -> 94.8, 32x700002 86.3-87.1
 * -> 93.1-93.7, the survey's 27x1257250 86.2-86.6 -> 91.7-92.7, destination rows padded to 29
 * elements 52.1-52.4 -> 61.0-61.1), five of 100002 to 200002 columns or padded went either way and 29x1500002
 * lost 1.3 to 1.5 (91.9-92.0 -> 90.5-90.6). Against CLBlast in the same processes, three rounds (J), AUTO
 * went from 1.6 to 4.6 points behind on 27x300002 (knobs65.txt I) to 0.8 to 2.4 ahead. The H100 was not
 * measured. */
static unsigned wide4_tile32_group(size_t rows, int dst16) {
  /* rows 13 to 32 into destination rows off 16 bytes, then on them; 0: the heuristic's tiles. (One
   * two-dimensional table: indexing a conditional choice of two arrays drew a false object-size report
   * from gcc 12's UBSan.) */
  static const unsigned group[2][20] = {
      {64, 64, 64, 0, 64, 64, 64, 0, 0, 128, 64, 0, 128, 128, 128, 0, 128, 128, 128, 0},
      {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 64, 0, 0, 0, 0, 0, 0, 0, 128}};
  return rows >= 13 && rows <= 32 ? group[dst16 != 0][rows - 13] : 0;
}

static void wide4_to_tiles32(const clt__device_info *info, const clt__layout *l, clt__config *c) {
  const int dst16 = dst_on_16(l);
  const unsigned group = wide4_tile32_group(l->rows, dst16);
  if (!clt__device_traits(info).wide4_tiles32 || c->variant != CLT_VARIANT_NARROW || !c->wide ||
      l->elem_size != 4 || l->batch != 1 || !group || src_on_16(l) || (dst16 && !src_rows_on(l, 2)))
    return;
  const clt_tuning t = {
      .variant = CLT_VARIANT_NARROW, .tile = 32, .vector_width = dst16 ? 2 : 1, .wg_x = group};
  retune(info, l, &t, c);
}

/* Tall f32 sources of 25 to 31 columns but 28, of at most 64 MiB, one dense matrix a call, whose destination
 * rows the narrow kernel skews, on devices whose clt__traits tall4_small_tiles32 says so: tiles of 32 source
 * rows in groups of 128, where the heuristic's 64 left these matrices few tiles (2344 of 150002 rows). On an
 * NVIDIA H200, two rounds in alternating processes, % of the copy (bench/results/h200/knobs66.txt K to M),
 * against the heuristic: in the design every layout of 25 to 31 columns up to 64 MiB gained (150002x27
 * 57.5-62.4 -> 78.4-80.5, where CLBlast 1.5.3 ran 74.9-83.6; 150002x31 62.7-63.9 -> 80.0-80.7; 600002x27
 * 82.0-82.2 -> 86.5-87.8); of 1200002 rows (120 to 150 MB) 25 columns lost (87.6-89.2 -> 83.8-84.4) and the
 * others came level or gained up to 2.9, so the rule stops at 64 MiB. Held out, 13 of 14 layouts gained on
 * every pair of figures, 1.2 to 31.2 points (200001x27 70.4-71.9 -> 89.1, 500002x31 78.7-79.1 -> 88.0-88.7,
 * 180001x29 72.3-72.4 -> 89.0-90.4), and 120002x25 went either way; against CLBlast in the same processes
 * AUTO went from 13.4 to 17.4 points behind on 150002x27 to 2.7 to 5.9 ahead, and from 3.8 to 6.3 behind on
 * 300002x25 to 2.5 to 5.2 ahead. 17 to 23 columns went either way in the design (and lost on 1200002 rows)
 * and lost or went either way held out (400002x23 88.1-88.8 -> 81.3-81.7, 200002x17 91.2-96.9 -> 87.6-89.4);
 * 28 columns (source rows on 16 bytes) were not measured. The H100 was not measured. */
/* And dense tall f32 sources of 33 to 39 columns and 8 to 45 MiB, one matrix a call, into destination rows
 * off 16 bytes (row counts odd or 2 mod 4), that AUTO gives the narrow kernel's tiles of 64 source rows
 * skewed to the sectors, on devices whose clt__traits tall4_off16_tiles32 says so: tiles of 32 rows in groups
 * of 128, twice the groups (these matrices have 840 to 5960 tiles of 64 rows). On an NVIDIA H200, AUTO
 * against knobs, two rounds in alternating processes, % of the copy (bench/results/h200/knobs74.txt L, M, O;
 * a verdict by every pair of figures in GB/s): 9 of 10 such layouts of 12 to 22 MB gained
 * (120001x37 64.9-71.9 -> 92.6-94.9, 140002x35 62.9-67.7 -> 82.2-82.9, 100001x39 73.0-73.6 -> 88.3-96.0) and
 * 90003x34 went either way; under 33 columns they went either way (L, M, O: 9 gained, 4 lost, 6 either way;
 * 400001x13 86.7-87.3 -> 80.6-83.9). Held out, three rounds (P): 12 of 14 gained (180002x35 64.0-65.1
 * -> 79.5-81.8, 115002x39 55.1-61.2 -> 71.2-89.1, 300001x33 at 40 MB 73.1-74.1 -> 77.9-78.8), 85003x38 went
 * either way and 400001x37 (59 MB) lost (83.1-83.6 -> 80.1-80.3), the draft's bound being 64 MiB. Between 41
 * and 60 MB (Q, measured after P) all 4 up to 46.8 MB gained (300002x39 71.6-72.1 -> 87.6), and past it 3 of
 * 4 lost (330003x38 at 50.2 MB 81.0-81.3 -> 80.2-81.0, 450001x33 80.4-81.2 -> 75.5-76.0), so the rule stops
 * at 45 MiB (47.2 MB). AUTO ahead of CLBlast 1.5.3 on every pair went from 9 of P's 14 to 13. The H100 was
 * not measured. */
static void tall4_small_to_tiles32(const clt__device_info *info, const clt__layout *l, clt__config *c) {
  if (c->variant != CLT_VARIANT_NARROW || c->wide || !c->pre || l->elem_size != 4 || l->batch != 1 ||
      l->src_ld != l->cols || !dense_destination(l))
    return;
  const clt__traits tr = clt__device_traits(info);
  const size_t bytes = matrix_bytes(l);
  const int small = tr.tall4_small_tiles32 && l->cols >= 25 && l->cols <= 31 && l->cols != 28 &&
                    bytes <= ((size_t)64 << 20);
  const int off16 = tr.tall4_off16_tiles32 && c->tile == 64 && l->cols >= 33 && l->cols <= 39 &&
                    !dst_rows_on(l, 4) && bytes >= ((size_t)8 << 20) && bytes <= ((size_t)45 << 20);
  if (!small && !off16)
    return;
  const clt_tuning t = {.variant = CLT_VARIANT_NARROW, .tile = 32, .wg_x = 128};
  retune(info, l, &t, c);
}

/* Wide c128 sources of 25, 27 or 31 rows, of at most 128 MiB, one matrix a call, that AUTO gives the narrow
 * kernel, on devices whose clt__traits wide16_tiles8 says so: tiles 8 columns long in groups of 64, half the
 * heuristic's (16 columns in groups of 128), so twice as many groups on matrices of a few tens of MB. On an
 * NVIDIA H200, two or three rounds in alternating processes, % of the copy (bench/results/h200/knobs67.txt):
 * in the design (A, B) 25x75001 81.7-82.2 -> 92.5-92.6, 27x75001 83.3-84.9 -> 92.2-93.5
 * (CLBlast 1.5.3 86.3-88.1), 25x200001 88.3-88.6 -> 93.7-94.2, 31x50001 87.3-87.9 -> 92.4-92.5,
 * 27x300001 95.4-96.5 -> 96.9-97.2; other row counts lost or went either way (17 to 24 rows all lost:
 * 24x100001 95.2-95.6 -> 92.1-92.6; 26, 28 to 30 and 32: 30x200001 95.2-95.5 -> 92.9-93.5). Held out (C), all
 * 8 layouts of 25, 27 and 31 rows up to 128 MiB gained on every pair of figures (25x120001 86.6-87.1
 * -> 93.5-93.9, 31x75001 87.5-88.2 -> 93.0-94.2 where CLBlast ran 88.0-89.9, 27x200001 91.6-92.5
 * -> 94.4-95.8, destination rows padded to 28 elements 74.5-74.7
 * -> 77.1-77.9); larger ones came level or lost (27x500001 94.7-94.9 -> 94.5-94.9, 31x300001 97.1-97.2 ->
 * 96.3-96.9), so the rule stops at 128 MiB. Against CLBlast in the same processes (D), AUTO now runs
 * 25x75001, 27x75001 and 31x75001 at 90.8-94.6 against 74.8-90.4. The H100 was not measured. */
static void wide16_to_tiles8(const clt__device_info *info, const clt__layout *l, clt__config *c) {
  if (!clt__device_traits(info).wide16_tiles8 || c->variant != CLT_VARIANT_NARROW || !c->wide ||
      l->elem_size != 16 || l->batch != 1 || (l->rows != 25 && l->rows != 27 && l->rows != 31) ||
      matrix_bytes(l) > ((size_t)128 << 20))
    return;
  const clt_tuning t = {.variant = CLT_VARIANT_NARROW, .tile = 8, .wg_x = 64};
  retune(info, l, &t, c);
}

/* Wide f32 sources of 28 rows whose rows start off 16 bytes, of at least 40 MiB, one matrix a call into dense
 * destination rows (on 16 bytes), on devices whose clt__traits wide4_rows28_tiles64 says so: the narrow
 * kernel's tiles 64 columns long read an element at a time in groups of 64, where the heuristic's took
 * 8-byte vectors (source rows on 8 bytes) or shifted 16-byte ones (on 4) in groups of 128; the 32-column
 * tiles of wide4_to_tiles32 went either way on 28 rows. On an NVIDIA H200, two or three rounds in
 * alternating processes, % of the copy (bench/results/h200/knobs67.txt): in the design (E to G) every layout
 * of 400002 to 3000002 columns gained or came level (28x1000001 80.4-83.3 -> 89.0-91.8, 28x1500003 82.3-83.4
 * -> 91.9-92.1, where CLBlast 1.5.3 ran 81.5-84.1 and 83.4-83.8; 28x2000002 89.5-89.6 -> 93.1-93.2;
 * 28x700002 85.5-85.7 -> 84.9-85.5); smaller ones gained (28x200001 81.2-82.4 -> 85.2-86.2) or lost
 * (28x300001 81.1-81.8 -> 77.4-79.5, 28x300002 80.4-80.8 -> 78.8-79.4), so the rule starts at 40 MiB, and
 * destination rows padded to 32 elements lost (60.9-62.2 -> 57.2-57.5). Held out (H), 6 of 8 layouts of
 * 380002 to 4000002 columns gained on every pair of figures (28x1200001 82.7-84.1 -> 93.3-93.9, 28x600003
 * 81.2-82.3 -> 86.2-87.5, 28x4000002 90.6-90.7 -> 93.2-93.4) and 28x380002 and 28x950002 went either way
 * (-0.4 to +2.4, -0.5 to +1.8). In the same processes CLBlast's range still spans or tops AUTO's on 28x380002
 * and 28x450001 (82.5-84.7 and 83.3-83.8 against 82.0-83.0 and 83.0-83.4). The H100 was not measured. */
static void wide4_rows28_tiles64(const clt__device_info *info, const clt__layout *l, clt__config *c) {
  if (!clt__device_traits(info).wide4_rows28_tiles64 || c->variant != CLT_VARIANT_NARROW || !c->wide ||
      l->elem_size != 4 || l->batch != 1 || l->rows != 28 || src_on_16(l) || !dense_destination(l) ||
      matrix_bytes(l) < ((size_t)40 << 20))
    return;
  const clt_tuning t = {.variant = CLT_VARIANT_NARROW, .tile = 64, .vector_width = 1, .wg_x = 64};
  retune(info, l, &t, c);
}

/* Dense tall f32 sources of 40 to 127 columns, of at most 32 MiB, one matrix a call, into destination rows
 * off 32 bytes, that AUTO gives the narrow kernel, on devices whose clt__traits tall4_small_rect32 says so:
 * rect's tiles of 32 x 32 in groups of 16 x 8, where the narrow kernel's tiles of 32 or 64 source rows,
 * measured on matrices of hundreds of MB, left these matrices few groups (1123 groups of 128 work-items on
 * 35922x105). On an NVIDIA H200, two or three rounds in alternating processes, % of the copy
 * (bench/results/h200/knobs67.txt): in the design (I, J) 35922x105 47.0-49.3 -> 79.0-95.7
 * (CLBlast 1.5.3 69.3-86.1), 100018x52 70.1-70.8 -> 84.7-86.4, 120001x45 59.8-60.9 -> 72.6-74.0,
 * 80003x77 67.0-68.4 -> 75.0; at 104 and 126 MB 500002x52 gained (76.1-76.3
 * -> 82.1-82.2) and 300001x105 lost (80.1-80.6 -> 73.9-74.5). Held out (H), all 14 layouts of 40 to 127
 * columns, 0.8 to 33 MB, gained on every pair of figures, each by at least 3.2 points (150001x40 75.0-76.1
 * -> 79.3-79.9) and 11 of them by at least 14.9 (30001x111 49.8-53.3 -> 77.4-80.0, 110001x63 51.9-52.7
 * -> 70.7-71.2, 66001x127 56.0-56.7 -> 71.9-72.7, 130001x60 68.8-69.8 -> 86.9-88.1), and AUTO went from
 * behind CLBlast to ahead on 70001x99, 110001x63, 30001x111, 66001x127 and 25001x83. The draft took 33 to 127
 * columns: 33 and 35, where a second tile column holds 1 or 3 of them, lost (250001x33 76.7-77.8
 * -> 61.7-62.3, 200003x35 67.9-69.2 -> 63.9-64.8) and 37 gained 0.4 to 1.1, so the rule starts at 40. Rect's
 * own 64 x 64 tiles of tall sources were left alone: 32 x 32 ones went either way on them
 * (60002x129 77.8-78.4 -> 74.7-74.8, 40001x150 84.7-85.0 -> 89.6-90.1). The layouts above have destination
 * rows off 16 bytes. Rows on 16 bytes but off the 32-byte sectors (a row count of 4 mod 8), where the narrow
 * kernel skews its runs to the sectors, gained as much (knobs74.txt A to C, a verdict by every pair of
 * figures in GB/s): in the design all 19 layouts up to 32 MiB (65924x94, which CLBlast led in the survey,
 * 75.8-76.7 -> 90.3-91.1; 70004x86 70.2-70.9 -> 88.9-89.1, 100004x59 54.9-56.2 -> 70.4-71.2, 10004x110
 * 60.8-64.5 -> 89.5-94.1), and held out, three rounds, all 14 (36004x121 47.9-50.7 -> 86.6-88.3, 84004x53
 * 52.0-57.7 -> 82.1-83.8, 76004x67 67.8-70.3 -> 72.7-74.2, 130004x41 62.3-62.6 -> 70.7-71.3). Where the
 * source rows are odd and the last tile column at least half full, rect4_on16_unskewed then unskews these
 * tiles: 5 of the 14 held out ran so, and in the design 60004x83 ran 76.0-76.2 skewed, 81.8-82.5 unskewed.
 * Past 32 MiB 150004x94 and 120004x110 gained and 200004x75 lost (77.2-77.3 -> 73.1-73.2). Rows on 32 bytes
 * went either way and stay the narrow kernel's: in the draft's survey (K, one figure each) 86592x51 87.0
 * -> 73.8 and 81728x59 87.9 -> 74.8, and in two rounds (knobs74.txt B, E) 7 of 14 gained (70000x86 78.4-79.1
 * -> 92.3-93.7) and 6 lost (86592x51 88.8-90.7 -> 73.9-78.4, 100000x66 92.2-92.4 -> 78.6-79.4). The H100 was
 * not measured. */
static void tall4_small_to_rect32(const clt__device_info *info, const clt__layout *l, clt__config *c) {
  if (!clt__device_traits(info).tall4_small_rect32 || c->variant != CLT_VARIANT_NARROW || c->wide ||
      l->elem_size != 4 || l->batch != 1 || l->cols < 40 || l->cols > 127 || l->src_ld != l->cols ||
      !dense_destination(l) || dst_rows_on(l, 8) || matrix_bytes(l) > ((size_t)32 << 20))
    return;
  const clt_tuning t = {.variant = CLT_VARIANT_RECT, .tile = 32, .vector_width = 2, .wg_x = 16, .wg_y = 8};
  retune(info, l, &t, c);
}

/* Wide 8-byte sources of up to 256 rows whose columns are not a whole number of 32, that AUTO gives the
 * vector kernel's 32 x 32 tiles (64 and 128 to 256 rows, both sides on 16 bytes), on devices whose
 * clt__traits wide8_rect32 says so: rect's 32 x 32 tiles of single elements in groups of 32 x 8. On an NVIDIA
 * H200, two rounds in alternating processes, % of the copy (bench/results/h200/knobs67.txt L to N): in the
 * design (L) all 9 layouts of 8 to 123 MB gained 7.8 to 21.2 points (f64 256x16582 76.0-76.1 -> 95.6-97.2,
 * 256x60002 80.2-80.7 -> 96.3-97.7, c64 128x30002 77.2-77.7 -> 96.6-96.9), where CLBlast 1.5.3 ran 67.3-81.2.
 * Held out (M, and N with the rule itself), all 21 layouts of 16 to 512 MB gained on every pair of
 * figures, 3.6 to 21.2: 13.2 to 21.2 where the rows are a whole number of 32 (f64 64x1000002 78.3-78.6
 * -> 95.6-95.7, 128x500002 78.3-78.4 -> 95.9, c64 64x300002 79.7-79.9 -> 96.9-97.0, batches of 8 of f64
 * 128x20002 80.8-81.2 -> 97.8-98.3) but 5.6 to 5.8 on the survey's 192x140496 (90.9-91.1 -> 96.6-96.7), 3.6
 * to 18.9 elsewhere (130x60002 74.7-75.6 -> 79.3-79.5, 254x200002 72.3-72.4 -> 81.0-81.1, 224x40002 79.4-79.7
 * -> 96.4-96.5), 6.1 to 7.2 into padded destination rows. Columns a whole number of 32, which the vector
 * kernel's tiles fill, came level (64x40000 96.4-96.7 -> 97.2-97.7) or lost (200x100000 90.9 -> 83.9-84.0)
 * in these tiles and are skinny8_to_rect's; batches of small matrices (CLT_SHAPE_BATCHED, the table's
 * batched entry), which were not measured, keep the vector kernel. The H100 was not measured. */
static void wide8_to_rect32(const clt__device_info *info, const clt__layout *l, clt__config *c) {
  if (!clt__device_traits(info).wide8_rect32 || c->variant != CLT_VARIANT_VECTOR || l->elem_size != 8 ||
      l->rows > 256 || l->cols <= l->rows || l->cols % 32 == 0 || clt__shape_class(l) == CLT_SHAPE_BATCHED)
    return;
  const clt_tuning t = {.variant = CLT_VARIANT_RECT, .tile = 32, .vector_width = 1, .wg_x = 32, .wg_y = 8};
  retune(info, l, &t, c);
}

/* Tall and wide 8-byte sources (CLT_SHAPE_TALL and CLT_SHAPE_WIDE: up to 256 columns or rows) that AUTO
 * gives the vector kernel's 32 x 32 tiles (the table's tall and wide entries, rows on 16 bytes) and the
 * rules before leave (tall8_to_narrow, wide8_to_rect32), on devices whose clt__traits skinny8_rect says so:
 * what explicit rect gives them, rect's defaults with their tiles cut to the short side (64 x 32 or 64 x 16
 * tiles of single elements, destination runs skewed). On an NVIDIA H200, two or three rounds in alternating
 * processes, % of the copy (bench/results/h200/knobs68.txt A to F): of 57 layouts of 11 to 512 MB, 50 gained
 * on every pair of figures, 1.6 to 19.2 points, and 7 went either way, all of 11 to 26 MB, where one
 * process's figure moves by several points; none lost. Partial tiles gained most (150002x186 71.9-72.1 ->
 * 91.1, 45000x210 73.4-73.5 -> 91.7-92.0, c64 238744x132 in rows of 148 73.0 -> 90.5-90.6, batches of 8 of
 * 20000x250 77.4-77.5 -> 95.4-95.8, wide 162x29888 81.6-82.5 -> 94.4-94.7, c64 170x120000 88.1-88.2 ->
 * 97.1-97.2), where CLBlast 1.5.3 ran 64.7-75.8; whole tiles least (1000000x64 94.0-94.1 -> 95.7, 262144x128
 * 93.0-93.1 -> 95.0-95.1, 128x300000 94.3-94.9 -> 97.2-97.5). Batches of small matrices (CLT_SHAPE_BATCHED),
 * whose entry is the vector kernel's 64 x 64 tiles, keep it: the one measured, 16 of 8192x128, gained 0.6
 * to 1.9 in explicit rect's tiles (97.9-98.9 -> 99.5-99.8), too little to go on. The H100 was not measured.
 */
static void skinny8_to_rect(const clt__device_info *info, const clt__layout *l, clt__config *c) {
  const clt_shape_class cls = clt__shape_class(l);
  if (!clt__device_traits(info).skinny8_rect || c->variant != CLT_VARIANT_VECTOR || l->elem_size != 8 ||
      (cls != CLT_SHAPE_TALL && cls != CLT_SHAPE_WIDE))
    return;
  take_variant(info, l, CLT_VARIANT_RECT, c);
  rect_tiles_to_short_side(info, l, c);
}

/* Tall f64 sources of 65 to 127 columns, not a whole number of 32, that AUTO gives the vector kernel's 32 x
 * 32 tiles (source and destination rows on 16 bytes), on devices whose clt__traits tall8_narrow says so: the
 * narrow kernel, its tile all the columns of 32 source rows, in groups of 128. On an NVIDIA H200, AUTO, two
 * rounds in alternating processes, % of the copy (bench/results/h200/knobs63.txt I, J): all 17 such layouts
 * gained 3.0 to 21.9 points, 72.3-76.4 -> 75.7-94.5 (1000000x74 72.6-72.7 -> 94.5, 300000x66 76.2-76.4 ->
 * 91.8-91.9, batches of 8 of 120000x70 76.2-76.3 -> 93.0-93.1, 500002x100 72.6-72.7 -> 75.7). In one round
 * (H) those tiles led the vector kernel by 8.3 to 15.5 points on four layouts and came level on 96 columns, a
 * whole number of 32 (500000x96 92.7 against 92.1). Batches of small matrices (CLT_SHAPE_BATCHED), which AUTO
 * gives the vector kernel's 64 x 64 tiles, lost (8192x90 in batches of 16 89.0-91.5 -> 85.6-86.0) and keep
 * them. The H100 was not measured. */
static void tall8_to_narrow(const clt__device_info *info, const clt__layout *l, clt__config *c) {
  if (!clt__device_traits(info).tall8_narrow || c->variant != CLT_VARIANT_VECTOR || l->elem_size != 8 ||
      !twice_tall_past64(l, 127) || l->cols % 32 == 0 || clt__shape_class(l) == CLT_SHAPE_BATCHED)
    return;
  const clt_tuning t = {.variant = CLT_VARIANT_NARROW, .tile = 32, .wg_x = 128};
  retune(info, l, &t, c);
}

/* Dense tall f32 sources of an odd 129 to 255 columns (source rows off 8 bytes) of at least 10 MiB, one
 * matrix a call, into dense destination rows on 32 bytes, that AUTO gives rect's 64 x 64 tiles of 2-element
 * vectors read an element at a time, on devices whose clt__traits tall4_odd_rect64x32 says so: rect's 64 x 32
 * tiles of single elements in groups of 32 x 8. On an NVIDIA H200, two rounds in alternating processes, % of
 * the copy (bench/results/h200/knobs69.txt G to J; CLBlast 1.5.3 in the same processes):
 * - in the design (G, H) 9 of the 10 such layouts gained 1.1 to 11.8 points (104592x157 79.8-79.9 ->
 *   87.0-87.2, where CLBlast ran 82.6-84.1; 50000x183 76.1-76.2 -> 86.7-88.0, 60000x251 80.4-81.0 ->
 *   87.0-87.1) and 20000x157 (12 MB) went either way; into skewed rows (an odd row count) 3 of 6 lost
 *   (200001x131 -5.0 to -5.9, 90001x199 -6.3 to -7.1) and 2 went either way, and squarish and wide f32 lost
 *   on 5 of 7 (2880x7487 -7.7 to -8.9);
 * - held out (I, J) 15 of 17 gained on every pair of figures, 0.4 to 11.7 (30000x171 76.1-76.8 -> 86.5-87.8,
 *   96000x181 80.2-80.3 -> 87.5-87.7, 844224x165 82.1-82.4 -> 86.8-86.9), 500000x145 went either way (-0.3 to
 *   0.0) and 613016x215 lost 0.2 to 0.5 (84.8-85.0 -> 84.5-84.6). AUTO went from behind CLBlast on every pair
 *   to ahead on 96000x181 (CLBlast 84.6-85.5), 68000x227 (84.9-85.3) and 104592x157 (83.0-83.8); it stays
 *   behind on 62000x243 (86.2-86.6 against 87.0-88.4).
 * Matrices under 10 MiB and the H100 were not measured. */
static void tall4_odd_to_rect64x32(const clt__device_info *info, const clt__layout *l, clt__config *c) {
  if (!clt__device_traits(info).tall4_odd_rect64x32 || c->variant != CLT_VARIANT_RECT || c->vw != 2 ||
      l->elem_size != 4 || l->batch != 1 || l->rows <= l->cols || l->cols < 129 || l->cols > 255 ||
      l->cols % 2 == 0 || l->src_ld != l->cols || !dense_destination(l) || !dst_rows_on(l, 8) ||
      matrix_bytes(l) < ((size_t)10 << 20))
    return;
  const clt_tuning t = {.variant = CLT_VARIANT_RECT, .tile = 64, .vector_width = 1, .wg_x = 32, .wg_y = 8};
  retune(info, l, &t, c);
}

/* c re-derived with its destination runs aligned to align bytes (clt_tuning.dst_align) into out: 1 where
 * the knobs still fit the layout, 0 (out unset, no error kept) where they do not. */
static int aligned_to(const clt__device_info *info, const clt__layout *l, const clt__config *c,
                      unsigned align, clt__config *out) {
  clt_tuning t;
  clt__config_to_tuning(c, &t);
  t.dst_align = align;
  const int ok = clt__config_from_tuning(info, l, &t, out) == CLT_SUCCESS;
  clt__clear_error();
  return ok;
}

/* f32 sources of at most 64 MiB a call whose destination rows start on 16 bytes but off the 32-byte sectors,
 * which AUTO gives rect's tiles of 2-element vectors skewed to the sectors, on devices whose clt__traits
 * rect4_unskewed16 says so: the same tiles unskewed, into runs aligned to 16 bytes, where rect4_tiles_overlap
 * then has their last tiles overlap or the source rows are on the vectors (read whole, edge tiles too); where
 * the work-groups walk along the tile rows (walks_across), only over source rows off the vectors and with the
 * last tile column at least half full (their last tiles then overlap on every such layout). On an NVIDIA
 * H200, % of the copy in alternating processes, three rounds (two in B and C), a verdict by every pair of
 * figures in GB/s (bench/results/h200/knobs73.txt; CLBlast 1.5.3 in the same processes):
 * - design (B to F): of 65 measurements of layouts the rule takes, 55 gained (396x22823 77.3-78.7 ->
 *   86.5-87.7, where CLBlast ran 74.4-85.6 and led AUTO on every pair in A; 1004x9001 76.2-77.2 -> 86.8-88.8,
 *   4004x4001 84.5-84.6 -> 89.1-89.6, 1004x3001 in batches of 2 74.8-76.4 -> 91.8-93.2, 64004x245
 *   77.3-77.8 -> 82.1-83.8), 8 went either way, 332x40001 lost 0.1 to 2.1 and 3332x999 (13 MB) lost by GB/s
 *   over figures that spread from 78.7 to 95.6;
 * - held out (G, H, J, K): of 23 layouts it takes, 17 gained (58004x249 76.1-76.5 -> 83.4-84.0, 156x70001
 *   75.4-75.5 -> 83.4-83.6, 1148x11001 79.1-79.6 -> 88.0-88.5, 804x12000 89.3-90.9 -> 93.0-94.3) and 6 went
 *   either way.
 * Left skewed, where they lost: tall sources walked along with the last tile column under half full (8 of 10
 * lost, 25004x653 86.1-86.9 -> 82.4-82.8; F) or over source rows on the vectors (60004x250 89.0-89.2 ->
 * 83.3-83.5, 40004x360 -0.8 to -2.9; H); past 64 MiB (16388x16385 92.5 -> 84.0-86.7, 12004x12001 92.3 ->
 * 88.7-89.6, 30004x1001 -7.2 to -9.0: 7 of 9 lost; C), though 1004x30001 gained 2.9 to 3.4. Left skewed
 * though they mostly gained (B to D, J, K): dense wide sources whose tiles do not overlap (5 of 9 gained,
 * 140x60001, 148x50001 and 140x20001 in batches of 3 lost 0.4 to 2.8) and padded destination rows (11 of 15
 * gained by up to 4.2, 401x30001 lost 1.3 to 3.4). Halving the skew of rows on 8 bytes but off 16 lost 2.9
 * to 11.5 points, and f64 unskewed onto rows on 16 bytes lost 0.1 to 2.3 on 5 of 6 (C). A tuning file's entry
 * stands. The H100 was not measured. */
static int walks_across(const clt__device_info *info, const clt__config *c, const clt__layout *l);
static void rect4_on16_unskewed(const clt__device_info *info, const clt__layout *l, clt__config *c) {
  if (!clt__device_traits(info).rect4_unskewed16 || c->variant != CLT_VARIANT_RECT || l->elem_size != 4 ||
      c->vw != 2 || !c->pre || !dst_rows_on(l, 4) || call_bytes(l) > ((size_t)64 << 20))
    return;
  clt__config u;
  if (aligned_to(info, l, c, 16, &u)) {
    const size_t tc = tile_cols(&u);
    if (walks_across(info, &u, l) ? !u.src_aligned && l->cols % tc >= tc / 2
                                  : rect4_tiles_overlap(info, &u, l) || (u.src_aligned && u.edge_rows))
      *c = u;
  }
}

/* Dense tall f32 sources of an odd 41 to 63 columns of 8 to 32 MiB, one matrix a call, whose rect tiles
 * (tall4_small_to_rect32) stay skewed after rect4_on16_unskewed (destination rows off 16 bytes, or under 48
 * columns), on devices whose clt__traits tall4_odd_narrow16 says so: the narrow kernel's tiles of 16 source
 * rows in groups of 128, four times the groups of its heuristic's 64 rows, where rect reads these rows off 8
 * bytes an element at a time into tiles of which the second column is part empty. On an NVIDIA H200, AUTO
 * against knobs, two rounds in alternating processes, % of the copy (bench/results/h200/knobs74.txt F, G; a
 * verdict by every pair of figures in GB/s): 16 of 17 such layouts gained (140004x43 71.4-72.0 -> 82.1-83.2,
 * 120001x45 72.3-73.8 -> 84.6-86.1, 110001x63 70.1-70.6 -> 79.5-80.2) and 30001x45 (5.4 MB) went either
 * way; the unskewed ones went either way (4 of 8 gained, 4 lost: 70004x63 86.6-87.0 -> 76.0-76.4) and even
 * columns lost (130001x60 88.0-88.4 -> 55.4-56.5). Held out, three rounds (H): 11 of 14 gained
 * (110002x53 71.1-71.5 -> 82.8-84.9, 90003x51 71.8-73.7 -> 78.9-80.3, 115003x43 72.4-73.8 -> 78.1-78.5),
 * 125001x41 and 85001x55 went either way and 70004x41 (11.5 MB, figures spread from 74.5 to 92.8) lost; AUTO
 * went from behind CLBlast 1.5.3 on every pair on 3 of them and ahead on 1 to ahead on 10. The H100 was not
 * measured. */
static void tall4_odd_skewed_to_narrow16(const clt__device_info *info, const clt__layout *l, clt__config *c) {
  if (!clt__device_traits(info).tall4_odd_narrow16 || c->variant != CLT_VARIANT_RECT || c->tile != 32 ||
      c->vw != 2 || !c->pre || l->elem_size != 4 || l->batch != 1 || l->cols < 41 || l->cols > 63 ||
      l->cols % 2 == 0 || l->src_ld != l->cols || !dense_destination(l) ||
      matrix_bytes(l) < ((size_t)8 << 20) || matrix_bytes(l) > ((size_t)32 << 20))
    return;
  const clt_tuning t = {.variant = CLT_VARIANT_NARROW, .tile = 16, .wg_x = 128};
  retune(info, l, &t, c);
}

/* Dense tall f32 sources of at least 11 columns and 8 to 64 MiB, one matrix a call, into destination rows on
 * 16 bytes but off the 32-byte sectors (a row count of 4 mod 8), that AUTO gives the narrow kernel's tiles of
 * 64 or 128 source rows with their runs skewed to the sectors (narrow_skewed, measured on matrices of
 * hundreds of MB), on devices whose clt__traits narrow4_unskewed16 says so: the same tiles unskewed, into
 * runs aligned to 16 bytes. On an NVIDIA H200, AUTO's tiles against knobs, two rounds in alternating
 * processes, % of the copy (bench/results/h200/knobs74.txt D, I, J; a verdict by every pair of figures in
 * GB/s): all 14 such layouts of 13 to 51 columns up to 64 MiB gained (400004x15 52.7-53.6 -> 81.1-81.8,
 * 150004x35 58.1-60.2 -> 77.1-77.7, 120004x19 70.7-73.6 -> 89.7-91.4, 250004x51 72.5-72.9 -> 75.8-76.4); past
 * it 5 of 9 lost (1500004x22 89.5-89.7 -> 87.8-88.3, 1000004x35 86.5-87.1 -> 84.5-85.4) and 3 gained
 * (2000004x15 86.6-86.8 -> 88.3-89.6); tiles of 32 rows lost on 6 of 7 (220004x30 90.7-91.9 -> 83.2-83.3,
 * 260004x29 87.4-88.8 -> 82.1-82.5), and keep their skew. Held out, three rounds (K): 15 of 16 gained
 * (500004x11 59.4-61.9 -> 81.9-85.7, 260004x14 63.2-80.7 -> 90.4-91.6, 300004x41 68.6-68.9 -> 79.3-79.8,
 * 700004x13 60.0-61.2 -> 72.0-73.5) and 110004x23 (10 MB) went either way; AUTO ahead of CLBlast 1.5.3 on
 * every pair went from 8 of them to 12. The H100 was not measured. */
static void narrow4_on16_unskewed(const clt__device_info *info, const clt__layout *l, clt__config *c) {
  if (!clt__device_traits(info).narrow4_unskewed16 || c->variant != CLT_VARIANT_NARROW || c->wide ||
      !c->pre || c->tile < 64 || l->elem_size != 4 || l->batch != 1 || l->cols < 11 || l->src_ld != l->cols ||
      !dense_destination(l) || !dst_rows_on(l, 4) || matrix_bytes(l) < ((size_t)8 << 20) ||
      matrix_bytes(l) > ((size_t)64 << 20))
    return;
  clt__config u;
  if (aligned_to(info, l, c, 16, &u))
    *c = u;
}

/* Matrices of 1 to 10 MiB, one a call, whose grid holds fewer work-groups than the device's traits give per
 * compute unit: tiles of half the length, again while the grid holds fewer. The narrow kernel's tiles of 1-,
 * 2-, 4- and 8-byte elements (clt__traits narrow_fill_groups), down to 16 elements (64 for u8, 32 for f32,
 * and four times a skew for tiles of up to 12 columns); rect's f16 and f32 tiles
 * (rect_fill_groups), rows and columns together, down to 16 rows. A few MB make a grid of a few hundred
 * groups, one wave under what an NVIDIA H200's 132 compute units hold (16 groups of 128 fill one's 2048
 * work-items), that reads everything and only then writes; more groups keep both directions of the memory
 * busy at once. On an H200, alternating processes, % of the copy
 * (bench/results/h200/knobs75.txt; a verdict by every pair of figures in GB/s):
 * - narrow, 16 groups per compute unit: tall f32 of 9 to 24 columns in tiles of 32 rows instead of 64 ran
 *   ahead on 19 of 20 pairs of 1 to 4 MB (25002x19 59.6-62.9 -> 73.7-79.3), where CLBlast 1.5.3 had led
 *   (A to C). Held out on layouts of seeds 6 to 8's surveys (F): f16 and f64 gained on 14 of 24 and went
 *   either way on 10 (f16 93x6517 46.4-55.2 -> 74.9-81.9; f64 108x1664 74.8-76.6 -> 87.2-98.0); u8 lost on 3
 *   of 12 (48000x47 85.5-89.1 -> 48.5-57.4 in tiles of 16 bytes), c128 on 2 and f32 in tiles of 16 on 3, so
 *   those are left or stop at 32. Then, held out on three more H200s: f32 of seeds 9 to 11 gained on 10 of 22
 *   and went either way on 12 (55272x6 53.6-60.5 -> 81.6-94.8; G); f16, f32 and f64 of seeds 12 and 13 on 9
 *   of 30, either way on 14, lost on 7 (f64 173888x3 87.6-97.2 -> 77.4-82.9; I); f64 of seeds 15 to 17 on 6
 *   of 12, either way on 5, lost on 1 (3x76864 92.4-107.7 -> 77.7-80.8; L).
 * - tall f16 in the narrow kernel's skewed FLAT tiles, which had stopped at 64 rows, four times their skew of
 *   16: tiles of 16 rows ran well ahead of them (knobs76.txt F: 15607x49 39.2-46.3 -> 67.9-74.6). Held out
 *   with the floor dropped (G, H): of 13 to 81 columns 33 of 45 gained and 12 went either way (14071x59
 *   39.0-42.0 -> 67.2-71.7, 18217x53 44.9-51.5 -> 65.0-69.6); of 6 to 12, 14 of 21 lost and 1 gained
 *   (46482x12 82.6-92.7 -> 64.0-75.4), so the skew's floor stays there. The code as committed against the
 *   code before, fresh layouts of 18 to 81 columns (I): 24 of 26 gained, 2 went either way (10087x57
 *   35.7-41.9 -> 65.9-69.8).
 * - u8, which F had left, down to 64 elements (knobs76.txt J to L): floors of 128, 64 and 32 on 28 layouts
 *   gained on 14, 22 and 23, and 32 lost 80x127784; at 64, held out, 18 of 32 gained and 14 went either way
 *   (156060x7 40.1-43.4 -> 66.6-70.0; F's losses in tiles of 16 now either way or ahead: 48000x47, 152832x28,
 *   11x122074 63.3-66.8 -> 70.9-73.4); the code as committed against the code before, 28 fresh layouts: 13
 *   gained, 15 went either way (403204x3 45.8-48.5 -> 65.7-76.5), the lowest median ratio 0.92 (60x138921).
 * - rect, 2 groups per compute unit: halving until 4 per compute unit gained where the grid had been under
 *   about 300 groups (f16 2152x386 52.1-56.6 -> 72.4-73.6, f32 1465x320 74.1-80.8 -> 85.1-91.6) and went
 *   either way or lost above it (f16 192x10688, 501 groups, 80.0-86.3 against 91.6-104.3; J, K); halving rect
 *   until 16 per compute unit lost on larger layouts (E). At 2, held out on seeds 18 to 23 (M): 11 of 24
 *   gained (f16 3679x192 59.9-62.2 -> 79.0-81.7, f32 291x1381 64.4-68.6 -> 81.2-91.4), 12 went either way and
 *   f16 459x7529 lost (71.0-78.7 -> 69.9-75.4).
 * The H100 was not measured. */
static void small_grid_fill(const clt__device_info *info, const clt__layout *l, clt__config *c) {
  const clt__traits tr = clt__device_traits(info);
  const size_t es = l->elem_size;
  const int narrow = c->variant == CLT_VARIANT_NARROW && es <= 8,
            rect = c->variant == CLT_VARIANT_RECT && (es == 2 || es == 4);
  const size_t per_cu = narrow ? tr.narrow_fill_groups : rect ? tr.rect_fill_groups : 0;
  if (!per_cu || l->batch != 1 || matrix_bytes(l) < ((size_t)1 << 20) || matrix_bytes(l) > ((size_t)10 << 20))
    return;
  const size_t target = per_cu * (info->compute_units ? info->compute_units : 1);
  const unsigned shortest = narrow && es == 1 ? 64 : narrow && es == 4 ? 32 : 16;
  for (;;) {
    size_t global[3], local[3];
    clt__config_ndrange(c, l, info, global, local);
    const unsigned least = /* pre moves with c */
        narrow && c->short_ext <= 12 && 4 * c->pre > shortest ? 4 * c->pre : shortest;
    if ((global[0] / local[0]) * (global[1] / local[1]) * (global[2] / local[2]) >= target ||
        c->tile / 2 < least)
      return;
    clt_tuning t;
    clt__config_to_tuning(c, &t);
    t.tile = c->tile / 2;
    if (rect && c->vw > 1) /* rect's columns halve with its rows: the vector, else the group's width */
      t.vector_width = c->vw / 2;
    else if (rect)
      t.wg_x = c->wg_x / 2;
    if (!retune(info, l, &t, c))
      return;
  }
}

/* Tall f16 sources of an odd 65 to 127 columns in dense rows, which AUTO gives rect's 128 x 64 tiles read
 * element by element, on devices whose clt__traits tall2_narrow says so: the narrow kernel, its tile moved
 * whole (FLAT), all the columns of 64 source rows in groups of 128 where the destination rows start on 128
 * bytes (up to 113 columns), and of 128 source rows in groups of 256 elsewhere (up to 81 columns, batches of
 * small matrices left). On an NVIDIA H200, AUTO against the code before, two rounds in alternating processes,
 * % of the copy (bench/results/h200/knobs64.txt B, D, F): all 33 layouts the rule takes gained, 55.5-71.7 ->
 * 61.1-81.7. Into rows on 128 bytes all 17 gained 2.7 to 11.5 (900096x111 70.2-70.4 -> 81.5-81.7, 760064x113
 * 66.2-66.3 -> 77.0-77.2, batches of 16 of 16384x101 69.1-69.2 -> 77.3-77.8); elsewhere all 16 gained 0.4 to
 * 12.5 (2400001x71 into skewed rows 57.4-57.8 -> 69.8-69.9, 1700002x67 55.5-55.6 -> 67.0). Left to rect,
 * where the narrow kernel lost or came level: 115 and 117 columns into rows on 128 bytes (-4.4 to -6.2; rect
 * runs them at 78-81%); 83 to 97 columns elsewhere, where 4 of 10 lost (up to 1.0, and 4.7 to 4.9 on
 * 1100004x97) and the rest went -0.1 to +1.7; batches of small matrices into other rows (10000x75 in batches
 * of 32 -4.0 to -5.0); padded source rows, which the kernel cannot move whole (1000000x85 in rows of 87 -16.3
 * to -16.6, 1000000x96 in rows of 97 -23.4 to -23.8). The design (A): into rows on 128 bytes 64-row tiles led
 * rect on all 7 layouts of up to 113 columns by 3.4 to 12.5 and lost 8.4 to 8.6 at 123; elsewhere 128-row
 * tiles in groups of 256 led on all 11 of up to 99 columns by 0.7 to 12.1, where 64-row ones went -6.2 to
 * +3.5. Even columns, whose rows rect reads as 4-byte words, went -27.5 to +0.9 in the narrow kernel's tiles
 * (knobs63.txt H, one round). The H100 was not measured. */
static void tall2_to_narrow(const clt__device_info *info, const clt__layout *l, clt__config *c) {
  if (!clt__device_traits(info).tall2_narrow || c->variant != CLT_VARIANT_RECT || l->elem_size != 2 ||
      !twice_tall_past64(l, 127) || l->cols % 2 == 0)
    return;
  const int on128 = dst_rows_on(l, 64);
  if (on128 ? l->cols > 113 : l->cols > 81 || clt__shape_class(l) == CLT_SHAPE_BATCHED)
    return;
  const clt_tuning t = {.variant = CLT_VARIANT_NARROW, .tile = on128 ? 64 : 128, .wg_x = on128 ? 128 : 256};
  clt__config f;
  if (clt__config_from_tuning(info, l, &t, &f) == CLT_SUCCESS && f.flat)
    *c = f;
  clt__clear_error();
}

clt_status clt__auto_config(const clt__device_info *info, const clt__layout *l, clt__config *out) {
  clt_tuning tuned;
  clt__config c;
  int found = clt__tuning_lookup(info, l->elem_size, clt__shape_class(l), short_side(l), &tuned); /* origin */
  if (found && clt__config_from_tuning(info, l, &tuned, &c) != CLT_SUCCESS)
    found = 0;
  if (found == CLT__TUNED_TABLE && (!tiled_entry_covers(l, &c) || !direct_entry_covers(&c)))
    found = 0;
  if (!found) {
    clt__clear_error(); /* a stale tuning entry that no longer fits is not the caller's error */
    clt_status st = clt__choose_config(info, l, CLT_VARIANT_AUTO, &c);
    if (st != CLT_SUCCESS)
      return st;
  } else if (found == CLT__TUNED_TABLE) {
    one_sided_to_defaults(info, l, &c);
    skewed_wide_f16(info, l, &c);
    units_to_whole_tiles(info, l, &tuned, &c);
    odd_unskewed(info, l, &c);
    shallow_odd2_to_defaults(info, l, &c);
    aligned2_to_overlapping_rect(info, l, &c);
    aligned2_units_into_pieces(info, l, &c);
  }
  misaligned_vector_to_rect(info, l, &c, &found);
  if (!found) /* the heuristic's knobs: a table's or tuning file's entry stands */
    misaligned_wide_to_element_loads(info, l, &c);
  rect_tiles_to_short_side(info, l, &c);
  if (found != CLT__TUNED_FILE) {
    rect_word_tiles_wider(info, l, &c);
    shifted_wide4_to_element_loads(info, l, &c);
  }
  if (found != CLT__TUNED_FILE && shifted_wide2_rect32(info, l) && c.variant == CLT_VARIANT_RECT)
    to_vector_tiles(info, l, 32, 4, 8, 4, &c);
  if (found != CLT__TUNED_FILE)
    shifted_odd4_to_vector_pairs(info, l, &c);
  if (clt__narrow_auto(info, l, &c) || (found != CLT__TUNED_FILE && shallow_to_whole_narrow(info, l)))
    take_variant(info, l, CLT_VARIANT_NARROW, &c);
  else if (found != CLT__TUNED_FILE &&
           (bytes_off_sectors_to_vector(info, l) || shifted_wide2_to_vector(info, l)))
    take_variant(info, l, CLT_VARIANT_VECTOR, &c);
  if (found != CLT__TUNED_FILE) {
    part_tiles_to_word_tiles(info, l, &c);
    shifted_u8_to_tiles32(info, l, &c);
    tall4_to_narrow(info, l, &c);
    tall8_to_narrow(info, l, &c);
    tall2_to_narrow(info, l, &c);
    wide4_to_tiles32(info, l, &c);
    tall4_small_to_tiles32(info, l, &c);
    wide16_to_tiles8(info, l, &c);
    wide4_rows28_tiles64(info, l, &c);
    tall4_small_to_rect32(info, l, &c);
    wide8_to_rect32(info, l, &c);
    skinny8_to_rect(info, l, &c);
    tall4_odd_to_rect64x32(info, l, &c);
    rect4_on16_unskewed(info, l, &c);
    tall4_odd_skewed_to_narrow16(info, l, &c);
    narrow4_on16_unskewed(info, l, &c);
    small_grid_fill(info, l, &c);
  }
  clt__config_set_l2_hint(info, l, &c);
  *out = c;
  return CLT_SUCCESS;
}

/* An explicit variant's heuristic knobs are the device's defaults, so they fit no layout in particular:
 * rect's 128 tile rows left most of every tile of a 64-row wide source to the edge path. Explicit rect
 * takes AUTO's cut of the tiles to a tall or wide short side: on an NVIDIA H200 u8 64x2097152 went from
 * 29.9-30.1% of the copy to 92.5-92.6, 2097151x64 21.9 -> 73.0-73.3, f16 64x1048575 48.1-48.2 ->
 * 83.4-83.8, 2097151x32 43.9-44.0 -> 86.1-86.7 (bench/results/h200/knobs24.txt E; on an NVIDIA H100 it
 * now runs them as AUTO does, h100/notes.txt U). Explicit knobs stand as given. */
clt_status clt__explicit_config(const clt__device_info *info, const clt__layout *l, const clt_tuning *t,
                                clt__config *out) {
  clt__config c;
  const clt_status st =
      t ? clt__config_from_tuning(info, l, t, &c) : clt__choose_config(info, l, l->variant, &c);
  if (st != CLT_SUCCESS)
    return st;
  if (!t)
    rect_tiles_to_short_side(info, l, &c);
  clt__config_set_l2_hint(info, l, &c);
  *out = c;
  return CLT_SUCCESS;
}

/* The grid's dimension 1 with a spread: one group per tile column whose spread bits are zero. Columns
 * group in blocks of 2^(dlog + log); the last block holds the columns up to tiles_c - 1. */
static size_t spread_columns(const clt__config *c, size_t tiles_c) {
  const unsigned shift = c->spread_dlog + c->spread_log;
  const size_t last = (tiles_c - 1) >> shift, low = ((size_t)1 << c->spread_dlog) - 1;
  const size_t in_last = (tiles_c - 1) - (last << shift);
  return (last << c->spread_dlog) + (in_last < low ? in_last : low) + 1;
}

/* Whether rect's tiles of a tall source of up to 256 columns are less than a 128-byte line across, so
 * that walking down the tile columns one at a time reads a part of every source line on each pass, the
 * rest of it long gone from the L2 when the next column's pass comes for it. Walking along the tile rows
 * reads those lines whole, even where the tile columns are whole. AUTO with ACROSS against the order
 * down the columns on an NVIDIA H200, two rounds in alternating processes (bench/results/h200/
 * knobs54.txt A), % of the copy: u8 (32-byte tile columns) 700001x96 58.8-59.1 -> 69.8-70.3, 300001x160
 * 55.5-56.6 -> 63.0-63.4, 2097152x96 63.5-63.7 -> 69.4-69.5, 2097151x96 56.2-56.3 -> 58.3-58.4,
 * 2097151x160 53.1 -> 55.5-55.8, 1048575x192 (64-byte ones) 78.9-79.1 -> 79.2-79.6; f16 (64-byte ones)
 * 1048575x160 82.5-82.6 -> 85.6-85.9, 1048575x96 84.3-84.4 -> 85.8-85.9, 2097151x96 83.2 -> 84.2-84.3,
 * 1048576x96 88.3 -> 87.9-88.0. Held out (B, C): u8 1500001x96 60.7-60.8 -> 73.5-73.7, 1300001x96
 * 60.2-60.5 -> 73.3-73.4, 2097152x160 57.3-57.4 -> 67.0, f16 1048575x224 78.0-78.1 -> 85.2-85.5,
 * 700001x160 81.3-81.6 -> 86.1-86.3; of the 33 layouts measured, 28 gained (1.0 to 13.1 points where the
 * walk alone changed), 4 came level within 0.4, and u8 65537x96 (6 MiB) went -2.5 and +9.1. With tile columns
 * of whole lines it lost or came level (u8 1000001x256 76.9-77.1 -> 74.3-74.4, f16 1048575x128 89.5-89.7
 * -> 89.1-89.2, f32 1048575x96 88.9-89.1 -> 87.7, f64 1048575x96 91.6 -> 91.0). The H100 was not measured for
 * it. */
static int rect_columns_part_lines(const clt__config *c, const clt__layout *l) {
  return c->variant == CLT_VARIANT_RECT && l->cols <= 256 && tile_cols(c) * l->elem_size < 128;
}

/* Whether rect's and vector's work-groups walk along the tile rows: a tall source of two or more tile
 * columns, the last partly empty (cl/common.cl says why), or rect's whole ones of less than a 128-byte line
 * (rect_columns_part_lines). Past 256 columns only sources at least twice as tall as wide, up to the device's
 * across_cols_max columns. AUTO against the order down the columns, two rounds in alternating processes, % of
 * the copy: on an NVIDIA H100 (bench/results/h100/notes.txt AK) f32 60000x510 85.8-86.3 -> 92.9-93.4 (CLBlast
 * 88.3-88.8), 80000x382 84.4-84.7 -> 94.4-94.7, 200000x700 84.5 -> 95.5-95.6, 24000x1278 90.4-90.8 ->
 * 97.2-97.6, 30000x3000 91.2 -> 94.2-94.5, 12000x6000 93.2-93.3 -> 94.2-94.3, f64 120000x900 86.5 -> 94.7,
 * f16 200000x700 72.3-72.5 -> 87.6, u8 120000x900 71.7-71.8 -> 87.9-88.1, c128 60000x500 93.5-93.7 -> 96.1;
 * on an NVIDIA H200 (h200/knobs36.txt B) f32 80000x382 84.1-85.0 -> 92.6-92.8, 120000x900 83.7-83.8 ->
 * 93.8-93.9, 60000x510 85.4-86.8 -> 88.8-90.6 (CLBlast 86.2-87.5), f64 120000x900 85.7 -> 92.8-92.9, f16
 * 200000x700 76.8 -> 84.9-85.1, but 24000x1278 93.3-94.9 -> 93.1-93.4, 30000x3000 90.6-90.7 -> 90.2-90.3,
 * 12000x6000 91.8-91.9 -> 89.6-90.0 (f16 87.4-87.5 -> 86.2). Sources less than twice as tall went either way
 * on the H100: f32 5000x3000 92.9-93.5 -> 95.5-96.9, f16 75.9-77.0 -> 72.7-74.0, f32 8193x8191 93.3-93.5 ->
 * 92.7-92.9.
 * Past across_cols_max, rect walks along the tile rows where a pass down one tile column (rows x the tile
 * column's bytes) moves at least the device's across_rect_pass bytes: walking down, the lines a tile column
 * shares with the next are read again a pass later, likelier gone from the L2 the longer the pass (the gains
 * grew with it; no counters were read). On an NVIDIA H200 (8 MiB; bench/results/h200/knobs61.txt), AUTO
 * against the code before, two rounds in alternating processes: all 24 such layouts of B and C gained, 1.1 to
 * 31.9 points (f16 300001x1100 53.9 -> 85.7-85.8, 200000x1026 53.8 -> 83.1-83.2, f32 115183x1178 69.3-69.4 ->
 * 88.7-89.0, u8 200000x2600 70.8-70.9 -> 85.2-85.4, f64 46690x1097 86.1 -> 91.3-91.4, c128 20000x2049
 * 92.3-92.4 -> 93.5); of the 19 held out of the bound (D, E), 14 gained 1.5 to 29.5 (u8 133568x4019 54.5-54.7
 * -> 83.5-84.0, f16 100000x6002 62.4 -> 86.4-86.6, f32 40001x1100 in a batch of 2 83.9-84.3 -> 90.1-90.2),
 * and 5 lost: c128 16500x2000 (8.4 MB) 4.8 to 5.2 (95.7-95.9 -> 90.7-90.9), u8 70001x3000 (9.0 MB) 2.6 to
 * 3.3, u8 68001x2999 (8.7 MB) 0.6 to 0.8, c128 18000x2500 (9.2 MB) 0.6, c128 30000x2100 (15.4 MB) 0.1: u8 and
 * c128 lost on every pass of 8.4 to 9.2 MB, f16, f32 and f64 gained on each. Passes of 0.4 to 7.7 MB went
 * either way (18 of 27 layouts lost, up to 6.8 points: f32 20000x8191 93.7-93.8 -> 87.0, c128 10001x3900
 * 96.1-96.2 -> 90.0-90.1; 9 gained, up to 11.5: u8 60000x3500 70.1-71.6 -> 80.5-81.6) and walk down. The
 * vector kernel walked along lost on the aligned f32 it takes (50000x1600 94.5-95.1 -> 90.2, one round;
 * knobs61.txt A). */
static int walks_across(const clt__device_info *info, const clt__config *c, const clt__layout *l) {
  const clt__traits tr = clt__device_traits(info);
  const int long_pass = c->variant == CLT_VARIANT_RECT && tr.across_rect_pass &&
                        l->rows * tile_cols(c) * l->elem_size >= tr.across_rect_pass;
  const int tall = l->cols <= 256 ? l->rows > l->cols
                                  : l->rows / 2 >= l->cols && (l->cols <= tr.across_cols_max || long_pass);
  return tall && l->cols > tile_cols(c) && (l->cols % tile_cols(c) != 0 || rect_columns_part_lines(c, l));
}

void clt__config_set_order(const clt__device_info *info, clt__config *c, const clt__layout *l) {
  c->spread_log = c->spread_dlog = 0;
  c->across = 0;
  c->overlap = tiles_overlap(c, l) || rect4_tiles_overlap(info, c, l);
  /* f32 read element by element into overlapping tiles: the device's prefetch for such loads. On an NVIDIA
   * H200 128 bytes against 256 (bench/results/h200/knobs70.txt E, F): of 7 layouts 6 gained on every pair of
   * figures in GB/s (3424x3063 90.0% of the copy -> 91.4-91.6, 2048x3155 89.0-89.6 -> 91.7-91.8) and one
   * went either way; held out, 12 of 18 gained (616x36811 90.6-91.3 -> 93.2-93.5, 2336x5547 89.8-90.4 ->
   * 92.0-92.3), 4 went either way, 22976x2333 and 8152x11411 (214 and 372 MB) lost up to 0.8 and 0.4 points.
   * No prefetch ran behind 128 on 4 of the 7 and 12 of the 18, ahead on 2 and 1. */
  if (c->overlap && l->elem_size == 4 && c->l2pf && !c->src_aligned && !c->shift_ok)
    c->l2pf = clt__device_traits(info).l2pf_elems4;
  if (c->variant != CLT_VARIANT_RECT && c->variant != CLT_VARIANT_VECTOR)
    return;
  if (walks_across(info, c, l)) {
    c->across = 1;
    return;
  }
  const size_t pitch = l->src_ld * l->elem_size, span = (size_t)1 << 16; /* 64 KiB */
  const size_t col_bytes = tile_cols(c) * l->elem_size;
  size_t tiles_r, tiles_c;
  tile_grid(c, l, &tiles_r, &tiles_c);
  /* Only pitches that are multiples of 128 KiB, and only columns of many tiles: a short column runs
   * alongside its neighbours anyway. */
  if (pitch == 0 || pitch % (2 * span) || !is_pow2(col_bytes) || col_bytes > span || tiles_r < 16)
    return;
  unsigned dlog = 0, plog = 0;
  while (((size_t)1 << dlog) * col_bytes < span)
    dlog++;
  /* Every address bit from 64 KiB up to the pitch's lowest set bit varies (up to 8 columns), as far as
   * the row has tile columns that far apart. */
  while (plog < 3 && pitch % ((size_t)2 << (16 + plog)) == 0)
    plog++;
  while (plog > 0 && ((((size_t)1 << plog) - 1) << dlog) >= tiles_c)
    plog--;
  if (plog == 0)
    return;
  c->spread_log = plog;
  c->spread_dlog = dlog;
  /* The grid must hold every tile once (each loop of the kernel runs once): else the plain order. */
  if ((tiles_r << plog) > CLT__MAX_GROUPS_X || spread_columns(c, tiles_c) > CLT__MAX_GROUPS_YZ ||
      l->batch > CLT__MAX_GROUPS_YZ)
    c->spread_log = c->spread_dlog = 0;
}

/* The vector kernel's SRC_MODE / DST_MODE (cl/vector.cl): 1 aligned, else 2 shifted loads / 3 skewed
 * stores where the buffer base allows, else 0 element-wise. */
static int access_mode(int aligned, int shifted, int skewed_mode) {
  return aligned ? 1 : shifted ? skewed_mode : 0;
}

/* cl/narrow.cl's EDGE_VEC, for the whole short side past CLT__NARROW_MAX (wide sources, row-major tiles)
 * whose source rows lie on the 16-byte vectors: a tile cut by the matrix's last column moves each vector of
 * its rows as one, and, moved FLAT, its dense destination run as whole vectors. Element by element that
 * tile, the last group to start, ran so long after the others that on an NVIDIA H200 the matrix's time
 * depended on its columns (f16 286x450000 66.7-66.8% of the copy, 286x448000, whose tiles are all full,
 * 85.8-85.9). With it, two rounds in alternating processes (bench/results/h200/knobs57.txt E): f16
 * 286x450000 89.6, 262x450000 66.9-67.0 -> 89.5-89.6, 274x500000 69.2-69.3 -> 90.4; the full tiles of
 * 286x448000 94.5 and 282x400000 84.1-84.2 -> 93.2-93.3 gained too, u8 300x1000000 84.1-84.3 -> 87.6-87.8,
 * 492x500000 77.8-77.9 -> 85.0-85.1, 484x350000 74.9-75.0 -> 82.5-82.8, 360x60000 63.2-64.2 -> 70.3-71.0;
 * f16 250x1000000 came level (94.0). Why the full tiles gained was not looked into. Over shifted source rows
 * (SRC_SHIFT) it lost 0.9 to 3.2 points (u8 263x800001 70.3-70.4 -> 67.2-67.3, 487x400001 67.8-68.1 ->
 * 66.1, f16 263x400001 76.8-77.0 -> 75.8-75.9), so those keep the element path. */
static int narrow_edge_vectors(const clt__config *c) {
  return c->wide && c->nvl > 1 && c->short_ext > CLT__NARROW_MAX && !c->shift_ok;
}

/* The narrow kernel's store loop (cl/narrow.cl's SUNROLL): unrolled by 2 where a row-major tile's
 * gathers would hold 20 or more registers per work-item, or 16 where each store moves less than 8
 * bytes (more addresses per gathered element) or the source rows are shifted (loads that hold twice
 * theirs); else completely. On an NVIDIA H200 (bench/results/h200/knobs20.txt) that took f32
 * 60x999999 from 71.5% of the copy to 84.1%, 63x2097152 73.0 -> 90.6, 84x2097152 83.1 -> 96.3,
 * 100x1048576 85.8 -> 97.3, f16 32x4194304 85.4 -> 95.6, 24x4194303 69.8 -> 84.1, f64 68x1048576
 * 84.4 -> 96.8. Below those bounds unrolling by 2 lost (f32 24x2097151 90.2 -> 83.9, 66x2097152
 * 91.6 -> 83.1, 47x2097152 88.4 -> 84.8), as it did on tiles of 16 rows (f16 16x4194304 90.1 ->
 * 85.3; an NVIDIA H100 95.1 -> 93.5); column-major tiles (tall sources) store vectors straight from
 * local memory, without gathers. */
static unsigned narrow_store_unroll(const clt__config *c, size_t elem_size) {
  if (!c->wide || c->short_ext <= 16)
    return 0;
  const size_t units = (size_t)c->tile * (c->short_ext / c->nvs); /* vector stores per tile */
  const size_t regs = div_up(units, c->wg_x) * c->nvs * div_up(elem_size, 4);
  const size_t bound = c->shift_ok || c->nvs * elem_size < 8 ? 16 : 20;
  return regs >= bound ? 2 : 0;
}

/* The narrow kernel's rotation of each short-side vector's lines (cl/narrow.cl): the g vectors across
 * a tile line start 128 / g bytes apart in the banks, in whole vectors of the long side. */
static unsigned narrow_rotation(const clt__config *c, size_t elem_size) {
  const unsigned sv = c->wide ? c->nvs : c->nvl, lv = c->wide ? c->nvl : c->nvs;
  const unsigned g = c->short_ext / sv;
  if (g <= 1 || c->flat) /* held as read or as written (GATHER, SCATTER): no lines to rotate */
    return 0;
  unsigned r = (unsigned)((128 + g * elem_size - 1) / (g * elem_size));
  if (r < lv)
    r = lv;
  return (r + lv - 1) / lv * lv;
}

/* The OpenCL type of vw elements: the element type, or a vector of its base scalar. */
static void vector_type(type_names tn, unsigned vw, char *buf, size_t size) {
  const unsigned lanes = vw * tn.base_per_elem;
  if (lanes == 1)
    snprintf(buf, size, "%s", tn.base);
  else
    snprintf(buf, size, "%s%u", tn.base, lanes);
}

/* Appends fmt's text to buf, of which used bytes are taken: 0, or -1 where it no longer fits. */
static CLT__PRINTF(4, 5) int append_option(char *buf, size_t buf_size, size_t *used, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  const int n = vsnprintf(buf + *used, buf_size - *used, fmt, ap);
  va_end(ap);
  *used += n > 0 ? (size_t)n : 0;
  return *used < buf_size ? 0 : -1;
}

int clt__config_options(const clt__config *cfg, size_t elem_size, char *buf, size_t buf_size) {
  type_names tn = names_for(elem_size);
  size_t used = 0;
  if (append_option(buf, buf_size, &used, "-DT=%s -DELEM_SIZE=%zu", tn.t, elem_size) ||
      (cfg->l2last && append_option(buf, buf_size, &used, " -DL2LAST=1")))
    return -1;
  switch (cfg->variant) {
  case CLT_VARIANT_TILED:
    return append_option(buf, buf_size, &used, " -DTILE=%u -DWG_Y=%u -DPAD=%u", cfg->tile, cfg->wg_y,
                         cfg->pad);
  case CLT_VARIANT_VECTOR:
  case CLT_VARIANT_BLOCK:
  case CLT_VARIANT_RECT: {
    unsigned lanes = cfg->vw * tn.base_per_elem; /* base scalars per vector */
    if (!is_pow2(cfg->vw) || cfg->vw > max_vw(elem_size))
      return -1;
    if (lanes == 1 ? append_option(buf, buf_size, &used, " -DTV=%s -DVLOADN=clt_vload1 -DVSTOREN=clt_vstore1",
                                   tn.base)
                   : append_option(buf, buf_size, &used, " -DTV=%s%u -DVLOADN=vload%u -DVSTOREN=vstore%u",
                                   tn.base, lanes, lanes, lanes))
      return -1;
    if (cfg->variant == CLT_VARIANT_BLOCK) {
      if (append_option(buf, buf_size, &used, " -DBASE=%s -DVW=%u -DSRC_VEC=%d -DDST_VEC=%d -DIDX32=%d",
                        tn.base, cfg->vw, cfg->src_aligned, cfg->dst_aligned, cfg->idx32))
        return -1;
      if (!cfg->tile) /* the GPU form */
        return 0;
      if (cfg->tile % cfg->vw || cfg->chunk % cfg->vw) /* CPU tiles */
        return -1;
      if (append_option(buf, buf_size, &used, " -DTILE_R=%u -DTILE_C=%u -DNTS=%d -DSKEW=%u%s%s", cfg->tile,
                        cfg->chunk, cfg->pad != 0, cfg->pre, cfg->flat ? " -DFLAT=1" : "",
                        cfg->walk ? " -DWALK=1" : ""))
        return -1;
      if (cfg->strip &&
          append_option(buf, buf_size, &used, " -DSTRIP=1 -DSKO=%u -DSKD=%u", cfg->sko, cfg->skd))
        return -1;
      if (cfg->strip && cfg->shift_ok &&
          append_option(buf, buf_size, &used, " -DSRO=%u -DSRD=%u", cfg->sro, cfg->srd))
        return -1;
      if (cfg->ncols && append_option(buf, buf_size, &used, " -DNCOLS=%u", cfg->ncols))
        return -1;
      return cfg->nrows ? append_option(buf, buf_size, &used, " -DNROWS=%u", cfg->nrows) : 0;
    }
    if (cfg->variant == CLT_VARIANT_RECT) {
      if (append_option(buf, buf_size, &used,
                        " -DBASE=%s -DVW=%u -DTR=%u -DTC=%u -DWG_Y=%u -DPAD=%u -DSK=%u -DSKG=%d"
                        " -DSRC_VEC=%d -DDST_VEC=%d -DIDX32=%d -DSRC_SHIFT=%d -DPACK=%d",
                        tn.base, cfg->vw, cfg->tile, cfg->wg_x * cfg->vw, cfg->wg_y, cfg->pad, cfg->pre,
                        cfg->skg, cfg->src_aligned, cfg->dst_aligned, cfg->idx32, cfg->shift_ok, cfg->pack) ||
          (cfg->edge_rows &&
           append_option(buf, buf_size, &used, " -DEDGE_VEC=1 -DEDGE_ROWS=%u", cfg->edge_rows)) ||
          (cfg->edge_shift && append_option(buf, buf_size, &used, " -DEDGE_SHIFT=%d", cfg->edge_shift)) ||
          (cfg->edge_clamp && append_option(buf, buf_size, &used, " -DEDGE_CLAMP=1")) ||
          (cfg->sk_max && append_option(buf, buf_size, &used, " -DSKMAX=%u", cfg->sk_max)) ||
          (cfg->loads_first && append_option(buf, buf_size, &used, " -DLOADS_FIRST=1")) ||
          (cfg->shift_split && append_option(buf, buf_size, &used, " -DSHIFT_SPLIT=1")) ||
          (cfg->shift_funnel && append_option(buf, buf_size, &used, " -DSHIFT_FUNNEL=1")) ||
          (cfg->word_rows && append_option(buf, buf_size, &used, " -DWORD_ROWS=1")) ||
          (cfg->dvw && cfg->dvw != cfg->vw && append_option(buf, buf_size, &used, " -DDVW=%u", cfg->dvw)) ||
          (cfg->l2pf && append_option(buf, buf_size, &used, " -DL2PF=%u", cfg->l2pf)) ||
          (cfg->pack && pack_store_bytes(cfg, elem_size) < 16 &&
           append_option(buf, buf_size, &used, " -DPST=%u", pack_store_bytes(cfg, elem_size))))
        return -1;
    } else if (append_option(
                   buf, buf_size, &used,
                   " -DBASE=%s -DVW=%u -DTILE=%u -DWG_Y=%u -DSWZ_MASK=%u -DSRC_MODE=%d -DDST_MODE=%d"
                   " -DIDX32=%d",
                   tn.base, cfg->vw, cfg->tile, cfg->wg_y, swizzle_mask(cfg, elem_size),
                   access_mode(cfg->src_aligned, cfg->shift_ok, 2),
                   access_mode(cfg->dst_aligned, cfg->shift_ok, cfg->pre ? 3 : 2), cfg->idx32) ||
               (cfg->pre && append_option(buf, buf_size, &used, " -DPRE=%u", cfg->pre))) {
      return -1;
    }
    if (cfg->overlap && append_option(buf, buf_size, &used, " -DOVERLAP=1"))
      return -1;
    if (cfg->spread_log)
      return append_option(buf, buf_size, &used, " -DSPREAD_LOG=%u -DSPREAD_D=%u", cfg->spread_log,
                           cfg->spread_dlog);
    return cfg->across ? append_option(buf, buf_size, &used, " -DACROSS=1") : 0;
  }
  case CLT_VARIANT_NARROW: {
    char tvl[16], tvs[16], tvf[16];
    const unsigned fv = (unsigned)(16 / elem_size);
    vector_type(tn, cfg->nvl, tvl, sizeof tvl);
    vector_type(tn, cfg->nvs, tvs, sizeof tvs);
    vector_type(tn, fv, tvf, sizeof tvf);
    const unsigned long_ext = cfg->tile, short_ext = cfg->short_ext;
    if (!cfg->nvl || !cfg->nvs || !short_ext)
      return -1;
    if (append_option(buf, buf_size, &used,
                      " -DTVL=%s -DVWL=%u -DTVS=%s -DVWS=%u -DTR=%u -DTC=%u -DGROUP=%u -DPAD=%u -DROT=%u"
                      " -DCOLMAJOR=%d -DIDX32=%d -DSRC_SHIFT=%d -DSUNROLL=%u",
                      tvl, cfg->nvl, tvs, cfg->nvs, cfg->wide ? short_ext : long_ext,
                      cfg->wide ? long_ext : short_ext, cfg->wg_x, narrow_pad(cfg),
                      narrow_rotation(cfg, elem_size), !cfg->wide, cfg->idx32, cfg->shift_ok,
                      narrow_store_unroll(cfg, elem_size)) ||
        (cfg->pre && append_option(buf, buf_size, &used, " -DSKEW=%u", cfg->pre)) ||
        (narrow_edge_vectors(cfg) && append_option(buf, buf_size, &used, " -DEDGE_VEC=1")))
      return -1;
    return cfg->flat ? append_option(buf, buf_size, &used, " -DFLAT=1 -DFV=%u -DTVF=%s", fv, tvf) : 0;
  }
  case CLT_VARIANT_COPY:
    return append_option(buf, buf_size, &used, " -DALIGNED=%d -DCHUNK=%u -DUNROLL=%u%s",
                         cfg->src_aligned && cfg->dst_aligned, cfg->chunk, cfg->unroll ? cfg->unroll : 1,
                         cfg->pad ? " -DNT=1" : "");
  default:
    return 0;
  }
}

void clt__config_ndrange(const clt__config *cfg, const clt__layout *l, const clt__device_info *info,
                         size_t global[3], size_t local[3]) {
  size_t groups[3];
  local[0] = cfg->wg_x;
  local[1] = cfg->wg_y;
  local[2] = 1;
  switch (cfg->variant) {
  case CLT_VARIANT_COPY: {
    size_t units = div_up(call_bytes(l), 16);
    /* Enough groups to fill every compute unit several times over; the loop covers the rest. */
    size_t cap =
        (info->compute_units ? info->compute_units : 1) * (cfg->groups_per_cu ? cfg->groups_per_cu : 16);
    groups[0] =
        cfg->chunk ? div_up(div_up(units, cfg->chunk), local[0]) : min_sz(div_up(units, local[0]), cap);
    groups[1] = groups[2] = 1;
    break;
  }
  case CLT_VARIANT_BLOCK: /* a VW x VW block per work-item, or on CPUs a tile x chunk tile */
    if (cfg->tile) {      /* work-items that each walk a run of tiles, in groups of any shape */
      groups[0] = cpu_walkers(cfg, l, info) / (local[0] * local[1]);
      groups[1] = groups[2] = 1;
      break;
    }
    groups[0] = div_up(div_up(l->cols, cfg->vw), local[0]);
    groups[1] = div_up(div_up(l->rows, cfg->vw), local[1]);
    groups[2] = l->batch;
    break;
  case CLT_VARIANT_NAIVE:
    groups[0] = div_up(l->cols, local[0]);
    groups[1] = div_up(l->rows, local[1]);
    groups[2] = l->batch;
    break;
  case CLT_VARIANT_RECT: /* dimension 0 walks down the source; with a spread, across a few columns */
  case CLT_VARIANT_VECTOR:
    tile_grid(cfg, l, &groups[0], &groups[1]);
    if (cfg->spread_log) {
      groups[1] = spread_columns(cfg, groups[1]);
      groups[0] <<= cfg->spread_log;
    } else if (cfg->across) { /* along the tile rows */
      const size_t tiles_r = groups[0];
      groups[0] = groups[1];
      groups[1] = tiles_r;
    }
    groups[2] = l->batch;
    break;
  case CLT_VARIANT_NARROW: /* dimension 0 walks down the source; a skew's windows one tile further */
    groups[0] = div_up(l->rows + (cfg->pre ? cfg->pre - 1 : 0), cfg->wide ? cfg->short_ext : cfg->tile);
    groups[1] = div_up(l->cols, cfg->wide ? cfg->tile : cfg->short_ext);
    groups[2] = l->batch;
    break;
  default: /* tiled: one group per tile */
    groups[0] = div_up(l->cols, cfg->tile);
    groups[1] = div_up(l->rows, cfg->tile);
    groups[2] = l->batch;
    break;
  }
  groups[0] = min_sz(groups[0], CLT__MAX_GROUPS_X);
  groups[1] = min_sz(groups[1], CLT__MAX_GROUPS_YZ);
  groups[2] = min_sz(groups[2], CLT__MAX_GROUPS_YZ);
  for (int i = 0; i < 3; i++)
    global[i] = groups[i] * local[i];
}
