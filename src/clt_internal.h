/* Private interfaces between the library's modules (status, validation, device info, tuning, program
 * cache, plans). Nothing here is installed; the unit tests and fuzzers reach these functions through
 * the static cltranspose_internal library. Every private symbol carries the clt__ prefix. */
#ifndef CLT_INTERNAL_H
#define CLT_INTERNAL_H

#include "cltranspose.h"

#include <stdarg.h>
#include <stddef.h>

#if defined(__GNUC__) || defined(__clang__)
#define CLT__PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define CLT__PRINTF(f, a)
#endif

/* ---- status.c: thread-local error detail ---- */

/* Records a formatted detail for clt_last_error() and returns status, so a failing path reads
 * `return clt__fail(CLT_INVALID_VALUE, "rows is 0");`. */
clt_status clt__fail(clt_status status, const char *fmt, ...) CLT__PRINTF(2, 3);
/* As clt__fail, then appends text verbatim (a build log of any length). */
clt_status clt__fail_with_text(clt_status status, const char *text, const char *fmt, ...) CLT__PRINTF(3, 4);
/* Clears this thread's detail; every public entry point calls it first. */
void clt__clear_error(void);

/* ---- validate.c: pure descriptor checks, no device needed (fuzzed directly) ---- */

/* A descriptor with every default resolved and every bound checked. Extents are the bytes from the
 * start of the buffer up to and including the last element the view touches. */
typedef struct clt__layout {
  size_t rows, cols, elem_size, batch;
  size_t src_offset, src_ld, src_stride;
  size_t dst_offset, dst_ld, dst_stride;
  size_t src_begin, src_end; /* byte range [begin, end) of the source view */
  size_t dst_begin, dst_end; /* byte range [begin, end) of the destination view */
  clt_variant variant;
} clt__layout;

/* Resolves defaults and checks desc: zero dims, element size, ld, strides, size_t overflow of every
 * byte range, the variant. On failure returns CLT_INVALID_VALUE and writes a sentence to msg. Pure:
 * touches nothing but *out and msg. */
clt_status clt__layout_from_desc(const clt_desc *desc, clt__layout *out, char *msg, size_t msg_size);
/* As clt__layout_from_desc, with the sentence recorded for clt_last_error() (plan.c): what every public
 * entry point that takes a descriptor calls first. */
clt_status clt__layout_checked(const clt_desc *desc, clt__layout *out);

/* Whether byte ranges [a0, a1) and [b0, b1) intersect. */
int clt__ranges_overlap(size_t a0, size_t a1, size_t b0, size_t b1);

/* ---- device.c: what the kernels' shapes are chosen from ---- */

typedef struct clt__device_info {
  char name[256];
  char vendor[256];
  char driver[128];
  char version[128];  /* CL_DEVICE_VERSION */
  char platform[256]; /* platform name */
  cl_device_type type;
  cl_uint vendor_id;
  cl_uint compute_units;
  size_t max_wg_size;
  size_t max_item_size[3];
  cl_ulong local_mem_size;
  int local_mem_is_global; /* CL_GLOBAL local memory (most CPU drivers): tiling buys nothing there */
  cl_ulong max_alloc;
  cl_uint base_align_bytes; /* CL_DEVICE_MEM_BASE_ADDR_ALIGN in bytes */
  size_t simd_width;        /* warp/wavefront width guess: 32 NVIDIA, 64 AMD, else 8/16/32 by type */
  cl_uint nv_cc_major;      /* NVIDIA compute capability (cl_nv_device_attribute_query), 0 if unknown */
  cl_uint native_int_width; /* CL_DEVICE_NATIVE_VECTOR_WIDTH_INT (16 for AVX-512 under POCL), 0 if unknown */
} clt__device_info;

/* Queries everything above; on a failed query returns its cl_int with a detail. */
clt_status clt__device_query(cl_device_id device, clt__device_info *info);

