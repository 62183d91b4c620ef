/* clt_exact_check: every kernel variant x every element size over small shapes that hit each edge path
 * (1x1, primes, tile +-1, offsets, padded ld, batch 2), compared byte for byte with a host reference.
 * Written to run under Oclgrind, which reports out-of-bounds accesses, data races and uninitialized
 * reads on stderr (run_oclgrind.cmake fails the test on any of them), and natively on POCL. */
#define _POSIX_C_SOURCE 200809L
#include "cltranspose.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SKIP_CODE 77 /* ctest SKIP_RETURN_CODE: the required platform is not installed */
#define GUARD 64     /* bytes after the destination view that must survive */
#define VARIANTS_MAX 16

typedef struct shape {
  size_t rows, cols, batch;
  size_t src_off, src_ld, src_stride;
  size_t dst_off, dst_ld, dst_stride;
  const char *what;
} shape;

/* Tile-independent edge cases. Tile +-1 shapes for the tile actually chosen are added per plan. */
static const shape base_shapes[] = {
    {1, 1, 0, 0, 0, 0, 0, 0, 0, "1x1"},
    {7, 13, 0, 0, 0, 0, 0, 0, 0, "primes"},
    {13, 7, 0, 0, 0, 0, 0, 0, 0, "primes"},
    {31, 33, 0, 0, 0, 0, 0, 0, 0, "32-tile -+1"},
    {33, 31, 0, 0, 0, 0, 0, 0, 0, "32-tile +-1"},
    {65, 63, 0, 0, 0, 0, 0, 0, 0, "64-tile +-1"},
    {7, 13, 0, 3, 0, 0, 5, 0, 0, "odd offsets"},
    {8, 12, 0, 4, 0, 0, 8, 0, 0, "aligned offsets"},
    {13, 7, 0, 0, 9, 0, 0, 17, 0, "padded ld"},
    {12, 8, 0, 0, 12, 0, 0, 16, 0, "aligned padded ld"},
    {7, 13, 2, 0, 0, 0, 0, 0, 0, "batch 2 dense"},
    {9, 5, 2, 1, 7, 9 * 7 + 3, 2, 11, 5 * 11 + 5, "batch 2 offsets, ld, stride"},
};

/* Larger shapes for native devices (--large); too slow for the simulator. */
static const shape large_shapes[] = {
    {257, 131, 0, 0, 0, 0, 0, 0, 0, "large odd"},
    {256, 512, 0, 0, 0, 0, 0, 0, 0, "large aligned"},
    {1000, 3, 0, 0, 0, 0, 0, 0, 0, "tall"},
    {3, 1000, 0, 0, 0, 0, 0, 0, 0, "wide"},
    {129, 130, 3, 5, 133, 129 * 133 + 7, 3, 131, 130 * 131 + 1, "batch 3 padded"},
    {700, 201, 0, 0, 0, 0, 0, 0, 0, "large tall"}, /* rect and vector walk along its tile rows */
    {520, 130, 2, 3, 131, 520 * 131 + 5, 1, 523, 130 * 523 + 3, "large tall batch 2 padded"},
};

typedef struct env {
  cl_device_id device;
  cl_context context;
  cl_command_queue queue;
  char name[256];
  char platform[256];
} env;

typedef struct counts {
  unsigned run, failed;
} counts;

static int contains_nocase(const char *hay, const char *needle) {
  size_t n = strlen(needle);
  for (; *hay; hay++) {
    size_t i = 0;
    while (i < n && hay[i] && tolower((unsigned char)hay[i]) == tolower((unsigned char)needle[i]))
      i++;
    if (i == n)
      return 1;
  }
  return n == 0;
}

/* The library's own rule (env CLT_DEVICE, else first GPU, else first device), restricted to platforms
 * whose name contains platform_filter. Returns 0, 1 if no platform matches, -1 on error. */
