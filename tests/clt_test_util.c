/* Shared helpers of the device tests (see clt_test_util.h). The reference transpose and the layout
 * arithmetic are written here from the header's documentation alone, never from the library's code,
 * so that a wrong default or a wrong byte range in the library shows up as a mismatch. */
#define _POSIX_C_SOURCE 200809L
#include "clt_test_util.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ---- device ---- */

static int name_matches(cl_device_id device, const char *want, char *name, size_t name_size) {
  name[0] = '\0';
  if (clGetDeviceInfo(device, CL_DEVICE_NAME, name_size, name, NULL) != CL_SUCCESS)
    return 0;
  name[name_size - 1] = '\0';
  return want == NULL || strstr(name, want) != NULL;
}

/* The library's default: the CLT_DEVICE substring if set, else the first GPU, else the first device. */
static int pick_device(clt_test_env *env, char *msg, size_t msg_size) {
  cl_platform_id platforms[16];
  cl_uint np = 0;
  const char *want = getenv("CLT_DEVICE");
  if (want != NULL && want[0] == '\0')
    want = NULL;
  if (clGetPlatformIDs(16, platforms, &np) != CL_SUCCESS || np == 0) {
    snprintf(msg, msg_size, "no OpenCL platform");
    return -1;
  }
  if (np > 16)
    np = 16;
  /* Pass 0 looks for a GPU only (or the CLT_DEVICE match), pass 1 takes any device. */
  for (int pass = 0; pass < 2; pass++) {
    for (cl_uint p = 0; p < np; p++) {
      cl_device_id devices[16];
      cl_uint nd = 0;
      cl_device_type type = (pass == 0 && want == NULL) ? CL_DEVICE_TYPE_GPU : CL_DEVICE_TYPE_ALL;
      if (clGetDeviceIDs(platforms[p], type, 16, devices, &nd) != CL_SUCCESS || nd == 0)
        continue;
      if (nd > 16)
        nd = 16;
      for (cl_uint d = 0; d < nd; d++) {
        if (name_matches(devices[d], want, env->name, sizeof env->name)) {
          env->platform = platforms[p];
          env->device = devices[d];
          return 0;
        }
      }
    }
    if (want != NULL)
      break; /* a CLT_DEVICE that matches nothing means no device, as in the library */
  }
  snprintf(msg, msg_size, want != NULL ? "no OpenCL device matches CLT_DEVICE=%s" : "no OpenCL device%s",
           want != NULL ? want : "");
  return -1;
}

int clt_test_env_open(clt_test_env *env, char *msg, size_t msg_size) {
  cl_int err = CL_SUCCESS;
  cl_uint align_bits = 0;
  memset(env, 0, sizeof *env);
  if (pick_device(env, msg, msg_size) != 0)
    return -1;
  if (clGetDeviceInfo(env->device, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof align_bits, &align_bits, NULL) !=
      CL_SUCCESS)
    align_bits = 1024;
  env->base_align = align_bits / 8 < 16 ? 16 : align_bits / 8;
  env->context = clCreateContext(NULL, 1, &env->device, NULL, NULL, &err);
  if (env->context == NULL) {
    snprintf(msg, msg_size, "clCreateContext failed: %d", (int)err);
    return -1;
  }
  env->queue = clCreateCommandQueue(env->context, env->device, 0, &err);
  if (env->queue == NULL) {
    snprintf(msg, msg_size, "clCreateCommandQueue failed: %d", (int)err);
    clReleaseContext(env->context);
    env->context = NULL;
    return -1;
  }
  return 0;
}

void clt_test_env_close(clt_test_env *env) {
  if (env->queue != NULL)
    clReleaseCommandQueue(env->queue);
  if (env->context != NULL)
    clReleaseContext(env->context);
  memset(env, 0, sizeof *env);
}

void clt_test_env_open_or_skip(clt_test_env *env, const char *program) {
  char msg[256];
  if (clt_test_env_open(env, msg, sizeof msg) != 0) {
    fprintf(stderr, "%s: skipped: %s\n", program, msg);
    exit(CLT_TEST_SKIP);
  }
  printf("%s: device \"%s\", seed 0x%016llx (replay with CLT_TEST_SEED=0x%016llx)\n", program, env->name,
         (unsigned long long)clt_test_seed(), (unsigned long long)clt_test_seed());
  fflush(stdout);
}

/* ---- random data ---- */

static uint64_t the_seed;
static pthread_once_t seed_once = PTHREAD_ONCE_INIT;