/* ---- tuning.c: from device and shape to kernel parameters ---- */

typedef struct clt__config {
  clt_variant variant;    /* never AUTO */
  const char *source;     /* kernel source name: "naive", "tiled", "vector", "block", "rect", "narrow", */
                          /* "copy" */
  const char *kernel;     /* kernel function name inside it */
  unsigned tile;          /* tile side in elements (tiled, vector); rect: tile rows; narrow: long extent */
  unsigned wg_x, wg_y;    /* work-group shape */
  unsigned vw;            /* elements per vector access (vector, block, copy) */
  unsigned chunk;         /* copy: consecutive 16-byte words per work-item (0 = interleaved) */
  unsigned unroll;        /* copy: 16-byte words in flight per work-item (interleaved form) */
  unsigned groups_per_cu; /* copy: work-groups launched per compute unit (interleaved form) */
  unsigned pad;           /* local-memory padding in elements (tiled, rect) */
  int src_aligned;        /* every vector load of the source is vw-element aligned */
  int dst_aligned;        /* likewise for the stores */
  int shift_ok;           /* buffer bases are vw-aligned: misaligned rows may use shifted aligned vectors */
                          /* (vector: where a side is misaligned; rect: the source is, SRC_SHIFT; */
                          /* block, strip: the source is, SRO) */
  unsigned dst_align;     /* vector, rect, narrow: bytes skewed stores align to (0 = a 32-byte sector) */
  int idx32;              /* rect, block, vector: every index fits 32 bits (32-bit kernel arithmetic) */
  unsigned pre;           /* vector: prefix vector rows of a skewed tile; rect, narrow: the skew in */
                          /* elements (0 = no skew: dst aligned) */
  int skg;                /* rect: the skew's rows read from global memory, not held (cl/rect.cl's SKG) */
  unsigned sk_max;        /* rect: the largest skew of any destination row, where below pre - 1 it */
                          /* saves the last tile row (0 = pre - 1; cl/rect.cl's SKMAX) */
  int units;              /* rect: 16-byte units asked for (clt_tuning.units) */
  int pack;               /* rect: ... and in effect (the layout allows them; cl/rect.cl's PACK) */
  unsigned l2pf;          /* rect: bytes of the L2 prefetch-size hint on source loads (0 = none; */
                          /* cl/rect.cl's L2PF, NVIDIA PTX) */
  int l2last;             /* rect, vector, narrow, copy: source loads carry an L2 evict_last policy */
                          /* (cl/common.cl's L2LAST, NVIDIA PTX) */
  unsigned edge_rows;     /* rect: source rows an edge tile's work-item loads at once, its vectors */
                          /* whole where inside the matrix (0 = the kernel's default; cl/rect.cl) */
  int edge_shift;         /* rect: edge tiles load shifted source rows as whole tiles do (EDGE_SHIFT: */
                          /* 1, or 2 with the vectors past the view's end fixed in a pass of their own) */
  int edge_clamp;         /* rect: edge tiles whose reads stay inside the view load shifted source rows */
                          /* as whole tiles do, rows clamped onto the matrix (cl/rect.cl's EDGE_CLAMP) */
  int loads_first;        /* rect: a work-item's tile loads all before its local stores, where the */
                          /* kernel's default (1-byte elements only) does not (cl/rect.cl's LOADS_FIRST) */
  int shift_split;        /* rect: shifted source rows stored to the tile in aligned pieces, their */
                          /* loads first (cl/rect.cl's SHIFT_SPLIT) */
  int shift_funnel;       /* rect: whole tiles read each shifted source row's vector as two aligned */
                          /* words and shift it out of them in registers (cl/rect.cl's SHIFT_FUNNEL) */
  int word_rows;          /* rect: source rows not shifted stored to tile rows of whole vectors, a */
                          /* vector at a time (cl/rect.cl's WORD_ROWS) */
  unsigned dvw;           /* rect: elements per destination store where fewer than vw (0 = vw; DVW) */
  unsigned spread_log;    /* rect, vector: consecutive groups alternate between 2^spread_log tile */
  unsigned spread_dlog;   /* columns 2^spread_dlog apart (0 = down one column; cl/common.cl) */
  int across;             /* rect, vector: dimension 0 walks along the tile rows (tall sources) */
  int overlap;            /* rect, vector: the last tile row and column end at the matrix's end, */
                          /* overlapping the tiles before them (cl/common.cl's OVERLAP) */
  int flat;               /* block, CPU tiles: every row in one tile row and dense destination rows, */
                          /* so a tile's destination runs are written as one run (cl/block.cl's FLAT); */
                          /* narrow: the short side whole and dense on one side, moved there as one */
                          /* run of 16-byte vectors a tile (cl/narrow.cl's FLAT) */
  int walk;               /* block, CPU tiles: some work-item walks on to a next tile, read into a second */
                          /* buffer while the current one is written (cl/block.cl's WALK) */
  int strip;              /* block, CPU tiles: destination rows off the 64-byte lines, each line cut from */
                          /* two blocks in registers and written whole (cl/block.cl's STRIP) */
  unsigned sko, skd;      /* block, strip: the destination's offset and row pitch modulo vw (SKO, SKD) */
  unsigned sro, srd;      /* block, strip with shift_ok: the source's likewise (SRO, SRD) */
  unsigned ncols;         /* block, CPU tiles: a dense source's columns where fewer than vw (8 or 16), */
                          /* each block read as one run of vectors (cl/block.cl's NCOLS); else 0 */
  unsigned nrows;         /* block, CPU tiles with flat: the rows where fewer than vw (8 or 16), each vw */
                          /* destination rows written as one run of vectors (cl/block.cl's NROWS); else 0 */
  int wide;               /* narrow: the source's rows are the short side (else its columns) */
  unsigned short_ext;     /* narrow: the tile's short extent (tile is its long one) */
  unsigned nvl, nvs;      /* narrow: elements per vector load and store in effect (vw: the long side's */
                          /* largest) */
} clt__config;

