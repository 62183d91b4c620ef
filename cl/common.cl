/* Shared by every cltranspose kernel: prepended to each source before it is built.
 * The host passes the element type and every tunable as -D build options (see src/tuning.c); the
 * kernels only move bits, so T is an unsigned type of the element's size (uint4 for 16-byte elements). */
#ifndef T
#error "T (the element type) must be defined by the host"
#endif

#define CLT_CAT_(a, b) a##b
#define CLT_CAT(a, b) CLT_CAT_(a, b) /* pastes macros' values: CLT_CAT(BASE, 4) is uint4 for uint */

/* The index type of the kernels the host gives IDX32 (rect, vector, block, narrow): 32-bit where every
 * index of both views fits, which NVIDIA's compiler turns into markedly faster address arithmetic
 * (cl/rect.cl has the figures); 64-bit otherwise and in the kernels without the knob. */
#if IDX32
typedef uint idx_t;
#else
typedef ulong idx_t;
#endif

/* Every transpose kernel takes the same arguments. Indices are 64-bit: one matrix may hold more than
 * 2^31 elements. src and dst never overlap (the host checks), hence restrict. */
#define CLT_TRANSPOSE_ARGS CLT_TRANSPOSE_ARGS_AS()
/* The same, each size argument's name followed by x: a kernel that computes in a narrower type takes
 * them as rows_ ... and declares narrowed copies under the usual names. */
#define CLT_TRANSPOSE_ARGS_AS(x)                                                                             \
  global const T *restrict src, global T *restrict dst, const ulong rows##x, const ulong cols##x,            \
      const ulong batch##x, const ulong src_off##x, const ulong src_ld##x, const ulong src_stride##x,        \
      const ulong dst_off##x, const ulong dst_ld##x, const ulong dst_stride##x
/* The size arguments of CLT_TRANSPOSE_ARGS_AS(_) in idx_t under the usual names (rect, vector, block,
 * narrow). */
#define CLT_IDX_ARGS()                                                                                       \
  const idx_t rows = (idx_t)rows_, cols = (idx_t)cols_, batch = (idx_t)batch_;                               \
  const idx_t src_off = (idx_t)src_off_, src_ld = (idx_t)src_ld_, src_stride = (idx_t)src_stride_;           \
  const idx_t dst_off = (idx_t)dst_off_, dst_ld = (idx_t)dst_ld_, dst_stride = (idx_t)dst_stride_

/* The rect and vector kernels: each work-group's first tile (g0 its tile row, g1 its tile column) and
 * the group-uniform loops over the batch and the tiles (the host may cap the grid below the work;
 * barriers stay in uniform control flow). The work-groups that run together walk down one tile column
 * of the source (dimension 0 = tile rows).
 * SPREAD_LOG > 0, set by the host where the source's row pitch is a multiple of 128 KiB: the grid holds
 * every tile once, and consecutive work-groups alternate between 2^SPREAD_LOG tile columns 64 KiB of
 * the row apart (2^SPREAD_D tile columns), so the reads that run together differ in the address bits
 * below the pitch's lowest set bit, not only above it. On an NVIDIA H200 reads down one column at such
 * a pitch cost about 5 points of the copy (bench/results/h200/knobs4.txt): f64 8192x16384 91.8% ->
 * 96.5%, f32 8192x32768 91.4% -> 96.2%, c128 8192^2 (32 x 32 tiles) 90.7% -> 95.7%. */
