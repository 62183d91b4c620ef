/* Error paths of the device API: every bad argument returns its documented status with a non-empty
 * clt_last_error(), clt_plan_create leaves *plan NULL, and no failing call writes a byte of dst (each
 * dst is filled with a random pattern first and read back after the call). */
#define _POSIX_C_SOURCE 200809L /* setenv */
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
static clt_test_rng rng;

/* Stands in for a stale plan pointer, to see clt_plan_create overwrite it with NULL on failure. */
static max_align_t not_a_plan;
#define STALE_PLAN ((clt_plan *)(void *)&not_a_plan)

typedef struct patterned {
  cl_mem mem;
  unsigned char *bytes; /* what the buffer must still hold */
  size_t size;
} patterned;

static patterned make_buffer(size_t size) {
  patterned p;
  cl_int err = CL_SUCCESS;
  p.size = size;
  p.bytes = malloc(size);
  assert_non_null(p.bytes);
  clt_test_fill(&rng, p.bytes, size);
  p.mem = clCreateBuffer(env.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, size, p.bytes, &err);
  assert_int_equal(err, CL_SUCCESS);
  return p;
}

static void free_buffer(patterned *p) {
  clReleaseMemObject(p->mem);
  free(p->bytes);
}

static void expect_unchanged(const patterned *p, const char *what) {
  unsigned char *now = malloc(p->size);
  assert_non_null(now);
  assert_int_equal(clFinish(env.queue), CL_SUCCESS);
  assert_int_equal(clEnqueueReadBuffer(env.queue, p->mem, CL_TRUE, 0, p->size, now, 0, NULL, NULL),
                   CL_SUCCESS);
  if (memcmp(now, p->bytes, p->size) != 0) {
    size_t i = 0;
    while (now[i] == p->bytes[i])
      i++;
    free(now);
    fail_msg("%s: a failed call wrote byte %zu of a buffer (CLT_TEST_SEED=0x%016llx)", what, i,
             (unsigned long long)clt_test_seed());
  }
  free(now);
}

/* st must be one of the allowed failures (list ends with CLT_SUCCESS), with a detail in clt_last_error(). */
static void expect_failure_(clt_status st, const char *what, const clt_status *allowed) {
  const char *detail = clt_last_error();
  int ok = 0;
  for (const clt_status *a = allowed; *a != CLT_SUCCESS; a++)
    ok |= st == *a;
  if (!ok)
    fail_msg("%s: returned %s (%d)", what, clt_status_string(st), (int)st);
  if (detail == NULL || detail[0] == '\0')
    fail_msg("%s: returned %s with an empty clt_last_error()", what, clt_status_string(st));
}
#define expect_failure(st, what, ...)                                                                        \
  expect_failure_((st), (what), (const clt_status[]){__VA_ARGS__, CLT_SUCCESS})

static void plan_create_null_plan_pointer_is_invalid_value(void **state) {
  clt_desc d = clt_test_desc(4, 4, 4, CLT_VARIANT_AUTO);
  (void)state;
  expect_failure(clt_plan_create(NULL, env.context, env.device, &d), "NULL plan pointer", CLT_INVALID_VALUE);
}

static void plan_create_null_desc_is_invalid_value_and_plan_null(void **state) {
  clt_plan *plan = STALE_PLAN;
  (void)state;
  expect_failure(clt_plan_create(&plan, env.context, env.device, NULL), "NULL desc", CLT_INVALID_VALUE);
  assert_null(plan);
}

static void plan_create_null_context_or_device_fails_and_plan_null(void **state) {
  clt_desc d = clt_test_desc(4, 4, 4, CLT_VARIANT_AUTO);
  clt_plan *plan = STALE_PLAN;
  (void)state;
  expect_failure(clt_plan_create(&plan, NULL, env.device, &d), "NULL context", CLT_INVALID_VALUE,
                 (clt_status)CL_INVALID_CONTEXT);
  assert_null(plan);
  plan = STALE_PLAN;
  expect_failure(clt_plan_create(&plan, env.context, NULL, &d), "NULL device", CLT_INVALID_VALUE,
                 (clt_status)CL_INVALID_DEVICE);
  assert_null(plan);
}

