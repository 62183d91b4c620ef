/* The convenience entry points and object lifetimes: clt_transpose (one call, cached plans, event wait
 * lists), clt_transpose_host (host arrays, dst gaps kept), CLT_DEVICE selection, clt_cache_clear, and
 * that plans and caches give back every context reference they take. */
#define _POSIX_C_SOURCE 200809L
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

static void run_via(const clt_desc *d, clt_test_via via, uint64_t stream) {
  clt_test_case tc;
  char msg[2048];
  memset(&tc, 0, sizeof tc);
  tc.env = &env;
  tc.desc = *d;
  tc.via = via;
  tc.stream = stream;
  if (clt_test_run(&tc, msg, sizeof msg) != 0)
    fail_msg("%s", msg);
}

/* A few layouts that exercise offsets, padded ld (dst gaps) and batches. */
static clt_desc layout_case(int i, size_t es, clt_variant v) {
  clt_desc d = clt_test_desc(29 + (size_t)i, 41 - (size_t)i, es, v);
  switch (i % 4) {
  case 1:
    d.src_offset = 3;
    d.dst_offset = 7;
    break;
  case 2:
    d.src_ld = d.cols + 5;
    d.dst_ld = d.rows + 3;
    break;
  case 3:
    d.batch = 3;
    d.src_offset = 1;
    d.src_ld = d.cols + 2;
    d.src_stride = d.rows * d.src_ld + 4;
    d.dst_ld = d.rows + 6;
    d.dst_stride = d.cols * d.dst_ld + 2;
    break;
  default:
    break;
  }
  return d;
}

static const clt_variant variants[] = {CLT_VARIANT_AUTO,   CLT_VARIANT_NAIVE, CLT_VARIANT_TILED,
                                       CLT_VARIANT_VECTOR, CLT_VARIANT_BLOCK, CLT_VARIANT_RECT,
                                       CLT_VARIANT_NARROW};
#define NVARIANTS (sizeof variants / sizeof variants[0])
static const size_t elem_sizes[] = {1, 2, 4, 8, 16};

static void transpose_one_call_exact(void **state) {
  (void)state;
  for (size_t v = 0; v < NVARIANTS; v++)
    for (size_t e = 0; e < 5; e++)
      for (int i = 0; i < 4; i++) {
        clt_desc d = layout_case(i, elem_sizes[e], variants[v]);
        run_via(&d, CLT_TEST_VIA_TRANSPOSE, 0);
      }
}

static void transpose_without_event_then_finish_exact(void **state) {
  clt_test_case tc;
  char msg[2048];
  (void)state;
  memset(&tc, 0, sizeof tc);
  tc.env = &env;
  tc.desc = layout_case(3, 4, CLT_VARIANT_AUTO);
  tc.via = CLT_TEST_VIA_TRANSPOSE;
  tc.no_event = 1;
  if (clt_test_run(&tc, msg, sizeof msg) != 0)
    fail_msg("%s", msg);
  tc.via = CLT_TEST_VIA_PLAN;
  if (clt_test_run(&tc, msg, sizeof msg) != 0)
    fail_msg("%s", msg);
}

/* The same descriptor again hits the plan cache; other shapes in between must not evict it wrongly or
 * mix up plans (each result is still exact). The timings are printed, not asserted. */
static void transpose_repeated_calls_same_and_different_shapes_exact(void **state) {
  static const size_t shapes[][2] = {{64, 48}, {48, 64}, {64, 48}, {17, 5}, {64, 48}, {5, 17}, {48, 64}};
  double first = 0, later = 0;
  (void)state;
  for (int round = 0; round < 3; round++)
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
      clt_desc d = clt_test_desc(shapes[i][0], shapes[i][1], 4, CLT_VARIANT_AUTO);
      double t0 = clt_test_now();
      run_via(&d, CLT_TEST_VIA_TRANSPOSE, (uint64_t)(round * 100 + (int)i));
      if (round == 0 && i == 0)
        first = clt_test_now() - t0;
      else if (i == 0)
        later += (clt_test_now() - t0) / 2;
    }
  print_message("64x48: first call %.4f s, cached calls %.4f s on average\n", first, later);
}

