/* cltranspose-bench --tune: for each element type and shape class, times a grid of kernel knobs
 * (tile, vector width, work-group shape) of the requested variant families with the same runner as
 * the bench, so every candidate is checked exactly and compared with the copy ceiling of its own run,
 * then saves the best one per (type, class) to the device's tuning file, which CLT_VARIANT_AUTO reads. */
#include "tune.h"

#include "knobs.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct candidate {
  clt_tuning t;
  char *label;      /* own allocation: records keep pointing at it when the array grows */
  double score_sum; /* percent of copy, summed over the class's shapes */
  int failed;       /* or not run: knobs that change nothing for the class, a family left out (screen) */
  int only_class;   /* the one shape class its knob matters for (dst_align), or -1 */
  /* On the case being timed (after the last, on the last): the knobs and build options its plan gets
   * (have_key), and the earlier candidate whose kernel that is (dup_of, SIZE_MAX if none), whose
   * figure it then takes. */
  clt_tuning key;
  char *key_options; /* own allocation */
  int have_key;
  size_t dup_of;
  double case_score; /* its figure on the case, once timed */
  int as_auto;       /* its kernel was AUTO's on every case so far (the same build options) */
} candidate;

struct clt_bench_tune_state {
  candidate *c; /* labels are referenced by the records */
  size_t n, cap;
};

typedef struct tune_case {
  size_t rows, cols, batch;
} tune_case;

/* Shapes per class, sized past the last-level cache of the device type. */
/* clang-format off */
static const tune_case gpu_cases[CLT_SHAPE_CLASS_COUNT][2] = {
    [CLT_SHAPE_ALIGNED] = {{8192, 8192, 1}, {0, 0, 0}},
    [CLT_SHAPE_ODD] = {{8191, 8193, 1}, {16383, 16385, 1}}, /* the second up to 1 GiB: see holds() */
    [CLT_SHAPE_TALL] = {{1048576, 64, 1}, {0, 0, 0}}, /* narrower ones: AUTO narrows the tiles */
    [CLT_SHAPE_BATCHED] = {{1024, 1024, 64}, {0, 0, 0}},
    [CLT_SHAPE_WIDE] = {{64, 1048576, 1}, {0, 0, 0}},
};
static const tune_case cpu_cases[CLT_SHAPE_CLASS_COUNT][2] = {
    [CLT_SHAPE_ALIGNED] = {{2048, 2048, 1}, {0, 0, 0}},
    [CLT_SHAPE_ODD] = {{2047, 2049, 1}, {0, 0, 0}},
    [CLT_SHAPE_TALL] = {{262144, 64, 1}, {0, 0, 0}},
    [CLT_SHAPE_BATCHED] = {{256, 256, 16}, {0, 0, 0}},
    [CLT_SHAPE_WIDE] = {{64, 262144, 1}, {0, 0, 0}},
};
/* clang-format on */

typedef struct limits {
  size_t max_wg, max_x, max_y;
  cl_ulong local_mem, global_mem, max_alloc;
  int is_cpu; /* the block kernel's CPU tiles are worth searching */
} limits;

static int query_limits(cl_device_id dev, limits *l) {
  size_t items[3] = {0, 0, 0};
  if (clGetDeviceInfo(dev, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof l->max_wg, &l->max_wg, NULL) != CL_SUCCESS ||
      clGetDeviceInfo(dev, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof items, items, NULL) != CL_SUCCESS ||
      clGetDeviceInfo(dev, CL_DEVICE_LOCAL_MEM_SIZE, sizeof l->local_mem, &l->local_mem, NULL) !=
          CL_SUCCESS ||
      clGetDeviceInfo(dev, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof l->global_mem, &l->global_mem, NULL) !=
          CL_SUCCESS ||
      clGetDeviceInfo(dev, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof l->max_alloc, &l->max_alloc, NULL) !=
          CL_SUCCESS)
    return -1;
  cl_device_type type = 0;
  if (clGetDeviceInfo(dev, CL_DEVICE_TYPE, sizeof type, &type, NULL) != CL_SUCCESS)
    return -1;
  l->is_cpu = (type & CL_DEVICE_TYPE_CPU) != 0;
  l->max_x = items[0];
  l->max_y = items[1];
  return 0;
}