static int open_env(env *e, const char *platform_filter) {
  cl_platform_id plats[16];
  cl_uint np = 0;
  memset(e, 0, sizeof *e);
  if (clGetPlatformIDs(16, plats, &np) != CL_SUCCESS || np == 0)
    return platform_filter ? 1 : -1;
  const char *want = getenv("CLT_DEVICE");
  cl_device_id first = NULL, gpu = NULL, named = NULL;
  int platform_seen = 0;
  for (cl_uint p = 0; p < np && p < 16; p++) {
    char pname[256] = "";
    clGetPlatformInfo(plats[p], CL_PLATFORM_NAME, sizeof pname - 1, pname, NULL);
    if (platform_filter && !contains_nocase(pname, platform_filter))
      continue;
    platform_seen = 1;
    cl_device_id devs[16];
    cl_uint nd = 0;
    if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, 16, devs, &nd) != CL_SUCCESS)
      continue;
    for (cl_uint d = 0; d < nd && d < 16; d++) {
      char dname[256] = "";
      cl_device_type type = 0;
      clGetDeviceInfo(devs[d], CL_DEVICE_NAME, sizeof dname - 1, dname, NULL);
      clGetDeviceInfo(devs[d], CL_DEVICE_TYPE, sizeof type, &type, NULL);
      if (want && *want && !named && contains_nocase(dname, want))
        named = devs[d];
      if (!first)
        first = devs[d];
      if (!gpu && (type & CL_DEVICE_TYPE_GPU))
        gpu = devs[d];
    }
  }
  if (!platform_seen)
    return platform_filter ? 1 : -1;
  e->device = want && *want ? named : gpu ? gpu : first;
  if (!e->device)
    return -1;
  cl_platform_id plat = NULL;
  clGetDeviceInfo(e->device, CL_DEVICE_NAME, sizeof e->name - 1, e->name, NULL);
  clGetDeviceInfo(e->device, CL_DEVICE_PLATFORM, sizeof plat, &plat, NULL);
  clGetPlatformInfo(plat, CL_PLATFORM_NAME, sizeof e->platform - 1, e->platform, NULL);
  cl_int err;
  e->context = clCreateContext(NULL, 1, &e->device, NULL, NULL, &err);
  if (err != CL_SUCCESS)
    return -1;
  e->queue = clCreateCommandQueue(e->context, e->device, 0, &err);
  return err == CL_SUCCESS ? 0 : -1;
}

static void close_env(env *e) {
  clt_cache_clear(); /* clt_transpose's cached plans retain the context */
  if (e->queue)
    clReleaseCommandQueue(e->queue);
  if (e->context)
    clReleaseContext(e->context);
}