/* Descriptors that differ in one field only must never share a cached plan: each result is exact. */
static void transpose_cache_tells_every_desc_field_apart(void **state) {
  clt_desc base = clt_test_desc(24, 20, 4, CLT_VARIANT_AUTO), d[10];
  (void)state;
  for (int i = 0; i < 10; i++)
    d[i] = base;
  d[1].elem_size = 8;
  d[2].batch = 2;
  d[3].src_offset = 1;
  d[4].src_ld = 21;
  d[5].batch = 2;
  d[5].src_stride = 24 * 20 + 3;
  d[6].dst_offset = 2;
  d[7].dst_ld = 25;
  d[8].batch = 2;
  d[8].dst_stride = 20 * 24 + 5;
  d[9].variant = CLT_VARIANT_NAIVE;
  for (int round = 0; round < 2; round++)
    for (int i = 0; i < 10; i++)
      run_via(&d[i], CLT_TEST_VIA_TRANSPOSE, (uint64_t)(round * 10 + i));
}

/* The same descriptor on a second context must get a plan of that context, not the first one's. */
static void transpose_same_desc_on_two_contexts_exact(void **state) {
  clt_test_env other = env;
  clt_desc d = clt_test_desc(45, 38, 4, CLT_VARIANT_AUTO);
  cl_int err = CL_SUCCESS;
  (void)state;
  other.context = clCreateContext(NULL, 1, &env.device, NULL, NULL, &err);
  assert_int_equal(err, CL_SUCCESS);
  other.queue = clCreateCommandQueue(other.context, env.device, 0, &err);
  assert_int_equal(err, CL_SUCCESS);
  for (int round = 0; round < 2; round++) {
    clt_test_case tc;
    char msg[2048];
    memset(&tc, 0, sizeof tc);
    tc.desc = d;
    tc.via = CLT_TEST_VIA_TRANSPOSE;
    tc.stream = (uint64_t)round;
    tc.env = &env;
    if (clt_test_run(&tc, msg, sizeof msg) != 0)
      fail_msg("first context: %s", msg);
    tc.env = &other;
    if (clt_test_run(&tc, msg, sizeof msg) != 0)
      fail_msg("second context: %s", msg);
  }
  clt_cache_clear(); /* so that the second context really goes away below */
  clReleaseCommandQueue(other.queue);
  clReleaseContext(other.context);
}

/* The kernel must wait for the wait list: gated by a user event it cannot complete before the event is
 * set, and a second transpose chained on the first's event gets the first's result (A^T^T = A). */