static int add(struct clt_bench_tune_state *st, clt_tuning t) {
  if (st->n == st->cap) {
    size_t cap = st->cap ? 2 * st->cap : 64;
    candidate *grown = realloc(st->c, cap * sizeof *grown);
    if (!grown)
      return -1;
    st->c = grown;
    st->cap = cap;
  }
  char label[48];
  clt_bench_knobs_label(&t, label, sizeof label);
  candidate *c = &st->c[st->n];
  memset(c, 0, sizeof *c);
  c->t = t;
  /* rect's and vector's skews are for misaligned layouts, narrow's for tall sources */
  c->only_class = !t.dst_align ? -1 : t.variant == CLT_VARIANT_NARROW ? CLT_SHAPE_TALL : CLT_SHAPE_ODD;
  if (!(c->label = malloc(strlen(label) + 1)))
    return -1;
  strcpy(c->label, label);
  st->n++;
  return 0;
}

/* A class's second case, where its matrix is at most 1 GiB and the device holds it with room to spare.
 * The odd class has one because a winner of 8191x8193 alone need not carry over: on an NVIDIA H200
 * f16 rect 128 x 64 tiles of 2-element vectors ran 8191x8193 at 78.9% of the copy against the built-in
 * entry's 77.7% (128 x 128, 4-element vectors), and 16383x16385 at 76.2% against 84.8%
 * (bench/results/h200/knobs10.txt D, knobs22.txt C). */
static int holds(const limits *l, const tune_case *c, size_t es) {
  const cl_ulong bytes = (cl_ulong)c->rows * c->cols * c->batch * es;
  return bytes <= ((cl_ulong)1 << 30) && bytes <= l->max_alloc && 4 * bytes <= l->global_mem;
}

static int fits(const limits *l, size_t wg_x, size_t wg_y, size_t local) {
  return wg_x * wg_y <= l->max_wg && wg_x <= l->max_x && wg_y <= l->max_y && local <= l->local_mem;
}

