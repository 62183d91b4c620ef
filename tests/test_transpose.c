/* The exactness matrix: every variant x element size x shape (degenerate, prime, one off the tile sides,
 * large), then offsets, padded leading dimensions and batches, then the COPY variant. Every case runs on
 * fresh random data with guard bands around dst and checks every byte (clt_test_run). */
#define _POSIX_C_SOURCE 200809L /* setenv, unsetenv */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clt_test_util.h"

static clt_test_env env;

typedef struct dims {
  size_t rows, cols;
} dims;

/* Degenerate, prime, one off the common tile sides 16/32/64, square, and a few thousand on a side. */
static const dims shapes[] = {
    {1, 1},     {1, 257},   {257, 1},  {2, 3},    {13, 17},  {31, 37},  {15, 17}, {17, 15},
    {16, 16},   {31, 33},   {33, 31},  {32, 32},  {63, 65},  {65, 63},  {64, 64}, {127, 129},
    {129, 127}, {128, 128}, {5, 1000}, {1000, 7}, {1, 5000}, {5000, 1},
};
static const dims big_shapes[] = {{2049, 1023}, {1023, 2049}};

typedef struct param {
  clt_variant variant;
  size_t es;
} param;

static const clt_variant variants[] = {CLT_VARIANT_NAIVE, CLT_VARIANT_TILED, CLT_VARIANT_VECTOR,
                                       CLT_VARIANT_BLOCK, CLT_VARIANT_RECT,  CLT_VARIANT_NARROW,
                                       CLT_VARIANT_AUTO};
#define NVARIANTS (sizeof variants / sizeof variants[0])
static const size_t elem_sizes[] = {1, 2, 4, 8, 16};

/* One exact transpose of d; with knobs t (through a plan), whose build options must contain expect. */
static void run_tuned(const clt_desc *d, clt_test_via via, const clt_tuning *t, const char *expect) {
  clt_test_case tc;
  char msg[2048];
  memset(&tc, 0, sizeof tc);
  tc.env = &env;
  tc.desc = *d;
  tc.via = via;
  tc.tuning = t;
  tc.expect_option = expect;
  if (clt_test_run(&tc, msg, sizeof msg) != 0)
    fail_msg("%s", msg);
}

static void run_case(const clt_desc *d, clt_test_via via) {
  run_tuned(d, via, NULL, NULL);
}

static void shapes_exact_with_guards(void **state) {
  const param *p = *state;
  for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
    clt_desc d = clt_test_desc(shapes[i].rows, shapes[i].cols, p->es, p->variant);
    run_case(&d, CLT_TEST_VIA_PLAN);
  }
  for (size_t i = 0; i < sizeof big_shapes / sizeof big_shapes[0]; i++) {
    clt_desc d = clt_test_desc(big_shapes[i].rows, big_shapes[i].cols, p->es, p->variant);
    run_case(&d, CLT_TEST_VIA_PLAN);
  }
}

/* d's batch, offsets and leading dimensions (0: dense); a stride pad leaves that many elements between
 * the matrices of a batch. */
static void set_views(clt_desc *d, size_t batch, size_t so, size_t sld, size_t sstr_pad, size_t doff,
                      size_t dld, size_t dstr_pad) {
  d->batch = batch;
  d->src_offset = so;
  d->src_ld = sld;
  d->dst_offset = doff;
  d->dst_ld = dld;
  if (sstr_pad)
    d->src_stride = d->rows * (sld ? sld : d->cols) + sstr_pad;
  if (dstr_pad)
    d->dst_stride = d->cols * (dld ? dld : d->rows) + dstr_pad;
}

/* Offsets, padded leading dimensions (gaps in dst that must survive) and batches of 3 with padded
 * strides, each alone and combined, some vector-aligned and some deliberately not. */
static void layouts_exact_with_guards(void **state) {
  const param *p = *state;
  typedef struct lay {
    size_t rows, cols, batch, so, sld, sstr_pad, doff, dld, dstr_pad;
  } lay;
  static const lay lays[] = {
      {37, 29, 0, 3, 0, 0, 5, 0, 0},           /* offsets only, odd */
      {64, 64, 0, 4, 0, 0, 8, 0, 0},           /* offsets a multiple of 4 */
      {37, 29, 0, 0, 29 + 3, 0, 0, 37 + 7, 0}, /* padded ld on both sides */
      {64, 32, 0, 0, 36, 0, 0, 68, 0},         /* padded ld, multiples of 4 */
      {1, 100, 0, 1, 128, 0, 2, 3, 0},         /* a row with dst gaps of 2 */
      {100, 1, 0, 0, 5, 0, 0, 101, 0},         /* a column with a padded source */
      {33, 31, 3, 0, 0, 11, 0, 0, 13},         /* batch 3, padded strides */
      {16, 16, 3, 0, 20, 0, 0, 24, 0},         /* batch 3, padded ld, default strides */
      {31, 65, 3, 1, 65 + 5, 7, 2, 31 + 1, 9}, /* everything at once */
      {64, 64, 3, 4, 68, 4, 8, 72, 8},         /* everything, all multiples of 4 */
      {3, 5, 5, 2, 6, 1, 3, 4, 2},             /* tiny matrices, batch 5 */
      {257, 129, 2, 7, 131, 3, 9, 259, 5},     /* larger than any tile, batch 2 */
      {300, 260, 2, 1, 263, 5, 2, 303, 3},     /* full tiles whose rows all start misaligned */
      {256, 256, 0, 2, 258, 0, 6, 262, 0},     /* aligned shape, ld 2 past a multiple of 4 */
      {67, 45, 0, 0, 48, 0, 0, 72, 0},         /* aligned ld, rows 3 past a multiple of 4: edge vectors */
  };
  for (size_t i = 0; i < sizeof lays / sizeof lays[0]; i++) {
    const lay *y = &lays[i];
    clt_desc d = clt_test_desc(y->rows, y->cols, p->es, p->variant);
    set_views(&d, y->batch, y->so, y->sld, y->sstr_pad, y->doff, y->dld, y->dstr_pad);
    run_case(&d, CLT_TEST_VIA_PLAN);
  }
}

/* COPY moves rows*cols elements of each matrix unchanged: dst bytes equal src bytes. */
static void copy_dense_views_equal_src_bytes(void **state) {
  static const dims copy_shapes[] = {{1, 1}, {1, 3}, {13, 17}, {31, 33}, {64, 64}, {1, 1000}, {255, 257}};
  (void)state;
  for (size_t e = 0; e < 5; e++) {
    for (size_t i = 0; i < sizeof copy_shapes / sizeof copy_shapes[0]; i++) {
      clt_desc d = clt_test_desc(copy_shapes[i].rows, copy_shapes[i].cols, elem_sizes[e], CLT_VARIANT_COPY);
      run_case(&d, CLT_TEST_VIA_PLAN);
      d.batch = 3;
      run_case(&d, CLT_TEST_VIA_PLAN);
      /* Offsets keep a view dense but break the 16-byte alignment of the vector path. */
      d.src_offset = 1;
      d.dst_offset = 3;
      run_case(&d, CLT_TEST_VIA_PLAN);
    }
    {
      clt_desc d = clt_test_desc(2049, 1023, elem_sizes[e], CLT_VARIANT_COPY);
      run_case(&d, CLT_TEST_VIA_PLAN);
    }
  }
}

/* Shapes whose work-group count passes the caps drivers impose (65535 groups in y and z, about 2^20 in
 * x): the kernels must loop over what the grid leaves, not drop it. */
static void grids_beyond_driver_caps_exact(void **state) {
  (void)state;
  for (size_t v = 0; v < NVARIANTS; v++) {
    clt_desc d = clt_test_desc(2100000, 1, 1, variants[v]); /* 2.1M rows: above 65535 groups of 32 rows */
    run_case(&d, CLT_TEST_VIA_PLAN);
    d = clt_test_desc(1, 34000000, 1, variants[v]); /* 34M columns: above 2^20 groups of 32 columns */
    run_case(&d, CLT_TEST_VIA_PLAN);
    d = clt_test_desc(2, 3, 4, variants[v]); /* 70000 matrices: above 65535 groups in z */
    d.batch = 70000;
    run_case(&d, CLT_TEST_VIA_PLAN);
  }
}

/* Source row pitches that are multiples of 128 KiB: rect and vector then spread the work-groups that run
 * together over tile columns 64 KiB apart (cl/common.cl). Small tiles bring the case down to 8 MiB:
 * 4 x 4 tiles of 4- and 8-byte elements put 64 KiB 4096 or 2048 tile columns apart, and the rows give
 * at least 16 tile rows. Partial last tile rows and columns, a batch, and a 256 KiB pitch (four
 * columns) are in the set; the plan's build options must show the spread, so the case cannot pass
 * without it. */
static void spread_pitch_exact(void **state) {
  static const struct {
    size_t rows, cols, es, src_ld, batch;
    const char *opt;
  } cases[] = {
      {64, 32768, 4, 0, 1, "-DSPREAD_LOG=1 -DSPREAD_D=12"},         /* a 128 KiB row */
      {67, 32763, 4, 32768, 1, "-DSPREAD_LOG=1 -DSPREAD_D=12"},     /* partial tiles, pitch 128 KiB */
      {66, 16384, 8, 0, 2, "-DSPREAD_LOG=1 -DSPREAD_D=11"},         /* a batch of two */
      {64, 65536 - 3, 4, 65536, 1, "-DSPREAD_LOG=2 -DSPREAD_D=12"}, /* a 256 KiB pitch: four columns */
  };
  static const clt_variant vs[] = {CLT_VARIANT_RECT, CLT_VARIANT_VECTOR};
  (void)state;
  for (size_t v = 0; v < 2; v++)
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      clt_tuning t;
      memset(&t, 0, sizeof t);
      t.variant = vs[v];
      t.tile = 4;
      t.vector_width = vs[v] == CLT_VARIANT_VECTOR ? 2 : 1;
      t.wg_x = 4; /* rect: 4 tile columns; vector derives it from the tile */
      t.wg_y = 2;
      t.pad = 1;
      t.dst_align = 1;
      clt_desc d = clt_test_desc(cases[i].rows, cases[i].cols, cases[i].es, vs[v]);
      d.src_ld = cases[i].src_ld;
      d.batch = cases[i].batch;
      run_tuned(&d, CLT_TEST_VIA_PLAN, &t, cases[i].opt);
    }
}

/* The vector kernel in AUTO's 64 x 64 tiles of 2-element vectors for f32 sources whose rows start on
 * 8-byte words but off 16-byte vectors (src/tuning.c shifted_odd4_to_vector_pairs): partial last tiles
 * both ways, destination rows on and off the vectors, and a batch. Exact, with the knobs in the build
 * options. */
static void vector_pairs_exact(void **state) {
  static const struct { size_t rows, cols, batch; } cases[] = {{600, 510, 1}, {131, 318, 2}, {601, 254, 1}};
  const clt_tuning t = {.variant = CLT_VARIANT_VECTOR, .tile = 64, .vector_width = 2, .wg_y = 8};
  (void)state;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    clt_desc d = clt_test_desc(cases[i].rows, cases[i].cols, 4, CLT_VARIANT_VECTOR);
    d.batch = cases[i].batch;
    run_tuned(&d, CLT_TEST_VIA_PLAN, &t, "-DVW=2 -DTILE=64 -DWG_Y=8");
  }
}

/* The vector kernel's defaults for f16 sources whose rows start off its 8-byte vectors (src/tuning.c
 * shifted_wide2_to_vector), whole loads shifted into place: rows two elements off (on 4-byte words) and
 * one or three off, through an odd leading dimension or an offset; partial last tiles both ways, a
 * single tile row, and a batch. Exact, with the shifted loads in the build options. */
static void vector_shifted_f16_exact(void **state) {
  static const struct {
    size_t rows, cols, src_ld, src_offset, batch;
  } cases[] = {{128, 302, 0, 0, 1}, {192, 130, 134, 0, 2}, {64, 1000, 0, 2, 1},
               {100, 258, 0, 0, 1}, {320, 201, 0, 0, 1},   {64, 515, 519, 3, 2}};
  const clt_tuning t = {.variant = CLT_VARIANT_VECTOR, .tile = 64, .vector_width = 4, .wg_y = 16};
  (void)state;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    clt_desc d = clt_test_desc(cases[i].rows, cases[i].cols, 2, CLT_VARIANT_VECTOR);
    d.src_ld = cases[i].src_ld;
    d.src_offset = cases[i].src_offset;
    d.batch = cases[i].batch;
    run_tuned(&d, CLT_TEST_VIA_PLAN, &t, "-DVW=4 -DTILE=64 -DWG_Y=16 -DSWZ_MASK=15 -DSRC_MODE=2");
  }
}

/* The classic tiled kernel across its knobs: tiles of 4 to 32 elements, every power-of-two group height
 * up to the tile (one tile row per work-item included: POCL 3.1 and 5.0 wrote wrong elements there, and
 * past the destination, until the kernel's barriers left its full/partial branches), pads of 1 to 3, on
 * shapes that mix full and partial tiles, and a batch. At most 256 work-items a group, which every
 * OpenCL GPU runs, so the knobs are not shrunk; the build options must show them. */
static void tiled_knobs_exact(void **state) {
  static const struct {
    size_t rows, cols, es, batch;
  } cases[] = {{17, 17, 4, 1}, {100, 37, 4, 2}, {67, 45, 1, 1}, {45, 67, 16, 1}};
  (void)state;
  for (unsigned tile = 4; tile <= 32; tile *= 2)
    for (unsigned wg_y = 1; wg_y <= tile && tile * wg_y <= 256; wg_y *= 2) {
      clt_tuning t;
      memset(&t, 0, sizeof t);
      t.variant = CLT_VARIANT_TILED;
      t.tile = tile;
      t.wg_y = wg_y;
      t.pad = 1 + wg_y % 3;
      char opt[64];
      snprintf(opt, sizeof opt, "-DTILE=%u -DWG_Y=%u -DPAD=%u", tile, wg_y, t.pad);
      for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        clt_desc d = clt_test_desc(cases[i].rows, cases[i].cols, cases[i].es, CLT_VARIANT_TILED);
        d.batch = cases[i].batch;
        run_tuned(&d, CLT_TEST_VIA_PLAN, &t, opt);
      }
    }
}

/* Skips the test on a device that is not a CPU (the block kernel's CPU tiles run only there). */
static void skip_unless_cpu(void) {
  cl_device_type type = 0;
  assert_int_equal(clGetDeviceInfo(env.device, CL_DEVICE_TYPE, sizeof type, &type, NULL), CL_SUCCESS);
  if (!(type & CL_DEVICE_TYPE_CPU))
    skip();
}

/* Whether the test device's platform is POCL, whose compiler the block kernel's CPU tiles take
 * non-temporal stores from (src/tuning.c's nontemporal_stores). */
static int device_is_pocl(void) {
  char platform[256] = "";
  cl_platform_id pid;
  assert_int_equal(clGetDeviceInfo(env.device, CL_DEVICE_PLATFORM, sizeof pid, &pid, NULL), CL_SUCCESS);
  assert_int_equal(clGetPlatformInfo(pid, CL_PLATFORM_NAME, sizeof platform, platform, NULL), CL_SUCCESS);
  return strstr(platform, "Portable Computing Language") != NULL;
}

/* The block kernel's CPU tiles (CPU devices only; a GPU runs its own form) in rows of 32- and 64-byte
 * vectors, whichever the device's SIMD width makes the default: 4-, 8- and 16-byte elements; 1- and
 * 2-byte ones in rows of 8 and 16 elements (cl/block.cl's shuffle transposes of 16 lanes and 8); whole and
 * partial tiles, skewed destination rows, a source of fewer rows than a tile with dense destination
 * rows off the vectors (FLAT), and a batch of enough tiles that each work-item walks a run of them
 * across its matrices' edges (8 per core past 8 tiles each). Exact, with the vector in the build
 * options. */
static void cpu_tile_vectors_exact(void **state) {
  static const struct {
    size_t rows, cols, batch;
  } cases[] = {{300, 257, 1}, {257, 600, 3}, {61, 1000, 2}, {200, 300, 40}}; /* the last: 320 to 800 tiles */
  (void)state;
  skip_unless_cpu();
  cl_uint units = 1;
  assert_int_equal(clGetDeviceInfo(env.device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof units, &units, NULL),
                   CL_SUCCESS);
  const int pocl = device_is_pocl();
  static const size_t sizes[] = {1, 2, 4, 8, 16};
  for (size_t e = 0; e < sizeof sizes / sizeof sizes[0]; e++)
    for (unsigned k = 0; k < 2; k++) { /* rows of 32 and 64 bytes; 8 and 16 elements of 1 and 2 bytes */
      clt_tuning t;
      memset(&t, 0, sizeof t);
      t.variant = CLT_VARIANT_BLOCK;
      t.vector_width = sizes[e] >= 4 ? (unsigned)((32u << k) / sizes[e]) : 8u << k;
      t.tile = 64;
      t.tile_cols = (unsigned)(1024 / sizes[e]);
      char opt[64];
      snprintf(opt, sizeof opt, "-DVW=%u ", t.vector_width);
      for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        clt_desc d = clt_test_desc(cases[i].rows, cases[i].cols, sizes[e], CLT_VARIANT_BLOCK);
        d.batch = cases[i].batch;
        /* the batch's work-items walk (two buffers, WALK) where it has 8 tiles per walk (src/tuning.c),
         * unless its 4- to 16-byte elements in rows of a 64-byte line take the strips under POCL, which
         * keep no second buffer, where its destination rows are off the lines */
        const size_t tiles =
            (cases[i].rows + 63) / 64 * ((cases[i].cols + t.tile_cols - 1) / t.tile_cols) * cases[i].batch;
        const int strip = pocl && k == 1 && sizes[e] >= 4 && cases[i].rows % t.vector_width;
        run_tuned(&d, CLT_TEST_VIA_PLAN, &t,
                  tiles < 64 * (size_t)units ? opt
                  : strip                    ? "-DSTRIP=1"
                                             : "-DWALK=1");
      }
    }
}

/* The block kernel's CPU tiles one block high (tile rows = the vector width), 1 KiB wide, which cl/block.cl
 * moves straight to the destination where its rows start on the vectors (no skew): whole blocks, the right
 * edge over source rows off the vectors, the bottom edge into padded destination rows, a batch; and where
 * they do not (skewed), through the private buffer. Every element size, exact, with the tile, the
 * non-temporal stores (tile rows of whole 64-byte lines under POCL) and the skew in the build options. */