/* Descriptors that clt__layout_from_desc rejects, as a caller would hand them in. */
static size_t bad_descs(clt_desc out[16]) {
  size_t n = 0;
  out[n++] = clt_test_desc(0, 8, 4, CLT_VARIANT_AUTO);
  out[n++] = clt_test_desc(8, 0, 4, CLT_VARIANT_AUTO);
  out[n++] = clt_test_desc(8, 8, 3, CLT_VARIANT_AUTO);
  out[n++] = clt_test_desc(8, 8, 32, CLT_VARIANT_AUTO);
  out[n++] = clt_test_desc(8, 8, 0, CLT_VARIANT_AUTO);
  out[n++] = clt_test_desc(8, 8, 4, (clt_variant)7);
  out[n] = clt_test_desc(8, 8, 4, CLT_VARIANT_TILED);
  out[n++].src_ld = 7;
  out[n] = clt_test_desc(8, 8, 4, CLT_VARIANT_NAIVE);
  out[n++].dst_ld = 7;
  out[n] = clt_test_desc(8, 8, 4, CLT_VARIANT_VECTOR);
  out[n].batch = 2;
  out[n++].src_stride = 63;
  out[n] = clt_test_desc(8, 8, 4, CLT_VARIANT_AUTO);
  out[n].batch = 2;
  out[n++].dst_stride = 10;
  out[n] = clt_test_desc(SIZE_MAX / 2, 4, 4, CLT_VARIANT_AUTO);
  n++;
  out[n] = clt_test_desc(8, 8, 4, CLT_VARIANT_AUTO);
  out[n++].src_offset = SIZE_MAX - 8;
  out[n] = clt_test_desc(8, 8, 4, CLT_VARIANT_AUTO);
  out[n++].dst_offset = SIZE_MAX / 4;
  return n;
}

static void bad_descriptors_are_invalid_value_and_write_nothing(void **state) {
  clt_desc bad[16];
  size_t n = bad_descs(bad);
  patterned src = make_buffer(4096), dst = make_buffer(4096);
  unsigned char hsrc[4096], hdst[4096], hdst0[4096];
  (void)state;
  clt_test_fill(&rng, hsrc, sizeof hsrc);
  clt_test_fill(&rng, hdst0, sizeof hdst0);
  for (size_t i = 0; i < n; i++) {
    clt_plan *plan = STALE_PLAN;
    char what[600], ds[512];
    clt_test_desc_string(&bad[i], ds, sizeof ds);
    snprintf(what, sizeof what, "clt_plan_create {%s}", ds);
    expect_failure(clt_plan_create(&plan, env.context, env.device, &bad[i]), what, CLT_INVALID_VALUE);
    assert_null(plan);
    snprintf(what, sizeof what, "clt_transpose {%s}", ds);
    expect_failure(clt_transpose(env.queue, &bad[i], src.mem, dst.mem, 0, NULL, NULL), what,
                   CLT_INVALID_VALUE);
    expect_unchanged(&dst, what);
    snprintf(what, sizeof what, "clt_transpose_host {%s}", ds);
    memcpy(hdst, hdst0, sizeof hdst);
    expect_failure(clt_transpose_host(&bad[i], hsrc, hdst), what, CLT_INVALID_VALUE);
    assert_memory_equal(hdst, hdst0, sizeof hdst);
  }
  expect_failure(clt_transpose(env.queue, NULL, src.mem, dst.mem, 0, NULL, NULL), "clt_transpose NULL desc",
                 CLT_INVALID_VALUE);
  expect_failure(clt_transpose_host(NULL, hsrc, hdst), "clt_transpose_host NULL desc", CLT_INVALID_VALUE);
  expect_unchanged(&dst, "NULL desc");
  expect_unchanged(&src, "bad descriptors (src)");
  free_buffer(&src);
  free_buffer(&dst);
}

static void enqueue_null_plan_is_invalid_value(void **state) {
  patterned src = make_buffer(256), dst = make_buffer(256);
  (void)state;
  expect_failure(clt_plan_enqueue(NULL, env.queue, src.mem, dst.mem, 0, NULL, NULL), "enqueue NULL plan",
                 CLT_INVALID_VALUE);
  expect_unchanged(&dst, "enqueue NULL plan");
  free_buffer(&src);
  free_buffer(&dst);
}