/* The knob grid for one element size; only shapes the device can run, no duplicates. */
static int enumerate(struct clt_bench_tune_state *st, const limits *l, size_t es,
                     const struct clt_bench_options *opt) {
  static const unsigned vws[] = {1, 2, 4, 8, 16};
  for (size_t v = 0; v < opt->n_variants; v++) {
    switch (opt->variants[v]) {
    case CLT_BENCH_VECTOR:
      for (size_t i = 0; i < 5; i++) {
        unsigned vw = vws[i];
        if (vw * es < 8 || vw * es > 32 || (es == 16 && vw > 4))
          continue;
        for (unsigned tile = 32; tile <= 128; tile *= 2) {
          unsigned wg_x = tile / vw;
          if (wg_x < 4 || wg_x > 64)
            continue;
          for (unsigned wg_y = 4; wg_y <= 16; wg_y *= 2) {
            size_t wg = (size_t)wg_x * wg_y;
            if (wg_y > tile / vw || wg < 64 || wg > 512 || !fits(l, wg_x, wg_y, (size_t)tile * tile * es))
              continue;
            /* Misaligned destinations: skewed stores to a sector (default), to a line, or none. */
            static const unsigned aligns[] = {0, 128, 1};
            for (size_t a = 0; a < 3; a++)
              if (add(st, (clt_tuning){CLT_VARIANT_VECTOR, tile, vw, wg_y, 0, 0, aligns[a], 0, 0}) != 0)
                return -1;
          }
        }
      }
      break;
    case CLT_BENCH_TILED:
      for (unsigned tile = 16; tile <= 64; tile *= 2)
        for (unsigned wg_y = 4; wg_y <= 16 && wg_y <= tile; wg_y *= 2)
          if (fits(l, tile, wg_y, (size_t)tile * (tile + 1) * es) &&
              add(st, (clt_tuning){CLT_VARIANT_TILED, tile, 0, wg_y, 1, 0, 0, 0, 0}) != 0)
            return -1;
      break;
    case CLT_BENCH_BLOCK: {
      /* Wide, square and tall groups: CPU drivers favour tall ones (long runs of destination rows). */
      static const unsigned shapes[][2] = {{16, 4}, {64, 1}, {8, 8}, {1, 16}, {1, 64}, {4, 16}};
      for (size_t i = 0; i < 5; i++) {
        unsigned vw = vws[i];
        if (vw * es < 16 || vw * es > 64 || (es == 16 && vw > 4))
          continue;
        for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++)
          if (fits(l, shapes[k][0], shapes[k][1], 0) &&
              add(st, (clt_tuning){CLT_VARIANT_BLOCK, 0, vw, shapes[k][1], 0, shapes[k][0], 0, 0, 0}) != 0)
            return -1;
      }
      /* CPU tiles (GPUs and 1- and 2-byte elements ignore them): rows x 1 to 4 KiB of columns, in
       * rows of 32- and 64-byte vectors (AVX2 and AVX-512 registers), one work-item per group as the
       * library walks them, both tile buffers within its 1 MiB per group. */
      if (l->is_cpu && es >= 4 && fits(l, 1, 1, 0)) {
        static const unsigned tiles[] = {32, 64, 128}, kib[] = {1, 2, 4}, vec_bytes[] = {32, 64};
        for (size_t b = 0; b < 2; b++)
          for (size_t i = 0; i < 3; i++)
            for (size_t w = 0; w < 3; w++) {
              const unsigned vw = (unsigned)(vec_bytes[b] / es), cols = (unsigned)(kib[w] * 1024 / es);
              if (tiles[i] >= vw && 2 * (size_t)tiles[i] * kib[w] * 1024 <= ((size_t)1 << 20) &&
                  add(st, (clt_tuning){CLT_VARIANT_BLOCK, tiles[i], vw, 1, 0, 1, 0, 0, cols}) != 0)
                return -1;
            }
      }
      break;
    }
    case CLT_BENCH_RECT: {
      /* Tile rows x columns (rows a multiple of columns; 128 columns where they are at most 256
       * bytes), accesses of 4 bytes (one element from 4 bytes up) and of 8: the NVIDIA H200's odd
       * entries are 128 x 128 u8 and f16 tiles of 4-element vectors and 64 x 64 f32 tiles of 2. A
       * misaligned destination also tries line-aligned runs (a128) besides the default (a sector, a
       * line for 8-byte elements); the tile holds a row per element of the skew besides its own. */
      for (unsigned bytes = 4; bytes <= 8; bytes *= 2) {
        if (bytes == 8 && es >= 8)
          continue; /* one element a load: the 4-byte pass has it */
        const unsigned vw = es >= bytes ? 1 : (unsigned)(bytes / es);
        for (unsigned tc = 32; tc <= 128 && (tc <= 64 || tc * es <= 256); tc *= 2)
          for (unsigned tile = tc; tile <= 128; tile *= 2)
            for (unsigned wg_y = 4; wg_y <= 8; wg_y *= 2) {
              static const unsigned aligns[] = {0, 128};
              for (size_t a = 0; a < 2; a++) {
                const unsigned align = aligns[a] ? aligns[a] : es == 8 ? 128 : 32;
                const unsigned wg_x = tc / vw, skew = align / (unsigned)es;
                if (fits(l, wg_x, wg_y, (size_t)(tile + skew) * (tc + 1) * es) &&
                    add(st, (clt_tuning){CLT_VARIANT_RECT, tile, vw, wg_y, 1, wg_x, aligns[a], 0, 0}) != 0)
                  return -1;
              }
            }
      }
      /* 16-byte units (aligned layouts): 16-byte vectors, tiles 256 bytes wide (at most 128 columns),
       * 8 to 32 units per destination run. */
      {
        const unsigned uvw = (unsigned)(16 / es), utc = es <= 2 ? 128 : (unsigned)(256 / es);
        for (unsigned runs = 1; runs <= 4; runs *= 2)
          for (unsigned wg_y = 8; wg_y <= 16; wg_y *= 2) {
            unsigned wg_x = utc / uvw, tile = runs * 8 * uvw;
            if (tile < utc || !fits(l, wg_x, wg_y, (size_t)tile * utc * es))
              continue;
            if (add(st, (clt_tuning){CLT_VARIANT_RECT, tile, uvw, wg_y, 1, wg_x, 0, 1, 0}) != 0)
              return -1;
          }
      }
      break;
    }
    case CLT_BENCH_NARROW:
      /* Long extents of 512 bytes to 32 KiB of tile at a 16-element short side (a 64-element one gets 4
       * times the bytes, which the library shrinks to fit local memory), in groups of 64 to 256; each
       * with the library's skew of a tall source's destination runs (where it skews them) and without
       * (a1, tall classes only). Where the library does not skew, a1 builds the same kernel but is still
       * timed on its own: saved, it would turn the skew off on the class's other shapes too. */
      for (unsigned tile = 16; tile <= 4096; tile *= 2) {
        const size_t bytes = (size_t)tile * 16 * es;
        for (unsigned wg_x = 64; wg_x <= 256; wg_x *= 2)
          for (unsigned align = 0; align <= 1; align++)
            if (bytes >= 512 && bytes <= 32768 && fits(l, wg_x, 1, bytes) &&
                add(st, (clt_tuning){CLT_VARIANT_NARROW, tile, 0, 1, 0, wg_x, align, 0, 0}) != 0)
              return -1;
      }
      break;
    case CLT_BENCH_NAIVE:
      if (fits(l, 32, 8, 0) && add(st, (clt_tuning){CLT_VARIANT_NAIVE, 0, 0, 8, 0, 32, 0, 0, 0}) != 0)
        return -1;
      break;
    default:
      break;
    }
  }
  return 0;
}