static void cpu_direct_tiles_exact(void **state) {
  static const struct {
    size_t rows, cols, batch, dld;
  } cases[] = {{256, 512, 1, 0}, {320, 257, 1, 0}, {300, 300, 1, 304}, {64, 1000, 3, 0}, {300, 257, 1, 0}};
  (void)state;
  skip_unless_cpu();
  const int pocl = device_is_pocl();
  static const size_t sizes[] = {1, 2, 4, 8, 16};
  for (size_t e = 0; e < sizeof sizes / sizeof sizes[0]; e++) {
    clt_tuning t;
    memset(&t, 0, sizeof t);
    t.variant = CLT_VARIANT_BLOCK;
    t.vector_width = (unsigned)(sizes[e] >= 4 ? 64 / sizes[e] : 16);
    t.tile = t.vector_width;
    t.tile_cols = (unsigned)(1024 / sizes[e]);
    const int nts = pocl && t.tile * sizes[e] % 64 == 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      const size_t ld = cases[i].dld ? cases[i].dld : cases[i].rows;
      char opt[128];
      snprintf(opt, sizeof opt, "-DTILE_R=%u -DTILE_C=%u -DNTS=%d -DSKEW=%s", t.tile, t.tile_cols, nts,
               ld % t.vector_width == 0 ? "0" : "");
      clt_desc d = clt_test_desc(cases[i].rows, cases[i].cols, sizes[e], CLT_VARIANT_BLOCK);
      set_views(&d, cases[i].batch, 0, 0, 0, 0, cases[i].dld, 0);
      run_tuned(&d, CLT_TEST_VIA_PLAN, &t, opt);
    }
  }
}

/* The block kernel's CPU tiles in rows of a 64-byte line (4- to 16-byte elements) into destination rows off
 * the lines, which under POCL write each line whole from two blocks in registers (cl/block.cl's STRIP),
 * reading source rows off the lines as aligned lines shifted (SRO): tile rows of four blocks, so most
 * tiles read the block row above theirs; bottom blocks cut short and a last block row that ends the
 * matrix whole; the right edge; padded destination rows (their gaps checked unchanged); offsets on both
 * sides; a batch whose destination matrices start alike but source ones do not (unshifted reads). And
 * where the strips do not go: a batch whose destination matrices start unlike, and fewer than four block
 * rows (the skewed private-buffer tiles). Exact, with SKO, SKD, SRO and SRD in the build options. */
static void cpu_strip_tiles_exact(void **state) {
  static const struct {
    size_t rows, cols, batch, so, sld, sstr_pad, doff, dld, dstr_pad;
  } cases[] = {
      {300, 257, 1, 0, 0, 0, 0, 0, 0},   /* both sides off the lines, bottom and right edges */
      {256, 300, 1, 0, 0, 0, 0, 259, 0}, /* the last block row whole; padded destination rows */
      {333, 512, 1, 0, 0, 0, 0, 0, 0},   /* source rows on the lines */
      {200, 150, 1, 3, 0, 0, 5, 203, 0}, /* offsets */
      {64, 100, 1, 0, 0, 0, 0, 67, 0},   /* four block rows (of 4-byte elements) */
      {100, 77, 3, 0, 0, 0, 0, 0, 12},   /* a batch: destination matrices on 16 elements, sources off */
      {100, 77, 3, 0, 0, 0, 0, 0, 0},    /* a batch whose destination matrices start unlike: the buffer */
      {50, 1000, 1, 0, 0, 0, 0, 53, 0},  /* fewer than four block rows of 4-byte elements: the buffer */
  };
  (void)state;
  skip_unless_cpu();
  const int pocl = device_is_pocl();
  static const size_t sizes[] = {4, 8, 16};
  for (size_t e = 0; e < sizeof sizes / sizeof sizes[0]; e++) {
    const size_t es = sizes[e], vw = 64 / es;
    clt_tuning t;
    memset(&t, 0, sizeof t);
    t.variant = CLT_VARIANT_BLOCK;
    t.vector_width = (unsigned)vw;
    t.tile = (unsigned)(4 * vw);
    t.tile_cols = (unsigned)(1024 / es);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      clt_desc d = clt_test_desc(cases[i].rows, cases[i].cols, es, CLT_VARIANT_BLOCK);
      set_views(&d, cases[i].batch, cases[i].so, cases[i].sld, cases[i].sstr_pad, cases[i].doff, cases[i].dld,
                cases[i].dstr_pad);
      const size_t sld = cases[i].sld ? cases[i].sld : cases[i].cols;
      const size_t dld = cases[i].dld ? cases[i].dld : cases[i].rows;
      const size_t sstr = cases[i].rows * sld + cases[i].sstr_pad,
                   dstr = cases[i].cols * dld + cases[i].dstr_pad;
      const int skewed = cases[i].doff % vw || dld % vw || (cases[i].batch > 1 && dstr % vw);
      const int strip = pocl && skewed && cases[i].rows >= 4 * vw && (cases[i].batch == 1 || dstr % vw == 0);
      const int shift = (cases[i].so % vw || sld % vw) && (cases[i].batch == 1 || sstr % vw == 0);
      char opt[160];
      if (!strip) /* the skew, a line's elements, under POCL where the destination rows are off the lines */
        snprintf(opt, sizeof opt, "-DTILE_R=%u -DTILE_C=%u -DNTS=%d -DSKEW=%zu", t.tile, t.tile_cols, pocl,
                 pocl && skewed ? vw : 0);
      else if (shift)
        snprintf(opt, sizeof opt, "-DSKEW=0 -DSTRIP=1 -DSKO=%zu -DSKD=%zu -DSRO=%zu -DSRD=%zu",
                 cases[i].doff % vw, dld % vw, cases[i].so % vw, sld % vw);
      else
        snprintf(opt, sizeof opt, "-DSKEW=0 -DSTRIP=1 -DSKO=%zu -DSKD=%zu", cases[i].doff % vw, dld % vw);
      run_tuned(&d, CLT_TEST_VIA_PLAN, &t, opt);
    }
  }
}

/* AUTO's CPU tiles on wide sources of fewer rows than a block row's elements (narrower rows, with and
 * without FLAT; src/tuning.c): f32 and f64, batches of 2, exact, on the block kernel's CPU tiles. */
static void cpu_tiles_of_few_rows_exact(void **state) {
  static const struct {
    size_t rows, cols, es;
  } cases[] = {{8, 3001, 4}, {12, 2001, 4}, {10, 2003, 4}, {6, 3001, 4}, {4, 5001, 4},
               {3, 4001, 4}, {4, 3001, 8},  {6, 2001, 8},  {5, 2001, 8}};
  (void)state;
  skip_unless_cpu();
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    clt_desc d = clt_test_desc(cases[i].rows, cases[i].cols, cases[i].es, CLT_VARIANT_AUTO);
    d.batch = 2;
    run_tuned(&d, CLT_TEST_VIA_PLAN, NULL, "-DTILE_R=");
  }
}

/* The elements of a block row of AUTO's CPU tiles for es-byte elements on the test device (src/tuning.c: a
 * 64-byte line where the SIMD registers hold 16 ints, else 32 bytes, 16 elements at most); skips the test
 * on a device that is not a CPU. */
static size_t cpu_block_row_or_skip(size_t es) {
  skip_unless_cpu();
  cl_uint ints = 0;
  assert_int_equal(clGetDeviceInfo(env.device, CL_DEVICE_NATIVE_VECTOR_WIDTH_INT, sizeof ints, &ints, NULL),
                   CL_SUCCESS);
  return ints >= 16 && es >= 4 ? 64 / es : 32 / es > 16 ? 16 : 32 / es;
}

/* AUTO's CPU tiles on dense sources of fewer columns than a block row's elements (cl/block.cl's NCOLS:
 * each group of rows read as one run of vectors, its destination rows gathered by constant shuffles):
 * 1 to 15 columns of 1- to 8-byte elements, row counts off the groups (the last group's rows element by
 * element), destination rows off the lines (the skew's groups above the tile), a batch; exact, and
 * NCOLS in the build options wherever the device's block rows are 8 or 16 elements wide. */
static void cpu_tiles_of_few_columns_exact(void **state) {
  static const struct {
    size_t rows, cols, es, batch;
  } cases[] = {{1000, 7, 1, 1},  {1000, 1, 1, 1}, {777, 15, 1, 1}, {515, 3, 1, 3},  {2048, 5, 1, 1},
               {1000, 11, 2, 1}, {515, 2, 2, 3},  {999, 15, 2, 1}, {1000, 7, 4, 1}, {515, 3, 4, 3},
               {1024, 5, 4, 1},  {1000, 7, 8, 1}, {515, 3, 8, 2}};
  (void)state;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const size_t es = cases[i].es, vw = cpu_block_row_or_skip(es);
    char expect[32];
    if (cases[i].cols < vw && (vw == 8 || vw == 16))
      snprintf(expect, sizeof expect, "-DNCOLS=%zu", cases[i].cols);
    else
      snprintf(expect, sizeof expect, "-DTILE_R=");
    clt_desc d = clt_test_desc(cases[i].rows, cases[i].cols, es, CLT_VARIANT_AUTO);
    d.batch = cases[i].batch;
    run_tuned(&d, CLT_TEST_VIA_PLAN, NULL, expect);
  }
}

/* AUTO's CPU tiles on wide sources of fewer rows than a block row's elements into dense destination rows
 * (cl/block.cl's NROWS with FLAT: VW destination rows a step as one run of vectors, gathered by constant
 * shuffles, from the first row that starts on a vector): 1 to 15 rows of 1- to 8-byte elements, several
 * tile columns and a last one cut short, batches whose matrices start on and off the vectors, destination
 * offsets (the rows before the first step, and after the last, element by element); exact, and NROWS in
 * the build options wherever the block rows are 8 or 16 elements and some row of each tile's first VW
 * starts on a vector (an even row count at an odd offset: none, the narrower rows). */
static void cpu_tiles_of_few_rows_as_runs_exact(void **state) {
  static const struct {
    size_t rows, cols, es, batch, dst_offset;
  } cases[] = {{13, 5001, 1, 1, 0}, {1, 3001, 1, 1, 0},  {8, 4099, 1, 1, 0},  {15, 2000, 1, 3, 0},
               {13, 1001, 1, 3, 0}, {5, 3001, 2, 1, 7},  {11, 1040, 2, 2, 0}, {3, 2049, 4, 1, 0},
               {12, 1001, 4, 2, 0}, {12, 1001, 4, 1, 1}, {7, 512, 4, 3, 5},   {6, 1001, 4, 2, 2},
               {5, 1003, 8, 1, 0},  {2, 640, 8, 2, 0}};
  (void)state;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const size_t es = cases[i].es, vw = cpu_block_row_or_skip(es);
    const size_t rows = cases[i].rows, stride = rows * cases[i].cols;
    size_t g = 1; /* the largest power of two dividing the rows and vw (src/tuning.c, few_rows_as_runs) */
    while (g < vw && rows % (2 * g) == 0)
      g *= 2;
    char expect[32];
    if (rows < vw && (vw == 8 || vw == 16) && cases[i].dst_offset % g == 0 &&
        (cases[i].batch == 1 || stride % g == 0))
      snprintf(expect, sizeof expect, "-DNROWS=%zu", rows);
    else
      snprintf(expect, sizeof expect, "-DTILE_R=");
    clt_desc d = clt_test_desc(rows, cases[i].cols, es, CLT_VARIANT_AUTO);
    d.batch = cases[i].batch;
    d.dst_offset = cases[i].dst_offset;
    run_tuned(&d, CLT_TEST_VIA_PLAN, NULL, expect);
  }
}

/* AUTO's CPU tiles of 1-byte elements whose runs are skewed (destination rows off 64-byte lines), on more
 * than 256 rows of at least 1024 columns: 192-row tiles (src/tuning.c), so a tile's rows end off the
 * 128-row steps of every other element size. Row counts that leave a last tile row of 1 to 191 rows, a tile
 * column of one column, a batch of 160 tiles (walked, with two buffers, on up to 2 compute units), an
 * offset and a padded destination; exact, with the 192 rows in the build options. */
static void cpu_tiles_of_skewed_bytes_exact(void **state) {
  static const struct {
    size_t rows, cols, batch, dst_offset, dst_ld;
  } cases[] = {{1000, 2049, 1, 0, 0}, {577, 1100, 3, 0, 0}, {4099, 4097, 1, 0, 0},
               {577, 1100, 40, 0, 0}, {700, 1536, 1, 5, 0}, {1024, 1024, 2, 0, 1030}};
  (void)state;
  skip_unless_cpu();
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    clt_desc d = clt_test_desc(cases[i].rows, cases[i].cols, 1, CLT_VARIANT_AUTO);
    d.batch = cases[i].batch;
    d.dst_offset = cases[i].dst_offset;
    d.dst_ld = cases[i].dst_ld;
    run_tuned(&d, CLT_TEST_VIA_PLAN, NULL, "-DTILE_R=192 ");
  }
}

/* The block kernel's one-buffer form (WALK 0) on a grid whose work-items walk runs of tiles, forced
 * through CLT_BUILD_OPTIONS (the host builds walks with two buffers): each work-item reads its next tile
 * after the current one's stores, the path the kernel keeps for a grid the host did not size (a group
 * shrunk to the kernel's limit). A batch of at least 8 tiles per walk, 4-, 8- and 16-byte elements. */
static void cpu_tiles_walked_in_one_buffer_exact(void **state) {
  (void)state;
  skip_unless_cpu();
  cl_uint units = 1;
  assert_int_equal(clGetDeviceInfo(env.device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof units, &units, NULL),
                   CL_SUCCESS);
  /* 200 x 300 in tiles of 64 rows x 1 KiB: 8 (4-byte), 12 (8-byte) or 20 (16-byte) tiles a matrix */
  const size_t batch = (64 * (size_t)units + 7) / 8 + 1;
  if (batch > 400)
    skip();
  static const size_t sizes[] = {4, 8, 16};
  for (size_t e = 0; e < 3; e++) {
    clt_tuning t;
    memset(&t, 0, sizeof t);
    t.variant = CLT_VARIANT_BLOCK;
    t.vector_width = (unsigned)(32 / sizes[e]);
    t.tile = 64;
    t.tile_cols = (unsigned)(1024 / sizes[e]);
    clt_desc d = clt_test_desc(200, 300, sizes[e], CLT_VARIANT_BLOCK);
    d.batch = batch;
    run_tuned(&d, CLT_TEST_VIA_PLAN, &t, "-DWALK=1 -DWALK=0");
  }
}

/* rect with explicit knobs (the library's padding), exact, and with build options that contain opt. */
typedef struct rect_case {
  size_t rows, cols, es, batch;
  unsigned tile, vw, wg_x, wg_y, units, dst_align; /* dst_align 0: a 32-byte sector */
  const char *opt;
} rect_case;

/* The explicit rect knobs of a case. */
static clt_tuning rect_case_tuning(const rect_case *c) {
  clt_tuning t;
  memset(&t, 0, sizeof t);
  t.variant = CLT_VARIANT_RECT;
  t.tile = c->tile;
  t.vector_width = c->vw;
  t.wg_x = c->wg_x;
  t.wg_y = c->wg_y;
  t.units = c->units;
  t.dst_align = c->dst_align;
  return t;
}

static void run_rect_cases(const rect_case *cases, size_t n) {
  for (size_t i = 0; i < n; i++) {
    const clt_tuning t = rect_case_tuning(&cases[i]);
    clt_desc d = clt_test_desc(cases[i].rows, cases[i].cols, cases[i].es, CLT_VARIANT_RECT);
    d.batch = cases[i].batch;
    run_tuned(&d, CLT_TEST_VIA_PLAN, &t, cases[i].opt);
  }
}

/* rect with 16-byte units (clt_tuning.units): register-transposed blocks of 4- to 16-byte vectors for
 * every element size, partial tiles on both edges, a batch; units stored in 8- or 4-byte pieces into
 * destination rows on that many bytes; and the padded fallback where the destination rows are not
 * sector-aligned. Fails if the build options do not say which ran. */
static void rect_units_exact(void **state) {
  static const rect_case cases[] = {
      {544, 400, 1, 1, 128, 16, 8, 4, 1, 0, "-DPACK=1"}, /* 16 x 16 byte blocks */
      {544, 400, 1, 2, 128, 4, 16, 4, 1, 0, "-DPACK=1"}, /* 4 x 4 byte blocks, 16 rows a unit */
      {544, 400, 2, 1, 64, 8, 8, 4, 1, 0, "-DPACK=1"},
      {544, 400, 2, 2, 64, 2, 16, 4, 1, 0, "-DPACK=1"},
      {544, 400, 4, 2, 32, 4, 8, 4, 1, 0, "-DPACK=1"},
      {544, 400, 4, 1, 32, 1, 16, 4, 1, 0, "-DPACK=1"},
      {544, 400, 8, 1, 16, 2, 8, 4, 1, 0, "-DPACK=1"},
      {544, 400, 16, 2, 8, 1, 8, 4, 1, 0, "-DPACK=1"},
      /* destination rows on 8 or 4 bytes only: each unit stored as 8- or 4-byte pieces (dst_align) */
      {536, 400, 1, 1, 128, 16, 8, 4, 1, 8, "-DPACK=1 -DPST=8"},
      {536, 400, 1, 2, 128, 8, 16, 4, 1, 8, "-DPST=8"},
      {540, 400, 1, 1, 128, 4, 32, 4, 1, 4, "-DPACK=1 -DPST=4"},
      {540, 400, 2, 2, 64, 8, 8, 4, 1, 8, "-DPST=8"},
      {542, 400, 2, 1, 64, 4, 16, 4, 1, 4, "-DPACK=1 -DPST=4"},
      {538, 400, 4, 1, 32, 4, 8, 4, 1, 8, "-DPST=8"},
      {537, 400, 4, 2, 32, 2, 16, 4, 1, 4, "-DPACK=1 -DPST=4"},
      {537, 400, 8, 1, 16, 2, 8, 4, 1, 8, "-DPST=8"},
      {545, 400, 4, 1, 32, 4, 8, 4, 1, 0, "-DPACK=0"},   /* destination rows 545 elements apart */
      {544, 399, 1, 1, 128, 16, 8, 4, 1, 0, "-DPACK=0"}, /* source rows 399 bytes apart */
  };
  (void)state;
  run_rect_cases(cases, sizeof cases / sizeof cases[0]);
}