static void null_queue_src_or_dst_fail_and_write_nothing(void **state) {
  clt_desc d = clt_test_desc(8, 8, 4, CLT_VARIANT_AUTO);
  patterned src = make_buffer(256), dst = make_buffer(256);
  clt_plan *plan = NULL;
  cl_event ev = NULL;
  (void)state;
  assert_int_equal(clt_plan_create(&plan, env.context, env.device, &d), CLT_SUCCESS);
  expect_failure(clt_plan_enqueue(plan, NULL, src.mem, dst.mem, 0, NULL, &ev), "enqueue NULL queue",
                 CLT_INVALID_VALUE, (clt_status)CL_INVALID_COMMAND_QUEUE);
  expect_failure(clt_plan_enqueue(plan, env.queue, NULL, dst.mem, 0, NULL, &ev), "enqueue NULL src",
                 CLT_INVALID_BUFFER);
  expect_failure(clt_plan_enqueue(plan, env.queue, src.mem, NULL, 0, NULL, &ev), "enqueue NULL dst",
                 CLT_INVALID_BUFFER);
  expect_failure(clt_transpose(NULL, &d, src.mem, dst.mem, 0, NULL, &ev), "clt_transpose NULL queue",
                 CLT_INVALID_VALUE, (clt_status)CL_INVALID_COMMAND_QUEUE);
  expect_failure(clt_transpose(env.queue, &d, NULL, dst.mem, 0, NULL, &ev), "clt_transpose NULL src",
                 CLT_INVALID_BUFFER);
  expect_failure(clt_transpose(env.queue, &d, src.mem, NULL, 0, NULL, &ev), "clt_transpose NULL dst",
                 CLT_INVALID_BUFFER);
  assert_null(ev); /* no event may come back from a call that enqueued nothing */
  expect_unchanged(&dst, "NULL queue/src/dst");
  expect_unchanged(&src, "NULL queue/src/dst (src)");
  clt_plan_destroy(plan);
  free_buffer(&src);
  free_buffer(&dst);
}

static void host_null_pointers_fail_and_write_nothing(void **state) {
  clt_desc d = clt_test_desc(8, 8, 4, CLT_VARIANT_AUTO);
  unsigned char src[256], dst[256], dst0[256];
  (void)state;
  clt_test_fill(&rng, src, sizeof src);
  clt_test_fill(&rng, dst0, sizeof dst0);
  memcpy(dst, dst0, sizeof dst);
  expect_failure(clt_transpose_host(&d, NULL, dst), "host NULL src", CLT_INVALID_VALUE, CLT_INVALID_BUFFER);
  expect_failure(clt_transpose_host(&d, src, NULL), "host NULL dst", CLT_INVALID_VALUE, CLT_INVALID_BUFFER);
  assert_memory_equal(dst, dst0, sizeof dst);
}

/* One byte short is enough: the last element of the view would fall outside the buffer. */
static void buffer_smaller_than_view_is_invalid_buffer(void **state) {
  static const size_t es[] = {1, 4, 16};
  (void)state;
  for (size_t e = 0; e < 3; e++)
    for (int layout = 0; layout < 3; layout++) {
      clt_desc d = clt_test_desc(13, 17, es[e], CLT_VARIANT_AUTO);
      clt_test_layout l;
      clt_plan *plan = NULL;
      char ds[512], what[600];
      if (layout >= 1) {
        d.src_offset = 5;
        d.dst_offset = 3;
        d.src_ld = 20;
        d.dst_ld = 14;
      }
      if (layout == 2) {
        d.batch = 3;
        d.src_stride = 13 * 20 + 1;
      }
      clt_test_layout_resolve(&d, &l);
      clt_test_desc_string(&d, ds, sizeof ds);
      assert_int_equal(clt_plan_create(&plan, env.context, env.device, &d), CLT_SUCCESS);
      {
        patterned small_src = make_buffer(l.src_bytes - 1), src = make_buffer(l.src_bytes);
        patterned small_dst = make_buffer(l.dst_bytes - 1), dst = make_buffer(l.dst_bytes);
        snprintf(what, sizeof what, "short src {%s}", ds);
        expect_failure(clt_plan_enqueue(plan, env.queue, small_src.mem, dst.mem, 0, NULL, NULL), what,
                       CLT_INVALID_BUFFER);
        expect_failure(clt_transpose(env.queue, &d, small_src.mem, dst.mem, 0, NULL, NULL), what,
                       CLT_INVALID_BUFFER);
        expect_unchanged(&dst, what);
        snprintf(what, sizeof what, "short dst {%s}", ds);
        expect_failure(clt_plan_enqueue(plan, env.queue, src.mem, small_dst.mem, 0, NULL, NULL), what,
                       CLT_INVALID_BUFFER);
        expect_failure(clt_transpose(env.queue, &d, src.mem, small_dst.mem, 0, NULL, NULL), what,
                       CLT_INVALID_BUFFER);
        expect_unchanged(&small_dst, what);
        free_buffer(&small_src);
        free_buffer(&src);
        free_buffer(&small_dst);
        free_buffer(&dst);
      }
      clt_plan_destroy(plan);
    }
}