/* splitmix64: the data of case n is reproducible from n alone. */
static uint64_t next_u64(uint64_t *s) {
  uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static void fill(uint64_t seed, unsigned char *buf, size_t n) {
  for (size_t i = 0; i < n; i++)
    buf[i] = (unsigned char)(next_u64(&seed) >> 56);
}

/* Defaults resolved as the header documents them, independently of the library. */
typedef struct layout {
  size_t rows, cols, es, batch, src_off, src_ld, src_stride, dst_off, dst_ld, dst_stride;
  size_t src_bytes, dst_bytes; /* end of each view in bytes */
} layout;

static layout resolve(const shape *s, size_t es) {
  layout l;
  l.rows = s->rows;
  l.cols = s->cols;
  l.es = es;
  l.batch = s->batch ? s->batch : 1;
  l.src_off = s->src_off;
  l.dst_off = s->dst_off;
  l.src_ld = s->src_ld ? s->src_ld : s->cols;
  l.dst_ld = s->dst_ld ? s->dst_ld : s->rows;
  l.src_stride = s->src_stride ? s->src_stride : l.rows * l.src_ld;
  l.dst_stride = s->dst_stride ? s->dst_stride : l.cols * l.dst_ld;
  l.src_bytes = (l.src_off + (l.batch - 1) * l.src_stride + (l.rows - 1) * l.src_ld + l.cols) * es;
  l.dst_bytes = (l.dst_off + (l.batch - 1) * l.dst_stride + (l.cols - 1) * l.dst_ld + l.rows) * es;
  return l;
}

static int is_dense(const shape *s) {
  return !s->src_ld && !s->dst_ld && !s->src_stride && !s->dst_stride;
}

/* Writes the expected destination into exp (a copy of the initial dst) and marks the written bytes. */
static void reference(const layout *l, int copy, const unsigned char *src, unsigned char *exp,
                      unsigned char *written) {
  size_t es = l->es;
  if (copy) { /* dense views: the copy moves rows*cols*batch elements in order */
    size_t n = l->rows * l->cols * l->batch * es;
    memcpy(exp + l->dst_off * es, src + l->src_off * es, n);
    memset(written + l->dst_off * es, 1, n);
    return;
  }
  for (size_t b = 0; b < l->batch; b++)
    for (size_t r = 0; r < l->rows; r++)
      for (size_t c = 0; c < l->cols; c++) {
        size_t si = (l->src_off + b * l->src_stride + r * l->src_ld + c) * es;
        size_t di = (l->dst_off + b * l->dst_stride + c * l->dst_ld + r) * es;
        memcpy(exp + di, src + si, es);
        memset(written + di, 1, es);
      }
}

static void describe(const shape *s, size_t es, clt_variant v, char *buf, size_t size) {
  snprintf(
      buf, size,
      "%-6s es=%-2zu %zux%zu batch=%zu src(off=%zu ld=%zu stride=%zu) dst(off=%zu ld=%zu stride=%zu) [%s]",
      clt_variant_name(v), es, s->rows, s->cols, s->batch ? s->batch : 1, s->src_off, s->src_ld,
      s->src_stride, s->dst_off, s->dst_ld, s->dst_stride, s->what);
}

/* Where byte i of the destination buffer lies, for a failure message. */
static void where(const layout *l, int copy, const unsigned char *written, size_t i, char *buf, size_t size) {
  if (!written[i]) {
    snprintf(buf, size, "byte %zu (outside the view: offset, ld gap, stride gap or guard)", i);
    return;
  }
  size_t e = i / l->es - l->dst_off;
  if (copy) {
    snprintf(buf, size, "byte %zu (element %zu of the copy)", i, e);
    return;
  }
  size_t b = e / l->dst_stride, rem = e % l->dst_stride;
  snprintf(buf, size, "byte %zu (batch %zu, dst row %zu, dst col %zu)", i, b, rem / l->dst_ld,
           rem % l->dst_ld);
}

/* Runs one case; 0 on success, -1 with a message on stdout. */
static int run_case(const env *e, clt_variant v, size_t es, const shape *s, uint64_t seed) {
  char what[320];
  describe(s, es, v, what, sizeof what);
  /* Before the run, so that an Oclgrind report on stderr follows the case it belongs to. */
  printf("case %llu: %s\n", (unsigned long long)seed, what);
  layout l = resolve(s, es);
  int copy = v == CLT_VARIANT_COPY;
  size_t sbytes = l.src_bytes;         /* exact: Oclgrind flags any read past the view */
  size_t dbytes = l.dst_bytes + GUARD; /* a guard after the view: stray writes show as changed bytes */
  unsigned char *src = malloc(sbytes), *dst0 = malloc(dbytes), *exp = malloc(dbytes), *got = malloc(dbytes);
  unsigned char *written = calloc(dbytes, 1), *src_back = malloc(sbytes);
  cl_mem sbuf = NULL, dbuf = NULL;
  clt_plan *plan = NULL;
  cl_event ev = NULL;
  int rc = -1;
  clt_status st = CLT_SUCCESS;
  cl_int err = CL_SUCCESS;
  const char *step = "host allocation";
  if (!src || !dst0 || !exp || !got || !written || !src_back)
    goto out;
  fill(seed, src, sbytes);
  fill(seed ^ 0xD5Du, dst0, dbytes);
  memcpy(exp, dst0, dbytes);
  reference(&l, copy, src, exp, written);
  /* A sentinel equal to the value about to be written would hide a skipped write: make them differ. */
  for (size_t i = 0; i < dbytes; i++)
    if (written[i] && dst0[i] == exp[i])
      dst0[i] ^= 0xA5;

  clt_desc d;
  memset(&d, 0, sizeof d);
  d.rows = s->rows;
  d.cols = s->cols;
  d.elem_size = es;
  d.batch = s->batch;
  d.src_offset = s->src_off;
  d.src_ld = s->src_ld;
  d.src_stride = s->src_stride;
  d.dst_offset = s->dst_off;
  d.dst_ld = s->dst_ld;
  d.dst_stride = s->dst_stride;
  d.variant = v;

  step = "clCreateBuffer";
  sbuf = clCreateBuffer(e->context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sbytes, src, &err);
  if (err == CL_SUCCESS)
    dbuf = clCreateBuffer(e->context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, dbytes, dst0, &err);
  if (err != CL_SUCCESS)
    goto out;
  if (v == CLT_VARIANT_AUTO) { /* the one-call API: plan cache, AUTO resolution */
    step = "clt_transpose";
    if ((st = clt_transpose(e->queue, &d, sbuf, dbuf, 0, NULL, NULL)) != CLT_SUCCESS)
      goto out;
    step = "clFinish";
    if ((err = clFinish(e->queue)) != CL_SUCCESS)
      goto out;
  } else { /* a plan, and the event it hands back */
    step = "clt_plan_create";
    if ((st = clt_plan_create(&plan, e->context, e->device, &d)) != CLT_SUCCESS)
      goto out;
    step = "clt_plan_enqueue";
    if ((st = clt_plan_enqueue(plan, e->queue, sbuf, dbuf, 0, NULL, &ev)) != CLT_SUCCESS)
      goto out;
    step = "clWaitForEvents";
    if ((err = clWaitForEvents(1, &ev)) != CL_SUCCESS)
      goto out;
  }
  step = "clEnqueueReadBuffer";
  err = clEnqueueReadBuffer(e->queue, dbuf, CL_TRUE, 0, dbytes, got, 0, NULL, NULL);
  if (err == CL_SUCCESS)
    err = clEnqueueReadBuffer(e->queue, sbuf, CL_TRUE, 0, sbytes, src_back, 0, NULL, NULL);
  if (err != CL_SUCCESS)
    goto out;
  step = NULL;

  size_t bad = 0, first = 0;
  for (size_t i = 0; i < dbytes; i++)
    if (got[i] != exp[i] && bad++ == 0)
      first = i;
  if (bad) {
    char at[160];
    where(&l, copy, written, first, at, sizeof at);
    const char *opts = "";
    if (plan)
      clt_plan_info(plan, NULL, &opts);
    printf("FAIL %s: %zu of %zu dst bytes wrong; first at %s: got 0x%02x, expected 0x%02x (options: %s)\n",
           what, bad, dbytes, at, got[first], exp[first], opts);
  } else if (memcmp(src, src_back, sbytes) != 0) {
    printf("FAIL %s: the source buffer was modified\n", what);
  } else {
    rc = 0;
  }

out:
  if (rc != 0 && step) {
    if (st != CLT_SUCCESS)
      printf("FAIL %s: %s returned %s: %s\n", what, step, clt_status_string(st), clt_last_error());
    else
      printf("FAIL %s: %s failed: %s\n", what, step, clt_status_string((clt_status)err));
  }
  if (ev)
    clReleaseEvent(ev);
  clt_plan_destroy(plan);
  if (dbuf)
    clReleaseMemObject(dbuf);
  if (sbuf)
    clReleaseMemObject(sbuf);
  free(src);
  free(dst0);
  free(exp);
  free(got);
  free(written);
  free(src_back);
  return rc;
}

/* The tile and vector width the device gets for this variant and element size, from a probe plan, so
 * that the tile +-1 shapes follow the tile really chosen (it shrinks under small device limits). */
static int probe(const env *e, clt_variant v, size_t es, size_t rows, size_t cols, clt_tuning *t,
                 const char **opts_out, char *opts, size_t opts_size) {
  clt_desc d;
  memset(&d, 0, sizeof d);
  d.rows = rows;
  d.cols = cols;
  d.elem_size = es;
  d.variant = v;
  clt_plan *p = NULL;
  clt_status st = clt_plan_create(&p, e->context, e->device, &d);
  if (st != CLT_SUCCESS) {
    printf("FAIL %s es=%zu: probe clt_plan_create returned %s: %s\n", clt_variant_name(v), es,
           clt_status_string(st), clt_last_error());
    return -1;
  }
  const char *o = "";
  clt_variant used = CLT_VARIANT_AUTO;
  clt_plan_info(p, &used, &o);
  snprintf(opts, opts_size, "%s -> %s: %s", clt_variant_name(v), clt_variant_name(used), o);
  *opts_out = opts;
  st = clt_plan_tuning(p, t);
  clt_plan_destroy(p);
  return st == CLT_SUCCESS ? 0 : -1;
}

static int parse_list(const char *arg, const char *const *names, unsigned n, unsigned *mask) {
  *mask = 0;
  char buf[256];
  snprintf(buf, sizeof buf, "%s", arg);
  for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
    unsigned i = 0;
    while (i < n && strcmp(tok, names[i]) != 0)
      i++;
    if (i == n)
      return -1;
    *mask |= 1u << i;
  }
  return *mask ? 0 : -1;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void usage(const char *argv0) {
  printf("usage: %s [--variants auto,naive,tiled,...,copy] [--sizes 1,2,4,8,16] [--large]\n"
         "          [--platform SUBSTRING] [--expect-device SUBSTRING] [--no-tile-shapes]\n"
         "          [--exclude-shapes LABEL-SUBSTRING] [--case N]\n"
         "Exit status: 0 all exact, 1 a failure, 77 no platform matches --platform.\n",
         argv0);
}

int main(int argc, char **argv) {
  static const char *const snames[] = {"1", "2", "4", "8", "16"};
  static const size_t svals[] = {1, 2, 4, 8, 16};
  /* Every variant the library names (AUTO first, the copy ceiling last), so a new one is checked too. */
  const char *vnames[VARIANTS_MAX];
  clt_variant vvals[VARIANTS_MAX];
  unsigned nv = 0;
  for (int v = 0; v <= CLT_VARIANT_COPY && nv < VARIANTS_MAX; v++)
    if (clt_variant_name((clt_variant)v)) {
      vvals[nv] = (clt_variant)v;
      vnames[nv++] = clt_variant_name((clt_variant)v);
    }
  unsigned vmask = (1u << nv) - 1, smask = 0x1f;
  int large = 0, tile_shapes = 1;
  unsigned long long only = 0; /* --case N: run case N alone (numbers follow the same selection) */
  const char *platform = NULL, *expect = NULL, *exclude = NULL;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
    if (strcmp(a, "--variants") == 0 && val && parse_list(val, vnames, nv, &vmask) == 0) {
      i++;
    } else if (strcmp(a, "--sizes") == 0 && val && parse_list(val, snames, 5, &smask) == 0) {
      i++;
    } else if (strcmp(a, "--platform") == 0 && val) {
      platform = val;
      i++;
    } else if (strcmp(a, "--exclude-shapes") == 0 && val) {
      exclude = val;
      i++;
    } else if (strcmp(a, "--expect-device") == 0 && val) {
      expect = val;
      i++;
    } else if (strcmp(a, "--case") == 0 && val && (only = strtoull(val, NULL, 10)) > 0) {
      i++;
    } else if (strcmp(a, "--large") == 0) {
      large = 1;
    } else if (strcmp(a, "--no-tile-shapes") == 0) {
      tile_shapes = 0;
    } else {
      usage(argv[0]);
      return strcmp(a, "--help") == 0 ? 0 : 2;
    }
  }
  setvbuf(stdout, NULL, _IOLBF, 0);

  env e;
  int o = open_env(&e, platform);
  if (o == 1) {
    printf("SKIP: no OpenCL platform named like \"%s\"\n", platform);
    return SKIP_CODE;
  }
  if (o != 0) {
    printf("FAIL: no usable OpenCL device\n");
    close_env(&e);
    return 1;
  }
  printf("device: %s (platform %s)\n", e.name, e.platform);
  if (expect && !contains_nocase(e.name, expect)) {
    printf("FAIL: the device is not the expected \"%s\" (is the oclgrind wrapper intercepting OpenCL?)\n",
           expect);
    close_env(&e);
    return 1;
  }

  counts c = {0, 0};
  double t0 = now();
  uint64_t seq = 0;
  for (unsigned vi = 0; vi < nv; vi++) {
    if (!(vmask & (1u << vi)))
      continue;
    clt_variant v = vvals[vi];
    double tv = now();
    unsigned before = c.failed, ran = c.run;
    for (unsigned si = 0; si < 5; si++) {
      if (!(smask & (1u << si)))
        continue;
      size_t es = svals[si];
      clt_tuning t;
      memset(&t, 0, sizeof t);
      char opts[1200];
      const char *o_str = "";
      /* The narrow kernel's tile follows the short side (a 1 x 1 probe would give the longest tile there
       * is): it is probed, and its unit shapes made, with a short side of NS. */
      const size_t NS = 12;
      const int narrow = v == CLT_VARIANT_NARROW;
      if (probe(&e, v, es, narrow ? 1000 : 1, narrow ? NS : 1, &t, &o_str, opts, sizeof opts) != 0) {
        c.run++;
        c.failed++;
        continue;
      }
      printf("config es=%zu %s (tile %u, vw %u, wg %ux%u)\n", es, o_str, t.tile, t.vector_width, t.wg_x,
             t.wg_y);

      shape
          list[sizeof base_shapes / sizeof base_shapes[0] + sizeof large_shapes / sizeof large_shapes[0] + 6];
      size_t n = 0;
      for (size_t k = 0; k < sizeof base_shapes / sizeof base_shapes[0]; k++)
        list[n++] = base_shapes[k];
      if (large)
        for (size_t k = 0; k < sizeof large_shapes / sizeof large_shapes[0]; k++)
          list[n++] = large_shapes[k];
      /* The side of the unit the kernel works in: a tile (tiled, vector) or a register block (block). The
       * copy ceiling's knobs are not shapes. */
      size_t T = t.tile > 1 ? t.tile : t.vector_width;
      if (tile_shapes && narrow) {
        /* Whole tiles both ways (their vector paths), with 16-byte aligned offsets, and a partial last
         * tile along the long side, where the rows are not vector-aligned either. */
        const size_t a = es < 16 ? 16 / es : 1;
        list[n++] = (shape){T, NS, 0, 0, 0, 0, 0, 0, 0, "narrow: tall unit"};
        list[n++] = (shape){2 * T, NS, 0, a, 0, 0, a, 0, 0, "narrow: tall units, aligned offsets"};
        list[n++] = (shape){T + 1, NS, 0, 0, 0, 0, 0, 0, 0, "narrow: tall unit+1"};
        list[n++] = (shape){NS, 2 * T, 0, a, 0, 0, a, 0, 0, "narrow: wide units, aligned offsets"};
        list[n++] = (shape){NS, T + 1, 0, 0, 0, 0, 0, 0, 0, "narrow: wide unit+1"};
        /* Rows off 16 bytes: the first tile's vectors cut from aligned pairs, the last tile's pairs would
         * pass the view's end (element loads). */
        list[n++] = (shape){NS, 2 * T, 0, 0, 2 * T + 1, 0, 0, 0, 0, "narrow: wide units, odd ld"};
      } else if (tile_shapes && v != CLT_VARIANT_COPY && T > 1) {
        size_t vw = t.vector_width ? t.vector_width : 1;
        /* One full unit plus a partial column (an unaligned ld: the vload paths), a partial unit both
         * ways, and full units at vector-aligned offsets (the aligned-pointer paths). */
        list[n++] = (shape){T, T + 1, 0, 0, 0, 0, 0, 0, 0, "unit x unit+1"};
        list[n++] = (shape){T + 1, T - 1, 0, 0, 0, 0, 0, 0, 0, "unit+1 x unit-1"};
        list[n++] = (shape){T, T, 0, vw, 0, 0, vw, 0, 0, "full unit, aligned offsets"};
      }
      for (size_t k = 0; k < n; k++) {
        if (v == CLT_VARIANT_COPY && !is_dense(&list[k]))
          continue; /* the copy ceiling accepts dense views only (validation rejects the rest) */
        if (exclude && strstr(list[k].what, exclude))
          continue; /* a documented simulator limitation (tests/oclgrind/CMakeLists.txt) */
        if (++seq != only && only)
          continue;
        c.run++;
        if (run_case(&e, v, es, &list[k], seq) != 0)
          c.failed++;
      }
    }
    printf("%s: %u cases, %u failed, %.1f s\n", clt_variant_name(v), c.run - ran, c.failed - before,
           now() - tv);
  }
  printf("total: %u cases, %u failed, %.1f s on %s\n", c.run, c.failed, now() - t0, e.name);
  close_env(&e);
  return c.failed ? 1 : 0;
}