/* rect with tile columns as few as 8 to 32 (the H200 table's c128 tall entry has 16) and tall work-groups:
 * partial tiles down and across, misaligned rows (skewed runs), a batch; 32 x 32 tiles of tall f32 and wide
 * f64, 64 x 32 ones of tall f32 and of 8-byte elements. */
static void rect_small_tile_columns_exact(void **state) {
  static const rect_case cases[] = {
      {4100, 16, 4, 1, 128, 1, 16, 16, 0, 0, "-DTC=16 "},
      {4100, 32, 4, 2, 64, 2, 16, 8, 0, 0, "-DTC=32 "},
      {3001, 24, 4, 1, 64, 2, 16, 8, 0, 0, "-DTC=32 "},
      {5000, 3, 4, 1, 256, 1, 8, 32, 0, 0, "-DTC=8 "},
      {4097, 13, 4, 1, 128, 1, 16, 16, 0, 0, "-DTC=16 "},
      {4100, 16, 8, 1, 64, 1, 16, 16, 0, 0, "-DTC=16 "},
      {2051, 9, 8, 2, 64, 1, 16, 16, 0, 0, "-DTC=16 "},
      {3001, 33, 16, 1, 64, 1, 16, 16, 0, 0, "-DTC=16 "},
      /* the H200's tall f32 of 40 to 127 columns up to 32 MiB (src/tuning.c's tall4_small_to_rect32): 32 x 32
       * tiles of 2-element vectors in groups of 16 x 8, the last tile column partial */
      {3001, 105, 4, 1, 32, 2, 16, 8, 0, 0, "-DTR=32 -DTC=32 -DWG_Y=8 "},
      {2002, 40, 4, 1, 32, 2, 16, 8, 0, 0, "-DTR=32 -DTC=32 -DWG_Y=8 "},
      /* and into destination rows on 16 bytes but off 32 (4 mod 8 rows): runs skewed to the sectors */
      {2004, 94, 4, 1, 32, 2, 16, 8, 0, 0, "-DTR=32 -DTC=32 -DWG_Y=8 -DPAD=1 -DSK=8 "},
      {3004, 83, 4, 1, 32, 2, 16, 8, 0, 0, "-DTR=32 -DTC=32 -DWG_Y=8 -DPAD=1 -DSK=8 "},
      /* the H200's wide 8-byte sources of up to 256 rows, columns not a whole number of 32
       * (src/tuning.c's wide8_to_rect32): 32 x 32 tiles of single elements in groups of 32 x 8, partial tiles
       * down and across, a batch */
      {130, 3002, 8, 1, 32, 1, 32, 8, 0, 0, "-DTR=32 -DTC=32 -DWG_Y=8 "},
      {64, 2002, 8, 2, 32, 1, 32, 8, 0, 0, "-DTR=32 -DTC=32 -DWG_Y=8 "},
      /* the H200's tall and wide 8-byte sources of up to 256 columns or rows that the vector kernel had
       * (src/tuning.c's skinny8_to_rect): explicit rect's 64 x 32 and 64 x 16 tiles of single elements,
       * destination runs skewed, partial tiles down and across, a batch */
      {3002, 232, 8, 1, 64, 1, 32, 8, 0, 0, "-DTR=64 -DTC=32 -DWG_Y=8 -DPAD=1 -DSK=16 "},
      {2002, 208, 8, 1, 64, 1, 16, 8, 0, 0, "-DTR=64 -DTC=16 -DWG_Y=8 -DPAD=1 -DSK=16 "},
      {162, 2016, 8, 2, 64, 1, 32, 8, 0, 0, "-DTR=64 -DTC=32 -DWG_Y=8 -DPAD=1 -DSK=16 "},
      /* the H200's tall f32 of an odd 129 to 255 columns into destination rows on 32 bytes
       * (src/tuning.c's tall4_odd_to_rect64x32): 64 x 32 tiles of single elements in groups of 32 x 8,
       * partial tiles down and across */
      {3000, 157, 4, 1, 64, 1, 32, 8, 0, 0, "-DVW=1 -DTR=64 -DTC=32 -DWG_Y=8 -DPAD=1 -DSK=0 "},
      {2056, 243, 4, 1, 64, 1, 32, 8, 0, 0, "-DVW=1 -DTR=64 -DTC=32 -DWG_Y=8 -DPAD=1 -DSK=0 "},
  };
  (void)state;
  run_rect_cases(cases, sizeof cases / sizeof cases[0]);
}

/* The H200's shorter rect tiles for f16 and f32 matrices of a few MB (src/tuning.c's small_grid_fill), exact,
 * in the groups the H200's AUTO takes: f32 32 x 32 tiles of single elements in groups of 32 x 8 and 32 x 4
 * (a wide source of 120 rows), 32 x 16 and 16 x 16 in groups of 16 x 8; f16 32 x 32 and 64 x 32 tiles of
 * single elements, 64 x 64 of 2-element vectors; partial tiles on both edges. */
static void rect_fill_tiles_exact(void **state) {
  static const rect_case cases[] = {
      {733, 321, 4, 1, 32, 1, 32, 8, 0, 0, "-DVW=1 -DTR=32 -DTC=32 -DWG_Y=8 "},
      {120, 3001, 4, 1, 32, 1, 32, 4, 0, 0, "-DVW=1 -DTR=32 -DTC=32 -DWG_Y=4 "},
      {109, 1831, 4, 1, 32, 1, 16, 8, 0, 0, "-DVW=1 -DTR=32 -DTC=16 -DWG_Y=8 "},
      {128, 1033, 4, 1, 16, 1, 16, 8, 0, 0, "-DVW=1 -DTR=16 -DTC=16 -DWG_Y=8 "},
      {1077, 386, 2, 1, 32, 1, 32, 8, 0, 0, "-DVW=1 -DTR=32 -DTC=32 -DWG_Y=8 "},
      {1839, 193, 2, 1, 64, 1, 32, 8, 0, 0, "-DVW=1 -DTR=64 -DTC=32 -DWG_Y=8 "},
      {853, 1030, 2, 1, 64, 2, 32, 8, 0, 0, "-DVW=2 -DTR=64 -DTC=64 -DWG_Y=8 "},
  };
  (void)state;
  run_rect_cases(cases, sizeof cases / sizeof cases[0]);
}

/* rect's u8 tiles where the H200's units do not cover the matrix (src/tuning.c's units_to_whole_tiles):
 * 64 x 64 tiles of 4-byte vectors in groups of 16 x 8, partial tiles on both edges of tall (walked along
 * the tile rows), wide and square sources, destination rows on and off the sectors (skewed), a batch. */
static void rect_u8_small_tiles_exact(void **state) {
  static const rect_case cases[] = {
      {2100, 200, 1, 1, 64, 4, 16, 8, 0, 0, "-DACROSS=1"},
      {200, 2100, 1, 1, 64, 4, 16, 8, 0, 0, "-DTC=64 "},
      {1000, 1000, 1, 1, 64, 4, 16, 8, 0, 0, "-DSK=32 "},
      {1056, 1000, 1, 2, 64, 4, 16, 8, 0, 0, "-DSK=0 "},
  };
  (void)state;
  run_rect_cases(cases, sizeof cases / sizeof cases[0]);
}

/* The last tile row and column moved back to end at the matrix's end, overlapping the tiles before them
 * (cl/common.cl's OVERLAP): rect's plain tiles of u8, batched; its 16-byte units, also stored in 8-byte
 * pieces; f16 over source rows off its vectors (element-aligned loads); u8 and f16 source rows shifted in
 * the tile (SRC_SHIFT; the H200's f16 odd entry unskewed in 128 x 128 and 64 x 64 tiles, partial ones
 * beside them); the vector kernel's u8 tiles, also with element-wise stores; dense and in padded rows;
 * vectors across the last tile row's start. Every element the overlap moves twice must come out once and
 * exact, and nothing past the view change. */
static void tiles_overlap_exact(void **state) {
  static const rect_case cases[] = {
      {60, 44, 1, 1, 16, 4, 4, 4, 0, 1, "-DOVERLAP=1"},
      {60, 44, 1, 3, 16, 4, 4, 4, 0, 1, "-DOVERLAP=1"},
      {1104, 144, 1, 1, 128, 16, 2, 4, 1, 1, "-DPACK=1 -DOVERLAP=1"},
      {1096, 144, 1, 2, 128, 16, 2, 4, 1, 8, "-DPACK=1 -DPST=8 -DOVERLAP=1"},
      {60, 45, 2, 2, 16, 2, 8, 4, 0, 1, "-DOVERLAP=1"}, /* rows of 45: SRC_VEC=0 */
      {61, 44, 2, 2, 16, 2, 8, 4, 0, 1, "-DOVERLAP=1"}, /* a vector across the last tile row's start */
      /* odd shapes' rows of 1001, 285 and 522 bytes shifted in the tile, the last loads past the view */
      {1100, 1001, 1, 2, 16, 4, 4, 4, 0, 1, "-DSRC_SHIFT=1 -DPACK=0 -DOVERLAP=1"},
      {290, 285, 1, 1, 32, 4, 8, 4, 0, 1, "-DSRC_SHIFT=1 -DPACK=0 -DOVERLAP=1"},
      {300, 261, 2, 1, 16, 4, 4, 4, 0, 1, "-DSRC_SHIFT=1 -DPACK=0 -DOVERLAP=1"},
      /* the H200's u8 odd entry on few rows into destination rows on 4-byte words, unskewed (src/tuning.c's
       * odd_unskewed): 64 x 64 tiles overlapping, single and batched; 128 x 128 at the edge and
       * overlapping */
      {360, 301, 1, 1, 64, 4, 16, 4, 0, 1,
       "-DSK=0 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1 -DPACK=0 -DOVERLAP=1"},
      {360, 2913, 1, 2, 64, 4, 16, 4, 0, 1, /* past 2^20 elements: not the batched class */
       "-DSK=0 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1 -DPACK=0 -DOVERLAP=1"},
      {264, 301, 1, 1, 128, 4, 32, 8, 0, 1,
       "-DTR=128 -DTC=128 -DWG_Y=8 -DPAD=1 -DSK=0 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1"},
      {912, 1001, 1, 1, 128, 4, 32, 8, 0, 1, "-DSRC_SHIFT=1 -DPACK=0 -DOVERLAP=1"}, /* rows on 16 bytes */
      /* the H200's f16 odd entry unskewed (src/tuning.c's odd_unskewed): 264 rows, 1000 overlapping */
      {264, 301, 2, 1, 128, 4, 32, 8, 0, 1, "-DTR=128 -DTC=128 -DWG_Y=8 -DPAD=1 -DSK=0 -DSKG=0 -DSRC_VEC=0"},
      {1000, 1001, 2, 1, 128, 4, 32, 8, 0, 1, "-DSRC_SHIFT=1 -DPACK=0 -DOVERLAP=1"},
      {264, 301, 2, 3, 128, 4, 32, 8, 0, 1, "-DSK=0 -DSKG=0 -DSRC_VEC=0"},
      /* ... in 64 x 64 tiles into destination rows on the sectors (src/tuning.c's one_sided_to_defaults) */
      {272, 301, 2, 1, 64, 4, 16, 8, 0, 1, "-DTR=64 -DTC=64 -DWG_Y=8 -DPAD=1 -DSK=0 -DSKG=0 -DSRC_VEC=0"},
      {400, 1001, 2, 1, 64, 4, 16, 8, 0, 1, "-DSRC_SHIFT=1 -DPACK=0 -DOVERLAP=1"},
      {400, 2913, 2, 2, 64, 4, 16, 8, 0, 1, "-DTR=64 -DTC=64 -DWG_Y=8 -DPAD=1 -DSK=0 -DSKG=0 -DSRC_VEC=0"},
      {144, 3001, 2, 1, 64, 4, 16, 8, 0, 1,
       "-DTR=64 -DTC=64 -DWG_Y=8 -DPAD=1 -DSK=0 -DSKG=0 -DSRC_VEC=0"}, /* wide */
  };
  (void)state;
  run_rect_cases(cases, sizeof cases / sizeof cases[0]);
  clt_tuning t = {
      .variant = CLT_VARIANT_RECT, .tile = 16, .vector_width = 4, .wg_x = 4, .wg_y = 4, .dst_align = 1};
  clt_desc d = clt_test_desc(60, 44, 1, CLT_VARIANT_RECT);
  d.src_ld = 44 + 4;
  d.dst_ld = 60 + 12;
  run_tuned(&d, CLT_TEST_VIA_PLAN, &t, "-DOVERLAP=1");
}

/* The vector kernel's overlapping last tiles (cl/common.cl's OVERLAP), which store only what the tiles
 * before them do not: dense, a batch, padded rows on both sides, and element-wise stores (DST_MODE 0,
 * where a device's base alignment is below a vector; forced here) into destination rows of 62 bytes, which
 * put a vector across the last tile row's start. Under Oclgrind with --uniform-writes
 * (tests/oclgrind) an element stored by two work-groups, even with the same bits, fails it. */
static void vector_overlap_exact(void **state) {
  static const struct {
    size_t rows, cols, batch, src_pad, dst_pad;
  } cases[] = {
      {60, 44, 1, 0, 0},
      {60, 44, 3, 0, 0},
      {60, 44, 1, 8, 4},
  };
  (void)state;
  clt_tuning t = {.variant = CLT_VARIANT_VECTOR, .tile = 16, .vector_width = 4, .wg_y = 4, .dst_align = 1};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    clt_desc d = clt_test_desc(cases[i].rows, cases[i].cols, 1, CLT_VARIANT_VECTOR);
    d.batch = cases[i].batch;
    d.src_ld = cases[i].cols + cases[i].src_pad;
    d.dst_ld = cases[i].rows + cases[i].dst_pad;
    run_tuned(&d, CLT_TEST_VIA_PLAN, &t, "-DOVERLAP=1");
  }
  clt_desc d = clt_test_desc(62, 44, 1, CLT_VARIANT_VECTOR);
  assert_int_equal(setenv("CLT_BUILD_OPTIONS", "-DDST_MODE=0 -DOVERLAP=1", 1), 0);
  run_tuned(&d, CLT_TEST_VIA_PLAN, &t, "-DDST_MODE=0 -DOVERLAP=1");
}

/* rect's skewed runs of 16-byte elements, whose first elements come from the rows above the tile in
 * global memory (SKG, cl/rect.cl): full tiles between partial ones on every side, tiles of 1 to 4 times
 * as many rows as columns, skews of 2 (a 32-byte sector) and 8 elements (128 bytes), batches whose
 * matrices skew differently; and an 8-byte case, which must keep the skew's rows in the tile. */
static void rect_skew_from_global_exact(void **state) {
  static const rect_case cases[] = {
      {97, 67, 16, 1, 32, 1, 32, 8, 0, 0, "-DSK=2 -DSKG=1"},
      {131, 75, 16, 2, 32, 1, 16, 4, 0, 0, "-DSK=2 -DSKG=1"},
      {203, 41, 16, 1, 64, 1, 16, 16, 0, 128, "-DSK=8 -DSKG=1"},
      {77, 45, 16, 3, 16, 1, 8, 4, 0, 128, "-DSK=8 -DSKG=1"},
      {97, 67, 8, 1, 32, 1, 32, 8, 0, 32, "-DSK=4 -DSKG=0"},
  };
  (void)state;
  run_rect_cases(cases, sizeof cases / sizeof cases[0]);
}

/* rect's edge knobs as src/tuning.c's rect_edge_rows gives them to GPUs (8 rows of whole vectors in
 * flight per work-item, cl/rect.cl's EDGE_VEC and EDGE_ROWS), forced here through CLT_BUILD_OPTIONS as
 * the CPU never takes them: unskewed 2-element vectors over misaligned source rows with the bottom tile
 * row partly filled (wide, odd, tall, a batch), a wide source in one 128-row tile row with its 8-row skew
 * inside it, and skewed single 8-byte elements. */
static char *saved_build_options; /* the caller's CLT_BUILD_OPTIONS, put back after the test */

/* Setup of the tests that force kernel knobs: CLT_BUILD_OPTIONS becomes the test's initial state, the
 * options string its registration gives (cmocka_unit_test_prestate_setup_teardown). */
static int build_options_on(void **state) {
  const char *prev = getenv("CLT_BUILD_OPTIONS");
  saved_build_options = prev ? strdup(prev) : NULL;
  return (prev && !saved_build_options) || setenv("CLT_BUILD_OPTIONS", (const char *)*state, 1);
}

static int restore_build_options(void **state) {
  (void)state;
  const int rc = saved_build_options ? setenv("CLT_BUILD_OPTIONS", saved_build_options, 1)
                                     : unsetenv("CLT_BUILD_OPTIONS");
  free(saved_build_options);
  saved_build_options = NULL;
  return rc;
}

static void rect_edge_knobs_exact(void **state) {
  static const rect_case cases[] = {
      {120, 1001, 4, 1, 64, 2, 32, 8, 0, 0, "-DSK=0 "},
      {248, 301, 4, 2, 64, 2, 32, 8, 0, 0, "-DSK=0 "},
      {2000, 249, 4, 1, 64, 2, 32, 8, 0, 0, "-DSK=0 "},
      {100, 999, 4, 1, 128, 2, 32, 8, 0, 0, "-DTR=128 -DTC=64 -DWG_Y=8 -DPAD=1 -DSK=8 "},
      {121, 517, 4, 2, 128, 2, 32, 8, 0, 0, "-DTR=128 -DTC=64 -DWG_Y=8 -DPAD=1 -DSK=8 "},
      {301, 203, 4, 1, 64, 2, 32, 8, 0, 0, "-DSK=8 "},
      {100, 777, 8, 1, 128, 1, 32, 8, 0, 128, "-DTR=128 -DTC=32 -DWG_Y=8 -DPAD=1 -DSK=16 "},
      {203, 301, 8, 1, 64, 1, 32, 8, 0, 128, "-DSK=16 "},
  };
  (void)state;
  run_rect_cases(cases, sizeof cases / sizeof cases[0]);
}

/* The H200's f32 rect tiles overlapping at the matrix's end (src/tuning.c's rect4_tiles_overlap), forced
 * here through CLT_BUILD_OPTIONS as the CPU never takes them: 64 x 64 tiles of 2-element vectors read an
 * element at a time from source rows off the vectors, both sides partly covered (the row side by 56 of 64
 * rows), with the edge tiles' knobs; a batch; destination rows padded; tall sources in 64 x 32 tiles of
 * single elements, one a batch; and a tall source of 2-element vectors on its rows, walked along the tile
 * rows without the edge knobs. Also (dst_align 16) the H200's unskewed tiles into destination rows on 16
 * bytes but off the 32-byte sectors (src/tuning.c's rect4_on16_unskewed): wide, walked along the tile rows
 * with the last tile column 47 of its 64 columns, and over source rows on the vectors, a batch of 2. Every
 * element the overlap moves twice must come out once and exact, and nothing past the view or between the
 * matrices change. */