/* In-place transposes are not supported: src and dst in one buffer must not share a byte. */
static void same_buffer_overlapping_ranges_is_invalid_value(void **state) {
  static const size_t dst_offsets[] = {0, 1, 30, 8 * 8 - 1};
  (void)state;
  for (size_t i = 0; i < sizeof dst_offsets / sizeof dst_offsets[0]; i++) {
    clt_desc d = clt_test_desc(8, 8, 4, CLT_VARIANT_AUTO);
    patterned buf = make_buffer(4 * 8 * 8 * 2);
    clt_plan *plan = NULL;
    char what[96];
    d.dst_offset = dst_offsets[i];
    snprintf(what, sizeof what, "8x8 src at 0, dst at %zu, one buffer", dst_offsets[i]);
    assert_int_equal(clt_plan_create(&plan, env.context, env.device, &d), CLT_SUCCESS);
    expect_failure(clt_plan_enqueue(plan, env.queue, buf.mem, buf.mem, 0, NULL, NULL), what,
                   CLT_INVALID_VALUE);
    expect_failure(clt_transpose(env.queue, &d, buf.mem, buf.mem, 0, NULL, NULL), what, CLT_INVALID_VALUE);
    expect_unchanged(&buf, what);
    clt_plan_destroy(plan);
    free_buffer(&buf);
  }
  /* The source behind the destination overlaps too. */
  {
    clt_desc d = clt_test_desc(8, 8, 4, CLT_VARIANT_AUTO);
    patterned buf = make_buffer(4 * 8 * 8 * 2);
    d.src_offset = 40;
    d.dst_offset = 0;
    expect_failure(clt_transpose(env.queue, &d, buf.mem, buf.mem, 0, NULL, NULL),
                   "src after an overlapping dst", CLT_INVALID_VALUE);
    expect_unchanged(&buf, "src after an overlapping dst");
    free_buffer(&buf);
  }
  /* Host arrays that overlap are refused the same way. */
  {
    clt_desc d = clt_test_desc(8, 8, 4, CLT_VARIANT_AUTO);
    unsigned char host[512], host0[512];
    clt_test_fill(&rng, host0, sizeof host0);
    memcpy(host, host0, sizeof host);
    expect_failure(clt_transpose_host(&d, host, host + 100), "overlapping host arrays", CLT_INVALID_VALUE);
    assert_memory_equal(host, host0, sizeof host);
  }
}

/* Sub-buffers of one parent alias its memory: overlapping ones are as in-place as one buffer would be,
 * while adjacent ones are a legal transpose. */