static void init_seed(void) {
  const char *env = getenv("CLT_TEST_SEED");
  struct timespec ts;
  if (env != NULL && env[0] != '\0') {
    the_seed = (uint64_t)strtoull(env, NULL, 0);
    return;
  }
  clock_gettime(CLOCK_REALTIME, &ts);
  the_seed = ((uint64_t)ts.tv_sec << 20) ^ (uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 40);
}

uint64_t clt_test_seed(void) {
  pthread_once(&seed_once, init_seed);
  return the_seed;
}

/* splitmix64: every state gives a well-mixed output, so nearby seeds and streams give unrelated data. */
static uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

void clt_test_rng_init(clt_test_rng *rng, uint64_t seed, uint64_t stream) {
  rng->state = mix64(seed ^ mix64(stream + 0x9e3779b97f4a7c15ULL));
}

uint64_t clt_test_rng_next(clt_test_rng *rng) {
  rng->state += 0x9e3779b97f4a7c15ULL;
  return mix64(rng->state);
}

void clt_test_fill(clt_test_rng *rng, void *buf, size_t bytes) {
  unsigned char *p = buf;
  size_t i = 0;
  for (; i + 8 <= bytes; i += 8) {
    uint64_t v = clt_test_rng_next(rng);
    memcpy(p + i, &v, 8);
  }
  if (i < bytes) {
    uint64_t v = clt_test_rng_next(rng);
    memcpy(p + i, &v, bytes - i);
  }
}

/* ---- layout and reference ---- */

void clt_test_layout_resolve(const clt_desc *desc, clt_test_layout *l) {
  memset(l, 0, sizeof *l);
  l->rows = desc->rows;
  l->cols = desc->cols;
  l->es = desc->elem_size;
  l->batch = desc->batch ? desc->batch : 1;
  l->src_offset = desc->src_offset;
  l->src_ld = desc->src_ld ? desc->src_ld : desc->cols;
  l->src_stride = desc->src_stride ? desc->src_stride : desc->rows * l->src_ld;
  l->dst_offset = desc->dst_offset;
  l->dst_ld = desc->dst_ld ? desc->dst_ld : desc->rows;
  l->dst_stride = desc->dst_stride ? desc->dst_stride : desc->cols * l->dst_ld;
  l->copy = desc->variant == CLT_VARIANT_COPY;
  l->src_bytes =
      (l->src_offset + (l->batch - 1) * l->src_stride + (l->rows - 1) * l->src_ld + l->cols) * l->es;
  l->dst_bytes =
      (l->dst_offset + (l->batch - 1) * l->dst_stride + (l->cols - 1) * l->dst_ld + l->rows) * l->es;
}

/* Element offsets (in elements from the buffer start) of source element (b, r, c) and of the dst element
 * it lands in. COPY keeps the i-th element of each matrix in place: dst element i = src element i. */
static size_t src_index(const clt_test_layout *l, size_t b, size_t r, size_t c) {
  return l->src_offset + b * l->src_stride + r * l->src_ld + c;
}

static size_t dst_index(const clt_test_layout *l, size_t b, size_t r, size_t c) {
  if (l->copy) {
    return l->dst_offset + b * l->dst_stride + r * l->cols + c; /* the views are dense for COPY */
  }
  return l->dst_offset + b * l->dst_stride + c * l->dst_ld + r;
}

void clt_test_reference(const clt_test_layout *l, const unsigned char *src, unsigned char *dst) {
  for (size_t b = 0; b < l->batch; b++)
    for (size_t r = 0; r < l->rows; r++)
      for (size_t c = 0; c < l->cols; c++)
        memcpy(dst + dst_index(l, b, r, c) * l->es, src + src_index(l, b, r, c) * l->es, l->es);
}

void clt_test_sentinel_distinct(const clt_test_layout *l, const unsigned char *src, unsigned char *dst) {
  for (size_t b = 0; b < l->batch; b++)
    for (size_t r = 0; r < l->rows; r++)
      for (size_t c = 0; c < l->cols; c++) {
        unsigned char *d = dst + dst_index(l, b, r, c) * l->es;
        const unsigned char *s = src + src_index(l, b, r, c) * l->es;
        for (size_t k = 0; k < l->es; k++)
          if (d[k] == s[k])
            d[k] = (unsigned char)(d[k] ^ 0xA5u);
      }
}

/* Which view element (if any) dst byte `byte` (from the dst buffer start) belongs to. Assumes the tests'
 * strides are at least cols*ld, which every test layout keeps. */