static void rect_f32_overlap_exact(void **state) {
  static const struct {
    size_t rows, cols, batch, dst_pad;
    unsigned tile, vw, wg_x, dst_align;
    const char *forced, *expect;
  } cases[] = {
      {200, 1001, 1, 0, 64, 2, 32, 0, "-DOVERLAP=1 -DEDGE_VEC=1 -DEDGE_ROWS=8", "-DSK=0 -DSKG=0 -DSRC_VEC=0"},
      {136, 517, 3, 0, 64, 2, 32, 0, "-DOVERLAP=1 -DEDGE_VEC=1 -DEDGE_ROWS=8", "-DSK=0 -DSKG=0 -DSRC_VEC=0"},
      {200, 1001, 1, 8, 64, 2, 32, 0, "-DOVERLAP=1 -DEDGE_VEC=1 -DEDGE_ROWS=8", "-DSK=0 -DSKG=0 -DSRC_VEC=0"},
      {2056, 243, 1, 0, 64, 1, 32, 0, "-DOVERLAP=1", "-DVW=1 -DTR=64 -DTC=32 -DWG_Y=8 -DPAD=1 -DSK=0"},
      {3000, 157, 2, 0, 64, 1, 32, 0, "-DOVERLAP=1", "-DVW=1 -DTR=64 -DTC=32 -DWG_Y=8 -DPAD=1 -DSK=0"},
      {1000, 250, 1, 0, 64, 2, 32, 0, "-DOVERLAP=1", "-DSK=0 -DSKG=0 -DSRC_VEC=1"},
      {204, 1001, 1, 0, 64, 2, 32, 16, "-DOVERLAP=1 -DEDGE_VEC=1 -DEDGE_ROWS=8",
       "-DSK=0 -DSKG=0 -DSRC_VEC=0"},
      {1004, 367, 1, 0, 64, 2, 32, 16, "-DOVERLAP=1",
       "-DSK=0 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=0 -DPACK=0 -DACROSS=1"},
      {300, 600, 2, 0, 64, 2, 32, 16, "-DEDGE_VEC=1 -DEDGE_ROWS=8", "-DSK=0 -DSKG=0 -DSRC_VEC=1"},
  };
  (void)state;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    assert_int_equal(setenv("CLT_BUILD_OPTIONS", cases[i].forced, 1), 0);
    const rect_case rc = {.rows = cases[i].rows,
                          .cols = cases[i].cols,
                          .es = 4,
                          .batch = 1,
                          .tile = cases[i].tile,
                          .vw = cases[i].vw,
                          .wg_x = cases[i].wg_x,
                          .wg_y = 8,
                          .dst_align = cases[i].dst_align};
    const clt_tuning t = rect_case_tuning(&rc);
    clt_desc d = clt_test_desc(cases[i].rows, cases[i].cols, 4, CLT_VARIANT_RECT);
    d.batch = cases[i].batch;
    if (cases[i].dst_pad)
      d.dst_ld = cases[i].rows + cases[i].dst_pad;
    run_tuned(&d, CLT_TEST_VIA_PLAN, &t, cases[i].expect);
  }
}

/* rect's tile loads ahead of its local stores (cl/rect.cl's LOADS_FIRST) for 2-byte elements, as
 * src/tuning.c gives them to GPUs, forced here through CLT_BUILD_OPTIONS: 2-element vectors read one by
 * one from source rows off the vectors into 128-row tiles, unskewed (bottom tile row partial, a batch,
 * a matrix of one tile row) and skewed (the rows above the tile loaded too). */
static void rect_loads_first_exact(void **state) {
  static const rect_case cases[] = {
      {256, 301, 2, 1, 128, 2, 32, 8, 0, 0, "-DSK=0 -DSKG=0 -DSRC_VEC=0"},
      {144, 517, 2, 2, 128, 2, 32, 8, 0, 0, "-DSK=0 -DSKG=0 -DSRC_VEC=0"},
      {96, 1001, 2, 1, 128, 2, 32, 8, 0, 0, "-DSK=0 -DSKG=0 -DSRC_VEC=0"},
      {301, 203, 2, 1, 128, 2, 32, 8, 0, 0, "-DSK=16 -DSKG=0 -DSRC_VEC=0"},
  };
  (void)state;
  run_rect_cases(cases, sizeof cases / sizeof cases[0]);
}

/* rect's shifted rows stored as aligned pieces (cl/rect.cl's SHIFT_SPLIT), forced here through
 * CLT_BUILD_OPTIONS as the CPU never takes them: 4-element vectors of 2- and 1-byte elements over source
 * rows off the vectors, 1, 2 and 3 mod 4 elements apart (with the tile's odd padded row a tile's rows
 * then take one place, alternate between an even place and an odd one, or alternate between the whole
 * vector and two pairs or between the two odd places); skewed runs and unskewed ones, partial tiles on
 * both edges, a batch, and groups 16 work-items wide (two rows to a warp on NVIDIA GPUs). */
static void rect_shift_split_exact(void **state) {
  static const rect_case cases[] = {
      {301, 203, 2, 1, 128, 4, 32, 8, 0, 0,
       "-DSK=16 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1"},
      {301, 202, 2, 1, 128, 4, 32, 8, 0, 0,
       "-DSK=16 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1"},
      {256, 301, 2, 2, 128, 4, 32, 8, 0, 0, "-DSK=0 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1"},
      {256, 298, 2, 3, 128, 4, 32, 8, 0, 0, "-DSK=0 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1"},
      {199, 334, 2, 1, 64, 4, 16, 8, 0, 0, "-DSK=16 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1"},
      {303, 517, 1, 1, 128, 4, 32, 8, 0, 0,
       "-DSK=32 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1"},
      {160, 258, 1, 3, 128, 4, 32, 8, 0, 0, "-DSK=0 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1"},
  };
  (void)state;
  run_rect_cases(cases, sizeof cases / sizeof cases[0]);
}

/* AUTO's u8 word tiles of 32 rows in 64 columns, stored 2 bytes a work-item (src/tuning.c's
 * rect_word_tiles_wider), which a tuning cannot ask for: 64-row tiles of 64 columns cut to 32 rows here (the
 * kernel strides over every tile row whatever grid the host gives it), in the form `form` (-DSHIFT_FUNNEL=1
 * over source rows 1 to 3 elements off the vectors, -DWORD_ROWS=1 over rows on them). */
static void run_wide_u8_word_tiles(const char *form, int shifted) {
  static const struct {
    size_t rows, cols[2], batch; /* cols: rows on the vectors, rows 1, 2 and 3 mod 4 elements apart */
    unsigned wg_y;
  } wide[] = {{96, {2000, 2001}, 1, 8}, {160, {1004, 1002}, 2, 8}, {224, {508, 503}, 1, 4}};
  char forced[96], opt[128];
  snprintf(forced, sizeof forced, "%s -DTR=32 -DDVW=2", form);
  snprintf(opt, sizeof opt, "-DPACK=0 %s", forced);
  assert_int_equal(setenv("CLT_BUILD_OPTIONS", forced, 1), 0);
  for (size_t i = 0; i < sizeof wide / sizeof wide[0]; i++) {
    const rect_case c = {
        wide[i].rows, wide[i].cols[shifted != 0], 1, wide[i].batch, 64, 4, 16, wide[i].wg_y, 0, 0, opt};
    run_rect_cases(&c, 1);
  }
}

/* rect's whole tiles reading each shifted source row as two aligned words a work-item, shifted in registers
 * (cl/rect.cl's SHIFT_FUNNEL), forced here through CLT_BUILD_OPTIONS as the CPU never takes them: u8 and
 * f16 in 4-element vectors (4- and 8-byte words) over source rows 1, 2 and 3 mod 4 elements apart, in tiles
 * 8 work-items wide as GPUs take them, wide sources of 96 to 224 rows, batches, a group 4 rows deep; and,
 * for the kernel's sake, tiles 16 and 32 work-items wide over skewed runs. Then beside the edge knobs GPUs
 * give such rows: f16 in aligned pieces with 2-element stores, u8 with edge tiles loaded as whole ones; and
 * u8 in AUTO's 32 x 64 tiles with 2-element stores. */
static void rect_shift_funnel_exact(void **state) {
  static const rect_case cases[] = {
      {96, 2001, 1, 1, 32, 4, 8, 8, 0, 0, "-DSK=0 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1"},
      {160, 1002, 1, 2, 32, 4, 8, 4, 0, 0, "-DSK=0 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1"},
      {224, 503, 1, 1, 32, 4, 8, 8, 0, 0, "-DSK=0 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1"},
      {301, 517, 1, 1, 128, 4, 32, 8, 0, 0,
       "-DSK=32 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1"},
      {96, 1001, 2, 1, 32, 4, 8, 8, 0, 0, "-DSK=0 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1"},
      {160, 502, 2, 3, 32, 4, 8, 4, 0, 0, "-DSK=0 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1"},
      {199, 334, 2, 2, 64, 4, 16, 8, 0, 0, "-DSK=16 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1"},
  };
  (void)state;
  run_rect_cases(cases, sizeof cases / sizeof cases[0]);
  assert_int_equal(setenv("CLT_BUILD_OPTIONS", "-DSHIFT_FUNNEL=1 -DEDGE_SHIFT=1 -DSHIFT_SPLIT=1 -DDVW=2", 1),
                   0);
  run_rect_cases(cases + 4, 3);
  assert_int_equal(setenv("CLT_BUILD_OPTIONS", "-DSHIFT_FUNNEL=1 -DEDGE_SHIFT=2 -DEDGE_CLAMP=1", 1), 0);
  run_rect_cases(cases + 2, 2);
  run_wide_u8_word_tiles("-DSHIFT_FUNNEL=1", 1);
}

/* rect's source rows on the vectors stored to tile rows of whole vectors a vector at a time (cl/rect.cl's
 * WORD_ROWS), forced here through CLT_BUILD_OPTIONS as the CPU never takes them: u8 and f16 in 4-element
 * vectors, in tiles 8 work-items wide as GPUs take them, wide sources of 96 to 224 rows and tall ones of 96
 * and 160 columns, batches, a group 4 rows deep, partial tiles on both edges; short sides that are not
 * whole tiles (tall u8 of 72 and 100 columns, wide f16 of 136 and 300 rows); for the kernel's sake, tiles 16
 * and 32 work-items wide over skewed runs; and u8 in AUTO's 32 x 64 tiles with 2-element stores. */
static void rect_word_rows_exact(void **state) {
  static const rect_case cases[] = {
      {96, 2000, 1, 1, 32, 4, 8, 8, 0, 0, "-DSK=0 -DSKG=0 -DSRC_VEC=1 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=0"},
      {160, 1004, 1, 2, 32, 4, 8, 4, 0, 0, "-DSK=0 -DSKG=0 -DSRC_VEC=1 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=0"},
      {224, 508, 1, 1, 32, 4, 8, 8, 0, 0, "-DSK=0 -DSKG=0 -DSRC_VEC=1 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=0"},
      {2001, 96, 1, 1, 64, 4, 8, 8, 0, 0, "-DSK=32 -DSKG=0 -DSRC_VEC=1 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=0"},
      {1001, 160, 1, 2, 128, 4, 8, 8, 0, 0,
       "-DSK=32 -DSKG=0 -DSRC_VEC=1 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=0"},
      {96, 1000, 2, 1, 32, 4, 8, 8, 0, 0, "-DSK=0 -DSKG=0 -DSRC_VEC=1 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=0"},
      {160, 504, 2, 3, 32, 4, 8, 4, 0, 0, "-DSK=0 -DSKG=0 -DSRC_VEC=1 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=0"},
      {199, 336, 2, 2, 64, 4, 16, 8, 0, 0, "-DSK=16 -DSKG=0 -DSRC_VEC=1 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=0"},
      {301, 516, 1, 1, 128, 4, 32, 8, 0, 0,
       "-DSK=32 -DSKG=0 -DSRC_VEC=1 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=0"},
      /* the H200's tiles over short sides that are not whole tiles (src/tuning.c's part_tiles_to_word_tiles):
       * tall u8, wide f16, skewed or not, a batch */
      {2001, 100, 1, 1, 64, 4, 8, 8, 0, 0, "-DSK=32 -DSKG=0 -DSRC_VEC=1 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=0"},
      {1024, 72, 1, 3, 64, 4, 8, 8, 0, 0, "-DSK=0 -DSKG=0 -DSRC_VEC=1 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=0"},
      {300, 2000, 2, 1, 32, 4, 8, 8, 0, 0, "-DSK=16 -DSKG=0 -DSRC_VEC=1 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=0"},
      {136, 1000, 2, 2, 32, 4, 8, 8, 0, 0, "-DSK=16 -DSKG=0 -DSRC_VEC=1 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=0"},
  };
  (void)state;
  run_rect_cases(cases, sizeof cases / sizeof cases[0]);
  run_wide_u8_word_tiles("-DWORD_ROWS=1", 0);
}

/* rect's edge tiles loaded as whole ones over shifted source rows (cl/rect.cl's EDGE_SHIFT, both forms),
 * forced here through CLT_BUILD_OPTIONS as the CPU never takes them: 1- and 2-byte elements in 4-element
 * vectors over source rows 1, 2 and 3 mod 4 elements apart, skewed runs (whose first tile row reaches
 * above the matrix) and unskewed ones, partial tiles on both edges, matrices narrower or shorter than a
 * tile, batches, and views whose last aligned vector passes their end (its elements before the end moved
 * one by one); 2-byte elements also in aligned pieces with 2-element stores. */
static void rect_edge_shift_exact(void **state) {
  static const rect_case cases[] = {
      {303, 517, 1, 1, 128, 4, 32, 8, 0, 0,
       "-DSK=32 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1"},
      {1001, 301, 1, 2, 128, 4, 32, 8, 0, 0,
       "-DSK=32 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1"},
      {150, 1003, 1, 1, 128, 4, 32, 8, 0, 0,
       "-DSK=32 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1"},
      {700, 77, 1, 3, 128, 4, 32, 8, 0, 0, "-DSK=32 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1"},
      {50, 999, 1, 1, 128, 4, 32, 8, 0, 0, "-DSK=32 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1"},
      {256, 301, 1, 2, 128, 4, 32, 8, 0, 0, "-DSK=0 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1"},
      {301, 203, 2, 1, 128, 4, 32, 8, 0, 0,
       "-DSK=16 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1"},
      {199, 334, 2, 2, 64, 4, 16, 8, 0, 0, "-DSK=16 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1"},
      {256, 298, 2, 3, 128, 4, 32, 8, 0, 0, "-DSK=0 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1"},
  };
  (void)state;
  run_rect_cases(cases, sizeof cases / sizeof cases[0]);
  assert_int_equal(setenv("CLT_BUILD_OPTIONS", "-DEDGE_SHIFT=1 -DSHIFT_SPLIT=1 -DDVW=2", 1), 0);
  run_rect_cases(cases + 6, 3);
  assert_int_equal(setenv("CLT_BUILD_OPTIONS", "-DEDGE_SHIFT=2", 1), 0);
  run_rect_cases(cases, sizeof cases / sizeof cases[0]);
}

/* rect's edge tiles whose reads stay inside the view loaded as whole ones over shifted source rows, their
 * rows clamped onto the matrix (cl/rect.cl's EDGE_CLAMP), forced here through CLT_BUILD_OPTIONS as the CPU
 * never takes them: alone (the tiles across the last column among them) and beside either form of
 * EDGE_SHIFT (which keeps those); 1- and 2-byte elements over source rows 1, 2 and 3 mod 4 apart, skewed
 * runs (whose first tile row reaches above the matrix), a matrix shorter than a tile, batches, a padded
 * view at an offset, and a tile column before the last whose last row, in the batch's last matrix only,
 * reads past the view's end (that tile takes the other edge path). */
static void rect_edge_clamp_exact(void **state) {
  static const rect_case cases[] = {
      {303, 517, 1, 1, 128, 4, 32, 8, 0, 0,
       "-DSK=32 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1"},
      {50, 999, 1, 2, 128, 4, 32, 8, 0, 0, "-DSK=32 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1"},
      {299, 257, 1, 3, 128, 4, 32, 8, 0, 0,
       "-DSK=32 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1"},
      {1001, 301, 1, 2, 128, 4, 32, 8, 0, 0,
       "-DSK=32 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1"},
      {301, 203, 2, 1, 128, 4, 32, 8, 0, 0,
       "-DSK=16 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1"},
      {199, 334, 2, 3, 64, 4, 16, 8, 0, 0, "-DSK=16 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1"},
  };
  /* u8 in a padded view at an offset, a batch of 2 with a gap between its matrices: each matrix's rows
   * clamp onto its own first and last rows. */
  static const rect_case pad = {
      150, 257, 1, 2, 128, 4, 32, 8, 0, 0, "-DSK=32 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1"};
  const clt_tuning t = rect_case_tuning(&pad);
  clt_desc padded = clt_test_desc(pad.rows, pad.cols, pad.es, CLT_VARIANT_RECT);
  set_views(&padded, pad.batch, 3, 262, 7, 1, 301, 0);
  (void)state;
  run_rect_cases(cases, sizeof cases / sizeof cases[0]);
  run_tuned(&padded, CLT_TEST_VIA_PLAN, &t, pad.opt);
  assert_int_equal(setenv("CLT_BUILD_OPTIONS", "-DEDGE_CLAMP=1 -DEDGE_SHIFT=2", 1), 0);
  run_rect_cases(cases, 4);
  run_tuned(&padded, CLT_TEST_VIA_PLAN, &t, pad.opt);
  assert_int_equal(setenv("CLT_BUILD_OPTIONS", "-DEDGE_CLAMP=1 -DEDGE_SHIFT=1 -DSHIFT_SPLIT=1 -DDVW=2", 1),
                   0);
  run_rect_cases(cases + 4, 2);
}

/* Tall u8 and f16 sources into skewed destination rows in rect's 128-row tiles cut to 64 or 32 columns, as
 * the H200's AUTO runs them (src/tuning.c's tall_skewed_rows128), with explicit knobs: a last tile row of
 * one row, several tile columns, a batch, a matrix shorter than one tile, f16 in 128 x 32 tiles. Then whole
 * tile columns of less than 128 bytes, which walk along the tile rows (src/tuning.c's
 * rect_columns_part_lines): u8 of 160 columns, f16 of 96 in a batch, u8 into aligned destination rows. */