/* ACROSS, set by the host for tall sources of two or more tile columns, the last partly empty (taller than
 * wide up to 256 columns, at least twice as tall beyond: src/tuning.c walks_across), or rect's whole ones of
 * less than a 128-byte line (src/tuning.c rect_columns_part_lines): dimension 0 walks along the source's tile
 * columns instead (g0 the tile column, g1 the tile row), so the work-groups that run together read whole
 * source rows. Down the columns, the groups of the last tile column ran as a pass of their own, each with
 * little to move; along the rows they run among full ones. On an NVIDIA H100 (bench/results/h100/notes.txt H)
 * f32 524288x129 went from 69.1-69.3% of the copy to 90.0-90.2% (CLBlast 71.8-72.1%), 1048576x255 79.1 ->
 * 92.2, 262144x200 (the vector kernel, rows on 32-byte sectors) 83.8 -> 95.4, f64 262144x129 79.5 -> 91.5,
 * f16 1048576x129 56.4 -> 81.4, u8 2097152x129 44.1 -> 66.7, c128 167773x200 91.2 -> 95.0; with whole tile
 * columns of whole lines it gained nothing (f16 1048575x128 89.0 -> 87.3, f32 1048576x128 96.3 either way),
 * but with whole ones of part of a line it reads each line once (on an NVIDIA H200 u8 1500001x96 60.7-60.8 ->
 * 73.5-73.7, h200/knobs54.txt), and with one there is nothing to walk along. Past 256 columns it gained on
 * both GPUs for sources at least twice as tall (f32 120000x900 83.7-84.5 -> 93.8-95.7), not for near-square
 * ones, and on an NVIDIA H200 not past about 1000 columns (bench/results/h100/notes.txt AK, h200/knobs36.txt
 * B) but for rect's sources whose pass down one tile column moves 8 MiB or more, where walking down reads the
 * lines two tile columns share a long pass apart (f16 200000x1026 53.8% -> 83.1%, h200/knobs61.txt). */
#ifndef ACROSS
#define ACROSS 0
#endif
#if ACROSS && SPREAD_LOG
#error "ACROSS and SPREAD_LOG exclude each other"
#endif
#if ACROSS
#define CLT_G_ROW g1
#define CLT_G_COL g0
#define CLT_N_ROW get_num_groups(1)
#define CLT_N_COL get_num_groups(0)
#else
#define CLT_G_ROW g0
#define CLT_G_COL g1
#define CLT_N_ROW get_num_groups(0)
#define CLT_N_COL get_num_groups(1)
#endif
#if SPREAD_LOG
#define CLT_FIRST_TILE()                                                                                     \
  const idx_t g0 = get_group_id(0) >> SPREAD_LOG;                                                            \
  const idx_t g1 = ((idx_t)get_group_id(1) & ((1u << SPREAD_D) - 1)) |                                       \
                   ((idx_t)get_group_id(1) >> SPREAD_D << (SPREAD_D + SPREAD_LOG)) |                         \
                   ((idx_t)get_group_id(0) & ((1u << SPREAD_LOG) - 1)) << SPREAD_D;
/* One pass each (the grid holds every tile), skipped past the last tile column. */
#define CLT_GROUP_LOOP(v, first, end, step) for (idx_t v = (first); v < (end); v += (end))
#else
#define CLT_FIRST_TILE() const idx_t g0 = get_group_id(0), g1 = get_group_id(1);
#define CLT_GROUP_LOOP(v, first, end, step) for (idx_t v = (first); v < (end); v += (step))
#endif

/* OVERLAP (rect and vector, set by the host where a side of the matrix is not a whole number of tiles
 * but spans at least one): the last tile row and the last tile column start a tile before the matrix's
 * end instead of at a multiple of the tile, so every tile is whole and the kernel has no edge path. They
 * overlap the tiles before them. The vector kernel's store only the elements past those tiles (CLT_DONE),
 * so no element is written by two work-groups. rect's store the elements both move again, the same bits
 * by two work-groups: by the letter of the OpenCL memory model a data race, whose result is the same
 * whichever store lands last on every device it ran on (NVIDIA H200 and H100, POCL, and Oclgrind, whose
 * race check leaves out stores of the same value); leaving those stores out cost rect's u8 tiles 5 to 16
 * points of the copy on an NVIDIA H200 (bench/results/h200/knobs49.txt F, G). Edge tiles move their elements
 * one by one, which for 1-byte elements is a sixteenth of a 16-byte vector's bytes a load; with 256 x 128
 * tiles the 140 edge tiles of u8 12000^2 (3.2% of its tiles) took a third of its time (src/tuning.c,
 * tiles_overlap, has the figures and where the host sets it). Needs tile origins that keep every aligned
 * access aligned and no skew; rect's shifted rows (SRC_SHIFT) whose loads would pass the view's end load
 * the tile as an edge tile does, and store it whole. */