static int append_records(struct clt_bench_record **records, size_t *n, size_t *cap, size_t more) {
  if (*n + more <= *cap)
    return 0;
  size_t c = *cap ? *cap : 256;
  while (c < *n + more)
    c *= 2;
  struct clt_bench_record *grown = realloc(*records, c * sizeof *grown);
  if (!grown)
    return -1;
  *records = grown;
  *cap = c;
  return 0;
}

/* The knobs and build options that a plan of c's knobs gets on one case: what names the kernel it
 * would time (the library shrinks knobs a device cannot run, so several candidates may get one
 * kernel). 0, or -1 if no plan (the runner then records why). */
static int plan_key(struct clt_bench_session *s, size_t es, const tune_case *tc, candidate *c) {
  clt_desc d;
  memset(&d, 0, sizeof d);
  d.rows = tc->rows;
  d.cols = tc->cols;
  d.elem_size = es;
  d.batch = tc->batch;
  d.variant = c->t.variant;
  d.src_ld = tc->cols + s->src_pad; /* as the runner lays the case out */
  d.dst_ld = tc->rows + s->dst_pad;
  clt_plan *plan = NULL;
  clt_variant resolved;
  const char *options = NULL;
  int rc = -1;
  if (clt_plan_create_tuned(&plan, s->context, s->device->id, &d, &c->t) != CLT_SUCCESS ||
      clt_plan_tuning(plan, &c->key) != CLT_SUCCESS ||
      clt_plan_info(plan, &resolved, &options) != CLT_SUCCESS || options == NULL)
    goto done;
  const size_t n = strlen(options) + 1;
  char *copy = realloc(c->key_options, n);
  if (!copy)
    goto done;
  memcpy(copy, options, n);
  c->key_options = copy;
  rc = 0;
done:
  clt_plan_destroy(plan);
  return rc;
}

static int same_kernel(const candidate *a, const candidate *b) {
  const clt_tuning *x = &a->key, *y = &b->key;
  return x->variant == y->variant && x->tile == y->tile && x->vector_width == y->vector_width &&
         x->wg_y == y->wg_y && x->pad == y->pad && x->wg_x == y->wg_x && x->dst_align == y->dst_align &&
         x->units == y->units && x->tile_cols == y->tile_cols && strcmp(a->key_options, b->key_options) == 0;
}