static void rect_tall_skewed_128_rows_exact(void **state) {
  static const rect_case cases[] = {
      {4097, 64, 1, 1, 128, 4, 16, 8, 0, 0, "-DTR=128 -DTC=64 -DWG_Y=8 -DPAD=1 -DSK=32"},
      {2047, 192, 1, 1, 128, 4, 16, 8, 0, 0, "-DTR=128 -DTC=64 -DWG_Y=8 -DPAD=1 -DSK=32"},
      {1001, 96, 1, 2, 128, 4, 8, 8, 0, 0, "-DTR=128 -DTC=32 -DWG_Y=8 -DPAD=1 -DSK=32"},
      {101, 64, 1, 3, 128, 4, 16, 8, 0, 0, "-DTR=128 -DTC=64 -DWG_Y=8 -DPAD=1 -DSK=32"},
      {4097, 32, 2, 1, 128, 2, 16, 8, 0, 0, "-DTR=128 -DTC=32 -DWG_Y=8 -DPAD=1 -DSK=16"},
      {3001, 160, 1, 1, 128, 4, 8, 8, 0, 0, "-DACROSS=1"},
      {2049, 96, 2, 2, 128, 2, 16, 8, 0, 0, "-DACROSS=1"},
      {1024, 96, 1, 1, 64, 4, 8, 8, 0, 0, "-DACROSS=1"},
  };
  (void)state;
  run_rect_cases(cases, sizeof cases / sizeof cases[0]);
}

/* Tall u8 sources whose rows start off 4-byte words in rect's tiles of 32 columns as the H200's AUTO runs
 * them (src/tuning.c's shifted_u8_to_tiles32), with explicit knobs and SHIFT_FUNNEL forced through
 * CLT_BUILD_OPTIONS as the CPU never takes it: 64 x 32 tiles in groups of 8 x 4 over 129 to 227 columns
 * (rows 1 to 3 mod 4 bytes apart), 128 x 32 ones in groups of 8 x 8 over 66 to 101, a partial last tile row
 * and tile column, batches; then skewed destination rows (77 and 111 columns) with the edge tiles the H200
 * gives them loaded whole (EDGE_SHIFT 2, EDGE_CLAMP). */
static void rect_shifted_u8_tiles32_exact(void **state) {
  static const rect_case cases[] = {
      {2048, 227, 1, 1, 64, 4, 8, 4, 0, 0, "-DTR=64 -DTC=32 -DWG_Y=4 -DPAD=1 -DSK=0"},
      {1024, 181, 1, 2, 64, 4, 8, 4, 0, 0, "-DTR=64 -DTC=32 -DWG_Y=4 -DPAD=1 -DSK=0"},
      {4000, 129, 1, 1, 64, 4, 8, 4, 0, 0, "-DTR=64 -DTC=32 -DWG_Y=4 -DPAD=1 -DSK=0"},
      {4096, 101, 1, 1, 128, 4, 8, 8, 0, 0, "-DTR=128 -DTC=32 -DWG_Y=8 -DPAD=1 -DSK=0"},
      {1056, 66, 1, 3, 128, 4, 8, 8, 0, 0, "-DTR=128 -DTC=32 -DWG_Y=8 -DPAD=1 -DSK=0"},
      {3001, 77, 1, 1, 128, 4, 8, 8, 0, 0, "-DTR=128 -DTC=32 -DWG_Y=8 -DPAD=1 -DSK=32"},
      {1001, 111, 1, 2, 128, 4, 8, 8, 0, 0, "-DTR=128 -DTC=32 -DWG_Y=8 -DPAD=1 -DSK=32"},
  };
  (void)state;
  run_rect_cases(cases, 5);
  assert_int_equal(setenv("CLT_BUILD_OPTIONS", "-DSHIFT_FUNNEL=1 -DEDGE_SHIFT=2 -DEDGE_CLAMP=1", 1), 0);
  run_rect_cases(cases + 5, 2);
}

/* rect's largest skew (cl/rect.cl's SKMAX, src/tuning.c's rect_sk_max) where it saves the last tile
 * row: 1- and 2-byte elements whose destination rows' skews are multiples of 8 or 4, the rows of the
 * largest ending exactly at the last tile's end (a batch of dense matrices, and a padded view at an
 * offset of 3, which makes the largest skew 27). Then layouts where dst_offset or a padded dst_stride
 * raise the largest skew so that no tile row is saved: those go without, and a host that left the
 * offset or the stride out would cut the tiles short there. */
static void rect_skew_max_exact(void **state) {
  static const rect_case cases[] = {
      {1000, 301, 1, 1, 128, 4, 32, 8, 0, 0, "-DSKMAX=24"},
      {488, 77, 1, 2, 128, 4, 32, 8, 0, 0, "-DSKMAX=24"},
      {500, 203, 2, 3, 64, 4, 16, 8, 0, 0, "-DSKMAX=12"},
  };
  static const char u8_opt[] = "-DSK=32 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1";
  const clt_tuning t = rect_case_tuning(&cases[0]);
  (void)state;
  run_rect_cases(cases, sizeof cases / sizeof cases[0]);
  clt_desc d = clt_test_desc(997, 301, 1, CLT_VARIANT_RECT); /* skews 3, 11, .., 27 */
  set_views(&d, 1, 0, 0, 0, 3, 1000, 0);
  run_tuned(&d, CLT_TEST_VIA_PLAN, &t, "-DSKMAX=27");
  d = clt_test_desc(1000, 301, 1, CLT_VARIANT_RECT); /* skews up to 27: rows + 27 needs the ninth row */
  set_views(&d, 1, 0, 0, 0, 3, 0, 0);
  run_tuned(&d, CLT_TEST_VIA_PLAN, &t, u8_opt);
  d = clt_test_desc(1000, 301, 1, CLT_VARIANT_RECT); /* the second matrix 4 elements on: skews up to 28 */
  set_views(&d, 2, 0, 0, 0, 0, 0, 4);
  run_tuned(&d, CLT_TEST_VIA_PLAN, &t, u8_opt);
}

/* rect's skew of 1- and 2-byte elements halved to 16 bytes where that saves a tile row (src/tuning.c's
 * rect_half_skew, which only the H200 takes; dst_align 16 here), with the H200's knobs forced through
 * CLT_BUILD_OPTIONS: f16 over shifted source rows stored in aligned pieces, the last tile row's runs
 * reaching 7 rows past the matrix (a batch whose second matrix skews differently); u8 with its edge
 * tiles clamped, and in 64-row tiles over aligned source rows whose destination rows skew by multiples
 * of 4. */
static void rect_half_skew_exact(void **state) {
  static const char f16_opt[] = "-DSK=8 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1";
  static const char u8_opt[] = "-DSK=16 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1";
  static const rect_case f16[] = {
      {503, 301, 2, 1, 128, 4, 32, 8, 0, 16, f16_opt},
      {247, 203, 2, 2, 128, 4, 32, 8, 0, 16, f16_opt},
  };
  static const rect_case u8[] = {
      {487, 301, 1, 1, 128, 4, 32, 8, 0, 16, u8_opt},
      {231, 517, 1, 3, 128, 4, 32, 8, 0, 16, u8_opt},
      {300, 256, 1, 1, 64, 4, 16, 8, 0, 16, "-DSK=16 -DSKG=0 -DSRC_VEC=1 -DDST_VEC=1"},
  };
  (void)state;
  run_rect_cases(f16, sizeof f16 / sizeof f16[0]);
  assert_int_equal(setenv("CLT_BUILD_OPTIONS", "-DEDGE_CLAMP=1", 1), 0);
  run_rect_cases(u8, 2);
  assert_int_equal(unsetenv("CLT_BUILD_OPTIONS"), 0);
  run_rect_cases(u8 + 2, 1);
}

/* rect's destination stores narrower than its loads (cl/rect.cl's DVW), forced here through
 * CLT_BUILD_OPTIONS: 2-element and single-element stores after 2- to 8-element loads of 1-, 2- and
 * 4-byte elements, skewed runs and unskewed ones, shifted source rows with and without aligned pieces,
 * partial tiles on both edges and a batch. */
static void rect_narrow_stores_exact(void **state) {
  static const rect_case cases[] = {
      {301, 203, 2, 1, 128, 4, 32, 8, 0, 0,
       "-DSK=16 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1"},
      {256, 298, 2, 2, 128, 4, 32, 8, 0, 0, "-DSK=0 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1"},
      {303, 517, 1, 1, 128, 8, 16, 8, 0, 0,
       "-DSK=32 -DSKG=0 -DSRC_VEC=0 -DDST_VEC=1 -DIDX32=1 -DSRC_SHIFT=1"},
      {201, 300, 4, 1, 64, 4, 16, 8, 0, 0, "-DSK=8 -DSKG=0 -DSRC_VEC=1 -DDST_VEC=1"},
      {136, 260, 4, 2, 64, 4, 16, 8, 0, 0, "-DSK=0 -DSKG=0 -DSRC_VEC=1 -DDST_VEC=1"},
  };
  static const rect_case pairs[] = {
      {301, 203, 4, 1, 64, 2, 32, 8, 0, 0,
       "-DVW=2 -DTR=64 -DTC=64 -DWG_Y=8 -DPAD=1 -DSK=8 -DSKG=0 -DSRC_VEC=0"},
      {136, 259, 4, 2, 64, 2, 32, 8, 0, 0,
       "-DVW=2 -DTR=64 -DTC=64 -DWG_Y=8 -DPAD=1 -DSK=0 -DSKG=0 -DSRC_VEC=0"},
  };
  (void)state;
  run_rect_cases(cases, sizeof cases / sizeof cases[0]);
  assert_int_equal(setenv("CLT_BUILD_OPTIONS", "-DDVW=2 -DSHIFT_SPLIT=1", 1), 0);
  run_rect_cases(cases, 2);
  assert_int_equal(setenv("CLT_BUILD_OPTIONS", "-DDVW=1", 1), 0);
  run_rect_cases(cases, sizeof cases / sizeof cases[0]);
  run_rect_cases(pairs, sizeof pairs / sizeof pairs[0]);
}

/* The narrow kernel with explicit knobs (vector width 0: the default), exact, and with build options that
 * contain opt, so that each case runs the path it names; the tile and group are given, so the cases do
 * not move with the defaults. Tall and wide sources of every element size, short sides of 1 to 128 and
 * above (several tile columns or rows, the last partial; wide 1- and 2-byte sources of up to 511 and 319
 * rows in one tile), partial last tiles along the long side,
 * rotated tile lines, vectors cut down by the short side, by offsets, leading dimensions and batch
 * strides, padding, small tiles whose units do not fill the group's last round, several group sizes,
 * and grids past the drivers' group caps. */
typedef struct narrow_case {
  size_t rows, cols, es;
  unsigned tile, vw, wg_x, pad;     /* the knobs */
  size_t batch, so, sld, doff, dld; /* offsets and leading dimensions (0: dense) */
  size_t sstr_pad, dstr_pad;        /* elements between the matrices of a batch */
  const char *opt;
} narrow_case;

/* Each case through a plan, its knobs as a tuning entry: exact, its build options holding the case's opt. */
static void run_narrow_cases(const narrow_case *cases, size_t n) {
  for (size_t i = 0; i < n; i++) {
    const narrow_case *c = &cases[i];
    clt_tuning t;
    memset(&t, 0, sizeof t);
    t.variant = CLT_VARIANT_NARROW;
    t.tile = c->tile;
    t.vector_width = c->vw;
    t.wg_x = c->wg_x;
    t.pad = c->pad;
    clt_desc d = clt_test_desc(c->rows, c->cols, c->es, CLT_VARIANT_NARROW);
    set_views(&d, c->batch, c->so, c->sld, c->sstr_pad, c->doff, c->dld, c->dstr_pad);
    run_tuned(&d, CLT_TEST_VIA_PLAN, &t, c->opt);
  }
}