#ifndef OVERLAP
#define OVERLAP 0
#endif
#if OVERLAP
#define CLT_TILE_AT(t, size, n) min((t) * (idx_t)(size), (n) - (idx_t)(size))
#else
#define CLT_TILE_AT(t, size, n) ((t) * (idx_t)(size))
#endif
/* How many of tile t's first elements along a side (origin o) the tiles before it move: 0 but for an
 * overlapping last tile. */
#define CLT_DONE(t, size, o) (OVERLAP ? (uint)((t) * (idx_t)(size) - (o)) : 0u)

#ifdef TV
/* One VW-vector of elements, viewable element by element (indices are compile-time after unrolling):
 * the register blocks of the vector and block kernels. */
typedef union {
  TV v;
  T e[VW];
} clt_vec;

/* Vectors of one lane (VW 1 on a device with tiny limits) are plain scalars. */
#define clt_vload1(i, p) ((p)[i])
#define clt_vstore1(v, i, p) ((p)[i] = (v))
#endif

/* L2LAST (NVIDIA GPUs of compute capability 8.0 and later, through PTX; the host sets it): the source
 * loads of rect, vector, narrow and the copy carry an L2 evict_last policy, so that L2 lets the
 * destination's lines go before the source's. On an NVIDIA H200 the copy itself went from 4284-4289 GB/s
 * to 4333-4338, AUTO on f32 1048576x64 from 3899 to 4038 GB/s (93.4% of the copy without the policy to
 * 95.6% of the copy with it), f32 16384^2 4133 -> 4195, f64 8191x8193 3963 -> 4039, u8 16384^2 3782 ->
 * 3895; rotating over buffer pairs kept the gains, so no run found the last one's data in L2. Store
 * policies lost or stayed level, evict_first on the loads lost up to 25 points
 * (bench/results/h200/knobs28.txt). Here: aligned loads of 4, 8 or 16 bytes, and CLT_LOAD_U4(p), a
 * 16-byte word from p (global const uint4 *) with the policy where it is on, a plain load elsewhere. */
#ifndef L2LAST
#define L2LAST 0
#endif
#if L2LAST
/* Called at each load: the asm has no inputs and no side effects, so the compiler may build the policy
 * once. */
static inline ulong clt_l2_last(void) {
  ulong q;
  asm("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(q));
  return q;
}
static inline uint clt_ldl4(const global void *p) {
  uint a;
  asm("ld.global.L2::cache_hint.b32 %0, [%1], %2;" : "=r"(a) : "l"(p), "l"(clt_l2_last()));
  return a;
}
static inline uint2 clt_ldl8(const global void *p) {
  uint2 a;
  asm("ld.global.L2::cache_hint.v2.b32 {%0, %1}, [%2], %3;"
      : "=r"(a.x), "=r"(a.y)
      : "l"(p), "l"(clt_l2_last()));
  return a;
}
static inline uint4 clt_ldl16(const global void *p) {
  uint4 a;
  asm("ld.global.L2::cache_hint.v4.b32 {%0, %1, %2, %3}, [%4], %5;"
      : "=r"(a.x), "=r"(a.y), "=r"(a.z), "=r"(a.w)
      : "l"(p), "l"(clt_l2_last()));
  return a;
}
#define CLT_LOAD_U4(p) clt_ldl16(p)
#else
#define CLT_LOAD_U4(p) (*(p))
#endif