static void overlapping_sub_buffers_are_invalid_value(void **state) {
  const size_t a = env.base_align, view = 2 * a;
  clt_desc d = clt_test_desc(1, view, 1, CLT_VARIANT_AUTO); /* 1 x N: dst N x 1 has the same bytes as src */
  patterned parent = make_buffer(4 * a);
  cl_buffer_region r0 = {0, view}, r1 = {a, view}, r2 = {2 * a, view};
  cl_int err = CL_SUCCESS;
  cl_mem s0, s1, s2;
  clt_plan *plan = NULL;
  unsigned char *got = malloc(4 * a);
  (void)state;
  assert_non_null(got);
  s0 = clCreateSubBuffer(parent.mem, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &r0, &err);
  assert_int_equal(err, CL_SUCCESS);
  s1 = clCreateSubBuffer(parent.mem, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &r1, &err);
  assert_int_equal(err, CL_SUCCESS);
  s2 = clCreateSubBuffer(parent.mem, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &r2, &err);
  assert_int_equal(err, CL_SUCCESS);
  assert_int_equal(clt_plan_create(&plan, env.context, env.device, &d), CLT_SUCCESS);
  expect_failure(clt_plan_enqueue(plan, env.queue, s0, s1, 0, NULL, NULL), "overlapping sub-buffers",
                 CLT_INVALID_VALUE);
  expect_failure(clt_transpose(env.queue, &d, s1, s0, 0, NULL, NULL), "overlapping sub-buffers",
                 CLT_INVALID_VALUE);
  expect_failure(clt_plan_enqueue(plan, env.queue, parent.mem, s1, 0, NULL, NULL),
                 "parent and its sub-buffer", CLT_INVALID_VALUE);
  expect_unchanged(&parent, "overlapping sub-buffers");
  /* Adjacent sub-buffers share no byte. */
  assert_int_equal(clt_plan_enqueue(plan, env.queue, s0, s2, 0, NULL, NULL), CLT_SUCCESS);
  assert_int_equal(clEnqueueReadBuffer(env.queue, parent.mem, CL_TRUE, 0, 4 * a, got, 0, NULL, NULL),
                   CL_SUCCESS);
  memcpy(parent.bytes + 2 * a, parent.bytes, view);
  if (memcmp(got, parent.bytes, 4 * a) != 0)
    fail_msg("1x%zu transpose between adjacent sub-buffers is not exact (CLT_TEST_SEED=0x%016llx)", view,
             (unsigned long long)clt_test_seed());
  clt_plan_destroy(plan);
  clReleaseMemObject(s0);
  clReleaseMemObject(s1);
  clReleaseMemObject(s2);
  free(got);
  free_buffer(&parent);
}

/* Disjoint views of one buffer are a legal transpose: exact, with everything else in the buffer intact. */
static void same_buffer_disjoint_ranges_transposes_exactly(void **state) {
  static const size_t es[] = {1, 2, 4, 8, 16};
  (void)state;
  for (size_t e = 0; e < 5; e++)
    for (int via = 0; via < 2; via++) {
      clt_desc d = clt_test_desc(13, 17, es[e], via ? CLT_VARIANT_AUTO : CLT_VARIANT_TILED);
      clt_test_layout l;
      size_t total;
      unsigned char *expect, *got;
      patterned buf;
      char detail[1024], ds[512];
      d.src_offset = 2;
      d.dst_offset = 2 + 13 * 17 + 5; /* a gap of 5 elements after the source */
      clt_test_layout_resolve(&d, &l);
      total = l.dst_bytes + 9 * es[e];
      buf = make_buffer(total);
      /* A skipped write must show: no dst byte may already hold the value it is to receive. */
      clt_test_sentinel_distinct(&l, buf.bytes, buf.bytes);
      assert_int_equal(clEnqueueWriteBuffer(env.queue, buf.mem, CL_TRUE, 0, total, buf.bytes, 0, NULL, NULL),
                       CL_SUCCESS);
      expect = malloc(total);
      got = malloc(total);
      assert_non_null(expect);
      assert_non_null(got);
      memcpy(expect, buf.bytes, total);
      clt_test_reference(&l, buf.bytes, expect);
      clt_test_desc_string(&d, ds, sizeof ds);
      if (via) {
        clt_status st = clt_transpose(env.queue, &d, buf.mem, buf.mem, 0, NULL, NULL);
        if (st != CLT_SUCCESS)
          fail_msg("clt_transpose {%s} one buffer, disjoint: %s: %s", ds, clt_status_string(st),
                   clt_last_error());
      } else {
        clt_plan *plan = NULL;
        clt_status st = clt_plan_create(&plan, env.context, env.device, &d);
        if (st == CLT_SUCCESS)
          st = clt_plan_enqueue(plan, env.queue, buf.mem, buf.mem, 0, NULL, NULL);
        clt_plan_destroy(plan);
        if (st != CLT_SUCCESS)
          fail_msg("plan {%s} one buffer, disjoint: %s: %s", ds, clt_status_string(st), clt_last_error());
      }
      assert_int_equal(clEnqueueReadBuffer(env.queue, buf.mem, CL_TRUE, 0, total, got, 0, NULL, NULL),
                       CL_SUCCESS);
      if (clt_test_compare_dst(&l, expect, got, total, 0, detail, sizeof detail) != 0)
        fail_msg("CLT_TEST_SEED=0x%016llx {%s} one buffer, disjoint: %s", (unsigned long long)clt_test_seed(),
                 ds, detail);
      free(expect);
      free(got);
      free_buffer(&buf);
    }
}