static int locate_dst(const clt_test_layout *l, size_t byte, size_t *b, size_t *r, size_t *c, size_t *k) {
  size_t e = byte / l->es, rel;
  *k = byte % l->es;
  if (e < l->dst_offset)
    return 0;
  rel = e - l->dst_offset;
  *b = rel / l->dst_stride;
  rel %= l->dst_stride;
  if (*b >= l->batch)
    return 0;
  if (l->copy) {
    if (rel >= l->rows * l->cols)
      return 0;
    *r = rel / l->cols;
    *c = rel % l->cols;
    return 1;
  }
  *c = rel / l->dst_ld;
  *r = rel % l->dst_ld;
  return *c < l->cols && *r < l->rows;
}

size_t clt_test_compare_dst(const clt_test_layout *l, const unsigned char *expected,
                            const unsigned char *actual, size_t n, size_t view_base, char *msg,
                            size_t msg_size) {
  size_t bad = 0, used = 0;
  if (msg_size > 0)
    msg[0] = '\0';
  if (memcmp(expected, actual, n) == 0)
    return 0;
  for (size_t i = 0; i < n; i++) {
    size_t b, r, c, k;
    int w = 0;
    if (expected[i] == actual[i])
      continue;
    if (bad++ >= 4 || used >= msg_size)
      continue;
    if (i < view_base)
      w = snprintf(msg + used, msg_size - used, "[guard byte %zu before the dst buffer: 0x%02x, was 0x%02x] ",
                   view_base - i, actual[i], expected[i]);
    else if (locate_dst(l, i - view_base, &b, &r, &c, &k))
      w = snprintf(msg + used, msg_size - used,
                   "[dst of src(batch %zu, row %zu, col %zu) byte %zu: 0x%02x, expected 0x%02x] ", b, r, c, k,
                   actual[i], expected[i]);
    else if (i - view_base < l->dst_bytes)
      w = snprintf(msg + used, msg_size - used,
                   "[dst gap byte %zu (outside the view) changed: 0x%02x, was 0x%02x] ", i - view_base,
                   actual[i], expected[i]);
    else
      w = snprintf(msg + used, msg_size - used, "[guard byte %zu after the dst view: 0x%02x, was 0x%02x] ",
                   i - view_base - l->dst_bytes, actual[i], expected[i]);
    if (w > 0)
      used += (size_t)w;
  }
  if (used < msg_size)
    snprintf(msg + used, msg_size - used, "(%zu bytes differ)", bad);
  return bad;
}

clt_desc clt_test_desc(size_t rows, size_t cols, size_t elem_size, clt_variant variant) {
  clt_desc d;
  memset(&d, 0, sizeof d);
  d.rows = rows;
  d.cols = cols;
  d.elem_size = elem_size;
  d.variant = variant;
  return d;
}

void clt_test_desc_string(const clt_desc *d, char *buf, size_t size) {
  const char *vn = clt_variant_name(d->variant);
  snprintf(buf, size,
           "rows=%zu cols=%zu elem_size=%zu batch=%zu src(offset=%zu ld=%zu stride=%zu) "
           "dst(offset=%zu ld=%zu stride=%zu) variant=%s(%d)",
           d->rows, d->cols, d->elem_size, d->batch, d->src_offset, d->src_ld, d->src_stride, d->dst_offset,
           d->dst_ld, d->dst_stride, vn != NULL ? vn : "?", (int)d->variant);
}

void clt_test_failure(char *msg, size_t msg_size, const clt_desc *desc, const char *fmt, ...) {
  char ds[512];
  int w;
  va_list ap;
  clt_test_desc_string(desc, ds, sizeof ds);
  w = snprintf(msg, msg_size, "CLT_TEST_SEED=0x%016llx {%s}: ", (unsigned long long)clt_test_seed(), ds);
  if (w < 0 || (size_t)w >= msg_size)
    return;
  va_start(ap, fmt);
  vsnprintf(msg + w, msg_size - (size_t)w, fmt, ap);
  va_end(ap);
}

/* ---- one checked transpose ---- */

static uint64_t desc_hash(const clt_desc *d, uint64_t stream) {
  const size_t f[] = {d->rows,       d->cols,       d->elem_size, d->batch,      d->src_offset,     d->src_ld,
                      d->src_stride, d->dst_offset, d->dst_ld,    d->dst_stride, (size_t)d->variant};
  uint64_t h = mix64(stream ^ 0x5bd1e995u);
  for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
    h = mix64(h ^ (uint64_t)f[i]);
  return h;
}

static int concrete_variant(clt_variant v) {
  return v == CLT_VARIANT_NAIVE || v == CLT_VARIANT_TILED || v == CLT_VARIANT_VECTOR ||
         v == CLT_VARIANT_BLOCK || v == CLT_VARIANT_RECT || v == CLT_VARIANT_NARROW;
}