static void transpose_honours_event_wait_list(void **state) {
  const size_t rows = 96, cols = 80, es = 4, n = rows * cols * es;
  clt_desc d1 = clt_test_desc(rows, cols, es, CLT_VARIANT_AUTO),
           d2 = clt_test_desc(cols, rows, es, CLT_VARIANT_AUTO);
  unsigned char *a = malloc(n), *c = malloc(n);
  clt_test_rng rng;
  cl_int err = CL_SUCCESS, status = CL_COMPLETE;
  cl_mem ma, mb, mc;
  cl_event gate, e1 = NULL, e2 = NULL;
  clt_plan *plan = NULL;
  (void)state;
  assert_non_null(a);
  assert_non_null(c);
  clt_test_rng_init(&rng, clt_test_seed(), 0x3a17);
  clt_test_fill(&rng, a, n);
  ma = clCreateBuffer(env.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, n, a, &err);
  assert_int_equal(err, CL_SUCCESS);
  mb = clCreateBuffer(env.context, CL_MEM_READ_WRITE, n, NULL, &err);
  assert_int_equal(err, CL_SUCCESS);
  mc = clCreateBuffer(env.context, CL_MEM_READ_WRITE, n, NULL, &err);
  assert_int_equal(err, CL_SUCCESS);
  gate = clCreateUserEvent(env.context, &err);
  assert_int_equal(err, CL_SUCCESS);

  assert_int_equal(clt_transpose(env.queue, &d1, ma, mb, 1, &gate, &e1), CLT_SUCCESS);
  assert_int_equal(clt_plan_create(&plan, env.context, env.device, &d2), CLT_SUCCESS);
  assert_int_equal(clt_plan_enqueue(plan, env.queue, mb, mc, 1, &e1, &e2), CLT_SUCCESS);
  assert_int_equal(clFlush(env.queue), CL_SUCCESS);
  assert_int_equal(clGetEventInfo(e1, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL),
                   CL_SUCCESS);
  if (status == CL_COMPLETE)
    fail_msg("the transpose completed before its wait list's user event was set");
  assert_int_equal(clSetUserEventStatus(gate, CL_COMPLETE), CL_SUCCESS);
  assert_int_equal(clWaitForEvents(1, &e2), CL_SUCCESS);
  assert_int_equal(clEnqueueReadBuffer(env.queue, mc, CL_TRUE, 0, n, c, 0, NULL, NULL), CL_SUCCESS);
  if (memcmp(a, c, n) != 0)
    fail_msg("transpose of a transpose differs from the original (CLT_TEST_SEED=0x%016llx)",
             (unsigned long long)clt_test_seed());
  clt_plan_destroy(plan);
  clReleaseEvent(e1);
  clReleaseEvent(e2);
  clReleaseEvent(gate);
  clReleaseMemObject(ma);
  clReleaseMemObject(mb);
  clReleaseMemObject(mc);
  free(a);
  free(c);
}

static void transpose_host_offsets_padded_ld_gaps_preserved(void **state) {
  (void)state;
  for (size_t v = 0; v < NVARIANTS; v++)
    for (size_t e = 0; e < 5; e++)
      for (int i = 0; i < 4; i++) {
        clt_desc d = layout_case(i, elem_sizes[e], variants[v]);
        run_via(&d, CLT_TEST_VIA_HOST, 0);
      }
  {
    clt_desc d = clt_test_desc(1, 1, 16, CLT_VARIANT_AUTO);
    run_via(&d, CLT_TEST_VIA_HOST, 0);
    d = clt_test_desc(513, 257, 8, CLT_VARIANT_AUTO);
    run_via(&d, CLT_TEST_VIA_HOST, 0);
  }
}

/* Sets or unsets CLT_DEVICE; old may be NULL (unset). */
static void set_clt_device(const char *value) {
  if (value != NULL)
    assert_int_equal(setenv("CLT_DEVICE", value, 1), 0);
  else
    assert_int_equal(unsetenv("CLT_DEVICE"), 0);
}