/* COPY is defined for dense views only; anything else must be refused, not half-copied. */
static void copy_with_non_dense_layout_fails(void **state) {
  clt_desc bad[4];
  patterned src = make_buffer(8192), dst = make_buffer(8192);
  (void)state;
  for (int i = 0; i < 4; i++)
    bad[i] = clt_test_desc(8, 12, 4, CLT_VARIANT_COPY);
  bad[0].src_ld = 13;
  bad[1].dst_ld = 9;
  bad[2].batch = 2;
  bad[2].src_stride = 8 * 12 + 4;
  bad[3].batch = 2;
  bad[3].dst_stride = 8 * 12 + 1;
  for (int i = 0; i < 4; i++) {
    clt_plan *plan = STALE_PLAN;
    char ds[512], what[600];
    clt_status st;
    clt_test_desc_string(&bad[i], ds, sizeof ds);
    snprintf(what, sizeof what, "COPY non-dense {%s}", ds);
    st = clt_plan_create(&plan, env.context, env.device, &bad[i]);
    if (st == CLT_SUCCESS) {
      /* Accepted at creation: it must then refuse to run. */
      st = clt_plan_enqueue(plan, env.queue, src.mem, dst.mem, 0, NULL, NULL);
      clt_plan_destroy(plan);
      plan = NULL;
    }
    expect_failure(st, what, CLT_INVALID_VALUE, CLT_UNSUPPORTED);
    assert_null(plan);
    expect_failure(clt_transpose(env.queue, &bad[i], src.mem, dst.mem, 0, NULL, NULL), what,
                   CLT_INVALID_VALUE, CLT_UNSUPPORTED);
    expect_unchanged(&dst, what);
  }
  free_buffer(&src);
  free_buffer(&dst);
}

/* Narrow work-groups are one-dimensional and narrow tiles powers of two up to 4096: other knobs are
 * refused before anything is built, for the variant asked for and for AUTO alike, and leave no plan. */
static void narrow_bad_knobs_are_invalid_value_and_plan_null(void **state) {
  static const clt_tuning bad[] = {
      {.variant = CLT_VARIANT_NARROW, .wg_y = 2},         {.variant = CLT_VARIANT_NARROW, .tile = 8192},
      {.variant = CLT_VARIANT_NARROW, .tile = 96},        {.variant = CLT_VARIANT_NARROW, .wg_x = 96},
      {.variant = CLT_VARIANT_NARROW, .vector_width = 3},
  };
  static const clt_variant asked[] = {CLT_VARIANT_NARROW, CLT_VARIANT_AUTO};
  (void)state;
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
    for (size_t v = 0; v < 2; v++) {
      clt_desc d = clt_test_desc(4000, 24, 4, asked[v]);
      clt_plan *plan = STALE_PLAN;
      char what[96];
      snprintf(what, sizeof what, "%s plan, narrow knobs %zu", clt_variant_name(asked[v]), i);
      expect_failure(clt_plan_create_tuned(&plan, env.context, env.device, &d, &bad[i]), what,
                     CLT_INVALID_VALUE);
      assert_null(plan);
    }
}

static void plan_info_null_plan_is_invalid_value(void **state) {
  clt_variant v;
  const char *opts;
  (void)state;
  expect_failure(clt_plan_info(NULL, &v, &opts), "clt_plan_info NULL plan", CLT_INVALID_VALUE);
}