/* clt_plan_info must name the variant that was asked for, or a concrete transpose for AUTO. */
static int check_plan_info(const clt_test_case *tc, clt_plan *plan, char *msg, size_t msg_size) {
  clt_variant got = (clt_variant)-1;
  const char *opts = NULL;
  clt_status st = clt_plan_info(plan, &got, &opts);
  if (st != CLT_SUCCESS) {
    clt_test_failure(msg, msg_size, &tc->desc, "clt_plan_info returned %s: %s", clt_status_string(st),
                     clt_last_error());
    return -1;
  }
  if (tc->desc.variant == CLT_VARIANT_AUTO ? !concrete_variant(got) : got != tc->desc.variant) {
    clt_test_failure(msg, msg_size, &tc->desc, "clt_plan_info reports variant %d (%s)", (int)got,
                     clt_variant_name(got) ? clt_variant_name(got) : "?");
    return -1;
  }
  if (opts == NULL || strstr(opts, "-D") == NULL) {
    clt_test_failure(msg, msg_size, &tc->desc, "clt_plan_info build options \"%s\" have no -D define",
                     opts ? opts : "(NULL)");
    return -1;
  }
  if (tc->expect_option && !strstr(opts, tc->expect_option)) {
    clt_test_failure(msg, msg_size, &tc->desc, "the build options \"%s\" lack \"%s\"", opts,
                     tc->expect_option);
    return -1;
  }
  return 0;
}

/* Enqueues through the library per tc->via and waits for the result. */
static int run_device(const clt_test_case *tc, cl_command_queue q, cl_mem src, cl_mem dst, char *msg,
                      size_t msg_size) {
  clt_status st = CLT_SUCCESS;
  clt_plan *plan = tc->plan;
  cl_event ev = NULL;
  cl_int evst = CL_COMPLETE;
  const char *what = "clt_plan_enqueue";
  int rc = 0;

  if (tc->via == CLT_TEST_VIA_PLAN) {
    st = tc->tuning ? clt_plan_create_tuned(&plan, tc->env->context, tc->env->device, &tc->desc, tc->tuning)
                    : clt_plan_create(&plan, tc->env->context, tc->env->device, &tc->desc);
    if (st != CLT_SUCCESS) {
      clt_test_failure(msg, msg_size, &tc->desc, "clt_plan_create%s returned %s: %s",
                       tc->tuning ? "_tuned" : "", clt_status_string(st), clt_last_error());
      return -1;
    }
    if (plan == NULL) {
      clt_test_failure(msg, msg_size, &tc->desc, "clt_plan_create succeeded with a NULL plan");
      return -1;
    }
    if (check_plan_info(tc, plan, msg, msg_size) != 0) {
      clt_plan_destroy(plan);
      return -1;
    }
  }
  if (tc->via == CLT_TEST_VIA_TRANSPOSE) {
    what = "clt_transpose";
    st = clt_transpose(q, &tc->desc, src, dst, 0, NULL, tc->no_event ? NULL : &ev);
  } else {
    st = clt_plan_enqueue(plan, q, src, dst, 0, NULL, tc->no_event ? NULL : &ev);
  }
  if (tc->via == CLT_TEST_VIA_PLAN && tc->destroy_early) {
    clt_plan_destroy(plan); /* the enqueued kernel must not depend on the plan staying alive */
    plan = NULL;
  }
  if (st == CLT_SUCCESS && tc->no_event) {
    if (clFinish(q) != CL_SUCCESS) {
      clt_test_failure(msg, msg_size, &tc->desc, "clFinish after %s failed", what);
      rc = -1;
    }
    if (tc->via == CLT_TEST_VIA_PLAN)
      clt_plan_destroy(plan);
    return rc;
  }
  if (st != CLT_SUCCESS) {
    if (tc->via == CLT_TEST_VIA_PLAN)
      clt_plan_destroy(plan);
    clt_test_failure(msg, msg_size, &tc->desc, "%s returned %s: %s", what, clt_status_string(st),
                     clt_last_error());
    return -1;
  }
  if (ev == NULL) {
    clt_test_failure(msg, msg_size, &tc->desc, "%s succeeded without returning the event", what);
    rc = -1;
  } else {
    if (clWaitForEvents(1, &ev) != CL_SUCCESS ||
        clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof evst, &evst, NULL) != CL_SUCCESS ||
        evst != CL_COMPLETE) {
      clt_test_failure(msg, msg_size, &tc->desc, "%s's event did not complete (status %d)", what, (int)evst);
      rc = -1;
    }
    clReleaseEvent(ev);
  }
  if (tc->via == CLT_TEST_VIA_PLAN)
    clt_plan_destroy(plan);
  if (rc != 0)
    clFinish(q); /* nothing of a failed case may still be running when its buffers are released */
  return rc;
}