/* Picks the variant (resolving AUTO) and its parameters for the device and layout so that the
 * work-group fits max_wg_size, max_item_size and local memory. Returns CLT_UNSUPPORTED if nothing
 * fits. Pure: device queries come in through info, so tests can fake any device. */
clt_status clt__choose_config(const clt__device_info *info, const clt__layout *layout, clt_variant requested,
                              clt__config *out);

/* A configuration from explicit knobs (zero fields take clt__choose_config's value), shrunk to fit. */
clt_status clt__config_from_tuning(const clt__device_info *info, const clt__layout *layout,
                                   const clt_tuning *t, clt__config *out);
/* Sets where cfg's tiles lie and the order its work-groups take them for the layout: overlap, across
 * and spread_log / spread_dlog (cl/common.cl says why); call it after the last change to the work-group
 * or tile, before clt__config_options and clt__config_ndrange. */
void clt__config_set_order(const clt__device_info *info, clt__config *cfg, const clt__layout *layout);
/* The knobs of a configuration. */
void clt__config_to_tuning(const clt__config *cfg, clt_tuning *t);
/* The tuning class of a layout. */
clt_shape_class clt__shape_class(const clt__layout *layout);
/* For AUTO: 1 if a tall or wide matrix should take the narrow kernel rather than c, the GPU tile
 * configuration chosen for it (its short side is at most 64 elements, and either at most 32 elements of
 * at most 256 bytes or not a whole number of c's tiles, unless c is rect skewing a tall source's
 * destination with whole tiles across it or with 16-byte elements on more than 20 columns; or, on a
 * GPU, a wide source of 65 to 127 rows of 2- to 8-byte elements on 16-byte vectors); else 0 and c
 * stands. */