/* OpenCL's own rule for wait lists: a count without a list is an error. */
static void wait_list_count_without_list_fails_and_writes_nothing(void **state) {
  clt_desc d = clt_test_desc(8, 8, 4, CLT_VARIANT_AUTO);
  patterned src = make_buffer(256), dst = make_buffer(256);
  clt_plan *plan = NULL;
  (void)state;
  assert_int_equal(clt_plan_create(&plan, env.context, env.device, &d), CLT_SUCCESS);
  expect_failure(clt_plan_enqueue(plan, env.queue, src.mem, dst.mem, 1, NULL, NULL), "1 event, NULL list",
                 CLT_INVALID_VALUE, (clt_status)CL_INVALID_EVENT_WAIT_LIST);
  expect_failure(clt_transpose(env.queue, &d, src.mem, dst.mem, 2, NULL, NULL), "2 events, NULL list",
                 CLT_INVALID_VALUE, (clt_status)CL_INVALID_EVENT_WAIT_LIST);
  expect_unchanged(&dst, "wait list count without list");
  clt_plan_destroy(plan);
  free_buffer(&src);
  free_buffer(&dst);
}

/* A plan is bound to its context: a queue of another context must be refused before anything runs. */
static void queue_of_another_context_fails_and_writes_nothing(void **state) {
  clt_desc d = clt_test_desc(8, 8, 4, CLT_VARIANT_AUTO);
  patterned src = make_buffer(256), dst = make_buffer(256);
  clt_plan *plan = NULL;
  cl_int err = CL_SUCCESS;
  cl_context other = clCreateContext(NULL, 1, &env.device, NULL, NULL, &err);
  cl_command_queue q = NULL;
  clt_status st;
  (void)state;
  assert_int_equal(err, CL_SUCCESS);
  q = clCreateCommandQueue(other, env.device, 0, &err);
  assert_int_equal(err, CL_SUCCESS);
  assert_int_equal(clt_plan_create(&plan, env.context, env.device, &d), CLT_SUCCESS);
  st = clt_plan_enqueue(plan, q, src.mem, dst.mem, 0, NULL, NULL);
  clFinish(q);
  if (st == CLT_SUCCESS)
    fail_msg("clt_plan_enqueue on a queue of another context succeeded");
  if (clt_last_error()[0] == '\0')
    fail_msg("queue of another context: %s with an empty clt_last_error()", clt_status_string(st));
  expect_unchanged(&dst, "queue of another context");
  clt_plan_destroy(plan);
  clReleaseCommandQueue(q);
  clReleaseContext(other);
  free_buffer(&src);
  free_buffer(&dst);
}

/* A kernel that cannot compile (CLT_BUILD_OPTIONS breaks the element type) is CLT_BUILD_FAILED with the
 * compiler's log in clt_last_error(), through every entry point, and nothing is written. */
static void build_failure_carries_the_log_and_writes_nothing(void **state) {
  clt_desc d = clt_test_desc(9, 7, 4, CLT_VARIANT_TILED);
  patterned src = make_buffer(256), dst = make_buffer(256);
  clt_plan *plan = STALE_PLAN;
  unsigned char host_src[256], host_dst[256], host_copy[256];
  (void)state;
  clt_test_fill(&rng, host_src, sizeof host_src);
  clt_test_fill(&rng, host_dst, sizeof host_dst);
  memcpy(host_copy, host_dst, sizeof host_dst);
  clt_cache_clear(); /* no program or plan built before may be reused */
  const char *cache_env = getenv("CLT_CACHE_DIR");
  char *saved_cache = cache_env ? strdup(cache_env) : NULL;
  setenv("CLT_CACHE_DIR", "off", 1);
  setenv("CLT_BUILD_OPTIONS", "-DT=clt_no_such_type", 1);
  clt_status st = clt_plan_create(&plan, env.context, env.device, &d);
  char detail[4096];
  snprintf(detail, sizeof detail, "%s", clt_last_error());
  clt_status one_call = clt_transpose(env.queue, &d, src.mem, dst.mem, 0, NULL, NULL);
  clt_status host = clt_transpose_host(&d, host_src, host_dst);
  unsetenv("CLT_BUILD_OPTIONS");
  if (saved_cache)
    setenv("CLT_CACHE_DIR", saved_cache, 1);
  else
    unsetenv("CLT_CACHE_DIR");
  free(saved_cache);
  assert_int_equal(st, CLT_BUILD_FAILED);
  assert_null(plan);
  assert_int_equal(one_call, CLT_BUILD_FAILED);
  assert_int_equal(host, CLT_BUILD_FAILED);
  /* The detail names the kernel and options, then the compiler's own log, which mentions the type. */
  if (!strstr(detail, "building kernel") || !strstr(detail, "clt_no_such_type") || !strchr(detail, '\n'))
    fail_msg("build failure detail lacks the kernel, the options or the log: \"%s\"", detail);
  expect_unchanged(&dst, "failed build");
  assert_memory_equal(host_dst, host_copy, sizeof host_dst);
  clt_cache_clear();
  free_buffer(&src);
  free_buffer(&dst);
}

