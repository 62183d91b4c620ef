/* Unit tests of kernel tuning (clt__choose_config and friends) on faked devices: whatever the device's
 * limits, the chosen work-group and local memory must fit them, AUTO must become a real variant, and the
 * build options and NDRange must be usable. Faking the device lets one machine cover GPUs it lacks. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clt_internal.h"

static clt__device_info make_device(const char *name, cl_device_type type, cl_uint vendor_id, size_t simd,
                                    size_t max_wg, size_t max_item, cl_ulong local, int local_is_global) {
  clt__device_info d;
  memset(&d, 0, sizeof d);
  snprintf(d.name, sizeof d.name, "%s", name);
  snprintf(d.vendor, sizeof d.vendor, "fake vendor of %s", name);
  snprintf(d.driver, sizeof d.driver, "1.0");
  snprintf(d.version, sizeof d.version, "OpenCL 1.2 fake");
  snprintf(d.platform, sizeof d.platform, "fake platform");
  d.type = type;
  d.vendor_id = vendor_id;
  d.compute_units = 16;
  d.max_wg_size = max_wg;
  d.max_item_size[0] = max_item;
  d.max_item_size[1] = max_item;
  d.max_item_size[2] = max_item < 64 ? max_item : 64;
  d.local_mem_size = local;
  d.local_mem_is_global = local_is_global;
  d.max_alloc = (cl_ulong)1 << 30;
  d.base_align_bytes = 128;
  d.simd_width = simd;
  return d;
}

/* An NVIDIA H200 as the built-in tuning table knows it (name and platform), with CLT_CACHE_DIR off so
 * that AUTO reads that table only. */
static clt__device_info faked_h200(void) {
  clt__device_info d = make_device("NVIDIA H200", CL_DEVICE_TYPE_GPU, 0x10de, 32, 1024, 1024, 48 * 1024, 0);
  snprintf(d.platform, sizeof d.platform, "NVIDIA CUDA");
  d.nv_cc_major = 9;
  setenv("CLT_CACHE_DIR", "off", 1);
  return d;
}

/* An NVIDIA H100 as the built-in table knows it: entries for some classes, the heuristic for the rest. */
static clt__device_info faked_h100(void) {
  clt__device_info d = faked_h200();
  snprintf(d.name, sizeof d.name, "NVIDIA H100 80GB HBM3");
  return d;
}

/* A CPU under POCL (the platform that gets non-temporal stores), whose AUTO runs the block kernel's CPU
 * tiles; no table entry. */
static clt__device_info faked_pocl_cpu(void) {
  clt__device_info d =
      make_device("POCL-like CPU", CL_DEVICE_TYPE_CPU, 0x10006, 8, 4096, 4096, 1024 * 1024, 1);
  snprintf(d.platform, sizeof d.platform, "Portable Computing Language");
  return d;
}

/* The private memory a work-group's CPU tiles take: a tile buffer a work-item, two where it walks on to
 * another tile (cl/block.cl reads the next tile into one while it writes the other), one block row where
 * it walks strips (STRIP), as src/tuning.c's budget counts them. */
static size_t cpu_tile_bytes(const clt__config *c, size_t es) {
  return (c->walk ? 2 : 1) * (size_t)c->chunk * (c->strip ? c->vw : c->tile + c->pre) * es * c->wg_x *
         c->wg_y;
}

/* A fresh cache directory, named by CLT_CACHE_DIR, holding dev's tuning file with the given lines;
 * drop_tuning_file removes both and turns the cache off again (as faked_h200 leaves it). */
typedef struct tuning_file {
  char dir[4096], path[4200];
} tuning_file;

static void write_tuning_file(tuning_file *f, const clt__device_info *dev, const char *lines) {
  const char *tmp = getenv("TMPDIR");
  snprintf(f->dir, sizeof f->dir, "%s/clt_tuning_XXXXXX", tmp != NULL && tmp[0] == '/' ? tmp : "/tmp");
  if (mkdtemp(f->dir) == NULL)
    fail_msg("mkdtemp(%s) failed", f->dir);
  setenv("CLT_CACHE_DIR", f->dir, 1);
  clt__tuning_cache_clear();
  assert_true(clt__tuning_file_path(dev, f->path, sizeof f->path));
  FILE *fp = fopen(f->path, "w");
  assert_non_null(fp);
  fputs(lines, fp);
  fclose(fp);
}

static void drop_tuning_file(const tuning_file *f) {
  remove(f->path);
  remove(f->dir);
  clt__tuning_cache_clear();
  setenv("CLT_CACHE_DIR", "off", 1);
}

enum { NDEV = 6 };

static void make_devices(clt__device_info dev[NDEV]) {
  dev[0] = make_device("NVIDIA-like GPU", CL_DEVICE_TYPE_GPU, 0x10de, 32, 1024, 1024, 48 * 1024, 0);
  dev[1] = make_device("AMD-like GPU", CL_DEVICE_TYPE_GPU, 0x1002, 64, 256, 1024, 64 * 1024, 0);
  dev[2] = make_device("tiny GPU", CL_DEVICE_TYPE_GPU, 0x13b5, 16, 64, 64, 16 * 1024, 0);
  dev[3] = make_device("POCL-like CPU", CL_DEVICE_TYPE_CPU, 0x10006, 8, 4096, 4096, 1024 * 1024, 1);
  dev[3].compute_units = 2;
  dev[4] = make_device("Intel-like GPU", CL_DEVICE_TYPE_GPU, 0x8086, 16, 256, 256, 64 * 1024, 0);
  /* Little local memory and work-items only 32 deep in y: forces the tile and the group to shrink. */
  dev[5] = make_device("embedded GPU", CL_DEVICE_TYPE_GPU, 0x1010, 4, 128, 128, 4 * 1024, 0);
  dev[5].max_item_size[1] = 32;
}

typedef struct shape {
  size_t rows, cols, batch, src_offset, src_ld, src_stride, dst_offset, dst_ld, dst_stride;
  int dense; /* usable with CLT_VARIANT_COPY */
} shape;

static const shape shapes[] = {
    {1, 1, 0, 0, 0, 0, 0, 0, 0, 1},
    {1, 1000, 0, 0, 0, 0, 0, 0, 0, 1},
    {1000, 1, 0, 0, 0, 0, 0, 0, 0, 1},
    {13, 17, 0, 0, 0, 0, 0, 0, 0, 1},
    {64, 64, 0, 0, 0, 0, 0, 0, 0, 1},
    {2049, 1023, 0, 0, 0, 0, 0, 0, 0, 1},
    {64, 64, 3, 1, 0, 0, 3, 0, 0, 1},
    {37, 29, 2, 4, 40, 37 * 40 + 8, 4, 44, 29 * 44 + 4, 0},
    {128, 256, 4, 8, 260, 128 * 260, 16, 132, 256 * 132, 0},
};
#define NSHAPES (sizeof shapes / sizeof shapes[0])

static const size_t elem_sizes[] = {1, 2, 4, 8, 16};
static const clt_variant variants[] = {CLT_VARIANT_AUTO,   CLT_VARIANT_NAIVE, CLT_VARIANT_TILED,
                                       CLT_VARIANT_VECTOR, CLT_VARIANT_BLOCK, CLT_VARIANT_RECT,
                                       CLT_VARIANT_NARROW, CLT_VARIANT_COPY};

static clt__layout make_layout(const shape *s, size_t es, clt_variant v) {
  clt_desc d;
  clt__layout l;
  char msg[256];
  memset(&d, 0, sizeof d);
  d.rows = s->rows;
  d.cols = s->cols;
  d.elem_size = es;
  d.batch = s->batch;
  d.src_offset = s->src_offset;
  d.src_ld = s->src_ld;
  d.src_stride = s->src_stride;
  d.dst_offset = s->dst_offset;
  d.dst_ld = s->dst_ld;
  d.dst_stride = s->dst_stride;
  d.variant = v;
  if (clt__layout_from_desc(&d, &l, msg, sizeof msg) != CLT_SUCCESS)
    fail_msg("test layout %zux%zu rejected: %s", s->rows, s->cols, msg);
  return l;
}

static size_t local_bytes(const clt__config *c, size_t es) {
  if (c->variant == CLT_VARIANT_TILED)
    return (size_t)c->tile * (c->tile + c->pad) * es;
  if (c->variant == CLT_VARIANT_VECTOR)
    return (size_t)c->tile * c->tile * es;
  if (c->variant == CLT_VARIANT_RECT) { /* plus the skew's rows, and a vector each side for shifted rows */
    size_t cols = c->wg_x * c->vw + c->pad + (c->shift_ok ? 2 * c->vw : 0);
    if (c->shift_funnel || c->word_rows) /* word tiles: rows of whole vectors */
      cols = (cols + c->vw - 1) / c->vw * c->vw;
    return (size_t)(c->tile + c->pre) * cols * es;
  }
  if (c->variant == CLT_VARIANT_NARROW && c->flat) /* 16 bytes' lines (skew rows too) and a word, each */
    return (size_t)(c->tile + c->pre) * es / 16 * (16 * c->short_ext + 4);
  if (c->variant == CLT_VARIANT_NARROW) { /* the pad in whole vectors of the long side */
    const unsigned lv = c->wide ? c->nvl : c->nvs;
    const size_t pad = lv ? (c->pad + lv - 1) / lv * lv : c->pad;
    return (size_t)c->short_ext * (c->tile + pad) * es;
  }
  return 0;
}

static int pow2(size_t x) {
  return x && !(x & (x - 1));
}

/* The narrow kernel's own constraints (cl/narrow.cl): one-dimensional groups, a short extent of 1 to 128,
 * a power-of-two tile that holds the long side's vectors, and vectors that split their extents evenly
 * (the short side's of at most 16 bytes). */
static const char *narrow_problem(const clt__config *c, size_t es) {
  const unsigned lv = c->wide ? c->nvl : c->nvs, sv = c->wide ? c->nvs : c->nvl;
  if (c->wg_y != 1)
    return "narrow work-group not one-dimensional";
  if (c->short_ext < 1 || c->short_ext > 128)
    return "narrow short extent outside 1..128";
  if (!pow2(c->vw) || !pow2(c->tile) || c->tile < c->vw || c->tile > 4096)
    return "narrow tile not a power of two from the long vector to 4096";
  if (!pow2(lv) || !pow2(sv) || lv > c->vw || (sv > 1 && sv * es > 16))
    return "narrow vector in effect not a power of two up to its side's largest";
  if (c->tile % lv || c->short_ext % sv)
    return "narrow vector does not divide its tile extent";
  return NULL;
}

/* Everything a config must satisfy on dev; returns a reason, or NULL when it fits. */
static const char *config_problem(const clt__config *c, const clt__device_info *dev, size_t es) {
  size_t wg = (size_t)c->wg_x * c->wg_y;
  if (c->wg_x < 1 || c->wg_y < 1)
    return "empty work-group";
  if (wg > dev->max_wg_size)
    return "wg_x*wg_y above max_wg_size";
  if (c->wg_x > dev->max_item_size[0] || c->wg_y > dev->max_item_size[1])
    return "a work-group dimension above max_item_size";
  if (local_bytes(c, es) > dev->local_mem_size)
    return "local memory above local_mem_size";
  if ((c->variant == CLT_VARIANT_TILED || c->variant == CLT_VARIANT_VECTOR) && c->tile < 1)
    return "tile 0";
  /* rect's destination runs of tile elements go out wg_x work-items at a time, dvw (else vw) elements each */
  const unsigned run_step = c->wg_x * (c->dvw ? c->dvw : c->vw);
  if (c->variant == CLT_VARIANT_RECT &&
      (c->tile < run_step || c->tile % run_step || (c->pre && c->tile % c->pre)))
    return "rect tile rows not a multiple of a destination store round and of its skew";
  if ((c->variant == CLT_VARIANT_VECTOR || c->variant == CLT_VARIANT_BLOCK ||
       c->variant == CLT_VARIANT_RECT || c->variant == CLT_VARIANT_NARROW ||
       c->variant == CLT_VARIANT_COPY) &&
      c->vw < 1)
    return "vector width 0";
  if (c->variant == CLT_VARIANT_NARROW)
    return narrow_problem(c, es);
  return NULL;
}

/* The alignment flags promise vw-aligned accesses; a flag set on a layout that breaks that is a bug. */
static const char *alignment_problem(const clt__config *c, const clt__layout *l) {
  if ((c->variant == CLT_VARIANT_VECTOR || c->variant == CLT_VARIANT_BLOCK ||
       c->variant == CLT_VARIANT_RECT || c->variant == CLT_VARIANT_NARROW) &&
      c->idx32 && (l->src_end / l->elem_size >= 0xFFFFFFFFull || l->dst_end / l->elem_size >= 0xFFFFFFFFull))
    return "32-bit indices on a view of 2^32 elements or more";
  if (c->variant == CLT_VARIANT_VECTOR || c->variant == CLT_VARIANT_BLOCK) {
    if (c->src_aligned &&
        (l->src_offset % c->vw || l->src_ld % c->vw || (l->batch > 1 && l->src_stride % c->vw)))
      return "src_aligned set for a source that is not vw-aligned";
    if (c->dst_aligned &&
        (l->dst_offset % c->vw || l->dst_ld % c->vw || (l->batch > 1 && l->dst_stride % c->vw)))
      return "dst_aligned set for a destination that is not vw-aligned";
  } else if (c->variant == CLT_VARIANT_RECT) {
    if (c->src_aligned &&
        (l->src_offset % c->vw || l->src_ld % c->vw || (l->batch > 1 && l->src_stride % c->vw)))
      return "src_aligned set for a rect source that is not vw-aligned";
    if (c->pre & (c->pre - 1))
      return "rect skew not a power of two";
    /* Skewed runs start on a pre-element boundary; unskewed ones where the view puts them. */
    if (c->dst_aligned &&
        (c->pre ? c->pre % c->vw != 0
                : (l->dst_offset % c->vw || l->dst_ld % c->vw || (l->batch > 1 && l->dst_stride % c->vw))))
      return "dst_aligned set for rect stores that are not vw-aligned";
  } else if (c->variant == CLT_VARIANT_NARROW) {
    /* Every vector of both views starts on its own boundary, and the tile lies along the long side. */
    const size_t n_short = l->rows < l->cols ? l->rows : l->cols;
    if (c->nvl < 1 || c->nvs < 1)
      return "narrow vector 0";
    if (c->shift_ok && (!c->wide || c->nvl * l->elem_size != 16))
      return "narrow shifted loads other than 16-byte vectors of a wide source";
    if (!c->shift_ok &&
        (l->src_offset % c->nvl || l->src_ld % c->nvl || (l->batch > 1 && l->src_stride % c->nvl)))
      return "narrow loads of a source that is not nvl-aligned";
    /* Skewed runs start on a pre-element boundary of the buffer; unskewed ones where the view puts them. */
    if (c->pre && (c->wide || (c->pre & (c->pre - 1)) || c->pre % c->nvs || c->tile % c->pre))
      return "narrow skew not a power of two of whole stores and tiles, or on a wide source";
    if (!c->pre && (l->dst_offset % c->nvs || l->dst_ld % c->nvs || (l->batch > 1 && l->dst_stride % c->nvs)))
      return "narrow stores to a destination that is not nvs-aligned";
    if (c->wide != (l->rows < l->cols) || c->short_ext != (n_short < 128 ? n_short : 128))
      return "narrow tile not across the short side, or not as long as it up to 128";
  } else if (c->variant == CLT_VARIANT_COPY) {
    if (c->src_aligned && l->src_offset % c->vw)
      return "src_aligned set for a copy source that is not vw-aligned";
    if (c->dst_aligned && l->dst_offset % c->vw)
      return "dst_aligned set for a copy destination that is not vw-aligned";
  }
  return NULL;
}

static void check_options(const clt__config *c, size_t es, const char *where) {
  char buf[1024 + 8];
  char small[16];
  memset(buf, 0x7f, sizeof buf);
  if (clt__config_options(c, es, buf, 1024) != 0)
    fail_msg("%s: clt__config_options failed with a 1 KiB buffer", where);
  if (memchr(buf, '\0', 1024) == NULL || strstr(buf, "-D") == NULL)
    fail_msg("%s: options \"%.100s\" have no -D define", where, buf);
  for (size_t i = 1024; i < sizeof buf; i++)
    assert_int_equal(buf[i], 0x7f);
  /* Too small a buffer is reported, and nothing is written past its end. */
  memset(small, 0x7f, sizeof small);
  if (clt__config_options(c, es, small, 6) != -1)
    fail_msg("%s: clt__config_options did not report a 6-byte buffer as too small", where);
  for (size_t i = 6; i < sizeof small; i++)
    assert_int_equal(small[i], 0x7f);
}

static void check_ndrange(const clt__config *c, const clt__layout *l, const clt__device_info *dev,
                          const char *where) {
  size_t global[3] = {0, 0, 0}, local[3] = {0, 0, 0};
  clt__config_ndrange(c, l, dev, global, local);
  if (local[0] * local[1] * local[2] > dev->max_wg_size)
    fail_msg("%s: NDRange local size %zux%zux%zu above max_wg_size", where, local[0], local[1], local[2]);
  for (int i = 0; i < 3; i++) {
    /* OpenCL 1.2 needs every global size to be a non-zero multiple of the local size. */
    if (local[i] < 1 || local[i] > dev->max_item_size[i] || global[i] < local[i] || global[i] % local[i] != 0)
      fail_msg("%s: NDRange dim %d global %zu local %zu is not launchable", where, i, global[i], local[i]);
  }
}

static void describe(char *buf, size_t size, const clt__device_info *dev, clt_variant v, size_t es,
                     const shape *s) {
  snprintf(buf, size, "%.64s, variant %s, elem_size %zu, %zux%zu batch %zu", dev->name,
           clt_variant_name(v) ? clt_variant_name(v) : "?", es, s->rows, s->cols, s->batch);
}

static void every_config_fits_its_device(void **state) {
  clt__device_info dev[NDEV];
  (void)state;
  make_devices(dev);
  for (size_t d = 0; d < NDEV; d++)
    for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++)
      for (size_t e = 0; e < 5; e++)
        for (size_t s = 0; s < NSHAPES; s++) {
          clt__config c;
          clt__layout l;
          clt_status st;
          const char *why;
          char where[256];
          if (variants[v] == CLT_VARIANT_COPY && !shapes[s].dense)
            continue;
          describe(where, sizeof where, &dev[d], variants[v], elem_sizes[e], &shapes[s]);
          l = make_layout(&shapes[s], elem_sizes[e], variants[v]);
          memset(&c, 0, sizeof c);
          st = clt__choose_config(&dev[d], &l, variants[v], &c);
          if (st != CLT_SUCCESS)
            fail_msg("%s: clt__choose_config returned %d", where, (int)st);
          if (variants[v] == CLT_VARIANT_AUTO) {
            if (c.variant != CLT_VARIANT_NAIVE && c.variant != CLT_VARIANT_TILED &&
                c.variant != CLT_VARIANT_VECTOR && c.variant != CLT_VARIANT_BLOCK &&
                c.variant != CLT_VARIANT_RECT)
              fail_msg("%s: AUTO resolved to %d, not a transpose variant", where, (int)c.variant);
          } else if (c.variant != variants[v]) {
            fail_msg("%s: asked for %d, got %d", where, (int)variants[v], (int)c.variant);
          }
          why = config_problem(&c, &dev[d], elem_sizes[e]);
          if (why == NULL)
            why = alignment_problem(&c, &l);
          if (why != NULL)
            fail_msg("%s: %s (tile %u pad %u wg %ux%u vw %u)", where, why, c.tile, c.pad, c.wg_x, c.wg_y,
                     c.vw);
          check_options(&c, elem_sizes[e], where);
          check_ndrange(&c, &l, &dev[d], where);
        }
}

/* The config names a source that is embedded in the library and defines the kernel it names. */
static void config_names_an_embedded_kernel(void **state) {
  clt__device_info dev[NDEV];
  (void)state;
  make_devices(dev);
  for (size_t d = 0; d < NDEV; d++)
    for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
      clt__config c;
      clt__layout l = make_layout(&shapes[4], 4, variants[v]);
      const char *text;
      size_t len = 0;
      char where[256];
      describe(where, sizeof where, &dev[d], variants[v], 4, &shapes[4]);
      assert_int_equal(clt__choose_config(&dev[d], &l, variants[v], &c), CLT_SUCCESS);
      if (c.source == NULL || c.kernel == NULL)
        fail_msg("%s: NULL source or kernel name", where);
      if (strcmp(c.source, clt_variant_name(c.variant)) != 0)
        fail_msg("%s: source \"%s\" for variant %s", where, c.source, clt_variant_name(c.variant));
      text = clt__kernel_source(c.source, &len);
      if (text == NULL || len == 0)
        fail_msg("%s: source \"%s\" is not embedded", where, c.source);
      if (strstr(text, c.kernel) == NULL)
        fail_msg("%s: kernel \"%s\" not found in source \"%s\"", where, c.kernel, c.source);
    }
  {
    size_t len = 0;
    assert_null(clt__kernel_source("no-such-kernel-source", &len));
  }
}

static void unknown_variant_is_rejected(void **state) {
  clt__device_info dev[NDEV];
  clt__config c;
  clt__layout l;
  (void)state;
  make_devices(dev);
  l = make_layout(&shapes[3], 4, CLT_VARIANT_NAIVE);
  assert_int_not_equal(clt__choose_config(&dev[0], &l, (clt_variant)(CLT_VARIANT_NARROW + 1), &c),
                       CLT_SUCCESS);
}

/* rect on a GPU: a destination whose rows start off the store alignment gets skewed runs of exactly
 * dst_align bytes' worth of elements (32, or 128 for 8-byte elements), one extra tile row in the grid,
 * and aligned vector stores, and for 16-byte elements the skew's rows from global memory (SKG); an
 * aligned one, or dst_align 1, gets none. */
static void rect_skews_only_misaligned_destinations(void **state) {
  clt__device_info dev[NDEV];
  (void)state;
  make_devices(dev);
  for (size_t e = 0; e < sizeof elem_sizes / sizeof elem_sizes[0]; e++) {
    const size_t es = elem_sizes[e];
    const shape aligned = {1024, 2048, 1, 0, 0, 0, 0, 0, 0, 1};
    const shape odd = {1023, 2049, 1, 0, 0, 0, 0, 0, 0, 1}; /* destination rows 1023 elements apart */
    const shape odd_offset = {1024, 2048, 1, 0, 0, 0, 1, 0, 0, 0};
    const unsigned want_skew = (unsigned)((es == 8 ? 128 : 32) / es);
    clt__config c;
    clt__layout l = make_layout(&aligned, es, CLT_VARIANT_RECT);
    size_t global[3], local[3];
    assert_int_equal(clt__choose_config(&dev[0], &l, CLT_VARIANT_RECT, &c), CLT_SUCCESS);
    assert_int_equal(c.pre, 0);
    assert_int_equal(c.skg, 0);
    assert_true(c.vw == 1 || c.dst_aligned);
    clt__config_ndrange(&c, &l, &dev[0], global, local);
    assert_int_equal(global[0] / local[0], (1024 + c.tile - 1) / c.tile);

    const shape *skewed[] = {&odd, &odd_offset};
    for (size_t k = 0; k < 2; k++) {
      l = make_layout(skewed[k], es, CLT_VARIANT_RECT);
      assert_int_equal(clt__choose_config(&dev[0], &l, CLT_VARIANT_RECT, &c), CLT_SUCCESS);
      if (c.pre != want_skew)
        fail_msg("elem_size %zu, shape %zu: skew %u, expected %u", es, k, c.pre, want_skew);
      /* 16-byte elements load a run's first elements from global memory; the others hold the rows. */
      char opts[1024];
      assert_int_equal(clt__config_options(&c, es, opts, sizeof opts), 0);
      if (c.skg != (es == 16) || !strstr(opts, es == 16 ? "-DSKG=1 " : "-DSKG=0 "))
        fail_msg("elem_size %zu, shape %zu: skg %d, options %s", es, k, c.skg, opts);
      assert_true(c.vw == 1 || c.dst_aligned);
      clt__config_ndrange(&c, &l, &dev[0], global, local);
      assert_int_equal(global[0] / local[0], (skewed[k]->rows + c.pre - 1 + c.tile - 1) / c.tile);
      clt_tuning t;
      memset(&t, 0, sizeof t);
      t.variant = CLT_VARIANT_RECT;
      t.dst_align = 1;
      assert_int_equal(clt__config_from_tuning(&dev[0], &l, &t, &c), CLT_SUCCESS);
      assert_int_equal(c.pre, 0);
      assert_int_equal(c.skg, 0);
      assert_true(c.vw == 1 || !c.dst_aligned);
    }
  }
}

/* rect's 16-byte units (clt_tuning.units) run only where the layout allows them (16-byte vectors of
 * aligned source rows, destination rows on 32-byte sectors, tile rows a multiple of 8 units); elsewhere
 * the configuration falls back to the element size's default vectors and work-group, padded rows. The
 * build options say which, the local memory is the unpadded tile, and clt_plan_tuning's view reports it. */
static void rect_units_only_where_the_layout_allows(void **state) {
  static const struct {
    shape s;
    int want;
  } cases[] = {
      {{1024, 2048, 1, 0, 0, 0, 0, 0, 0, 1}, 1},               /* aligned */
      {{1056, 544, 3, 0, 0, 0, 0, 0, 0, 1}, 1},                /* partial tiles, a batch */
      {{1023, 2049, 1, 0, 0, 0, 0, 0, 0, 1}, 0},               /* destination rows 1023 elements apart */
      {{1024, 2048, 1, 0, 0, 0, 1, 0, 0, 0}, 0},               /* destination one element in */
      {{1024, 2048, 1, 1, 0, 0, 0, 0, 0, 0}, 0},               /* source rows one element off (16-byte */
                                                               /* elements: still whole vectors) */
      {{1024, 2048, 2, 0, 0, 0, 0, 0, 2048 * 1024 + 1, 0}, 0}, /* a misaligned matrix stride */
  };
  clt__device_info dev[NDEV];
  (void)state;
  make_devices(dev);
  for (size_t e = 0; e < sizeof elem_sizes / sizeof elem_sizes[0]; e++)
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      const size_t es = elem_sizes[e], ue = 16 / es;
      const int want = cases[i].want || (es == 16 && cases[i].s.src_offset);
      clt__layout l = make_layout(&cases[i].s, es, CLT_VARIANT_RECT);
      clt_tuning t;
      memset(&t, 0, sizeof t);
      t.variant = CLT_VARIANT_RECT;
      t.vector_width = (unsigned)ue;
      t.wg_x = (unsigned)(ue < 16 ? 16 : 8);
      t.tile = (unsigned)(8 * ue > t.wg_x * ue ? 8 * ue : t.wg_x * ue);
      t.wg_y = 8;
      t.units = 1;
      clt__config c, d;
      assert_int_equal(clt__config_from_tuning(&dev[0], &l, &t, &c), CLT_SUCCESS);
      char opts[1024], where[96];
      snprintf(where, sizeof where, "elem_size %zu, case %zu", es, i);
      assert_int_equal(clt__config_options(&c, es, opts, sizeof opts), 0);
      if (c.pack != want || !strstr(opts, want ? "-DPACK=1" : "-DPACK=0"))
        fail_msg("%s: pack %d, expected %d (%s)", where, c.pack, want, opts);
      clt_tuning back;
      clt__config_to_tuning(&c, &back);
      assert_int_equal(back.units, (unsigned)want);
      if (want) {
        assert_int_equal(c.vw, ue);
        assert_int_equal(c.pre, 0);
        assert_int_equal(c.shift_ok, 0);
        assert_true(strstr(opts, "-DSK=0 ") != NULL);
      } else { /* the element size's defaults, and still the tile rows asked for where they fit */
        assert_int_equal(clt__choose_config(&dev[0], &l, CLT_VARIANT_RECT, &d), CLT_SUCCESS);
        if (c.vw != d.vw || c.wg_x != d.wg_x || c.wg_y != d.wg_y || c.pad != d.pad)
          fail_msg("%s: fallback vw %u wg %ux%u pad %u, expected the defaults %u %ux%u %u", where, c.vw,
                   c.wg_x, c.wg_y, c.pad, d.vw, d.wg_x, d.wg_y, d.pad);
        assert_true(c.tile >= c.wg_x * c.vw);
      }
      t.units = 0; /* the same knobs without units: never packed */
      assert_int_equal(clt__config_from_tuning(&dev[0], &l, &t, &c), CLT_SUCCESS);
      assert_int_equal(c.pack, 0);
    }
}

/* Variant v's configuration for the layout, with its work-group order set as a plan sets it. */
static clt__config ordered_config(const clt__device_info *dev, const clt__layout *l, clt_variant v) {
  clt__config c;
  assert_int_equal(clt__choose_config(dev, l, v, &c), CLT_SUCCESS);
  clt__config_set_order(dev, &c, l);
  return c;
}

/* Source columns one tile of a rect or vector configuration covers. */
static size_t tile_columns(const clt__config *c) {
  return c->variant == CLT_VARIANT_RECT ? (size_t)c->wg_x * c->vw : c->tile;
}

/* rect and vector spread the work-groups that run together over tile columns 64 KiB apart only where
 * the source's row pitch is a multiple of 128 KiB and a tile column holds at least 16 tiles; the grid
 * then has 2^spread_log groups per tile row and one column per spread set. */
static void spread_only_for_128_KiB_pitches(void **state) {
  static const struct {
    shape s;
    size_t es;
    unsigned want_log; /* 0: no spread */
  } cases[] = {
      {{8192, 32768, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 1},     /* 128 KiB rows */
      {{8192, 8192, 1, 0, 0, 0, 0, 0, 0, 1}, 16, 1},     /* c128 8192^2: 128 KiB rows */
      {{4096, 65536, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 2},     /* 256 KiB rows: two address bits */
      {{2048, 1u << 20, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 3},  /* 4 MiB rows: at most 8 columns */
      {{8000, 30000, 1, 0, 32768, 0, 0, 0, 0, 0}, 4, 1}, /* the pitch, not the width, decides */
      {{16384, 16384, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0},    /* 64 KiB rows */
      {{16383, 16385, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0},    /* odd rows */
      {{64, 1u << 20, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0},    /* one tile row: nothing runs down a column */
      {{8192, 300, 1, 0, 32768, 0, 0, 0, 0, 0}, 4, 0},   /* no tile column 64 KiB away */
  };
  static const clt_variant vs[] = {CLT_VARIANT_RECT, CLT_VARIANT_VECTOR, CLT_VARIANT_TILED,
                                   CLT_VARIANT_BLOCK};
  clt__device_info dev[NDEV];
  (void)state;
  make_devices(dev);
  for (size_t v = 0; v < sizeof vs / sizeof vs[0]; v++)
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      const size_t es = cases[i].es;
      clt__layout l = make_layout(&cases[i].s, es, vs[v]);
      clt__config c = ordered_config(&dev[0], &l, vs[v]);
      const int tiled_kind = vs[v] == CLT_VARIANT_RECT || vs[v] == CLT_VARIANT_VECTOR;
      const unsigned want = tiled_kind ? cases[i].want_log : 0;
      if (c.spread_log != want)
        fail_msg("%s, case %zu: spread_log %u, expected %u", clt_variant_name(vs[v]), i, c.spread_log, want);
      char opts[1024];
      assert_int_equal(clt__config_options(&c, es, opts, sizeof opts), 0);
      assert_true((strstr(opts, "-DSPREAD_LOG=") != NULL) == (want != 0));
      if (!want)
        continue;
      /* 64 KiB of the row between the columns of a set, and every tile covered by the grid. */
      const size_t tc = tile_columns(&c);
      assert_int_equal(((size_t)1 << c.spread_dlog) * tc * es, (size_t)1 << 16);
      size_t global[3], local[3];
      clt__config_ndrange(&c, &l, &dev[0], global, local);
      const size_t tiles_r = (l.rows + c.tile - 1) / c.tile, tiles_c = (l.cols + tc - 1) / tc;
      assert_int_equal(global[0] / local[0], tiles_r << c.spread_log);
      size_t covered = 0;
      for (size_t gb = 0; gb < global[1] / local[1]; gb++)
        for (size_t j = 0; j < ((size_t)1 << c.spread_log); j++) {
          size_t low = ((size_t)1 << c.spread_dlog) - 1;
          size_t col =
              (gb & low) | (gb >> c.spread_dlog << (c.spread_dlog + c.spread_log)) | j << c.spread_dlog;
          covered += col < tiles_c;
        }
      assert_int_equal(covered, tiles_c);
    }
}

/* rect and vector walk along the tile rows (ACROSS) on tall sources of two or more tile columns, the last
 * partly empty: taller than wide up to 256 columns, at least twice as tall beyond and up to the device's
 * across_cols_max (an NVIDIA H200 and devices without a table row 1024, an NVIDIA H100 any), and on an
 * NVIDIA H200 rect past those columns too where a pass down one tile column moves at least 8 MiB
 * (across_rect_pass); down the columns elsewhere. The grid then holds the tile columns in dimension 0 and
 * the tile rows in 1. */
static void tall_sources_walk_along_tile_rows(void **state) {
  static const struct {
    shape s;
    size_t es;
    int h200, h200_rect, h100, other; /* across on each device, where the columns are not whole tiles */
  } cases[] = {
      {{524288, 129, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 1, 1, 1, 1},
      {{262144, 200, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 1, 1, 1, 1}, /* aligned rows, 3 1/8 tile columns */
      {{1048576, 97, 1, 0, 0, 0, 0, 0, 0, 1}, 8, 1, 1, 1, 1},
      {{1000, 130, 4, 0, 0, 0, 0, 0, 0, 1}, 4, 1, 1, 1, 1},    /* a batch */
      {{300, 255, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 1, 1, 1, 1},     /* up to 256 columns: taller is enough */
      {{1048576, 128, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0, 0, 0, 0}, /* whole tile columns */
      {{2097152, 24, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0, 0, 0, 0},  /* one tile column */
      {{1048576, 256, 1, 0, 0, 0, 0, 0, 0, 1}, 16, 0, 0, 0, 0},
      {{200, 300, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0, 0, 0, 0}, /* wide */
      {{16383, 16385, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0, 0, 0, 0},
      {{100000, 257, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 1, 1, 1, 1},
      {{60000, 510, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 1, 1, 1, 1},
      {{2046, 1023, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1, 1, 1, 1}, /* twice as tall, up to 1024 columns */
      {{2045, 1023, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 0, 0, 0, 0}, /* less than twice as tall */
      {{4000, 1025, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0, 0, 1, 0}, /* past 1024 columns: the H100 only */
      {{5000, 3000, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0, 0, 0, 0},
      {{8193, 8191, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0, 0, 0, 0},
      {{24000, 1278, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0, 0, 1, 0},
      {{12000, 6000, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 0, 0, 1, 0},
      /* rect on an NVIDIA H200 past 1024 columns: 128-byte tile columns of f16, 256-byte ones of f32 */
      {{200000, 1026, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 0, 1, 1, 0},
      {{65536, 1030, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 0, 1, 1, 0}, /* 8 MiB a pass */
      {{65535, 1030, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 0, 0, 1, 0}, /* 128 bytes less */
      {{68000, 2200, 2, 0, 0, 0, 0, 0, 0, 1}, 2, 0, 1, 1, 0}, /* a batch */
      {{40001, 6002, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0, 1, 1, 0},
      {{20000, 8191, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0, 0, 1, 0}, /* 5 MB a pass */
      {{60002, 30001, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0, 1, 1, 0},
      {{60000, 30001, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0, 0, 0, 0}, /* less than twice as tall */
      {{200000, 2048, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 0, 0, 0, 0}, /* whole tile columns */
  };
  static const clt_variant vs[] = {CLT_VARIANT_RECT, CLT_VARIANT_VECTOR, CLT_VARIANT_TILED};
  clt__device_info dev[NDEV];
  (void)state;
  make_devices(dev);
  const clt__device_info devs[3] = {faked_h200(), faked_h100(), dev[0]};
  for (size_t k = 0; k < 3; k++)
    for (size_t v = 0; v < sizeof vs / sizeof vs[0]; v++)
      for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const size_t es = cases[i].es;
        clt__layout l = make_layout(&cases[i].s, es, vs[v]);
        clt__config c = ordered_config(&devs[k], &l, vs[v]);
        const size_t tc = tile_columns(&c);
        const int on = k == 0   ? (vs[v] == CLT_VARIANT_RECT ? cases[i].h200_rect : cases[i].h200)
                       : k == 1 ? cases[i].h100
                                : cases[i].other;
        const int want = vs[v] != CLT_VARIANT_TILED && on && l.cols % tc != 0 && l.cols > tc;
        if (c.across != want)
          fail_msg("%s on %s, case %zu (%zux%zu, elem_size %zu, %zu tile columns): across %d, expected %d",
                   clt_variant_name(vs[v]), devs[k].name, i, l.rows, l.cols, es, tc, c.across, want);
        char opts[1024];
        assert_int_equal(clt__config_options(&c, es, opts, sizeof opts), 0);
        assert_true((strstr(opts, "-DACROSS=1") != NULL) == want);
        if (vs[v] == CLT_VARIANT_TILED)
          continue;
        size_t global[3], local[3];
        clt__config_ndrange(&c, &l, &devs[k], global, local);
        const size_t skew_rows = vs[v] == CLT_VARIANT_RECT ? c.pre : (size_t)c.pre * c.vw;
        const size_t tiles_r = (l.rows + (skew_rows ? skew_rows - 1 : 0) + c.tile - 1) / c.tile,
                     tiles_c = (l.cols + tc - 1) / tc;
        assert_int_equal(global[want ? 1 : 0] / local[want ? 1 : 0], tiles_r);
        assert_int_equal(global[want ? 0 : 1] / local[want ? 0 : 1], tiles_c);
        assert_int_equal(global[2] / local[2], l.batch);
      }
}

/* AUTO on an NVIDIA H200: tall sources past 1024 columns that AUTO gives rect (four of them survey shapes)
 * walk along the tile rows where a pass down one tile column moves 8 MiB or more, and down where it moves
 * less or AUTO gives the vector kernel; a GPU without a table row walks them all down. */
static void h200_auto_walks_long_passes_along(void **state) {
  static const struct {
    shape s;
    size_t es;
    clt_variant v; /* AUTO's kernel on the H200 */
    int across;    /* on the H200 */
  } cases[] = {
      {{200000, 1026, 1, 0, 0, 0, 0, 0, 0, 1}, 2, CLT_VARIANT_RECT, 1},
      {{107216, 2082, 1, 0, 0, 0, 0, 0, 0, 1}, 2, CLT_VARIANT_RECT, 1},
      {{115183, 1178, 1, 0, 0, 0, 0, 0, 0, 1}, 4, CLT_VARIANT_RECT, 1},
      {{133568, 4019, 1, 0, 0, 0, 0, 0, 0, 1}, 1, CLT_VARIANT_RECT, 1},
      {{46690, 1097, 1, 0, 0, 0, 0, 0, 0, 1}, 8, CLT_VARIANT_RECT, 1},
      {{20000, 8191, 1, 0, 0, 0, 0, 0, 0, 1}, 4, CLT_VARIANT_RECT, 0},    /* 5 MB a pass */
      {{12000, 4002, 1, 0, 0, 0, 0, 0, 0, 1}, 16, CLT_VARIANT_RECT, 0},   /* 6 MB */
      {{100000, 2000, 1, 0, 0, 0, 0, 0, 0, 1}, 4, CLT_VARIANT_VECTOR, 0}, /* 25.6 MB */
  };
  clt__device_info dev[NDEV];
  (void)state;
  make_devices(dev);
  const clt__device_info h200 = faked_h200();
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    clt__layout l = make_layout(&cases[i].s, cases[i].es, CLT_VARIANT_AUTO);
    clt__config c;
    assert_int_equal(clt__auto_config(&h200, &l, &c), CLT_SUCCESS);
    clt__config_set_order(&h200, &c, &l);
    if (c.variant != cases[i].v || c.across != cases[i].across)
      fail_msg("case %zu (%zux%zu, elem_size %zu) on the H200: %s, across %d; expected %s, across %d", i,
               l.rows, l.cols, cases[i].es, clt_variant_name(c.variant), c.across,
               clt_variant_name(cases[i].v), cases[i].across);
    assert_int_equal(clt__auto_config(&dev[0], &l, &c), CLT_SUCCESS);
    clt__config_set_order(&dev[0], &c, &l);
    assert_int_equal(c.across, 0);
  }
}

/* rect, vector and block compute in 32 bits only while every index of both views fits: not for 46341 x
 * 46341 matrices in a batch of 2 (over 2^32 elements), nor for a small matrix whose destination sits
 * past 2^32 elements. */
static void kernels_use_32_bit_indices_only_where_they_fit(void **state) {
  clt__device_info dev[NDEV];
  const shape small = {1000, 1000, 1, 0, 0, 0, 0, 0, 0, 1};
  const shape huge = {46341, 46341, 2, 0, 0, 0, 0, 0, 0, 1};
  const shape far = {1000, 1000, 1, 0, 0, 0, (size_t)1 << 32, 0, 0, 0};
  const clt_variant kinds[] = {CLT_VARIANT_RECT, CLT_VARIANT_VECTOR, CLT_VARIANT_BLOCK};
  clt__config c;
  clt__layout l;
  (void)state;
  make_devices(dev);
  for (size_t v = 0; v < sizeof kinds / sizeof kinds[0]; v++) {
    l = make_layout(&small, 4, kinds[v]);
    assert_int_equal(clt__choose_config(&dev[0], &l, kinds[v], &c), CLT_SUCCESS);
    assert_true(c.idx32);
    l = make_layout(&huge, 4, kinds[v]);
    assert_int_equal(clt__choose_config(&dev[0], &l, kinds[v], &c), CLT_SUCCESS);
    assert_false(c.idx32);
    l = make_layout(&far, 1, kinds[v]);
    assert_int_equal(clt__choose_config(&dev[0], &l, kinds[v], &c), CLT_SUCCESS);
    assert_false(c.idx32);
  }
}

/* AUTO: rect on GPUs except aligned 1- and 2-byte matrices (vector); block on CPUs. */
static void auto_picks_rect_on_gpus(void **state) {
  clt__device_info dev[NDEV];
  const shape aligned = {1024, 2048, 1, 0, 0, 0, 0, 0, 0, 1};
  const shape odd = {1023, 2049, 1, 0, 0, 0, 0, 0, 0, 1};
  (void)state;
  make_devices(dev);
  for (size_t e = 0; e < sizeof elem_sizes / sizeof elem_sizes[0]; e++) {
    clt__config c;
    clt__layout l = make_layout(&aligned, elem_sizes[e], CLT_VARIANT_AUTO);
    assert_int_equal(clt__choose_config(&dev[0], &l, CLT_VARIANT_AUTO, &c), CLT_SUCCESS);
    assert_int_equal(c.variant, elem_sizes[e] <= 2 ? CLT_VARIANT_VECTOR : CLT_VARIANT_RECT);
    l = make_layout(&odd, elem_sizes[e], CLT_VARIANT_AUTO);
    assert_int_equal(clt__choose_config(&dev[0], &l, CLT_VARIANT_AUTO, &c), CLT_SUCCESS);
    assert_int_equal(c.variant, CLT_VARIANT_RECT);
    assert_int_equal(clt__choose_config(&dev[3], &l, CLT_VARIANT_AUTO, &c), CLT_SUCCESS);
    assert_int_equal(c.variant, CLT_VARIANT_BLOCK);
  }
}

/* Tall and wide sources are classes of their own (a kernel tuned on one can be slow on the other), and
 * the built-in table has an entry for each class for an NVIDIA H200's 4- to 16-byte elements. */
static void tall_and_wide_are_apart(void **state) {
  static const struct {
    shape s;
    clt_shape_class want;
  } cases[] = {
      {{1048576, 64, 1, 0, 0, 0, 0, 0, 0, 1}, CLT_SHAPE_TALL},
      {{64, 1048576, 1, 0, 0, 0, 0, 0, 0, 1}, CLT_SHAPE_WIDE},
      {{257, 256, 1, 0, 0, 0, 0, 0, 0, 1}, CLT_SHAPE_TALL},
      {{256, 257, 1, 0, 0, 0, 0, 0, 0, 1}, CLT_SHAPE_WIDE},
      {{200, 200, 1, 0, 0, 0, 0, 0, 0, 1}, CLT_SHAPE_WIDE},   /* both short: no more rows than columns */
      {{1000001, 3, 1, 0, 0, 0, 0, 0, 0, 1}, CLT_SHAPE_TALL}, /* odd sides, still tall */
      {{257, 257, 1, 0, 0, 0, 0, 0, 0, 1}, CLT_SHAPE_ODD},
      {{1024, 2048, 1, 0, 0, 0, 0, 0, 0, 1}, CLT_SHAPE_ALIGNED},
      {{64, 1024, 4, 0, 0, 0, 0, 0, 0, 1}, CLT_SHAPE_BATCHED},
  };
  (void)state;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    clt__layout l = make_layout(&cases[i].s, 4, CLT_VARIANT_AUTO);
    clt_shape_class got = clt__shape_class(&l);
    if (got != cases[i].want)
      fail_msg("%zux%zu batch %zu: class %s, expected %s", cases[i].s.rows, cases[i].s.cols, cases[i].s.batch,
               clt_shape_class_name(got), clt_shape_class_name(cases[i].want));
  }
  assert_string_equal(clt_shape_class_name(CLT_SHAPE_TALL), "tall");
  assert_string_equal(clt_shape_class_name(CLT_SHAPE_WIDE), "wide");
  assert_null(clt_shape_class_name(CLT_SHAPE_CLASS_COUNT));

  const clt__device_info h200 = faked_h200();
  clt_tuning t;
  for (size_t e = 0; e < sizeof elem_sizes / sizeof elem_sizes[0]; e++)
    if (elem_sizes[e] >= 4)
      for (int c = 0; c < CLT_SHAPE_CLASS_COUNT; c++)
        if (!clt__tuning_lookup(&h200, elem_sizes[e], (clt_shape_class)c, 0, &t))
          fail_msg("no H200 entry for elem_size %zu, class %s", elem_sizes[e],
                   clt_shape_class_name((clt_shape_class)c));
}

/* AUTO for odd-shaped f32 sources taller than wide of up to 900 columns whose rows start on 8-byte words
 * but off 16-byte vectors, into destination rows on the vectors: the vector kernel's 64 x 64 tiles of
 * 2-element vectors on both faked GPUs; 1022 and more columns, source rows off 8 bytes, destination rows
 * off the vectors (through the row count or the leading dimension), sources on the vectors and f64 keep
 * what they took before. */
static void odd_f32_pairs_to_vector(void **state) {
  (void)state;
  static const struct {
    size_t rows, cols, es, dst_ld;
    clt_variant want;
    unsigned vw;
  } cases[] = {
      {60000, 510, 4, 0, CLT_VARIANT_VECTOR, 2},   {50000, 638, 4, 0, CLT_VARIANT_VECTOR, 2},
      {100000, 318, 4, 0, CLT_VARIANT_VECTOR, 2},  {36000, 894, 4, 0, CLT_VARIANT_VECTOR, 2},
      {28136, 1022, 4, 0, CLT_VARIANT_RECT, 0},    {20000, 1534, 4, 0, CLT_VARIANT_RECT, 0},
      {28136, 1021, 4, 0, CLT_VARIANT_RECT, 0},    {30002, 510, 4, 0, CLT_VARIANT_RECT, 0},
      {60000, 510, 4, 60001, CLT_VARIANT_RECT, 0}, {60000, 512, 4, 0, CLT_VARIANT_VECTOR, 4},
      {510, 60000, 4, 0, CLT_VARIANT_RECT, 0},     {60000, 510, 8, 0, CLT_VARIANT_RECT, 0},
  };
  const clt__device_info h200 = faked_h200(), h100 = faked_h100();
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    for (int d = 0; d < 2; d++) {
      const shape sh = {cases[i].rows, cases[i].cols, 1, 0, 0, 0, 0, cases[i].dst_ld, 0, 0};
      clt__layout l = make_layout(&sh, cases[i].es, CLT_VARIANT_AUTO);
      clt__config c;
      assert_int_equal(clt__auto_config(d ? &h100 : &h200, &l, &c), CLT_SUCCESS);
      if (c.variant != cases[i].want || (cases[i].vw && (c.vw != cases[i].vw || c.tile != 64)))
        fail_msg("elem_size %zu, %zux%zu (dst_ld %zu) on the %s: AUTO took %s, vw %u, tile %u; expected %s",
                 cases[i].es, cases[i].rows, cases[i].cols, cases[i].dst_ld, d ? "H100" : "H200",
                 clt_variant_name(c.variant), c.vw, c.tile, clt_variant_name(cases[i].want));
    }
}

/* AUTO for u8 aligned matrices on the H200, whose entry is rect's 16-byte units in 256 x 128 tiles: the
 * entry where its tiles cover the matrix whole unskewed (source rows off the vectors included: it falls
 * back to plain tiles), units in 128-row tiles where those cover it, the entry with its last tiles
 * overlapping where neither does but units apply and the overlap adds at most an eighth of a side; where
 * the destination rows are off the 32-byte sectors but on 16 bytes, the units unskewed into 16-byte
 * aligned runs wherever they then stand as above; where rows are on 8 bytes but off 16, units of 8-byte
 * vectors (source rows) and units stored in 8-byte pieces (destination rows). Where the units do not
 * apply, the entry's plain tiles unskewed where they overlap (rows on 4 bytes); else rect's 64 x 64 tiles
 * of 4-byte vectors in groups of 16 x 8 (overlapping where a side is partly covered; skewed where the
 * rows are off the sectors) where a side is under 10000, and the skewed entry where both sides span 10000
 * or more or its tiles are whole. The H100, which has no such entry, keeps the vector kernel, its last
 * tiles overlapping where they are partly empty (rect where the destination rows are off 32-byte
 * sectors). */
static void h200_u8_units_on_whole_tiles(void **state) {
  (void)state;
  static const struct {
    size_t rows, cols, src_ld, dst_ld;
    int pack;
    unsigned tile, vw, wg_x, pre, dst_align;
    int overlap, h100_rect, h100_overlap;
  } cases[] = {
      /* whole tiles, also with the source rows off the vectors (plain tiles) */
      {16384, 16384, 0, 0, 1, 256, 16, 8, 0, 32, 0, 0, 0},
      {16384, 16000, 0, 0, 1, 256, 16, 8, 0, 32, 0, 0, 0},
      {8192, 8192, 8196, 0, 0, 256, 4, 32, 0, 32, 0, 0, 0},
      /* whole in 128 rows */
      {16000, 16000, 0, 0, 1, 128, 16, 8, 0, 32, 0, 0, 0},
      {11904, 11904, 0, 0, 1, 128, 16, 8, 0, 32, 0, 0, 0},
      {16000, 8064, 0, 0, 1, 128, 16, 8, 0, 32, 0, 0, 0},
      {384, 80000, 0, 0, 1, 128, 16, 8, 0, 32, 0, 0, 0},
      /* units whose last tiles overlap */
      {60000, 512, 0, 0, 1, 256, 16, 8, 0, 32, 1, 0, 1},
      {2048, 30000, 0, 0, 1, 256, 16, 8, 0, 32, 1, 0, 1},
      {20000, 9984, 0, 0, 1, 256, 16, 8, 0, 32, 1, 0, 1},
      {8000, 6000, 0, 8032, 1, 256, 16, 8, 0, 32, 1, 0, 1},
      {36000, 640, 0, 0, 1, 256, 16, 8, 0, 32, 1, 0, 1},
      {12000, 12000, 0, 0, 1, 256, 16, 8, 0, 32, 1, 0, 1},
      /* destination rows on 16 bytes but off the sectors: units unskewed, whole or overlapping */
      {8192, 8192, 0, 8208, 1, 256, 16, 8, 0, 16, 0, 1, 0},
      {16000, 16000, 0, 16016, 1, 128, 16, 8, 0, 16, 0, 1, 0},
      {10000, 16384, 0, 0, 1, 256, 16, 8, 0, 16, 1, 1, 0},
      {14000, 14000, 0, 0, 1, 256, 16, 8, 0, 16, 1, 1, 0},
      /* source rows on 8 bytes but off 16: units of 8-byte vectors in the same tile columns; destination
       * rows on 8 bytes but off 16: units into 8-byte aligned runs, whole, in 128 rows or overlapping */
      {60000, 504, 0, 0, 1, 256, 8, 16, 0, 16, 1, 0, 1},
      {50000, 1000, 0, 0, 1, 256, 8, 16, 0, 16, 1, 1, 0},
      {11000, 11000, 0, 0, 1, 256, 8, 16, 0, 8, 1, 1, 0},
      {16384, 16384, 0, 16392, 1, 256, 16, 8, 0, 8, 0, 1, 0},
      {16000, 16000, 0, 16008, 1, 128, 16, 8, 0, 8, 0, 1, 0},
      {16000, 16000, 16008, 0, 1, 128, 8, 16, 0, 16, 0, 0, 0},
      {8192, 8192, 8200, 8200, 1, 256, 8, 16, 0, 8, 0, 1, 0},
      /* an overlap of more than an eighth of the rows (640 % 256 = 128, 616 % 256 = 104); units that would
       * not stand (1040 % 256 = 16): 64 x 64 tiles, skewed where the rows are off the sectors (360x60000
       * now takes the narrow kernel: h200_shallow_sources_take_whole_narrow) */
      {640, 36000, 0, 0, 0, 64, 4, 16, 0, 32, 1, 0, 1},
      {400, 100000, 0, 0, 0, 64, 4, 16, 32, 32, 0, 1, 0},
      {616, 60000, 0, 0, 0, 64, 4, 16, 32, 32, 0, 1, 0},
      {1040, 60000, 0, 0, 0, 64, 4, 16, 32, 32, 0, 1, 0},
      /* the units not applying (rows on 4 bytes): the entry's plain tiles unskewed where they overlap,
       * else skewed (whole tiles into rows padded by 4 bytes) */
      {10000, 10004, 0, 0, 0, 256, 4, 32, 0, 4, 1, 1, 0},
      {10500, 10500, 0, 0, 0, 256, 4, 32, 0, 4, 1, 1, 0},
      {2004, 30000, 0, 0, 0, 256, 4, 32, 0, 4, 1, 1, 0},
      {100004, 600, 0, 0, 0, 256, 4, 32, 0, 4, 1, 1, 0},
      {16384, 16384, 0, 16388, 0, 256, 4, 32, 32, 32, 0, 1, 0},
  };
  const clt__device_info h200 = faked_h200(), h100 = faked_h100();
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const shape sh = {cases[i].rows, cases[i].cols, 1, 0, cases[i].src_ld, 0, 0, cases[i].dst_ld, 0, 0};
    clt__layout l = make_layout(&sh, 1, CLT_VARIANT_AUTO);
    assert_int_equal(clt__shape_class(&l), CLT_SHAPE_ALIGNED);
    clt__config c;
    assert_int_equal(clt__auto_config(&h200, &l, &c), CLT_SUCCESS);
    clt__config_set_order(&h200, &c, &l);
    if (c.variant != CLT_VARIANT_RECT || c.pack != cases[i].pack || c.tile != cases[i].tile ||
        c.vw != cases[i].vw || c.wg_x != cases[i].wg_x || c.pre != cases[i].pre ||
        c.dst_align != cases[i].dst_align || c.overlap != cases[i].overlap)
      fail_msg("u8 %zux%zu (src_ld %zu, dst_ld %zu) on the H200: %s pack %d tile %u vw %u wg_x %u skew %u "
               "dst_align %u overlap %d; expected rect pack %d tile %u vw %u wg_x %u skew %u dst_align %u "
               "overlap %d",
               cases[i].rows, cases[i].cols, cases[i].src_ld, cases[i].dst_ld, clt_variant_name(c.variant),
               c.pack, c.tile, c.vw, c.wg_x, c.pre, c.dst_align, c.overlap, cases[i].pack, cases[i].tile,
               cases[i].vw, cases[i].wg_x, cases[i].pre, cases[i].dst_align, cases[i].overlap);
    assert_int_equal(clt__auto_config(&h100, &l, &c), CLT_SUCCESS);
    clt__config_set_order(&h100, &c, &l);
    const clt_variant h100_want = cases[i].h100_rect ? CLT_VARIANT_RECT : CLT_VARIANT_VECTOR;
    if (c.variant != h100_want || c.overlap != cases[i].h100_overlap)
      fail_msg("u8 %zux%zu (src_ld %zu, dst_ld %zu) on the H100: %s overlap %d, expected %s overlap %d",
               cases[i].rows, cases[i].cols, cases[i].src_ld, cases[i].dst_ld, clt_variant_name(c.variant),
               c.overlap, clt_variant_name(h100_want), cases[i].h100_overlap);
  }
}

/* Where rect's and vector's last tiles overlap the ones before them (cl/common.cl's OVERLAP): rect with
 * 1- and 2-byte elements, vector with 1-byte ones, a side partly covered by tiles, spanning at least one
 * and growing by at most an eighth, rect's over shifted source rows of odd shapes too; no skew, no shifted
 * loads or stores in the vector kernel, and origins that keep aligned accesses aligned. Explicit knobs on a
 * faked H200 and on an NVIDIA-like GPU without a table (f32 on the H200: h200_f32_rect_tiles_overlap). */
static void tiles_overlap_where_safe(void **state) {
  (void)state;
  enum { R, V };
  static const struct {
    int kernel;
    size_t es, rows, cols, dst_ld;
    unsigned dst_align, units;
    int want;
    const char *what;
  } cases[] = {
      {R, 1, 1024, 1000, 0, 0, 0, 1, "u8, columns partly covered"},
      {R, 1, 1000, 1000, 0, 1, 0, 1, "u8 unskewed (dst_align 1)"},
      {R, 1, 1000, 1000, 0, 0, 0, 0, "u8 skewed (rows off 32-byte sectors)"},
      {R, 1, 1024, 1002, 0, 0, 0, 1, "u8 shifted source rows"},
      {R, 1, 1024, 250, 0, 0, 0, 0, "u8 shifted source rows, a tall source"},
      {R, 1, 1024, 1024, 0, 0, 0, 0, "u8 whole tiles"},
      {R, 1, 1024, 100, 0, 0, 0, 0, "u8, the overlap more than an eighth of the columns"},
      {R, 1, 32, 1000, 0, 1, 0, 0, "u8, fewer rows than a tile"},
      {R, 1, 2048, 2000, 0, 0, 1, 1, "u8 units"},
      {R, 1, 2056, 2000, 0, 0, 1, 0, "u8 units skewed"},
      {R, 1, 2052, 2000, 2080, 0, 1, 0, "u8 units into padded rows, the row count off 16-byte units"},
      {R, 1, 2052, 2000, 0, 1, 1, 1, "u8 units off 16-byte rows (dst_align 1): plain 4-byte vectors"},
      {R, 2, 1024, 1001, 0, 0, 0, 1, "f16, source rows off 2-element vectors (element-aligned loads)"},
      {R, 2, 1001, 1024, 1008, 1, 0, 0, "f16, the last tile's stores off 2-element vectors"},
      {V, 1, 1024, 1000, 0, 0, 0, 1, "u8 vector"},
      {V, 1, 1024, 1001, 0, 0, 0, 0, "u8 vector, shifted loads"},
      {V, 1, 1002, 1024, 0, 0, 0, 0, "u8 vector, skewed stores"},
      {V, 2, 1024, 1000, 0, 0, 0, 0, "f16 vector"},
  };
  clt__device_info dev[NDEV];
  make_devices(dev);
  const clt__device_info gpus[2] = {faked_h200(), dev[0]};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    for (int g = 0; g < 2; g++) {
      const shape sh = {cases[i].rows, cases[i].cols, 1, 0, 0, 0, 0, cases[i].dst_ld, 0, 0};
      clt__layout l = make_layout(&sh, cases[i].es, CLT_VARIANT_AUTO);
      clt_tuning t;
      memset(&t, 0, sizeof t);
      if (cases[i].kernel == R) {
        t.variant = CLT_VARIANT_RECT;
        t.tile = cases[i].units ? 256 : 64;
        t.vector_width = cases[i].units ? 16 : 4 / (unsigned)cases[i].es;
        t.wg_x = cases[i].units ? 8 : 64 / t.vector_width;
        t.wg_y = 8;
        t.units = cases[i].units;
      } else {
        t.variant = CLT_VARIANT_VECTOR;
        t.tile = 64;
        t.vector_width = 4;
        t.wg_y = 8;
      }
      t.dst_align = cases[i].dst_align;
      clt__config c;
      char opt[1024];
      assert_int_equal(clt__explicit_config(&gpus[g], &l, &t, &c), CLT_SUCCESS);
      clt__config_set_order(&gpus[g], &c, &l);
      assert_int_equal(clt__config_options(&c, cases[i].es, opt, sizeof opt), 0);
      if (c.overlap != cases[i].want || (strstr(opt, "-DOVERLAP=1") != NULL) != cases[i].want)
        fail_msg("%s, %zux%zu on the %s: overlap %d, expected %d (%s)", cases[i].what, cases[i].rows,
                 cases[i].cols, g ? "NVIDIA-like GPU" : "H200", c.overlap, cases[i].want, opt);
    }
}

/* The H200's f32 rect tiles overlap as well (src/tuning.c's rect4_tiles_overlap): where the source is read an
 * element at a time or the edge tiles take no whole vectors, the added tile moves at most a quarter of a side
 * again, and of the rows at most a sixteenth past 96 MiB a call in 2-element vectors, past 48 MiB in single
 * elements, and in those an eighth past 24 MiB. AUTO on dense, batched and padded layouts, explicit rect's
 * single-element tiles at the bounds; never for f64, skewed runs, the H100 or an NVIDIA-like GPU without a
 * table. Loads of single elements into those tiles take the H200's 128-byte L2 prefetch
 * (clt__config_set_order), where they take 256 without the overlap, and on the H100. */
static void h200_f32_rect_tiles_overlap(void **state) {
  (void)state;
  static const struct {
    size_t es, rows, cols, batch, dst_ld;
    int rect, want; /* rect: explicit 64 x 64 tiles of single elements */
    int l2pf;       /* the H200's L2 prefetch bytes (0: none; -1: not checked) */
    const char *what;
  } cases[] = {
      {4, 2880, 7487, 1, 0, 0, 1, 128, "source rows off the vectors"},
      {4, 62000, 243, 1, 0, 0, 1, 0, "tall, 64 x 32 tiles of single elements"},
      {4, 68000, 227, 1, 0, 0, 1, 0, "tall, the added tile 29 of 227 columns"},
      {4, 23728, 250, 1, 0, 0, 1, 0,
       "tall, vectors on the rows, no edge vectors (walked along the tile rows)"},
      {4, 168, 49403, 1, 0, 0, 1, 128, "wide, the added tile 24 of 168 rows, under 48 MiB"},
      {4, 1056, 103249, 1, 0, 0, 1, 128, "wide, the added tile 32 of 1056 rows, past 48 MiB"},
      {4, 104, 164985, 1, 0, 0, 0, 256, "wide, single elements, the added tile 24 of 104 rows, past 48 MiB"},
      {4, 104, 60493, 1, 0, 0, 1, 256, "wide, single elements, 24 of 104 rows, just under 24 MiB"},
      {4, 104, 60495, 1, 0, 0, 0, 256, "wide, single elements, 24 of 104 rows, just past 24 MiB"},
      {4, 112, 58001, 1, 0, 0, 0, 256, "wide, single elements, 16 of 112 rows, past 24 MiB"},
      {4, 120, 80001, 1, 0, 0, 1, 256, "wide, single elements, 8 of 120 rows, past 24 MiB"},
      {4, 104, 30001, 3, 0, 0, 0, 256, "wide, single elements, 24 of 104 rows, a batch of 3 past 24 MiB"},
      {4, 232, 63277, 1, 0, 0, 1, 128, "wide, 2-element vectors, the added tile 24 of 232 rows, past 48 MiB"},
      {4, 168, 149795, 1, 0, 0, 1, 128, "wide, 2-element vectors, 24 of 168 rows, just under 96 MiB"},
      {4, 168, 149797, 1, 0, 0, 0, 256, "wide, 2-element vectors, 24 of 168 rows, past 96 MiB"},
      {4, 168, 49933, 3, 0, 0, 0, 256, "wide, 2-element vectors, 24 of 168 rows, a batch of 3 past 96 MiB"},
      {4, 152, 28515, 1, 0, 0, 0, 256, "wide, the added tile 40 of 152 rows"},
      {4, 5232, 5178, 1, 0, 0, 0, 256, "vectors on the source rows, edge tiles of whole vectors"},
      {4, 4099, 2050, 1, 0, 0, 0, 256, "skewed runs"},
      {4, 16383, 16385, 1, 0, 0, 0, 128, "skewed runs, odd square"},
      {4, 2960, 749, 19, 0, 0, 1, 128, "a batch"},
      {4, 990, 4545, 1, 1008, 0, 1, 128, "destination rows padded"},
      {8, 448, 6416, 1, 0, 0, 0, -1, "f64"},
      {4, 4096, 240, 1, 0, 1, 1, -1, "explicit, the added tile 16 of 240 columns"},
      {4, 4096, 200, 1, 0, 1, 0, -1, "explicit, the added tile 56 of 200 columns"},
      {4, 168, 37449, 1, 0, 1, 1, -1, "explicit, 24 of 168 rows, just under 24 MiB"},
      {4, 168, 37450, 1, 0, 1, 0, -1, "explicit, 24 of 168 rows (over an eighth), just past 24 MiB"},
      {4, 240, 52428, 1, 0, 1, 1, -1, "explicit, 16 of 240 rows (an eighth at most), just under 48 MiB"},
      {4, 240, 52429, 1, 0, 1, 0, -1, "explicit, 16 of 240 rows, just past 48 MiB"},
  };
  clt__device_info dev[NDEV];
  make_devices(dev);
  const clt__device_info gpus[3] = {faked_h200(), faked_h100(), dev[0]};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    for (int g = 0; g < 3; g++) {
      const shape sh = {cases[i].rows, cases[i].cols, cases[i].batch, 0, 0, 0, 0, cases[i].dst_ld, 0, 0};
      const clt__layout l =
          make_layout(&sh, cases[i].es, cases[i].rect ? CLT_VARIANT_RECT : CLT_VARIANT_AUTO);
      const clt_tuning t = {
          .variant = CLT_VARIANT_RECT, .tile = 64, .vector_width = 1, .wg_x = 64, .wg_y = 4};
      clt__config c;
      char opt[1024];
      assert_int_equal(cases[i].rect ? clt__explicit_config(&gpus[g], &l, &t, &c)
                                     : clt__auto_config(&gpus[g], &l, &c),
                       CLT_SUCCESS);
      clt__config_set_order(&gpus[g], &c, &l);
      assert_int_equal(clt__config_options(&c, cases[i].es, opt, sizeof opt), 0);
      const int want = cases[i].want && g == 0;
      const char *gpu = g == 0 ? "H200" : g == 1 ? "H100" : "NVIDIA-like GPU";
      if (c.variant != CLT_VARIANT_RECT || c.overlap != want || (strstr(opt, "-DOVERLAP=1") != NULL) != want)
        fail_msg("%s, %zux%zu on the %s: %s overlap %d, expected rect overlap %d (%s)", cases[i].what,
                 cases[i].rows, cases[i].cols, gpu, clt_variant_name(c.variant), c.overlap, want, opt);
      const int l2pf = g == 0 ? cases[i].l2pf : g == 1 && cases[i].l2pf == 128 && cases[i].want ? 256 : -1;
      if (l2pf >= 0 && (int)c.l2pf != l2pf)
        fail_msg("%s, %zux%zu on the %s: L2 prefetch %u, expected %d (%s)", cases[i].what, cases[i].rows,
                 cases[i].cols, gpu, c.l2pf, l2pf, opt);
    }
}

/* AUTO for aligned f16 matrices on the H200 and the H100, whose table entries are the vector kernel's
 * 128-element tiles: rect's defaults, their last tiles overlapping, where the entry's tiles leave a
 * partly empty edge, a side is under 10000 and rect's tiles overlap, unskewed where the destination rows
 * are on 16 bytes but off the 32-byte sectors; the entry where its tiles are whole, both sides span 10000
 * or more, or the rows are off 16 bytes too (rect would skew), but for such rows the H200's units (below).
 */
static void aligned_f16_rect_where_it_overlaps(void **state) {
  (void)state;
  static const struct {
    size_t rows, cols;
    int overlap;     /* rect's overlapping defaults on both GPUs */
    int h100_skewed; /* else the H100's skewed rect (rows off its sectors), where the H200 takes units */
  } cases[] = {
      {60000, 504, 1, 0},   {8000, 6000, 1, 0},   {4000, 4000, 1, 0},   {1024, 30000, 1, 0},
      {9984, 20000, 1, 0},  {3000, 3000, 1, 0},   {3000, 5000, 1, 0},   {60008, 504, 1, 0},
      {10000, 10000, 0, 0}, {12800, 12800, 0, 0}, {16384, 16384, 0, 0}, {3004, 3000, 1, 1},
      {60004, 504, 1, 1},
  };
  const clt__device_info gpus[2] = {faked_h200(), faked_h100()};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    for (int g = 0; g < 2; g++) {
      const shape sh = {cases[i].rows, cases[i].cols, 1, 0, 0, 0, 0, 0, 0, 0};
      clt__layout l = make_layout(&sh, 2, CLT_VARIANT_AUTO);
      assert_int_equal(clt__shape_class(&l), CLT_SHAPE_ALIGNED);
      clt__config c;
      assert_int_equal(clt__auto_config(&gpus[g], &l, &c), CLT_SUCCESS);
      clt__config_set_order(&gpus[g], &c, &l);
      const int skewed = g && cases[i].h100_skewed, overlap = cases[i].overlap && !skewed;
      const clt_variant want = overlap || skewed ? CLT_VARIANT_RECT : CLT_VARIANT_VECTOR;
      if (c.variant != want || c.overlap != overlap || (c.pre != 0) != skewed ||
          c.pack != (!g && cases[i].h100_skewed))
        fail_msg("f16 %zux%zu on the %s: %s overlap %d skew %u pack %d, expected %s overlap %d",
                 cases[i].rows, cases[i].cols, g ? "H100" : "H200", clt_variant_name(c.variant), c.overlap,
                 c.pre, c.pack, clt_variant_name(want), overlap);
    }
}

/* AUTO for aligned f16 matrices whose destination rows are on 8 bytes but off 16 on the H200 (clt__traits
 * aligned2_units8): rect's units of 4-element vectors in 128 x 64 tiles stored in 8-byte pieces, whole or
 * overlapping, dense or into padded rows; rect's defaults (skewed) where those would take 8192 rows or more
 * and a call moves 48 million elements or more, a batch's matrices together; the vector entry where the
 * units' tiles would leave a partly empty edge they cannot overlap (an eighth of the rows and more), or the
 * rows are on 16 bytes or off 8. The H100 (no such trait) keeps its kernels. */
static void aligned_f16_units_in_pieces(void **state) {
  (void)state;
  enum { OTHER, UNITS, DEFAULTS }; /* OTHER: the entry, or a wide source's own */
  static const struct {
    size_t rows, cols, batch, dst_ld;
    int want, overlap;
  } cases[] = {
      /* dense, overlapping; into padded rows, whole or overlapping */
      {6004, 8004, 1, 0, UNITS, 1},
      {1004, 50000, 1, 0, UNITS, 1},
      {8196, 4096, 1, 0, UNITS, 1}, /* 8192 rows and more, under 48 million elements */
      {20004, 2000, 1, 0, UNITS, 1},
      {4096, 4096, 1, 4100, UNITS, 0},
      {4000, 12000, 1, 4004, UNITS, 1},
      /* rect's defaults */
      {10004, 10004, 1, 0, DEFAULTS, 0},
      {40004, 1500, 1, 0, DEFAULTS, 0},
      {50004, 1000, 1, 0, DEFAULTS, 0},
      {8196, 2048, 3, 0, DEFAULTS, 0},
      {16384, 16384, 1, 16388, DEFAULTS, 0},
      {8192, 8192, 1, 8196, DEFAULTS, 0},
      {12000, 12000, 1, 12004, DEFAULTS, 0},
      /* an overlap of 124 rows (260 % 128 = 4), more than 260 / 8; a wide source (its own entry) */
      {260, 60000, 1, 0, OTHER, 0},
      {196, 60000, 1, 0, OTHER, 0},
      /* rows on 32 or 16 bytes, or on 4 */
      {16384, 16384, 1, 0, OTHER, 0},
      {16384, 16384, 1, 16392, OTHER, 0},
      {16384, 16384, 1, 16386, OTHER, 0},
  };
  const clt__device_info h200 = faked_h200(), h100 = faked_h100();
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const size_t dst_ld = cases[i].dst_ld ? cases[i].dst_ld : cases[i].rows;
    const shape sh = {cases[i].rows, cases[i].cols, cases[i].batch, 0, 0, 0, 0, dst_ld, 0, 0};
    clt__layout l = make_layout(&sh, 2, CLT_VARIANT_AUTO), lr = make_layout(&sh, 2, CLT_VARIANT_RECT);
    clt__config c, d, h;
    char opt[1024];
    assert_int_equal(clt__auto_config(&h200, &l, &c), CLT_SUCCESS);
    clt__config_set_order(&h200, &c, &l);
    assert_int_equal(clt__config_options(&c, 2, opt, sizeof opt), 0);
    assert_int_equal(clt__explicit_config(&h200, &lr, NULL, &d), CLT_SUCCESS);
    const int units = c.variant == CLT_VARIANT_RECT && c.pack && c.vw == 4 && c.tile == 128 &&
                      c.wg_x * c.vw == 64 && strstr(opt, "-DPST=8") != NULL;
    const int defaults = c.variant == CLT_VARIANT_RECT && !c.pack && c.pre && c.pre == d.pre &&
                         c.vw == d.vw && c.tile == d.tile && c.wg_x == d.wg_x && c.wg_y == d.wg_y;
    const int aligned = clt__shape_class(&l) == CLT_SHAPE_ALIGNED; /* others take rect's defaults their way */
    const int got = units ? UNITS : defaults && aligned ? DEFAULTS : OTHER;
    if (got != cases[i].want || (units && c.overlap != cases[i].overlap))
      fail_msg(
          "f16 %zux%zu batch %zu (dst_ld %zu) on the H200: %s pack %d vw %u tile %u skew %u overlap %d (%s); "
          "expected %s overlap %d",
          cases[i].rows, cases[i].cols, cases[i].batch, dst_ld, clt_variant_name(c.variant), c.pack, c.vw,
          c.tile, c.pre, c.overlap, opt,
          cases[i].want == UNITS      ? "units"
          : cases[i].want == DEFAULTS ? "rect's defaults"
                                      : "neither",
          cases[i].overlap);
    assert_int_equal(clt__auto_config(&h100, &l, &h), CLT_SUCCESS);
    if (h.pack)
      fail_msg("f16 %zux%zu (dst_ld %zu) on the H100: units", cases[i].rows, cases[i].cols, dst_ld);
  }
}

/* AUTO for c128 wide sources of 34 to 63 rows: rect where the destination rows start on 32-byte sectors
 * (an even row count) on the H100 (clt__traits wide16_rect_sectors), narrow on the H200; odd row counts,
 * rows off the sectors through the leading dimension, and 33 rows stay narrow on both; tall sources and
 * 64 rows are rect's on both, 20 rows narrow's. */
static void h100_c128_wide_rect_on_sectors(void **state) {
  (void)state;
  static const struct {
    size_t rows, cols, dst_ld;
    clt_variant h200, h100;
  } cases[] = {
      {40, 308761, 0, CLT_VARIANT_NARROW, CLT_VARIANT_RECT},
      {46, 270001, 0, CLT_VARIANT_NARROW, CLT_VARIANT_RECT},
      {34, 360007, 0, CLT_VARIANT_NARROW, CLT_VARIANT_RECT},
      {62, 200001, 0, CLT_VARIANT_NARROW, CLT_VARIANT_RECT},
      {35, 340007, 0, CLT_VARIANT_NARROW, CLT_VARIANT_NARROW},
      {47, 260003, 0, CLT_VARIANT_NARROW, CLT_VARIANT_NARROW},
      {33, 1000003, 0, CLT_VARIANT_NARROW, CLT_VARIANT_NARROW},
      {40, 308761, 41, CLT_VARIANT_NARROW, CLT_VARIANT_NARROW},
      {20, 1000000, 0, CLT_VARIANT_NARROW, CLT_VARIANT_NARROW},
      {64, 500000, 0, CLT_VARIANT_RECT, CLT_VARIANT_RECT},
      {308761, 40, 0, CLT_VARIANT_RECT, CLT_VARIANT_RECT},
  };
  const clt__device_info h200 = faked_h200(), h100 = faked_h100();
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    for (int d = 0; d < 2; d++) {
      const shape sh = {cases[i].rows, cases[i].cols, 1, 0, 0, 0, 0, cases[i].dst_ld, 0, 0};
      clt__layout l = make_layout(&sh, 16, CLT_VARIANT_AUTO);
      clt__config c;
      assert_int_equal(clt__auto_config(d ? &h100 : &h200, &l, &c), CLT_SUCCESS);
      const clt_variant want = d ? cases[i].h100 : cases[i].h200;
      if (c.variant != want)
        fail_msg("c128 %zux%zu (dst_ld %zu) on the %s: AUTO took %s, expected %s", cases[i].rows,
                 cases[i].cols, cases[i].dst_ld, d ? "H100" : "H200", clt_variant_name(c.variant),
                 clt_variant_name(want));
    }
}

/* The H100's table entries reach AUTO: c128 aligned takes the tiled kernel with 16 x 16 tiles where its
 * sides are multiples of 16 and rect elsewhere (tiled_entry_covers), f32
 * aligned, tall and wide and f16 wide the vector kernel's 64-element tiles, f16 aligned its 128-element
 * tiles of 8-element vectors, f64 odd rect's 32 x 32 tiles, and tall and wide sources whose rows are
 * off the vectors still take rect; a class without an entry (f32 odd, f64 aligned, f16 tall) is left
 * to the heuristic, and the H200's entries do not leak to the H100. */
static void h100_table_entries_reach_auto(void **state) {
  (void)state;
  const clt__device_info h100 = faked_h100();
  clt_tuning t;
  assert_int_equal(clt__tuning_lookup(&h100, 16, CLT_SHAPE_ALIGNED, 0, &t), CLT__TUNED_TABLE);
  assert_int_equal(t.variant, CLT_VARIANT_TILED);
  assert_int_equal(clt__tuning_lookup(&h100, 4, CLT_SHAPE_ALIGNED, 0, &t), CLT__TUNED_TABLE);
  assert_int_equal(t.variant, CLT_VARIANT_VECTOR);
  assert_int_equal(clt__tuning_lookup(&h100, 4, CLT_SHAPE_ODD, 0, &t), 0);
  assert_int_equal(clt__tuning_lookup(&h100, 8, CLT_SHAPE_ALIGNED, 0, &t), 0);

  static const shape square = {8192, 8192, 1, 0, 0, 0, 0, 0, 0, 1};
  clt__config c;
  clt__layout l = make_layout(&square, 16, CLT_VARIANT_AUTO);
  assert_int_equal(clt__auto_config(&h100, &l, &c), CLT_SUCCESS);
  assert_int_equal(c.variant, CLT_VARIANT_TILED);
  assert_int_equal(c.tile, 16);
  assert_int_equal(c.wg_y, 16);

  /* The vector and rect entries, each where the layout suits it; tile, vw and wg_y as expected. */
  assert_int_equal(clt__tuning_lookup(&h100, 2, CLT_SHAPE_TALL, 0, &t), 0);
  static const struct {
    size_t rows, cols, es;
    clt_variant want;
    unsigned tile, vw, wg_y; /* 0: not checked */
  } cases[] = {
      {8192, 8192, 4, CLT_VARIANT_VECTOR, 64, 4, 16},    {1048576, 64, 4, CLT_VARIANT_VECTOR, 64, 4, 16},
      {64, 1048576, 4, CLT_VARIANT_VECTOR, 64, 4, 16},   {64, 1048576, 2, CLT_VARIANT_VECTOR, 64, 4, 16},
      {16384, 16384, 2, CLT_VARIANT_VECTOR, 128, 8, 16}, {8192, 4096, 2, CLT_VARIANT_VECTOR, 128, 8, 16},
      {8191, 8193, 8, CLT_VARIANT_RECT, 32, 1, 8},       {8192, 8191, 8, CLT_VARIANT_RECT, 32, 1, 8},
      {64, 1048575, 4, CLT_VARIANT_RECT, 0, 0, 0},       {1048575, 64, 4, CLT_VARIANT_RECT, 0, 0, 0},
      {64, 1048575, 2, CLT_VARIANT_RECT, 0, 0, 0},       {8191, 8193, 4, CLT_VARIANT_RECT, 64, 2, 8},
      {4096, 4096, 16, CLT_VARIANT_TILED, 16, 0, 16},    {2000, 8000, 16, CLT_VARIANT_TILED, 16, 0, 16},
      {3384, 3560, 16, CLT_VARIANT_RECT, 0, 0, 0},       {564, 10500, 16, CLT_VARIANT_RECT, 0, 0, 0},
      {1500, 8000, 16, CLT_VARIANT_RECT, 0, 0, 0},       {8000, 1500, 16, CLT_VARIANT_RECT, 0, 0, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const shape sh = {cases[i].rows, cases[i].cols, 1, 0, 0, 0, 0, 0, 0, 1};
    l = make_layout(&sh, cases[i].es, CLT_VARIANT_AUTO);
    assert_int_equal(clt__auto_config(&h100, &l, &c), CLT_SUCCESS);
    if (c.variant != cases[i].want)
      fail_msg("%zux%zu es %zu: AUTO took %s", cases[i].rows, cases[i].cols, cases[i].es,
               clt_variant_name(c.variant));
    if (cases[i].tile && (c.tile != cases[i].tile || c.vw != cases[i].vw || c.wg_y != cases[i].wg_y))
      fail_msg("%zux%zu es %zu: %s t%u v%u y%u", cases[i].rows, cases[i].cols, cases[i].es,
               clt_variant_name(c.variant), c.tile, c.vw, c.wg_y);
  }
}

/* AUTO trades a GPU tile kernel for the narrow one where a tall or wide matrix's short side is at most
 * 64 elements and either at most 32 elements of at most 256 bytes or not a whole number of the tile
 * kernel's tiles across, but not rect skewing a tall source's destination rows with 16-byte elements on
 * more than 20 columns; never on the CPU (block), nor for other classes. The narrow configuration of
 * each such matrix fits every device, and by default moves 16-byte vectors along the long side in tiles
 * of at most 16 KiB. */
static void auto_takes_narrow_only_for_short_tall_and_wide_sides(void **state) {
  static const struct {
    size_t rows, cols, batch, es;
    int want;
  } cases[] = {
      /* Tall, at most 32 elements of at most 256 bytes. */
      {2097152, 24, 1, 4, 1},
      {4194304, 12, 1, 4, 1},
      {4194304, 16, 1, 4, 1},
      {2097152, 32, 1, 4, 1},
      {4194304, 1, 1, 4, 1},
      {2097152, 32, 1, 2, 1},
      {8388608, 16, 1, 1, 1},
      {4194304, 8, 1, 16, 1},
      {2097152, 16, 1, 8, 1},
      {2097152, 16, 2, 4, 1}, /* in a batch of large matrices */
      {2097152, 32, 1, 8, 1},
      {1048576, 16, 1, 16, 1},
      /* Tall, more than 32 elements or 256 bytes: only where the tile kernel's tiles do not fit it a
       * whole number of times. */
      {1048576, 64, 1, 4, 0},  /* one rect tile of 64 columns */
      {1048576, 33, 1, 4, 1},  /* and a second one of 1 column */
      {1048576, 64, 1, 2, 0},  /* one rect tile of 64 columns */
      {2097152, 64, 1, 1, 1},  /* half a rect tile of 128 columns */
      {1048576, 32, 1, 16, 0}, /* one rect tile of 32 columns */
      {1048576, 33, 1, 16, 1}, /* and a second one of 1 column */
      {1048575, 33, 1, 16, 0}, /* the same skewed: rect stays for 16-byte elements */
      {2097152, 64, 1, 8, 0},  /* two rect tiles of 32 columns */
      {2097152, 33, 1, 8, 1},  /* and a third one of 1 column */
      {1048576, 65, 1, 4, 0},  /* more than 64 columns */
      /* Wide, the same with rect's tile rows. */
      {16, 4194304, 1, 4, 1},
      {16, 4194304, 1, 2, 1},
      {64, 1048576, 1, 4, 0},  /* one rect tile of 64 rows */
      {64, 8388608, 1, 1, 1},  /* half a rect tile of 128 rows */
      {32, 1048576, 1, 16, 0}, /* one rect tile of 32 rows */
      {33, 1048576, 1, 16, 1},
      /* Wide, 65 to 127 rows: source rows on 16-byte vectors, 2- to 8-byte elements; off them, 2-byte
       * elements and 4-byte ones of up to 80 rows (this device; the H200's 8-byte rule is tested in
       * wide_shifted_sources_take_narrow); 1- and 2-byte elements whose destination rows are off 32-byte
       * sectors, source rows on the vectors or not. */
      {100, 300, 1, 4, 1},
      {127, 4096, 1, 2, 1},
      {65, 4096, 1, 8, 1},
      {100, 301, 1, 4, 0}, /* source rows off the vectors: 4-byte elements up to 80 rows */
      {80, 301, 1, 4, 1},
      {65, 301, 1, 4, 1},
      {81, 301, 1, 4, 0},
      {100, 4096, 1, 1, 1}, /* 1-byte elements, destination rows off the sectors */
      {127, 4097, 1, 1, 1},
      {100, 301, 1, 2, 1},
      {99, 4097, 1, 2, 1},
      {96, 4096, 1, 1, 0}, /* destination rows on the sectors */
      {96, 4097, 1, 1, 0},
      {80, 301, 1, 2, 1},  /* destination rows on the sectors, source rows off the vectors */
      {100, 301, 1, 8, 0}, /* 8-byte elements, source rows off the vectors */
      {68, 301, 1, 8, 0},
      {100, 4096, 1, 16, 0},
      {129, 4096, 1, 4, 0}, /* more than 128 rows */
      {4096, 100, 1, 4, 0}, /* tall */
      /* Other classes. */
      {16384, 16, 4, 4, 0},  /* batched */
      {4096, 4096, 1, 4, 0}, /* aligned */
      {300, 260, 1, 4, 0},   /* odd */
  };
  clt__device_info dev[NDEV];
  (void)state;
  make_devices(dev);
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const shape s = {cases[i].rows, cases[i].cols, cases[i].batch, 0, 0, 0, 0, 0, 0, 1};
    const size_t es = cases[i].es;
    clt__layout l = make_layout(&s, es, CLT_VARIANT_AUTO);
    clt__config c, n;
    char where[128];
    snprintf(where, sizeof where, "%zux%zu batch %zu, elem_size %zu", s.rows, s.cols, s.batch, es);
    assert_int_equal(clt__choose_config(&dev[0], &l, CLT_VARIANT_AUTO, &c), CLT_SUCCESS);
    const int got = clt__narrow_auto(&dev[0], &l, &c);
    if (got != cases[i].want)
      fail_msg("%s: narrow %d after %s, expected %d", where, got, clt_variant_name(c.variant), cases[i].want);
    assert_int_equal(clt__choose_config(&dev[3], &l, CLT_VARIANT_AUTO, &c), CLT_SUCCESS); /* the CPU */
    assert_int_equal(clt__narrow_auto(&dev[3], &l, &c), 0);
    if (!got)
      continue;
    const int wide = s.rows < s.cols;
    const size_t n_short = wide ? s.rows : s.cols, vw = es < 16 ? 16 / es : 1;
    for (int d = 0; d < NDEV; d++) {
      char opts[1024], want[64];
      if (clt__choose_config(&dev[d], &l, CLT_VARIANT_NARROW, &n) != CLT_SUCCESS)
        fail_msg("%s on %s: no narrow configuration", where, dev[d].name);
      const char *why = config_problem(&n, &dev[d], es);
      if (why == NULL)
        why = alignment_problem(&n, &l);
      if (why)
        fail_msg("%s on %s: %s (tile %u short %u wg %u vw %u nvl %u nvs %u)", where, dev[d].name, why, n.tile,
                 n.short_ext, n.wg_x, n.vw, n.nvl, n.nvs);
      check_options(&n, es, where);
      check_ndrange(&n, &l, &dev[d], where);
      if (d != 0)
        continue;
      /* The defaults, on a device with room for them: 16-byte vectors along the long side, a tile of at
       * most 16 KiB (32 KiB past 64 rows), at most 256 work-items, and the tile across the short side
       * whole. */
      assert_int_equal(clt__config_options(&n, es, opts, sizeof opts), 0);
      snprintf(want, sizeof want, " -DTR=%zu -DTC=%zu ", wide ? n_short : (size_t)n.tile,
               wide ? (size_t)n.tile : n_short);
      if (n.vw != vw || local_bytes(&n, es) > (n_short > 64 ? 32768u : 16384u) || n.wg_x > 256 ||
          !strstr(opts, want))
        fail_msg("%s: tile %u wg %u vw %u, %zu bytes of local memory (%s)", where, n.tile, n.wg_x, n.vw,
                 local_bytes(&n, es), opts);
    }
  }
}

/* The rule follows the tile kernel it would replace: rect's tile columns (tile rows for wide sources),
 * the vector and tiled kernels' tile side, whether they come from the heuristics or a tuning table; no
 * other kernel is traded. */
static void narrow_auto_measures_the_tile_it_replaces(void **state) {
  static const struct {
    size_t rows, cols, es;
    clt_variant v;
    int want;
  } cases[] = {
      {1048576, 64, 1, CLT_VARIANT_RECT, 1},   /* 128 columns */
      {1048576, 64, 1, CLT_VARIANT_VECTOR, 1}, /* 128 columns */
      {1048576, 64, 1, CLT_VARIANT_TILED, 0},  /* 32 columns: two whole tiles */
      {1048576, 48, 4, CLT_VARIANT_TILED, 1},  {1048576, 48, 4, CLT_VARIANT_VECTOR, 1},
      {1048576, 64, 4, CLT_VARIANT_TILED, 0},  {1048576, 64, 4, CLT_VARIANT_VECTOR, 0},
      {48, 4194304, 4, CLT_VARIANT_VECTOR, 1}, {64, 4194304, 4, CLT_VARIANT_TILED, 0},
      {64, 4194304, 2, CLT_VARIANT_RECT, 1}, /* 128 tile rows of 2-byte elements */
      {2097152, 16, 4, CLT_VARIANT_BLOCK, 0},  {2097152, 16, 4, CLT_VARIANT_NAIVE, 0},
      {2097152, 16, 4, CLT_VARIANT_NARROW, 0},
  };
  clt__device_info dev[NDEV];
  (void)state;
  make_devices(dev);
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const shape s = {cases[i].rows, cases[i].cols, 1, 0, 0, 0, 0, 0, 0, 1};
    clt__layout l = make_layout(&s, cases[i].es, cases[i].v);
    clt__config c;
    assert_int_equal(clt__choose_config(&dev[0], &l, cases[i].v, &c), CLT_SUCCESS);
    const int got = clt__narrow_auto(&dev[0], &l, &c);
    if (got != cases[i].want)
      fail_msg("%zux%zu, elem_size %zu, after %s: narrow %d, expected %d", s.rows, s.cols, cases[i].es,
               clt_variant_name(cases[i].v), got, cases[i].want);
  }

  /* On an NVIDIA H200, after the built-in table's knobs for the class, as a plan picks them. */
  static const struct {
    size_t rows, cols, es;
    int want;
  } h200_cases[] = {
      /* 4- and 8-byte elements: the vector kernel's tiles of 64 and 32 columns. */
      {2097152, 24, 4, 1},
      {1048576, 48, 4, 1},
      {1048576, 64, 4, 0},
      {2097152, 32, 8, 1}, /* 256 bytes */
      {1048576, 64, 8, 0},
      /* 16-byte elements: rect's tiles of 16 columns for tall sources, tiled's 32 rows for wide ones. */
      {1048576, 32, 16, 0},
      {1048575, 33, 16, 0}, /* a skewed destination: rect stays (the next test) */
      {1048576, 33, 16, 1},
      {1048576, 16, 16, 1}, /* 256 bytes */
      {1048576, 48, 16, 0}, /* three whole tiles (rect's default 32 columns would not be) */
      {32, 1048576, 16, 0},
      {48, 1048576, 16, 1},
      /* No entry: rect's 128 columns of 1-byte elements, cut to 64 (but not to 32). */
      {2097152, 64, 1, 0},
      {2097152, 32, 1, 1},
  };
  const clt__device_info h200 = faked_h200();
  for (size_t i = 0; i < sizeof h200_cases / sizeof h200_cases[0]; i++) {
    const shape s = {h200_cases[i].rows, h200_cases[i].cols, 1, 0, 0, 0, 0, 0, 0, 1};
    const size_t es = h200_cases[i].es;
    clt__layout l = make_layout(&s, es, CLT_VARIANT_AUTO);
    clt__config c;
    assert_int_equal(clt__auto_config(&h200, &l, &c), CLT_SUCCESS);
    const int got = c.variant == CLT_VARIANT_NARROW;
    if (got != h200_cases[i].want)
      fail_msg("H200, %zux%zu, elem_size %zu: AUTO took %s, expected %s", s.rows, s.cols, es,
               clt_variant_name(c.variant), h200_cases[i].want ? "narrow" : "a tile kernel");
  }
}

/* Tall sources of 16-byte elements keep rect where the narrow kernel would replace its tiles on more
 * than 20 columns whose destination rows rect skews, and above narrow's 64 columns whatever their
 * number; narrow keeps 20 columns or fewer, destinations on 32-byte sectors, wide sources and smaller
 * elements; no case takes the tiled kernel (an NVIDIA H200 with its table, and a GPU without one). */
static void auto_keeps_rect_for_16_byte_tall_sources(void **state) {
  static const struct {
    size_t rows, cols, es;
    int h200;
    clt_variant want;
  } cases[] = {
      {1048575, 33, 16, 1, CLT_VARIANT_RECT},   {699051, 24, 16, 1, CLT_VARIANT_RECT},
      {524287, 56, 16, 1, CLT_VARIANT_RECT},    {1048575, 21, 16, 1, CLT_VARIANT_RECT},
      {1048575, 20, 16, 1, CLT_VARIANT_NARROW}, {1048575, 17, 16, 1, CLT_VARIANT_NARROW},
      {1048576, 33, 16, 1, CLT_VARIANT_NARROW}, /* destination rows on sectors */
      {1048575, 33, 16, 0, CLT_VARIANT_RECT},   {1048576, 33, 16, 0, CLT_VARIANT_NARROW},
      {699051, 24, 16, 0, CLT_VARIANT_RECT},    {1048575, 20, 16, 0, CLT_VARIANT_NARROW},
      {1048575, 48, 16, 1, CLT_VARIANT_RECT}, /* three whole tiles of the H200's 16 columns */
      {1048575, 48, 16, 0, CLT_VARIANT_RECT}, /* its 32 columns cut to 16 */
      {1048575, 16, 16, 1, CLT_VARIANT_RECT},   {524287, 65, 16, 1, CLT_VARIANT_RECT},
      {516222, 65, 16, 1, CLT_VARIANT_RECT},    {264208, 127, 16, 1, CLT_VARIANT_RECT},
      {134216, 250, 16, 1, CLT_VARIANT_RECT},   {516222, 65, 16, 0, CLT_VARIANT_RECT},
      {466033, 72, 16, 1, CLT_VARIANT_RECT},    {167773, 200, 16, 1, CLT_VARIANT_RECT},
      {419431, 80, 16, 1, CLT_VARIANT_RECT},    {524287, 65, 8, 1, CLT_VARIANT_RECT},
      {33, 1048575, 16, 1, CLT_VARIANT_NARROW}, /* wide */
      {1048575, 40, 8, 1, CLT_VARIANT_NARROW},  {1048575, 33, 4, 0, CLT_VARIANT_NARROW},
  };
  clt__device_info dev[NDEV];
  (void)state;
  make_devices(dev);
  const clt__device_info h200 = faked_h200();
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const shape s = {cases[i].rows, cases[i].cols, 1, 0, 0, 0, 0, 0, 0, 1};
    const clt__device_info *d = cases[i].h200 ? &h200 : &dev[0];
    clt__layout l = make_layout(&s, cases[i].es, CLT_VARIANT_AUTO);
    clt__config c;
    assert_int_equal(clt__auto_config(d, &l, &c), CLT_SUCCESS);
    if (c.variant != cases[i].want)
      fail_msg("case %zu (%zux%zu, elem_size %zu, %s): AUTO took %s, expected %s", i, s.rows, s.cols,
               cases[i].es, d->name, clt_variant_name(c.variant), clt_variant_name(cases[i].want));
  }
}

/* AUTO on a GPU never runs the vector kernel's shifted or skewed paths: a tall, wide or batched layout
 * whose class entry on an NVIDIA H200 is the vector kernel takes the odd shapes' rect entry (its knobs)
 * when its rows do not start on the vector's boundary (odd extents, leading dimensions or offsets),
 * and keeps the vector kernel when they do; narrow still takes short sides after it. */
static void auto_moves_misaligned_vector_layouts_to_rect(void **state) {
  static const struct {
    shape s;
    size_t es;
    clt_variant want;
    unsigned tile, wg_x, vw; /* rect's knobs: the H200's odd entry for es */
  } cases[] = {
      {{1048575, 64, 1, 0, 0, 0, 0, 0, 0, 1}, 4, CLT_VARIANT_RECT, 64, 32, 2},
      {{64, 1048575, 1, 0, 0, 0, 0, 0, 0, 1}, 4, CLT_VARIANT_RECT, 64, 32, 2},
      {{524287, 128, 1, 0, 0, 0, 0, 0, 0, 1}, 4, CLT_VARIANT_RECT, 64, 32, 2},
      {{1048576, 64, 1, 0, 0, 0, 1, 0, 0, 0}, 4, CLT_VARIANT_RECT, 64, 32, 2},  /* a destination offset */
      {{1048576, 64, 1, 0, 66, 0, 0, 0, 0, 0}, 4, CLT_VARIANT_RECT, 64, 32, 2}, /* a source ld */
      {{1023, 1025, 64, 0, 0, 0, 0, 0, 0, 1}, 4, CLT_VARIANT_RECT, 64, 32, 2},
      {{1048575, 64, 1, 0, 0, 0, 0, 0, 0, 1}, 8, CLT_VARIANT_RECT, 64, 32, 1},
      {{1023, 1025, 64, 0, 0, 0, 0, 0, 0, 1}, 8, CLT_VARIANT_RECT, 64, 32, 1},
      {{1048576, 64, 1, 0, 0, 0, 0, 0, 0, 1}, 4, CLT_VARIANT_VECTOR, 0, 0, 0},
      {{64, 1048576, 1, 0, 0, 0, 0, 0, 0, 1}, 4, CLT_VARIANT_VECTOR, 0, 0, 0},
      {{1024, 1024, 64, 0, 0, 0, 0, 0, 0, 1}, 8, CLT_VARIANT_VECTOR, 0, 0, 0},
      {{16384, 16384, 1, 0, 0, 0, 0, 0, 0, 1}, 2, CLT_VARIANT_VECTOR, 0, 0, 0},
      {{2097151, 24, 1, 0, 0, 0, 0, 0, 0, 1}, 4, CLT_VARIANT_NARROW, 0, 0, 0},
  };
  const clt__device_info h200 = faked_h200();
  (void)state;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    clt__layout l = make_layout(&cases[i].s, cases[i].es, CLT_VARIANT_AUTO);
    clt__config c;
    assert_int_equal(clt__auto_config(&h200, &l, &c), CLT_SUCCESS);
    if (c.variant != cases[i].want ||
        (c.variant == CLT_VARIANT_RECT &&
         (c.tile != cases[i].tile || c.wg_x != cases[i].wg_x || c.vw != cases[i].vw)))
      fail_msg("case %zu (%zux%zu batch %zu, elem_size %zu): AUTO took %s tile %u wg_x %u vw %u, expected %s",
               i, cases[i].s.rows, cases[i].s.cols, cases[i].s.batch, cases[i].es,
               clt_variant_name(c.variant), c.tile, c.wg_x, c.vw, clt_variant_name(cases[i].want));
    if (c.variant == CLT_VARIANT_VECTOR)
      assert_true(c.src_aligned && c.dst_aligned);
  }
}

/* An aligned-class matrix of 1- or 4-byte elements whose destination rows are on the vector kernel's
 * vectors but off 32-byte sectors (a leading dimension or offset of 4 elements past one) leaves that
 * kernel for rect on a GPU, which skews its runs onto sectors; source rows off the sectors alone,
 * 2-byte elements, tall and wide classes and CPUs keep the vector kernel. On a faked NVIDIA H100 and
 * H200 (whose u8 aligned entry is rect already, so u8 is asked of the H100 only). */
static void auto_moves_vectors_off_destination_sectors_to_rect(void **state) {
  static const struct {
    shape s;
    size_t es;
    int h100_only;
    clt_variant want;
  } cases[] = {
      {{16388, 16384, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0, CLT_VARIANT_RECT},
      {{16380, 16388, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0, CLT_VARIANT_RECT},
      {{8192, 8192, 1, 0, 0, 0, 4, 0, 0, 0}, 4, 0, CLT_VARIANT_RECT},      /* a destination offset */
      {{8192, 8192, 1, 0, 0, 0, 0, 8196, 0, 0}, 4, 0, CLT_VARIANT_RECT},   /* a destination ld */
      {{8192, 8192, 1, 0, 0, 0, 0, 8200, 0, 0}, 4, 0, CLT_VARIANT_VECTOR}, /* 32 bytes past: on sectors */
      {{16384, 16388, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0, CLT_VARIANT_VECTOR},  /* the source alone */
      {{16392, 16384, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 0, CLT_VARIANT_VECTOR},
      {{132, 1048576, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0, CLT_VARIANT_VECTOR}, /* wide */
      {{16388, 16384, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1, CLT_VARIANT_RECT},
      {{16384, 16388, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1, CLT_VARIANT_VECTOR},
      {{16384, 16384, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1, CLT_VARIANT_VECTOR},
  };
  const clt__device_info gpus[2] = {faked_h100(), faked_h200()};
  clt__device_info cpu[NDEV];
  make_devices(cpu);
  (void)state;
  for (size_t g = 0; g < 2; g++)
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      if (g == 1 && cases[i].h100_only)
        continue;
      clt__layout l = make_layout(&cases[i].s, cases[i].es, CLT_VARIANT_AUTO);
      clt__config c;
      assert_int_equal(clt__auto_config(&gpus[g], &l, &c), CLT_SUCCESS);
      if (c.variant != cases[i].want)
        fail_msg("%s, case %zu (%zux%zu, elem_size %zu): AUTO took %s, expected %s", gpus[g].name, i,
                 cases[i].s.rows, cases[i].s.cols, cases[i].es, clt_variant_name(c.variant),
                 clt_variant_name(cases[i].want));
      /* A CPU told by a tuning file to run the vector kernel keeps it. */
      if (g == 0 && cases[i].want == CLT_VARIANT_RECT) {
        tuning_file f;
        write_tuning_file(&f, &cpu[3],
                          cases[i].es == 1 ? "1 aligned vector 128 4 8 0 0 0 0\n"
                                           : "4 aligned vector 64 4 16 0 0 0 0\n");
        assert_int_equal(clt__auto_config(&cpu[3], &l, &c), CLT_SUCCESS);
        drop_tuning_file(&f);
        if (c.variant != CLT_VARIANT_VECTOR)
          fail_msg("CPU, case %zu: AUTO took %s", i, clt_variant_name(c.variant));
      }
    }
}

/* AUTO reads a wide f32 source of whole 32-row tiles (32 to 256 rows) whose rows do not start on
 * rect's 2-element vectors with element loads in 32 x 32 tiles, where the destination's rows are on
 * 32-byte sectors and the knobs are the heuristic's: on a faked NVIDIA H100 (no odd f32 entry) and an
 * unknown NVIDIA-like GPU. A faked NVIDIA H200 keeps its odd entry's knobs (rect 64 x 64, 2-element
 * vectors), but for 65 to 127 rows (h200_shifted_wide_sources_take_measured_knobs). Aligned sources,
 * skewed destinations, a partly empty last tile, tall and odd layouts, other element sizes, CPUs and a
 * tuning file's entry keep their knobs. */
static void auto_reads_misaligned_wide_f32_sources_by_element(void **state) {
  static const struct {
    shape s;
    size_t es;
    int element_loads;
  } cases[] = {
      {{64, 1048575, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 1},
      {{256, 262143, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 1},
      {{96, 699051, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 1},
      {{64, 1048576, 1, 0, 1048577, 0, 0, 0, 0, 0}, 4, 1}, /* an odd source ld */
      {{64, 1048576, 1, 1, 0, 0, 0, 0, 0, 0}, 4, 1},       /* a source offset */
      {{64, 1048576, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0},       /* aligned */
      {{100, 999999, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0},       /* destination rows off sectors: skewed */
      {{250, 262143, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0},
      {{200, 500001, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0}, /* the last 32-row tile partly empty */
      {{72, 1048575, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0},
      {{524288, 129, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0}, /* tall */
      {{4096, 16383, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0}, /* odd */
      {{64, 1048575, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 0},
      {{64, 1048575, 1, 0, 0, 0, 0, 0, 0, 1}, 8, 0},
  };
  (void)state;
  clt__device_info others[NDEV];
  make_devices(others);
  const clt__device_info dev[3] = {faked_h100(), faked_h200(), others[0]}; /* [2]: NVIDIA-like, no table */
  for (size_t d = 0; d < 3; d++) {
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      clt__layout l = make_layout(&cases[i].s, cases[i].es, CLT_VARIANT_AUTO);
      clt__config c;
      assert_int_equal(clt__auto_config(&dev[d], &l, &c), CLT_SUCCESS);
      const int element_loads = c.variant == CLT_VARIANT_RECT && c.vw == 1 && c.wg_x == 32 && c.tile == 32 &&
                                c.wg_y == 8 && c.pre == 0;
      const int h200 = d == 1, want = cases[i].element_loads && !h200;
      const int odd_entry = c.variant == CLT_VARIANT_RECT && c.vw == 2; /* its tiles fitted to the rows */
      const int h200_elems = c.variant == CLT_VARIANT_RECT && c.vw == 1 && c.tile == 64 && c.wg_x == 64 &&
                             c.wg_y == 4; /* shifted_wide4_to_element_loads, 65 to 127 rows */
      const int short_rows = cases[i].s.rows > 64 && cases[i].s.rows < 128;
      if (element_loads != want || (want && !c.src_aligned) ||
          (h200 && cases[i].element_loads && !(short_rows ? h200_elems : odd_entry)))
        fail_msg("%s, case %zu (%zux%zu, elem_size %zu): AUTO took %s vw %u, %u x %u tiles, wg_y %u, pre %u",
                 dev[d].name, i, cases[i].s.rows, cases[i].s.cols, cases[i].es, clt_variant_name(c.variant),
                 c.vw, c.tile, c.wg_x * c.vw, c.wg_y, c.pre);
    }
  }

  /* A CPU keeps its block kernel. */
  clt__layout l = make_layout(&cases[0].s, 4, CLT_VARIANT_AUTO);
  clt__config c;
  assert_int_equal(clt__auto_config(&others[3], &l, &c), CLT_SUCCESS);
  assert_int_equal(c.variant, CLT_VARIANT_BLOCK);

  /* A tuning file's wide entry stands. */
  tuning_file f;
  write_tuning_file(&f, &dev[0], "4 wide rect 64 2 8 1 32 32 0\n");
  assert_int_equal(clt__auto_config(&dev[0], &l, &c), CLT_SUCCESS);
  assert_int_equal(c.variant, CLT_VARIANT_RECT);
  assert_int_equal(c.vw, 2);
  assert_int_equal(c.tile, 64);
  drop_tuning_file(&f);
}

/* The built-in odd entries (measured where both sides' rows are misaligned) give way to rect's defaults
 * where only one side's are: on a faked NVIDIA H200, f16 layouts misaligned only in the source with rows
 * on 4-byte words (a leading dimension a multiple of 2 but not of the entry's 4-element vectors, an offset
 * of 2) or only in the destination (a skew) take rect's 2-element vectors, 64 tile columns; source rows
 * off the words (an odd leading dimension) into destination rows the entry does not skew take the entry's
 * 4-element vectors in 64 x 64 tiles; both misaligned keep the entry's 4-element vectors and 128 columns.
 * An entry from a tuning file stands. */
static void auto_odd_entry_where_both_sides_are_misaligned(void **state) {
  static const struct {
    shape s;
    size_t es;
    unsigned vw, tile, tc; /* rect's vector width, tile rows and tile columns */
  } cases[] = {
      {{16383, 16385, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 4, 128, 128}, /* both: the entry */
      {{8191, 8193, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 4, 128, 128},
      {{4096, 4096, 1, 1, 0, 0, 0, 4097, 0, 0}, 2, 4, 128, 128}, /* a source offset, an odd ld */
      {{4112, 4097, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 4, 64, 64},      /* the source only, off the words */
      {{272, 400001, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 4, 64, 64},
      {{16400, 16385, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 4, 64, 64},
      {{528, 200000, 1, 0, 200001, 0, 0, 0, 0, 0}, 2, 4, 64, 64},
      {{400, 100001, 3, 0, 0, 0, 0, 0, 0, 1}, 2, 4, 64, 64},
      {{400, 200002, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 2, 128, 64}, /* ... on the words */
      {{800, 301, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 4, 128, 128},   /* u8: its entry's tiles, shifted */
      {{16384, 16382, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 2, 128, 64},
      {{4112, 4096, 1, 2, 0, 0, 0, 0, 0, 0}, 2, 2, 128, 64},
      {{4097, 4096, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 2, 128, 64}, /* the destination only */
      {{16382, 16384, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 2, 128, 64},
      {{4096, 4096, 1, 0, 0, 0, 0, 4098, 0, 0}, 2, 2, 128, 64},
      {{4096, 4097, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 2, 64, 64}, /* f32: the entry is rect's defaults */
      {{16383, 16385, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 2, 64, 64},
  };
  (void)state;
  const clt__device_info h200 = faked_h200();
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    clt__layout l = make_layout(&cases[i].s, cases[i].es, CLT_VARIANT_AUTO);
    clt__config c;
    assert_int_equal(clt__shape_class(&l), CLT_SHAPE_ODD);
    assert_int_equal(clt__auto_config(&h200, &l, &c), CLT_SUCCESS);
    if (c.variant != CLT_VARIANT_RECT || c.vw != cases[i].vw || c.tile != cases[i].tile ||
        c.wg_x * c.vw != cases[i].tc)
      fail_msg("case %zu (%zux%zu, elem_size %zu): AUTO took %s vw %u, %u x %u tiles; expected rect vw %u, "
               "%u x %u",
               i, cases[i].s.rows, cases[i].s.cols, cases[i].es, clt_variant_name(c.variant), c.vw, c.tile,
               c.wg_x * c.vw, cases[i].vw, cases[i].tile, cases[i].tc);
  }

  /* The same entry from the device's tuning file: kept for a one-sided layout. */
  tuning_file f;
  write_tuning_file(&f, &h200, "2 odd rect 128 4 8 1 32 0 0\n");
  clt__layout l = make_layout(&cases[3].s, 2, CLT_VARIANT_AUTO);
  clt__config c;
  clt_tuning t;
  assert_int_equal(clt__tuning_lookup(&h200, 2, CLT_SHAPE_ODD, 0, &t), CLT__TUNED_FILE);
  assert_int_equal(clt__auto_config(&h200, &l, &c), CLT_SUCCESS);
  assert_int_equal(c.variant, CLT_VARIANT_RECT);
  assert_int_equal(c.vw, 4);
  assert_int_equal(c.wg_x * c.vw, 128);
  drop_tuning_file(&f);
  assert_int_equal(clt__tuning_lookup(&h200, 2, CLT_SHAPE_ODD, 0, &t), CLT__TUNED_TABLE);
}

/* AUTO's rect tiles on tall and wide layouts whose short side is a whole number of 64 elements (else of 32;
 * of 16 for a skewed tall destination of 2 bytes or wider) but not of the tile's extent across it: 64 x 64
 * tiles (64 x 32 or 64 x 16, or 32 x 32 for wide sources; 1-byte elements on an NVIDIA H200, which has no
 * entry for them; any element size on a GPU without a table); whole tiles stay. A tall source with a skewed
 * destination keeps rect's whole tiles rather than the narrow kernel, on the H200 128 rows of them for u8
 * and f16 of 32 columns (h200_tall_skewed_keep_128_tile_rows). The H200's f16 wide entry (64 tile
 * rows, 4-element vectors) gives way to rect's 2-element vectors, in 32-row tiles on 160 and 224 rows, where
 * the source's rows do not start on its vectors (a multiple of 64 rows into destination rows on 128 bytes
 * takes the vector kernel: h200_shifted_f16_sources_take_vector). Wide f32 sources off rect's vectors take
 * 32 x 32 tiles of element loads on a GPU without a table, and on the H200 its odd entry's 2-element vectors,
 * in 32-row tiles where the rows are 96 and start on those vectors (off them, element loads in 64 x 64 tiles:
 * h200_shifted_wide_sources_take_measured_knobs). */
static void auto_fits_rect_tiles_to_a_short_side(void **state) {
  static const struct {
    size_t rows, cols, es;
    int h200;    /* the faked H200, else a GPU without a table */
    unsigned tr; /* rect's tile rows, tile columns and vector width; tr 0: the narrow kernel */
    unsigned tc, vw;
  } cases[] = {
      {64, 2097152, 1, 1, 64, 64, 4},    /* wide: half a tile of 128 rows */
      {64, 2097151, 1, 1, 64, 64, 4},    /* misaligned source rows, shifted */
      {192, 699052, 1, 1, 64, 64, 4},    /* one and a half */
      {128, 1048576, 1, 1, 128, 128, 4}, /* whole tiles */
      {256, 524287, 1, 1, 128, 128, 4},  /* whole tiles, misaligned rows */
      {96, 2097152, 1, 1, 32, 64, 4},    /* a whole number of 32 only: word tiles, widened */
      {206, 1048576, 1, 0, 128, 128, 4}, /* nor of 32 */
      {80, 2097152, 1, 1, 0, 0, 0},      /* the same in one tile row, destination rows off the sectors */
      {32, 2097152, 1, 1, 0, 0, 0},      /* the narrow kernel's */
      {2097152, 64, 1, 1, 64, 64, 4},    /* tall: half a tile of 128 columns */
      {2097151, 64, 1, 1, 128, 64, 4},   /* a skewed destination: 128 rows (next test) */
      {1048576, 128, 1, 1, 128, 128, 4}, /* whole tiles */
      {2097151, 96, 1, 1, 128, 32, 4},   /* tall, a whole number of 32 (128 rows: next test) */
      {2097151, 32, 1, 1, 128, 32, 4},   /* 32 columns of a skewed destination: rect, not narrow */
      {2097152, 32, 1, 1, 0, 0, 0},      /* an aligned one: narrow */
      {1048575, 32, 4, 1, 64, 32, 2},    /* f32: the odd entry's tiles cut to 32 columns */
      {1048575, 16, 16, 1, 64, 16, 1},   /* c128: the tall entry's 16 columns */
      {1048575, 16, 2, 1, 64, 16, 2},    /* f16: 16 across, as the destination is skewed */
      {1048576, 16, 2, 1, 0, 0, 0},      /* an aligned one: narrow */
      {2097151, 16, 1, 1, 0, 0, 0},      /* u8: tile rows of 16 bytes, narrow */
      {2097151, 48, 4, 1, 64, 16, 2},    /* f32: 48 columns in tiles of 16 */
      {16, 1048575, 2, 1, 0, 0, 0},      /* wide: narrow */
      {64, 1048576, 2, 1, 64, 64, 4},    /* the f16 wide entry */
      {128, 524288, 2, 1, 64, 64, 4},    /* the same in two tiles */
      {160, 1048574, 2, 1, 32, 32, 2},   /* source rows off its vectors: rect's defaults, 32-row tiles */
      {224, 1048574, 2, 1, 32, 32, 2},   /* the same in seven tiles */
      {1048576, 64, 2, 1, 128, 64, 2},   /* tall: rect's defaults, 64 columns a whole tile */
      {48, 1048576, 2, 1, 0, 0, 0},      /* the narrow kernel's */
      {64, 1048575, 4, 0, 32, 32, 1},    /* f32: element loads, 64 rows two whole tiles */
      {96, 1048575, 4, 0, 32, 32, 1},    /* three */
      {64, 1048575, 4, 1, 64, 64, 2},    /* the H200's odd entry: one whole tile */
      {96, 1048574, 4, 1, 32, 32, 2},    /* its tiles fitted to 32 rows (rows on its vectors) */
      {96, 1048575, 4, 1, 64, 64, 1},    /* rows off them: element loads in 64 x 64 tiles */
      {64, 2097152, 1, 0, 64, 64, 4},    /* a GPU without a table */
      {64, 1048576, 2, 0, 64, 64, 2},    /* the same, f16 */
      {1048576, 64, 1, 0, 64, 64, 4},    /* the same, tall u8 */
  };
  clt__device_info dev[NDEV];
  (void)state;
  make_devices(dev);
  const clt__device_info h200 = faked_h200();
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const shape s = {cases[i].rows, cases[i].cols, 1, 0, 0, 0, 0, 0, 0, 1};
    const clt__device_info *d = cases[i].h200 ? &h200 : &dev[0];
    clt__layout l = make_layout(&s, cases[i].es, CLT_VARIANT_AUTO);
    clt__config c;
    assert_int_equal(clt__auto_config(d, &l, &c), CLT_SUCCESS);
    const int ok = cases[i].tr ? c.variant == CLT_VARIANT_RECT && c.tile == cases[i].tr &&
                                     c.wg_x * c.vw == cases[i].tc && c.vw == cases[i].vw
                               : c.variant == CLT_VARIANT_NARROW;
    if (!ok)
      fail_msg(
          "case %zu (%zux%zu, elem_size %zu, %s): AUTO took %s, %u x %u tiles, vw %u; expected %s %u x %u, "
          "vw %u",
          i, s.rows, s.cols, cases[i].es, d->name, clt_variant_name(c.variant), c.tile, c.wg_x * c.vw, c.vw,
          cases[i].tr ? "rect" : "narrow", cases[i].tr, cases[i].tc, cases[i].vw);
    const char *why = config_problem(&c, d, cases[i].es);
    if (why == NULL)
      why = alignment_problem(&c, &l);
    if (why)
      fail_msg("case %zu: %s", i, why);
  }
}

/* The configuration AUTO (v CLT_VARIANT_AUTO) or an explicit variant's defaults give a dense rows x cols
 * matrix in a batch, and its layout in *l. */
static clt__config dense_config(const clt__device_info *dev, size_t es, size_t rows, size_t cols,
                                size_t batch, clt_variant v, clt__layout *l) {
  const shape s = {rows, cols, batch, 0, 0, 0, 0, 0, 0, 1};
  clt__config c;
  *l = make_layout(&s, es, v);
  assert_int_equal(v == CLT_VARIANT_AUTO ? clt__auto_config(dev, l, &c)
                                         : clt__explicit_config(dev, l, NULL, &c),
                   CLT_SUCCESS);
  return c;
}

/* Tall u8 and f16 sources into skewed destination rows whose tiles AUTO and explicit rect cut to the short
 * side keep rect's 128 tile rows on the H200 (src/tuning.c's tall_skewed_rows128) where those make enough
 * tiles per compute unit (this faked device has 16):
 * - u8, a short side of a whole number of 64 or of exactly 32, at least 40 (640): 81793 rows make 640,
 *   81791 rows 639, 20001 rows in a batch of 5 make 785, in one of 4 628, 100001x32 782;
 * - u8, several 32-column tiles (96, 160), at least 240 (3840): 163713x96 makes 3840, 163711x96 3837,
 *   98177x160 3840, 98175x160 3835, 20001x96 in a batch of 9 4239, in one of 8 3768;
 * - f16, exactly 32 columns, at least 120 (1920): 245633 rows make 1920, 245631 rows 1919, 100001 rows in a
 *   batch of 3 2346, in one of 2 1564.
 * f16 of several 32-column tiles, aligned destination rows, wide sources and the H100 keep 64 rows. */
static void h200_tall_skewed_keep_128_tile_rows(void **state) {
  static const struct {
    size_t rows, cols, batch, es;
    unsigned tr, tc; /* the H200's tiles; the H100's are tc columns too, in 64 rows */
  } cases[] = {
      {2097151, 64, 1, 1, 128, 64}, {1048575, 192, 1, 1, 128, 64}, {4194302, 32, 1, 1, 128, 32},
      {81793, 64, 1, 1, 128, 64},   {81791, 64, 1, 1, 64, 64},     {20001, 64, 5, 1, 128, 64},
      {20001, 64, 4, 1, 64, 64},    {2097151, 96, 1, 1, 128, 32},  {1048575, 160, 1, 1, 128, 32},
      {163713, 96, 1, 1, 128, 32},  {163711, 96, 1, 1, 64, 32},    {98177, 160, 1, 1, 128, 32},
      {98175, 160, 1, 1, 64, 32},   {20001, 96, 9, 1, 128, 32},    {20001, 96, 8, 1, 64, 32},
      {1048575, 32, 1, 2, 128, 32}, {245633, 32, 1, 2, 128, 32},   {245631, 32, 1, 2, 64, 32},
      {100001, 32, 3, 2, 128, 32},  {100001, 32, 2, 2, 64, 32},    {2097152, 64, 1, 1, 64, 64},
      {1048575, 96, 1, 2, 64, 32},  {64, 2097151, 1, 1, 64, 64},   {100001, 32, 1, 1, 128, 32},
  };
  const clt__device_info dev[2] = {faked_h200(), faked_h100()};
  (void)state;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    for (int k = 0; k < 2; k++)
      for (int explicit_rect = 0; explicit_rect < 2; explicit_rect++) {
        clt__layout l;
        const clt__config c = dense_config(&dev[k], cases[i].es, cases[i].rows, cases[i].cols, cases[i].batch,
                                           explicit_rect ? CLT_VARIANT_RECT : CLT_VARIANT_AUTO, &l);
        const unsigned tr = k ? 64 : cases[i].tr;
        if (c.variant != CLT_VARIANT_RECT || c.tile != tr || c.wg_x * c.vw != cases[i].tc)
          fail_msg("%s %s, %zux%zu batch %zu elem_size %zu: %s %u x %u tiles; expected rect %u x %u",
                   k ? "H100" : "H200", explicit_rect ? "rect" : "AUTO", l.rows, l.cols, l.batch, l.elem_size,
                   clt_variant_name(c.variant), c.tile, c.wg_x * c.vw, tr, cases[i].tc);
      }
}

/* rect walks along the tile rows (ACROSS) where AUTO and explicit rect cut a tall source's tiles to two or
 * more whole columns of less than a 128-byte line (src/tuning.c's rect_columns_part_lines), on the H200 and
 * the H100 alike: u8 in 32- and 64-byte tile columns, f16 in 64-byte ones. Tile columns of whole lines (u8
 * 256 and f16 128 columns, f32 96), one tile column, wide sources and the vector kernel's tiles walk down
 * the columns. The grid then holds the tile columns in dimension 0. */
static void rect_columns_of_part_lines_walk_along_tile_rows(void **state) {
  static const struct {
    size_t rows, cols, batch, es;
    unsigned tc; /* tile columns */
    int across;
  } cases[] = {
      {2097151, 96, 1, 1, 32, 1}, {2097152, 160, 1, 1, 32, 1},  {1048575, 192, 1, 1, 64, 1},
      {1048575, 96, 2, 2, 32, 1}, {1000001, 256, 1, 1, 128, 0}, {1048575, 128, 1, 2, 64, 0},
      {1048575, 96, 1, 4, 32, 0}, {2097151, 32, 1, 1, 32, 0},   {96, 1048574, 1, 4, 32, 0},
  };
  const clt__device_info dev[2] = {faked_h200(), faked_h100()};
  (void)state;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    for (int k = 0; k < 2; k++)
      for (int explicit_rect = 0; explicit_rect < 2; explicit_rect++) {
        clt__layout l;
        clt__config c = dense_config(&dev[k], cases[i].es, cases[i].rows, cases[i].cols, cases[i].batch,
                                     explicit_rect ? CLT_VARIANT_RECT : CLT_VARIANT_AUTO, &l);
        clt__config_set_order(&dev[k], &c, &l); /* as a plan does before its build */
        if (c.variant != CLT_VARIANT_RECT || tile_columns(&c) != cases[i].tc || c.across != cases[i].across)
          fail_msg("%s %s, %zux%zu batch %zu elem_size %zu: %s, %zu tile columns, across %d; expected rect, "
                   "%u, %d",
                   k ? "H100" : "H200", explicit_rect ? "rect" : "AUTO", l.rows, l.cols, l.batch, l.elem_size,
                   clt_variant_name(c.variant), tile_columns(&c), c.across, cases[i].tc, cases[i].across);
        char opts[1024];
        assert_int_equal(clt__config_options(&c, l.elem_size, opts, sizeof opts), 0);
        assert_int_equal(strstr(opts, "-DACROSS=1") != NULL, cases[i].across);
        size_t global[3], local[3];
        clt__config_ndrange(&c, &l, &dev[k], global, local);
        if (c.across)
          assert_int_equal(global[0] / local[0], (l.cols + cases[i].tc - 1) / cases[i].tc);
      }
  /* The vector kernel's whole 64-byte tile columns walk down the columns (rect only was measured). */
  const shape s = {2097151, 128, 1, 0, 0, 0, 0, 0, 0, 1};
  const clt__layout l = make_layout(&s, 1, CLT_VARIANT_VECTOR);
  clt_tuning t;
  memset(&t, 0, sizeof t);
  t.variant = CLT_VARIANT_VECTOR;
  t.tile = 64;
  clt__config c;
  assert_int_equal(clt__explicit_config(&dev[0], &l, &t, &c), CLT_SUCCESS);
  clt__config_set_order(&dev[0], &c, &l);
  assert_int_equal(c.variant, CLT_VARIANT_VECTOR);
  assert_int_equal(tile_columns(&c), 64);
  assert_int_equal(c.across, 0);
}

/* The narrow kernel's vectors in effect: the largest power of two up to 16 bytes across the short side
 * and the vector width along the long one that divides its tile extent and every offset, leading
 * dimension and (batches) stride of its view, within the buffer's base alignment. The build options
 * carry them and the rotation that spreads a tall tile's columns over the banks (tiles and groups given,
 * so that the cases do not move with the defaults). */
static void narrow_vectors_divide_extents_and_views(void **state) {
  static const struct {
    shape s;
    size_t es;
    unsigned tile, base_align, nvl, nvs;
    const char *opt;
  } cases[] = {
      /* Tall f32: the short side's vectors as wide as its extent allows, rotated tile columns. */
      {{2097152, 24, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 128, 128, 4, 4, "-DTC=24 -DGROUP=256 -DPAD=0 -DROT=8 "},
      {{2097152, 12, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 256, 128, 4, 4, "-DTC=12 -DGROUP=256 -DPAD=0 -DROT=12 "},
      {{2097152, 6, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 512, 128, 2, 4, "-DVWL=2 -DTVS=uint4 -DVWS=4 -DTR=512 "},
      {{2097152, 3, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 128, 128, 1, 4, "-DTVL=uint -DVWL=1 "},
      {{2097152, 1, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 128, 128, 1, 4, "-DTC=1 -DGROUP=256 -DPAD=0 -DROT=0 "},
      /* Source offset 1, source ld 26, odd destination ld, destination offset 6 (28 columns off the
       * destination's vectors: lines of 7 vectors, which narrow_skewed leaves unskewed). */
      {{2097152, 24, 1, 1, 0, 0, 0, 0, 0, 0}, 4, 128, 128, 1, 4, "-DVWL=1 "},
      {{2097152, 24, 1, 0, 26, 0, 0, 0, 0, 0}, 4, 128, 128, 2, 4, "-DVWL=2 "},
      {{2097152, 28, 1, 0, 0, 0, 0, 2097153, 0, 0}, 4, 128, 128, 4, 1, "-DVWS=1 "},
      {{2097152, 28, 1, 0, 0, 0, 6, 0, 0, 0}, 4, 128, 128, 4, 2, "-DVWS=2 "},
      /* 24 columns (whole 32-byte sectors) off them: whole vectors into skewed runs. */
      {{2097152, 24, 1, 0, 0, 0, 0, 2097153, 0, 0}, 4, 128, 128, 4, 4, "-DVWS=4 "},
      {{2097152, 24, 1, 0, 0, 0, 6, 0, 0, 0}, 4, 128, 128, 4, 4, " -DSKEW=8"},
      /* Matrix strides of a batch. */
      {{65536, 24, 3, 0, 0, 65536 * 24 + 2, 0, 0, 0, 0}, 4, 128, 128, 2, 4, "-DVWL=2 "},
      {{65536, 28, 3, 0, 0, 0, 0, 0, 28 * 65536 + 4, 0}, 4, 128, 128, 4, 4, "-DVWS=4 "},
      {{65536, 28, 3, 0, 0, 0, 0, 0, 28 * 65536 + 1, 0}, 4, 128, 128, 4, 1, "-DVWS=1 "},
      /* The buffer's base alignment, and a tile of one long vector. */
      {{2097152, 24, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 128, 4, 1, 1, "-DVWL=1 -DTVS=uint -DVWS=1 "},
      {{2097152, 24, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 128, 8, 2, 2, "-DVWL=2 -DTVS=uint2 -DVWS=2 "},
      {{2097152, 4, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 4, 128, 4, 4, "-DVWS=4 -DTR=4 -DTC=4 "},
      /* Wide, and the other element sizes. */
      {{24, 2097152, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 128, 128, 4, 4, "-DTC=128 -DGROUP=256 -DPAD=0 -DROT=8 "},
      {{24, 2097152, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 128, 128, 4, 4, " -DSRC_SHIFT=0"},
      /* Wide sources whose rows are not on 16 bytes: 16-byte vectors cut from aligned ones, where the
       * buffer's base is on 16 bytes; else narrower vectors. */
      {{24, 2097152, 1, 1, 0, 0, 0, 0, 0, 0}, 4, 128, 128, 4, 4, "-DVWL=4 -DTVS=uint4 -DVWS=4 "},
      {{24, 2097152, 1, 1, 0, 0, 0, 0, 0, 0}, 4, 128, 128, 4, 4, " -DSRC_SHIFT=1"},
      {{16, 8388608, 1, 0, 8388609, 0, 0, 0, 0, 0}, 1, 512, 128, 16, 16, " -DSRC_SHIFT=1"},
      {{24, 2097152, 1, 1, 0, 0, 0, 0, 0, 0}, 4, 128, 8, 1, 2, " -DSRC_SHIFT=0"},
      {{16, 2097152, 1, 1, 0, 0, 0, 0, 0, 0}, 8, 128, 128, 1, 2, " -DSRC_SHIFT=0"}, /* 2 elements */
      {{16, 8388608, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 512, 128, 16, 16, "-DVWS=16 -DTR=16 -DTC=512 -DGROUP=256 "},
      {{4194304, 8, 1, 0, 0, 0, 0, 0, 0, 1}, 16, 128, 128, 1, 1, "-DTVS=uint4 -DVWS=1 -DTR=128 -DTC=8 "},
      {{4194304, 8, 1, 0, 0, 0, 0, 0, 0, 1}, 16, 128, 128, 1, 1, "-DPAD=0 -DROT=1 "},
      {{8388608, 2, 1, 0, 0, 0, 0, 0, 0, 1}, 8, 1024, 128, 2, 2, "-DTVS=ulong2 -DVWS=2 -DTR=1024 -DTC=2 "},
  };
  clt__device_info dev[NDEV];
  (void)state;
  make_devices(dev);
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    clt__device_info d = dev[0];
    d.base_align_bytes = cases[i].base_align;
    clt__layout l = make_layout(&cases[i].s, cases[i].es, CLT_VARIANT_NARROW);
    clt__config c;
    clt_tuning t;
    char opts[1024];
    memset(&t, 0, sizeof t);
    t.variant = CLT_VARIANT_NARROW;
    t.tile = cases[i].tile;
    t.wg_x = 256;
    assert_int_equal(clt__config_from_tuning(&d, &l, &t, &c), CLT_SUCCESS);
    assert_int_equal(clt__config_options(&c, cases[i].es, opts, sizeof opts), 0);
    if (c.nvl != cases[i].nvl || c.nvs != cases[i].nvs || !strstr(opts, cases[i].opt))
      fail_msg("case %zu: nvl %u nvs %u, expected %u %u; options \"%s\" lack \"%s\"", i, c.nvl, c.nvs,
               cases[i].nvl, cases[i].nvs, opts, cases[i].opt);
    const char *why = config_problem(&c, &d, cases[i].es);
    if (why == NULL)
      why = alignment_problem(&c, &l);
    if (why)
      fail_msg("case %zu: %s", i, why);
  }
  /* Everything, for a tall and a wide source: the tile held column by column only for the tall one (and
   * aligned rows: no shifted loads). */
  static const struct {
    shape s;
    const char *opts;
  } whole[] = {
      {{2097152, 24, 1, 0, 0, 0, 0, 0, 0, 1},
       "-DT=uint -DELEM_SIZE=4 -DTVL=uint4 -DVWL=4 -DTVS=uint4 -DVWS=4 -DTR=128 -DTC=24 -DGROUP=256 -DPAD=0 "
       "-DROT=8 -DCOLMAJOR=1 -DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0"},
      {{24, 2097152, 1, 0, 0, 0, 0, 0, 0, 1},
       "-DT=uint -DELEM_SIZE=4 -DTVL=uint4 -DVWL=4 -DTVS=uint4 -DVWS=4 -DTR=24 -DTC=128 -DGROUP=256 -DPAD=0 "
       "-DROT=8 -DCOLMAJOR=0 -DIDX32=1 -DSRC_SHIFT=0 -DSUNROLL=0"},
  };
  for (size_t i = 0; i < sizeof whole / sizeof whole[0]; i++) {
    clt__layout l = make_layout(&whole[i].s, 4, CLT_VARIANT_NARROW);
    clt__config c;
    clt_tuning t;
    char opts[1024];
    memset(&t, 0, sizeof t);
    t.variant = CLT_VARIANT_NARROW;
    t.tile = 128;
    t.wg_x = 256;
    assert_int_equal(clt__config_from_tuning(&dev[0], &l, &t, &c), CLT_SUCCESS);
    assert_int_equal(clt__config_options(&c, 4, opts, sizeof opts), 0);
    assert_string_equal(opts, whole[i].opts);
  }
}

/* Narrow knobs: tile a power of two up to 4096 (at least the long vector), wg_x a power of two, a
 * vector width of the element type, one-dimensional groups; the pad rounds up to whole long vectors,
 * and knobs too large for the device shrink. A plan's knobs give back the same configuration. */
static void narrow_tunings_are_checked_and_round_trip(void **state) {
  static const struct {
    unsigned tile, vw, wg_x, wg_y, pad;
    clt_status want;
    const char *opt; /* expected in the build options */
  } cases[] = {
      {0, 0, 0, 2, 0, CLT_INVALID_VALUE, NULL},
      {8192, 0, 0, 0, 0, CLT_INVALID_VALUE, NULL},
      {48, 0, 0, 0, 0, CLT_INVALID_VALUE, NULL},
      {0, 0, 48, 0, 0, CLT_INVALID_VALUE, NULL},
      {0, 3, 0, 0, 0, CLT_INVALID_VALUE, NULL},
      {0, 32, 0, 0, 0, CLT_INVALID_VALUE, NULL},
      {0, 0, 0, 1, 0, CLT_SUCCESS, "-DTC=24 "},
      {4096, 0, 0, 0, 0, CLT_SUCCESS, "-DTR=512 -DTC=24 "},    /* 48 KiB of local memory */
      {2, 0, 0, 0, 0, CLT_SUCCESS, "-DVWS=4 -DTR=4 -DTC=24 "}, /* a whole long vector */
      {16, 0, 64, 0, 0, CLT_SUCCESS, "-DTR=16 -DTC=24 -DGROUP=64 "},
      {0, 0, 2048, 0, 0, CLT_SUCCESS, "-DGROUP=1024 "}, /* the device's largest group */
      {128, 16, 0, 0, 0, CLT_SUCCESS, "-DTVS=uint16 -DVWS=16 -DTR=128 "},
      {8, 16, 0, 0, 0, CLT_SUCCESS, "-DTVS=uint16 -DVWS=16 -DTR=16 "}, /* a whole long vector */
      {0, 1, 0, 0, 0, CLT_SUCCESS, "-DTVS=uint -DVWS=1 "},
      {0, 0, 0, 0, 3, CLT_SUCCESS, "-DPAD=4 "},
      {128, 2, 256, 0, 3, CLT_SUCCESS, "-DVWS=2 -DTR=128 -DTC=24 -DGROUP=256 -DPAD=4 "},
  };
  clt__device_info dev[NDEV];
  const shape s = {2097152, 24, 1, 0, 0, 0, 0, 0, 0, 1};
  (void)state;
  make_devices(dev);
  clt__layout l = make_layout(&s, 4, CLT_VARIANT_AUTO);
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    clt_tuning t, back;
    clt__config c, again;
    char opts[1024], opts2[1024];
    memset(&t, 0, sizeof t);
    t.variant = CLT_VARIANT_NARROW;
    t.tile = cases[i].tile;
    t.vector_width = cases[i].vw;
    t.wg_x = cases[i].wg_x;
    t.wg_y = cases[i].wg_y;
    t.pad = cases[i].pad;
    clt_status st = clt__config_from_tuning(&dev[0], &l, &t, &c);
    if (st != cases[i].want)
      fail_msg("case %zu: status %d, expected %d", i, (int)st, (int)cases[i].want);
    if (st != CLT_SUCCESS)
      continue;
    assert_int_equal(clt__config_options(&c, 4, opts, sizeof opts), 0);
    if (!strstr(opts, cases[i].opt))
      fail_msg("case %zu: options \"%s\" lack \"%s\"", i, opts, cases[i].opt);
    const char *why = config_problem(&c, &dev[0], 4);
    if (why == NULL)
      why = alignment_problem(&c, &l);
    if (why)
      fail_msg("case %zu: %s", i, why);
    clt__config_to_tuning(&c, &back);
    assert_int_equal(back.variant, CLT_VARIANT_NARROW);
    assert_int_equal(back.wg_y, 1);
    assert_int_equal(clt__config_from_tuning(&dev[0], &l, &back, &again), CLT_SUCCESS);
    assert_int_equal(clt__config_options(&again, 4, opts2, sizeof opts2), 0);
    assert_string_equal(opts, opts2);
  }
}

/* A device too small for any work-group cannot be served: UNSUPPORTED, not a config that breaks it. */
static void impossible_device_is_unsupported(void **state) {
  clt__device_info dev = make_device("broken", CL_DEVICE_TYPE_GPU, 1, 32, 0, 0, 0, 0);
  clt__layout l = make_layout(&shapes[4], 4, CLT_VARIANT_NAIVE);
  (void)state;
  for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
    clt__config c;
    clt_status st = clt__choose_config(&dev, &l, variants[v], &c);
    if (st != CLT_UNSUPPORTED)
      fail_msg("variant %d on a device with max_wg_size 0: got %d, expected CLT_UNSUPPORTED",
               (int)variants[v], (int)st);
  }
}

static void fit_kernel_limit_shrinks_the_work_group(void **state) {
  static const size_t limits[] = {1024, 512, 256, 128, 100, 64, 32, 17, 16, 8, 2, 1};
  clt__device_info dev[NDEV];
  (void)state;
  make_devices(dev);
  for (size_t d = 0; d < NDEV; d++)
    for (size_t v = 1; v < sizeof variants / sizeof variants[0]; v++)
      for (size_t e = 0; e < 5; e++)
        for (size_t k = 0; k < sizeof limits / sizeof limits[0]; k++) {
          clt__config c, orig;
          clt__layout l = make_layout(&shapes[5], elem_sizes[e], variants[v]);
          size_t before;
          int r;
          char where[320];
          assert_int_equal(clt__choose_config(&dev[d], &l, variants[v], &orig), CLT_SUCCESS);
          before = (size_t)orig.wg_x * orig.wg_y;
          c = orig;
          r = clt__config_fit_kernel_limit(&c, limits[k]);
          snprintf(where, sizeof where, "%.64s, variant %s, elem_size %zu, wg %ux%u, kernel limit %zu",
                   dev[d].name, clt_variant_name(variants[v]), elem_sizes[e], orig.wg_x, orig.wg_y,
                   limits[k]);
          if (before <= limits[k]) {
            if (r != 0 || memcmp(&c, &orig, sizeof c) != 0)
              fail_msg("%s: a config that fits must be left alone (returned %d)", where, r);
            continue;
          }
          /* Every variant can run with a work-group of 32 items or more; below that -1 is allowed. */
          if (r != 1 && !(r == -1 && limits[k] < 32))
            fail_msg("%s: returned %d, expected 1 (shrunk)", where, r);
          if (r != 1)
            continue;
          if ((size_t)c.wg_x * c.wg_y > limits[k] || c.wg_x < 1 || c.wg_y < 1)
            fail_msg("%s: shrunk to %ux%u", where, c.wg_x, c.wg_y);
          if (c.variant != orig.variant ||
              local_bytes(&c, elem_sizes[e]) > local_bytes(&orig, elem_sizes[e]) ||
              alignment_problem(&c, &l) != NULL)
            fail_msg("%s: shrinking changed the variant or grew local memory", where);
          check_options(&c, elem_sizes[e], where);
          check_ndrange(&c, &l, &dev[d], where);
        }
}

static void fit_kernel_limit_zero_is_impossible(void **state) {
  clt__device_info dev[NDEV];
  (void)state;
  make_devices(dev);
  for (size_t v = 1; v < sizeof variants / sizeof variants[0]; v++) {
    clt__config c;
    clt__layout l = make_layout(&shapes[4], 4, variants[v]);
    assert_int_equal(clt__choose_config(&dev[0], &l, variants[v], &c), CLT_SUCCESS);
    assert_int_equal(clt__config_fit_kernel_limit(&c, 0), -1);
  }
}

/* POCL's CPU tiles: each work-item transposes tiles of 128 source rows of 2 KiB through a private
 * buffer (two where it walks: one read while the other is written), which CPU drivers put on the stack
 * of the thread running the group (cl/block.cl). Destination rows off a 64-byte line add a line's worth of
 * skew rows. A group's buffers stay within the 1 MiB that POCL 3.1 and 5.0 ran (8.4 MiB crashed them), also
 * where a tuning asks for a taller group, which shrinks until it fits; the default group is one item. */
static void cpu_tiles_fit_the_private_budget(void **state) {
  (void)state;
  const clt__device_info cpu = faked_pocl_cpu();
  static const shape layouts[] = {
      {4096, 4096, 1, 0, 0, 0, 0, 0, 0, 1}, /* destination rows on 64-byte lines */
      {4097, 4095, 1, 0, 0, 0, 0, 0, 0, 1}, /* rows of 4097 elements: skewed runs */
  };
  static const size_t sizes[] = {4, 8, 16};
  for (size_t e = 0; e < 3; e++)
    for (size_t i = 0; i < 2; i++)
      for (unsigned wg_y = 0; wg_y <= 8; wg_y += 8) { /* the default group, then a tuning's 8 items */
        const size_t es = sizes[e];
        clt__layout l = make_layout(&layouts[i], es, CLT_VARIANT_AUTO);
        clt_tuning t = {CLT_VARIANT_BLOCK, 0, 0, wg_y, 0, 0, 0, 0, 0};
        clt__config c;
        assert_int_equal(clt__config_from_tuning(&cpu, &l, &t, &c), CLT_SUCCESS);
        const size_t bytes = cpu_tile_bytes(&c, es);
        const unsigned skew = i ? (unsigned)(64 / es) : 0;
        if (c.variant != CLT_VARIANT_BLOCK || c.tile != 128 || c.chunk * es != 2048 || !c.pad ||
            c.pre != skew || bytes > ((size_t)1 << 20) || bytes < ((size_t)1 << 18) || c.wg_x != 1 ||
            (wg_y ? c.wg_y < 1 : c.wg_y != 1))
          fail_msg(
              "%zux%zu, elem_size %zu, wg_y %u: %s tile %u x %u, pre %u, pad %u, group %ux%u (%zu bytes)",
              layouts[i].rows, layouts[i].cols, es, wg_y, clt_variant_name(c.variant), c.tile, c.chunk, c.pre,
              c.pad, c.wg_x, c.wg_y, bytes);
        check_options(&c, es, "cpu tiles");
        check_ndrange(&c, &l, &cpu, "cpu tiles");
      }
}

/* A tuning's CPU tile columns (clt_tuning.tile_cols) become the block kernel's TILE_C on a CPU and
 * come back from the configuration; 0 keeps 2 KiB's worth; a width that is not a power of two, below
 * the vector or past 16 KiB is refused; one whose buffers pass the 1 MiB budget narrows to it (4096^2
 * has too few tiles to walk, so one buffer a work-item; 16384^2 walks, two); a GPU's block kernel (no
 * CPU tiles) ignores it. */
static void cpu_tile_columns_follow_the_tuning(void **state) {
  (void)state;
  const clt__device_info cpu = faked_pocl_cpu();
  static const shape sq = {4096, 4096, 1, 0, 0, 0, 0, 0, 0, 1}, big = {16384, 16384, 1, 0, 0, 0, 0, 0, 0, 1};
  static const struct {
    unsigned tile, wg_y, tile_cols; /* asked */
    clt_status want;
    unsigned chunk; /* as run */
    int walk;
  } cases[] = {
      {128, 2, 256, CLT_SUCCESS, 256, 0},      {128, 2, 1024, CLT_SUCCESS, 1024, 0},
      {128, 2, 0, CLT_SUCCESS, 512, 0},        {64, 1, 2048, CLT_SUCCESS, 2048, 0}, /* 64 x 8 KiB */
      {64, 1, 4096, CLT_SUCCESS, 4096, 0},                                          /* 64 x 16 KiB: 1 MiB */
      {64, 1, 4096, CLT_SUCCESS, 2048, 1},  /* 2 x 64 x 16 KiB: 8 KiB */
      {128, 2, 4096, CLT_SUCCESS, 2048, 0}, /* 2 x 128 x 16 KiB: one item, then 8 KiB */
      {128, 2, 4096, CLT_SUCCESS, 1024, 1}, /* 2 x 2 x 128 x 16 KiB: one item, then 4 KiB */
      {128, 2, 384, CLT_INVALID_VALUE, 0, 0},  {128, 2, 4, CLT_INVALID_VALUE, 0, 0},
      {128, 2, 8192, CLT_INVALID_VALUE, 0, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const clt__layout l = make_layout(cases[i].walk ? &big : &sq, 4, CLT_VARIANT_AUTO);
    clt_tuning t = {CLT_VARIANT_BLOCK, cases[i].tile, 0, cases[i].wg_y, 0, 0, 0, 0, cases[i].tile_cols};
    clt__config c;
    const clt_status st = clt__config_from_tuning(&cpu, &l, &t, &c);
    if (st != cases[i].want)
      fail_msg("tile %u x %u: status %d, expected %d", cases[i].tile, cases[i].tile_cols, (int)st,
               (int)cases[i].want);
    if (st != CLT_SUCCESS)
      continue;
    clt_tuning back;
    clt__config_to_tuning(&c, &back);
    char opts[1024], want[32];
    assert_int_equal(clt__config_options(&c, 4, opts, sizeof opts), 0);
    snprintf(want, sizeof want, "-DTILE_C=%u ", cases[i].chunk);
    if (c.chunk != cases[i].chunk || back.tile_cols != cases[i].chunk || !strstr(opts, want) ||
        c.walk != cases[i].walk || cpu_tile_bytes(&c, 4) > ((size_t)1 << 20))
      fail_msg("tile %u x %u: ran %u x %u in %u x %u items, walk %d, back %u, options %s", cases[i].tile,
               cases[i].tile_cols, c.tile, c.chunk, c.wg_x, c.wg_y, c.walk, back.tile_cols, opts);
  }
  const clt__device_info h200 = faked_h200();
  const clt__layout l = make_layout(&sq, 4, CLT_VARIANT_AUTO);
  clt_tuning t = {CLT_VARIANT_BLOCK, 0, 0, 0, 0, 0, 0, 0, 256};
  clt__config c;
  assert_int_equal(clt__config_from_tuning(&h200, &l, &t, &c), CLT_SUCCESS);
  assert_int_equal(c.tile, 0);
  clt_tuning back;
  clt__config_to_tuning(&c, &back);
  assert_int_equal(back.tile_cols, 0);
}

/* The CPU tiles' vectors follow the SIMD registers: rows of a 64-byte line where the device's native int
 * vectors are 16 wide (AVX-512 under POCL), else 32 bytes, and 16 elements at most (1- and 2-byte
 * elements: cl/block.cl's widest shuffle transpose); the skew stays a line (4- to 16-byte elements in
 * rows of a line take the strips instead), the buffers within the budget, and the tiles 128 rows (192 for
 * 1-byte elements, whose runs here are skewed). */
static void cpu_tile_vectors_follow_the_simd_width(void **state) {
  (void)state;
  static const shape odd = {4097, 4095, 1, 0, 0, 0, 0, 0, 0, 1};
  static const size_t sizes[] = {1, 2, 4, 8, 16};
  for (unsigned width = 0; width <= 16; width += 8) {
    clt__device_info cpu = faked_pocl_cpu();
    cpu.native_int_width = width;
    snprintf(cpu.name, sizeof cpu.name, "pthread-skylake-avx512-AMD EPYC");
    for (size_t e = 0; e < sizeof sizes / sizeof sizes[0]; e++) {
      const size_t es = sizes[e];
      clt__layout l = make_layout(&odd, es, CLT_VARIANT_AUTO);
      clt__config c;
      assert_int_equal(clt__auto_config(&cpu, &l, &c), CLT_SUCCESS);
      const size_t row = (width >= 16 ? 64 : 32) / es; /* a line's or half a line's elements */
      const unsigned want = (unsigned)(row > 16 ? 16 : row);
      const int strip = width >= 16 && es >= 4;
      if (c.variant != CLT_VARIANT_BLOCK || c.tile != (es == 1 ? 192u : 128u) || c.chunk != 2048 / es ||
          c.vw != want || c.pre != (strip ? 0 : 64 / es) || c.strip != strip ||
          cpu_tile_bytes(&c, es) > ((size_t)1 << 20))
        fail_msg("native width %u, elem_size %zu: %s vw %u (expected %u), tile %u x %u, pre %u, strip %d",
                 width, es, clt_variant_name(c.variant), c.vw, want, c.tile, c.chunk, c.pre, c.strip);
      check_options(&c, es, "cpu vectors");
    }
  }
}

/* CPU tiles of dense sources with fewer columns than a block row's elements read each group of rows as one
 * run of vectors (cl/block.cl's NCOLS) where those rows are 8 or 16 elements: u8, f16 and f32 on AVX-512
 * and AVX2 (16 or 8 elements), f64 on AVX-512 (8); not f64 on AVX2 (4), c128, a padded source, as many
 * columns as the row's elements, or a GPU. */
static void cpu_tiles_of_few_columns_read_as_runs(void **state) {
  (void)state;
  static const struct {
    size_t rows, cols, src_ld, es;
    unsigned width, ncols;
  } cases[] = {
      {1000, 7, 0, 1, 16, 7},  {1000, 15, 0, 1, 8, 15}, {1000, 16, 0, 1, 16, 0}, {1000, 1, 0, 1, 16, 1},
      {999, 11, 0, 2, 8, 11},  {999, 7, 9, 2, 16, 0},   {1000, 7, 0, 4, 16, 7},  {1000, 15, 0, 4, 16, 15},
      {1000, 7, 0, 4, 8, 7},   {1000, 8, 0, 4, 8, 0},   {1000, 7, 0, 8, 16, 7},  {1000, 7, 0, 8, 8, 0},
      {1000, 1, 0, 16, 16, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    clt__device_info cpu = faked_pocl_cpu();
    cpu.native_int_width = cases[i].width;
    const shape sh = {cases[i].rows, cases[i].cols, 1, 0, cases[i].src_ld, 0, 0, 0, 0, 1};
    clt__layout l = make_layout(&sh, cases[i].es, CLT_VARIANT_AUTO);
    clt__config c;
    assert_int_equal(clt__auto_config(&cpu, &l, &c), CLT_SUCCESS);
    if (c.variant != CLT_VARIANT_BLOCK || !c.tile || c.ncols != cases[i].ncols)
      fail_msg("%zux%zu (ld %zu) elem_size %zu, native width %u: %s tile %u vw %u ncols %u (expected %u)",
               cases[i].rows, cases[i].cols, cases[i].src_ld, cases[i].es, cases[i].width,
               clt_variant_name(c.variant), c.tile, c.vw, c.ncols, cases[i].ncols);
    check_options(&c, cases[i].es, "cpu few columns");
  }
  clt__device_info gpu[NDEV];
  make_devices(gpu);
  const shape sh = {1000, 7, 1, 0, 0, 0, 0, 0, 0, 1};
  clt__layout l = make_layout(&sh, 1, CLT_VARIANT_BLOCK);
  clt__config c;
  assert_int_equal(clt__choose_config(&gpu[0], &l, CLT_VARIANT_BLOCK, &c), CLT_SUCCESS);
  assert_int_equal(c.variant, CLT_VARIANT_BLOCK);
  assert_int_equal(c.ncols, 0);
}

/* CPU tiles of wide sources with fewer rows than a block row's elements and dense destination rows off
 * those vectors (AVX-512 here: f32 rows of 16, f64 8). Where one of the first vw rows of every tile's run
 * starts on a vector, the tiles keep those rows and write vw destination rows at a time as one run of
 * vectors (FLAT with NROWS), down to 1 row: with no offset, and with an offset of one element for odd row
 * counts. Even row counts at that offset take narrower rows instead, down to 4 elements: the widest on
 * whose vectors the destination rows start (none here), else the widest within the rows; fewer than 4
 * rows keep the SIMD width's. Padded destination rows and more rows than the vectors' elements keep the
 * SIMD width's rows without NROWS. */
static void cpu_tiles_of_few_rows_narrow_their_vectors(void **state) {
  (void)state;
  clt__device_info cpu = faked_pocl_cpu();
  cpu.native_int_width = 16;
  static const struct {
    size_t rows, cols, es, dst_ld;
    unsigned vw, nrows, vw_off; /* vw_off: the rows' width with the runs off the vectors (0: no FLAT) */
    int flat;
  } cases[] = {
      {8, 1310001, 4, 0, 16, 8, 8, 1}, {12, 873813, 4, 0, 16, 12, 8, 1}, {10, 1048577, 4, 0, 16, 10, 8, 1},
      {6, 1750001, 4, 0, 16, 6, 4, 1}, {4, 2621441, 4, 0, 16, 4, 4, 1},  {3, 3500001, 4, 0, 16, 3, 16, 1},
      {4, 1310721, 8, 0, 8, 4, 4, 1},  {6, 873813, 8, 0, 8, 6, 4, 1},    {5, 1048577, 8, 0, 8, 5, 4, 1},
      {2, 2621441, 8, 0, 8, 2, 8, 1},  {16, 655361, 4, 0, 16, 0, 16, 0}, {24, 436907, 4, 0, 16, 0, 16, 1},
      {8, 1310001, 4, 9, 16, 0, 0, 0}, /* padded destination rows: no FLAT either way */
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    for (size_t off = 0; off < 2; off++) {
      const shape sh = {cases[i].rows, cases[i].cols, 1, 0, 0, 0, off, cases[i].dst_ld, 0, 1};
      clt__layout l = make_layout(&sh, cases[i].es, CLT_VARIANT_AUTO);
      clt__config c;
      assert_int_equal(clt__auto_config(&cpu, &l, &c), CLT_SUCCESS);
      /* an odd row count puts some row of every tile's first vw on a vector whatever the offset */
      const int runs = cases[i].nrows && (!off || cases[i].rows % 2);
      const unsigned vw = off && !runs ? (cases[i].vw_off ? cases[i].vw_off : cases[i].vw) : cases[i].vw;
      const unsigned nrows = runs ? cases[i].nrows : 0;
      const int flat = off && cases[i].vw_off ? 1 : cases[i].flat;
      if (c.variant != CLT_VARIANT_BLOCK || !c.tile || c.vw != vw || c.flat != flat || c.nrows != nrows)
        fail_msg("%zux%zu (dst_ld %zu, offset %zu), elem_size %zu: %s vw %u, flat %d, nrows %u; expected vw "
                 "%u, flat %d, nrows %u",
                 cases[i].rows, cases[i].cols, l.dst_ld, off, cases[i].es, clt_variant_name(c.variant), c.vw,
                 c.flat, c.nrows, vw, flat, nrows);
      check_options(&c, cases[i].es, "cpu few rows");
    }
}

/* The 16 Xeon cores' table entry under POCL: aligned f32 matrices keep CPU tiles of 32-byte rows (128 x
 * 512 elements), odd ones and other element sizes take the 64-byte rows of AVX-512; a tuning file's
 * entry stands over the table's. */
static void xeon_aligned_f32_keeps_32_byte_rows(void **state) {
  (void)state;
  clt__device_info xeon = faked_pocl_cpu();
  snprintf(xeon.name, sizeof xeon.name, "cpu-skylake-avx512-Intel(R) Xeon(R) Processor");
  xeon.native_int_width = 16;
  static const struct {
    shape s;
    size_t es;
    unsigned vw;
  } cases[] = {
      {{8192, 8192, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 8},  {{4096, 4096, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 8},
      {{4097, 4095, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 16}, {{8192, 8192, 1, 0, 0, 0, 0, 0, 0, 1}, 8, 8},
      {{4096, 4096, 1, 0, 0, 0, 0, 0, 0, 1}, 16, 4},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    clt__layout l = make_layout(&cases[i].s, cases[i].es, CLT_VARIANT_AUTO);
    clt__config c;
    assert_int_equal(clt__auto_config(&xeon, &l, &c), CLT_SUCCESS);
    if (c.variant != CLT_VARIANT_BLOCK || c.vw != cases[i].vw || c.tile != 128 ||
        c.chunk * cases[i].es != 2048)
      fail_msg("%zux%zu elem_size %zu: %s vw %u (expected %u), tile %u x %u", cases[i].s.rows,
               cases[i].s.cols, cases[i].es, clt_variant_name(c.variant), c.vw, cases[i].vw, c.tile, c.chunk);
  }
  tuning_file f;
  write_tuning_file(&f, &xeon, "4 aligned block 64 16 1 0 1 0 0 256\n");
  clt__layout l = make_layout(&cases[0].s, 4, CLT_VARIANT_AUTO);
  clt__config c;
  assert_int_equal(clt__auto_config(&xeon, &l, &c), CLT_SUCCESS);
  drop_tuning_file(&f);
  if (c.vw != 16 || c.tile != 64 || c.chunk != 256)
    fail_msg("tuning file: vw %u, tile %u x %u", c.vw, c.tile, c.chunk);
}

/* The AVX-512 EPYC's table entry under POCL: aligned f32 matrices whose destination rows start on 64-byte
 * lines take CPU tiles one 16 x 16 block high, 1024 columns wide (cl/block.cl's straight path: no skew, no
 * FLAT), source rows off the vectors too; destination rows off the lines (skewed), odd shapes, other
 * element sizes, batches of small matrices, an EPYC without AVX-512 and another CPU keep the heuristic's
 * 128-row tiles. */
static void epyc_aligned_f32_direct_tiles(void **state) {
  (void)state;
  clt__device_info epyc = faked_pocl_cpu(), zen2 = faked_pocl_cpu(), other = faked_pocl_cpu();
  snprintf(epyc.name, sizeof epyc.name, "pthread-skylake-avx512-AMD EPYC");
  snprintf(zen2.name, sizeof zen2.name, "pthread-znver2-AMD EPYC 7B12");
  epyc.native_int_width = other.native_int_width = 16;
  zen2.native_int_width = 8;
  static const struct {
    shape s;
    size_t es;
    int direct; /* on the AVX-512 EPYC */
  } cases[] = {
      {{4096, 4096, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 1},    {{8192, 8192, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 1},
      {{4096, 8192, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 1},    {{2048, 2048, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 1},
      {{4096, 4100, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 1},    {{4100, 4096, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0},
      {{4097, 4095, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0},    {{4096, 4096, 1, 0, 0, 0, 0, 0, 0, 1}, 8, 0},
      {{4096, 4096, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 0},    {{1024, 1024, 16, 0, 0, 0, 0, 0, 0, 1}, 4, 0},
      {{4096, 4096, 1, 0, 0, 0, 0, 4104, 0, 0}, 4, 0},
  };
  const clt__device_info *dev[3] = {&epyc, &zen2, &other};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    for (int k = 0; k < 3; k++) {
      clt__layout l = make_layout(&cases[i].s, cases[i].es, CLT_VARIANT_AUTO);
      clt__config c;
      assert_int_equal(clt__auto_config(dev[k], &l, &c), CLT_SUCCESS);
      char opts[1024];
      assert_int_equal(clt__config_options(&c, cases[i].es, opts, sizeof opts), 0);
      const int want = cases[i].direct && k == 0;
      const int direct = c.variant == CLT_VARIANT_BLOCK && c.tile == 16 && c.vw == 16 && c.chunk == 1024 &&
                         !c.pre && !c.flat &&
                         strstr(opts, "-DTILE_R=16 -DTILE_C=1024 -DNTS=1 -DSKEW=0") != NULL;
      const int heuristic = c.variant == CLT_VARIANT_BLOCK && c.tile >= 128;
      if (direct != want || (!want && !heuristic))
        fail_msg("%s %zux%zu batch %zu elem_size %zu: %s tile %u x %u vw %u skew %u (%s); expected %s",
                 dev[k]->name, cases[i].s.rows, cases[i].s.cols, cases[i].s.batch, cases[i].es,
                 clt_variant_name(c.variant), c.tile, c.chunk, c.vw, c.pre, opts,
                 want ? "the straight 16 x 1024 tiles" : "the heuristic's");
    }
}

/* CPU tiles into destination rows off the 64-byte lines write each line whole from two blocks in registers
 * (cl/block.cl's STRIP) under POCL, where a block row is a line (4- to 16-byte elements on AVX-512), the
 * tiles hold at least four block rows of a matrix of more than one, no FLAT or NCOLS, and every matrix's
 * destination starts alike; source rows off the lines are then read shifted (SRO) where every matrix's
 * source starts alike. SKO, SKD, SRO and SRD are the offsets and row pitches modulo the block row. Other
 * skewed layouts keep the private buffer's skew; rows on the lines the unskewed tiles. */
static void cpu_strip_where_lines_cut(void **state) {
  (void)state;
  clt__device_info epyc = faked_pocl_cpu(), avx2 = faked_pocl_cpu(), other = faked_pocl_cpu();
  snprintf(epyc.name, sizeof epyc.name, "pthread-skylake-avx512-AMD EPYC");
  snprintf(other.platform, sizeof other.platform, "Another CPU runtime"); /* no non-temporal stores */
  epyc.native_int_width = other.native_int_width = 16;
  avx2.native_int_width = 8;
  clt__device_info half = epyc; /* buffers known to start on 32 bytes only */
  half.base_align_bytes = 32;
  static const struct {
    shape s;
    size_t es;
    const char *want; /* the options' end on the AVX-512 EPYC; NULL where the strips do not go */
  } cases[] = {
      {{4097, 4095, 1, 0, 0, 0, 0, 0, 0, 1}, 4, "-DSTRIP=1 -DSKO=0 -DSKD=1 -DSRO=0 -DSRD=15"},
      {{4097, 4095, 1, 0, 0, 0, 0, 0, 0, 1}, 8, "-DSTRIP=1 -DSKO=0 -DSKD=1 -DSRO=0 -DSRD=7"},
      {{8191, 8193, 1, 0, 0, 0, 0, 0, 0, 1}, 4, "-DSTRIP=1 -DSKO=0 -DSKD=15 -DSRO=0 -DSRD=1"},
      {{4100, 4096, 1, 0, 0, 0, 0, 0, 0, 1}, 4, "-DSTRIP=1 -DSKO=0 -DSKD=4"}, /* source on the lines */
      {{4096, 4096, 1, 0, 0, 0, 0, 4104, 0, 0}, 4, "-DSTRIP=1 -DSKO=0 -DSKD=8"},
      {{3000, 2000, 1, 5, 2003, 0, 7, 3001, 0, 0}, 8, "-DSTRIP=1 -DSKO=7 -DSKD=1 -DSRO=5 -DSRD=3"},
      {{64, 100000, 1, 0, 0, 0, 0, 67, 0, 0}, 4, "-DSTRIP=1 -DSKO=0 -DSKD=3"},           /* four block rows */
      {{300, 777, 3, 0, 0, 0, 0, 0, 777 * 300 + 4, 0}, 4, "-DSTRIP=1 -DSKO=0 -DSKD=12"}, /* sources unlike */
      {{300, 777, 3, 0, 0, 300 * 777 + 4, 0, 0, 777 * 300 + 4, 0},
       4,
       "-DSTRIP=1 -DSKO=0 -DSKD=12 -DSRO=0 -DSRD=9"},
      {{300, 777, 3, 0, 0, 0, 0, 0, 0, 1}, 4, NULL},    /* destinations start unlike */
      {{60, 100000, 1, 0, 0, 0, 0, 63, 0, 0}, 4, NULL}, /* under four block rows */
      {{1000, 7, 1, 0, 0, 0, 0, 0, 0, 1}, 4, NULL},     /* NCOLS */
      {{200, 50000, 1, 0, 0, 0, 0, 0, 0, 1}, 4, NULL},  /* FLAT */
      {{4097, 4095, 1, 0, 0, 0, 0, 0, 0, 1}, 16, "-DSTRIP=1 -DSKO=0 -DSKD=1 -DSRO=0 -DSRD=3"},
      {{4100, 4096, 1, 0, 0, 0, 0, 0, 0, 1}, 16, NULL}, /* 16-byte destination rows on the lines */
      {{4097, 4095, 1, 0, 0, 0, 0, 0, 0, 1}, 1, NULL},  /* 1- and 2-byte elements */
      {{4097, 4095, 1, 0, 0, 0, 0, 0, 0, 1}, 2, NULL},
      {{4096, 4096, 1, 0, 0, 0, 0, 0, 0, 1}, 4, NULL}, /* destination rows on the lines */
      {{4096, 4095, 1, 0, 0, 0, 0, 0, 0, 1}, 8, NULL},
  };
  const clt__device_info *dev[4] = {&epyc, &avx2, &other, &half};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    for (int k = 0; k < 4; k++) {
      clt__layout l = make_layout(&cases[i].s, cases[i].es, CLT_VARIANT_AUTO);
      clt__config c;
      assert_int_equal(clt__auto_config(dev[k], &l, &c), CLT_SUCCESS);
      char opts[1024];
      assert_int_equal(clt__config_options(&c, cases[i].es, opts, sizeof opts), 0);
      const char *want = k == 0 ? cases[i].want : NULL;
      const size_t n = strlen(opts), w = want ? strlen(want) : 0;
      const int ok = want ? c.variant == CLT_VARIANT_BLOCK && c.strip && !c.pre && !c.walk && n >= w &&
                                strcmp(opts + n - w, want) == 0
                          : !c.strip && !strstr(opts, "-DSTRIP");
      if (!ok)
        fail_msg("%s %zux%zu batch %zu elem_size %zu: strip %d skew %u (%s); expected %s", dev[k]->name,
                 cases[i].s.rows, cases[i].s.cols, cases[i].s.batch, cases[i].es, c.strip, c.pre, opts,
                 want ? want : "no strips");
      check_options(&c, cases[i].es, "strips");
    }
  /* tiles one block high (a tuning's) would read two block rows for one: they keep the skew */
  const clt__layout l = make_layout(&cases[0].s, 4, CLT_VARIANT_AUTO);
  const clt_tuning t = {CLT_VARIANT_BLOCK, 16, 16, 1, 1, 1, 0, 0, 1024};
  clt__config c;
  assert_int_equal(clt__config_from_tuning(&epyc, &l, &t, &c), CLT_SUCCESS);
  if (c.strip || c.tile != 16 || c.pre != 16)
    fail_msg("tiles one block high: strip %d, tile %u, skew %u", c.strip, c.tile, c.pre);
}

/* The block kernel's CPU tiles run as walks (cl/block.cl): 8 work-items per compute unit (the faked CPU
 * has 16) where each then walks at least 8 tiles, else one work-item per tile; batches count every
 * matrix's tiles. Only walks build the second tile buffer (WALK). */
static void cpu_tiles_walk_runs_of_tiles(void **state) {
  (void)state;
  const clt__device_info cpu = faked_pocl_cpu();
  static const struct {
    shape s;
    size_t es, items;
    int walk;
  } cases[] = {
      {{8192, 8192, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 128, 1},   /* 64 x 16 tiles of 128 x 512: walks of 8 */
      {{8192, 16384, 1, 0, 0, 0, 0, 0, 0, 1}, 8, 128, 1},  /* 64 x 64 tiles of 128 x 256: walks of 32 */
      {{4097, 4095, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 264, 0},   /* 33 x 8 */
      {{8191, 8193, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 128, 1},   /* 64 x 17 = 1088 */
      {{8064, 8192, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 1008, 0},  /* 63 x 16: short of 8 per walk */
      {{300, 257, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 3, 0},       /* 3 x 1 */
      {{1000, 1000, 600, 0, 0, 0, 0, 0, 0, 1}, 4, 128, 1}, /* 8 x 2 a matrix, 9600 in all */
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    clt__layout l = make_layout(&cases[i].s, cases[i].es, CLT_VARIANT_AUTO);
    clt__config c;
    size_t global[3], local[3];
    assert_int_equal(clt__auto_config(&cpu, &l, &c), CLT_SUCCESS);
    clt__config_ndrange(&c, &l, &cpu, global, local);
    const size_t items = global[0] * global[1] * global[2];
    char opts[1024];
    assert_int_equal(clt__config_options(&c, cases[i].es, opts, sizeof opts), 0);
    const int walk = strstr(opts, "-DWALK=1") != NULL;
    if (c.variant != CLT_VARIANT_BLOCK || !c.tile || items != cases[i].items || global[1] != local[1] ||
        global[2] != 1 || walk != cases[i].walk || c.walk != cases[i].walk)
      fail_msg("%zux%zu batch %zu, elem_size %zu: %s tile %u, grid %zux%zux%zu (%zu items, expected %zu), "
               "walk %d (expected %d)",
               cases[i].s.rows, cases[i].s.cols, cases[i].s.batch, cases[i].es, clt_variant_name(c.variant),
               c.tile, global[0], global[1], global[2], items, cases[i].items, walk, cases[i].walk);
    check_ndrange(&c, &l, &cpu, "cpu walks");
  }
}

/* POCL's CPU tiles on a matrix of at most a tile's rows (128) whose dense destination rows are off the
 * block vectors write each tile's runs as one run (FLAT), with the element size's vectors; a wide source
 * of up to 256 such rows gets 256-row tiles for it; rows on the vectors, padded destination rows and
 * matrices of more rows keep 128-row tiles and a run per row. None walks, so all keep 2 KiB tile rows
 * (one buffer a work-item). */
static void cpu_tiles_of_short_sources_write_one_run(void **state) {
  (void)state;
  const clt__device_info cpu = faked_pocl_cpu();
  static const struct {
    shape s;
    size_t es;
    int flat;
    unsigned tile;
  } cases[] = {
      {{100, 99999, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 1, 128},   {{101, 99999, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 1, 128},
      {{36, 262144, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 1, 128},   {{50, 100000, 1, 0, 0, 0, 0, 0, 0, 1}, 8, 1, 128},
      {{101, 50000, 1, 0, 0, 0, 0, 0, 0, 1}, 16, 1, 128},  {{196, 50000, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 1, 256},
      {{250, 40000, 1, 0, 0, 0, 0, 0, 0, 1}, 8, 1, 256},   {{128, 80000, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0, 128},
      {{100, 50001, 1, 0, 0, 0, 0, 0, 0, 1}, 8, 0, 128},   {{50, 100000, 1, 0, 0, 0, 0, 0, 0, 1}, 16, 0, 128},
      {{256, 40000, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0, 128},   {{4097, 4095, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0, 128},
      {{100, 99999, 1, 0, 0, 0, 0, 101, 0, 0}, 4, 0, 128}, /* padded destination rows */
      {{196, 50000, 1, 0, 0, 0, 0, 197, 0, 0}, 4, 0, 128},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    clt__layout l = make_layout(&cases[i].s, cases[i].es, CLT_VARIANT_AUTO);
    clt__config c;
    assert_int_equal(clt__auto_config(&cpu, &l, &c), CLT_SUCCESS);
    char opts[1024];
    assert_int_equal(clt__config_options(&c, cases[i].es, opts, sizeof opts), 0);
    const int flat = strstr(opts, "-DFLAT=1") != NULL;
    const size_t bytes = cpu_tile_bytes(&c, cases[i].es);
    if (c.variant != CLT_VARIANT_BLOCK || c.tile != cases[i].tile || c.vw * cases[i].es != 32 ||
        c.chunk * cases[i].es != 2048 || c.walk || flat != cases[i].flat || c.flat != cases[i].flat ||
        bytes > ((size_t)1 << 20))
      fail_msg("%zux%zu (dst_ld %zu), elem_size %zu: %s tile %u x %u vw %u, walk %d, flat %d, %zu bytes of "
               "tiles; expected tile %u, flat %d",
               cases[i].s.rows, cases[i].s.cols, l.dst_ld, cases[i].es, clt_variant_name(c.variant), c.tile,
               c.chunk, c.vw, c.walk, flat, bytes, cases[i].tile, cases[i].flat);
    check_options(&c, cases[i].es, "short cpu tiles");
  }
}

/* POCL's CPU tiles of 1-byte elements are 192 rows where their runs are skewed (destination rows off
 * 64-byte lines: an odd row count, a destination offset or a padded destination row), the matrix has more
 * than 256 rows and at least half a tile row's columns (1024): the skew's line of rows is a third of the
 * tile rather than half. Aligned destinations, fewer columns or rows, and 2-byte elements keep 128; a
 * tuning's tile rows stand; the buffers stay within the budget, two where the tiles are walked. */
static void cpu_tiles_of_skewed_bytes_take_192_rows(void **state) {
  (void)state;
  const clt__device_info cpu = faked_pocl_cpu();
  static const struct {
    shape s;
    size_t es;
    unsigned tile;
    int skewed; /* destination rows off the lines */
  } cases[] = {
      {{4097, 4095, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 192, 1},
      {{16383, 16385, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 192, 1},
      {{257, 100001, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 192, 1},
      {{1000, 1024, 8, 0, 0, 0, 0, 0, 0, 1}, 1, 192, 1},
      {{4096, 4096, 1, 0, 0, 0, 3, 0, 0, 0}, 1, 192, 1},    /* a destination offset */
      {{4096, 4096, 1, 0, 0, 0, 0, 4100, 0, 0}, 1, 192, 1}, /* padded destination rows */
      {{4096, 4096, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 128, 0},
      {{2048, 2048, 8, 0, 0, 0, 0, 0, 0, 1}, 1, 128, 0},
      {{256, 100001, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 128, 0},
      {{256, 100001, 1, 0, 0, 0, 0, 260, 0, 0}, 1, 128, 1},
      {{100001, 300, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 128, 1},
      {{100001, 1023, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 128, 1},
      {{4097, 4095, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 128, 1},
      {{4097, 4095, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 128, 1},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const size_t es = cases[i].es;
    clt__layout l = make_layout(&cases[i].s, es, CLT_VARIANT_AUTO);
    clt__config c;
    assert_int_equal(clt__auto_config(&cpu, &l, &c), CLT_SUCCESS);
    if (c.variant != CLT_VARIANT_BLOCK || c.tile != cases[i].tile || c.chunk * es != 2048 ||
        c.pre != (cases[i].skewed ? 64 / es : 0) || cpu_tile_bytes(&c, es) > ((size_t)1 << 20))
      fail_msg("%zux%zu x%zu (dst offset %zu, ld %zu), elem_size %zu: %s tile %u x %u, pre %u, walk %d; "
               "expected tile %u",
               cases[i].s.rows, cases[i].s.cols, l.batch, l.dst_offset, l.dst_ld, es,
               clt_variant_name(c.variant), c.tile, c.chunk, c.pre, c.walk, cases[i].tile);
    check_options(&c, es, "cpu tiles of bytes");
  }
  const clt_tuning t = {CLT_VARIANT_BLOCK, 128, 0, 0, 0, 0, 0, 0, 0};
  const clt__layout l = make_layout(&cases[0].s, 1, CLT_VARIANT_AUTO);
  clt__config c;
  assert_int_equal(clt__config_from_tuning(&cpu, &l, &t, &c), CLT_SUCCESS);
  assert_int_equal(c.tile, 128);
}

/* The table's side entries: on the H200, f32 tall sources of 65 to 112 columns take the vector kernel's
 * 64-element tiles in groups of 8 rows; other short sides (a whole number of tiles, 160), wide sources,
 * other element sizes and the H100 keep their class's entry, and a tuning file's entry for the class
 * comes first (wide sources of 76 to 121 rows: below). Wide ones of 65 to 127 rows on 16-byte vectors
 * take the narrow kernel on both devices. */
static void side_entries_reach_only_their_short_sides(void **state) {
  (void)state;
  const clt__device_info h200 = faked_h200(), h100 = faked_h100();
  static const struct {
    size_t rows, cols, es;
    int h200_side; /* 1: the H200's side entry (groups of 8 rows); 0: the class entry's 16 */
  } cases[] = {
      {1048576, 80, 4, 1},  {262144, 96, 4, 1},   {1048576, 100, 4, 1}, {524288, 112, 4, 1},
      {2097152, 68, 4, 1},  {1048576, 92, 4, 1},  {1048576, 64, 4, 0},  {1048576, 116, 4, 0},
      {1048576, 128, 4, 0}, {1048576, 160, 4, 0}, {64, 1048576, 4, 0},  {128, 1048576, 4, 0},
      {160, 1048576, 4, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const shape sh = {cases[i].rows, cases[i].cols, 1, 0, 0, 0, 0, 0, 0, 1};
    clt__layout l = make_layout(&sh, cases[i].es, CLT_VARIANT_AUTO);
    clt__config c, d;
    assert_int_equal(clt__auto_config(&h200, &l, &c), CLT_SUCCESS);
    assert_int_equal(clt__auto_config(&h100, &l, &d), CLT_SUCCESS);
    const unsigned want = cases[i].h200_side ? 8 : 16;
    if (c.variant != CLT_VARIANT_VECTOR || c.tile != 64 || c.vw != 4 || c.wg_y != want ||
        d.variant != CLT_VARIANT_VECTOR || d.wg_y != 16)
      fail_msg("%zux%zu: H200 %s tile %u vw %u wg_y %u (want wg_y %u), H100 %s wg_y %u", cases[i].rows,
               cases[i].cols, clt_variant_name(c.variant), c.tile, c.vw, c.wg_y, want,
               clt_variant_name(d.variant), d.wg_y);
  }

  static const size_t narrow_rows[] = {68, 72, 80, 88, 96};
  for (size_t i = 0; i < sizeof narrow_rows / sizeof narrow_rows[0]; i++) {
    const shape sh = {narrow_rows[i], 1048576, 1, 0, 0, 0, 0, 0, 0, 1};
    clt__layout l = make_layout(&sh, 4, CLT_VARIANT_AUTO);
    clt__config c, d;
    assert_int_equal(clt__auto_config(&h200, &l, &c), CLT_SUCCESS);
    assert_int_equal(clt__auto_config(&h100, &l, &d), CLT_SUCCESS);
    if (c.variant != CLT_VARIANT_NARROW || d.variant != CLT_VARIANT_NARROW)
      fail_msg("%zux1048576: H200 %s, H100 %s; expected narrow on both", narrow_rows[i],
               clt_variant_name(c.variant), clt_variant_name(d.variant));
  }

  clt_tuning t;
  assert_int_equal(clt__tuning_lookup(&h200, 4, CLT_SHAPE_TALL, 96, &t), CLT__TUNED_TABLE);
  assert_int_equal(t.wg_y, 8);
  assert_int_equal(clt__tuning_lookup(&h200, 4, CLT_SHAPE_ODD, 96, &t), CLT__TUNED_TABLE); /* no side entry */
  assert_int_equal(t.variant, CLT_VARIANT_RECT);
  assert_int_equal(clt__tuning_lookup(&h200, 8, CLT_SHAPE_TALL, 96, &t), CLT__TUNED_TABLE);
  assert_int_equal(t.vector_width, 2); /* f64's class entry */
  assert_int_equal(clt__tuning_lookup(&h100, 4, CLT_SHAPE_TALL, 96, &t), CLT__TUNED_TABLE);
  assert_int_equal(t.wg_y, 16);

  tuning_file f;
  write_tuning_file(&f, &h200, "4 tall rect 64 2 8 1 16 0 0\n");
  assert_int_equal(clt__tuning_lookup(&h200, 4, CLT_SHAPE_TALL, 96, &t), CLT__TUNED_FILE);
  assert_int_equal(t.variant, CLT_VARIANT_RECT);
  drop_tuning_file(&f);
}

/* The narrow kernel's store loop (SUNROLL) unrolled by 2 only for row-major tiles whose gathers would
 * hold 20 or more registers a work-item, 16 with stores under 8 bytes or shifted source rows, and more
 * than 16 tile rows; completely elsewhere (the measured sides of src/tuning.c's narrow_store_unroll). */
static void narrow_store_unroll_where_gathers_hold_registers(void **state) {
  (void)state;
  const clt__device_info h200 = faked_h200();
  static const struct {
    size_t rows, cols, es;
    unsigned unroll;
  } cases[] = {
      {72, 2097152, 4, 2}, {74, 2097152, 4, 2},  {63, 2097152, 4, 2}, {99, 1048576, 4, 2},
      {60, 999999, 4, 2},  {100, 1048576, 4, 2}, {32, 4194304, 2, 2}, {24, 4194303, 2, 2},
      {68, 1048576, 8, 2}, {64, 2097152, 4, 0},  {66, 2097152, 4, 0}, {70, 2097152, 4, 0},
      {47, 2097152, 4, 2}, {24, 2097151, 4, 0},  {60, 1048576, 4, 0}, {16, 4194304, 2, 0},
      {16, 8388608, 1, 0}, {32, 2097152, 8, 0},  {67, 1048576, 8, 0}, {16, 1048576, 16, 0},
      {2097152, 48, 4, 0}, {1048576, 100, 4, 0}, {4194304, 48, 2, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const shape sh = {cases[i].rows, cases[i].cols, 1, 0, 0, 0, 0, 0, 0, 1};
    clt__layout l = make_layout(&sh, cases[i].es, CLT_VARIANT_NARROW);
    clt__config c;
    char opts[1024], want[32];
    assert_int_equal(clt__choose_config(&h200, &l, CLT_VARIANT_NARROW, &c), CLT_SUCCESS);
    assert_int_equal(clt__config_options(&c, cases[i].es, opts, sizeof opts), 0);
    snprintf(want, sizeof want, " -DSUNROLL=%u", cases[i].unroll);
    if (!strstr(opts, want))
      fail_msg("elem_size %zu, %zux%zu: options \"%s\" lack \"%s\"", cases[i].es, cases[i].rows,
               cases[i].cols, opts, want);
  }
}

/* A wide layout and the rect configuration AUTO must take for it on a device. */
typedef struct wide_rect_case {
  size_t rows, cols;
  unsigned tile, vw, wg_x, wg_y, skew;
} wide_rect_case;

/* AUTO's configuration on a device for a dense rows x cols matrix (of a wide class, for auto_wide). */
static clt__config auto_dense(const clt__device_info *dev, size_t es, size_t rows, size_t cols, int wide) {
  clt__layout l;
  const clt__config c = dense_config(dev, es, rows, cols, 1, CLT_VARIANT_AUTO, &l);
  if (wide)
    assert_int_equal(clt__shape_class(&l), CLT_SHAPE_WIDE);
  return c;
}

static clt__config auto_wide(const clt__device_info *dev, size_t es, size_t rows, size_t cols) {
  return auto_dense(dev, es, rows, cols, 1);
}

static void expect_wide_rect(const clt__device_info *dev, size_t es, const wide_rect_case *w) {
  const clt__config c = auto_wide(dev, es, w->rows, w->cols);
  if (c.variant != CLT_VARIANT_RECT || c.tile != w->tile || c.vw != w->vw || c.wg_x != w->wg_x ||
      c.wg_y != w->wg_y || c.pre != w->skew)
    fail_msg("elem_size %zu, %zux%zu: %s tile %u vw %u wg %u x %u skew %u; expected rect tile %u vw %u wg %u "
             "x %u skew %u",
             es, w->rows, w->cols, clt_variant_name(c.variant), c.tile, c.vw, c.wg_x, c.wg_y, c.pre, w->tile,
             w->vw, w->wg_x, w->wg_y, w->skew);
}

/* c128 wide sources on the H200 take rect's 32 x 32 tiles, one element per load, in groups of 8 rows,
 * aligned or not and with or without a skew (an odd number of rows puts destination rows off the
 * sectors); short sides the narrow kernel fills whole keep it. */
static void h200_c128_wide_sources_take_rect(void **state) {
  (void)state;
  const clt__device_info h200 = faked_h200();
  static const wide_rect_case cases[] = {
      {64, 1048576, 32, 1, 32, 8, 0}, {100, 999999, 32, 1, 32, 8, 0}, {248, 270001, 32, 1, 32, 8, 0},
      {256, 262144, 32, 1, 32, 8, 0}, {32, 2097152, 32, 1, 32, 8, 0}, {101, 999999, 32, 1, 32, 8, 2},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    expect_wide_rect(&h200, 16, &cases[i]);
  assert_int_equal(auto_wide(&h200, 16, 16, 1048576).variant, CLT_VARIANT_NARROW);
}

/* The H200's f16 wide entry where destination rows are off the sectors: rows on 2-element vectors take
 * rect's defaults in 64 tile rows without a skew over a misaligned source (an aligned one of 65 to 319 rows
 * takes the word tiles: part_tiles_to_word_tiles_where_measured); an odd number of rows over a
 * misaligned source into padded rows 2-element vectors in 16 x 4 groups, skewed; but 65 to 127 rows, and
 * dense ones of 129 (shallow_to_whole_narrow), the narrow kernel.
 * Destination rows on the sectors keep the entry (one-sided: rect's defaults over source rows on 4-byte
 * words, the entry's 4-element vectors shifted into place in 64 x 64 tiles of 16 x 8 groups over rows off
 * them, 32 x 32 where the rows are a whole number of 32 only), the H100 its own table, and a tuning file's
 * entry stands. */
static void h200_skewed_wide_f16(void **state) {
  (void)state;
  const clt__device_info h200 = faked_h200(), h100 = faked_h100();
  static const wide_rect_case cases[] = {
      {200, 524288, 32, 4, 8, 8, 16},  {248, 270001, 64, 2, 32, 8, 0}, /* aligned: word tiles */
      {64, 1048576, 64, 4, 16, 16, 0},                                 /* on the sectors: the entry */
      {160, 1048574, 32, 2, 16, 8, 0},                                 /* ... one-sided: rect's defaults */
      {160, 1048575, 32, 4, 8, 8, 0},  {240, 999999, 64, 4, 16, 8, 0}, /* ... off the words: shifted rows */
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    expect_wide_rect(&h200, 2, &cases[i]);
  /* an odd number of rows over a misaligned source into padded destination rows (dense ones take the
   * narrow kernel, below) */
  const shape padded = {129, 1048575, 1, 0, 0, 0, 0, 131, 0, 0};
  const clt__layout pl = make_layout(&padded, 2, CLT_VARIANT_AUTO);
  clt__config pc;
  assert_int_equal(clt__auto_config(&h200, &pl, &pc), CLT_SUCCESS);
  if (pc.variant != CLT_VARIANT_RECT || pc.tile != 64 || pc.vw != 2 || pc.wg_x != 16 || pc.wg_y != 4 ||
      pc.pre != 16)
    fail_msg("f16 129x1048575 into rows of 131: %s tile %u vw %u wg %u x %u skew %u",
             clt_variant_name(pc.variant), pc.tile, pc.vw, pc.wg_x, pc.wg_y, pc.pre);
  static const size_t narrow_rows[][2] = {{100, 1048576}, {72, 1048576}, {100, 999999}, {99, 1048577},
                                          {101, 999999},  {127, 524287}, {65, 999999},  {129, 1048575}};
  for (size_t i = 0; i < sizeof narrow_rows / sizeof narrow_rows[0]; i++)
    if (auto_wide(&h200, 2, narrow_rows[i][0], narrow_rows[i][1]).variant != CLT_VARIANT_NARROW)
      fail_msg("f16 %zux%zu: not the narrow kernel", narrow_rows[i][0], narrow_rows[i][1]);
  assert_int_equal(auto_wide(&h100, 2, 200, 524288).variant, CLT_VARIANT_VECTOR); /* the H100's own entry */
  tuning_file f;
  write_tuning_file(&f, &h200, "2 wide rect 64 4 16 1 16 0 0\n");
  const clt__config c = auto_wide(&h200, 2, 200, 524288);
  assert_int_equal(c.vw, 4);
  assert_int_not_equal(c.pre, 0);
  drop_tuning_file(&f);
}

/* u8 sources whose short rows start on 4-byte words but off 32-byte sectors take the vector kernel on
 * GPUs: wide ones of 129 to 256 rows, the source's rows shifted or not; tall ones of 65 to 127 or 200 to
 * 255 columns whose destination rows are on the sectors. But not on the H200 (vector 2 below), which gives
 * the wide ones off 16 bytes the narrow kernel over the whole short side
 * (h200_shallow_sources_take_whole_narrow) and the tall ones rect's word tiles
 * (part_tiles_to_word_tiles_where_measured). Rows off the words or on the sectors,
 * tall sources of 128 to 199 columns or with destination rows off the sectors keep rect, CPUs their block
 * kernel, and a tuning file's entry stands. */
static void bytes_off_the_sectors_take_vector(void **state) {
  (void)state;
  clt__device_info dev[NDEV];
  make_devices(dev);
  const clt__device_info h200 = faked_h200(), h100 = faked_h100();
  static const struct {
    size_t rows, cols;
    int vector; /* 2: vector but on the H200 */
  } cases[] = {
      {132, 1048576, 2}, {180, 524288, 2},  {248, 262144, 2},  {200, 500001, 2},  {252, 262143, 2},
      {136, 786431, 2},  {129, 1048576, 0}, {150, 1048576, 0}, {255, 262144, 0},  {160, 699999, 0},
      {224, 393216, 0},  {256, 262144, 0},  {1048576, 68, 2},  {1048576, 124, 2}, {1048576, 100, 2},
      {262144, 200, 2},  {262144, 252, 2},  {1048576, 96, 0},  /* on the sectors */
      {524288, 132, 0},  {524288, 176, 0},  {1048575, 100, 0}, /* destination rows off the sectors */
      {1048576, 101, 0}, {262144, 255, 0},  {1048576, 64, 0},  {262144, 256, 0},
  };
  const clt__device_info *gpus[] = {&h200, &h100, &dev[0]};
  for (size_t g = 0; g < sizeof gpus / sizeof gpus[0]; g++)
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      const clt__config c = auto_dense(gpus[g], 1, cases[i].rows, cases[i].cols, 0);
      const int vector = cases[i].vector == 2 ? gpus[g] != &h200 : cases[i].vector;
      if ((c.variant == CLT_VARIANT_VECTOR) != vector)
        fail_msg("u8 %zux%zu on %s: %s, expected %s", cases[i].rows, cases[i].cols, gpus[g]->name,
                 clt_variant_name(c.variant), vector ? "vector" : "not vector");
    }
  assert_int_equal(auto_wide(&dev[3], 1, 248, 262144).variant, CLT_VARIANT_BLOCK);    /* the CPU */
  assert_int_not_equal(auto_wide(&h200, 2, 248, 262144).variant, CLT_VARIANT_VECTOR); /* f16: rect */
  tuning_file f;
  write_tuning_file(&f, &h200, "1 wide rect 128 4 8 1 32 0 0\n");
  assert_int_equal(auto_wide(&h200, 1, 248, 262144).variant, CLT_VARIANT_RECT); /* a file comes first */
  drop_tuning_file(&f);
}

/* Checks a rule of the H200's clt__traits: AUTO's configuration of sh (elem_size es) satisfies taken
 * on the faked H200 exactly where on_h200 is set, and never on the H100 (not measured for the rule), an
 * NVIDIA-like GPU without a table or a POCL-like CPU. case_i and what name the case in a failure. */
static void expect_h200_rule(const shape *sh, size_t es, int on_h200, int (*taken)(const clt__config *),
                             const char *what, size_t case_i) {
  clt__device_info dev[NDEV];
  make_devices(dev);
  const clt__device_info h200 = faked_h200(), h100 = faked_h100();
  const clt__device_info *devs[] = {&h200, &h100, &dev[0], &dev[3]};
  const clt__layout l = make_layout(sh, es, CLT_VARIANT_AUTO);
  for (size_t d = 0; d < sizeof devs / sizeof devs[0]; d++) {
    clt__config c;
    assert_int_equal(clt__auto_config(devs[d], &l, &c), CLT_SUCCESS);
    const int want = d == 0 && on_h200;
    if (taken(&c) != want)
      fail_msg(
          "elem_size %zu, %zux%zu, source rows of %zu, destination rows of %zu (case %zu) on %s: %s tile "
          "%u vw %u, expected %s%s",
          es, sh->rows, sh->cols, l.src_ld, l.dst_ld, case_i, devs[d]->name, clt_variant_name(c.variant),
          c.tile, c.vw, want ? "" : "not ", what);
  }
}

static int vector_defaults_shifted(const clt__config *c) {
  return c->variant == CLT_VARIANT_VECTOR && c->tile == 64 && c->vw == 4 && c->wg_y == 16 &&
         !c->src_aligned && c->dst_aligned;
}

static int is_narrow(const clt__config *c) {
  return c->variant == CLT_VARIANT_NARROW;
}

/* On the H200, 2-byte wide and odd-shaped sources of a multiple of 64 rows, and tall ones of 64 columns,
 * whose rows start off 4-byte words (an odd leading dimension or offset), into destination rows on 128
 * bytes, take the vector kernel's defaults (shifted_wide2_to_vector); so do wide and odd-shaped ones of
 * fewer than 12288 rows whose rows start on the words but off 8 bytes. Rows not a multiple of 64, source
 * rows on 8 bytes, destination rows off 128 bytes, 12288 rows and more on the words, other tall and
 * batched-class sources keep what they had; so do the H100, another GPU and a CPU, and a tuning file's
 * entry stands. */
static void h200_shifted_f16_sources_take_vector(void **state) {
  (void)state;
  static const struct {
    shape sh;
    int vector;
  } cases[] = {
      {{64, 1048575, 1, 0, 0, 0, 0, 0, 0, 1}, 1},
      {{192, 349525, 1, 0, 0, 0, 0, 0, 0, 1}, 1},
      {{256, 262143, 1, 0, 0, 0, 0, 0, 0, 1}, 1},
      {{8192, 8193, 1, 0, 0, 0, 0, 0, 0, 1}, 1},
      {{320, 209715, 1, 0, 0, 0, 0, 0, 0, 1}, 1},
      {{16384, 16383, 1, 0, 0, 0, 0, 0, 0, 1}, 1},
      {{128, 65535, 8, 0, 0, 0, 0, 0, 0, 1}, 1},        /* a batch of the wide class */
      {{64, 1048575, 1, 0, 1048577, 0, 0, 0, 0, 0}, 1}, /* source rows padded, still off the words */
      {{64, 1048576, 1, 1, 0, 0, 0, 0, 0, 0}, 1},       /* source at an odd offset */
      {{64, 1048575, 1, 0, 0, 0, 0, 128, 0, 0}, 1},     /* destination rows padded onto 128 bytes */
      {{64, 1048574, 1, 0, 0, 0, 0, 0, 0, 1}, 1},       /* source rows on the words, off 8 bytes */
      {{8192, 8194, 1, 0, 0, 0, 0, 0, 0, 1}, 1},
      {{11264, 11266, 1, 0, 0, 0, 0, 0, 0, 1}, 1},
      {{64, 1048575, 1, 0, 1048578, 0, 0, 0, 0, 0}, 1},
      {{64, 1048576, 1, 2, 0, 0, 0, 0, 0, 0}, 1},
      {{128, 262142, 3, 0, 0, 0, 0, 0, 0, 1}, 1},
      {{12288, 12290, 1, 0, 0, 0, 0, 0, 0, 1}, 0}, /* ... of 12288 rows and more */
      {{16384, 16386, 1, 0, 0, 0, 0, 0, 0, 1}, 0},
      {{64, 1048575, 1, 0, 1048576, 0, 0, 0, 0, 0}, 0}, /* source rows on 8 bytes */
      {{64, 1048576, 1, 4, 0, 0, 0, 0, 0, 0}, 0},
      {{64, 1048575, 1, 0, 0, 0, 0, 65, 0, 0}, 0}, /* destination rows off 128 bytes */
      {{64, 1048575, 1, 0, 0, 0, 0, 72, 0, 0}, 0},
      {{64, 1048575, 1, 0, 0, 0, 8, 0, 0, 0}, 0},
      {{96, 699051, 1, 0, 0, 0, 0, 0, 0, 1}, 0}, /* rows not a multiple of 64 */
      {{200, 335545, 1, 0, 0, 0, 0, 0, 0, 1}, 0},
      {{200, 335545, 1, 0, 0, 0, 0, 256, 0, 0}, 0}, /* ... into rows padded onto 128 bytes */
      {{8191, 8193, 1, 0, 0, 0, 0, 0, 0, 1}, 0},
      {{16383, 16385, 1, 0, 0, 0, 0, 0, 0, 1}, 0},
      {{1048576, 127, 1, 0, 0, 0, 0, 0, 0, 1}, 0}, /* tall: 64 columns only */
      {{1048576, 64, 1, 0, 65, 0, 0, 0, 0, 0}, 1},
      {{1048576, 64, 1, 0, 66, 0, 0, 0, 0, 0}, 0},
      {{4096, 64, 1, 0, 66, 0, 0, 0, 0, 0}, 0}, /* tall on the words, under 12288 rows too */
      {{1048575, 64, 1, 0, 65, 0, 0, 0, 0, 0}, 0},
      {{524288, 128, 1, 0, 129, 0, 0, 0, 0, 0}, 0},
      {{64, 4095, 3, 0, 0, 0, 0, 0, 0, 1}, 0}, /* batched class */
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    expect_h200_rule(&cases[i].sh, 2, cases[i].vector, vector_defaults_shifted,
                     "the vector kernel's defaults", i);
  const clt__device_info h200 = faked_h200();
  tuning_file f;
  write_tuning_file(&f, &h200, "2 wide rect 64 4 16 1 16 0 0\n");
  assert_int_equal(auto_wide(&h200, 2, 64, 1048575).variant, CLT_VARIANT_RECT); /* a file comes first */
  drop_tuning_file(&f);
}

/* Wide sources of 65 to 127 rows off 16-byte vectors (shifted) that AUTO gives the narrow kernel: 2-byte
 * elements (but 96 rows on the H200: h200_shifted_wide_sources_take_measured_knobs), 4-byte ones up to the
 * device's narrow_shifted4_max rows (the H200 90, others 80), and on the H200 8-byte ones from 66 rows that
 * rect skews past its first tile row; the rest keep the tile kernels. */
static void wide_shifted_sources_take_narrow(void **state) {
  (void)state;
  const clt__device_info h200 = faked_h200(), h100 = faked_h100();
  static const struct {
    size_t es, rows, cols;
    int h200, h100;
  } cases[] = {
      {2, 80, 2097151, 1, 1}, {2, 96, 2097151, 0, 1}, {2, 112, 2097151, 1, 1}, {4, 65, 1048575, 1, 1},
      {4, 72, 1048575, 1, 1}, {4, 80, 999999, 1, 1},  {4, 84, 999999, 1, 0},   {4, 90, 999999, 1, 0},
      {4, 92, 999999, 0, 0},  {4, 96, 999999, 0, 0},  {4, 100, 999999, 0, 0},  {4, 120, 999999, 0, 0},
      {8, 68, 524287, 1, 0},  {8, 88, 524287, 1, 0},  {8, 127, 499999, 1, 0},  {8, 65, 524287, 0, 0},
      {8, 80, 524287, 0, 0},  {8, 96, 524287, 0, 0},  {8, 100, 499999, 0, 0},  {16, 72, 262143, 0, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    for (int d = 0; d < 2; d++) {
      const clt__config c = auto_wide(d ? &h100 : &h200, cases[i].es, cases[i].rows, cases[i].cols);
      const int want = d ? cases[i].h100 : cases[i].h200;
      if ((c.variant == CLT_VARIANT_NARROW) != want)
        fail_msg("elem_size %zu, %zux%zu on the %s: %s, expected %s", cases[i].es, cases[i].rows,
                 cases[i].cols, d ? "H100" : "H200", clt_variant_name(c.variant),
                 want ? "narrow" : "not narrow");
    }
}

/* On the H200, wide sources of 64 rows (a whole tile of the tile kernels), and of 128 rows of 1- and 2-byte
 * elements, into destination rows padded off 16-byte vectors (1-, 4- and 8-byte elements) or off 4-byte
 * words (2-byte ones) take the narrow kernel. Rows on those, 16-byte elements, 128 rows of 4- and 8-byte
 * ones, 192 rows, the H100, another GPU and a CPU keep what they had. */
static void h200_wide_sources_into_padded_rows_take_narrow(void **state) {
  (void)state;
  static const struct {
    shape sh;
    size_t es;
    int narrow;
  } cases[] = {
      {{64, 1048575, 1, 0, 0, 0, 0, 65, 0, 0}, 4, 1},   {{64, 1048575, 1, 0, 0, 0, 0, 66, 0, 0}, 4, 1},
      {{64, 1048575, 1, 0, 0, 0, 0, 68, 0, 0}, 4, 0},  /* rows on 16 bytes */
      {{64, 1048576, 1, 0, 0, 0, 1, 64, 0, 0}, 4, 1},  /* an offset off them */
      {{64, 524287, 2, 0, 0, 0, 0, 65, 0, 0}, 4, 1},   /* a batch */
      {{64, 1048575, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0},   /* dense */
      {{128, 524287, 1, 0, 0, 0, 0, 129, 0, 0}, 4, 0}, /* 128 rows: 1 and 2 bytes only */
      {{128, 262143, 1, 0, 0, 0, 0, 129, 0, 0}, 8, 0},  {{128, 1048575, 1, 0, 0, 0, 0, 129, 0, 0}, 1, 1},
      {{128, 1048576, 1, 0, 0, 0, 0, 144, 0, 0}, 1, 0}, {{128, 1048575, 1, 0, 0, 0, 0, 129, 0, 0}, 2, 1},
      {{128, 1048576, 1, 0, 0, 0, 0, 130, 0, 0}, 2, 0}, {{192, 1048576, 1, 0, 0, 0, 0, 200, 0, 0}, 1, 0},
      {{64, 1048575, 1, 0, 0, 0, 0, 65, 0, 0}, 2, 1},   {{64, 1048575, 1, 0, 0, 0, 0, 67, 0, 0}, 2, 1},
      {{64, 1048575, 1, 0, 0, 0, 0, 66, 0, 0}, 2, 0}, /* 2 bytes: rows on 4-byte words */
      {{64, 1048575, 1, 0, 0, 0, 0, 68, 0, 0}, 2, 0},   {{64, 2097151, 1, 0, 0, 0, 0, 65, 0, 0}, 1, 1},
      {{64, 2097152, 1, 0, 0, 0, 0, 68, 0, 0}, 1, 1},   {{64, 2097152, 1, 0, 0, 0, 0, 72, 0, 0}, 1, 1},
      {{64, 2097152, 1, 0, 0, 0, 0, 80, 0, 0}, 1, 0},   {{64, 524287, 1, 0, 0, 0, 0, 65, 0, 0}, 8, 1},
      {{64, 524287, 1, 0, 0, 0, 0, 66, 0, 0}, 8, 0},    {{64, 262143, 1, 0, 0, 0, 0, 65, 0, 0}, 16, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const clt__layout l = make_layout(&cases[i].sh, cases[i].es, CLT_VARIANT_AUTO);
    assert_int_equal(clt__shape_class(&l), CLT_SHAPE_WIDE);
    expect_h200_rule(&cases[i].sh, cases[i].es, cases[i].narrow, is_narrow, "narrow", i);
  }
  const clt__device_info h200 = faked_h200();
  /* tall sources whose destination rows are off the vectors keep the tile kernels */
  assert_int_not_equal(auto_dense(&h200, 4, 1048575, 64, 0).variant, CLT_VARIANT_NARROW);
  assert_int_not_equal(auto_dense(&h200, 8, 524287, 64, 0).variant, CLT_VARIANT_NARROW);
}

/* The narrow kernel's FLAT on the H200 (AUTO): a short side whole and dense on one side moves there as
 * 16-byte vectors where its lines' own vectors are narrower, for 1- to 4-byte elements, but a tall
 * source's lines of several 1- or 2-byte elements into destination rows on the 16-byte vectors. Not
 * f64, lines already on the vectors, a padded dense side or a misaligned offset. */
static void narrow_flat_where_measured(void **state) {
  (void)state;
  const clt__device_info h200 = faked_h200();
  static const struct {
    shape s;
    size_t es;
    int flat;
  } cases[] = {
      {{2023967, 13, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 1}, {{13, 4194305, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 1},
      {{26, 2010011, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 1}, {{1048575, 50, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 1},
      {{4194303, 13, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 1}, {{2097151, 26, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 1},
      {{13, 4194305, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 1}, {{8388607, 13, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},
      {{13, 8388609, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1}, {{26, 2097151, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 1},
      {{4194303, 26, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1}, {{26, 4194305, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},
      {{4194303, 12, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 1}, {{4194303, 24, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},
      {{4194304, 13, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 1}, {{4194304, 6, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 1},
      {{4194304, 13, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 1}, {{8388608, 13, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},
      {{2097152, 26, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 0}, {{8388608, 26, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 0},
      {{1048575, 13, 1, 0, 0, 0, 0, 0, 0, 1}, 8, 0}, {{13, 1048577, 1, 0, 0, 0, 0, 0, 0, 1}, 8, 0},
      {{4194304, 12, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0}, {{12, 8388609, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},
      {{26, 4194304, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1}, {{24, 4194305, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 0},
      {{24, 2097152, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0}, {{2023967, 13, 1, 0, 14, 0, 0, 0, 0, 1}, 4, 0},
      {{2023967, 13, 1, 1, 0, 0, 0, 0, 0, 1}, 4, 0}, {{26, 2010011, 1, 0, 0, 0, 0, 27, 0, 1}, 4, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    clt__layout l = make_layout(&cases[i].s, cases[i].es, CLT_VARIANT_AUTO);
    clt__config c;
    assert_int_equal(clt__auto_config(&h200, &l, &c), CLT_SUCCESS);
    char opts[1024];
    assert_int_equal(clt__config_options(&c, cases[i].es, opts, sizeof opts), 0);
    const int flat = strstr(opts, "-DFLAT=1") != NULL;
    if (c.variant != CLT_VARIANT_NARROW || flat != cases[i].flat || c.flat != cases[i].flat)
      fail_msg("%zux%zu (src_ld %zu, offset %zu, dst_ld %zu), elem_size %zu: %s, flat %d; expected narrow, "
               "flat %d",
               cases[i].s.rows, cases[i].s.cols, l.src_ld, l.src_offset, l.dst_ld, cases[i].es,
               clt_variant_name(c.variant), flat, cases[i].flat);
    check_options(&c, cases[i].es, "narrow flat");
  }
}

/* The narrow kernel's skew (SKEW in cl/narrow.cl, narrow_skewed): tall sources of 2- to 8-byte elements
 * whose lines are whole 32-byte sectors on 16-byte vectors, and tall sources of 1- to 4-byte elements
 * moved FLAT whatever their lines, whose destination rows are off the sectors (through the leading
 * dimension or the offset), in whole 16-byte stores, the grid one tile longer; not lines of an odd
 * number of 16-byte vectors, 1-byte elements read in their lines' vectors, 16-byte elements, narrower
 * vectors (a padded source), destinations on the sectors, wide sources, nor dst_align 1; another
 * dst_align sets its boundary (for FLAT, 16 bytes or more). AUTO takes narrow for f16 that rect cuts into
 * several tiles of 16 columns, on both GPUs, and keeps rect for one such tile or tiles of 32. */
static void narrow_skews_where_measured(void **state) {
  (void)state;
  const clt__device_info h200 = faked_h200(), h100 = faked_h100();
  static const struct {
    shape s;
    size_t es;
    unsigned dst_align, skew; /* the tuning's dst_align (0: the heuristic's knobs); the skew expected */
  } cases[] = {
      {{1048575, 24, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0, 8},
      {{786431, 32, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0, 8},
      {{1572863, 8, 1, 0, 0, 0, 0, 0, 0, 1}, 8, 0, 4},
      {{1048575, 48, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 0, 16},
      {{3145727, 16, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 0, 16},
      {{1048576, 24, 1, 0, 0, 0, 1, 0, 0, 0}, 4, 0, 8},
      {{699049, 36, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0, 0},
      {{898779, 14, 1, 0, 0, 0, 0, 0, 0, 1}, 8, 0, 0},
      {{3145727, 32, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 0, 0},
      {{1048575, 16, 1, 0, 0, 0, 0, 0, 0, 1}, 16, 0, 0},
      {{2023967, 13, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0, 8},
      {{8388607, 13, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 0, 32},
      {{4194303, 12, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 0, 16},
      {{2023967, 13, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 1, 0},
      {{2023967, 13, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 8, 0},
      {{8388607, 13, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 64, 64},
      {{8388608, 13, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 0, 0},
      {{1048576, 24, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0, 0},
      {{1048575, 24, 1, 0, 26, 0, 0, 0, 0, 0}, 4, 0, 0},
      {{1048575, 24, 1, 0, 0, 0, 0, 1048584, 0, 0}, 4, 0, 0},
      {{24, 1048575, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0, 0},
      {{1048575, 24, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 1, 0},
      {{1048575, 24, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 64, 16},
      {{1048575, 24, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 16, 4},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    clt__layout l = make_layout(&cases[i].s, cases[i].es, CLT_VARIANT_NARROW);
    clt_tuning t;
    memset(&t, 0, sizeof t);
    t.variant = CLT_VARIANT_NARROW;
    t.dst_align = cases[i].dst_align;
    clt__config c;
    assert_int_equal(clt__explicit_config(&h200, &l, cases[i].dst_align ? &t : NULL, &c), CLT_SUCCESS);
    char opts[1024], want[32];
    assert_int_equal(clt__config_options(&c, cases[i].es, opts, sizeof opts), 0);
    snprintf(want, sizeof want, " -DSKEW=%u", cases[i].skew);
    const int has = strstr(opts, " -DSKEW=") != NULL,
              right = cases[i].skew ? strstr(opts, want) != NULL : !has;
    size_t global[3], local[3];
    clt__config_ndrange(&c, &l, &h200, global, local);
    const size_t groups = (l.rows + (cases[i].skew ? cases[i].skew - 1 : 0) + c.tile - 1) / c.tile;
    if (c.pre != cases[i].skew || !right || (cases[i].skew && c.nvs != c.vw) ||
        global[0] != groups * local[0])
      fail_msg(
          "case %zu (%zux%zu, elem_size %zu, dst_align %u): skew %u, stores of %u, %zu groups down (%s); "
          "expected skew %u",
          i, l.rows, l.cols, cases[i].es, cases[i].dst_align, c.pre, c.nvs, global[0] / local[0], opts,
          cases[i].skew);
    const char *why = config_problem(&c, &h200, cases[i].es);
    if (why == NULL)
      why = alignment_problem(&c, &l);
    if (why)
      fail_msg("case %zu: %s", i, why);
    check_options(&c, cases[i].es, "narrow skew");
  }
  static const struct {
    size_t rows, cols;
    int narrow;
  } f16[] = {{1048575, 48, 1}, {3145727, 16, 0}, {1572863, 32, 0}, {1048576, 48, 1}};
  for (size_t i = 0; i < sizeof f16 / sizeof f16[0]; i++)
    for (int d = 0; d < 2; d++) {
      const shape sh = {f16[i].rows, f16[i].cols, 1, 0, 0, 0, 0, 0, 0, 1};
      clt__layout l = make_layout(&sh, 2, CLT_VARIANT_AUTO);
      clt__config c;
      assert_int_equal(clt__auto_config(d ? &h100 : &h200, &l, &c), CLT_SUCCESS);
      if ((c.variant == CLT_VARIANT_NARROW) != f16[i].narrow)
        fail_msg("f16 %zux%zu on the %s: AUTO took %s", f16[i].rows, f16[i].cols, d ? "H100" : "H200",
                 clt_variant_name(c.variant));
    }
}

/* The narrow kernel's tiles for tall 8-byte sources into destination rows off 16-byte vectors: 64 rows
 * (512-byte runs) up to each GPU's clt__traits narrow_run8_max (the H200 16 columns, the H100 31), else
 * 32; rows on the vectors, short sides of 32 and more and wide sources keep 32 on both. */
static void narrow_f64_runs_of_512_bytes(void **state) {
  (void)state;
  static const struct {
    size_t rows, cols;
    unsigned h200, h100;
  } cases[] = {
      {1048575, 13, 64, 64}, {833371, 14, 64, 64},  {1500007, 11, 64, 64}, {1398101, 15, 64, 64},
      {1048575, 9, 64, 64},  {1048575, 17, 32, 64}, {1253717, 23, 32, 64}, {700001, 31, 32, 64},
      {1048576, 14, 32, 32}, {2097152, 16, 32, 32}, {524287, 37, 32, 32},  {13, 1048577, 32, 32},
  };
  const clt__device_info h200 = faked_h200(), h100 = faked_h100();
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    for (int d = 0; d < 2; d++) {
      const clt__device_info *dev = d ? &h100 : &h200;
      const shape sh = {cases[i].rows, cases[i].cols, 1, 0, 0, 0, 0, 0, 0, 1};
      clt__layout l = make_layout(&sh, 8, CLT_VARIANT_NARROW);
      clt__config c;
      assert_int_equal(clt__choose_config(dev, &l, CLT_VARIANT_NARROW, &c), CLT_SUCCESS);
      const unsigned want = d ? cases[i].h100 : cases[i].h200;
      if (c.tile != want)
        fail_msg("f64 %zux%zu on the %s: tile %u, expected %u", cases[i].rows, cases[i].cols,
                 d ? "H100" : "H200", c.tile, want);
      const char *why = config_problem(&c, dev, 8);
      if (why)
        fail_msg("f64 %zux%zu: %s", cases[i].rows, cases[i].cols, why);
      check_options(&c, 8, "narrow f64");
    }
}

/* The narrow kernel's groups on the H200: at most 128 items for short sides below 64 whose lines are off
 * the 16-byte vectors on either side; 256 where both sides' lines are on them and for short sides of 64
 * and more. On the H100 128 for wide sources moved FLAT and tall f32 sources on short sides up to 26,
 * else 256 (clt__traits narrow_group_max, narrow_group_tall). 64 on both where a tall
 * source moved FLAT goes into destination rows on 16-byte vectors (narrow_gather_tiles) and for wide 2-
 * and 4-byte sources moved FLAT on short sides up to 20 (narrow_scatter_tiles). */
static void h200_narrow_groups_of_128_off_the_vectors(void **state) {
  (void)state;
  const clt__device_info h200 = faked_h200(), h100 = faked_h100();
  static const struct {
    size_t rows, cols, es;
    unsigned h200, h100;
  } cases[] = {
      {4194304, 13, 4, 64, 64},   {2023967, 13, 4, 128, 128}, {26, 2010011, 4, 128, 128},
      {1139353, 40, 4, 128, 256}, {63, 2097152, 4, 128, 128}, {4194303, 13, 2, 128, 256},
      {60, 1048576, 4, 256, 256}, {64, 2097152, 4, 256, 256}, {2097152, 32, 2, 128, 128},
      {2097151, 26, 4, 128, 128}, {4194301, 7, 4, 128, 128},  {1048575, 50, 2, 128, 256},
      {449389, 56, 4, 128, 256},  {8388607, 13, 1, 128, 256}, {13, 8388609, 1, 128, 128},
      {33, 3000017, 2, 128, 128}, {524287, 37, 8, 128, 256},  {1048575, 30, 4, 128, 256},
      {1048575, 31, 2, 128, 256}, {4194301, 9, 2, 128, 256},  {2097151, 27, 4, 128, 256},
      {1048575, 23, 4, 128, 128},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    for (int d = 0; d < 2; d++) {
      const shape sh = {cases[i].rows, cases[i].cols, 1, 0, 0, 0, 0, 0, 0, 1};
      clt__layout l = make_layout(&sh, cases[i].es, CLT_VARIANT_NARROW);
      clt__config c;
      assert_int_equal(clt__choose_config(d ? &h100 : &h200, &l, CLT_VARIANT_NARROW, &c), CLT_SUCCESS);
      const unsigned want = d ? cases[i].h100 : cases[i].h200;
      if (c.wg_x != want)
        fail_msg("elem_size %zu, %zux%zu on the %s: groups of %u, expected %u", cases[i].es, cases[i].rows,
                 cases[i].cols, d ? "H100" : "H200", c.wg_x, want);
    }
}

/* A dense layout and the narrow kernel's FLAT choice, tile and groups expected for it on each faked GPU. */
typedef struct narrow_tiles_case {
  size_t rows, cols, es;
  int flat;
  unsigned tile, h200, h100; /* the tile and each GPU's group */
} narrow_tiles_case;

/* Checks the narrow kernel's FLAT choice, tile and groups on both faked GPUs for each case, and that the
 * configuration fits and its options are whole. */
static void check_narrow_tiles(const narrow_tiles_case *cases, size_t n, const char *what) {
  const clt__device_info h200 = faked_h200(), h100 = faked_h100();
  for (size_t i = 0; i < n; i++)
    for (int d = 0; d < 2; d++) {
      const narrow_tiles_case *k = &cases[i];
      const clt__device_info *dev = d ? &h100 : &h200;
      const shape sh = {k->rows, k->cols, 1, 0, 0, 0, 0, 0, 0, 1};
      clt__layout l = make_layout(&sh, k->es, CLT_VARIANT_NARROW);
      clt__config c;
      assert_int_equal(clt__choose_config(dev, &l, CLT_VARIANT_NARROW, &c), CLT_SUCCESS);
      const unsigned want = d ? k->h100 : k->h200;
      if (c.flat != k->flat || c.tile != k->tile || c.wg_x != want)
        fail_msg("elem_size %zu, %zux%zu on the %s: flat %d, tile %u, groups of %u; expected %d, %u, %u",
                 k->es, k->rows, k->cols, d ? "H100" : "H200", c.flat, c.tile, c.wg_x, k->flat, k->tile,
                 want);
      const char *why = config_problem(&c, dev, k->es);
      if (why == NULL)
        why = alignment_problem(&c, &l);
      if (why)
        fail_msg("elem_size %zu, %zux%zu: %s", k->es, k->rows, k->cols, why);
      check_options(&c, k->es, what);
    }
}

/* The narrow kernel's tiles and groups for a tall source moved FLAT (held as read, cl/narrow.cl's
 * GATHER): into destination rows on 16-byte vectors, 4 to 8 KiB tiles (at least 256-byte runs) in groups
 * of 64 on both GPUs; into rows off them, 2 to 4 KiB tiles for every element size (1-byte ones
 * included) in the groups of h200_narrow_groups_of_128_off_the_vectors; lines of 1- or 2-byte pairs into
 * rows on the vectors (no FLAT) keep the rule before. */
static void narrow_gather_tiles(void **state) {
  (void)state;
  static const narrow_tiles_case cases[] = {
      {8388608, 13, 1, 1, 512, 64, 64},   {4194304, 13, 2, 1, 256, 64, 64},
      {4194304, 13, 4, 1, 128, 64, 64},   {1048576, 33, 4, 1, 64, 64, 64},
      {8388607, 7, 1, 1, 512, 128, 256},  {4194303, 26, 1, 1, 128, 128, 256},
      {2023967, 13, 4, 1, 64, 128, 128},  {2097152, 26, 2, 0, 128, 128, 256},
      {8388608, 26, 1, 0, 256, 128, 256},
  };
  check_narrow_tiles(cases, sizeof cases / sizeof cases[0], "narrow gather");
}

/* The same for a wide source moved FLAT (held as written, cl/narrow.cl's SCATTER): 2- and 4-byte
 * elements on short sides up to 20 in tiles of up to 8 KiB of at most one 16-byte vector of each source row
 * per item, in groups of 64 on both GPUs; 1-byte elements and short sides past 20 keep the rule before in
 * groups of at most 128 (h200_narrow_groups_of_128_off_the_vectors); f64 is not moved FLAT. */
static void narrow_scatter_tiles(void **state) {
  (void)state;
  static const narrow_tiles_case cases[] = {
      {7, 8388617, 2, 1, 512, 64, 64},   {5, 16777221, 2, 1, 512, 64, 64},
      {3, 16777259, 2, 1, 512, 64, 64},  {12, 4194305, 2, 1, 256, 64, 64},
      {13, 4194305, 2, 1, 256, 64, 64},  {20, 4194305, 2, 1, 128, 64, 64},
      {3, 8388617, 4, 1, 256, 64, 64},   {7, 4194305, 4, 1, 256, 64, 64},
      {10, 4194305, 4, 1, 128, 64, 64},  {13, 4194305, 4, 1, 128, 64, 64},
      {17, 3000017, 4, 1, 64, 64, 64},   {21, 4194305, 2, 1, 128, 128, 128},
      {26, 2010011, 4, 1, 64, 128, 128}, {13, 8388609, 1, 1, 512, 128, 128},
      {20, 2097169, 4, 0, 64, 128, 128}, {5, 2097153, 8, 0, 64, 128, 128},
  };
  check_narrow_tiles(cases, sizeof cases / sizeof cases[0], "narrow scatter");
}

/* The narrow kernel's tiles for a tall 2-byte source moved FLAT into destination rows off 16-byte vectors
 * (skewed) whose rows it reads an element at a time (an odd short side): 64 rows (128-byte runs) on both
 * GPUs; read in pairs or wider, into rows on the vectors, or where the 4 KiB tile holds 128 rows anyway
 * (13 columns), 128 rows as before; f32 keeps its 64 rows of 256 bytes. */
static void narrow_f16_skewed_runs_of_128_bytes(void **state) {
  (void)state;
  static const narrow_tiles_case cases[] = {
      {1048575, 25, 2, 1, 64, 128, 256},  {1048575, 59, 2, 1, 64, 128, 256},
      {2097151, 17, 2, 1, 64, 128, 256},  {1048574, 25, 2, 1, 64, 128, 256},
      {2097151, 18, 2, 1, 128, 128, 256}, {2097150, 30, 2, 1, 128, 128, 256},
      {4194303, 13, 2, 1, 128, 128, 256}, {1048576, 25, 2, 1, 128, 64, 64},
      {1048575, 25, 4, 1, 64, 128, 128},
  };
  check_narrow_tiles(cases, sizeof cases / sizeof cases[0], "narrow skewed gather");
}

/* The H200's wide sources of 91 to 121 rows (f32; fewer take the narrow kernel) or 97 to 113 (f64) whose
 * rows are off 16-byte vectors and whose destination runs rect skews take rect in one tile row of 128
 * (32 columns wide) with the skew inside it, whose tiles then all move by rect_edge_rows' edge knobs;
 * unskewed ones take rect's defaults' 64 rows; past those sides (a skew that would spill into a second tile
 * row), aligned rows (the narrow kernel), other element sizes and the H100 keep their entries. */
static void h200_short_wide_sources_take_one_tile_row(void **state) {
  (void)state;
  const clt__device_info h200 = faked_h200(), h100 = faked_h100();
  static const struct {
    size_t rows, cols, es;
    unsigned skew;
  } one[] = {
      {92, 1048575, 4, 8}, {97, 999999, 4, 8},   {100, 999999, 4, 8},  {101, 999999, 4, 8},
      {121, 524287, 4, 8}, {100, 999999, 8, 16}, {100, 499999, 8, 16}, {113, 699999, 8, 16},
  };
  for (size_t i = 0; i < sizeof one / sizeof one[0]; i++) {
    const clt__config c = auto_wide(&h200, one[i].es, one[i].rows, one[i].cols);
    char opts[1024];
    assert_int_equal(clt__config_options(&c, one[i].es, opts, sizeof opts), 0);
    if (c.variant != CLT_VARIANT_RECT || c.tile != 128 || c.vw != (one[i].es == 4 ? 2u : 1u) ||
        c.wg_x * c.vw != 32 || c.pre != one[i].skew || one[i].rows + c.pre - (c.pre != 0) > 128 ||
        c.edge_rows != 8 || !strstr(opts, "-DEDGE_VEC=1 -DEDGE_ROWS=8"))
      fail_msg("elem_size %zu, %zux%zu: %s tile %u x %u vw %u skew %u edge rows %u (%s); expected rect tile "
               "128 x 32, skew %u, edge rows 8",
               one[i].es, one[i].rows, one[i].cols, clt_variant_name(c.variant), c.tile, c.wg_x * c.vw, c.vw,
               c.pre, c.edge_rows, opts, one[i].skew);
  }
  static const struct {
    size_t rows, cols, es;
  } other[] = {
      {96, 1048576, 4},  {122, 524287, 4}, {127, 524287, 4}, {128, 1048576, 4}, {88, 1048576, 4},
      {80, 2097152, 4},  {72, 1048576, 4}, {75, 2097152, 4}, {68, 2097152, 4},  {96, 999999, 8},
      {114, 699999, 8},  {120, 500001, 8}, {100, 999999, 2}, {100, 999999, 16}, {112, 1048575, 4},
      {120, 1048575, 4}, {104, 999999, 4}, {112, 499999, 8}, {112, 999999, 8}, /* no skew */
  };
  for (size_t i = 0; i < sizeof other / sizeof other[0]; i++) {
    const clt__config c = auto_wide(&h200, other[i].es, other[i].rows, other[i].cols);
    if (c.tile == 128 && c.variant == CLT_VARIANT_RECT)
      fail_msg("elem_size %zu, %zux%zu: rect in 128-row tiles, which only 76 to 121 (f32) or 97 to 113 "
               "(f64) rows take",
               other[i].es, other[i].rows, other[i].cols);
  }
  assert_int_equal(auto_wide(&h200, 4, 100, 1048576).variant, CLT_VARIANT_NARROW); /* aligned rows */
  assert_int_not_equal(auto_wide(&h100, 4, 100, 999999).tile, 128);                /* the H100's own entry */
  assert_int_not_equal(auto_wide(&h100, 8, 100, 999999).tile, 128);
  tuning_file f;
  write_tuning_file(&f, &h200, "4 wide rect 64 2 8 1 32 0 0\n");
  assert_int_equal(auto_wide(&h200, 4, 100, 999999).tile, 64); /* a file comes first */
  drop_tuning_file(&f);
}

/* The H200's wide sources off the vectors that take knobs measured for them: f32 ones of 65 to 127 rows
 * off 8-byte words whose destination rect does not skew (rows a multiple of 8) 64 x 64 tiles of element
 * loads in groups of 64 x 4 (shifted_wide4_to_element_loads; at 96 rows with source rows past 4 MiB
 * 64 x 32 tiles of 2-element vectors in groups of 16 x 4, take 2), f16 ones of 96 rows off 16-byte vectors
 * rect's 32 x 32 tiles of 4-element vectors in groups of 8 x 4 rather than narrow (shifted_wide2_rect32).
 * Skewed destinations, sources on those words or vectors, other row counts (64 and 128, the narrow
 * kernel's), other element sizes, the H100 and a tuning file's entries keep their knobs. */
static void h200_shifted_wide_sources_take_measured_knobs(void **state) {
  (void)state;
  const clt__device_info h200 = faked_h200(), h100 = faked_h100();
  static const struct {
    size_t es, rows, cols;
    int h100, take;
  } cases[] = {
      {4, 96, 999999, 0, 1},   {4, 96, 524287, 0, 1},  {4, 104, 1048575, 0, 1}, {4, 112, 699051, 0, 1},
      {4, 120, 500001, 0, 1},  {4, 100, 999999, 0, 0}, {4, 104, 524290, 0, 0},  {4, 64, 1048575, 0, 0},
      {4, 128, 999999, 0, 0},  {4, 88, 999999, 0, 0},  {4, 96, 999999, 1, 0},   {4, 104, 999999, 1, 0},
      {2, 96, 2097151, 0, 1},  {2, 96, 2097150, 0, 1}, {2, 96, 2097148, 0, 1},  {2, 96, 999999, 0, 1},
      {2, 96, 524287, 0, 1},   {2, 80, 2097151, 0, 0}, {2, 112, 2097151, 0, 0}, {2, 64, 2097151, 0, 0},
      {2, 96, 2097152, 0, 0},  {2, 96, 2097151, 1, 0}, {1, 96, 2097151, 0, 0},  {8, 112, 499999, 0, 0},
      {8, 96, 524287, 0, 0},   {4, 96, 1048577, 0, 2}, {4, 96, 2097151, 0, 2},  {4, 96, 1048575, 0, 1},
      {4, 104, 2097151, 0, 1}, {4, 96, 2097151, 1, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const clt__config c = auto_wide(cases[i].h100 ? &h100 : &h200, cases[i].es, cases[i].rows, cases[i].cols);
    const int f32 = c.variant == CLT_VARIANT_RECT && c.tile == 64 && c.vw == 1 && c.wg_x == 64 && c.wg_y == 4;
    const int f16 = c.variant == CLT_VARIANT_RECT && c.tile == 32 && c.vw * cases[i].es == 8 && c.wg_x == 8 &&
                    c.wg_y == 4;
    const int f32_long = c.variant == CLT_VARIANT_RECT && cases[i].es == 4 && c.tile == 64 && c.vw == 2 &&
                         c.wg_x == 16 && c.wg_y == 4;
    if ((f32 || f16 ? 1 : f32_long ? 2 : 0) != cases[i].take || (cases[i].take && c.pre))
      fail_msg("%s, elem_size %zu, %zux%zu: %s tile %u vw %u wg %u x %u skew %u; expected %s",
               cases[i].h100 ? "H100" : "H200", cases[i].es, cases[i].rows, cases[i].cols,
               clt_variant_name(c.variant), c.tile, c.vw, c.wg_x, c.wg_y, c.pre,
               cases[i].take ? "the measured knobs" : "other knobs");
  }
  tuning_file f;
  write_tuning_file(&f, &h200, "4 wide rect 64 2 8 1 32 0 0\n2 wide rect 64 2 8 1 32 0 0\n");
  const clt__config c4 = auto_wide(&h200, 4, 104, 999999), c2 = auto_wide(&h200, 2, 96, 2097151);
  assert_true(c4.vw == 2 && c4.wg_y == 8 && c2.vw == 2 && c2.wg_y == 8); /* a file's entries stand */
  drop_tuning_file(&f);
}

/* rect's edge knobs (8 rows of whole vectors in flight) on GPUs where they were measured ahead:
 * 4-byte elements in 2-element vectors unskewed, not tall; 8-byte single elements skewed; a wide source
 * in one tile row. Skewed 4-byte rows, tall sources, unskewed 8-byte rows, other element sizes, the
 * 16-byte units and CPUs keep the kernel's default, and their options name no edge knob. */
static void rect_edge_rows_where_measured(void **state) {
  (void)state;
  const clt__device_info h200 = faked_h200(), h100 = faked_h100(), cpu = faked_pocl_cpu();
  static const struct {
    size_t rows, cols, es;
    int h100, edge; /* the device (else the H200); 1: edge rows 8 */
  } cases[] = {
      {248, 270001, 4, 0, 1},  {1000, 99999, 4, 0, 1},  {4096, 16383, 4, 0, 1},  {120, 500002, 4, 0, 1},
      {16384, 16383, 4, 0, 1}, {248, 270001, 4, 1, 1},  {16383, 16385, 4, 0, 0}, {8191, 8193, 4, 0, 0},
      {270000, 249, 4, 0, 0},  {524288, 129, 4, 0, 0},  {8191, 8193, 8, 0, 1},   {999999, 100, 8, 0, 1},
      {8191, 8193, 8, 1, 1},   {8192, 8191, 8, 0, 0},   {16383, 16385, 2, 0, 0}, {8191, 8193, 16, 0, 0},
      {16383, 16385, 1, 0, 0}, {16384, 16384, 1, 0, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const clt__config c =
        auto_dense(cases[i].h100 ? &h100 : &h200, cases[i].es, cases[i].rows, cases[i].cols, 0);
    char opts[1024];
    assert_int_equal(clt__config_options(&c, cases[i].es, opts, sizeof opts), 0);
    const int named = strstr(opts, "-DEDGE_ROWS=8") != NULL;
    if (c.variant != CLT_VARIANT_RECT || (c.edge_rows == 8) != cases[i].edge || named != cases[i].edge ||
        (!cases[i].edge && (c.edge_rows || strstr(opts, "-DEDGE_VEC") || strstr(opts, "-DEDGE_ROWS"))))
      fail_msg("%s, elem_size %zu, %zux%zu: %s vw %u skew %u edge rows %u (%s); expected edge rows %d",
               cases[i].h100 ? "H100" : "H200", cases[i].es, cases[i].rows, cases[i].cols,
               clt_variant_name(c.variant), c.vw, c.pre, c.edge_rows, opts, cases[i].edge ? 8 : 0);
  }
  const shape sh = {248, 270001, 1, 0, 0, 0, 0, 0, 0, 1};
  clt__layout l = make_layout(&sh, 4, CLT_VARIANT_RECT);
  clt__config c;
  assert_int_equal(clt__choose_config(&cpu, &l, CLT_VARIANT_RECT, &c), CLT_SUCCESS);
  assert_int_equal(c.edge_rows, 0); /* measured on GPUs only */
}

/* rect's loads before its local stores (cl/rect.cl's LOADS_FIRST) for 2-byte elements read one by one
 * from unskewed source rows off the vectors, 16 tile rows or more per work-item, on GPUs: named in the
 * options exactly there, in AUTO on the H100 (rect's defaults) and in the explicit rect variant on the H200,
 * whose AUTO gives such odd-shaped sources its f16 odd entry's shifted rows (one_sided_to_defaults) and
 * wide ones its wide entry. Shifted rows, skewed runs, other element sizes (1-byte elements have it as the
 * kernel's default) and CPUs go without. */
static void rect_loads_first_where_measured(void **state) {
  (void)state;
  const clt__device_info h200 = faked_h200(), h100 = faked_h100(), cpu = faked_pocl_cpu();
  static const struct {
    size_t rows, cols, es;
    int h200, h100;
  } cases[] = {
      {16400, 16383, 2, 0, 1}, {8208, 8191, 2, 0, 1},   {4112, 12289, 2, 0, 1},  {16383, 16385, 2, 0, 0},
      {8191, 8193, 2, 0, 0},   {16383, 16384, 2, 0, 0}, {12289, 12288, 2, 0, 0}, {144, 699051, 2, 0, 1},
      {200, 349525, 2, 0, 0},  {16384, 16383, 4, 0, 0}, {16384, 16383, 8, 0, 0}, {8192, 8191, 16, 0, 0},
      {16384, 16383, 1, 0, 0}, {16384, 16384, 2, 0, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    for (int d = 0; d < 2; d++) {
      const clt__config c = auto_dense(d ? &h100 : &h200, cases[i].es, cases[i].rows, cases[i].cols, 0);
      const int first = d ? cases[i].h100 : cases[i].h200;
      char opts[1024];
      assert_int_equal(clt__config_options(&c, cases[i].es, opts, sizeof opts), 0);
      const int named = strstr(opts, "-DLOADS_FIRST=1") != NULL;
      if (c.loads_first != first || named != first ||
          (first && (c.variant != CLT_VARIANT_RECT || c.tile / c.wg_y < 16 || c.pre || c.shift_ok)))
        fail_msg(
            "%s elem_size %zu, %zux%zu: %s tile %u wg_y %u vw %u skew %u loads first %d (%s); expected %d",
            d ? "H100" : "H200", cases[i].es, cases[i].rows, cases[i].cols, clt_variant_name(c.variant),
            c.tile, c.wg_y, c.vw, c.pre, c.loads_first, opts, first);
    }
  const shape sh = {16400, 16383, 1, 0, 0, 0, 0, 0, 0, 1};
  clt__layout l = make_layout(&sh, 2, CLT_VARIANT_RECT);
  clt__config c;
  assert_int_equal(clt__explicit_config(&h200, &l, NULL, &c), CLT_SUCCESS);
  assert_int_equal(c.loads_first, 1); /* the explicit variant: rect's defaults */
  assert_int_equal(clt__choose_config(&cpu, &l, CLT_VARIANT_RECT, &c), CLT_SUCCESS);
  assert_int_equal(c.loads_first, 0); /* measured on GPUs only */
}

/* The knobs of the H200's odd u8 and f16 rect entries, named explicitly: 128 x 128 tiles of 4-element
 * vectors in groups of 32 x 8. */
static clt_tuning rect_odd_knobs(void) {
  clt_tuning t;
  memset(&t, 0, sizeof t);
  t.variant = CLT_VARIANT_RECT;
  t.tile = 128;
  t.vector_width = 4;
  t.wg_x = 32;
  t.wg_y = 8;
  return t;
}

/* rect's shifted rows stored in aligned pieces (cl/rect.cl's SHIFT_SPLIT) and written out 2 elements at a
 * time (DVW) for 2-byte elements in 4-element vectors over source rows off the vectors, on GPUs, with
 * their edge tiles loaded as whole ones (EDGE_SHIFT 1): all three named in the options exactly there.
 * Aligned source rows, 2-element vectors, other element sizes (1-byte elements lost with each), the
 * H100's f16 layouts and CPUs go without, and so does a view narrower than a vector. The u8 odd entry's
 * skewed tiles take EDGE_SHIFT's second form where the H200 measured it ahead. */
static void rect_shift_split_where_measured(void **state) {
  (void)state;
  const clt__device_info h200 = faked_h200(), cpu = faked_pocl_cpu();
  static const struct {
    size_t rows, cols, es;
    int split;
  } cases[] = {
      {16383, 16385, 2, 1}, {8191, 8193, 2, 1},   {12287, 12289, 2, 1}, {4097, 6145, 2, 1},
      {64, 1048575, 2, 0},  {200, 349525, 2, 0},  {1048575, 64, 2, 0},  {16384, 16383, 2, 0},
      {16383, 16384, 2, 0}, {16384, 16384, 2, 0}, {16383, 16385, 1, 0}, {8191, 8193, 1, 0},
      {16383, 16385, 4, 0}, {8191, 8193, 8, 0},   {8191, 8193, 16, 0},  {16384, 16385, 2, 0},
      {4096, 12291, 2, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const clt__config c = auto_dense(&h200, cases[i].es, cases[i].rows, cases[i].cols, 0);
    char opts[1024];
    assert_int_equal(clt__config_options(&c, cases[i].es, opts, sizeof opts), 0);
    const int named = strstr(opts, "-DSHIFT_SPLIT=1") != NULL, dvw_named = strstr(opts, "-DDVW=") != NULL;
    const int edge_named = strstr(opts, "-DEDGE_SHIFT=1") != NULL;
    if (c.shift_split != cases[i].split || named != cases[i].split || dvw_named != cases[i].split ||
        c.edge_shift != cases[i].split || edge_named != cases[i].split ||
        (cases[i].split && (c.variant != CLT_VARIANT_RECT || !c.shift_ok || c.vw != 4 || c.dvw != 2 ||
                            !strstr(opts, "-DDVW=2"))))
      fail_msg("elem_size %zu, %zux%zu: %s tile %u vw %u shifted %d split %d (%s); expected %d", cases[i].es,
               cases[i].rows, cases[i].cols, clt_variant_name(c.variant), c.tile, c.vw, c.shift_ok,
               c.shift_split, opts, cases[i].split);
  }
  /* The H100's AUTO gives f16 no shifted rect rows of 4-element vectors: its kernels stay as measured. */
  const clt__device_info h100 = faked_h100();
  static const size_t h100_f16[][2] = {{16383, 16385}, {8191, 8193},  {4097, 6145}, {16384, 16383},
                                       {64, 1048575},  {1048575, 64}, {200, 349525}};
  for (size_t i = 0; i < sizeof h100_f16 / sizeof h100_f16[0]; i++) {
    const clt__config c = auto_dense(&h100, 2, h100_f16[i][0], h100_f16[i][1], 0);
    if (c.shift_split || c.dvw || c.edge_shift)
      fail_msg("H100 f16 %zux%zu: %s vw %u split %d dvw %u", h100_f16[i][0], h100_f16[i][1],
               clt_variant_name(c.variant), c.vw, c.shift_split, c.dvw);
  }
  /* The H200's u8 odd entry loads its skewed edge tiles as whole ones in the second form (EDGE_SHIFT 2) on
   * sources of up to 64 tile columns of 128; unskewed layouts, larger sources and the H100 go without. */
  static const struct {
    size_t rows, cols;
    int h200_form;
  } u8_odd[] = {
      {100001, 301, 2},  {10001, 999, 2}, {250001, 130, 2}, {5001, 7003, 2},
      {4001, 8191, 2},   {4001, 8193, 0}, {8191, 8193, 0},  {16383, 16385, 0},
      {16384, 16383, 0}, {60000, 510, 0}, {1000, 99999, 0}, {64, 2097151, 0},
  };
  for (size_t i = 0; i < sizeof u8_odd / sizeof u8_odd[0]; i++)
    for (int gpu = 0; gpu < 2; gpu++) {
      const clt__config c = auto_dense(gpu ? &h100 : &h200, 1, u8_odd[i].rows, u8_odd[i].cols, 0);
      char opts[1024];
      assert_int_equal(clt__config_options(&c, 1, opts, sizeof opts), 0);
      const int form = gpu ? 0 : u8_odd[i].h200_form;
      const char *named = strstr(opts, "-DEDGE_SHIFT=");
      if (!c.shift_ok || c.edge_shift != form || (form ? !named || named[13] != '0' + form : named != NULL))
        fail_msg("%s u8 %zux%zu: %s shifted %d edge shift %d (%s); expected %d", gpu ? "H100" : "H200",
                 u8_odd[i].rows, u8_odd[i].cols, clt_variant_name(c.variant), c.shift_ok, c.edge_shift, opts,
                 form);
    }
  const shape sh = {16383, 16385, 1, 0, 0, 0, 0, 0, 0, 1};
  clt__layout l = make_layout(&sh, 2, CLT_VARIANT_RECT);
  const clt_tuning t = rect_odd_knobs();
  clt__config c;
  assert_int_equal(clt__config_from_tuning(&cpu, &l, &t, &c), CLT_SUCCESS);
  assert_true(c.shift_ok);
  assert_int_equal(c.shift_split, 0); /* measured on GPUs only */
  assert_int_equal(c.dvw, 0);
  assert_int_equal(c.edge_shift, 0);
  /* A view narrower than a vector has no aligned vector to fall back on at its end. */
  const shape narrow = {16383, 3, 1, 0, 0, 0, 0, 0, 0, 1};
  l = make_layout(&narrow, 2, CLT_VARIANT_RECT);
  assert_int_equal(clt__config_from_tuning(&h200, &l, &t, &c), CLT_SUCCESS);
  assert_true(c.shift_split);
  assert_int_equal(c.edge_shift, 0);
  l = make_layout(&(shape){16383, 5, 1, 0, 0, 0, 0, 0, 0, 1}, 2, CLT_VARIANT_RECT);
  assert_int_equal(clt__config_from_tuning(&h200, &l, &t, &c), CLT_SUCCESS);
  assert_true(c.shift_split && c.edge_shift);
}

/* rect's word tiles (4-element vectors of 1- and 2-byte elements in tiles 8 work-items wide on GPUs, their
 * rows whole vectors), named in the options exactly there: shifted rows read as two aligned words and shifted
 * in registers (cl/rect.cl's SHIFT_FUNNEL), rows on the vectors stored as one word each (WORD_ROWS). The wide
 * u8 sources of 96 to 224 rows on the H200 and the H100 take them, batched among them, and the H200's f16
 * ones (the H100 reads the shifted ones with the narrow kernel or 2-element vectors). AUTO widens the u8
 * tiles to 32 x 64 in groups 16 wide with 2-element stores (rect_word_tiles_wider); f16 and explicit rect
 * keep 32 columns. Tiles 16 or 32 work-items wide otherwise (whose reads of the tile would share banks),
 * f32 and CPUs go without; of explicit knobs, u8 in 8-element vectors and f32 in 4-element ones too. The
 * H200's tall u8 sources of 65 to 255 columns off the words take tiles 8 wide where h200_shifted_u8_tiles32
 * says (this skewed one of 227 columns does not). */
static void rect_word_tiles_where_measured(void **state) {
  (void)state;
  const clt__device_info h200 = faked_h200(), h100 = faked_h100(), cpu = faked_pocl_cpu();
  static const struct {
    size_t rows, cols, batch, es;
    int funnel[2], words[2]; /* H200, H100 */
  } cases[] = {
      {96, 2097151, 1, 1, {1, 1}, {0, 0}},  {160, 1048575, 1, 1, {1, 1}, {0, 0}},
      {224, 1048575, 1, 1, {1, 1}, {0, 0}}, {96, 4194303, 1, 1, {1, 1}, {0, 0}},
      {96, 100001, 8, 1, {1, 1}, {0, 0}},   {96, 2097151, 1, 2, {1, 0}, {0, 0}},
      {224, 1048575, 1, 2, {1, 0}, {0, 0}}, {160, 30001, 16, 2, {1, 0}, {0, 0}},
      {96, 2097152, 1, 1, {0, 0}, {1, 1}},  {160, 1048576, 1, 1, {0, 0}, {1, 1}},
      {224, 1000000, 1, 1, {0, 0}, {1, 1}}, {96, 100000, 8, 1, {0, 0}, {1, 1}},
      {160, 1048576, 1, 2, {0, 0}, {1, 0}}, {160, 30000, 16, 2, {0, 0}, {1, 0}},
      {64, 2097151, 1, 1, {0, 0}, {0, 0}},  {64, 2097152, 1, 1, {0, 0}, {0, 0}},
      {192, 1048577, 1, 1, {0, 0}, {0, 0}}, {192, 1048576, 1, 1, {0, 0}, {0, 0}},
      {128, 2097151, 1, 1, {0, 0}, {0, 0}}, {16383, 16385, 1, 1, {0, 0}, {0, 0}},
      {16384, 16384, 1, 1, {0, 0}, {0, 0}}, {16383, 16385, 1, 2, {0, 0}, {0, 0}},
      {16383, 16385, 1, 4, {0, 0}, {0, 0}}, {100, 999999, 1, 4, {0, 0}, {0, 0}},
      {96, 1048576, 1, 4, {0, 0}, {0, 0}},  {1048575, 227, 1, 1, {0, 0}, {0, 0}},
  };
  for (int g = 0; g < 2; g++)
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      clt__layout l;
      const clt__config c = dense_config(g ? &h100 : &h200, cases[i].es, cases[i].rows, cases[i].cols,
                                         cases[i].batch, CLT_VARIANT_AUTO, &l);
      char opts[1024];
      assert_int_equal(clt__config_options(&c, cases[i].es, opts, sizeof opts), 0);
      const int funnel = cases[i].funnel[g], words = cases[i].words[g];
      const int named_funnel = strstr(opts, "-DSHIFT_FUNNEL=1") != NULL,
                named_words = strstr(opts, "-DWORD_ROWS=1") != NULL;
      /* u8: 32-row tiles widened to 64 columns, stored 2 bytes a work-item (rect_word_tiles_wider) */
      const unsigned wg_x = cases[i].es == 1 ? 16 : 8, dvw = cases[i].es == 1 ? 2 : c.shift_split ? 2 : 0;
      if (c.shift_funnel != funnel || named_funnel != funnel || c.word_rows != words ||
          named_words != words ||
          ((funnel || words) &&
           (c.variant != CLT_VARIANT_RECT || c.shift_ok != funnel || c.src_aligned != words || c.tile != 32 ||
            c.wg_x != wg_x || c.dvw != dvw || (dvw && !strstr(opts, "-DDVW=2")))))
        fail_msg("%s elem_size %zu, %zux%zu batch %zu: %s tile %u wg_x %u vw %u dvw %u shifted %d funnel %d "
                 "word rows %d (%s); expected funnel %d, word rows %d",
                 g ? "H100" : "H200", cases[i].es, cases[i].rows, cases[i].cols, cases[i].batch,
                 clt_variant_name(c.variant), c.tile, c.wg_x, c.vw, c.dvw, c.shift_ok, c.shift_funnel,
                 c.word_rows, opts, funnel, words);
    }
  /* Local memory counts the word tiles' whole-vector rows: a device a byte short of the widened u8 tile
   * gets a configuration that fits it. */
  for (int aligned = 0; aligned < 2; aligned++) {
    clt__layout lw;
    clt__config w = dense_config(&h200, 1, 96, aligned ? 2097152 : 2097151, 1, CLT_VARIANT_AUTO, &lw);
    clt__device_info small = h200;
    small.local_mem_size = local_bytes(&w, 1) - 1;
    assert_int_equal(clt__auto_config(&small, &lw, &w), CLT_SUCCESS);
    const char *why = config_problem(&w, &small, 1);
    if (why)
      fail_msg("%s rows, local memory %zu: %s (%s tile %u wg_x %u)", aligned ? "aligned" : "shifted",
               (size_t)small.local_mem_size, why, clt_variant_name(w.variant), w.tile, w.wg_x);
  }
  /* Explicit rect keeps the u8 tiles 32 columns wide, with either form. */
  for (int aligned = 0; aligned < 2; aligned++) {
    clt__layout lw;
    const clt__config xr = dense_config(&h200, 1, 96, aligned ? 2097152 : 2097151, 1, CLT_VARIANT_RECT, &lw);
    assert_true((aligned ? xr.word_rows : xr.shift_funnel) && xr.tile == 32 && xr.wg_x == 8 && xr.dvw == 0);
  }
  /* Explicit rect knobs over source rows off the vectors and on them: 8 work-items a row of 4-element
   * vectors of 1- or 2-byte elements only (u8 in 8-element vectors, whose reads of the tile would share
   * banks, without). */
  static const struct {
    size_t es;
    unsigned tile, vw, wg_x;
    int word_tile;
  } knobs[] = {
      {1, 32, 4, 8, 1},  {2, 32, 4, 8, 1}, {1, 64, 4, 16, 0}, {1, 128, 4, 32, 0},
      {2, 64, 4, 16, 0}, {1, 64, 8, 8, 0}, {4, 32, 4, 8, 0},
  };
  for (size_t i = 0; i < sizeof knobs / sizeof knobs[0]; i++)
    for (int aligned = 0; aligned < 2; aligned++) {
      clt_tuning t = rect_odd_knobs();
      t.tile = knobs[i].tile;
      t.vector_width = knobs[i].vw;
      t.wg_x = knobs[i].wg_x;
      const shape sh = {160, aligned ? 10000 : 10001, 1, 0, 0, 0, 0, 0, 0, 1};
      clt__layout l = make_layout(&sh, knobs[i].es, CLT_VARIANT_RECT);
      clt__config c;
      for (int dev = 0; dev < 2; dev++) {
        assert_int_equal(clt__config_from_tuning(dev ? &cpu : &h200, &l, &t, &c), CLT_SUCCESS);
        const int want = dev ? 0 : knobs[i].word_tile; /* measured on GPUs only */
        if (c.shift_ok == aligned || c.shift_funnel != (aligned ? 0 : want) ||
            c.word_rows != (aligned ? want : 0))
          fail_msg("%s elem_size %zu tile %u vw %u wg_x %u, rows %s: shifted %d funnel %d word rows %d; "
                   "expected %d",
                   dev ? "CPU" : "H200", knobs[i].es, knobs[i].tile, knobs[i].vw, knobs[i].wg_x,
                   aligned ? "aligned" : "shifted", c.shift_ok, c.shift_funnel, c.word_rows, want);
      }
    }
}

/* Tall u8 sources of 65 to 255 columns and wide f16 ones of 65 to 319 rows, the short side not a whole
 * number of 32, take rect's word tiles on GPUs (src/tuning.c's part_tiles_to_word_tiles): 32 columns in
 * groups 8 work-items wide, 64 tile rows (tall) or 32 (wide), rows stored as words; skewed destinations and
 * a batch among them, on the faked H200 (clt__traits part_word_tiles). Short sides of a whole number of 32
 * or from 256 (320) on, source rows off the 4-element vectors, tall f16 and wide u8 sources, the narrow
 * kernel's layouts (f16 250x1000000 and 300x524288: shallow_to_whole_narrow), the H100 and CPUs keep their
 * kernels. */
static void part_tiles_to_word_tiles_where_measured(void **state) {
  (void)state;
  const clt__device_info dev[3] = {faked_h200(), faked_h100(), faked_pocl_cpu()};
  static const struct {
    size_t rows, cols, batch, es;
    int words; /* 1: the rule's tiles, rows stored as words */
  } cases[] = {
      {2097152, 100, 1, 1, 1}, {3000000, 72, 1, 1, 1},  {1048575, 100, 1, 1, 1}, {699050, 180, 1, 1, 1},
      {1000000, 250, 1, 1, 0}, {262144, 100, 4, 1, 1},  {1048576, 200, 1, 1, 1}, {300, 524288, 1, 2, 0},
      {136, 2097152, 1, 2, 1}, {250, 1000000, 1, 2, 0}, {1048576, 192, 1, 1, 0}, {999999, 300, 1, 1, 0},
      {1048576, 256, 1, 1, 0}, {1048576, 200, 1, 2, 0}, {524288, 250, 1, 2, 0},  {300, 1000000, 1, 1, 0},
      {100, 2097152, 1, 1, 0}, {320, 524288, 1, 2, 0},  {2097152, 64, 1, 1, 0},  {1048576, 100, 1, 4, 0},
      {192, 1048576, 1, 2, 0},
  };
  for (int g = 0; g < 3; g++)
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      clt__layout l;
      const clt__config c = dense_config(&dev[g], cases[i].es, cases[i].rows, cases[i].cols, cases[i].batch,
                                         CLT_VARIANT_AUTO, &l);
      const int tall = cases[i].rows > cases[i].cols, want = g == 0 ? cases[i].words : 0; /* the H200 only */
      const int rule_tiles = c.variant == CLT_VARIANT_RECT && c.vw == 4 && c.wg_x == 8 && c.wg_y == 8 &&
                             c.tile == (tall ? 64u : 32u);
      if (rule_tiles != (want != 0) || (want && (!c.word_rows || c.shift_funnel || !c.pad)))
        fail_msg("%s elem_size %zu, %zux%zu batch %zu: %s tile %u wg %ux%u vw %u word rows %d funnel %d; "
                 "expected %d",
                 dev[g].name, cases[i].es, cases[i].rows, cases[i].cols, cases[i].batch,
                 clt_variant_name(c.variant), c.tile, c.wg_x, c.wg_y, c.vw, c.word_rows, c.shift_funnel,
                 want);
    }
}

/* Tall u8 sources of 65 to 255 columns whose rows start off 4-byte words take rect's tiles of 32 columns,
 * rows read as two aligned words and shifted in registers (SHIFT_FUNNEL), on the faked H200 (src/tuning.c's
 * shifted_u8_to_tiles32, clt__traits shifted_u8_tiles32): up to 127 columns 128 tile rows in groups of 8 x 8,
 * into skewed destination rows up to 111 columns; from 129, into rows on 32-byte sectors only, 64 rows in
 * groups of 8 x 4. Batches among them, sources just twice as tall as wide and just less. Skewed rows from 113
 * columns, rows on the words (the word tiles' layouts), 64 or 256 columns and more, f16, the H100 and CPUs
 * keep their configurations. */
static void h200_shifted_u8_tiles32(void **state) {
  (void)state;
  const clt__device_info dev[3] = {faked_h200(), faked_h100(), faked_pocl_cpu()};
  static const struct {
    size_t rows, cols, batch, es;
    unsigned tile; /* the H200's tile rows in the rule's 32 columns; 0: not the rule's */
  } cases[] = {
      {334336, 227, 1, 1, 64},  {2182528, 181, 1, 1, 64},  {7040, 169, 16, 1, 64},   {1000000, 241, 1, 1, 64},
      {120000, 255, 1, 1, 64},  {3000000, 129, 1, 1, 64},  {4096, 227, 64, 1, 64},   {1000000, 130, 1, 1, 64},
      {512, 255, 1, 1, 64},     {480, 241, 1, 1, 0},       {1000000, 65, 1, 1, 128}, {500000, 101, 1, 1, 128},
      {300000, 127, 1, 1, 128}, {4096, 99, 64, 1, 128},    {1000003, 77, 1, 1, 128}, {300001, 127, 1, 1, 0},
      {8191, 97, 64, 1, 128},   {1000000, 102, 1, 1, 128}, {202, 101, 1, 1, 128},    {201, 101, 1, 1, 0},
      {1000001, 227, 1, 1, 0},  {1112264, 133, 1, 1, 0},   {1000000, 64, 1, 1, 0},   {1000000, 256, 1, 1, 0},
      {1000000, 257, 1, 1, 0},  {1000000, 100, 1, 1, 0},   {1000000, 228, 1, 1, 0},  {1000000, 101, 1, 2, 0},
      {1000000, 227, 1, 2, 0},  {1000000, 63, 1, 1, 0},    {700001, 111, 1, 1, 128}, {2000001, 114, 1, 1, 0},
  };
  for (int g = 0; g < 3; g++)
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      clt__layout l;
      const clt__config c = dense_config(&dev[g], cases[i].es, cases[i].rows, cases[i].cols, cases[i].batch,
                                         CLT_VARIANT_AUTO, &l);
      const unsigned want = g == 0 ? cases[i].tile : 0; /* the H200 only */
      const int rule = c.variant == CLT_VARIANT_RECT && c.vw == 4 && c.wg_x == 8 && c.pad &&
                       ((c.tile == 64 && c.wg_y == 4) || (c.tile == 128 && c.wg_y == 8));
      if (rule != (want != 0) || (want && (c.tile != want || !c.shift_funnel)))
        fail_msg("%s elem_size %zu, %zux%zu batch %zu: %s tile %u wg %ux%u vw %u funnel %d; expected %u",
                 dev[g].name, cases[i].es, cases[i].rows, cases[i].cols, cases[i].batch,
                 clt_variant_name(c.variant), c.tile, c.wg_x, c.wg_y, c.vw, c.shift_funnel, want);
    }
}

/* Tall f32 sources of 65 to 127 columns that AUTO gives rect, and tall f64 ones that it gives the vector
 * kernel's 32 x 32 tiles, take the narrow kernel in groups of 128 on the faked H200 (src/tuning.c's
 * tall4_to_narrow and tall8_to_narrow, clt__traits tall4_narrow and tall8_narrow). f32: tiles of all the
 * columns of 64 source rows where the destination rows start on 256 bytes and of 32 elsewhere; dense matrices
 * of every alignment of their destination rows, skewed ones (odd and 2 mod 4 rows), padded destination rows
 * on and off 256 bytes, batches, padded source rows, sources exactly twice as tall as wide and just less
 * (padded, as dense f32 sources of up to 32 MiB are h200_tile_rules' rect tiles).
 * Source rows on 16 bytes (the vector kernel's, or skewed rect's), skewed destination rows from 97 columns
 * over source rows on 8 bytes, 64 and 128 columns, f16 of even columns (h200_tall2_narrow has the odd ones),
 * u8, the H100 and a CPU keep their kernels. f64: tiles of 32 rows, destination rows on 32-byte sectors and
 * off them, batches of large matrices, a source exactly twice as tall as wide; batches of small ones (the
 * vector kernel's 64 x 64 tiles), a source just less than twice as tall, 64, 96, 128 and 130 columns, rect's
 * layouts (odd rows or columns) keep theirs. */
static void h200_tall_narrow(void **state) {
  (void)state;
  const clt__device_info dev[3] = {faked_h200(), faked_h100(), faked_pocl_cpu()};
  static const struct {
    size_t rows, cols, batch, es, src_ld, dst_ld;
    unsigned tile; /* the H200's tile rows in the rule's narrow kernel; 0: not the rule's */
  } cases[] = {
      {600000, 99, 1, 4, 0, 0, 64},   {2000000, 83, 1, 4, 0, 0, 64},     {800000, 65, 1, 4, 0, 0, 64},
      {1000000, 127, 1, 4, 0, 0, 64}, {1000000, 122, 1, 4, 0, 0, 64},    {500032, 109, 1, 4, 0, 0, 64},
      {16384, 99, 16, 4, 0, 0, 64},   {4096, 75, 64, 4, 0, 0, 64},       {600000, 99, 1, 4, 0, 600064, 64},
      {700000, 113, 1, 4, 0, 0, 32},  {350000, 65, 1, 4, 0, 0, 32},      {300000, 102, 1, 4, 0, 0, 32},
      {600008, 95, 1, 4, 0, 0, 32},   {700004, 107, 1, 4, 0, 0, 32},     {453106, 105, 1, 4, 0, 0, 32},
      {1500001, 71, 1, 4, 0, 0, 32},  {600000, 99, 1, 4, 0, 600005, 32}, {1000002, 89, 1, 4, 0, 0, 32},
      {600002, 66, 1, 4, 0, 0, 32},   {2500001, 94, 1, 4, 0, 0, 32},     {400002, 118, 1, 4, 119, 0, 32},
      {254, 127, 1, 4, 129, 0, 32},   {253, 127, 1, 4, 129, 0, 0},       {400002, 118, 1, 4, 0, 0, 0},
      {350002, 98, 1, 4, 0, 0, 0},    {600003, 122, 1, 4, 0, 0, 0},      {700001, 100, 1, 4, 0, 0, 0},
      {800001, 92, 1, 4, 0, 0, 0},    {600000, 99, 1, 4, 100, 0, 0},     {800000, 84, 1, 4, 0, 0, 0},
      {1000000, 64, 1, 4, 0, 0, 0},   {1000000, 128, 1, 4, 0, 0, 0},     {1000000, 122, 1, 2, 0, 0, 0},
      {1000000, 99, 1, 8, 0, 0, 0},   {1000000, 99, 1, 1, 0, 0, 0},      {1000000, 128, 1, 4, 129, 0, 0},
      {1000000, 64, 1, 4, 65, 0, 0},  {300000, 66, 1, 8, 0, 0, 32},      {1000000, 74, 1, 8, 0, 0, 32},
      {500002, 100, 1, 8, 0, 0, 32},  {350000, 126, 1, 8, 0, 0, 32},     {100000, 90, 4, 8, 0, 0, 32},
      {60000, 118, 16, 8, 0, 0, 32},  {244, 122, 1, 8, 0, 0, 32},        {242, 122, 1, 8, 0, 0, 0},
      {8192, 90, 16, 8, 0, 0, 0},     {500000, 96, 1, 8, 0, 0, 0},       {300000, 64, 1, 8, 0, 0, 0},
      {300000, 128, 1, 8, 0, 0, 0},   {350001, 90, 1, 8, 0, 0, 0},       {300000, 83, 1, 8, 0, 0, 0},
      {300000, 130, 1, 8, 0, 0, 0},
  };
  for (int g = 0; g < 3; g++)
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      const shape s = {
          cases[i].rows, cases[i].cols, cases[i].batch, 0, cases[i].src_ld, 0, 0, cases[i].dst_ld, 0, 0};
      const clt__layout l = make_layout(&s, cases[i].es, CLT_VARIANT_AUTO);
      clt__config c;
      assert_int_equal(clt__auto_config(&dev[g], &l, &c), CLT_SUCCESS);
      const unsigned want = g == 0 ? cases[i].tile : 0; /* the H200 only */
      const int rule = c.variant == CLT_VARIANT_NARROW && c.wg_x == 128 && (c.tile == 32 || c.tile == 64);
      if (rule != (want != 0) || (want && c.tile != want))
        fail_msg("%s elem_size %zu, %zux%zu batch %zu, leading dimensions %zu and %zu: %s tile %u wg_x %u; "
                 "expected %u",
                 dev[g].name, cases[i].es, cases[i].rows, cases[i].cols, cases[i].batch, cases[i].src_ld,
                 cases[i].dst_ld, clt_variant_name(c.variant), c.tile, c.wg_x, want);
    }
}

/* Tall and wide 8-byte sources of up to 256 columns or rows that AUTO would give the vector kernel's 32 x 32
 * tiles, and the rules before leave, take on the faked H200 exactly what explicit rect gives them
 * (src/tuning.c's skinny8_to_rect, clt__traits skinny8_rect): partial and whole tiles, 64, 128 and 256
 * columns or rows, 16-column tiles (208), padded source or destination rows, batches of large matrices.
 * Batches of small matrices keep the vector kernel, tall8_to_narrow's layouts the narrow
 * kernel, wide8_to_rect32's rect's 32 x 32 tiles, and tall and wide f32 sources the vector kernel. */
static void h200_skinny8_rect(void **state) {
  (void)state;
  const clt__device_info h200 = faked_h200();
  enum { OTHER = 0, RULE = 1 };
  static const struct {
    size_t rows, cols, batch, src_ld, dst_ld, es;
    int rule;      /* whether the H200's AUTO is explicit rect's configuration */
    clt_variant v; /* the H200's AUTO */
  } cases[] = {
      {100908, 232, 1, 0, 0, 8, RULE, CLT_VARIANT_RECT},
      {181172, 208, 1, 0, 0, 8, RULE, CLT_VARIANT_RECT},
      {12000, 130, 1, 0, 0, 8, RULE, CLT_VARIANT_RECT},
      {1000000, 64, 1, 0, 0, 8, RULE, CLT_VARIANT_RECT},
      {262144, 128, 1, 0, 0, 8, RULE, CLT_VARIANT_RECT},
      {40000, 256, 1, 0, 0, 8, RULE, CLT_VARIANT_RECT},
      {238744, 132, 1, 148, 0, 8, RULE, CLT_VARIANT_RECT},
      {200000, 244, 1, 0, 200002, 8, RULE, CLT_VARIANT_RECT},
      {20000, 250, 8, 0, 0, 8, RULE, CLT_VARIANT_RECT},
      {500000, 96, 1, 0, 0, 8, RULE, CLT_VARIANT_RECT},
      {200, 100000, 1, 0, 0, 8, RULE, CLT_VARIANT_RECT},
      {64, 40000, 1, 0, 0, 8, RULE, CLT_VARIANT_RECT},
      {256, 100000, 1, 0, 0, 8, RULE, CLT_VARIANT_RECT},
      {162, 29888, 1, 0, 0, 8, RULE, CLT_VARIANT_RECT},
      {130, 60000, 4, 0, 0, 8, RULE, CLT_VARIANT_RECT},
      {192, 100000, 1, 100002, 0, 8, RULE, CLT_VARIANT_RECT},
      {8192, 128, 16, 0, 0, 8, OTHER, CLT_VARIANT_VECTOR}, /* batches of small matrices */
      {128, 4096, 64, 0, 0, 8, OTHER, CLT_VARIANT_VECTOR},
      {300000, 100, 1, 0, 0, 8, OTHER, CLT_VARIANT_NARROW}, /* tall8_to_narrow */
      {256, 16582, 1, 0, 0, 8, OTHER, CLT_VARIANT_RECT},    /* wide8_to_rect32 */
      {179828, 76, 1, 0, 0, 4, OTHER, CLT_VARIANT_VECTOR},
      {306240, 252, 1, 0, 0, 4, OTHER, CLT_VARIANT_VECTOR},
      {200, 310964, 1, 0, 0, 4, OTHER, CLT_VARIANT_VECTOR},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const shape s = {
        cases[i].rows, cases[i].cols, cases[i].batch, 0, cases[i].src_ld, 0, 0, cases[i].dst_ld, 0, 0};
    const clt__layout la = make_layout(&s, cases[i].es, CLT_VARIANT_AUTO);
    const clt__layout lr = make_layout(&s, cases[i].es, CLT_VARIANT_RECT);
    clt__config a, r;
    assert_int_equal(clt__auto_config(&h200, &la, &a), CLT_SUCCESS);
    assert_int_equal(clt__explicit_config(&h200, &lr, NULL, &r), CLT_SUCCESS);
    char oa[2048], orr[2048];
    assert_int_equal(clt__config_options(&a, cases[i].es, oa, sizeof oa), 0);
    assert_int_equal(clt__config_options(&r, cases[i].es, orr, sizeof orr), 0);
    const int as_rect = strcmp(oa, orr) == 0 && a.wg_x == r.wg_x && a.wg_y == r.wg_y;
    if (a.variant != cases[i].v || as_rect != cases[i].rule)
      fail_msg(
          "elem_size %zu, %zux%zu batch %zu, leading dimensions %zu / %zu: AUTO %s (%s), explicit rect %s; "
          "expected %s%s",
          cases[i].es, cases[i].rows, cases[i].cols, cases[i].batch, cases[i].src_ld, cases[i].dst_ld,
          clt_variant_name(a.variant), oa, orr, clt_variant_name(cases[i].v),
          cases[i].rule ? ", explicit rect's" : ", not explicit rect's");
  }
}

/* Tall f16 sources of an odd 65 to 127 columns in dense rows, which AUTO gives rect, take the narrow kernel's
 * tiles moved whole (FLAT) on the faked H200 (src/tuning.c's tall2_to_narrow, clt__traits tall2_narrow): 64
 * source rows in groups of 128 into destination rows on 128 bytes up to 113 columns (dense, padded
 * destination rows, batches large and small), 128 rows in groups of 256 elsewhere up to 81 columns (every
 * other alignment of the destination rows, skewed ones, padded ones, batches of large matrices). Past those
 * bounds, batches of small matrices into rows off 128 bytes, even columns, padded or shifted source rows,
 * sources less than twice as tall as wide, 64 and 128 columns, other element sizes, the H100 and a CPU keep
 * their kernels. */
static void h200_tall2_narrow(void **state) {
  (void)state;
  const clt__device_info dev[3] = {faked_h200(), faked_h100(), faked_pocl_cpu()};
  static const struct {
    size_t rows, cols, batch, es, src_offset, src_ld, dst_ld;
    unsigned tile; /* the H200's tile rows in the rule's narrow kernel; 0: not the rule's */
  } cases[] = {
      {1500032, 77, 1, 2, 0, 0, 0, 64},
      {1200064, 91, 1, 2, 0, 0, 0, 64},
      {800000, 109, 1, 2, 0, 0, 0, 64},
      {760064, 113, 1, 2, 0, 0, 0, 64},
      {1000064, 65, 1, 2, 0, 0, 0, 64},
      {8192, 87, 32, 2, 0, 0, 0, 64},
      {4096, 93, 64, 2, 0, 0, 0, 64},
      {16384, 101, 16, 2, 0, 0, 0, 64},
      {1000000, 79, 1, 2, 0, 0, 1000064, 64},
      {256, 113, 1, 2, 0, 0, 0, 64},
      {1600016, 69, 1, 2, 0, 0, 0, 128},
      {2000001, 79, 1, 2, 0, 0, 0, 128},
      {1300002, 65, 1, 2, 0, 0, 0, 128},
      {2000004, 77, 1, 2, 0, 0, 0, 128},
      {1700008, 73, 1, 2, 0, 0, 0, 128},
      {3000096, 65, 1, 2, 0, 0, 0, 128},
      {1000000, 81, 1, 2, 0, 0, 1000008, 128},
      {1000000, 73, 1, 2, 0, 0, 1000005, 128},
      {2000016, 75, 2, 2, 0, 0, 0, 128},
      {162, 81, 1, 2, 0, 0, 0, 128},
      {1000064, 115, 1, 2, 0, 0, 0, 0},
      {700032, 117, 1, 2, 0, 0, 0, 0},
      {1500008, 83, 1, 2, 0, 0, 0, 0},
      {1100004, 97, 1, 2, 0, 0, 0, 0},
      {10000, 75, 32, 2, 0, 0, 0, 0},
      {1000000, 96, 1, 2, 0, 97, 0, 0},
      {1000000, 85, 1, 2, 0, 87, 0, 0},
      {1000000, 85, 1, 2, 1, 0, 0, 0},
      {1000000, 86, 1, 2, 0, 0, 0, 0},
      {1000002, 78, 1, 2, 0, 0, 0, 0},
      {1000001, 66, 1, 2, 0, 0, 0, 0},
      {1000000, 122, 1, 2, 0, 0, 0, 0},
      {160, 81, 1, 2, 0, 0, 0, 0},
      {1000000, 64, 1, 2, 0, 0, 0, 0},
      {1000000, 128, 1, 2, 0, 0, 0, 0},
      {1000000, 127, 1, 2, 0, 0, 0, 0},
      {1000064, 77, 1, 1, 0, 0, 0, 0},
      {1000001, 77, 1, 4, 0, 0, 0, 0},
      {1000064, 77, 1, 8, 0, 0, 0, 0},
      {1600016, 69, 1, 4, 0, 0, 0, 0},
  };
  for (int g = 0; g < 3; g++)
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      const shape s = {cases[i].rows,
                       cases[i].cols,
                       cases[i].batch,
                       cases[i].src_offset,
                       cases[i].src_ld,
                       0,
                       0,
                       cases[i].dst_ld,
                       0,
                       0};
      const clt__layout l = make_layout(&s, cases[i].es, CLT_VARIANT_AUTO);
      clt__config c;
      assert_int_equal(clt__auto_config(&dev[g], &l, &c), CLT_SUCCESS);
      const unsigned want = g == 0 ? cases[i].tile : 0; /* the H200 only */
      const int rule = c.variant == CLT_VARIANT_NARROW &&
                       ((c.tile == 64 && c.wg_x == 128) || (c.tile == 128 && c.wg_x == 256));
      if (rule != (want != 0) || (want && (c.tile != want || !c.flat)))
        fail_msg("%s elem_size %zu, %zux%zu batch %zu, source offset %zu, leading dimensions %zu and %zu: %s "
                 "tile %u wg_x %u flat %d; expected %u",
                 dev[g].name, cases[i].es, cases[i].rows, cases[i].cols, cases[i].batch, cases[i].src_offset,
                 cases[i].src_ld, cases[i].dst_ld, clt_variant_name(c.variant), c.tile, c.wg_x, c.flat, want);
    }
}

/* The H200-only rules below, probed: device 0 the faked H200, 1 the H100, 2 another NVIDIA GPU; c gets the
 * device's configuration for the layout through AUTO or explicit narrow (v), and the probe's name comes
 * back. */
static const char *h200_rule_probe(int device, clt_variant v, const shape *s, size_t es, clt__config *c) {
  static const char *const names[3][2] = {
      {"H200 AUTO", "H200 narrow"}, {"H100 AUTO", "H100 narrow"}, {"other GPU's AUTO", "other GPU's narrow"}};
  const clt__device_info dev = device == 0   ? faked_h200()
                               : device == 1 ? faked_h100()
                                             : make_device("NVIDIA-like GPU", CL_DEVICE_TYPE_GPU, 0x10de, 32,
                                                           1024, 1024, 48 * 1024, 0);
  const clt__layout l = make_layout(s, es, v);
  if (v == CLT_VARIANT_AUTO)
    assert_int_equal(clt__auto_config(&dev, &l, c), CLT_SUCCESS);
  else
    assert_int_equal(clt__choose_config(&dev, &l, v, c), CLT_SUCCESS);
  return names[device][v != CLT_VARIANT_AUTO];
}

/* The narrow kernel's groups for tall sources moved FLAT into destination rows on 16-byte vectors (GATHER):
 * on the faked H200, where those rows are off 256 bytes (dense, padded, batches), 128 for u8 of 13 to 63
 * columns, f16 of 15 to 31 and f32 of 22 to 63, and 256 for f16 of 33 to 63; into rows on 256 bytes (dense,
 * padded, a batch) 128 for f16 of 33 to 63; in AUTO and explicit narrow alike (src/tuning.c's
 * narrow_gather_group, clt__traits narrow_gather_groups). 64 below those short sides, for u8 and f32 into
 * rows on 256 bytes and f16 of up to 31 there, and everywhere on the H100 and another NVIDIA GPU. */
static void h200_narrow_gather_groups(void **state) {
  (void)state;
  static const struct {
    size_t rows, cols, batch, es, dst_ld;
    unsigned h200; /* the H200's group */
  } cases[] = {
      {8000016, 13, 1, 1, 0, 128},       {4000016, 21, 1, 1, 0, 128},       {3000016, 63, 1, 1, 0, 128},
      {200000, 37, 8, 1, 0, 128},        {1000000, 39, 1, 1, 1000016, 128}, {4000016, 15, 1, 2, 0, 128},
      {1000016, 31, 1, 2, 0, 128},       {2200032, 33, 1, 2, 0, 256},       {700000, 63, 1, 2, 0, 256},
      {120000, 41, 8, 2, 0, 256},        {1000000, 45, 1, 2, 1000008, 256}, {1000016, 22, 1, 4, 0, 128},
      {600012, 57, 1, 4, 0, 128},        {1544752, 55, 1, 4, 0, 128},       {80004, 33, 16, 4, 0, 128},
      {1000000, 31, 1, 4, 1000004, 128}, {700004, 63, 1, 4, 0, 128},        {8000016, 11, 1, 1, 0, 64},
      {8000000, 19, 1, 1, 0, 64},        {4194304, 43, 1, 1, 0, 64},        {1000000, 39, 1, 1, 1000192, 64},
      {4000016, 13, 1, 2, 0, 64},        {1048576, 39, 1, 2, 0, 128},       {1000000, 45, 1, 2, 1000064, 128},
      {2000016, 21, 1, 4, 0, 64},        {2000016, 15, 1, 4, 0, 64},        {1048576, 35, 1, 4, 0, 64},
      {4194304, 13, 1, 4, 0, 64},        {1048576, 31, 1, 2, 0, 64},        {65536, 45, 16, 2, 0, 128},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    for (int k = 0; k < 4; k++) { /* the H200's AUTO and explicit narrow, the H100's and another GPU's */
      const shape s = {cases[i].rows, cases[i].cols, cases[i].batch, 0, 0, 0, 0, cases[i].dst_ld, 0, 0};
      clt__config c;
      const char *way =
          h200_rule_probe(k < 2 ? 0 : k - 1, k ? CLT_VARIANT_NARROW : CLT_VARIANT_AUTO, &s, cases[i].es, &c);
      const unsigned want = k >= 2 ? 64 : cases[i].h200;
      if (c.variant != CLT_VARIANT_NARROW || !c.flat || c.wg_x != want)
        fail_msg(
            "%s elem_size %zu, %zux%zu batch %zu, destination leading dimension %zu: %s flat %d wg_x %u; "
            "expected narrow, flat, %u",
            way, cases[i].es, cases[i].rows, cases[i].cols, cases[i].batch, cases[i].dst_ld,
            clt_variant_name(c.variant), c.flat, c.wg_x, want);
    }
}

/* The H200's AUTO gives wide f32 sources of 13 to 32 rows off 16 bytes, one matrix a call, the narrow
 * kernel's 32-column tiles in the group measured for each row count: read an element at a time into
 * destination rows off 16 bytes (none for 16, 20, 21, 24, 28 and 32 rows), as 8-byte vectors into rows on
 * them (24 and 32 rows, source rows on 8 bytes). Other row counts, source rows on 16 bytes, batches, tall
 * sources, other element sizes, explicit narrow, the H100 and other GPUs keep the heuristic's tiles. */
static void h200_wide4_tiles32(void **state) {
  (void)state;
  static const struct {
    size_t rows, cols, batch, es, src_ld, dst_ld;
    unsigned h200, vw; /* the H200's group (0 = the heuristic's tiles) and vector */
  } cases[] = {
      {13, 300002, 1, 4, 0, 0, 64, 1},       {14, 500002, 1, 4, 0, 0, 64, 1},
      {15, 700003, 1, 4, 0, 0, 64, 1},       {15, 2000002, 1, 4, 0, 0, 64, 1},
      {17, 300002, 1, 4, 0, 0, 64, 1},       {18, 1200002, 1, 4, 0, 0, 64, 1},
      {19, 300001, 1, 4, 0, 0, 64, 1},       {22, 500002, 1, 4, 0, 0, 128, 1},
      {23, 250003, 1, 4, 0, 0, 64, 1},       {25, 300002, 1, 4, 0, 0, 128, 1},
      {26, 150002, 1, 4, 0, 0, 128, 1},      {27, 300002, 1, 4, 0, 0, 128, 1},
      {27, 1257250, 1, 4, 0, 0, 128, 1},     {29, 500001, 1, 4, 0, 0, 128, 1},
      {30, 250002, 1, 4, 0, 0, 128, 1},      {31, 400003, 1, 4, 0, 0, 128, 1},
      {26, 400000, 1, 4, 400002, 0, 128, 1}, {27, 300002, 1, 4, 0, 29, 128, 1},
      {13, 300002, 1, 4, 0, 15, 64, 1},      {24, 300002, 1, 4, 0, 0, 64, 2},
      {24, 2000002, 1, 4, 0, 0, 64, 2},      {24, 300000, 1, 4, 300006, 0, 64, 2},
      {32, 300002, 1, 4, 0, 0, 128, 2},      {32, 700002, 1, 4, 0, 0, 128, 2},
      {21, 300002, 1, 4, 0, 0, 0, 0},        {21, 1600002, 1, 4, 0, 0, 0, 0},
      {20, 300002, 1, 4, 0, 0, 0, 0},        {28, 1200002, 1, 4, 0, 0, 0, 0},
      {28, 1200002, 1, 4, 0, 29, 0, 0},      {16, 300002, 1, 4, 0, 17, 0, 0},
      {32, 300002, 1, 4, 0, 33, 0, 0},       {16, 300002, 1, 4, 0, 0, 0, 0},
      {27, 300002, 1, 4, 0, 28, 0, 0},       {20, 300002, 1, 4, 0, 21, 0, 0},
      {24, 300002, 1, 4, 0, 25, 0, 0},       {31, 300002, 1, 4, 0, 32, 0, 0},
      {12, 300002, 1, 4, 0, 0, 0, 0},        {11, 300002, 1, 4, 0, 0, 0, 0},
      {33, 300002, 1, 4, 0, 0, 0, 0},        {27, 300000, 1, 4, 0, 0, 0, 0},
      {32, 300000, 1, 4, 0, 0, 0, 0},        {24, 300001, 1, 4, 0, 0, 0, 0},
      {25, 100002, 2, 4, 0, 0, 0, 0},        {300002, 27, 1, 4, 0, 0, 0, 0},
      {27, 300002, 1, 8, 0, 0, 0, 0},        {27, 600002, 1, 2, 0, 0, 0, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    for (int k = 0; k < 4; k++) {
      const shape s = {
          cases[i].rows, cases[i].cols, cases[i].batch, 0, cases[i].src_ld, 0, 0, cases[i].dst_ld, 0, 0};
      clt__config c;
      const char *way = h200_rule_probe(k < 2 ? 0 : k - 1, k == 1 ? CLT_VARIANT_NARROW : CLT_VARIANT_AUTO, &s,
                                        cases[i].es, &c);
      const unsigned want = k == 0 ? cases[i].h200 : 0;
      /* the heuristic's f64 tiles are 32 long of 2-element vectors already */
      const int taken =
          c.variant == CLT_VARIANT_NARROW && c.tile == 32 && (cases[i].es == 4 ? c.vw <= 2 : c.vw == 1);
      if (want ? !taken || c.wg_x != want || c.vw != cases[i].vw : taken)
        fail_msg(
            "%s elem_size %zu, %zux%zu batch %zu, leading dimensions %zu / %zu: %s tile %u vw %u wg_x %u; "
            "expected %s %u, vw %u",
            way, cases[i].es, cases[i].rows, cases[i].cols, cases[i].batch, cases[i].src_ld, cases[i].dst_ld,
            clt_variant_name(c.variant), c.tile, c.vw, c.wg_x,
            want ? "narrow tile 32 in groups of" : "not tile 32 of vectors up to 2:", want, cases[i].vw);
    }
}

/* The H200's AUTO gives dense tall f32 sources of 25 to 31 columns but 28, of at most 64 MiB, one matrix a
 * call, whose destination rows the narrow kernel skews, tiles of 32 source rows in groups of 128
 * (tall4_small_to_tiles32), and so it does those of 33 to 39 columns of 8 to 45 MiB into destination rows off
 * 16 bytes (the trait tall4_off16_tiles32; both size bounds); other column counts, larger matrices, padded
 * views, unskewed destination rows, rows on 16 bytes past 31 columns, batches, explicit narrow, the H100 and
 * other GPUs keep the heuristic's 64. */
static void h200_tall4_small_tiles32(void **state) {
  (void)state;
  static const struct {
    size_t rows, cols, batch, src_ld, dst_ld;
    int h200; /* the H200's AUTO takes the 32-row tiles */
  } cases[] = {
      {150002, 25, 1, 0, 0, 1},      {150002, 26, 1, 0, 0, 1},      {150002, 27, 1, 0, 0, 1},
      {150002, 29, 1, 0, 0, 1},      {150002, 30, 1, 0, 0, 1},      {150002, 31, 1, 0, 0, 1},
      {150001, 27, 1, 0, 0, 1},      {150004, 27, 1, 0, 0, 1},      {300001, 25, 1, 0, 0, 1},
      {621378, 27, 1, 0, 0, 1},      {621379, 27, 1, 0, 0, 0},      {1200002, 27, 1, 0, 0, 0},
      {150002, 24, 1, 0, 0, 0},      {150002, 28, 1, 0, 0, 0},      {150002, 23, 1, 0, 0, 0},
      {150002, 17, 1, 0, 0, 0},      {150004, 33, 1, 0, 0, 0},      {150008, 27, 1, 0, 0, 0},
      {100002, 27, 1, 0, 100003, 0}, {100002, 27, 1, 29, 0, 0},     {50002, 27, 2, 0, 0, 0},
      {150001, 33, 1, 0, 0, 1},      {140002, 35, 1, 0, 0, 1},      {100001, 39, 1, 0, 0, 1},
      {63551, 33, 1, 0, 0, 1},  /* 8 MiB and 124 bytes */
      {63549, 33, 1, 0, 0, 0},  /* 8 MiB less 140 bytes */
      {302473, 39, 1, 0, 0, 1}, /* 45 MiB less 132 bytes */
      {302475, 39, 1, 0, 0, 0}, /* 45 MiB and 180 bytes */
      {400001, 37, 1, 0, 0, 0},      {200001, 32, 1, 0, 0, 0},      {120001, 40, 1, 0, 0, 0},
      {250001, 40, 1, 0, 0, 0}, /* 40 columns past 32 MiB: the narrow kernel's skewed 64 */
      {180001, 36, 1, 0, 0, 0}, /* unskewed */
      {150001, 33, 1, 35, 0, 0},     {150001, 33, 1, 0, 150003, 0}, {75001, 33, 2, 0, 0, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    for (int k = 0; k < 4; k++) {
      const shape s = {
          cases[i].rows, cases[i].cols, cases[i].batch, 0, cases[i].src_ld, 0, 0, cases[i].dst_ld, 0, 0};
      clt__config c;
      const char *way =
          h200_rule_probe(k < 2 ? 0 : k - 1, k == 1 ? CLT_VARIANT_NARROW : CLT_VARIANT_AUTO, &s, 4, &c);
      const int want = k == 0 && cases[i].h200;
      const int taken = c.variant == CLT_VARIANT_NARROW && !c.wide && c.tile == 32;
      if (taken != want || (want && (c.wg_x != 128 || !c.pre)))
        fail_msg(
            "%s %zux%zu batch %zu, leading dimensions %zu / %zu: %s tile %u wg_x %u skew %u; expected %s",
            way, cases[i].rows, cases[i].cols, cases[i].batch, cases[i].src_ld, cases[i].dst_ld,
            clt_variant_name(c.variant), c.tile, c.wg_x, c.pre,
            want ? "narrow tiles of 32 rows in groups of 128, skewed" : "not tiles of 32 rows");
    }
}

/* Four tiling rules of the H200's AUTO, each on the layouts src/tuning.c names and no others (bounds, padded
 * views, batches, other element sizes and shapes), and never in explicit narrow, on the H100 or on another
 * NVIDIA GPU. For matrices of tens of MB: wide c128 sources of 25, 27 and 31 rows of at most 128 MiB take the
 * narrow kernel's tiles 8 columns long in groups of 64 (wide16_to_tiles8); wide f32 ones of 28 rows off 16
 * bytes, of at least 40 MiB, into dense destination rows, tiles 64 columns long read an element at a time in
 * groups of 64 (wide4_rows28_tiles64); dense tall f32 ones of 40 to 127 columns of at most 32 MiB into
 * destination rows off 32 bytes that AUTO gives the narrow kernel, rect's 32 x 32 tiles of 2-element vectors
 * in groups of 16 x 8 (tall4_small_to_rect32). And wide 8-byte sources of up to 256 rows whose columns are
 * not a whole number of 32, but batches of small matrices, that AUTO gives the vector kernel, rect's 32 x 32
 * tiles of single elements in groups of 32 x 8 (wide8_to_rect32). */
static void h200_tile_rules(void **state) {
  (void)state;
  enum { C128_TILES8 = 1, F32_ROWS28 = 2, F32_TALL_RECT32 = 3, WIDE8_RECT32 = 4, F32_ODD_NARROW16 = 5 };
  static const struct {
    size_t rows, cols, batch, es, src_ld, dst_ld;
    int rule, h200; /* the rule whose configuration is looked for, and whether the H200's AUTO takes it */
  } cases[] = {
      {25, 75001, 1, 16, 0, 0, C128_TILES8, 1},
      {27, 75001, 1, 16, 0, 0, C128_TILES8, 1},
      {31, 75001, 1, 16, 0, 0, C128_TILES8, 1},
      {31, 4001, 1, 16, 0, 0, C128_TILES8, 1},
      {27, 310689, 1, 16, 0, 0, C128_TILES8, 1}, /* 128 MiB less 80 bytes */
      {27, 310690, 1, 16, 0, 0, C128_TILES8, 0},
      {25, 100001, 1, 16, 0, 28, C128_TILES8, 1},
      {27, 60001, 1, 16, 60002, 0, C128_TILES8, 1},
      {24, 75001, 1, 16, 0, 0, C128_TILES8, 0},
      {26, 75001, 1, 16, 0, 0, C128_TILES8, 0},
      {28, 75001, 1, 16, 0, 0, C128_TILES8, 0},
      {29, 75001, 1, 16, 0, 0, C128_TILES8, 0},
      {30, 75001, 1, 16, 0, 0, C128_TILES8, 0},
      {32, 75001, 1, 16, 0, 0, C128_TILES8, 0},
      {27, 75001, 2, 16, 0, 0, C128_TILES8, 0},
      {27, 75001, 1, 8, 0, 0, C128_TILES8, 0},
      {75001, 27, 1, 16, 0, 0, C128_TILES8, 0},
      {28, 1000001, 1, 4, 0, 0, F32_ROWS28, 1},
      {28, 1200002, 1, 4, 0, 0, F32_ROWS28, 1},
      {28, 374494, 1, 4, 0, 0, F32_ROWS28, 1}, /* 40 MiB and 288 bytes */
      {28, 374490, 1, 4, 0, 0, F32_ROWS28, 0},
      {28, 4000003, 1, 4, 0, 0, F32_ROWS28, 1},
      {28, 1000000, 1, 4, 1000001, 0, F32_ROWS28, 1},
      {28, 300002, 1, 4, 0, 0, F32_ROWS28, 0},
      {28, 1000000, 1, 4, 0, 0, F32_ROWS28, 0},
      {28, 1000001, 1, 4, 0, 32, F32_ROWS28, 0},
      {28, 1000001, 1, 4, 0, 29, F32_ROWS28, 0},
      {28, 500001, 2, 4, 0, 0, F32_ROWS28, 0},
      {27, 1000001, 1, 4, 0, 0, F32_ROWS28, 0},
      {29, 1000001, 1, 4, 0, 0, F32_ROWS28, 0},
      {28, 1000001, 1, 8, 0, 0, F32_ROWS28, 0},
      {1000001, 28, 1, 4, 0, 0, F32_ROWS28, 0},
      {35922, 105, 1, 4, 0, 0, F32_TALL_RECT32, 1},
      {100018, 52, 1, 4, 0, 0, F32_TALL_RECT32, 1},
      {150001, 40, 1, 4, 0, 0, F32_TALL_RECT32, 1},
      {66001, 127, 1, 4, 0, 0, F32_TALL_RECT32, 1},
      {2001, 99, 1, 4, 0, 0, F32_TALL_RECT32, 1},
      {79891, 105, 1, 4, 0, 0, F32_TALL_RECT32, 1}, /* 32 MiB less 212 bytes */
      {79892, 105, 1, 4, 0, 0, F32_TALL_RECT32, 0},
      {300001, 105, 1, 4, 0, 0, F32_TALL_RECT32, 0},
      {200003, 39, 1, 4, 0, 0, F32_TALL_RECT32, 0},
      {250001, 33, 1, 4, 0, 0, F32_TALL_RECT32, 0},
      {50001, 128, 1, 4, 0, 0, F32_TALL_RECT32, 0},
      {35922, 105, 1, 4, 107, 0, F32_TALL_RECT32, 0},
      {35922, 105, 1, 4, 0, 35924, F32_TALL_RECT32, 0},
      {20001, 105, 2, 4, 0, 0, F32_TALL_RECT32, 0},
      {35922, 105, 1, 8, 0, 0, F32_TALL_RECT32, 0},
      {150002, 27, 1, 4, 0, 0, F32_TALL_RECT32, 0},
      {65924, 94, 1, 4, 0, 0, F32_TALL_RECT32, 1}, /* destination rows on 16 bytes but off 32 */
      {36004, 121, 1, 4, 0, 0, F32_TALL_RECT32, 1},
      {120004, 51, 1, 4, 0, 0, F32_TALL_RECT32, 1},
      {10004, 110, 1, 4, 0, 0, F32_TALL_RECT32, 1},
      {83052, 101, 1, 4, 0, 0, F32_TALL_RECT32, 1}, /* 32 MiB less 1424 bytes */
      {83060, 101, 1, 4, 0, 0, F32_TALL_RECT32, 0},
      {150004, 94, 1, 4, 0, 0, F32_TALL_RECT32, 0},
      {65924, 94, 1, 4, 0, 65932, F32_TALL_RECT32, 0},
      {86592, 51, 1, 4, 0, 0, F32_TALL_RECT32, 0}, /* destination rows on 32 bytes */
      {54400, 83, 1, 4, 0, 0, F32_TALL_RECT32, 0},
      {66928, 94, 1, 4, 0, 0, F32_TALL_RECT32, 0},
      {256, 16582, 1, 8, 0, 0, WIDE8_RECT32, 1},
      {64, 1000002, 1, 8, 0, 0, WIDE8_RECT32, 1},
      {130, 60002, 1, 8, 0, 0, WIDE8_RECT32, 1},
      {192, 140496, 1, 8, 0, 0, WIDE8_RECT32, 1},
      {254, 200002, 1, 8, 0, 0, WIDE8_RECT32, 1},
      {128, 20002, 8, 8, 0, 0, WIDE8_RECT32, 1},
      {128, 60002, 1, 8, 0, 130, WIDE8_RECT32, 1},
      {128, 60002, 1, 8, 60004, 0, WIDE8_RECT32, 1},
      {200, 100000, 1, 8, 0, 0, WIDE8_RECT32, 0}, /* columns a whole number of 32: the vector kernel's */
      {64, 40000, 1, 8, 0, 0, WIDE8_RECT32, 0},
      {96, 30002, 1, 8, 0, 0, WIDE8_RECT32, 0},
      {128, 30001, 1, 8, 0, 0, WIDE8_RECT32, 0},
      {30002, 128, 1, 8, 0, 0, WIDE8_RECT32, 0},
      {256, 130, 1, 8, 0, 0, WIDE8_RECT32, 0}, /* fewer columns than rows */
      {128, 30002, 1, 4, 0, 0, WIDE8_RECT32, 0},
      {128, 4002, 64, 8, 0, 0, WIDE8_RECT32, 0},     /* batches of small matrices */
      {115003, 43, 1, 4, 0, 0, F32_ODD_NARROW16, 1}, /* destination rows off 8 bytes */
      {120006, 59, 1, 4, 0, 0, F32_ODD_NARROW16, 1}, /* on 8 bytes but off 16 */
      {88004, 47, 1, 4, 0, 0, F32_ODD_NARROW16, 1},  /* on 16 but off 32, under 48 columns */
      {66001, 63, 1, 4, 0, 0, F32_ODD_NARROW16, 1},
      {51151, 41, 1, 4, 0, 0, F32_ODD_NARROW16, 1}, /* 8 MiB and 156 bytes */
      {51149, 41, 1, 4, 0, 0, F32_ODD_NARROW16, 0},
      {186413, 45, 1, 4, 0, 0, F32_ODD_NARROW16, 1}, /* 32 MiB less 92 bytes */
      {186415, 45, 1, 4, 0, 0, F32_ODD_NARROW16, 0},
      {120004, 51, 1, 4, 0, 0, F32_ODD_NARROW16, 0}, /* rect4_on16_unskewed's: unskewed */
      {70004, 63, 1, 4, 0, 0, F32_ODD_NARROW16, 0},
      {100018, 52, 1, 4, 0, 0, F32_ODD_NARROW16, 0}, /* even columns */
      {120001, 65, 1, 4, 0, 0, F32_ODD_NARROW16, 0},
      {200001, 39, 1, 4, 0, 0, F32_ODD_NARROW16, 0},
      {86593, 51, 1, 4, 0, 0, F32_ODD_NARROW16, 1},
      {86592, 51, 1, 4, 0, 0, F32_ODD_NARROW16, 0}, /* rows on 32 bytes */
      {115003, 43, 1, 4, 45, 0, F32_ODD_NARROW16, 0},
      {115003, 43, 1, 4, 0, 115004, F32_ODD_NARROW16, 0},
      {60001, 43, 2, 4, 0, 0, F32_ODD_NARROW16, 0},
      {115003, 43, 1, 8, 0, 0, F32_ODD_NARROW16, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    for (int k = 0; k < 4; k++) { /* the H200's AUTO and explicit narrow, the H100's and another GPU's AUTO */
      const shape s = {
          cases[i].rows, cases[i].cols, cases[i].batch, 0, cases[i].src_ld, 0, 0, cases[i].dst_ld, 0, 0};
      clt__config c;
      const char *way = h200_rule_probe(k < 2 ? 0 : k - 1, k == 1 ? CLT_VARIANT_NARROW : CLT_VARIANT_AUTO, &s,
                                        cases[i].es, &c);
      const int narrow = c.variant == CLT_VARIANT_NARROW && c.wide;
      int taken;
      switch (cases[i].rule) {
      case C128_TILES8:
        taken = narrow && c.tile == 8 && c.wg_x == 64;
        break;
      case F32_ROWS28:
        taken = narrow && c.tile == 64 && c.vw == 1 && c.wg_x == 64;
        break;
      case F32_TALL_RECT32:
        taken = c.variant == CLT_VARIANT_RECT && c.tile == 32 && c.vw == 2 && c.wg_x == 16 && c.wg_y == 8;
        break;
      case F32_ODD_NARROW16:
        taken = c.variant == CLT_VARIANT_NARROW && !c.wide && c.tile == 16 && c.wg_x == 128;
        break;
      default:
        taken = c.variant == CLT_VARIANT_RECT && c.tile == 32 && c.vw == 1 && c.wg_x == 32 && c.wg_y == 8;
        break;
      }
      if (taken != (k == 0 && cases[i].h200))
        fail_msg("%s elem_size %zu, %zux%zu batch %zu, leading dimensions %zu / %zu: %s tile %u vw %u group "
                 "%u x %u; rule %d %s",
                 way, cases[i].es, cases[i].rows, cases[i].cols, cases[i].batch, cases[i].src_ld,
                 cases[i].dst_ld, clt_variant_name(c.variant), c.tile, c.vw, c.wg_x, c.wg_y, cases[i].rule,
                 taken ? "taken where it should not be" : "expected");
    }
}

/* The faked H200's AUTO gives dense tall f32 sources of at least 11 columns and 8 to 64 MiB into destination
 * rows on 16 bytes but off 32 that it gives the narrow kernel's tiles of 64 or 128 source rows those tiles
 * unskewed (src/tuning.c's narrow4_on16_unskewed): 11 to 51 columns, both size bounds; 10 columns, tiles of
 * 32 rows, larger matrices, destination rows off 16 bytes or padded, padded source rows, a batch, explicit
 * narrow, the H100 and another GPU keep the skew to the 32-byte sectors (-DSKEW=8 in the options; SKEW absent
 * where unskewed). */
static void h200_narrow4_unskewed16(void **state) {
  (void)state;
  static const struct {
    size_t rows, cols, batch, es, src_ld, dst_ld;
    int h200; /* whether the H200's AUTO unskews */
  } cases[] = {
      {400004, 15, 1, 4, 0, 0, 1},      /* tiles of 128 rows */
      {300004, 22, 1, 4, 0, 0, 1},      /* of 64 rows */
      {250004, 51, 1, 4, 0, 0, 1},      /* 51 MB */
      {120004, 19, 1, 4, 0, 0, 1},      /* 9.1 MB */
      {500004, 11, 1, 4, 0, 0, 1},      /* 11 columns */
      {123364, 17, 1, 4, 0, 0, 1},      /* 8 MiB and 144 bytes */
      {123356, 17, 1, 4, 0, 0, 0},      /* 8 MiB less 400 bytes */
      {762596, 22, 1, 4, 0, 0, 1},      /* 64 MiB less 416 bytes */
      {762604, 22, 1, 4, 0, 0, 0},      /* 64 MiB and 288 bytes */
      {220004, 30, 1, 4, 0, 0, 0},      /* tiles of 32 rows */
      {260004, 29, 1, 4, 0, 0, 0},      /* tiles of 32 rows */
      {1500004, 22, 1, 4, 0, 0, 0},     /* 132 MB */
      {300001, 22, 1, 4, 0, 0, 0},      /* destination rows off 8 bytes */
      {300002, 22, 1, 4, 0, 0, 0},      /* on 8 but off 16 */
      {300004, 22, 1, 4, 0, 300012, 0}, /* padded */
      {150004, 22, 2, 4, 0, 0, 0},      /* a batch */
      {567420, 10, 1, 4, 0, 0, 0},      /* 10 columns */
      {300004, 24, 1, 4, 28, 0, 0},     /* padded source rows */
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    for (int k = 0; k < 4; k++) { /* the H200's AUTO and explicit narrow, the H100's and another GPU's AUTO */
      const shape s = {
          cases[i].rows, cases[i].cols, cases[i].batch, 0, cases[i].src_ld, 0, 0, cases[i].dst_ld, 0, 0};
      clt__config c;
      const char *way = h200_rule_probe(k < 2 ? 0 : k - 1, k == 1 ? CLT_VARIANT_NARROW : CLT_VARIANT_AUTO, &s,
                                        cases[i].es, &c);
      char opt[1024];
      assert_int_equal(clt__config_options(&c, cases[i].es, opt, sizeof opt), 0);
      const int narrow = c.variant == CLT_VARIANT_NARROW && !c.wide;
      const int unskewed = narrow && c.tile >= 64 && !c.pre && !strstr(opt, "-DSKEW=");
      const int skewed = narrow && c.pre == 8 && strstr(opt, "-DSKEW=8");
      const int want = k == 0 && cases[i].h200;
      if (want ? !unskewed : !skewed && !(k >= 2 && !narrow))
        fail_msg("%s elem_size %zu, %zux%zu batch %zu, src_ld %zu, dst_ld %zu: %s tile %u pre %u (%s); %s",
                 way, cases[i].es, cases[i].rows, cases[i].cols, cases[i].batch, cases[i].src_ld,
                 cases[i].dst_ld, clt_variant_name(c.variant), c.tile, c.pre, opt,
                 want ? "unskewed expected" : "skew expected");
    }
}

/* The tiles of small grids in AUTO on the faked H200 with an H200's 132 compute units, for matrices of 1 to
 * 10 MiB, one a call (src/tuning.c's small_grid_fill): the narrow kernel's of 2-, 4- and 8-byte elements
 * halved while the grid holds fewer than 16 groups per compute unit, down to 16 elements (32 for f32, and
 * four times a skew), tall and wide alike (clt__traits narrow_fill_groups); rect's of f16 and f32 while it
 * holds fewer than 2, rows and columns together, down to 16 rows (rect_fill_groups). The tile before the
 * rule is what the same H200 faked with one compute unit gives, whose grid every case fills. Left alone:
 * grids that hold enough groups, matrices under 1 MiB or over 10, u8 and c128 in the narrow kernel, f64 and
 * c128 in rect, batches, explicit narrow and rect, the H100 and another NVIDIA GPU, and the vector kernel. */
static void h200_small_grid_fill(void **state) {
  (void)state;
  static const struct {
    size_t rows, cols, batch, es;
    clt_variant v;
    /* the tile (narrow: the long side's extent; rect: its rows) without the rule and with it */
    unsigned before, h200;
  } cases[] = {
      {60, 17932, 1, 2, CLT_VARIANT_NARROW, 128, 16},   /* to f16's floor, three halvings */
      {167104, 5, 1, 2, CLT_VARIANT_NARROW, 512, 64},   /* three halvings to 2611 groups */
      {20, 219200, 1, 2, CLT_VARIANT_NARROW, 128, 64},  /* one, to 3425 */
      {24040, 51, 1, 2, CLT_VARIANT_NARROW, 128, 16},   /* skewed by 16, 51 columns: to the floor */
      {46482, 13, 1, 2, CLT_VARIANT_NARROW, 128, 16},   /* 13 columns: the same */
      {46482, 12, 1, 2, CLT_VARIANT_NARROW, 128, 64},   /* 12: to four times the skew */
      {55272, 6, 1, 4, CLT_VARIANT_NARROW, 256, 32},    /* to f32's floor of 32 */
      {65001, 21, 1, 4, CLT_VARIANT_NARROW, 64, 32},    /* skewed by 8 */
      {42, 34161, 1, 4, CLT_VARIANT_NARROW, 64, 32},    /* wide */
      {4, 257876, 1, 4, CLT_VARIANT_NARROW, 256, 64},   /* 1008 -> 4030 groups */
      {5, 500000, 1, 4, CLT_VARIANT_NARROW, 256, 128},  /* 1954 groups, under 16 x 132 */
      {4, 600000, 1, 4, CLT_VARIANT_NARROW, 256, 256},  /* 2344 groups: enough */
      {4, 540500, 1, 4, CLT_VARIANT_NARROW, 256, 256},  /* 2112 groups, 16 x 132: enough */
      {4, 540200, 1, 4, CLT_VARIANT_NARROW, 256, 128},  /* 2111 */
      {6879, 42, 1, 8, CLT_VARIANT_NARROW, 32, 16},     /* f64 */
      {4, 94016, 1, 8, CLT_VARIANT_NARROW, 128, 32},    /* f64 wide */
      {89, 1600, 1, 8, CLT_VARIANT_NARROW, 32, 16},     /* at the floor of 16 */
      {58241, 3, 1, 8, CLT_VARIANT_NARROW, 128, 16},    /* three halvings */
      {11915, 22, 1, 4, CLT_VARIANT_NARROW, 64, 64},    /* 1 MiB less 56 bytes */
      {11916, 22, 1, 4, CLT_VARIANT_NARROW, 64, 32},    /* 1 MiB and 32 bytes */
      {119156, 22, 1, 4, CLT_VARIANT_NARROW, 64, 32},   /* 10 MiB less 32 bytes */
      {119157, 22, 1, 4, CLT_VARIANT_NARROW, 64, 64},   /* 10 MiB and 56 bytes */
      {193088, 6, 1, 1, CLT_VARIANT_NARROW, 1024, 64},  /* u8: to its floor of 64, 3017 groups */
      {92155, 16, 1, 1, CLT_VARIANT_NARROW, 512, 64},   /* there with 1440 */
      {4, 362385, 1, 1, CLT_VARIANT_NARROW, 2048, 128}, /* u8 wide: 177 -> 2832 groups */
      {152541, 7, 1, 1, CLT_VARIANT_NARROW, 512, 128},  /* u8 skewed by 32: four times the skew */
      {41408, 3, 1, 16, CLT_VARIANT_NARROW, 64, 64},    /* c128 */
      {65001, 21, 2, 4, CLT_VARIANT_NARROW, 64, 64},    /* a batch */
      {1465, 320, 1, 4, CLT_VARIANT_RECT, 64, 32},      /* rect: 115 -> 460 groups */
      {1279, 767, 1, 4, CLT_VARIANT_RECT, 64, 32},      /* 252 */
      {1345, 703, 1, 4, CLT_VARIANT_RECT, 64, 32},      /* 242 */
      {1345, 767, 1, 4, CLT_VARIANT_RECT, 64, 64},      /* 264, 2 x 132: enough */
      {120, 6245, 1, 4, CLT_VARIANT_RECT, 64, 32},      /* wide, single elements: the group halves */
      {2152, 386, 1, 2, CLT_VARIANT_RECT, 128, 32},     /* f16: 68 -> 884 groups, two halvings */
      {3679, 192, 1, 2, CLT_VARIANT_RECT, 128, 64},     /* f16 in 128 x 64 tiles */
      {1704, 1030, 1, 2, CLT_VARIANT_RECT, 128, 64},    /* f16 in 128 x 128 tiles */
      {966, 520, 1, 2, CLT_VARIANT_RECT, 128, 128},     /* under 1 MiB */
      {512, 377, 1, 8, CLT_VARIANT_RECT, 64, 64},       /* f64 */
      {189, 704, 1, 16, CLT_VARIANT_RECT, 32, 32},      /* c128 */
      {1465, 320, 2, 4, CLT_VARIANT_RECT, 64, 64},      /* a batch */
  };
  clt__device_info h200 = faked_h200(), one = faked_h200(), h100 = faked_h100(), h100_1 = h100;
  clt__device_info other = make_device("NVIDIA-like GPU", CL_DEVICE_TYPE_GPU, 0x10de, 32, 1024, 1024,
                                       48 * 1024, 0),
                   other1 = other;
  h200.compute_units = h100.compute_units = other.compute_units = 132;
  one.compute_units = h100_1.compute_units = other1.compute_units = 1;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const shape sh = {cases[i].rows, cases[i].cols, cases[i].batch, 0, 0, 0, 0, 0, 0, 1};
    const clt__layout l = make_layout(&sh, cases[i].es, CLT_VARIANT_AUTO),
                      lv = make_layout(&sh, cases[i].es, cases[i].v);
    clt__config c[7];
    assert_int_equal(clt__auto_config(&h200, &l, &c[0]), CLT_SUCCESS);
    assert_int_equal(clt__auto_config(&one, &l, &c[1]), CLT_SUCCESS);
    assert_int_equal(clt__choose_config(&h200, &lv, cases[i].v, &c[2]), CLT_SUCCESS);
    assert_int_equal(clt__auto_config(&h100, &l, &c[3]), CLT_SUCCESS);
    assert_int_equal(clt__auto_config(&h100_1, &l, &c[4]), CLT_SUCCESS);
    assert_int_equal(clt__auto_config(&other, &l, &c[5]), CLT_SUCCESS);
    assert_int_equal(clt__auto_config(&other1, &l, &c[6]), CLT_SUCCESS);
    static const char *const names[3] = {"H200 AUTO", "AUTO on an H200 of one compute unit", "H200 explicit"};
    for (int k = 0; k < 3; k++) {
      /* explicit rect is the heuristic's, whose tiles AUTO's earlier rules may change: only never halved */
      const int loose = k == 2 && cases[i].v == CLT_VARIANT_RECT && cases[i].h200 != cases[i].before;
      const unsigned want = k == 0 ? cases[i].h200 : cases[i].before;
      if (c[k].variant != cases[i].v || (loose ? c[k].tile == cases[i].h200 : c[k].tile != want))
        fail_msg("%s, elem_size %zu, %zux%zu batch %zu: %s tile %u; expected %s tile %u", names[k],
                 cases[i].es, cases[i].rows, cases[i].cols, cases[i].batch, clt_variant_name(c[k].variant),
                 c[k].tile, clt_variant_name(cases[i].v), want);
    }
    for (int k = 3; k < 7; k += 2) /* no rule on the H100 or another GPU: 132 compute units or 1 alike */
      if (c[k].variant != c[k + 1].variant || c[k].tile != c[k + 1].tile)
        fail_msg("%s, elem_size %zu, %zux%zu: %s tile %u with 132 compute units, %s tile %u with 1",
                 k == 3 ? "H100" : "another GPU", cases[i].es, cases[i].rows, cases[i].cols,
                 clt_variant_name(c[k].variant), c[k].tile, clt_variant_name(c[k + 1].variant),
                 c[k + 1].tile);
  }
  /* The vector kernel in the same sizes keeps its tiles. */
  static const size_t others[][3] = {{1024, 1024, 4}, {1400, 760, 4}, {2048, 1024, 2}};
  for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
    const shape sh = {others[i][0], others[i][1], 1, 0, 0, 0, 0, 0, 0, 1};
    const clt__layout l = make_layout(&sh, others[i][2], CLT_VARIANT_AUTO);
    clt__config a, b;
    assert_int_equal(clt__auto_config(&h200, &l, &a), CLT_SUCCESS);
    assert_int_equal(clt__auto_config(&one, &l, &b), CLT_SUCCESS);
    if (a.variant != CLT_VARIANT_VECTOR || a.variant != b.variant || a.tile != b.tile)
      fail_msg("H200 AUTO, elem_size %zu, %zux%zu: %s tile %u with 132 compute units, %s tile %u with 1",
               others[i][2], others[i][0], others[i][1], clt_variant_name(a.variant), a.tile,
               clt_variant_name(b.variant), b.tile);
  }
}

/* The H200's u8 odd entry loads the edge tiles of its skewed tiles over shifted rows whose reads stay
 * inside the view as whole ones, rows clamped (cl/rect.cl's EDGE_CLAMP), beside either edge-shift form or
 * none, and names it in the options exactly there; unskewed layouts (whose tiles overlap instead), aligned
 * ones, other element sizes, the H100 and CPUs go without. */
static void rect_edge_clamp_where_measured(void **state) {
  (void)state;
  const clt__device_info h200 = faked_h200(), h100 = faked_h100(), cpu = faked_pocl_cpu();
  static const struct {
    size_t rows, cols, es;
    int h200;
  } cases[] = {
      {16383, 16385, 1, 1}, {8191, 8193, 1, 1},   {1000, 99999, 1, 1}, {2001, 50001, 1, 1},
      {100001, 301, 1, 1},  {250001, 130, 1, 1},  {6001, 5999, 1, 1},  {4001, 8193, 1, 1},
      {16384, 16383, 1, 0}, {60000, 510, 1, 0},   {64, 2097151, 1, 0}, {16384, 16384, 1, 0},
      {16383, 16384, 1, 0}, {16383, 16385, 2, 0}, {1000, 99999, 2, 0}, {8191, 8193, 4, 0},
      {8191, 8193, 8, 0},   {8191, 8193, 16, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    for (int gpu = 0; gpu < 2; gpu++) {
      const clt__config c = auto_dense(gpu ? &h100 : &h200, cases[i].es, cases[i].rows, cases[i].cols, 0);
      char opts[1024];
      assert_int_equal(clt__config_options(&c, cases[i].es, opts, sizeof opts), 0);
      const int want = gpu ? 0 : cases[i].h200, named = strstr(opts, "-DEDGE_CLAMP=1") != NULL;
      if (c.edge_clamp != want || named != want || (want && (!c.shift_ok || !c.pre)))
        fail_msg("%s elem_size %zu, %zux%zu: %s shifted %d skew %u edge clamp %d (%s); expected %d",
                 gpu ? "H100" : "H200", cases[i].es, cases[i].rows, cases[i].cols,
                 clt_variant_name(c.variant), c.shift_ok, c.pre, c.edge_clamp, opts, want);
    }
  const shape sh = {16383, 16385, 1, 0, 0, 0, 0, 0, 0, 1};
  const clt__layout l = make_layout(&sh, 1, CLT_VARIANT_RECT);
  const clt_tuning t = rect_odd_knobs();
  clt__config c;
  assert_int_equal(clt__config_from_tuning(&h200, &l, &t, &c), CLT_SUCCESS);
  assert_true(c.shift_ok && c.pre && c.edge_clamp); /* explicit knobs of the same kernel take it too */
  assert_int_equal(clt__config_from_tuning(&cpu, &l, &t, &c), CLT_SUCCESS);
  assert_true(c.shift_ok && c.pre);
  assert_int_equal(c.edge_clamp, 0); /* measured on the H200 only */
}

/* AUTO's configuration of l on dev into c, and the tile rows of its grid. */
static size_t auto_tile_rows(const clt__device_info *dev, const clt__layout *l, clt__config *c) {
  size_t global[3], local[3];
  assert_int_equal(clt__auto_config(dev, l, c), CLT_SUCCESS);
  clt__config_ndrange(c, l, dev, global, local);
  const int d = c->across ? 1 : 0;
  return global[d] / local[d] >> (d ? 0 : c->spread_log);
}

/* rect's largest skew (src/tuning.c's rect_sk_max, cl/rect.cl's SKMAX): named in the options and counted
 * in the grid's tile rows exactly where the destination rows' skews leave the last tile row empty, for
 * 1- and 2-byte elements on any GPU. dst_offset and a padded dst_stride raise the largest skew (up to 27
 * and 28 for u8 1000x99999, which need its ninth tile row); 4- and 8-byte elements go without. */
static void rect_sk_max_where_it_saves_a_tile_row(void **state) {
  static const struct {
    shape sh;
    size_t es;
    unsigned sk_max;
  } cases[] = {
      {{1000, 99999, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 24},
      {{6000, 99999, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 16},
      {{1000, 99999, 2, 0, 0, 0, 0, 0, 0, 1}, 1, 24},
      {{997, 99999, 1, 0, 0, 0, 3, 1000, 0, 0}, 1, 27},
      {{1012, 99999, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 12},
      {{1000, 99999, 1, 0, 0, 0, 3, 0, 0, 0}, 1, 0},
      {{1000, 99999, 2, 0, 0, 0, 0, 0, 99999 * 1000 + 4, 0}, 1, 0},
      {{16383, 16385, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 0},
      {{1020, 99999, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0},
      {{2040, 50001, 1, 0, 0, 0, 0, 0, 0, 1}, 8, 0},
  };
  const clt__device_info dev[2] = {faked_h200(), faked_h100()};
  (void)state;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    for (int k = 0; k < 2; k++) {
      const clt__layout l = make_layout(&cases[i].sh, cases[i].es, CLT_VARIANT_AUTO);
      clt__config c;
      char opts[1024], want[32];
      const size_t tile_rows = auto_tile_rows(&dev[k], &l, &c);
      assert_int_equal(clt__config_options(&c, cases[i].es, opts, sizeof opts), 0);
      const size_t reach = cases[i].sk_max ? cases[i].sk_max : c.pre - 1;
      snprintf(want, sizeof want, "-DSKMAX=%u", cases[i].sk_max);
      if (c.variant != CLT_VARIANT_RECT || c.pre < 2 || c.sk_max != cases[i].sk_max ||
          (strstr(opts, "-DSKMAX") != NULL) != (cases[i].sk_max != 0) ||
          (cases[i].sk_max && !strstr(opts, want)) || tile_rows != (l.rows + reach + c.tile - 1) / c.tile)
        fail_msg("%s elem_size %zu, %zux%zu batch %zu: %s skew %u sk_max %u, %zu tile rows (%s); expected "
                 "sk_max %u",
                 k ? "H100" : "H200", cases[i].es, l.rows, l.cols, l.batch, clt_variant_name(c.variant),
                 c.pre, c.sk_max, tile_rows, opts, cases[i].sk_max);
    }
}

/* rect's skew of 1- and 2-byte elements halved to 16 bytes (src/tuning.c's rect_half_skew) where the
 * destination rows' starts take every skew and that saves a tile row, of at most 12: the H200's f16 and
 * u8 odd entries (a batch, u8's 64-row tiles), the H100 not; 13 tile rows, a layout that saves nothing,
 * one where sk_max saves the row, the H200's f16 wide entry (2-element vectors) and a tuning entry's 4-byte
 * elements keep the sector. */
static void h200_half_skew_where_it_saves_a_tile_row(void **state) {
  static const struct {
    shape sh;
    size_t es;
    int half; /* on the H200 */
  } cases[] = {
      {{503, 200001, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 1},   {{375, 300001, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 1},
      {{502, 200001, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 1},   {{1527, 70001, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 1},
      {{503, 100001, 2, 0, 0, 0, 0, 0, 0, 1}, 2, 1},   {{999, 200001, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},
      {{1511, 150001, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},  {{556, 1048576, 1, 0, 0, 0, 4, 0, 0, 0}, 1, 1},
      {{1655, 60001, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 0},   {{1639, 60001, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 0},
      {{2049, 50001, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 0},   {{1000, 99999, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 0},
      {{247, 400001, 1, 0, 0, 0, 0, 249, 0, 0}, 2, 0},
  };
  const clt__device_info dev[2] = {faked_h200(), faked_h100()};
  (void)state;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    for (int k = 0; k < 2; k++) {
      const clt__layout l = make_layout(&cases[i].sh, cases[i].es, CLT_VARIANT_AUTO);
      clt__config c;
      const size_t tile_rows = auto_tile_rows(&dev[k], &l, &c);
      const size_t reach = c.sk_max ? c.sk_max : c.pre - 1;
      const size_t want = !k && cases[i].half ? 16 : 32;
      if (c.variant != CLT_VARIANT_RECT || c.pre * cases[i].es != want ||
          tile_rows != (l.rows + reach + c.tile - 1) / c.tile)
        fail_msg(
            "%s elem_size %zu, %zux%zu batch %zu: %s skew %u, %zu tile rows; expected a skew of %zu bytes",
            k ? "H100" : "H200", cases[i].es, l.rows, l.cols, l.batch, clt_variant_name(c.variant), c.pre,
            tile_rows, want);
    }
  const shape f32 = {509, 200001, 1, 0, 0, 0, 0, 0, 0, 1};
  const clt__layout l = make_layout(&f32, 4, CLT_VARIANT_RECT);
  const clt_tuning t = {.variant = CLT_VARIANT_RECT, .tile = 128, .vector_width = 4, .wg_y = 8, .wg_x = 32};
  clt__config c;
  assert_int_equal(clt__config_from_tuning(&dev[0], &l, &t, &c), CLT_SUCCESS);
  assert_int_equal(c.pre, 8);
}

/* The H200's u8 and f16 odd entries where the dense destination rows start on 4-byte words but off the
 * 32-byte sectors (src/tuning.c's odd_unskewed), unskewed. u8: rows on 16 bytes, of fewer than 2560, in
 * its own 128 x 128 tiles; other rows, of fewer than 824, in 64 x 64 tiles in groups of 16 x 4,
 * overlapping, where those overlap (dense, a batch of 3, padded source rows), else 128 x 128; but dense
 * rows off 16 bytes of up to 511 (u8; 600 from source rows on 16 bytes) take the narrow kernel over the whole
 * short side (h200_shallow_sources_take_whole_narrow). f16: fewer than 824 rows in its own tiles. 824 rows
 * and more (u8 2560 on 16 bytes), padded destination rows or batch strides, rows off the words, f32, the H100
 * and a tuning file's entry keep the skew. */
static void h200_odd_unskewed(void **state) {
  static const struct {
    shape sh;
    size_t es;
    unsigned tile; /* 0: the entry's skewed tiles; 1: the narrow kernel (shallow_to_whole_narrow) */
  } cases[] = {
      {{616, 400001, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 64},
      {{808, 130001, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 64},
      {{816, 130001, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 128}, /* rows on 16 bytes */
      {{400, 250001, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 128},
      {{2544, 39001, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 128},
      {{1488, 23001, 3, 0, 0, 0, 0, 0, 0, 1}, 1, 128},
      {{2576, 39001, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 0},
      {{1488, 70001, 1, 0, 0, 0, 0, 1520, 0, 0}, 1, 0},
      {{360, 100001, 3, 0, 0, 0, 0, 0, 0, 1}, 1, 64},
      {{600, 200000, 1, 0, 200001, 0, 0, 0, 0, 0}, 1, 64}, /* source rows padded */
      {{264, 480001, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1}, /* 64-row tiles would not overlap: 128, but narrow */
      {{392, 300001, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},
      {{824, 130001, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 0},
      {{1000, 99999, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 0},
      {{600, 200001, 1, 0, 0, 0, 0, 604, 0, 0}, 1, 0}, /* destination rows padded */
      {{360, 100001, 2, 0, 0, 0, 0, 0, 360 * 100001 + 4, 0}, 1, 0},
      {{601, 400001, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 0},   /* destination rows off 4-byte words */
      {{500, 400001, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 128}, /* f16: the entry's own tiles */
      {{264, 400001, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 128},
      {{776, 150001, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 128},
      {{300, 400001, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 1}, /* rows on 8 bytes: narrow */
      {{264, 100001, 3, 0, 0, 0, 0, 0, 0, 1}, 2, 128},
      {{600, 200001, 1, 0, 200003, 0, 0, 0, 0, 0}, 2, 128}, /* source rows padded */
      {{824, 130001, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 0},
      {{840, 120001, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 0},
      {{463, 200001, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 0},
      {{600, 200001, 1, 0, 0, 0, 0, 604, 0, 0}, 2, 0},
      {{500, 400001, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0},
  };
  const clt__device_info h200 = faked_h200(), h100 = faked_h100();
  (void)state;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const clt__layout l = make_layout(&cases[i].sh, cases[i].es, CLT_VARIANT_AUTO);
    clt__config c;
    assert_int_equal(clt__auto_config(&h200, &l, &c), CLT_SUCCESS);
    clt__config_set_order(&h200, &c, &l);
    if (cases[i].tile == 1) {
      if (c.variant != CLT_VARIANT_NARROW || c.short_ext != l.rows)
        fail_msg("elem_size %zu, %zux%zu: %s, expected the narrow kernel", cases[i].es, l.rows, l.cols,
                 clt_variant_name(c.variant));
      continue;
    }
    const unsigned tile = cases[i].tile ? cases[i].tile : cases[i].es == 4 ? 64 : 128; /* f32: its entry's */
    const int skewed = cases[i].tile == 0, overlap = cases[i].tile == 64;
    if (c.variant != CLT_VARIANT_RECT || c.tile != tile || c.wg_x * c.vw != tile || (c.pre != 0) != skewed ||
        (overlap && (c.wg_y != 4 || !c.overlap)))
      fail_msg("elem_size %zu, %zux%zu batch %zu: %s %u x %u in %u x %u, skew %u, overlap %d; expected "
               "%u x %u %s",
               cases[i].es, l.rows, l.cols, l.batch, clt_variant_name(c.variant), c.tile, c.wg_x * c.vw,
               c.wg_x, c.wg_y, c.pre, c.overlap, tile, tile, skewed ? "skewed" : "unskewed");
  }
  const shape sh = {360, 400001, 1, 0, 0, 0, 0, 0, 0, 1};
  clt__config c;
  for (size_t es = 1; es <= 2; es++) {
    const clt__layout l = make_layout(&sh, es, CLT_VARIANT_AUTO);
    assert_int_equal(clt__auto_config(&h100, &l, &c), CLT_SUCCESS);
    assert_int_not_equal(c.pre, 0);
    tuning_file f;
    write_tuning_file(&f, &h200, es == 1 ? "1 odd rect 128 4 8 1 32 0 0\n" : "2 odd rect 128 4 8 1 32 0 0\n");
    assert_int_equal(clt__auto_config(&h200, &l, &c), CLT_SUCCESS); /* a file comes first */
    assert_int_equal(c.tile, 128);
    assert_int_not_equal(c.pre, 0);
    drop_tuning_file(&f);
  }
}

/* The H200's f16 odd entry on sources of fewer than 448 rows into dense destination rows off 8 bytes
 * (src/tuning.c's shallow_odd2_to_defaults): rect's defaults, 128 x 64 tiles of 2-element vectors, skewed,
 * source rows off the entry's vectors or on 4-byte words but off 8 bytes, 2 mod 4 rows, a batch (those of
 * up to 319 rows off 4-byte words, and those of up to 383 rows on them but off 16 bytes, from source rows
 * on 16 bytes or of up to 303 rows, take the narrow kernel, h200_shallow_sources_take_whole_narrow). 449
 * rows, a skew that rect_half_skew halves, padded destination rows, rows on 8 bytes (odd_unskewed), a wide
 * source (the wide entry's tiles) and a tuning file's entry keep their tiles. */
static void h200_shallow_odd_f16_to_defaults(void **state) {
  static const struct {
    shape sh;
    int defaults;
  } cases[] = {
      {{331, 400001, 1, 0, 0, 0, 0, 0, 0, 1}, 1}, {{341, 400002, 1, 0, 0, 0, 0, 0, 0, 1}, 1},
      {{306, 400001, 1, 0, 0, 0, 0, 0, 0, 1}, 1}, {{301, 100001, 3, 0, 0, 0, 0, 0, 0, 1}, 1},
      {{447, 200001, 1, 0, 0, 0, 0, 0, 0, 1}, 1}, {{449, 200001, 1, 0, 0, 0, 0, 0, 0, 1}, 0},
      {{375, 300001, 1, 0, 0, 0, 0, 0, 0, 1}, 0}, {{301, 400001, 1, 0, 0, 0, 0, 303, 0, 0}, 0},
      {{264, 400001, 1, 0, 0, 0, 0, 0, 0, 1}, 0}, {{198, 500001, 1, 0, 0, 0, 0, 0, 0, 1}, 0},
  };
  const clt__device_info h200 = faked_h200();
  clt__config c;
  (void)state;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const clt__layout l = make_layout(&cases[i].sh, 2, CLT_VARIANT_AUTO);
    assert_int_equal(clt__auto_config(&h200, &l, &c), CLT_SUCCESS);
    const int defaults = c.variant == CLT_VARIANT_RECT && c.tile == 128 && c.vw == 2 && c.wg_x * c.vw == 64;
    if (defaults != cases[i].defaults || (defaults && c.pre != 16))
      fail_msg("%zux%zu batch %zu: %s %u x %u of %u-element vectors, skew %u; expected %s", l.rows, l.cols,
               l.batch, clt_variant_name(c.variant), c.tile, c.wg_x * c.vw, c.vw, c.pre,
               cases[i].defaults ? "rect's defaults" : "the entry's tiles");
  }
  const shape sh = {263, 400001, 1, 0, 0, 0, 0, 0, 0, 1};
  const clt__layout l = make_layout(&sh, 2, CLT_VARIANT_AUTO);
  tuning_file f;
  write_tuning_file(&f, &h200, "2 odd rect 128 4 8 1 32 0 0\n");
  assert_int_equal(clt__auto_config(&h200, &l, &c), CLT_SUCCESS); /* a file comes first */
  assert_int_equal(c.vw, 4);
  assert_int_equal(c.wg_x * c.vw, 128);
  drop_tuning_file(&f);
}

/* Wide sources of 129 rows on into dense destination rows off 16-byte vectors, u8 of up to 511 and f16 of up
 * to 319 rows, or, from source rows on 16 bytes, u8 of up to 600 and f16 of up to 383 (src/tuning.c's
 * narrow_whole, shallow_to_whole_narrow): on the H200 the narrow kernel's tile over the whole short side,
 * moved FLAT, 64 elements long in groups of 256, or 128 where h200_whole_narrow_tiles_128 says so
 * (odd-shaped and wide, 2 mod 4 u8 rows, a batch whose matrices start on 16 bytes, source rows off the
 * vectors). 512 and 320 rows over shifted source rows, 601, 604, 385 and 386 from source rows on 16 bytes,
 * shifted source rows from 304 f16 rows on the words (the explicit narrow variant keeps the whole short side
 * to 319 f16 rows there), rows on 16-byte vectors, padded rows, a destination or a batch's matrices off 16
 * bytes, a batch of small matrices, f32, more rows than columns, the H100 and a tuning file's entry keep
 * their kernels. The whole short side's partial tiles move whole vectors where the source rows are on them
 * (EDGE_VEC), not over shifted ones; the explicit narrow variant takes those tiles on any GPU, and its
 * 128-row ones past those rows. */
static void h200_shallow_sources_take_whole_narrow(void **state) {
  static const struct {
    shape sh;
    size_t es;
    int whole;
  } cases[] = {
      {{231, 800001, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},   {{129, 1600001, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},
      {{263, 800001, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},   {{266, 800001, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},
      {{511, 400001, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},   {{263, 200000, 2, 0, 0, 0, 0, 0, 0, 1}, 1, 1},
      {{137, 1000001, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 1},  {{319, 400001, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 1},
      {{513, 400001, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 0},   {{321, 400001, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 0},
      {{264, 800001, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},   {{266, 400001, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 1},
      {{300, 1000000, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},  {{300, 1000001, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},
      {{492, 400000, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},   {{500, 400000, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},
      {{508, 400000, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},   {{256, 1000000, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 0},
      {{400, 524288, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 0},   {{150, 1000000, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 1},
      {{286, 450000, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 1},   {{288, 450000, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 0},
      {{290, 450000, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 1},   {{264, 400001, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 0},
      {{302, 400000, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 1},   {{306, 450000, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 1},
      {{318, 450000, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 1},   {{382, 400000, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 1},
      {{386, 400000, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 0},   {{331, 300001, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 0},
      {{556, 300000, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},   {{600, 200000, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},
      {{604, 200000, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 0},   {{514, 200000, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},
      {{552, 300001, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 0},   {{500, 300001, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},
      {{342, 300001, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 0},   {{310, 400001, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 0},
      {{302, 400001, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 1},   {{321, 400000, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 1},
      {{383, 250000, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 1},   {{385, 250000, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 0},
      {{513, 300000, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},   {{599, 250000, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},
      {{601, 250000, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 0},   {{576, 300000, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 0},
      {{360, 400001, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},   {{360, 60000, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},
      {{132, 1048576, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},  {{250, 1000000, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 1},
      {{263, 800001, 1, 0, 0, 0, 0, 265, 0, 0}, 1, 0}, {{263, 200001, 3, 0, 0, 0, 0, 0, 0, 1}, 1, 0},
      {{263, 800001, 1, 0, 0, 0, 3, 0, 0, 0}, 1, 0},   {{263, 304, 3, 0, 0, 0, 0, 0, 0, 1}, 1, 0},
      {{263, 200001, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0},   {{301, 263, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 0},
  };
  const clt__device_info dev[2] = {faked_h200(), faked_h100()};
  clt__config c;
  (void)state;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    for (int k = 0; k < 2; k++) {
      const clt__layout l = make_layout(&cases[i].sh, cases[i].es, CLT_VARIANT_AUTO);
      assert_int_equal(clt__auto_config(&dev[k], &l, &c), CLT_SUCCESS);
      /* 128 long where the H200's narrow_whole_tile128 takes the layout (h200_whole_narrow_tiles_128) */
      const unsigned long_side =
          !k && l.batch == 1 &&
                  (cases[i].es == 1 ? l.rows <= 241 && l.rows % 4 != 2 : l.rows <= 150 && l.rows % 4 != 0)
              ? 128
              : 64;
      const int whole = c.variant == CLT_VARIANT_NARROW && c.short_ext == l.rows && c.flat &&
                        c.tile == long_side && c.wg_x == 256;
      char opts[1024];
      assert_int_equal(clt__config_options(&c, cases[i].es, opts, sizeof opts), 0);
      /* partial tiles move whole vectors (cl/narrow.cl's EDGE_VEC) over source rows on them only */
      if (whole && (strstr(opts, "-DEDGE_VEC=1") != NULL) != !c.shift_ok)
        fail_msg("elem_size %zu, %zux%zu: options \"%s\"", cases[i].es, l.rows, l.cols, opts);
      if (whole != (cases[i].whole && !k) || (c.variant == CLT_VARIANT_NARROW && !whole))
        fail_msg(
            "%s elem_size %zu, %zux%zu batch %zu: %s short side %u, flat %d, tile %u, group %u; expected %s",
            k ? "H100" : "H200", cases[i].es, l.rows, l.cols, l.batch, clt_variant_name(c.variant),
            c.short_ext, c.flat, c.tile, c.wg_x, cases[i].whole && !k ? "the whole short side" : "no narrow");
      const clt__layout n = make_layout(&cases[i].sh, cases[i].es, CLT_VARIANT_NARROW);
      assert_int_equal(clt__choose_config(&dev[k], &n, CLT_VARIANT_NARROW, &c), CLT_SUCCESS);
      const size_t fv = 16 / cases[i].es;
      /* source rows on 16 bytes (destination rows off them): more rows */
      const int more = l.rows % fv != 0 && l.src_ld % fv == 0 && l.src_offset % fv == 0 &&
                       (l.batch == 1 || l.src_stride % fv == 0);
      const int in_range = cases[i].es <= 2 && l.rows < l.cols &&
                           l.rows <= (cases[i].es == 1 ? (more ? 600u : 511u) : (more ? 383u : 319u));
      const int flat_dst =
          l.dst_ld == l.rows && l.dst_offset % fv == 0 && (l.batch == 1 || l.dst_stride % fv == 0);
      assert_int_equal(c.short_ext, in_range && flat_dst ? l.rows : 128);
    }
  /* the narrow kernel's tiles of up to 128 rows keep their edge path */
  for (size_t es = 1; es <= 4; es *= 2) {
    const shape up_to_128 = {100, 1048576, 1, 0, 0, 0, 0, 0, 0, 1};
    const clt__layout l = make_layout(&up_to_128, es, CLT_VARIANT_NARROW);
    char opts[1024];
    assert_int_equal(clt__choose_config(&dev[0], &l, CLT_VARIANT_NARROW, &c), CLT_SUCCESS);
    assert_int_equal(clt__config_options(&c, es, opts, sizeof opts), 0);
    assert_null(strstr(opts, "-DEDGE_VEC"));
  }
  const shape sh = {263, 800001, 1, 0, 0, 0, 0, 0, 0, 1};
  const clt__layout l = make_layout(&sh, 1, CLT_VARIANT_AUTO);
  tuning_file f;
  write_tuning_file(&f, &dev[0], "1 odd rect 128 4 8 1 32 0 0\n");
  assert_int_equal(clt__auto_config(&dev[0], &l, &c), CLT_SUCCESS); /* a file comes first */
  assert_int_equal(c.variant, CLT_VARIANT_RECT);
  drop_tuning_file(&f);
}

/* The configuration of sh on dev in the explicit narrow variant or in AUTO, and its build options. */
static clt__layout narrow_or_auto_config(const clt__device_info *dev, const shape *sh, size_t es,
                                         int explicit_narrow, clt__config *c, char *opts, size_t opts_size) {
  const clt_variant v = explicit_narrow ? CLT_VARIANT_NARROW : CLT_VARIANT_AUTO;
  const clt__layout l = make_layout(sh, es, v);
  assert_int_equal(explicit_narrow ? clt__choose_config(dev, &l, v, c) : clt__auto_config(dev, &l, c),
                   CLT_SUCCESS);
  assert_int_equal(clt__config_options(c, es, opts, opts_size), 0);
  return l;
}

/* Wide sources whose rows start on 8 bytes but off 16: the narrow kernel reads u8 ones, f16 ones of at
 * least 32 rows (but into destination rows on 8 bytes under 64 rows), and f32 ones of at least 32 rows or
 * of an odd 17 to 27 (those in groups of 64), as shifted 16-byte vectors on an NVIDIA H200, one matrix a
 * call, into destination rows off 16 bytes (narrow_shift_half); other f16 and f32 row counts, destination
 * rows on 16 bytes, batches and other devices keep 8-byte vectors. Rows on single elements are shifted
 * everywhere, as before. The H200's AUTO replaces this heuristic's tiles of f32 sources of 13 to 32 rows with
 * 32-column ones (h200_wide4_tiles32): the cases here of 17 to 31 rows it takes (not 20, 21, 24 or 28) are
 * checked for those read an element at a time; explicit narrow keeps the heuristic's. */
static void h200_wide_half_vectors_shift(void **state) {
  static const struct {
    shape sh;
    size_t es;
    int shift;
    unsigned wg; /* the group where shifted on the H200 */
  } cases[] = {
      {{27, 5000008, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1, 128},
      {{3, 40000008, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1, 128},
      {{127, 1100008, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1, 0},
      {{32, 3000008, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 0, 0},
      {{27, 500008, 2, 0, 0, 0, 0, 0, 0, 1}, 1, 0, 0},
      {{45, 750002, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 1, 128},
      {{33, 1000002, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 1, 128},
      {{32, 1200002, 1, 0, 0, 0, 0, 34, 0, 0}, 4, 1, 128},
      {{32, 1200002, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0, 0},
      {{31, 1100002, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0, 0},
      {{27, 1257250, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 1, 64},
      {{60, 1000002, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0, 0},
      {{45, 200002, 4, 0, 0, 0, 0, 0, 0, 1}, 4, 0, 0},
      {{45, 1500004, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 1, 0},
      {{33, 2000004, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 1, 0},
      {{63, 1000004, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 1, 0},
      {{68, 900004, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 1, 0},
      {{45, 1500004, 1, 0, 0, 0, 0, 50, 0, 0}, 2, 1, 0},
      {{31, 2000004, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 0, 0},
      {{36, 2500004, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 0, 0},
      {{60, 1100004, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 0, 0},
      {{45, 1500004, 1, 0, 0, 0, 0, 52, 0, 0}, 2, 0, 0},
      {{45, 1500004, 1, 0, 0, 0, 0, 48, 0, 0}, 2, 0, 0},
      {{45, 300004, 2, 0, 0, 0, 0, 0, 0, 1}, 2, 0, 0},
      {{45, 750001, 1, 0, 0, 0, 0, 0, 0, 1}, 8, 0, 0},
      {{45, 750002, 1, 2, 0, 0, 0, 0, 0, 0}, 4, 1, 128},
      {{32, 1200002, 1, 0, 0, 0, 2, 0, 0, 0}, 4, 1, 128},
      {{17, 1700002, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 1, 64},
      {{21, 1600002, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 1, 64},
      {{25, 1400000, 1, 0, 1400002, 0, 0, 0, 0, 0}, 4, 1, 64},
      {{15, 2500002, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0, 0},
      {{29, 1100002, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0, 0},
      {{28, 1200002, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0, 0},
      {{26, 1300002, 1, 0, 0, 0, 0, 0, 0, 1}, 4, 0, 0},
      {{27, 300002, 2, 0, 0, 0, 0, 0, 0, 1}, 4, 0, 0},
      {{27, 1257250, 1, 0, 0, 0, 0, 28, 0, 0}, 4, 0, 0},
  };
  const clt__device_info dev[2] = {faked_h200(), faked_h100()};
  (void)state;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    for (int k = 0; k < 2; k++)
      for (int explicit_narrow = 0; explicit_narrow < 2; explicit_narrow++) {
        clt__config c;
        char opts[1024];
        const clt__layout l =
            narrow_or_auto_config(&dev[k], &cases[i].sh, cases[i].es, explicit_narrow, &c, opts, sizeof opts);
        const int want = cases[i].shift && !k;
        if (!k && !explicit_narrow && cases[i].es == 4 && cases[i].sh.rows >= 17 && cases[i].sh.rows <= 31 &&
            cases[i].sh.rows % 4 && cases[i].sh.rows != 21 && cases[i].sh.batch == 1 && !cases[i].sh.dst_ld) {
          if (c.variant != CLT_VARIANT_NARROW || c.tile != 32 || c.vw != 1)
            fail_msg("H200 AUTO elem_size 4, %zux%zu: %s tile %u vw %u; expected narrow tile 32 vw 1", l.rows,
                     l.cols, clt_variant_name(c.variant), c.tile, c.vw);
          continue;
        }
        if (c.variant != CLT_VARIANT_NARROW || c.shift_ok != want ||
            (strstr(opts, "-DSRC_SHIFT=1") != NULL) != want || (want && c.nvl * cases[i].es != 16) ||
            (want && cases[i].wg && c.wg_x != cases[i].wg))
          fail_msg("%s %s elem_size %zu, %zux%zu batch %zu: %s shift %d nvl %u group %u; expected shift %d "
                   "group %u",
                   k ? "H100" : "H200", explicit_narrow ? "narrow" : "AUTO", cases[i].es, l.rows, l.cols,
                   l.batch, clt_variant_name(c.variant), c.shift_ok, c.nvl, c.wg_x, want, cases[i].wg);
      }
  /* rows on single elements: shifted on both (on the H200 explicit narrow; its AUTO takes 32-column tiles) */
  const shape odd = {27, 1257251, 1, 0, 0, 0, 0, 0, 0, 1};
  for (int k = 0; k < 2; k++) {
    const clt__layout l = make_layout(&odd, 4, k ? CLT_VARIANT_AUTO : CLT_VARIANT_NARROW);
    clt__config c;
    assert_int_equal(k ? clt__auto_config(&dev[k], &l, &c)
                       : clt__choose_config(&dev[k], &l, CLT_VARIANT_NARROW, &c),
                     CLT_SUCCESS);
    assert_true(c.variant == CLT_VARIANT_NARROW && c.shift_ok);
  }
}

/* The narrow kernel's tiles of wide u8 sources of 65 to 127 rows, 128 bytes long in groups of 128 on the
 * H200 (narrow_u8_tile128), in AUTO and the explicit narrow variant, batches too; 64 bytes in groups of 256
 * on the H100, and the heuristic's own past those rows and for other element sizes (64 rows take 128 x 128
 * from the heuristic already). */
static void h200_wide_u8_tiles_128(void **state) {
  static const struct {
    shape sh;
    size_t es;
    int tile128; /* on the H200 */
  } cases[] = {
      {{65, 2128320, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},  {{71, 1437672, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},
      {{100, 1400000, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1}, {{127, 1100000, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},
      {{113, 1300001, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1}, {{90, 300008, 4, 0, 0, 0, 0, 0, 0, 1}, 1, 1},
      {{200, 700000, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 0},  {{66, 900004, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 0},
      {{128, 1000008, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 0}, {{2128320, 65, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 0},
      {{100, 80, 64, 0, 0, 0, 0, 0, 0, 1}, 1, 0},
  };
  const clt__device_info dev[2] = {faked_h200(), faked_h100()};
  (void)state;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    for (int k = 0; k < 2; k++)
      for (int explicit_narrow = 0; explicit_narrow < 2; explicit_narrow++) {
        clt__config c;
        char opts[1024];
        const clt__layout l =
            narrow_or_auto_config(&dev[k], &cases[i].sh, cases[i].es, explicit_narrow, &c, opts, sizeof opts);
        const int want = cases[i].tile128 && !k;
        const int got = c.variant == CLT_VARIANT_NARROW && c.tile == 128 && c.wg_x == 128;
        if (got != want || (explicit_narrow && c.variant != CLT_VARIANT_NARROW) ||
            (want && (!strstr(opts, " -DTC=128 ") || !strstr(opts, " -DGROUP=128 "))))
          fail_msg("%s %s elem_size %zu, %zux%zu batch %zu: %s tile %u group %u; expected 128 x 128: %d",
                   k ? "H100" : "H200", explicit_narrow ? "narrow" : "AUTO", cases[i].es, l.rows, l.cols,
                   l.batch, clt_variant_name(c.variant), c.tile, c.wg_x, want);
      }
}

/* The narrow kernel's tiles over a wide source's whole short side, 128 elements long in groups of 256 on the
 * H200 (narrow_whole_tile128), in AUTO and the explicit narrow variant: u8 of 129 to 241 rows but 2 mod 4,
 * f16 of 129 to 150 rows but multiples of 4, one matrix a call, padded source rows among them. Past those
 * rows, at the row counts left out, for batches whose matrices start on 16 bytes, and on the H100 the tiles
 * over the whole short side stay 64 long; batches whose matrices start off 16 bytes take 128-row tiles, not
 * the whole short side. */
static void h200_whole_narrow_tiles_128(void **state) {
  static const struct {
    shape sh;
    size_t es;
    int tile128; /* on the H200 */
  } cases[] = {
      {{131, 1900001, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},       {{161, 2978419, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},
      {{184, 1300005, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},       {{156, 1600000, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},
      {{241, 1000003, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},       {{129, 300001, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 1},
      {{200, 1000001, 1, 0, 1000006, 0, 0, 0, 0, 0}, 1, 1}, {{131, 1000001, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 1},
      {{150, 600003, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 1},        {{134, 900002, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 1},
      {{138, 700001, 1, 0, 700004, 0, 0, 0, 0, 0}, 2, 1},   {{243, 1000001, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 0},
      {{263, 1000001, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 0},       {{198, 1300001, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 0},
      {{170, 1500000, 1, 0, 0, 0, 0, 0, 0, 1}, 1, 0},       {{151, 700001, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 0},
      {{140, 1000000, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 0},       {{148, 700001, 1, 0, 0, 0, 0, 0, 0, 1}, 2, 0},
      {{200, 100001, 2, 0, 0, 0, 0, 0, 0, 1}, 1, 0},        {{145, 100001, 4, 0, 0, 0, 0, 0, 0, 1}, 2, 0},
      {{200, 100000, 2, 0, 0, 0, 0, 0, 0, 1}, 1, 0},        {{146, 100000, 2, 0, 0, 0, 0, 0, 0, 1}, 2, 0},
  };
  const clt__device_info dev[2] = {faked_h200(), faked_h100()};
  (void)state;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    for (int k = 0; k < 2; k++)
      for (int explicit_narrow = 0; explicit_narrow < 2; explicit_narrow++) {
        clt__config c;
        char opts[1024];
        const clt__layout l =
            narrow_or_auto_config(&dev[k], &cases[i].sh, cases[i].es, explicit_narrow, &c, opts, sizeof opts);
        const int want = cases[i].tile128 && !k;
        const int narrow = c.variant == CLT_VARIANT_NARROW;
        const int got = narrow && c.short_ext == l.rows && c.tile == 128 && c.wg_x == 256 &&
                        strstr(opts, " -DTC=128 ") != NULL && strstr(opts, " -DGROUP=256 ") != NULL;
        /* where not the rule's, a tile over the whole short side stays 64 long */
        const int own = !narrow || c.short_ext != l.rows || l.rows <= 128 || c.tile == 64;
        if (got != want || (explicit_narrow && !narrow) || (!want && !own))
          fail_msg("%s %s elem_size %zu, %zux%zu batch %zu: %s tile %u group %u; expected 128 long: %d",
                   k ? "H100" : "H200", explicit_narrow ? "narrow" : "AUTO", cases[i].es, l.rows, l.cols,
                   l.batch, clt_variant_name(c.variant), c.tile, c.wg_x, want);
      }
}

/* Dense tall f32 sources of an odd 129 to 255 columns, of at least 10 MiB, into dense destination rows on 32
 * bytes take rect's 64 x 32 tiles of single elements in groups of 32 x 8 in the H200's AUTO
 * (tall4_odd_to_rect64x32): 10 MiB (17000x157) to 290 MB among them. Smaller matrices (16000x157, 1000x129),
 * destination rows off 32 bytes (an odd row count, rows on 16 bytes only) or padded, even or out-of-range
 * columns, padded source rows, batches, f16 and u8, and the H100 keep rect's 64 x 64 tiles of 2-element
 * vectors or their own kernels. */
static void h200_tall4_odd_rect64x32(void **state) {
  static const struct {
    size_t rows, cols, batch, es, src_ld, dst_ld;
    int h200; /* the H200's AUTO takes the 64 x 32 tiles */
  } cases[] = {
      {104592, 157, 1, 4, 0, 0, 1}, {160000, 133, 1, 4, 0, 0, 1},   {62000, 243, 1, 4, 0, 0, 1},
      {30000, 171, 1, 4, 0, 0, 1},  {500000, 145, 1, 4, 0, 0, 1},   {100000, 129, 1, 4, 0, 0, 1},
      {100000, 255, 1, 4, 0, 0, 1}, {20000, 157, 1, 4, 0, 0, 1},    {110001, 167, 1, 4, 0, 0, 0},
      {100004, 167, 1, 4, 0, 0, 0}, {100000, 257, 1, 4, 0, 0, 0},   {100000, 127, 1, 4, 0, 0, 0},
      {100000, 168, 1, 4, 0, 0, 0}, {100000, 157, 1, 4, 158, 0, 0}, {100000, 157, 1, 4, 0, 100008, 0},
      {50000, 157, 2, 4, 0, 0, 0},  {100000, 157, 1, 2, 0, 0, 0},   {100000, 157, 1, 1, 0, 0, 0},
      {100000, 130, 1, 4, 0, 0, 0}, {100000, 226, 1, 4, 0, 0, 0},   {17000, 157, 1, 4, 0, 0, 1},
      {16000, 157, 1, 4, 0, 0, 0},  {1000, 129, 1, 4, 0, 0, 0},
  };
  const clt__device_info dev[2] = {faked_h200(), faked_h100()};
  (void)state;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    for (int k = 0; k < 2; k++) {
      const shape s = {
          cases[i].rows, cases[i].cols, cases[i].batch, 0, cases[i].src_ld, 0, 0, cases[i].dst_ld, 0, 0};
      const clt__layout l = make_layout(&s, cases[i].es, CLT_VARIANT_AUTO);
      clt__config c;
      char opts[2048];
      assert_int_equal(clt__auto_config(&dev[k], &l, &c), CLT_SUCCESS);
      assert_int_equal(clt__config_options(&c, cases[i].es, opts, sizeof opts), 0);
      const int want = cases[i].h200 && !k;
      const int got = c.variant == CLT_VARIANT_RECT && c.vw == 1 && c.wg_x == 32 && c.wg_y == 8 &&
                      strstr(opts, " -DVW=1 -DTR=64 -DTC=32 -DWG_Y=8 ") != NULL;
      if (got != want)
        fail_msg("%s elem_size %zu, %zux%zu batch %zu, leading dimensions %zu / %zu: %s (%s); expected %s",
                 k ? "H100" : "H200", cases[i].es, cases[i].rows, cases[i].cols, cases[i].batch,
                 cases[i].src_ld, cases[i].dst_ld, clt_variant_name(c.variant), opts,
                 want ? "rect 64 x 32 of single elements" : "not those tiles");
    }
}

/* The H200's AUTO moves f32 sources of at most 64 MiB a call whose destination rows start on 16 bytes but
 * off the 32-byte sectors in rect's tiles of 2-element vectors unskewed (-DSK=0), where those tiles overlap
 * at the matrix's end, or read whole source vectors with whole-vector edge tiles without walking along the
 * tile rows; walking along them, only over source rows off the vectors and with the last tile column at
 * least half full. Elsewhere, and on the H100, the tiles keep their skew. */
static void h200_f32_rect_unskewed16(void **state) {
  static const struct {
    size_t rows, cols, batch, es, dst_ld;
    int h200; /* the H200's AUTO unskews */
  } cases[] = {
      {396, 22823, 1, 4, 0, 1}, {4004, 4001, 1, 4, 0, 1},    {396, 11001, 3, 4, 0, 1},
      {2052, 2049, 1, 4, 0, 1}, {596, 20000, 1, 4, 0, 1},    {42004, 367, 1, 4, 0, 1},
      {7004, 2129, 1, 4, 0, 1}, {3001, 3000, 1, 4, 3004, 1}, {300, 12000, 3, 4, 0, 1},
      {404, 41527, 1, 4, 0, 1}, {404, 41528, 1, 4, 0, 0},    {396, 45001, 1, 4, 0, 0},
      {396, 11001, 4, 4, 0, 0}, {398, 22823, 1, 4, 0, 0},    {3001, 3000, 1, 4, 3002, 0},
      {140, 60001, 1, 4, 0, 0}, {40004, 397, 1, 4, 0, 0},    {40004, 360, 1, 4, 0, 0},
      {60004, 250, 1, 4, 0, 0}, {398, 22823, 1, 8, 0, 0},    {108, 8383, 1, 8, 0, 0},
      {42006, 367, 1, 4, 0, 0},
  };
  const clt__device_info dev[2] = {faked_h200(), faked_h100()};
  (void)state;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    for (int k = 0; k < 2; k++) {
      const shape s = {cases[i].rows, cases[i].cols, cases[i].batch, 0, 0, 0, 0, cases[i].dst_ld, 0, 0};
      const clt__layout l = make_layout(&s, cases[i].es, CLT_VARIANT_AUTO);
      clt__config c;
      char opts[2048];
      assert_int_equal(clt__auto_config(&dev[k], &l, &c), CLT_SUCCESS);
      assert_int_equal(clt__config_options(&c, cases[i].es, opts, sizeof opts), 0);
      const int want = cases[i].h200 && !k;
      /* without the rule every case is rect, skewed: f32 to the sectors, f64 to its entry's 128 bytes */
      const int ok = c.variant == CLT_VARIANT_RECT &&
                     (want ? c.vw == 2 && strstr(opts, " -DSK=0 ") != NULL
                           : strstr(opts, cases[i].es == 8 ? " -DSK=16 " : " -DSK=8 ") != NULL);
      if (!ok)
        fail_msg("%s elem_size %zu, %zux%zu batch %zu, destination rows of %zu: %s (%s); expected %s",
                 k ? "H100" : "H200", cases[i].es, cases[i].rows, cases[i].cols, cases[i].batch,
                 cases[i].dst_ld ? cases[i].dst_ld : cases[i].rows, clt_variant_name(c.variant), opts,
                 want ? "rect unskewed" : "rect skewed");
    }
}

/* An explicit rect plan's heuristic tiles cut to a tall or wide short side as AUTO cuts them (64 x 64
 * for 64 rows or columns, 32 where the side is a whole number of 32 only), on every GPU; whole tiles,
 * squares and explicit knobs keep theirs. */
static void explicit_rect_fits_tiles_to_a_short_side(void **state) {
  static const struct {
    size_t rows, cols, es;
    unsigned tr, tc; /* the tile expected; 0: the heuristic's own */
  } cases[] = {
      {64, 2097152, 1, 64, 64}, {64, 2097151, 1, 64, 64}, {2097152, 64, 1, 64, 64}, {96, 2097152, 1, 32, 32},
      {64, 1048576, 2, 64, 64}, {1048575, 64, 2, 0, 0},   {64, 1048575, 4, 0, 0},   {16384, 16384, 1, 0, 0},
      {16383, 16385, 2, 0, 0},  {128, 1048576, 1, 0, 0},
  };
  clt__device_info dev[NDEV + 2];
  (void)state;
  make_devices(dev);
  dev[NDEV] = faked_h200();
  dev[NDEV + 1] = faked_h100();
  for (size_t d = 0; d < NDEV + 2; d++) {
    if (dev[d].type != CL_DEVICE_TYPE_GPU || d == 5)
      continue; /* the embedded GPU's local memory holds 32 x 32 tiles at most */
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      const shape sh = {cases[i].rows, cases[i].cols, 1, 0, 0, 0, 0, 0, 0, 1};
      const clt__layout l = make_layout(&sh, cases[i].es, CLT_VARIANT_RECT);
      clt__config heur, c;
      assert_int_equal(clt__choose_config(&dev[d], &l, CLT_VARIANT_RECT, &heur), CLT_SUCCESS);
      assert_int_equal(clt__explicit_config(&dev[d], &l, NULL, &c), CLT_SUCCESS);
      const unsigned tr = cases[i].tr ? cases[i].tr : heur.tile;
      const unsigned tc = cases[i].tc ? cases[i].tc : heur.wg_x * heur.vw;
      if (c.variant != CLT_VARIANT_RECT || c.tile != tr || c.wg_x * c.vw != tc)
        fail_msg("device %zu, elem_size %zu, %zux%zu: rect %u x %u (heuristic %u x %u); expected %u x %u", d,
                 cases[i].es, cases[i].rows, cases[i].cols, c.tile, c.wg_x * c.vw, heur.tile,
                 heur.wg_x * heur.vw, tr, tc);
    }
  }
  /* Explicit knobs stand, 128-row tiles on 64 rows included. */
  const shape sh = {64, 2097152, 1, 0, 0, 0, 0, 0, 0, 1};
  const clt__layout l = make_layout(&sh, 1, CLT_VARIANT_RECT);
  const clt_tuning knobs = {
      .variant = CLT_VARIANT_RECT, .tile = 128, .vector_width = 4, .wg_y = 8, .pad = 1, .wg_x = 32};
  clt__config c;
  assert_int_equal(clt__explicit_config(&dev[0], &l, &knobs, &c), CLT_SUCCESS);
  assert_int_equal(c.tile, 128);
  assert_int_equal(c.wg_x * c.vw, 128);
}

/* The devices of the L2 hint tests, the two of compute capability 9 first: the faked H200 and H100, the
 * H200 with compute capability 7 and with none known, make_devices' NVIDIA-like GPU (none known) and its
 * POCL-like CPU. */
#define L2_DEVICES 6
typedef struct l2_devices {
  clt__device_info nv[4], others[NDEV];
  const clt__device_info *list[L2_DEVICES];
} l2_devices;

static void l2_devices_init(l2_devices *d) {
  d->nv[0] = faked_h200();
  d->nv[1] = faked_h100();
  d->nv[2] = faked_h200();
  d->nv[2].nv_cc_major = 7;
  d->nv[3] = faked_h200();
  d->nv[3].nv_cc_major = 0;
  make_devices(d->others);
  for (size_t i = 0; i < 4; i++)
    d->list[i] = &d->nv[i];
  d->list[4] = &d->others[0];
  d->list[5] = &d->others[3];
}

/* The configuration of variant on l for dev (AUTO's, else the explicit variant's heuristic knobs), its
 * build options checked to name -DL2LAST=1 exactly where c->l2last is set. */
static clt_status l2_config(const clt__device_info *dev, const clt__layout *l, size_t es, clt_variant variant,
                            clt__config *c) {
  const clt_status st =
      variant == CLT_VARIANT_AUTO ? clt__auto_config(dev, l, c) : clt__explicit_config(dev, l, NULL, c);
  if (st != CLT_SUCCESS)
    return st;
  char opts[1024];
  assert_int_equal(clt__config_options(c, es, opts, sizeof opts), 0);
  if ((strstr(opts, "-DL2LAST=1") != NULL) != (c->l2last != 0))
    fail_msg("%s, %zux%zu as %s: l2last %d, but the build options are %s", dev->name, l->rows, l->cols,
             clt_variant_name(c->variant), c->l2last, opts);
  return CLT_SUCCESS;
}

/* rect's L2 prefetch-size hint on NVIDIA GPUs of compute capability 8.0 and later: odd-class and wide
 * sources, 256 bytes (8-byte elements, shifted 2-byte rows and, on the H200 but not the H100, odd 4-byte
 * ones read element by element into skewed destination runs 128); of 4 bytes and more only where the rows
 * start off 256 bytes; nowhere else, and named in the build options exactly where it is set. */
static void l2_hint_for_odd_and_wide_sources(void **state) {
  (void)state;
  l2_devices dv;
  l2_devices_init(&dv);
  static const struct {
    size_t rows, cols, es, src_offset, src_ld;
    unsigned l2pf;
  } cases[] = {
      /* odd, source rows off 256 bytes; 4-byte elements with skewed destination runs take 128 on the H200 */
      {16383, 16385, 4, 0, 0, 128},
      {8191, 8193, 4, 0, 0, 128},
      {16384, 16383, 4, 0, 0, 256}, /* destination rows on 32 bytes: no skew */
      {8192, 8191, 4, 0, 0, 256},
      {4097, 4095, 4, 0, 0, 128},
      {8191, 8193, 8, 0, 0, 128},
      {8192, 8191, 8, 0, 0, 128},
      {4095, 4097, 4, 1, 4160, 128},
      {16383, 16385, 2, 0, 0, 256}, /* shifted rows (2 bytes: 128, below) */
      {16383, 16385, 1, 0, 0, 256},
      {8191, 8193, 16, 0, 0, 256},
      /* odd, source rows on 256 bytes: 4 bytes and more go without, 1 and 2 take it */
      {4095, 4097, 4, 64, 4160, 0},
      {16383, 16384, 4, 0, 0, 0},
      {16385, 16384, 8, 0, 0, 0},
      {16385, 16384, 16, 0, 0, 0},
      {16385, 16384, 2, 0, 0, 256},
      {16385, 16384, 1, 0, 0, 256},
      /* wide */
      {64, 1048575, 4, 0, 0, 256},
      {64, 524287, 8, 0, 0, 128},
      {160, 1048574, 2, 0, 0, 256},
      {64, 2097152, 1, 0, 0, 256},
      /* aligned (the vector kernel's) and tall: none */
      {16384, 16388, 4, 0, 0, 0},
      {16384, 16384, 4, 0, 0, 0},
      {1048575, 64, 4, 0, 0, 0},
      {1048575, 64, 2, 0, 0, 0},
      {524287, 64, 8, 0, 0, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const shape sh = {cases[i].rows, cases[i].cols, 1, cases[i].src_offset, cases[i].src_ld, 0, 0, 0, 0, 0};
    const clt__layout l = make_layout(&sh, cases[i].es, CLT_VARIANT_AUTO);
    const clt__device_info *const *devs = dv.list;
    for (size_t d = 0; d < L2_DEVICES; d++) {
      clt__config c;
      assert_int_equal(clt__auto_config(devs[d], &l, &c), CLT_SUCCESS);
      unsigned want = d < 2 ? cases[i].l2pf : 0; /* only the compute capability 9 devices */
      if (want && cases[i].es == 2 && c.shift_ok)
        want = 128; /* shifted 2-byte rows: the H200's odd f16 entry */
      if (want == 128 && cases[i].es == 4 && d == 1)
        want = 256; /* skewed 4-byte rows: 128 on the H200 only (tuning_db.c's clt__traits) */
      if (d == 0 && cases[i].es == 2 && cases[i].rows == 16383)
        assert_true(c.shift_ok); /* ... which this case takes */
      char opts[1024], named[32];
      assert_int_equal(clt__config_options(&c, cases[i].es, opts, sizeof opts), 0);
      snprintf(named, sizeof named, "-DL2PF=%u", want);
      if (c.l2pf != want || (want ? strstr(opts, named) == NULL : strstr(opts, "L2PF") != NULL) ||
          (want && c.variant != CLT_VARIANT_RECT))
        fail_msg("%s, elem_size %zu, %zux%zu (offset %zu, ld %zu): %s l2pf %u (%s); expected %u",
                 devs[d]->name, cases[i].es, cases[i].rows, cases[i].cols, cases[i].src_offset,
                 cases[i].src_ld, clt_variant_name(c.variant), c.l2pf, opts, want);
    }
  }
}

/* The hint goes with rect's kernel whatever chose its knobs: on an odd f32 matrix (skewed destination
 * runs) an explicit rect plan takes AUTO's 128 bytes on the NVIDIA H200 (misaligned 2-element vectors,
 * read element by element) and explicit knobs of 1-element vectors (whole aligned loads) 256; none on a
 * device below compute capability 8.0 or for another variant. */
static void l2_hint_for_explicit_rect_and_knobs(void **state) {
  (void)state;
  const clt__device_info h200 = faked_h200();
  clt__device_info old_nv = faked_h200();
  old_nv.nv_cc_major = 7;
  const shape sh = {16383, 16385, 1, 0, 0, 0, 0, 0, 0, 0};
  const clt_tuning knobs = {
      .variant = CLT_VARIANT_RECT, .tile = 64, .vector_width = 1, .wg_y = 8, .pad = 1, .wg_x = 64};
  for (int k = 0; k < 3; k++) {
    const clt_variant v = k == 2 ? CLT_VARIANT_TILED : CLT_VARIANT_RECT;
    const clt__layout l = make_layout(&sh, 4, v);
    for (int d = 0; d < 2; d++) {
      clt__config c;
      const clt__device_info *dev = d ? &old_nv : &h200;
      assert_int_equal(k == 1 ? clt__config_from_tuning(dev, &l, &knobs, &c)
                              : clt__choose_config(dev, &l, v, &c),
                       CLT_SUCCESS);
      clt__config_set_l2_hint(dev, &l, &c);
      assert_int_equal(c.l2pf, d == 1 || k == 2 ? 0u : k == 0 ? 128u : 256u);
      if (k == 1)
        assert_int_equal(c.vw * c.wg_x, 64); /* the knobs stand */
    }
  }
}

/* The L2 evict_last policy on source loads: rect, vector, narrow and the copy on NVIDIA GPUs of
 * compute capability 8.0 and later, whatever chose the kernel, and named in the build options exactly
 * there; no other variant, and no other device. (u8 wide sources of 16 rows in the narrow kernel, which
 * go without it, are the next test's.) */
static void l2_last_for_nvidia_8_and_later(void **state) {
  (void)state;
  l2_devices dv;
  l2_devices_init(&dv);
  const clt__device_info *const *devs = dv.list;
  static const struct {
    size_t rows, cols, es;
  } cases[] = {{16384, 16384, 4}, {16383, 16385, 4}, {1048576, 64, 4}, {4194304, 16, 4}, {8191, 8193, 8},
               {16384, 16384, 1}, {8192, 8192, 16},  {16, 4194304, 2}, {32, 8388608, 1}, {8388608, 16, 1}};
  static const clt_variant kinds[] = {CLT_VARIANT_AUTO,   CLT_VARIANT_NAIVE, CLT_VARIANT_TILED,
                                      CLT_VARIANT_VECTOR, CLT_VARIANT_RECT,  CLT_VARIANT_NARROW,
                                      CLT_VARIANT_BLOCK,  CLT_VARIANT_COPY};
  int seen[CLT_VARIANT_COPY + 1] = {0}; /* variants the H200 ran with the policy */
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const shape sh = {cases[i].rows, cases[i].cols, 1, 0, 0, 0, 0, 0, 0, 0};
    for (size_t v = 0; v < sizeof kinds / sizeof kinds[0]; v++) {
      const clt__layout l = make_layout(&sh, cases[i].es, kinds[v]);
      for (size_t d = 0; d < L2_DEVICES; d++) {
        clt__config c;
        if (l2_config(devs[d], &l, cases[i].es, kinds[v], &c) != CLT_SUCCESS)
          continue; /* a variant that cannot take the layout (narrow on a square) */
        const int want = d < 2 && (c.variant == CLT_VARIANT_RECT || c.variant == CLT_VARIANT_VECTOR ||
                                   c.variant == CLT_VARIANT_NARROW || c.variant == CLT_VARIANT_COPY);
        if (c.l2last != want)
          fail_msg("%s (compute capability %u), elem_size %zu, %zux%zu, %s as %s: l2last %d; expected %d",
                   devs[d]->name, devs[d]->nv_cc_major, cases[i].es, cases[i].rows, cases[i].cols,
                   clt_variant_name(kinds[v]), clt_variant_name(c.variant), c.l2last, want);
        if (d == 0 && want)
          seen[c.variant] = 1;
      }
    }
  }
  assert_true(seen[CLT_VARIANT_RECT] && seen[CLT_VARIANT_VECTOR] && seen[CLT_VARIANT_NARROW] &&
              seen[CLT_VARIANT_COPY]);
}

/* 1-byte wide sources of 16 rows on whole vectors run the narrow kernel without the evict_last policy
 * (slower with it on an NVIDIA H200 and an H100), as AUTO and as the explicit narrow variant; 8, 24
 * and 32 rows, shifted rows, 2-byte elements and other kernels on the same layout keep it. */
static void l2_last_off_for_u8_wide_16_rows_in_narrow(void **state) {
  (void)state;
  l2_devices dv;
  l2_devices_init(&dv);
  static const struct {
    size_t rows, cols, es;
    clt_variant variant;
    int l2last; /* on the H200 and the H100 */
  } cases[] = {
      {16, 8388608, 1, CLT_VARIANT_AUTO, 0}, {16, 8388608, 1, CLT_VARIANT_NARROW, 0},
      {16, 2097152, 1, CLT_VARIANT_AUTO, 0}, {16, 16777216, 1, CLT_VARIANT_AUTO, 0},
      {16, 8388624, 1, CLT_VARIANT_AUTO, 0}, {16, 8388607, 1, CLT_VARIANT_AUTO, 1},
      {8, 16777216, 1, CLT_VARIANT_AUTO, 1}, {24, 8388608, 1, CLT_VARIANT_AUTO, 1},
      {32, 4194304, 1, CLT_VARIANT_AUTO, 1}, {16, 4194304, 2, CLT_VARIANT_AUTO, 1},
      {16, 8388608, 1, CLT_VARIANT_RECT, 1}, {8388608, 16, 1, CLT_VARIANT_AUTO, 1},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const shape sh = {cases[i].rows, cases[i].cols, 1, 0, 0, 0, 0, 0, 0, 0};
    const clt__layout l = make_layout(&sh, cases[i].es, cases[i].variant);
    for (size_t d = 0; d < 2; d++) {
      clt__config c;
      assert_int_equal(l2_config(dv.list[d], &l, cases[i].es, cases[i].variant, &c), CLT_SUCCESS);
      if (cases[i].variant != CLT_VARIANT_RECT && c.variant != CLT_VARIANT_NARROW)
        fail_msg("%zux%zu elem_size %zu: %s, expected the narrow kernel", cases[i].rows, cases[i].cols,
                 cases[i].es, clt_variant_name(c.variant));
      if (c.l2last != cases[i].l2last)
        fail_msg("%s: %zux%zu elem_size %zu as %s: l2last %d; expected %d", dv.list[d]->name, cases[i].rows,
                 cases[i].cols, cases[i].es, clt_variant_name(c.variant), c.l2last, cases[i].l2last);
    }
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(every_config_fits_its_device),
      cmocka_unit_test(config_names_an_embedded_kernel),
      cmocka_unit_test(unknown_variant_is_rejected),
      cmocka_unit_test(impossible_device_is_unsupported),
      cmocka_unit_test(rect_skews_only_misaligned_destinations),
      cmocka_unit_test(auto_picks_rect_on_gpus),
      cmocka_unit_test(kernels_use_32_bit_indices_only_where_they_fit),
      cmocka_unit_test(spread_only_for_128_KiB_pitches),
      cmocka_unit_test(rect_units_only_where_the_layout_allows),
      cmocka_unit_test(tall_and_wide_are_apart),
      cmocka_unit_test(auto_takes_narrow_only_for_short_tall_and_wide_sides),
      cmocka_unit_test(narrow_auto_measures_the_tile_it_replaces),
      cmocka_unit_test(auto_keeps_rect_for_16_byte_tall_sources),
      cmocka_unit_test(auto_moves_misaligned_vector_layouts_to_rect),
      cmocka_unit_test(auto_moves_vectors_off_destination_sectors_to_rect),
      cmocka_unit_test(auto_odd_entry_where_both_sides_are_misaligned),
      cmocka_unit_test(auto_fits_rect_tiles_to_a_short_side),
      cmocka_unit_test(h200_tall_skewed_keep_128_tile_rows),
      cmocka_unit_test(rect_columns_of_part_lines_walk_along_tile_rows),
      cmocka_unit_test(narrow_vectors_divide_extents_and_views),
      cmocka_unit_test(narrow_store_unroll_where_gathers_hold_registers),
      cmocka_unit_test(narrow_tunings_are_checked_and_round_trip),
      cmocka_unit_test(fit_kernel_limit_shrinks_the_work_group),
      cmocka_unit_test(fit_kernel_limit_zero_is_impossible),
      cmocka_unit_test(h100_table_entries_reach_auto),
      cmocka_unit_test(h100_c128_wide_rect_on_sectors),
      cmocka_unit_test(odd_f32_pairs_to_vector),
      cmocka_unit_test(h200_u8_units_on_whole_tiles),
      cmocka_unit_test(tiles_overlap_where_safe),
      cmocka_unit_test(h200_f32_rect_tiles_overlap),
      cmocka_unit_test(aligned_f16_rect_where_it_overlaps),
      cmocka_unit_test(aligned_f16_units_in_pieces),
      cmocka_unit_test(auto_reads_misaligned_wide_f32_sources_by_element),
      cmocka_unit_test(tall_sources_walk_along_tile_rows),
      cmocka_unit_test(h200_auto_walks_long_passes_along),
      cmocka_unit_test(cpu_tiles_fit_the_private_budget),
      cmocka_unit_test(cpu_tile_columns_follow_the_tuning),
      cmocka_unit_test(cpu_tiles_walk_runs_of_tiles),
      cmocka_unit_test(cpu_tile_vectors_follow_the_simd_width),
      cmocka_unit_test(cpu_tiles_of_few_rows_narrow_their_vectors),
      cmocka_unit_test(cpu_tiles_of_few_columns_read_as_runs),
      cmocka_unit_test(xeon_aligned_f32_keeps_32_byte_rows),
      cmocka_unit_test(epyc_aligned_f32_direct_tiles),
      cmocka_unit_test(cpu_strip_where_lines_cut),
      cmocka_unit_test(cpu_tiles_of_short_sources_write_one_run),
      cmocka_unit_test(cpu_tiles_of_skewed_bytes_take_192_rows),
      cmocka_unit_test(side_entries_reach_only_their_short_sides),
      cmocka_unit_test(h200_c128_wide_sources_take_rect),
      cmocka_unit_test(wide_shifted_sources_take_narrow),
      cmocka_unit_test(h200_wide_sources_into_padded_rows_take_narrow),
      cmocka_unit_test(narrow_flat_where_measured),
      cmocka_unit_test(narrow_skews_where_measured),
      cmocka_unit_test(narrow_gather_tiles),
      cmocka_unit_test(narrow_scatter_tiles),
      cmocka_unit_test(narrow_f64_runs_of_512_bytes),
      cmocka_unit_test(narrow_f16_skewed_runs_of_128_bytes),
      cmocka_unit_test(h200_narrow_groups_of_128_off_the_vectors),
      cmocka_unit_test(h200_short_wide_sources_take_one_tile_row),
      cmocka_unit_test(h200_shifted_wide_sources_take_measured_knobs),
      cmocka_unit_test(bytes_off_the_sectors_take_vector),
      cmocka_unit_test(h200_shifted_f16_sources_take_vector),
      cmocka_unit_test(rect_edge_rows_where_measured),
      cmocka_unit_test(rect_loads_first_where_measured),
      cmocka_unit_test(rect_shift_split_where_measured),
      cmocka_unit_test(rect_word_tiles_where_measured),
      cmocka_unit_test(part_tiles_to_word_tiles_where_measured),
      cmocka_unit_test(h200_shifted_u8_tiles32),
      cmocka_unit_test(h200_tall_narrow),
      cmocka_unit_test(h200_skinny8_rect),
      cmocka_unit_test(h200_tall2_narrow),
      cmocka_unit_test(h200_narrow_gather_groups),
      cmocka_unit_test(h200_wide4_tiles32),
      cmocka_unit_test(h200_tall4_small_tiles32),
      cmocka_unit_test(h200_tile_rules),
      cmocka_unit_test(h200_narrow4_unskewed16),
      cmocka_unit_test(h200_small_grid_fill),
      cmocka_unit_test(rect_edge_clamp_where_measured),
      cmocka_unit_test(rect_sk_max_where_it_saves_a_tile_row),
      cmocka_unit_test(h200_half_skew_where_it_saves_a_tile_row),
      cmocka_unit_test(h200_odd_unskewed),
      cmocka_unit_test(h200_shallow_odd_f16_to_defaults),
      cmocka_unit_test(h200_shallow_sources_take_whole_narrow),
      cmocka_unit_test(h200_wide_half_vectors_shift),
      cmocka_unit_test(h200_wide_u8_tiles_128),
      cmocka_unit_test(h200_whole_narrow_tiles_128),
      cmocka_unit_test(h200_tall4_odd_rect64x32),
      cmocka_unit_test(h200_f32_rect_unskewed16),
      cmocka_unit_test(l2_hint_for_odd_and_wide_sources),
      cmocka_unit_test(l2_hint_for_explicit_rect_and_knobs),
      cmocka_unit_test(l2_last_for_nvidia_8_and_later),
      cmocka_unit_test(l2_last_off_for_u8_wide_16_rows_in_narrow),
      cmocka_unit_test(explicit_rect_fits_tiles_to_a_short_side),
      cmocka_unit_test(h200_skewed_wide_f16),
  };
  return cmocka_run_group_tests(tests, NULL, NULL) != 0;
}