int clt__narrow_auto(const clt__device_info *info, const clt__layout *layout, const clt__config *c);
/* AUTO's configuration: the device's tuned knobs for the layout's class (clt__tuning_lookup), else
 * clt__choose_config's heuristics; rect's defaults in the entry's tile rows instead of a built-in odd or
 * wide entry where only one side's rows are misaligned; then on GPUs rect instead of the vector kernel
 * where the layout's rows do not start on its vectors, element loads in 32 x 32 tiles for wide f32
 * sources off rect's vectors (not over a tuning file's knobs), rect's tiles cut to fit a tall or wide
 * short side, and the narrow kernel where clt__narrow_auto says so. */
clt_status clt__auto_config(const clt__device_info *info, const clt__layout *layout, clt__config *out);
/* Sets cfg->l2pf, rect's L2 prefetch-size hint on source loads, and cfg->l2last, the L2 evict_last
 * policy on the source loads of rect, vector, narrow and the copy, for the device and layout; the hints
 * change no knob, so AUTO, explicit variants and explicit knobs alike take them (src/tuning.c says
 * where). clt__auto_config calls it; call it after the last change to any other field. */
void clt__config_set_l2_hint(const clt__device_info *info, const clt__layout *layout, clt__config *cfg);
/* The configuration of an explicit variant (layout->variant, not AUTO) or of explicit knobs (t, else
 * NULL): clt__config_from_tuning's or clt__choose_config's, rect's tiles (of the heuristic, not of t)
 * cut to fit a tall or wide short side as AUTO cuts them, and the L2 hint. */
clt_status clt__explicit_config(const clt__device_info *info, const clt__layout *layout, const clt_tuning *t,
                                clt__config *out);

/* ---- tuning_db.c: tuned knobs per device, from the tuning file or the built-in table ---- */

/* Where clt__tuning_lookup found an entry. */
enum { CLT__TUNED_FILE = 1, CLT__TUNED_TABLE = 2 };
/* The knobs recorded for (device, elem_size, class): the device's tuning file first, then the table
 * of winners measured for known devices, whose entries for a range of short sides that holds
 * short_side (the smaller extent; 0 for none) come before the class's own. Returns CLT__TUNED_FILE or
 * CLT__TUNED_TABLE where found, 0 if not (use the heuristics). */
int clt__tuning_lookup(const clt__device_info *info, size_t elem_size, clt_shape_class cls, size_t short_side,
                       clt_tuning *out);
/* Measured choices for a device that are not kernel knobs: the built-in table's for known devices (the
 * figures are there), else the defaults. */