/* Candidates run in groups behind one copy, so each group's percentages have a ceiling of their own. */
#define GROUP (CLT_BENCH_MAX_METHODS - 1)
/* Points of the copy by which a full search's winner must lead AUTO to be saved: more than the spread
 * of one kernel's medians in one process (on an NVIDIA H200, f16 8191x8193 76.1 and 77.4;
 * bench/results/h200/knobs22.txt C). */
#define AUTO_MARGIN 1.0

/* Runs methods[0 .. n) (the copy, AUTO, then any others) on tc into n new records and returns the first
 * of them, NULL on a host allocation failure. AUTO as it stands (the tuning file's entry, else the
 * built-in table's or the heuristic's choice, with the layout rules that only those two get): its
 * percent of the copy in *auto_pct, NAN if it did not pass, the variant it ran and its build options in
 * info. */
static struct clt_bench_record *run_with_auto(struct clt_bench_session *s, enum clt_bench_type type,
                                              const tune_case *tc, const struct clt_bench_method *methods,
                                              size_t n, struct clt_bench_record **records, size_t *n_records,
                                              size_t *cap, double *auto_pct,
                                              struct clt_bench_method_info *info) {
  *auto_pct = NAN;
  if (append_records(records, n_records, cap, n) != 0)
    return NULL;
  struct clt_bench_record *rec = *records + *n_records;
  clt_bench_run_case(s, tc->rows, tc->cols, type, tc->batch, methods, n, rec);
  *n_records += n;
  *info = rec[1].info;
  if (rec[1].check == CLT_BENCH_PASS)
    *auto_pct = rec[1].percent_of_copy;
  return rec;
}

/* AUTO alone on one case, behind its copy: run_with_auto's figure. */
static double time_auto(struct clt_bench_session *s, enum clt_bench_type type, const tune_case *tc,
                        struct clt_bench_record **records, size_t *n_records, size_t *cap,
                        struct clt_bench_method_info *info) {
  static const enum clt_bench_variant auto_only[] = {CLT_BENCH_AUTO};
  struct clt_bench_method methods[2];
  double pct;
  clt_bench_cltranspose_methods(auto_only, 1, methods);
  run_with_auto(s, type, tc, methods, 2, records, n_records, cap, &pct, info);
  return pct;
}

/* A search of every family first times each family with its own knobs (the plan of an explicit variant)
 * on the class's first shape, and leaves out the grids of the families that ran under this fraction of
 * the best one's. With POCL on 2 cores, f32 2047x2049, block ran 47.5% of the copy that way and the
 * others 5.7-11.8%; the best of their grids reached 17.8% against block's 51.0%, and compiling them
 * took 180 of the 210 seconds of a search of 300x257. On an NVIDIA H200 tuning lifted f32 odd vector
 * from 31.8% to 72.0%, still 18 points behind rect (bench/results/h200/tuning/screen/). */
#define SCREEN_FRACTION 0.5

/* Times AUTO and every family of cands with its own knobs on tc, behind one copy, and marks the
 * candidates of the families that ran under SCREEN_FRACTION of the best as not to be run (a family whose
 * own knobs fail is searched). AUTO's figure and info as run_with_auto gives them. Prints the families'
 * figures, then those left out, if any. -1 on a host allocation failure. */