/* A buffer of another context is CLT_INVALID_BUFFER before anything is enqueued. */
static void buffer_of_another_context_is_invalid_buffer(void **state) {
  clt_desc d = clt_test_desc(8, 8, 4, CLT_VARIANT_AUTO);
  patterned src = make_buffer(256), dst = make_buffer(256);
  clt_plan *plan = NULL;
  cl_int err = CL_SUCCESS;
  (void)state;
  cl_context other = clCreateContext(NULL, 1, &env.device, NULL, NULL, &err);
  assert_int_equal(err, CL_SUCCESS);
  cl_mem foreign = clCreateBuffer(other, CL_MEM_READ_WRITE, 256, NULL, &err);
  assert_int_equal(err, CL_SUCCESS);
  assert_int_equal(clt_plan_create(&plan, env.context, env.device, &d), CLT_SUCCESS);
  assert_int_equal(clt_plan_enqueue(plan, env.queue, foreign, dst.mem, 0, NULL, NULL), CLT_INVALID_BUFFER);
  assert_non_null(strstr(clt_last_error(), "context"));
  expect_unchanged(&dst, "source of another context");
  assert_int_equal(clt_plan_enqueue(plan, env.queue, src.mem, foreign, 0, NULL, NULL), CLT_INVALID_BUFFER);
  assert_non_null(strstr(clt_last_error(), "context"));
  clt_plan_destroy(plan);
  clReleaseMemObject(foreign);
  clReleaseContext(other);
  free_buffer(&src);
  free_buffer(&dst);
}

static int group_setup(void **state) {
  (void)state;
  clt_test_rng_init(&rng, clt_test_seed(), 0xe770);
  return 0;
}

static int group_teardown(void **state) {
  (void)state;
  clt_cache_clear();
  return 0;
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(plan_create_null_plan_pointer_is_invalid_value),
      cmocka_unit_test(plan_create_null_desc_is_invalid_value_and_plan_null),
      cmocka_unit_test(plan_create_null_context_or_device_fails_and_plan_null),
      cmocka_unit_test(bad_descriptors_are_invalid_value_and_write_nothing),
      cmocka_unit_test(enqueue_null_plan_is_invalid_value),
      cmocka_unit_test(null_queue_src_or_dst_fail_and_write_nothing),
      cmocka_unit_test(host_null_pointers_fail_and_write_nothing),
      cmocka_unit_test(buffer_smaller_than_view_is_invalid_buffer),
      cmocka_unit_test(same_buffer_overlapping_ranges_is_invalid_value),
      cmocka_unit_test(same_buffer_disjoint_ranges_transposes_exactly),
      cmocka_unit_test(overlapping_sub_buffers_are_invalid_value),
      cmocka_unit_test(copy_with_non_dense_layout_fails),
      cmocka_unit_test(narrow_bad_knobs_are_invalid_value_and_plan_null),
      cmocka_unit_test(plan_info_null_plan_is_invalid_value),
      cmocka_unit_test(wait_list_count_without_list_fails_and_writes_nothing),
      cmocka_unit_test(queue_of_another_context_fails_and_writes_nothing),
      cmocka_unit_test(build_failure_carries_the_log_and_writes_nothing),
      cmocka_unit_test(buffer_of_another_context_is_invalid_buffer),
  };
  int rc;
  clt_test_env_open_or_skip(&env, "test_errors");
  rc = cmocka_run_group_tests(tests, group_setup, group_teardown);
  clt_test_env_close(&env);
  return rc != 0;
}