typedef struct clt__traits {
  /* rect's L2 prefetch bytes on 4-byte source rows read element by element into skewed runs (odd shapes) or
   * into tiles that overlap at the matrix's end (rect4_overlap) (default 256) */
  unsigned l2pf_elems4;
  /* the most rows of a wide 4-byte source off 16-byte vectors that AUTO gives narrow (default 80) */
  unsigned narrow_shifted4_max;
  /* AUTO gives narrow wide 8-byte sources off 16-byte vectors of 66 to 127 rows that rect skews past its
   * first tile row (default 0) */
  int narrow_skewed8;
  /* AUTO gives rect's wide 4-byte sources of 65 to 127 rows off 8-byte words, whose destination it does
   * not skew, 64 x 64 tiles of element loads in groups of 64 x 4 (default 0) */
  int wide_shifted4_elems;
  /* AUTO gives wide 2-byte sources of 96 rows off 16-byte vectors rect's 32 x 32 tiles of 4-element
   * vectors in groups of 8 x 4, not narrow (default 0) */
  int wide_shifted2_rect32;
  /* the largest group of the narrow kernel's heuristic for short sides below 64 elements whose lines are
   * off 16-byte vectors on either side (default 256) */
  unsigned narrow_group_max;
  /* the same for tall 4-byte sources on short sides up to 26 (default 256) */
  unsigned narrow_group_tall;
  /* the largest short side of tall 8-byte sources into destination rows off 16-byte vectors whose
   * narrow tiles take runs of 512 bytes, not 256 (default 0: none) */
  unsigned narrow_run8_max;
  /* AUTO gives rect, not narrow, wide 16-byte sources of 34 to 63 rows whose destination rows start on
   * 32-byte sectors (default 0) */
  int wide16_rect_sectors;
  /* the most columns of a tall source past 256, at least twice as tall as wide, whose rect and vector
   * work-groups walk along the tile rows (default 1024) */
  unsigned across_cols_max;
  /* rect's walk along the tile rows past those columns where a pass down one tile column, rows x the tile
   * column's bytes, moves at least this many bytes (default 0: never) */
  size_t across_rect_pass;
  /* AUTO gives aligned 2-byte matrices whose destination rows are on 8 bytes but off 16 rect's units
   * stored in 8-byte pieces where those stand, not the vector entry, and rect's defaults where those units
   * would take 8192 rows or more of a call of 48 million elements or more (default 0) */
  int aligned2_units8;
  /* the most tile columns of a u8 source whose rect tiles over shifted rows, skewed, load their edge tiles
   * as whole ones (cl/rect.cl's EDGE_SHIFT 2; default 0: none) */
  unsigned u8_edge_shift_cols;
  /* AUTO loads the edge tiles whose reads stay inside the view of u8 rect tiles over shifted rows, skewed,
   * as whole ones with their rows clamped onto the matrix (cl/rect.cl's EDGE_CLAMP; default 0) */
  int u8_edge_clamp;
  /* AUTO gives the vector kernel's defaults to wide and odd-shaped 2-byte sources of a multiple of 64 rows,
   * and tall ones of 64 columns, whose rows start off 4-byte words (wide and odd-shaped ones of fewer than
   * 12288 rows also on the words but off 8 bytes), into destination rows on 128 bytes (default 0) */
  int wide_shifted2_vector;
  /* AUTO gives narrow wide sources of 1- to 8-byte elements whose rows the tile kernels' tiles fill whole
   * (and 1- and 2-byte ones of 128 rows), into destination rows off 16-byte vectors (2-byte elements: off
   * 4-byte words) (default 0) */
  int wide_dst_off16_narrow;
  /* rect's skewed runs of 1- and 2-byte elements align to 16 bytes, not to 32-byte sectors, where that
   * saves the tile row that the larger skew would add (default 0) */
  int half_skew;
  /* AUTO gives wide 1- and 2-byte sources of 129 to 511 (1-byte) or 319 rows into dense destination rows
   * off 4-byte words the narrow kernel over the whole short side (default 0) */
  int shallow_whole_narrow;
  /* rect keeps its defaults' 128 tile rows for tall 1- and 2-byte sources into skewed destination rows where
   * it cuts the tiles to the short side, on the layouts src/tuning.c's tall_skewed_rows128 names (default 0:
   * 64 rows) */
  int tall_skewed_rows128;
  /* AUTO gives tall u8 sources of 65 to 255 columns and wide f16 ones of 65 to 319 rows whose short side is
   * not a whole number of 32, their rows on 4-element vectors, rect's word tiles of 32 columns
   * (src/tuning.c's part_tiles_to_word_tiles; default 0) */
  int part_word_tiles;
  /* the narrow kernel reads wide u8 and f32 sources whose rows start on 8 bytes but off 16 as 16-byte
   * vectors shifted into place, not as 8-byte ones, on the layouts src/tuning.c's narrow_shift_half names
   * (default 0) */
  int wide_shift_half;
  /* the narrow kernel's tiles of wide u8 sources of 65 to 127 rows are 128 bytes long in groups of 128,
   * not 64 in groups of 256 (src/tuning.c's narrow_u8_tile128; default 0) */
  int wide_u8_tile128;
  /* AUTO gives tall u8 sources of 65 to 255 columns whose rows start off 4-byte words rect's tiles of 32
   * columns (src/tuning.c's shifted_u8_to_tiles32; default 0) */
  int shifted_u8_tiles32;
  /* AUTO gives tall f32 sources of 65 to 127 columns that it would give rect the narrow kernel, in tiles of
   * 64 or 32 source rows in groups of 128, on the layouts src/tuning.c's tall4_to_narrow names (default 0) */
  int tall4_narrow;
  /* AUTO gives tall f64 sources of 65 to 127 columns, not a whole number of 32, that it would give the vector
   * kernel's 32 x 32 tiles the narrow kernel, in tiles of 32 source rows in groups of 128 (src/tuning.c's
   * tall8_to_narrow; default 0) */
  int tall8_narrow;
  /* AUTO gives tall f16 sources of an odd 65 to 127 columns in dense rows, which it would give rect, the
   * narrow kernel's tiles of 64 or 128 source rows moved whole, on the layouts src/tuning.c's tall2_to_narrow
   * names (default 0) */
  int tall2_narrow;
  /* the narrow kernel's groups of tall sources moved FLAT into destination rows on 16-byte vectors grow past
   * 64 on the layouts src/tuning.c's narrow_gather_group names (default 0) */
  int narrow_gather_groups;
  /* AUTO gives wide f32 sources of 13 to 32 rows whose rows start off 16 bytes the narrow kernel's tiles 32
   * columns long, read an element at a time or as 8-byte vectors, on the layouts and in the groups
   * src/tuning.c's wide4_to_tiles32 names (default 0) */
  int wide4_tiles32;
  /* AUTO gives dense tall f32 sources of 25 to 31 columns but 28, of at most 64 MiB, whose destination rows
   * the narrow kernel skews, tiles of 32 source rows (src/tuning.c's tall4_small_to_tiles32; default 0) */
  int tall4_small_tiles32;
  /* AUTO gives wide c128 sources of 25, 27 or 31 rows, of at most 128 MiB, one matrix a call, that it gives
   * the narrow kernel tiles 8 columns long in groups of 64 (src/tuning.c's wide16_to_tiles8; default 0) */
  int wide16_tiles8;
  /* AUTO gives wide f32 sources of 28 rows off 16 bytes, of at least 40 MiB, one matrix a call into dense
   * destination rows, the narrow kernel's tiles 64 columns long read an element at a time in groups of 64
   * (src/tuning.c's wide4_rows28_tiles64; default 0) */
  int wide4_rows28_tiles64;
  /* AUTO gives dense tall f32 sources of 40 to 127 columns, of at most 32 MiB, one matrix a call, into
   * destination rows off 16 bytes, that it gives the narrow kernel rect's tiles of 32 x 32 in groups of 16 x
   * 8 (src/tuning.c's tall4_small_to_rect32; default 0) */
  int tall4_small_rect32;
  /* AUTO gives wide 8-byte sources of up to 256 rows whose columns are not a whole number of 32, but batches
   * of small matrices, that it gives the vector kernel, rect's 32 x 32 tiles of single elements in groups of
   * 32 x 8 (src/tuning.c's wide8_to_rect32; default 0) */
  int wide8_rect32;
  /* AUTO gives tall and wide 8-byte sources of up to 256 columns or rows that it would give the vector
   * kernel and the rules before leave what explicit rect gives them (src/tuning.c's skinny8_to_rect;
   * default 0) */
  int skinny8_rect;
  /* The narrow kernel's tiles over a wide source's whole short side (u8 of 129 to 241 rows but 2 mod 4, f16
   * of 129 to 150 but multiples of 4, one matrix a call) are 128 elements long, not 64 (src/tuning.c's
   * narrow_whole_tile128; default 0) */
  int whole_tile128;
  /* AUTO gives dense tall f32 sources of an odd 129 to 255 columns of at least 10 MiB into destination rows
   * on 32 bytes, that it gives rect's 64 x 64 tiles of 2-element vectors, rect's 64 x 32 tiles of single
   * elements in groups of 32 x 8 (src/tuning.c's tall4_odd_to_rect64x32; default 0) */
  int tall4_odd_rect64x32;
  /* rect's f32 tiles overlap at the matrix's end (cl/common.cl's OVERLAP) where the source is read an element
   * at a time or without the edge tiles' whole vectors, on the layouts src/tuning.c's rect4_tiles_overlap
   * names (default 0) */
  int rect4_overlap;
  /* AUTO gives f32 sources of at most 64 MiB a call whose destination rows start on 16 bytes but off the
   * 32-byte sectors, that it gives rect's tiles of 2-element vectors skewed to the sectors, the same tiles
   * unskewed, on the layouts src/tuning.c's rect4_on16_unskewed names (default 0) */
  int rect4_unskewed16;
  /* AUTO gives dense tall f32 sources of an odd 41 to 63 columns of 8 to 32 MiB, one matrix a call, whose
   * rect tiles stay skewed, the narrow kernel's tiles of 16 source rows in groups of 128 (src/tuning.c's
   * tall4_odd_skewed_to_narrow16; default 0) */
  int tall4_odd_narrow16;
  /* AUTO gives dense tall f32 sources of at least 11 columns and 8 to 64 MiB, one matrix a call, into
   * destination rows on 16 bytes but off 32, that it gives the narrow kernel's tiles of at least 64 source
   * rows skewed to the sectors, the same tiles unskewed (src/tuning.c's narrow4_on16_unskewed; default 0) */
  int narrow4_unskewed16;
  /* AUTO gives dense tall f32 sources of 33 to 39 columns and 8 to 45 MiB, one matrix a call, into
   * destination rows off 16 bytes, that it gives the narrow kernel's tiles of 64 source rows skewed to the
   * sectors, tiles of 32 rows (src/tuning.c's tall4_small_to_tiles32; default 0) */
  int tall4_off16_tiles32;
  /* AUTO gives matrices of 1 to 10 MiB of 1-, 2-, 4- and 8-byte elements, one a call, that it gives the
   * narrow kernel in fewer than this many work-groups per compute unit, tiles of half the length (down to 16
   * elements, 64 for u8, 32 for f32, and four times a skew for tiles of up to 12 columns) until the grid
   * holds that many (src/tuning.c's small_grid_fill; default 0, off) */
  unsigned narrow_fill_groups;
  /* the same for f16 and f32 in rect's tiles, their rows and columns halved together, down to 16 rows
   * (src/tuning.c's small_grid_fill; default 0, off) */
  unsigned rect_fill_groups;
} clt__traits;
clt__traits clt__device_traits(const clt__device_info *info);
/* The path of the device's tuning file under the cache directory into buf; 0 if there is none
 * (CLT_CACHE_DIR off, no HOME) or buf is too small. */