int clt_test_run(const clt_test_case *tc, char *msg, size_t msg_size) {
  clt_test_layout l;
  clt_test_rng rng;
  const clt_test_env *env = tc->env;
  cl_command_queue q = tc->queue != NULL ? tc->queue : env->queue;
  size_t front = 0, back = 0, total = 0;
  unsigned char *src0 = NULL, *src1 = NULL, *dst0 = NULL, *expect = NULL, *dst1 = NULL;
  cl_mem srcbuf = NULL, parent = NULL, dstbuf = NULL;
  cl_int err = CL_SUCCESS;
  char detail[1024];
  int rc = -1;

  clt_test_layout_resolve(&tc->desc, &l);
  clt_test_rng_init(&rng, clt_test_seed(), desc_hash(&tc->desc, tc->stream));
  /* A guard before the buffer the library sees (sub-buffer origins must be base-aligned) and an odd-sized
   * one after it, so that writes past either end land in memory the test watches. */
  front = env->base_align < 256 ? ((256 + env->base_align - 1) / env->base_align) * env->base_align
                                : env->base_align;
  back = 256 + 3 * l.es + 5;
  total = front + l.dst_bytes + back;

  src0 = malloc(l.src_bytes);
  src1 = malloc(l.src_bytes);
  dst0 = malloc(total);
  expect = malloc(total);
  dst1 = malloc(total);
  if (!src0 || !src1 || !dst0 || !expect || !dst1) {
    clt_test_failure(msg, msg_size, &tc->desc, "test out of host memory");
    goto done;
  }
  clt_test_fill(&rng, src0, l.src_bytes);
  clt_test_fill(&rng, dst0, total);
  clt_test_sentinel_distinct(&l, src0, dst0 + front);
  memcpy(expect, dst0, total);
  clt_test_reference(&l, src0, expect + front);

  if (tc->via == CLT_TEST_VIA_HOST) {
    clt_status st;
    memcpy(src1, src0, l.src_bytes);
    memcpy(dst1, dst0, total);
    st = clt_transpose_host(&tc->desc, src1, dst1 + front);
    if (st != CLT_SUCCESS) {
      clt_test_failure(msg, msg_size, &tc->desc, "clt_transpose_host returned %s: %s", clt_status_string(st),
                       clt_last_error());
      goto done;
    }
  } else {
    cl_buffer_region region;
    srcbuf = clCreateBuffer(env->context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, l.src_bytes, src0, &err);
    if (srcbuf != NULL)
      parent = clCreateBuffer(env->context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, total, dst0, &err);
    region.origin = front;
    region.size = l.dst_bytes; /* exactly the view: the smallest buffer the library must accept */
    if (parent != NULL)
      dstbuf = clCreateSubBuffer(parent, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &region, &err);
    if (dstbuf == NULL) {
      clt_test_failure(msg, msg_size, &tc->desc, "test could not create buffers: %d", (int)err);
      goto done;
    }
    if (run_device(tc, q, srcbuf, dstbuf, msg, msg_size) != 0)
      goto done;
    err = clEnqueueReadBuffer(q, parent, CL_TRUE, 0, total, dst1, 0, NULL, NULL);
    if (err == CL_SUCCESS)
      err = clEnqueueReadBuffer(q, srcbuf, CL_TRUE, 0, l.src_bytes, src1, 0, NULL, NULL);
    if (err != CL_SUCCESS) {
      clt_test_failure(msg, msg_size, &tc->desc, "test could not read back: %d", (int)err);
      goto done;
    }
  }

  if (clt_test_compare_dst(&l, expect, dst1, total, front, detail, sizeof detail) != 0) {
    clt_test_failure(msg, msg_size, &tc->desc, "dst differs from the reference: %s", detail);
    goto done;
  }
  if (memcmp(src0, src1, l.src_bytes) != 0) {
    size_t i = 0;
    while (src0[i] == src1[i])
      i++;
    clt_test_failure(msg, msg_size, &tc->desc, "src changed at byte %zu", i);
    goto done;
  }
  rc = 0;
done:
  if (dstbuf)
    clReleaseMemObject(dstbuf);
  if (parent)
    clReleaseMemObject(parent);
  if (srcbuf)
    clReleaseMemObject(srcbuf);
  free(src0);
  free(src1);
  free(dst0);
  free(expect);
  free(dst1);
  return rc;
}

double clt_test_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