static void clt_device_matching_nothing_is_no_device(void **state) {
  const char *old_env = getenv("CLT_DEVICE");
  char *old = old_env != NULL ? strdup(old_env) : NULL;
  clt_desc d = clt_test_desc(4, 4, 4, CLT_VARIANT_AUTO);
  unsigned char src[64], dst[64], dst0[64], dst_nodev[64];
  clt_status warm, nodev, prefixed, restored;
  char nodev_error[512], prefix_error[512], prefix[8];
  (void)state;
  memset(src, 0x5c, sizeof src);
  memset(dst0, 0xa3, sizeof dst0);
  /* A warm runtime from an earlier call must not hide the new selection. */
  memcpy(dst, dst0, sizeof dst);
  warm = clt_transpose_host(&d, src, dst);

  set_clt_device("no-such-opencl-device-7f3c9e");
  memcpy(dst_nodev, dst0, sizeof dst_nodev);
  nodev = clt_transpose_host(&d, src, dst_nodev);
  snprintf(nodev_error, sizeof nodev_error, "%s", clt_last_error());

  /* A substring of the real device's name selects it. */
  snprintf(prefix, sizeof prefix, "%.5s", env.name);
  set_clt_device(prefix);
  prefixed = clt_transpose_host(&d, src, dst);
  snprintf(prefix_error, sizeof prefix_error, "%s", clt_last_error());

  /* Restore before asserting, so that a failure here cannot leak into later tests. */
  set_clt_device(old);
  free(old);
  memcpy(dst, dst0, sizeof dst);
  restored = clt_transpose_host(&d, src, dst);

  assert_int_equal(warm, CLT_SUCCESS);
  if (nodev != CLT_NO_DEVICE)
    fail_msg("CLT_DEVICE matching no device: got %s (%d), expected CLT_NO_DEVICE", clt_status_string(nodev),
             (int)nodev);
  if (nodev_error[0] == '\0')
    fail_msg("CLT_NO_DEVICE with an empty clt_last_error()");
  assert_memory_equal(dst_nodev, dst0, sizeof dst_nodev);
  if (prefixed != CLT_SUCCESS)
    fail_msg("CLT_DEVICE=\"%s\" (a prefix of \"%s\"): %s: %s", prefix, env.name, clt_status_string(prefixed),
             prefix_error);
  assert_int_equal(restored, CLT_SUCCESS);
  assert_memory_equal(dst, src, sizeof dst); /* a constant matrix is its own transpose */
}

static void cache_clear_then_calls_still_work(void **state) {
  clt_desc d = clt_test_desc(37, 23, 8, CLT_VARIANT_AUTO);
  clt_plan *plan = NULL;
  clt_test_case tc;
  char msg[2048];
  (void)state;
  run_via(&d, CLT_TEST_VIA_TRANSPOSE, 1);
  run_via(&d, CLT_TEST_VIA_HOST, 1);
  assert_int_equal(clt_plan_create(&plan, env.context, env.device, &d), CLT_SUCCESS);
  clt_cache_clear();
  clt_cache_clear(); /* twice is harmless */
  run_via(&d, CLT_TEST_VIA_TRANSPOSE, 2);
  run_via(&d, CLT_TEST_VIA_HOST, 2);
  /* Plans from clt_plan_create stay valid across a cache clear. */
  memset(&tc, 0, sizeof tc);
  tc.env = &env;
  tc.desc = d;
  tc.via = CLT_TEST_VIA_SHARED_PLAN;
  tc.plan = plan;
  if (clt_test_run(&tc, msg, sizeof msg) != 0)
    fail_msg("plan used after clt_cache_clear: %s", msg);
  clt_cache_clear();
  if (clt_test_run(&tc, msg, sizeof msg) != 0)
    fail_msg("plan used after a second clt_cache_clear: %s", msg);
  clt_plan_destroy(plan);
  clt_plan_destroy(NULL); /* allowed */
}

static void one_plan_many_enqueues_exact(void **state) {
  clt_desc d = clt_test_desc(70, 45, 2, CLT_VARIANT_VECTOR);
  clt_plan *plan = NULL;
  clt_test_case tc;
  char msg[2048];
  (void)state;
  d.src_offset = 2;
  d.dst_ld = 72;
  assert_int_equal(clt_plan_create(&plan, env.context, env.device, &d), CLT_SUCCESS);
  memset(&tc, 0, sizeof tc);
  tc.env = &env;
  tc.desc = d;
  tc.via = CLT_TEST_VIA_SHARED_PLAN;
  tc.plan = plan;
  for (uint64_t i = 0; i < 5; i++) {
    tc.stream = i;
    if (clt_test_run(&tc, msg, sizeof msg) != 0)
      fail_msg("enqueue %d of one plan: %s", (int)i, msg);
  }
  clt_plan_destroy(plan);
}