int clt__tuning_file_path(const clt__device_info *info, char *buf, size_t size);
/* Forgets the tuning files read so far (they are read again on next use). */
void clt__tuning_cache_clear(void);

/* Shrinks the work-group of cfg to fit a kernel-specific limit (CL_KERNEL_WORK_GROUP_SIZE) that can be
 * below the device's. Returns 0 if cfg already fits, 1 if it was changed (rebuild), -1 if impossible. */
int clt__config_fit_kernel_limit(clt__config *cfg, size_t kernel_max_wg);

/* Writes the -D build options for cfg and the element size into buf. Returns 0, or -1 if buf is too
 * small. */
int clt__config_options(const clt__config *cfg, size_t elem_size, char *buf, size_t buf_size);

/* Global and local NDRange sizes for cfg over layout; the kernels stride over what the grid leaves. */
void clt__config_ndrange(const clt__config *cfg, const clt__layout *layout, const clt__device_info *info,
                         size_t global[3], size_t local[3]);

/* ---- program.c: compiled programs shared by every plan, per context+device+source+options ---- */

/* Returns in *program a retained program built from the embedded source name with options, building it
 * once however many threads ask at once. The caller releases *program. A failed build returns
 * CLT_BUILD_FAILED with the log in clt_last_error() and is not cached. */