static void narrow_tiles_exact(void **state) {
  static const narrow_case cases[] = {
      /* Short sides of 1 to 64 elements, each element size. */
      {70000, 1, 1, 4096, 0, 256, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DVWL=1 -DTVS=uchar16 -DVWS=16 -DTR=4096 -DTC=1 -DGROUP=256 "},
      {1, 70000, 2, 4096, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTVL=ushort8 -DVWL=8 -DTVS=ushort -DVWS=1 -DTR=1 -DTC=4096 -DGROUP=128 "},
      {5000, 3, 4, 1024, 0, 256, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DVWL=1 -DTVS=uint4 -DVWS=4 -DTR=1024 -DTC=3 -DGROUP=256 -DPAD=0 -DROT=0 -DCOLMAJOR=1 "},
      {5000, 3, 4, 1024, 0, 256, 0, 0, 0, 4, 0, 0, 0, 0, /* padded rows: the column-major tile, rotated */
       "-DVWL=1 -DTVS=uint4 -DVWS=4 -DTR=1024 -DTC=3 -DGROUP=256 -DPAD=0 -DROT=12 "},
      {9000, 8, 8, 256, 0, 64, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTVL=ulong2 -DVWL=2 -DTVS=ulong2 -DVWS=2 -DTR=256 -DTC=8 -DGROUP=64 -DPAD=0 -DROT=4 "},
      {12, 9000, 1, 512, 0, 128, 0, 0, 0, 0, 0, 16, 0, 0, /* padded destination rows: no FLAT */
       "-DTVL=uchar8 -DVWL=8 -DTVS=uchar4 -DVWS=4 -DTR=12 -DTC=512 -DGROUP=128 -DPAD=0 -DROT=48 "
       "-DCOLMAJOR=0 "},
      {3000, 16, 16, 64, 0, 64, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTVL=uint4 -DVWL=1 -DTVS=uint4 -DVWS=1 -DTR=64 -DTC=16 -DGROUP=64 -DPAD=0 -DROT=1 "},
      {4000, 24, 4, 128, 0, 256, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DVWL=4 -DTVS=uint4 -DVWS=4 -DTR=128 -DTC=24 -DGROUP=256 -DPAD=0 -DROT=8 -DCOLMAJOR=1 "},
      {33, 3000, 2, 128, 0, 256, 0, 0, 0, 0, 0, 34, 0, 0,
       "-DTVL=ushort8 -DVWL=8 -DTVS=ushort -DVWS=1 -DTR=33 -DTC=128 -DGROUP=256 -DPAD=0 -DROT=8 "},
      {33, 3000, 2, 128, 0, 256, 0, 0, 0, 0, 0, 0, 0, 0, "-DTR=33 -DTC=128 -DGROUP=256 -DPAD=0 -DROT=0 "},
      {2000, 63, 4, 64, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DVWL=1 -DTVS=uint4 -DVWS=4 -DTR=64 -DTC=63 -DGROUP=128 -DPAD=0 -DROT=0 "},
      {2000, 63, 4, 64, 0, 128, 0, 0, 0, 64, 0, 0, 0, 0,
       "-DVWL=1 -DTVS=uint4 -DVWS=4 -DTR=64 -DTC=63 -DGROUP=128 -DPAD=0 -DROT=4 "},
      {2000, 64, 1, 128, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTVL=uchar16 -DVWL=16 -DTVS=uchar16 -DVWS=16 -DTR=128 -DTC=64 -DGROUP=128 -DPAD=0 -DROT=32 "},
      {64, 1500, 8, 32, 0, 64, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTVL=ulong2 -DVWL=2 -DTVS=ulong2 -DVWS=2 -DTR=64 -DTC=32 -DGROUP=64 -DPAD=0 -DROT=2 "},
      /* Short sides of 65 to 128 in one tile, the store loop of wide ones unrolled by 2 (SUNROLL) with
       * the last round partly idle; above 128, tiles of 128 across them, the last partial. */
      {100, 3000, 1, 128, 0, 256, 0, 0, 0, 0, 0, 104, 0, 0,
       "-DTVL=uchar8 -DVWL=8 -DTVS=uchar4 -DVWS=4 -DTR=100 -DTC=128 -DGROUP=256 -DPAD=0 -DROT=8 "},
      {100, 3000, 1, 128, 0, 256, 0, 0, 0, 0, 0, 0, 0, 0, "-DTR=100 -DTC=128 -DGROUP=256 -DPAD=0 -DROT=0 "},
      {65, 3000, 1, 128, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTR=65 -DTC=128 -DGROUP=128 "}, /* narrow_u8_tile128 */
      {113, 3001, 1, 128, 0, 128, 0, 0, 2, 0, 0, 0, 0, 0, "-DTR=113 -DTC=128 -DGROUP=128 -DPAD=0 -DROT=0 "},
      {113, 3001, 1, 128, 0, 128, 0, 0, 2, 0, 0, 0, 0, 0, "-DSRC_SHIFT=1 -DSUNROLL=2"},
      {99, 3001, 4, 64, 0, 256, 0, 0, 0, 0, 0, 0, 0, 0, "-DVWS=1 -DTR=99 -DTC=64 -DGROUP=256 "},
      {99, 3001, 4, 64, 0, 256, 0, 0, 0, 0, 0, 0, 0, 0, "-DSRC_SHIFT=1 -DSUNROLL=2"},
      {72, 5000, 8, 32, 0, 256, 0, 0, 0, 0, 0, 0, 0, 0, "-DVWS=2 -DTR=72 -DTC=32 -DGROUP=256 "},
      {72, 5000, 8, 32, 0, 256, 0, 0, 0, 0, 0, 0, 0, 0, "-DSUNROLL=2"},
      {128, 2000, 2, 128, 0, 256, 0, 0, 0, 0, 0, 0, 0, 0, "-DTR=128 -DTC=128 -DGROUP=256 "},
      {1500, 150, 4, 64, 0, 256, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DVWL=2 -DTVS=uint4 -DVWS=4 -DTR=64 -DTC=128 -DGROUP=256 -DPAD=0 -DROT=4 "},
      {300, 2000, 4, 64, 0, 256, 0, 0, 0, 0, 0, 0, 0, 0, "-DTR=128 -DTC=64 -DGROUP=256 "},
      /* Wide 1- and 2-byte sources of 129 to 511 and 319 rows into dense destination rows from 16 bytes:
       * the whole short side in one tile (src/tuning.c's narrow_whole), moved FLAT, source rows off and on
       * 16 bytes, padded and at an offset, 2 mod 4 rows, the last tile partial, batches. */
      {263, 301, 1, 64, 0, 256, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTR=263 -DTC=64 -DGROUP=256 -DPAD=0 -DROT=0 -DCOLMAJOR=0 -DIDX32=1 -DSRC_SHIFT=1 -DSUNROLL=2 "
       "-DFLAT=1"},
      {511, 701, 1, 64, 0, 256, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTR=511 -DTC=64 -DGROUP=256 -DPAD=0 -DROT=0 -DCOLMAJOR=0 -DIDX32=1 -DSRC_SHIFT=1 -DSUNROLL=2 "
       "-DFLAT=1"},
      {266, 320, 1, 64, 0, 256, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTR=266 -DTC=64 -DGROUP=256 -DPAD=0 -DROT=0 -DCOLMAJOR=0 -DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=2 "
       "-DEDGE_VEC=1 -DFLAT=1"},
      {129, 517, 1, 64, 0, 256, 0, 2, 0, 0, 0, 0, 0, 11,
       "-DTR=129 -DTC=64 -DGROUP=256 -DPAD=0 -DROT=0 -DCOLMAJOR=0 -DIDX32=1 -DSRC_SHIFT=1 -DSUNROLL=2 "
       "-DFLAT=1"},
      {263, 304, 1, 64, 0, 256, 0, 2, 0, 0, 0, 0, 0, 0,
       "-DTR=263 -DTC=64 -DGROUP=256 -DPAD=0 -DROT=0 -DCOLMAJOR=0 -DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=2 "
       "-DEDGE_VEC=1 -DFLAT=1"},
      {137, 301, 2, 64, 0, 256, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTR=137 -DTC=64 -DGROUP=256 -DPAD=0 -DROT=0 -DCOLMAJOR=0 -DIDX32=1 -DSRC_SHIFT=1 -DSUNROLL=2 "
       "-DFLAT=1"},
      {263, 301, 1, 64, 0, 256, 0, 0, 3, 305, 0, 0, 0, 0,
       "-DTR=263 -DTC=64 -DGROUP=256 -DPAD=0 -DROT=0 -DCOLMAJOR=0 -DIDX32=1 -DSRC_SHIFT=1 -DSUNROLL=2 "
       "-DFLAT=1"}, /* source rows at an offset, padded */
      {319, 400, 2, 64, 0, 256, 0, 3, 0, 0, 0, 0, 0, 0,
       "-DTR=319 -DTC=64 -DGROUP=256 -DPAD=0 -DROT=0 -DCOLMAJOR=0 -DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=2 "
       "-DEDGE_VEC=1 -DFLAT=1"},
      /* The same tiles 128 long, as the H200 gives u8 of up to 241 rows and f16 of up to 150
       * (src/tuning.c's narrow_whole_tile128): the last tile partial, source rows padded. */
      {231, 701, 1, 128, 0, 256, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTR=231 -DTC=128 -DGROUP=256 -DPAD=0 -DROT=0 -DCOLMAJOR=0 -DIDX32=1 -DSRC_SHIFT=1 -DSUNROLL=2 "
       "-DFLAT=1"},
      {241, 1000, 1, 128, 0, 256, 0, 0, 0, 1005, 0, 0, 0, 0, "-DTR=241 -DTC=128 -DGROUP=256 "},
      {147, 601, 2, 128, 0, 256, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTR=147 -DTC=128 -DGROUP=256 -DPAD=0 -DROT=0 -DCOLMAJOR=0 -DIDX32=1 -DSRC_SHIFT=1 -DSUNROLL=2 "
       "-DFLAT=1"},
      {150, 640, 2, 128, 0, 256, 0, 0, 0, 643, 0, 0, 0, 0, "-DTR=150 -DTC=128 -DGROUP=256 "},
      /* Misaligned views: narrower vectors, down to single elements. */
      {4001, 28, 4, 128, 0, 256, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DVWL=4 -DTVS=uint -DVWS=1 -DTR=128 -DTC=28 -DGROUP=256 -DPAD=0 -DROT=5 "},
      {4000, 24, 4, 128, 0, 256, 0, 0, 1, 0, 3, 0, 0, 0,
       "-DVWL=1 -DTVS=uint -DVWS=1 -DTR=128 -DTC=24 -DGROUP=256 -DPAD=0 -DROT=2 "},
      {24, 4000, 2, 256, 2, 256, 0, 0, 0, 4001, 1, 0, 0, 0,
       "-DVWL=1 -DTVS=ushort -DVWS=1 -DTR=24 -DTC=256 -DGROUP=256 -DPAD=0 -DROT=3 "},
      /* Wide sources off 16 bytes: 16-byte vectors of 4 or more elements cut from the aligned pair they
       * straddle; the last tiles, whose last row's pair would reach past the view, an element at a
       * time. */
      {24, 4000, 2, 256, 0, 256, 0, 0, 0, 4001, 1, 0, 0, 0, "-DSRC_SHIFT=1"},
      {16, 5001, 1, 512, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0, "-DTVL=uchar16 -DVWL=16 -DTVS=uchar16 -DVWS=16 "},
      {16, 1024, 1, 512, 0, 128, 0, 0, 0, 1025, 0, 0, 0, 0,
       "-DVWL=16 -DTVS=uchar16 -DVWS=16 -DTR=16 -DTC=512 "},
      {24, 3000, 4, 256, 0, 256, 0, 3, 3, 0, 0, 0, 1, 0, "-DTVL=uint4 -DVWL=4 -DTVS=uint4 -DVWS=4 -DTR=24 "},
      {40, 3001, 8, 128, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0, /* 2-element vectors: not cut */
       "-DTVL=ulong -DVWL=1 -DTVS=ulong2 -DVWS=2 -DTR=40 "},
      /* FLAT: a short side whole and dense on one side (a tall source's rows, a wide source's destination
       * rows) off the 16-byte vectors: each full tile's run there as 16-byte vectors; partial last
       * tiles, 1- to 4-byte elements, batches whose strides keep the runs aligned. */
      {2001, 13, 4, 64, 0, 64, 0, 0, 0, 0, 0, 0, 0, 0, "-DFLAT=1 -DFV=4 -DTVF=uint4"},
      {26, 2001, 4, 256, 0, 64, 0, 0, 0, 0, 0, 0, 0, 0, "-DFLAT=1 -DFV=4 -DTVF=uint4"},
      {3001, 7, 2, 128, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0, "-DFLAT=1 -DFV=8 -DTVF=ushort8"},
      {5, 4001, 1, 512, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0, "-DFLAT=1 -DFV=16 -DTVF=uchar16"},
      {2001, 13, 4, 64, 0, 64, 0, 3, 0, 0, 0, 0, 3, 0, "-DFLAT=1 -DFV=4 -DTVF=uint4"},
      {26, 2001, 4, 256, 0, 64, 0, 3, 0, 0, 0, 0, 0, 6, "-DFLAT=1 -DFV=4 -DTVF=uint4"},
      /* A wide source's FLAT tile held as written (SCATTER): destination lines of pairs and 4-element
       * vectors, source rows on and off 16-byte vectors, batches whose strides keep the runs aligned. */
      {26, 2001, 1, 256, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DVWS=2 -DTR=26 -DTC=256 -DGROUP=128 -DPAD=0 -DROT=0"},
      {26, 2001, 1, 256, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0, "-DSRC_SHIFT=1 -DSUNROLL=2 -DFLAT=1 -DFV=16"},
      {26, 4096, 1, 256, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0, "-DCOLMAJOR=0 -DIDX32=1 -DSRC_SHIFT=0"},
      {26, 4096, 1, 256, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0, "-DFLAT=1 -DFV=16"},
      {12, 4001, 1, 512, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DVWS=4 -DTR=12 -DTC=512 -DGROUP=128 -DPAD=0 -DROT=0"},
      {12, 4001, 1, 512, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0, "-DFLAT=1 -DFV=16"},
      {12, 3001, 2, 128, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DVWS=4 -DTR=12 -DTC=128 -DGROUP=128 -DPAD=0 -DROT=0"},
      {12, 3001, 2, 128, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0, "-DFLAT=1 -DFV=8"},
      {26, 2001, 1, 256, 0, 128, 0, 3, 0, 0, 0, 0, 3, 6, "-DFLAT=1 -DFV=16"},
      /* AUTO's SCATTER tiles for 2- and 4-byte elements: one source vector of each row per item in groups
       * of 64, the last tile partial, a batch. */
      {7, 3001, 2, 512, 0, 64, 0, 0, 0, 0, 0, 0, 0, 0, "-DTR=7 -DTC=512 -DGROUP=64 -DPAD=0 -DROT=0"},
      {3, 5001, 4, 256, 0, 64, 0, 0, 0, 0, 0, 0, 0, 0, "-DTR=3 -DTC=256 -DGROUP=64 -DPAD=0 -DROT=0"},
      {13, 2001, 4, 128, 0, 64, 0, 3, 0, 0, 0, 0, 1, 3, "-DFLAT=1 -DFV=4"},
      /* The H200's wide f32 tiles of 32 columns (src/tuning.c's wide4_to_tiles32), read an element at a time
       * or in 8-byte vectors: source rows on 8 bytes and on single elements, padded and at an offset, the
       * last tile partial. */
      {27, 3002, 4, 32, 1, 128, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTVL=uint -DVWL=1 -DTVS=uint -DVWS=1 -DTR=27 -DTC=32 -DGROUP=128 -DPAD=0 -DROT=0 -DCOLMAJOR=0 "
       "-DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 -DFLAT=1"},
      {17, 2001, 4, 32, 1, 64, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DVWL=1 -DTVS=uint -DVWS=1 -DTR=17 -DTC=32 -DGROUP=64 "},
      {13, 4001, 4, 32, 1, 64, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DVWL=1 -DTVS=uint -DVWS=1 -DTR=13 -DTC=32 -DGROUP=64 "},
      {24, 3002, 4, 32, 2, 64, 0, 0, 0, 0, 0, 0, 0, 0, /* destination rows on 16 bytes: 8-byte loads */
       "-DTVL=uint2 -DVWL=2 -DTVS=uint4 -DVWS=4 -DTR=24 -DTC=32 -DGROUP=64 "},
      {30, 1601, 4, 32, 1, 128, 0, 0, 3, 1603, 0, 0, 0, 0,
       "-DVWL=1 -DTVS=uint2 -DVWS=2 -DTR=30 -DTC=32 -DGROUP=128 "},
      /* The H200's tall f32 tiles of 32 rows in groups of 128 (src/tuning.c's tall4_small_to_tiles32), the
       * last tile partial, destination rows off 16 bytes. */
      {3001, 27, 4, 32, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0, "-DTR=32 -DTC=27 -DGROUP=128 "},
      {2002, 31, 4, 32, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0, "-DTR=32 -DTC=31 -DGROUP=128 "},
      /* The H200's wide f32 tiles of 28 rows 64 columns long read an element at a time in groups of 64
       * (src/tuning.c's wide4_rows28_tiles64): source rows on 4 and 8 bytes, the last tile partial. */
      {28, 3001, 4, 64, 1, 64, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTVL=uint -DVWL=1 -DTVS=uint4 -DVWS=4 -DTR=28 -DTC=64 -DGROUP=64 "},
      {28, 2002, 4, 64, 1, 64, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTVL=uint -DVWL=1 -DTVS=uint4 -DVWS=4 -DTR=28 -DTC=64 -DGROUP=64 "},
      /* The H200's wide c128 tiles of 8 columns in groups of 64 (src/tuning.c's wide16_to_tiles8): 27
       * and 31 rows, the last tile partial, destination rows padded. */
      {27, 3001, 16, 8, 0, 64, 0, 0, 0, 0, 0, 0, 0, 0, "-DTR=27 -DTC=8 -DGROUP=64 "},
      {31, 1003, 16, 8, 0, 64, 0, 0, 0, 0, 0, 33, 0, 0, "-DTR=31 -DTC=8 -DGROUP=64 "},
      /* Tall f64 in 64-row tiles (narrow_run8_max), the last tile partial. */
      {3001, 13, 8, 64, 0, 256, 0, 0, 0, 0, 0, 0, 0, 0, "-DTR=64 -DTC=13 -DGROUP=256"},
      /* Tall f16 read an element at a time into skewed rows in AUTO's 64-row tiles (128-byte runs), the
       * last tile partial, a batch. */
      {3001, 25, 2, 64, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0, "-DVWL=1 -DTVS=ushort8 -DVWS=8 -DTR=64 -DTC=25"},
      {3001, 25, 2, 64, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0, "-DSKEW=16 -DFLAT=1"},
      {2001, 19, 2, 64, 0, 256, 0, 3, 0, 0, 0, 0, 5, 3, "-DSKEW=16 -DFLAT=1"},
      /* A tall source's FLAT tile held as read and gathered on the way out (GATHER): into destination
       * rows on 16-byte vectors (no skew), lines of single elements, pairs and 4-element vectors; into
       * rows off the sectors, skewed, through the row count, the leading dimension, the offset or a
       * batch's stride, a vector's elements split across two groups of rows; fewer rows than the skew,
       * the last tiles partial. */
      {4000, 13, 1, 512, 0, 64, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DVWS=16 -DTR=512 -DTC=13 -DGROUP=64 -DPAD=0 -DROT=0"},
      {4000, 13, 1, 512, 0, 64, 0, 0, 0, 0, 0, 0, 0, 0, "-DSUNROLL=0 -DFLAT=1 -DFV=16"},
      {4000, 13, 2, 256, 0, 64, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DVWS=8 -DTR=256 -DTC=13 -DGROUP=64 -DPAD=0 -DROT=0"},
      {4000, 6, 4, 256, 0, 64, 0, 0, 0, 0, 0, 0, 0, 0, "-DVWL=2 -DTVS=uint4 -DVWS=4 -DTR=256 -DTC=6"},
      {4000, 6, 4, 256, 0, 64, 0, 0, 0, 0, 0, 0, 0, 0, "-DSUNROLL=0 -DFLAT=1 -DFV=4"},
      {4001, 13, 1, 256, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DVWS=16 -DTR=256 -DTC=13 -DGROUP=128 -DPAD=0 -DROT=0"},
      {4001, 13, 1, 256, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0, "-DSKEW=32 -DFLAT=1 -DFV=16"},
      {4001, 26, 1, 128, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0, "-DVWL=2 -DTVS=uchar16 -DVWS=16 -DTR=128 -DTC=26"},
      {4001, 26, 1, 128, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0, "-DSKEW=32 -DFLAT=1"},
      {3001, 12, 2, 128, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0, "-DVWL=4 -DTVS=ushort8 -DVWS=8 -DTR=128 -DTC=12"},
      {3001, 12, 2, 128, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0, "-DSKEW=16 -DFLAT=1"},
      {2000, 13, 4, 64, 0, 128, 0, 0, 0, 0, 0, 2001, 0, 0, "-DTVS=uint4 -DVWS=4 -DTR=64 -DTC=13"},
      {2000, 13, 4, 64, 0, 128, 0, 0, 0, 0, 0, 2001, 0, 0, "-DSKEW=8 -DFLAT=1"},
      {2000, 7, 2, 128, 0, 128, 0, 0, 0, 0, 5, 0, 0, 0, "-DSKEW=16 -DFLAT=1"},
      {3000, 7, 1, 128, 0, 128, 0, 3, 0, 0, 0, 0, 8, 3, "-DSKEW=32 -DFLAT=1"},
      {20, 13, 1, 64, 0, 64, 0, 0, 0, 0, 0, 0, 0, 0, "-DSKEW=32 -DFLAT=1"},
      {5003, 5, 4, 16, 0, 64, 0, 0, 0, 0, 0, 0, 0, 0, "-DSKEW=8 -DFLAT=1"},
      /* The H200's larger groups for those into rows on 16-byte vectors off 256 bytes
       * (narrow_gather_group): u8, f16 and f32 in groups of 128, f16 of 33 to 63 columns in 256; a batch, a
       * padded leading dimension, the last tile partial. */
      {4000, 21, 1, 256, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTR=256 -DTC=21 -DGROUP=128 -DPAD=0 -DROT=0 -DCOLMAJOR=1 -DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 "
       "-DFLAT=1"},
      {160, 37, 1, 128, 0, 128, 0, 3, 0, 0, 0, 0, 0, 0,
       "-DTR=128 -DTC=37 -DGROUP=128 -DPAD=0 -DROT=0 -DCOLMAJOR=1 -DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 "
       "-DFLAT=1"},
      {2000, 31, 2, 128, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTR=128 -DTC=31 -DGROUP=128 -DPAD=0 -DROT=0 -DCOLMAJOR=1 -DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 "
       "-DFLAT=1"},
      {4000, 41, 2, 128, 0, 256, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTR=128 -DTC=41 -DGROUP=256 -DPAD=0 -DROT=0 -DCOLMAJOR=1 -DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 "
       "-DFLAT=1"},
      {1000, 45, 2, 128, 0, 256, 0, 0, 0, 0, 0, 1008, 0, 0,
       "-DTR=128 -DTC=45 -DGROUP=256 -DPAD=0 -DROT=0 -DCOLMAJOR=1 -DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 "
       "-DFLAT=1"},
      {2000, 57, 4, 64, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTR=64 -DTC=57 -DGROUP=128 -DPAD=0 -DROT=0 -DCOLMAJOR=1 -DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 "
       "-DFLAT=1"},
      /* SKEW: tall sources whose lines are whole 32-byte sectors and whose destination rows are off them,
       * each run written from the sector boundary before it in 16-byte vectors: 2-, 4- and 8-byte
       * elements, rows off the sectors through the leading dimension, the offset or a batch's stride,
       * matrices of fewer rows than one tile or than the skew, the last tiles partial, several rounds of
       * small tiles. */
      {4001, 24, 4, 128, 0, 256, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTVS=uint4 -DVWS=4 -DTR=128 -DTC=24 -DGROUP=256 -DPAD=0"},
      {4001, 24, 4, 128, 0, 256, 0, 0, 0, 0, 0, 0, 0, 0, "-DSUNROLL=0 -DSKEW=8"},
      {3001, 16, 2, 128, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0, "-DSUNROLL=0 -DSKEW=16"},
      {2001, 12, 8, 64, 0, 64, 0, 0, 0, 0, 0, 0, 0, 0, "-DSUNROLL=0 -DSKEW=4"},
      {2000, 24, 4, 128, 0, 256, 0, 3, 0, 0, 5, 0, 0, 3, "-DSUNROLL=0 -DSKEW=8"},
      {2000, 32, 4, 64, 0, 64, 0, 2, 0, 0, 0, 0, 0, 4, "-DSUNROLL=0 -DSKEW=8"},
      {13, 8, 4, 64, 0, 64, 0, 0, 0, 0, 0, 0, 0, 0, "-DSUNROLL=0 -DSKEW=8"},
      {5, 4, 8, 32, 0, 32, 0, 0, 0, 0, 0, 0, 0, 0, "-DSUNROLL=0 -DSKEW=4"},
      {5003, 24, 4, 16, 0, 64, 0, 0, 0, 0, 0, 0, 0, 0, "-DSUNROLL=0 -DSKEW=8"},
      {3001, 48, 2, 64, 0, 64, 0, 0, 0, 0, 0, 0, 0, 0, "-DSUNROLL=0 -DSKEW=16"},
      /* Batches of 3 with padded strides. */
      {3000, 12, 4, 256, 0, 256, 0, 3, 0, 0, 0, 0, 4, 2,
       "-DVWL=4 -DTVS=uint2 -DVWS=2 -DTR=256 -DTC=12 -DGROUP=256 -DPAD=0 -DROT=12 "},
      {16, 5000, 1, 512, 0, 128, 0, 3, 0, 0, 0, 0, 3, 16, /* the source's vectors cut from aligned pairs */
       "-DTVL=uchar16 -DVWL=16 -DTVS=uchar16 -DVWS=16 -DTR=16 -DTC=512 -DGROUP=128 -DPAD=0 -DROT=0 "},
      /* Small tiles in small groups: several units per work-item, the last round partly idle. */
      {1000, 24, 4, 16, 0, 64, 0, 0, 0, 0, 0, 0, 0, 0, "-DTR=16 -DTC=24 -DGROUP=64 -DPAD=0 -DROT=8 "},
      {12, 1000, 2, 32, 0, 64, 0, 0, 0, 0, 0, 16, 0, 0,
       "-DTVL=ushort8 -DVWL=8 -DTVS=ushort4 -DVWS=4 -DTR=12 -DTC=32 -DGROUP=64 -DPAD=0 -DROT=24 "},
      {12, 1000, 2, 32, 0, 64, 0, 0, 0, 0, 0, 0, 0, 0, "-DTR=12 -DTC=32 -DGROUP=64 -DPAD=0 -DROT=0 "},
      /* Other group sizes. */
      {5000, 16, 8, 128, 0, 32, 0, 0, 0, 0, 0, 0, 0, 0, "-DTR=128 -DTC=16 -DGROUP=32 -DPAD=0 -DROT=2 "},
      {16, 20000, 4, 256, 0, 512, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTR=16 -DTC=256 -DGROUP=512 -DPAD=0 -DROT=8 -DCOLMAJOR=0 "},
      /* Padding in whole long-side vectors, and other vector widths (64-byte vectors included). */
      {4000, 24, 4, 128, 0, 256, 1, 0, 0, 0, 0, 0, 0, 0, "-DTR=128 -DTC=24 -DGROUP=256 -DPAD=4 -DROT=8 "},
      {12, 9000, 1, 512, 0, 128, 5, 0, 0, 0, 0, 16, 0, 0, "-DTR=12 -DTC=512 -DGROUP=128 -DPAD=8 -DROT=48 "},
      {4000, 24, 4, 128, 16, 256, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTVS=uint16 -DVWS=16 -DTR=128 -DTC=24 -DGROUP=256 -DPAD=0 -DROT=16 "},
      {4000, 24, 4, 128, 1, 256, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTVS=uint -DVWS=1 -DTR=128 -DTC=24 -DGROUP=256 -DPAD=0 -DROT=6 "},
      {8, 2000, 16, 128, 4, 64, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTVL=uint16 -DVWL=4 -DTVS=uint4 -DVWS=1 -DTR=8 -DTC=128 -DGROUP=64 "},
      /* More groups than the drivers' caps (65535 in y, 2^20 in x): the kernel loops over the rest. */
      {1, 34000000, 1, 16, 0, 16, 0, 0, 0, 0, 0, 0, 0, 0, "-DTR=1 -DTC=16 -DGROUP=16 "},
      {2100000, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, "-DTR=1 -DTC=1 -DGROUP=1 "},
  };
  (void)state;
  run_narrow_cases(cases, sizeof cases / sizeof cases[0]);
}

/* Tall f32 sources of 65 to 127 columns in the narrow kernel's tiles as the H200's AUTO runs them
 * (src/tuning.c's tall4_to_narrow): all the columns of 64 or 32 source rows in groups of 128, exact. Source
 * rows off 16 bytes (odd and 2 mod 4 columns, a padded leading dimension), destination rows on 16 bytes
 * (held as read and gathered, FLAT) and off them (skewed: odd and 2 mod 4 rows, a padded leading dimension,
 * an offset), the last tile partial (down to one row), batches; then batches whose destination rows do not
 * all start alike (an odd stride, padded strides) and go an element at a time, without FLAT. Then tall f64
 * sources of 66 to 122 columns in the tiles of 32 source rows the H200 gives those its vector kernel would
 * take (tall8_to_narrow): dense, a batch, a padded leading dimension, the last tile partial. Then tall f16
 * sources of an odd 65 to 113 columns in the H200's tiles of 64 source rows in groups of 128 and of 128 in
 * groups of 256 (tall2_to_narrow), moved whole (FLAT): destination rows on 16 bytes and skewed (odd rows, a
 * padded leading dimension), batches, the last tile partial (down to 2 rows). */
static void narrow_tall_tiles_exact(void **state) {
  static const narrow_case cases[] = {
      {4000, 99, 4, 64, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTR=64 -DTC=99 -DGROUP=128 -DPAD=0 -DROT=0 -DCOLMAJOR=1 -DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 "
       "-DFLAT=1"},
      {2000, 66, 4, 64, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTR=64 -DTC=66 -DGROUP=128 -DPAD=0 -DROT=0 -DCOLMAJOR=1 -DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 "
       "-DFLAT=1"},
      {2000, 65, 4, 64, 0, 128, 0, 0, 0, 0, 0, 2048, 0, 0,
       "-DTR=64 -DTC=65 -DGROUP=128 -DPAD=0 -DROT=0 -DCOLMAJOR=1 -DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 "
       "-DFLAT=1"},
      {1024, 75, 4, 64, 0, 128, 0, 3, 0, 0, 0, 0, 0, 0,
       "-DTR=64 -DTC=75 -DGROUP=128 -DPAD=0 -DROT=0 -DCOLMAJOR=1 -DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 "
       "-DFLAT=1"},
      {4001, 113, 4, 32, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTR=32 -DTC=113 -DGROUP=128 -DPAD=0 -DROT=0 -DCOLMAJOR=1 -DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 "
       "-DSKEW=8 -DFLAT=1"},
      {3002, 94, 4, 32, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTR=32 -DTC=94 -DGROUP=128 -DPAD=0 -DROT=0 -DCOLMAJOR=1 -DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 "
       "-DSKEW=8 -DFLAT=1"},
      {3001, 127, 4, 32, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTR=32 -DTC=127 -DGROUP=128 -DPAD=0 -DROT=0 -DCOLMAJOR=1 -DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 "
       "-DSKEW=8 -DFLAT=1"},
      {2000, 107, 4, 32, 0, 128, 0, 0, 0, 0, 3, 2005, 0, 0,
       "-DTR=32 -DTC=107 -DGROUP=128 -DPAD=0 -DROT=0 -DCOLMAJOR=1 -DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 "
       "-DSKEW=8 -DFLAT=1"},
      {1000, 85, 4, 32, 0, 128, 0, 3, 0, 0, 3, 0, 0, 0,
       "-DTR=32 -DTC=85 -DGROUP=128 -DPAD=0 -DROT=0 -DCOLMAJOR=1 -DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 "
       "-DSKEW=8 -DFLAT=1"},
      {150, 101, 4, 64, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTR=64 -DTC=101 -DGROUP=128 -DPAD=0 -DROT=0 -DCOLMAJOR=1 -DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 "
       "-DSKEW=8 -DFLAT=1"},
      {129, 122, 4, 32, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTR=32 -DTC=122 -DGROUP=128 -DPAD=0 -DROT=0 -DCOLMAJOR=1 -DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 "
       "-DSKEW=8 -DFLAT=1"},
      {1000, 75, 4, 64, 0, 128, 0, 3, 0, 0, 0, 0, 5, 8,
       "-DTR=64 -DTC=75 -DGROUP=128 -DPAD=0 -DROT=4 -DCOLMAJOR=1 -DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0"},
      /* the H200's tall f32 of an odd 41 to 63 columns (src/tuning.c's tall4_odd_skewed_to_narrow16): tiles
       * of 16 source rows, into destination rows off 8, on 8 and on 16 bytes, the last tile partial */
      {3001, 43, 4, 16, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTVL=uint -DVWL=1 -DTVS=uint4 -DVWS=4 -DTR=16 -DTC=43 -DGROUP=128 -DPAD=0 -DROT=0 -DCOLMAJOR=1 "
       "-DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 -DSKEW=8 -DFLAT=1"},
      {2002, 59, 4, 16, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTVL=uint -DVWL=1 -DTVS=uint4 -DVWS=4 -DTR=16 -DTC=59 -DGROUP=128 -DPAD=0 -DROT=0 -DCOLMAJOR=1 "
       "-DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 -DSKEW=8 -DFLAT=1"},
      {2004, 47, 4, 16, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTVL=uint -DVWL=1 -DTVS=uint4 -DVWS=4 -DTR=16 -DTC=47 -DGROUP=128 -DPAD=0 -DROT=0 -DCOLMAJOR=1 "
       "-DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 -DSKEW=8 -DFLAT=1"},
      /* and tiles of 32 rows over 33 to 39 columns into rows off 16 bytes (src/tuning.c's
         tall4_small_to_tiles32, clt__traits tall4_off16_tiles32) */
      {3001, 35, 4, 32, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTVL=uint -DVWL=1 -DTVS=uint4 -DVWS=4 -DTR=32 -DTC=35 -DGROUP=128 -DPAD=0 -DROT=0 -DCOLMAJOR=1 "
       "-DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 -DSKEW=8 -DFLAT=1"},
      {2002, 38, 4, 32, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTVL=uint2 -DVWL=2 -DTVS=uint4 -DVWS=4 -DTR=32 -DTC=38 -DGROUP=128 -DPAD=0 -DROT=0 -DCOLMAJOR=1 "
       "-DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 -DSKEW=8 -DFLAT=1"},
      {1001, 85, 4, 32, 0, 128, 0, 2, 0, 0, 0, 0, 0, 0,
       "-DTVS=uint -DVWS=1 -DTR=32 -DTC=85 -DGROUP=128 -DPAD=0 -DROT=1"},
      {1001, 85, 4, 32, 0, 128, 0, 2, 0, 87, 0, 0, 3, 3,
       "-DTVS=uint -DVWS=1 -DTR=32 -DTC=85 -DGROUP=128 -DPAD=0 -DROT=1"},
      {3000, 66, 8, 32, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTVL=ulong2 -DVWL=2 -DTVS=ulong2 -DVWS=2 -DTR=32 -DTC=66 -DGROUP=128 -DPAD=0 -DROT=2"},
      {2002, 122, 8, 32, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTVL=ulong2 -DVWL=2 -DTVS=ulong2 -DVWS=2 -DTR=32 -DTC=122 -DGROUP=128 -DPAD=0 -DROT=2"},
      {1000, 90, 8, 32, 0, 128, 0, 3, 0, 0, 0, 0, 0, 0,
       "-DTVL=ulong2 -DVWL=2 -DTVS=ulong2 -DVWS=2 -DTR=32 -DTC=90 -DGROUP=128 -DPAD=0 -DROT=2"},
      {4000, 74, 8, 32, 0, 128, 0, 0, 0, 0, 0, 4002, 0, 0,
       "-DTVL=ulong2 -DVWL=2 -DTVS=ulong2 -DVWS=2 -DTR=32 -DTC=74 -DGROUP=128 -DPAD=0 -DROT=2"},
      {200, 98, 8, 32, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTVL=ulong2 -DVWL=2 -DTVS=ulong2 -DVWS=2 -DTR=32 -DTC=98 -DGROUP=128 -DPAD=0 -DROT=2"},
      {4096, 77, 2, 64, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DVWL=1 -DTVS=ushort8 -DVWS=8 -DTR=64 -DTC=77 -DGROUP=128 -DPAD=0 -DROT=0 -DCOLMAJOR=1 "
       "-DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 -DFLAT=1 -DFV=8 -DTVF=ushort8"},
      {4001, 113, 2, 64, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DVWL=1 -DTVS=ushort8 -DVWS=8 -DTR=64 -DTC=113 -DGROUP=128 -DPAD=0 -DROT=0 -DCOLMAJOR=1 "
       "-DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 -DSKEW=16 -DFLAT=1 -DFV=8 -DTVF=ushort8"},
      {512, 101, 2, 64, 0, 128, 0, 5, 0, 0, 0, 0, 0, 0,
       "-DVWL=1 -DTVS=ushort8 -DVWS=8 -DTR=64 -DTC=101 -DGROUP=128 -DPAD=0 -DROT=0 -DCOLMAJOR=1 "
       "-DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 -DFLAT=1 -DFV=8 -DTVF=ushort8"},
      {3000, 65, 2, 128, 0, 256, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DVWL=1 -DTVS=ushort8 -DVWS=8 -DTR=128 -DTC=65 -DGROUP=256 -DPAD=0 -DROT=0 -DCOLMAJOR=1 "
       "-DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 -DSKEW=16 -DFLAT=1 -DFV=8 -DTVF=ushort8"},
      {2001, 81, 2, 128, 0, 256, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DVWL=1 -DTVS=ushort8 -DVWS=8 -DTR=128 -DTC=81 -DGROUP=256 -DPAD=0 -DROT=0 -DCOLMAJOR=1 "
       "-DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 -DSKEW=16 -DFLAT=1 -DFV=8 -DTVF=ushort8"},
      {1000, 79, 2, 128, 0, 256, 0, 3, 0, 0, 0, 0, 0, 0,
       "-DVWL=1 -DTVS=ushort8 -DVWS=8 -DTR=128 -DTC=79 -DGROUP=256 -DPAD=0 -DROT=0 -DCOLMAJOR=1 "
       "-DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 -DSKEW=16 -DFLAT=1 -DFV=8 -DTVF=ushort8"},
      {1000, 73, 2, 128, 0, 256, 0, 0, 0, 0, 0, 1005, 0, 0,
       "-DVWL=1 -DTVS=ushort8 -DVWS=8 -DTR=128 -DTC=73 -DGROUP=256 -DPAD=0 -DROT=0 -DCOLMAJOR=1 "
       "-DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 -DSKEW=16 -DFLAT=1 -DFV=8 -DTVF=ushort8"},
      {130, 65, 2, 128, 0, 256, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DVWL=1 -DTVS=ushort8 -DVWS=8 -DTR=128 -DTC=65 -DGROUP=256 -DPAD=0 -DROT=0 -DCOLMAJOR=1 "
       "-DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 -DSKEW=16 -DFLAT=1 -DFV=8 -DTVF=ushort8"},
  };
  (void)state;
  run_narrow_cases(cases, sizeof cases / sizeof cases[0]);
}

/* The H200's narrow tiles of 64 and 128 source rows unskewed into destination rows on 16 bytes but off 32
 * (src/tuning.c's narrow4_on16_unskewed, dst_align 16), exact: 11 to 51 columns, the last tile partial. The
 * options run from SUNROLL straight to FLAT, which a skew (-DSKEW=8) would come between. */
static void narrow_unskewed16_exact(void **state) {
  static const struct {
    size_t rows, cols;
    unsigned tile, wg;
    const char *opt;
  } cases[] = {
      {2004, 22, 64, 128,
       "-DTR=64 -DTC=22 -DGROUP=128 -DPAD=0 -DROT=0 -DCOLMAJOR=1 -DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 "
       "-DFLAT=1"},
      {3004, 15, 128, 64,
       "-DTR=128 -DTC=15 -DGROUP=64 -DPAD=0 -DROT=0 -DCOLMAJOR=1 -DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 "
       "-DFLAT=1"},
      {1004, 51, 64, 128,
       "-DTR=64 -DTC=51 -DGROUP=128 -DPAD=0 -DROT=0 -DCOLMAJOR=1 -DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 "
       "-DFLAT=1"},
      {2012, 11, 128, 64,
       "-DTR=128 -DTC=11 -DGROUP=64 -DPAD=0 -DROT=0 -DCOLMAJOR=1 -DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 "
       "-DFLAT=1"},
  };
  (void)state;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const clt_tuning t = {.variant = CLT_VARIANT_NARROW,
                          .tile = cases[i].tile,
                          .wg_x = cases[i].wg,
                          .wg_y = 1,
                          .dst_align = 16};
    const clt_desc d = clt_test_desc(cases[i].rows, cases[i].cols, 4, CLT_VARIANT_NARROW);
    run_tuned(&d, CLT_TEST_VIA_PLAN, &t, cases[i].opt);
  }
}

/* The H200's shorter narrow tiles for matrices of a few MB (src/tuning.c's small_grid_fill), exact: u8
 * tiles of 64 and 128 elements, f16 of 16 (skewed ones too) and 64, f32 of 32 and 64, f64 of 16 and 32, tall
 * and wide, in the groups the H200's AUTO takes, the last tile partial. */
static void narrow_fill_tiles_exact(void **state) {
  static const narrow_case cases[] = {
      {60, 1793, 2, 16, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0, "-DTR=60 -DTC=16 -DGROUP=128 "},
      {7, 16547, 2, 64, 0, 64, 0, 0, 0, 0, 0, 0, 0, 0, "-DTR=7 -DTC=64 -DGROUP=64 "},
      {16711, 5, 2, 64, 0, 64, 0, 0, 0, 0, 0, 0, 0, 0, "-DTR=64 -DTC=5 -DGROUP=64 "},
      {2404, 51, 2, 64, 0, 256, 0, 0, 0, 0, 0, 0, 0, 0, "-DTR=64 -DTC=51 -DGROUP=256 "},
      {3136, 27, 2, 16, 0, 64, 0, 0, 0, 0, 0, 0, 0, 0, "-DTR=16 -DTC=27 -DGROUP=64 "},
      /* f16 destination rows skewed by 16 elements, in tiles of 16 rows (13 columns and more) */
      {3001, 45, 2, 16, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTR=16 -DTC=45 -DGROUP=128 -DPAD=0 -DROT=0 -DCOLMAJOR=1 -DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 "
       "-DSKEW=16 -DFLAT=1"},
      {2001, 81, 2, 16, 0, 256, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTR=16 -DTC=81 -DGROUP=256 -DPAD=0 -DROT=0 -DCOLMAJOR=1 -DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 "
       "-DSKEW=16 -DFLAT=1"},
      {1003, 13, 2, 16, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTR=16 -DTC=13 -DGROUP=128 -DPAD=0 -DROT=0 -DCOLMAJOR=1 -DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 "
       "-DSKEW=16 -DFLAT=1"},
      /* u8 tiles of 64 (skewed by 32 from 13 columns up) and, skewed with up to 12 columns, of 128 */
      {1952, 6, 1, 64, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0, "-DTR=64 -DTC=6 -DGROUP=128 "},
      {1203, 47, 1, 64, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTR=64 -DTC=47 -DGROUP=128 -DPAD=0 -DROT=0 -DCOLMAJOR=1 -DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 "
       "-DSKEW=32 -DFLAT=1"},
      {1501, 7, 1, 128, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTR=128 -DTC=7 -DGROUP=128 -DPAD=0 -DROT=0 -DCOLMAJOR=1 -DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0 "
       "-DSKEW=32 -DFLAT=1"},
      {4, 3001, 1, 128, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0, "-DTR=4 -DTC=128 -DGROUP=128 "},
      {5527, 6, 4, 32, 0, 64, 0, 0, 0, 0, 0, 0, 0, 0, "-DTR=32 -DTC=6 -DGROUP=64 "},
      {6501, 21, 4, 32, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0, "-DTR=32 -DTC=21 -DGROUP=128 "},
      {42, 3416, 4, 32, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0, "-DTR=42 -DTC=32 -DGROUP=128 "},
      {4, 25787, 4, 64, 0, 64, 0, 0, 0, 0, 0, 0, 0, 0, "-DTR=4 -DTC=64 -DGROUP=64 "},
      {3001, 42, 8, 16, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0, "-DTR=16 -DTC=42 -DGROUP=128 "},
      {89, 1600, 8, 16, 0, 256, 0, 0, 0, 0, 0, 0, 0, 0, "-DTR=89 -DTC=16 -DGROUP=256 "},
      {5824, 3, 8, 16, 0, 64, 0, 0, 0, 0, 0, 0, 0, 0, "-DTR=16 -DTC=3 -DGROUP=64 "},
      {4, 9401, 8, 32, 0, 64, 0, 0, 0, 0, 0, 0, 0, 0, "-DTR=4 -DTC=32 -DGROUP=64 "},
  };
  (void)state;
  run_narrow_cases(cases, sizeof cases / sizeof cases[0]);
}

/* The narrow kernel's whole short side over source rows on 16-byte vectors, whose tiles cut by the matrix's
 * last column move each row vector inside it and, held as written, their destination run as whole vectors
 * (cl/narrow.cl's EDGE_VEC, which the host sets there: src/tuning.c's narrow_edge_vectors), exact: u8 and
 * f16, destination rows on 4-byte words (FLAT) and on 16 bytes (the row-major tile), last tiles of 16 to 49
 * columns, batches with padded strides, the source at an offset in padded rows, columns that end inside a
 * vector. Small enough for Oclgrind's bounds checks (tests/oclgrind). */
static void narrow_edge_vectors_exact(void **state) {
  static const narrow_case cases[] = {
      {300, 304, 1, 64, 0, 256, 0, 0, 0, 0, 0, 0, 0, 0, "-DSRC_SHIFT=0 -DSUNROLL=2 -DEDGE_VEC=1 -DFLAT=1"},
      {484, 496, 1, 64, 0, 256, 0, 2, 0, 0, 0, 0, 16, 16, "-DSRC_SHIFT=0 -DSUNROLL=2 -DEDGE_VEC=1 -DFLAT=1"},
      {286, 296, 2, 64, 0, 256, 0, 0, 0, 0, 0, 0, 0, 0, "-DSRC_SHIFT=0 -DSUNROLL=2 -DEDGE_VEC=1 -DFLAT=1"},
      {150, 168, 2, 64, 0, 256, 0, 3, 0, 0, 0, 0, 8, 8, "-DSRC_SHIFT=0 -DSUNROLL=2 -DEDGE_VEC=1 -DFLAT=1"},
      {300, 304, 1, 64, 0, 256, 0, 0, 16, 320, 0, 0, 0, 0, "-DSRC_SHIFT=0 -DSUNROLL=2 -DEDGE_VEC=1 -DFLAT=1"},
      /* padded source rows of 16-byte vectors, the matrix's columns not a whole number of them: the last
       * vector of each row and of the destination run element by element */
      {300, 305, 1, 64, 0, 256, 0, 0, 0, 320, 0, 0, 0, 0, "-DSRC_SHIFT=0 -DSUNROLL=2 -DEDGE_VEC=1 -DFLAT=1"},
      {150, 171, 2, 64, 0, 256, 0, 2, 0, 176, 0, 0, 0, 6, "-DSRC_SHIFT=0 -DSUNROLL=2 -DEDGE_VEC=1 -DFLAT=1"},
      {256, 272, 1, 64, 0, 256, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTR=256 -DTC=64 -DGROUP=256 -DPAD=0 -DROT=16 -DCOLMAJOR=0 -DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=2 "
       "-DEDGE_VEC=1"},
      /* past 511 (u8) and 319 (f16) rows, destination rows off and on 4-byte words: tiles of up to 48 KiB */
      {599, 624, 1, 64, 0, 256, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTR=599 -DTC=64 -DGROUP=256 -DPAD=0 -DROT=0 -DCOLMAJOR=0 -DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=2 "
       "-DEDGE_VEC=1 -DFLAT=1"},
      {524, 528, 1, 64, 0, 256, 0, 2, 0, 0, 0, 0, 0, 0,
       "-DTR=524 -DTC=64 -DGROUP=256 -DPAD=0 -DROT=0 -DCOLMAJOR=0 -DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=2 "
       "-DEDGE_VEC=1 -DFLAT=1"},
      {382, 392, 2, 64, 0, 256, 0, 0, 0, 0, 0, 0, 0, 0,
       "-DTR=382 -DTC=64 -DGROUP=256 -DPAD=0 -DROT=0 -DCOLMAJOR=0 -DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=2 "
       "-DEDGE_VEC=1 -DFLAT=1"},
  };
  (void)state;
  run_narrow_cases(cases, sizeof cases / sizeof cases[0]);
}

static void plan_info_reports_requested_or_concrete_variant(void **state) {
  static const clt_variant all[] = {CLT_VARIANT_AUTO,   CLT_VARIANT_NAIVE, CLT_VARIANT_TILED,
                                    CLT_VARIANT_VECTOR, CLT_VARIANT_BLOCK, CLT_VARIANT_RECT,
                                    CLT_VARIANT_NARROW, CLT_VARIANT_COPY};
  (void)state;
  for (size_t v = 0; v < sizeof all / sizeof all[0]; v++)
    for (size_t e = 0; e < 5; e++)
      for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i += 3) {
        clt_desc d = clt_test_desc(shapes[i].rows, shapes[i].cols, elem_sizes[e], all[v]);
        clt_plan *plan = NULL;
        clt_variant got = (clt_variant)-1;
        const char *opts = NULL;
        clt_status st = clt_plan_create(&plan, env.context, env.device, &d);
        if (st != CLT_SUCCESS)
          fail_msg("clt_plan_create(%s, %zux%zu, es %zu) returned %s: %s", clt_variant_name(all[v]), d.rows,
                   d.cols, d.elem_size, clt_status_string(st), clt_last_error());
        assert_int_equal(clt_plan_info(plan, &got, &opts), CLT_SUCCESS);
        if (all[v] == CLT_VARIANT_AUTO)
          assert_true(got == CLT_VARIANT_NAIVE || got == CLT_VARIANT_TILED || got == CLT_VARIANT_VECTOR ||
                      got == CLT_VARIANT_BLOCK || got == CLT_VARIANT_RECT || got == CLT_VARIANT_NARROW);
        else
          assert_int_equal(got, all[v]);
        assert_non_null(opts);
        assert_non_null(strstr(opts, "-D"));
        /* Either output may be NULL. */
        assert_int_equal(clt_plan_info(plan, NULL, NULL), CLT_SUCCESS);
        assert_int_equal(clt_plan_info(plan, &got, NULL), CLT_SUCCESS);
        assert_int_equal(clt_plan_info(plan, NULL, &opts), CLT_SUCCESS);
        clt_plan_destroy(plan);
      }
}

static int group_setup(void **state) {
  (void)state;
  return 0;
}

static int group_teardown(void **state) {
  (void)state;
  clt_cache_clear();
  return 0;
}

enum { NPARAM = NVARIANTS * 5 };

/* Appends t to a part that holds cap tests. The parts are sized exactly: running out is a bug here. */
static void add_to_part(struct CMUnitTest *part, size_t cap, size_t *n, struct CMUnitTest t) {
  if (*n == cap) {
    fprintf(stderr, "test_transpose: a part has room for %zu tests only\n", cap);
    exit(1);
  }
  part[(*n)++] = t;
}

/* Whether a parameterized test goes to part 2: rect, and narrow but for 4-byte elements. Narrow
 * builds a kernel for nearly every shape (its tile follows the short side), and its two sets share
 * them: they stay together. */
static int in_part2(const param *p) {
  return p->variant == CLT_VARIANT_RECT || (p->variant == CLT_VARIANT_NARROW && p->es != 4);
}

/* ctest runs the tests in three parts, as three entries (tests/CMakeLists.txt) that can run side by side:
 * POCL compiles the kernels on one core, and as one entry this was the longest of the suite by far (about
 * 7 minutes under ASan with an empty kernel cache, the other core idle at the end). Part 2 is rect, narrow
 * but for 4-byte elements (in_part2) and the tests of tuned rect knobs (spread, units, small tile
 * columns); part 1 the other variants, narrow's 4-byte elements and tuned tiles, the fixed tests and,
 * for the balance, rect's shifted rows read as word pairs. Parts 1 and 2 spend their time compiling a
 * kernel for nearly every case, which ctest has POCL do unoptimized; part 3 is the one test whose time
 * goes to running its kernels (grids past the drivers' caps, tens of millions of elements a variant), left
 * to POCL's optimizing build. A new test goes in one of the lists below; without --part every part runs,
 * in one process. */
int main(int argc, char **argv) {
  static param params[NPARAM];
  static char names[NPARAM][96], lnames[NPARAM][112];
  static const struct CMUnitTest fixed1[] = {
      /* after part 1's share of the two parameterized sets */
      cmocka_unit_test(copy_dense_views_equal_src_bytes),
      cmocka_unit_test(plan_info_reports_requested_or_concrete_variant),
      cmocka_unit_test(narrow_tiles_exact),
      cmocka_unit_test(narrow_tall_tiles_exact),
      cmocka_unit_test(narrow_unskewed16_exact),
      cmocka_unit_test(narrow_fill_tiles_exact),
      cmocka_unit_test(tiled_knobs_exact),
      cmocka_unit_test(vector_pairs_exact),
      cmocka_unit_test(vector_shifted_f16_exact),
      cmocka_unit_test(cpu_tile_vectors_exact),
      cmocka_unit_test(cpu_direct_tiles_exact),
      cmocka_unit_test(cpu_strip_tiles_exact),
      cmocka_unit_test(cpu_tiles_of_few_rows_exact),
      cmocka_unit_test(cpu_tiles_of_few_columns_exact),
      cmocka_unit_test(cpu_tiles_of_few_rows_as_runs_exact),
      cmocka_unit_test(cpu_tiles_of_skewed_bytes_exact),
      cmocka_unit_test_prestate_setup_teardown(rect_shift_funnel_exact, build_options_on,
                                               restore_build_options, "-DSHIFT_FUNNEL=1"),
  };
  static const struct CMUnitTest fixed2[] = {
      /* after part 2's share */
      cmocka_unit_test(spread_pitch_exact),
      cmocka_unit_test(rect_units_exact),
      cmocka_unit_test(rect_small_tile_columns_exact),
      cmocka_unit_test(rect_fill_tiles_exact),
      cmocka_unit_test(rect_u8_small_tiles_exact),
      cmocka_unit_test(tiles_overlap_exact),
      cmocka_unit_test_prestate_setup_teardown(vector_overlap_exact, build_options_on, restore_build_options,
                                               ""),
      cmocka_unit_test(rect_skew_from_global_exact),
      cmocka_unit_test_prestate_setup_teardown(rect_edge_knobs_exact, build_options_on, restore_build_options,
                                               "-DEDGE_VEC=1 -DEDGE_ROWS=8"),
      cmocka_unit_test_prestate_setup_teardown(rect_f32_overlap_exact, build_options_on,
                                               restore_build_options, ""),
      cmocka_unit_test_prestate_setup_teardown(rect_loads_first_exact, build_options_on,
                                               restore_build_options, "-DLOADS_FIRST=1"),
      cmocka_unit_test_prestate_setup_teardown(rect_shift_split_exact, build_options_on,
                                               restore_build_options, "-DSHIFT_SPLIT=1"),
      cmocka_unit_test_prestate_setup_teardown(rect_narrow_stores_exact, build_options_on,
                                               restore_build_options, "-DDVW=2"),
      cmocka_unit_test_prestate_setup_teardown(rect_edge_shift_exact, build_options_on, restore_build_options,
                                               "-DEDGE_SHIFT=1"),
      cmocka_unit_test_prestate_setup_teardown(rect_edge_clamp_exact, build_options_on, restore_build_options,
                                               "-DEDGE_CLAMP=1"),
      cmocka_unit_test_prestate_setup_teardown(rect_word_rows_exact, build_options_on, restore_build_options,
                                               "-DWORD_ROWS=1"),
      cmocka_unit_test(rect_tall_skewed_128_rows_exact),
      cmocka_unit_test_prestate_setup_teardown(rect_shifted_u8_tiles32_exact, build_options_on,
                                               restore_build_options, "-DSHIFT_FUNNEL=1"),
      cmocka_unit_test(narrow_edge_vectors_exact),
      cmocka_unit_test(rect_skew_max_exact),
      cmocka_unit_test_prestate_setup_teardown(rect_half_skew_exact, build_options_on, restore_build_options,
                                               "-DEDGE_SHIFT=1 -DSHIFT_SPLIT=1 -DDVW=2"),
      cmocka_unit_test_prestate_setup_teardown(cpu_tiles_walked_in_one_buffer_exact, build_options_on,
                                               restore_build_options, "-DWALK=0"),
  };
  static const struct CMUnitTest part3[] = {
      cmocka_unit_test(grids_beyond_driver_caps_exact),
  };
  enum { NPART2 = 2 * (5 + 4) }; /* part 2's parameterized tests: rect's and four of narrow's, both sets */
  static struct CMUnitTest part1[2 * NPARAM - NPART2 + sizeof fixed1 / sizeof fixed1[0]];
  static struct CMUnitTest part2[NPART2 + sizeof fixed2 / sizeof fixed2[0]];
  size_t n1 = 0, n2 = 0;
  int part = 0, rc = 0;
  double t0;

  for (int i = 1; i < argc; i += 2) {
    if (i + 1 < argc && strcmp(argv[i], "--part") == 0 && !part &&
        (strcmp(argv[i + 1], "1") == 0 || strcmp(argv[i + 1], "2") == 0 || strcmp(argv[i + 1], "3") == 0)) {
      part = argv[i + 1][0] - '0';
    } else if (i + 1 < argc && strcmp(argv[i], "--filter") == 0) {
      cmocka_set_test_filter(argv[i + 1]); /* test names, with * and ? (tests/oclgrind runs a few) */
    } else {
      fprintf(stderr, "usage: %s [--part 1|2|3] [--filter PATTERN]\n", argv[0]);
      return 2;
    }
  }
  for (size_t v = 0; v < NVARIANTS; v++)
    for (size_t e = 0; e < 5; e++) {
      param *p = &params[v * 5 + e];
      p->variant = variants[v];
      p->es = elem_sizes[e];
      snprintf(names[v * 5 + e], sizeof names[0], "%s_elem%zu_all_shapes_exact_and_guards_intact",
               clt_variant_name(p->variant), p->es);
      snprintf(lnames[v * 5 + e], sizeof lnames[0],
               "%s_elem%zu_offsets_padded_ld_batches_exact_and_gaps_intact", clt_variant_name(p->variant),
               p->es);
    }
  /* Each part: the shapes of its variants, then their layouts, then its fixed tests. */
  for (size_t set = 0; set < 2; set++)
    for (size_t i = 0; i < NPARAM; i++) {
      param *p = &params[i];
      struct CMUnitTest t = {set ? lnames[i] : names[i],
                             set ? layouts_exact_with_guards : shapes_exact_with_guards, NULL, NULL, p};
      if (in_part2(p))
        add_to_part(part2, sizeof part2 / sizeof part2[0], &n2, t);
      else
        add_to_part(part1, sizeof part1 / sizeof part1[0], &n1, t);
    }
  for (size_t i = 0; i < sizeof fixed1 / sizeof fixed1[0]; i++)
    add_to_part(part1, sizeof part1 / sizeof part1[0], &n1, fixed1[i]);
  for (size_t i = 0; i < sizeof fixed2 / sizeof fixed2[0]; i++)
    add_to_part(part2, sizeof part2 / sizeof part2[0], &n2, fixed2[i]);
  if (n1 != sizeof part1 / sizeof part1[0] || n2 != sizeof part2 / sizeof part2[0]) {
    fprintf(stderr, "test_transpose: the parts hold %zu and %zu tests, not %zu and %zu\n", n1, n2,
            sizeof part1 / sizeof part1[0], sizeof part2 / sizeof part2[0]);
    return 1;
  }

  clt_test_env_open_or_skip(&env, "test_transpose");
  t0 = clt_test_now();
  if (!part || part == 1)
    rc += cmocka_run_group_tests_name("test_transpose part 1", part1, group_setup, group_teardown);
  if (!part || part == 2)
    rc += cmocka_run_group_tests_name("test_transpose part 2", part2, group_setup, group_teardown);
  if (!part || part == 3)
    rc += cmocka_run_group_tests_name("test_transpose part 3", part3, group_setup, group_teardown);
  if (part)
    printf("test_transpose part %d: %.1f s\n", part, clt_test_now() - t0);
  else
    printf("test_transpose: %.1f s\n", clt_test_now() - t0);
  clt_test_env_close(&env);
  return rc != 0;
}