static int screen(struct clt_bench_session *s, enum clt_bench_type type, clt_shape_class cls,
                  const tune_case *tc, candidate *cands, size_t n_cands, struct clt_bench_record **records,
                  size_t *n_records, size_t *cap, double *auto_pct, struct clt_bench_method_info *auto_info) {
  static const enum clt_bench_variant families[] = {CLT_BENCH_AUTO,   CLT_BENCH_NAIVE, CLT_BENCH_TILED,
                                                    CLT_BENCH_VECTOR, CLT_BENCH_BLOCK, CLT_BENCH_RECT,
                                                    CLT_BENCH_NARROW};
  enum { NF = sizeof families / sizeof families[0] - 1 }; /* but AUTO */
  struct clt_bench_method all[2 + NF], methods[2 + NF];
  size_t m = 0; /* families timed, methods[2 .. 2 + m) */
  clt_bench_cltranspose_methods(families, 1 + NF, all);
  methods[0] = all[0];            /* the copy */
  methods[1] = all[1];            /* AUTO */
  for (size_t f = 0; f < NF; f++) /* the families that have candidates */
    for (size_t i = 0; i < n_cands; i++)
      if (cands[i].t.variant == (clt_variant)all[2 + f].param) {
        methods[2 + m++] = all[2 + f];
        break;
      }
  const struct clt_bench_record *rec =
      run_with_auto(s, type, tc, methods, m + 2, records, n_records, cap, auto_pct, auto_info);
  if (rec == NULL)
    return -1;
  if (m < 2)
    return 0;
  double pct[NF], best = NAN;
  size_t best_f = 0;
  for (size_t f = 0; f < m; f++) {
    pct[f] = rec[2 + f].check == CLT_BENCH_PASS ? rec[2 + f].percent_of_copy : NAN;
    if (!isnan(pct[f]) && (isnan(best) || pct[f] > best)) {
      best = pct[f];
      best_f = f;
    }
  }
  char line[256] = "", out[128] = ""; /* room for every family's name and figure */
  for (size_t f = 0; f < m; f++) {
    const char *name = methods[2 + f].label; /* the variant's name */
    char item[48];
    if (isnan(pct[f]))
      snprintf(item, sizeof item, "%s%s failed", f ? ", " : "", name);
    else
      snprintf(item, sizeof item, "%s%s %.1f%%", f ? ", " : "", name, pct[f]);
    strncat(line, item, sizeof line - strlen(line) - 1);
    if (isnan(pct[f]) || pct[f] >= SCREEN_FRACTION * best)
      continue;
    snprintf(item, sizeof item, " %s", name);
    strncat(out, item, sizeof out - strlen(out) - 1);
    for (size_t i = 0; i < n_cands; i++)
      if (cands[i].t.variant == (clt_variant)methods[2 + f].param)
        cands[i].failed = 1;
  }
  printf("tune %-4s %-8s own knobs on %zux%zu: %s\n", clt_bench_type_name(type), clt_shape_class_name(cls),
         tc->rows, tc->cols, line);
  if (out[0])
    printf("tune %-4s %-8s not searched, under half of %s's %.1f%%:%s\n", clt_bench_type_name(type),
           clt_shape_class_name(cls), methods[2 + best_f].label, best, out);
  fflush(stdout);
  return 0;
}

/* Times the candidates on the class's cases and saves the best to the tuning file; with keep_auto (a
 * search of every variant family) only where it is not AUTO's own kernel and leads AUTO by more than
 * AUTO_MARGIN, so that AUTO's choice, and the layout rules that a tuning file's entry turns off, stand
 * where the grid has nothing faster. */