clt_status clt__program_get(cl_context context, cl_device_id device, const char *source, const char *options,
                            cl_program *program);
/* Releases every cached program. */
void clt__program_cache_clear(void);

/* The embedded kernel source by name (generated from cl/ at build time); NULL if unknown. */
const char *clt__kernel_source(const char *name, size_t *length);

/* ---- plan.c / host.c ---- */

void clt__plan_cache_clear(void);
void clt__host_cache_clear(void);

/* ==== disk-cache section (program.c statistics, disk_cache.c) ====
 * Compiled programs also persist on disk, so a new process loads a driver binary instead of compiling.
 * Directory: env CLT_CACHE_DIR ("off" disables the disk cache; empty counts as unset), else an absolute
 * $XDG_CACHE_HOME/cltranspose, else $HOME/.cache/cltranspose. Every failure falls back to a source
 * build and leaves clt_last_error() alone; clt__disk_cache_reason() says what happened. */
#include <stdint.h>

/* Source builds and disk-binary loads that program.c has done since the process started, counted
 * once per program that entered the in-memory cache. Either pointer may be NULL. */
void clt__program_stats(unsigned *source_builds, unsigned *binary_loads);

/* One file <dir>/<source>-<32 hex digits of key>.clbin = this header, then the binary. All integers are
 * little-endian: bytes 0-7 magic "CLTPBIN\n", 8-11 format version, 12-15 header size, 16-31 the two
 * 64-bit key hashes, 32-39 binary length, 40-47 clt__disk_cache_checksum of the binary. */