static void plan_destroyed_right_after_enqueue_still_completes(void **state) {
  clt_test_case tc;
  char msg[2048];
  (void)state;
  memset(&tc, 0, sizeof tc);
  tc.env = &env;
  tc.desc = clt_test_desc(700, 900, 4, CLT_VARIANT_AUTO);
  tc.via = CLT_TEST_VIA_PLAN;
  tc.destroy_early = 1;
  if (clt_test_run(&tc, msg, sizeof msg) != 0)
    fail_msg("%s", msg);
}

static cl_uint context_refs(cl_context ctx) {
  cl_uint refs = 0;
  assert_int_equal(clGetContextInfo(ctx, CL_CONTEXT_REFERENCE_COUNT, sizeof refs, &refs, NULL), CL_SUCCESS);
  return refs;
}

/* The header promises that clt_plan_destroy and clt_cache_clear give back what they retained, so that a
 * context can really go away. The reference count shows it (POCL counts exactly). */
static void plans_and_cache_clear_release_context_references(void **state) {
  clt_desc d = clt_test_desc(33, 35, 4, CLT_VARIANT_AUTO);
  cl_int err = CL_SUCCESS;
  cl_context ctx = clCreateContext(NULL, 1, &env.device, NULL, NULL, &err);
  cl_command_queue q;
  cl_mem src, dst;
  cl_uint base;
  clt_plan *plan = NULL;
  (void)state;
  assert_int_equal(err, CL_SUCCESS);
  q = clCreateCommandQueue(ctx, env.device, 0, &err);
  assert_int_equal(err, CL_SUCCESS);
  src = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 33 * 35 * 4, NULL, &err);
  assert_int_equal(err, CL_SUCCESS);
  dst = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 33 * 35 * 4, NULL, &err);
  assert_int_equal(err, CL_SUCCESS);
  clt_cache_clear();
  base = context_refs(ctx);

  assert_int_equal(clt_plan_create(&plan, ctx, env.device, &d), CLT_SUCCESS);
  assert_int_equal(clt_plan_enqueue(plan, q, src, dst, 0, NULL, NULL), CLT_SUCCESS);
  assert_int_equal(clFinish(q), CL_SUCCESS);
  clt_plan_destroy(plan);
  clt_cache_clear(); /* the program cache may hold the plan's program */
  if (context_refs(ctx) != base)
    fail_msg("after clt_plan_destroy + clt_cache_clear the context has %u references, %u before",
             context_refs(ctx), base);

  assert_int_equal(clt_transpose(q, &d, src, dst, 0, NULL, NULL), CLT_SUCCESS);
  assert_int_equal(clFinish(q), CL_SUCCESS);
  clt_cache_clear();
  if (context_refs(ctx) != base)
    fail_msg("after clt_transpose + clt_cache_clear the context has %u references, %u before",
             context_refs(ctx), base);

  clReleaseMemObject(src);
  clReleaseMemObject(dst);
  clReleaseCommandQueue(q);
  clReleaseContext(ctx);
}

static int group_teardown(void **state) {
  (void)state;
  clt_cache_clear();
  return 0;
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(transpose_one_call_exact),
      cmocka_unit_test(transpose_without_event_then_finish_exact),
      cmocka_unit_test(transpose_repeated_calls_same_and_different_shapes_exact),
      cmocka_unit_test(transpose_cache_tells_every_desc_field_apart),
      cmocka_unit_test(transpose_same_desc_on_two_contexts_exact),
      cmocka_unit_test(transpose_honours_event_wait_list),
      cmocka_unit_test(transpose_host_offsets_padded_ld_gaps_preserved),
      cmocka_unit_test(clt_device_matching_nothing_is_no_device),
      cmocka_unit_test(cache_clear_then_calls_still_work),
      cmocka_unit_test(one_plan_many_enqueues_exact),
      cmocka_unit_test(plan_destroyed_right_after_enqueue_still_completes),
      cmocka_unit_test(plans_and_cache_clear_release_context_references),
  };
  int rc;
  clt_test_env_open_or_skip(&env, "test_api");
  rc = cmocka_run_group_tests(tests, NULL, group_teardown);
  clt_test_env_close(&env);
  return rc != 0;
}