static int tune_one(struct clt_bench_session *s, enum clt_bench_type type, clt_shape_class cls,
                    const tune_case *cases, size_t n_cases, candidate *cands, size_t n_cands,
                    struct clt_bench_record **records, size_t *n_records, size_t *cap, int keep_auto) {
  const size_t es = clt_bench_type_size(type);
  struct clt_bench_method methods[CLT_BENCH_MAX_METHODS];
  candidate *group[GROUP];
  clt_bench_cltranspose_methods(NULL, 0, methods); /* methods[0]: the copy */
  for (size_t i = 0; i < n_cands; i++) {           /* knobs that change nothing for this class are not run */
    cands[i].failed = cands[i].only_class >= 0 && cls != (clt_shape_class)cands[i].only_class;
    cands[i].as_auto = 1;
  }
  double auto_sum = 0;
  struct clt_bench_method_info auto_info = {"", ""};
  for (size_t k = 0; k < n_cases; k++) {
    if (k == 0 && keep_auto) { /* AUTO timed with the families' own knobs */
      double pct;
      if (screen(s, type, cls, &cases[0], cands, n_cands, records, n_records, cap, &pct, &auto_info) != 0)
        return -1;
      auto_sum += pct;
    } else {
      auto_sum += time_auto(s, type, &cases[k], records, n_records, cap, &auto_info);
    }
    /* A candidate whose plan is an earlier one's kernel is not timed again: it takes that figure. */
    for (size_t i = 0; i < n_cands; i++) {
      candidate *c = &cands[i];
      c->dup_of = SIZE_MAX;
      c->have_key = !c->failed && plan_key(s, es, &cases[k], c) == 0;
      c->as_auto = c->as_auto && c->have_key && strcmp(c->key_options, auto_info.build_options) == 0;
      for (size_t j = 0; c->have_key && j < i; j++)
        if (cands[j].have_key && cands[j].dup_of == SIZE_MAX && same_kernel(&cands[j], c)) {
          c->dup_of = j;
          break;
        }
    }
    for (size_t next = 0; next < n_cands;) {
      size_t m = 0;
      for (; next < n_cands && m < GROUP; next++)
        if (!cands[next].failed && cands[next].dup_of == SIZE_MAX)
          group[m++] = &cands[next];
      if (m == 0)
        break;
      for (size_t i = 0; i < m; i++)
        methods[1 + i] = clt_bench_cltranspose_tuned(group[i]->label, &group[i]->t);
      if (append_records(records, n_records, cap, m + 1) != 0)
        return -1;
      struct clt_bench_record *rec = *records + *n_records;
      clt_bench_run_case(s, cases[k].rows, cases[k].cols, type, cases[k].batch, methods, m + 1, rec);
      *n_records += m + 1;
      for (size_t i = 0; i < m; i++) {
        const struct clt_bench_record *r = &rec[1 + i];
        if (r->check != CLT_BENCH_PASS || isnan(r->percent_of_copy)) {
          group[i]->failed = 1;
        } else {
          group[i]->score_sum += r->percent_of_copy;
          group[i]->case_score = r->percent_of_copy;
        }
      }
    }
    for (size_t i = 0; i < n_cands; i++) {
      candidate *c = &cands[i];
      if (c->dup_of == SIZE_MAX || c->failed)
        continue;
      const candidate *o = &cands[c->dup_of];
      char shape[48];
      snprintf(shape, sizeof shape, "%zux%zu", cases[k].rows, cases[k].cols);
      printf("%-17s %-4s %s: the kernel of %s, timed above\n", shape, clt_bench_type_name(type), c->label,
             o->label);
      if (o->failed)
        c->failed = 1;
      else
        c->score_sum += o->case_score;
    }
  }
  const candidate *best = NULL;
  for (size_t i = 0; i < n_cands; i++)
    if (!cands[i].failed && (!best || cands[i].score_sum > best->score_sum))
      best = &cands[i];
  if (!best) {
    printf("tune %s %s: no candidate passed\n", clt_bench_type_name(type), clt_shape_class_name(cls));
    return 1;
  }
  const double best_mean = best->score_sum / (double)n_cases, auto_mean = auto_sum / (double)n_cases;
  char vs_auto[80] = "";
  if (!isnan(auto_mean))
    snprintf(vs_auto, sizeof vs_auto, "; auto(%s) %.1f%%", auto_info.resolved, auto_mean);
  if (keep_auto && !isnan(auto_mean) && (best->as_auto || best_mean <= auto_mean + AUTO_MARGIN)) {
    printf("tune %-4s %-8s best: %-22s %6.1f%% of copy (mean of %zu shape%s)%s: not saved, %s\n",
           clt_bench_type_name(type), clt_shape_class_name(cls), best->label, best_mean, n_cases,
           n_cases > 1 ? "s" : "", vs_auto,
           best->as_auto ? "it is AUTO's kernel already" : "AUTO's choice stands");
    fflush(stdout);
    return 0;
  }
  /* The file gets the knobs that ran: a candidate the library shrank is saved as what it measured. */
  clt_tuning save = best->t;
  char as_run[64] = "";
  if (best->have_key && clt_bench_knobs_as_run(&best->t, &best->key, &save)) {
    char label[48];
    clt_bench_knobs_label(&save, label, sizeof label);
    snprintf(as_run, sizeof as_run, " (ran as %s)", label);
  }
  clt_status st = clt_tuning_save(s->device->id, es, cls, &save);
  printf("tune %-4s %-8s best: %-22s%s %6.1f%% of copy (mean of %zu shape%s)%s%s%s\n",
         clt_bench_type_name(type), clt_shape_class_name(cls), best->label, as_run, best_mean, n_cases,
         n_cases > 1 ? "s" : "", vs_auto,
         st == CLT_SUCCESS ? "" : "; not saved: ", st == CLT_SUCCESS ? "" : clt_last_error());
  fflush(stdout);
  return st == CLT_SUCCESS ? 0 : 1;
}