#define CLT__DISK_CACHE_HEADER_SIZE 48u

typedef struct clt__disk_entry {
  uint64_t key[2]; /* two independent hashes of source, options, platform, device and driver */
  char *dir;       /* NULL when the disk cache is off for this program */
  char *path;
} clt__disk_entry;

/* Finds the directory and the key of one program; on any problem e->path stays NULL (disk cache off
 * for it) and the reason is noted. texts/lengths are exactly what clCreateProgramWithSource gets. */
void clt__disk_cache_begin(clt__disk_entry *e, cl_device_id device, const char *source_name, cl_uint count,
                           const char *const *texts, const size_t *lengths, const char *options);
/* A program built from e's file if it exists, passes every header check and the driver accepts it;
 * else NULL. Never sets clt_last_error(). */
cl_program clt__disk_cache_load(const clt__disk_entry *e, cl_context context, cl_device_id device,
                                const char *options);
/* Writes device's binary of the built program to e's file (temporary file + rename); errors are only
 * noted. */
void clt__disk_cache_store(const clt__disk_entry *e, cl_program program, cl_device_id device);
void clt__disk_cache_end(clt__disk_entry *e);
/* This thread's last disk-cache outcome ("loaded ...", "ignored ...: bad checksum; stored ..."). */
const char *clt__disk_cache_reason(void);
/* The 64-bit checksum of a file's binary (exposed so tests can forge files the driver must reject). */
uint64_t clt__disk_cache_checksum(const void *data, size_t size);
/* The cache directory (CLT_CACHE_DIR, else $XDG_CACHE_HOME/cltranspose, else ~/.cache/cltranspose),
 * malloc'ed, or NULL when off or unknown; and mkdir -p with mode 0700 (0 on success). */
char *clt__cache_dir(void);
int clt__make_dirs(const char *dir);
/* ==== end of disk-cache section ==== */

#endif /* CLT_INTERNAL_H */