int clt_bench_tune(struct clt_bench_session *s, const struct clt_bench_options *opt,
                   struct clt_bench_tune_state **state, struct clt_bench_record **records,
                   size_t *n_records) {
  limits lim;
  size_t cap = 0;
  int status = 0;
  *records = NULL;
  *n_records = 0;
  struct clt_bench_tune_state *st = calloc(1, sizeof *st);
  *state = st;
  if (!st || query_limits(s->device->id, &lim) != 0) {
    fprintf(stderr, "cltranspose-bench: --tune: cannot query the device's limits\n");
    return 1;
  }
  const int gpu = (s->device->type & CL_DEVICE_TYPE_GPU) != 0;
  /* Every family searched (no --variant, or all of them): AUTO's own choice is the one to beat. */
  const int keep_auto = opt->n_variants == CLT_BENCH_VARIANT_COUNT;
  char path[4096];
  if (clt_tuning_file_path(s->device->id, path, sizeof path) == CLT_SUCCESS)
    printf("tuning file: %s\n", path);

  for (size_t t = 0; t < opt->n_types; t++) {
    const size_t es = clt_bench_type_size(opt->types[t]);
    const size_t first = st->n;
    if (enumerate(st, &lim, es, opt) != 0) {
      fprintf(stderr, "cltranspose-bench: out of host memory\n");
      return 1;
    }
    const size_t n_cands = st->n - first;
    if (n_cands == 0) {
      fprintf(stderr, "cltranspose-bench: --tune: no candidate fits this device for %s\n",
              clt_bench_type_name(opt->types[t]));
      status = 1;
      continue;
    }
    if (opt->n_shapes > 0) { /* tune the classes of the given shapes, one shape at a time */
      for (size_t k = 0; k < opt->n_shapes; k++) {
        clt_desc d;
        memset(&d, 0, sizeof d);
        d.rows = opt->shapes[k].rows;
        d.cols = opt->shapes[k].cols;
        d.elem_size = es;
        d.batch = opt->batch;
        clt_shape_class cls;
        if (clt_shape_class_of(&d, &cls) != CLT_SUCCESS) {
          status = 1;
          continue;
        }
        for (size_t i = first; i < st->n; i++) {
          st->c[i].score_sum = 0;
          st->c[i].failed = 0;
        }
        tune_case c = {d.rows, d.cols, opt->batch};
        status |= tune_one(s, opt->types[t], cls, &c, 1, st->c + first, n_cands, records, n_records, &cap,
                           keep_auto) != 0;
      }
      continue;
    }
    for (int cls = 0; cls < CLT_SHAPE_CLASS_COUNT; cls++) {
      const tune_case *cases = gpu ? gpu_cases[cls] : cpu_cases[cls];
      const size_t n_cases = cases[1].rows && holds(&lim, &cases[1], es) ? 2 : 1;
      for (size_t i = first; i < st->n; i++) {
        st->c[i].score_sum = 0;
        st->c[i].failed = 0;
      }
      status |= tune_one(s, opt->types[t], (clt_shape_class)cls, cases, n_cases, st->c + first, n_cands,
                         records, n_records, &cap, keep_auto) != 0;
    }
  }
  return status;
}

void clt_bench_tune_free(struct clt_bench_tune_state *state) {
  if (!state)
    return;
  for (size_t i = 0; i < state->n; i++) {
    free(state->c[i].label);
    free(state->c[i].key_options);
  }
  free(state->c);
  free(state);
}
