/* Concurrency: eight threads at once sharing one plan, calling clt_transpose and clt_transpose_host on
 * the same and on different shapes, building and destroying their own plans, and racing clt_cache_clear.
 * Every result is checked exactly; a deadlock shows as the ctest TIMEOUT. Workers never call cmocka (it
 * is not thread-safe): they return a message that the main thread asserts on. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clt_test_util.h"

enum { NTHREADS = 8, ITERATIONS = 20 };

static clt_test_env env;

typedef struct worker {
  clt_test_case tc;
  int iterations;
  int own_queue; /* a queue of its own on the shared context (not for the host path) */
  pthread_barrier_t *start;
  int failed;
  int completed; /* checked runs, so that a worker that silently did nothing cannot pass */
  char msg[2048];
} worker;

static void *work(void *arg) {
  worker *w = arg;
  cl_command_queue q = NULL;
  if (w->own_queue) {
    cl_int err = CL_SUCCESS;
    q = clCreateCommandQueue(env.context, env.device, 0, &err);
    if (q == NULL) {
      snprintf(w->msg, sizeof w->msg, "clCreateCommandQueue failed: %d", (int)err);
      w->failed = 1;
    }
    w->tc.queue = q;
  }
  pthread_barrier_wait(w->start); /* everyone starts together, to overlap the library calls */
  for (int i = 0; i < w->iterations && !w->failed; i++) {
    w->tc.stream = (w->tc.stream & ~(uint64_t)0xff) | (uint64_t)i;
    if (clt_test_run(&w->tc, w->msg, sizeof w->msg) != 0)
      w->failed = 1;
    else
      w->completed++;
  }
  if (q != NULL)
    clReleaseCommandQueue(q);
  return NULL;
}

/* Runs the workers concurrently and waits for all of them. */
static void run_workers_only(worker *w, size_t n) {
  pthread_t tid[NTHREADS + 1];
  pthread_barrier_t start;
  double t0 = clt_test_now();
  assert_true(n <= NTHREADS + 1);
  assert_int_equal(pthread_barrier_init(&start, NULL, (unsigned)n), 0);
  for (size_t t = 0; t < n; t++) {
    w[t].start = &start;
    w[t].tc.env = &env;
    w[t].tc.stream |= (uint64_t)(t + 1) << 8; /* different data in every thread */
    assert_int_equal(pthread_create(&tid[t], NULL, work, &w[t]), 0);
  }
  for (size_t t = 0; t < n; t++)
    assert_int_equal(pthread_join(tid[t], NULL), 0);
  pthread_barrier_destroy(&start);
  print_message("%zu threads: %.2f s\n", n, clt_test_now() - t0);
}

static void check_workers(const worker *w, size_t n) {
  for (size_t t = 0; t < n; t++) {
    if (w[t].failed)
      fail_msg("thread %zu: %s", t, w[t].msg);
    if (w[t].completed != w[t].iterations)
      fail_msg("thread %zu ran %d of %d transposes", t, w[t].completed, w[t].iterations);
  }
}

static void run_workers(worker *w, size_t n) {
  run_workers_only(w, n);
  check_workers(w, n);
}

/* Thread t's own shape: every thread differs in shape, and every variant has a thread. */
static clt_desc shape_of(size_t t) {
  static const size_t es[] = {1, 2, 4, 8, 16};
  static const clt_variant v[] = {CLT_VARIANT_AUTO,  CLT_VARIANT_NAIVE, CLT_VARIANT_TILED, CLT_VARIANT_VECTOR,
                                  CLT_VARIANT_BLOCK, CLT_VARIANT_RECT,  CLT_VARIANT_NARROW};
  clt_desc d = clt_test_desc(140 + 29 * t, 275 - 15 * t, es[t % 5], v[t % (sizeof v / sizeof v[0])]);
  if (t % 3 == 1) {
    d.src_offset = t;
    d.dst_ld = d.rows + t;
  }
  if (t % 3 == 2) {
    d.batch = 2;
    d.src_ld = d.cols + 1;
  }
  return d;
}

static void eight_threads_share_one_plan_exact(void **state) {
  worker w[NTHREADS];
  clt_plan *plan = NULL;
  clt_desc d = clt_test_desc(250, 197, 4, CLT_VARIANT_AUTO);
  (void)state;
  d.src_offset = 3;
  d.dst_ld = 260;
  assert_int_equal(clt_plan_create(&plan, env.context, env.device, &d), CLT_SUCCESS);
  memset(w, 0, sizeof w);
  for (size_t t = 0; t < NTHREADS; t++) {
    w[t].tc.desc = d;
    w[t].tc.via = CLT_TEST_VIA_SHARED_PLAN;
    w[t].tc.plan = plan;
    w[t].iterations = ITERATIONS;
    w[t].own_queue = 1;
  }
  run_workers(w, NTHREADS);
  clt_plan_destroy(plan);
}

/* Enqueues of one plan from many threads, back to back with nothing in between: each thread's kernels
 * must read its own src and write its own dst (the plan's kernel arguments must not be shared state). */
enum { HAMMER_DSTS = 128 };

typedef struct hammer {
  clt_plan *plan;
  clt_desc desc;
  uint64_t stream;
  pthread_barrier_t *start;
  char msg[1024];
} hammer;

static void *hammer_plan(void *arg) {
  hammer *h = arg;
  clt_test_layout l;
  clt_test_rng rng;
  cl_int err = CL_SUCCESS;
  cl_command_queue q = clCreateCommandQueue(env.context, env.device, 0, &err);
  cl_mem src = NULL, dst[HAMMER_DSTS] = {NULL};
  unsigned char *host_src, *expect, *got;
  clt_test_layout_resolve(&h->desc, &l);
  host_src = malloc(l.src_bytes);
  expect = calloc(1, l.dst_bytes);
  got = malloc(l.dst_bytes);
  clt_test_rng_init(&rng, clt_test_seed(), h->stream);
  if (host_src != NULL)
    clt_test_fill(&rng, host_src, l.src_bytes);
  if (q != NULL && host_src != NULL)
    src = clCreateBuffer(env.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, l.src_bytes, host_src, &err);
  for (int i = 0; i < HAMMER_DSTS && src != NULL && expect != NULL; i++)
    dst[i] = clCreateBuffer(env.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, l.dst_bytes, expect, &err);
  pthread_barrier_wait(h->start);
  if (dst[HAMMER_DSTS - 1] == NULL || got == NULL) {
    snprintf(h->msg, sizeof h->msg, "could not set up: %d", (int)err);
    for (int i = 8; i < HAMMER_DSTS; i += 8)
      pthread_barrier_wait(h->start); /* the others wait for this thread at every regroup */
    goto done;
  }
  for (int i = 0; i < HAMMER_DSTS; i++) {
    clt_status st;
    /* Regroup every few enqueues: with more threads than cores, one thread could otherwise run through
     * all of its enqueues before another is scheduled, and nothing would overlap. */
    if (i % 8 == 0 && i > 0)
      pthread_barrier_wait(h->start);
    st = clt_plan_enqueue(h->plan, q, src, dst[i], 0, NULL, NULL);
    if (st != CLT_SUCCESS && h->msg[0] == '\0')
      snprintf(h->msg, sizeof h->msg, "clt_plan_enqueue: %s: %s", clt_status_string(st), clt_last_error());
  }
  if (h->msg[0] != '\0')
    goto done;
  clFinish(q);
  clt_test_reference(&l, host_src, expect);
  for (int i = 0; i < HAMMER_DSTS; i++) {
    char detail[512];
    if (clEnqueueReadBuffer(q, dst[i], CL_TRUE, 0, l.dst_bytes, got, 0, NULL, NULL) != CL_SUCCESS) {
      snprintf(h->msg, sizeof h->msg, "read back failed");
      break;
    }
    if (clt_test_compare_dst(&l, expect, got, l.dst_bytes, 0, detail, sizeof detail) != 0) {
      clt_test_failure(h->msg, sizeof h->msg, &h->desc, "dst %d of this thread: %s", i, detail);
      break;
    }
  }
done:
  for (int i = 0; i < HAMMER_DSTS; i++)
    if (dst[i] != NULL)
      clReleaseMemObject(dst[i]);
  if (src != NULL)
    clReleaseMemObject(src);
  if (q != NULL)
    clReleaseCommandQueue(q);
  free(host_src);
  free(expect);
  free(got);
  return NULL;
}

static void eight_threads_hammer_one_plan_back_to_back_exact(void **state) {
  hammer h[NTHREADS];
  pthread_t tid[NTHREADS];
  pthread_barrier_t start;
  clt_plan *plan = NULL;
  clt_desc d;
  (void)state;
  memset(&d, 0, sizeof d);
  d.rows = 32;
  d.cols = 48;
  d.elem_size = 4;
  assert_int_equal(clt_plan_create(&plan, env.context, env.device, &d), CLT_SUCCESS);
  assert_int_equal(pthread_barrier_init(&start, NULL, NTHREADS), 0);
  memset(h, 0, sizeof h);
  for (size_t t = 0; t < NTHREADS; t++) {
    h[t].plan = plan;
    h[t].desc = d;
    h[t].stream = 0x4a00 + t;
    h[t].start = &start;
    assert_int_equal(pthread_create(&tid[t], NULL, hammer_plan, &h[t]), 0);
  }
  for (size_t t = 0; t < NTHREADS; t++)
    assert_int_equal(pthread_join(tid[t], NULL), 0);
  pthread_barrier_destroy(&start);
  clt_plan_destroy(plan);
  for (size_t t = 0; t < NTHREADS; t++)
    if (h[t].msg[0] != '\0')
      fail_msg("thread %zu: %s", t, h[t].msg);
}

static void eight_threads_clt_transpose_same_shape_exact(void **state) {
  worker w[NTHREADS];
  (void)state;
  clt_cache_clear(); /* every thread asks for the same plan and program at once, none is cached yet */
  memset(w, 0, sizeof w);
  for (size_t t = 0; t < NTHREADS; t++) {
    w[t].tc.desc = clt_test_desc(223, 177, 8, CLT_VARIANT_AUTO);
    w[t].tc.via = CLT_TEST_VIA_TRANSPOSE;
    w[t].iterations = ITERATIONS;
    w[t].own_queue = 1;
  }
  run_workers(w, NTHREADS);
}

static void eight_threads_clt_transpose_different_shapes_exact(void **state) {
  worker w[NTHREADS];
  (void)state;
  memset(w, 0, sizeof w);
  for (size_t t = 0; t < NTHREADS; t++) {
    w[t].tc.desc = shape_of(t);
    w[t].tc.via = CLT_TEST_VIA_TRANSPOSE;
    w[t].iterations = ITERATIONS;
    w[t].own_queue = 1;
  }
  run_workers(w, NTHREADS);
}

static void eight_threads_transpose_host_same_and_different_shapes_exact(void **state) {
  worker w[NTHREADS];
  (void)state;
  clt_cache_clear(); /* the host runtime is created under contention too */
  memset(w, 0, sizeof w);
  for (size_t t = 0; t < NTHREADS; t++) {
    w[t].tc.desc = t % 2 ? shape_of(t) : clt_test_desc(64, 96, 2, CLT_VARIANT_AUTO);
    w[t].tc.via = CLT_TEST_VIA_HOST;
    w[t].iterations = ITERATIONS;
  }
  run_workers(w, NTHREADS);
}

static void eight_threads_create_and_destroy_own_plans_exact(void **state) {
  worker w[NTHREADS];
  (void)state;
  clt_cache_clear();
  memset(w, 0, sizeof w);
  for (size_t t = 0; t < NTHREADS; t++) {
    /* Half build the same program at the same moment, half their own. */
    w[t].tc.desc = t % 2 ? shape_of(t) : clt_test_desc(50, 70, 4, CLT_VARIANT_TILED);
    w[t].tc.via = CLT_TEST_VIA_PLAN;
    w[t].iterations = ITERATIONS;
    w[t].own_queue = 1;
  }
  run_workers(w, NTHREADS);
}

typedef struct clearer {
  atomic_int stop;
  int cleared;
} clearer;

static void *clear_until_stopped(void *arg) {
  clearer *c = arg;
  while (!atomic_load(&c->stop)) {
    clt_cache_clear();
    c->cleared++;
  }
  return NULL;
}

/* clt_cache_clear is thread-safe: clearing while others transpose must not break their results. */
static void cache_clear_racing_transposes_exact(void **state) {
  worker w[NTHREADS];
  pthread_t tid;
  clearer c;
  (void)state;
  atomic_init(&c.stop, 0);
  c.cleared = 0;
  memset(w, 0, sizeof w);
  for (size_t t = 0; t < NTHREADS; t++) {
    w[t].tc.desc = t < 4 ? shape_of(t) : clt_test_desc(33, 65, 4, CLT_VARIANT_AUTO);
    w[t].tc.via = t % 3 == 2 ? CLT_TEST_VIA_HOST : CLT_TEST_VIA_TRANSPOSE;
    w[t].iterations = ITERATIONS;
    w[t].own_queue = w[t].tc.via != CLT_TEST_VIA_HOST;
  }
  assert_int_equal(pthread_create(&tid, NULL, clear_until_stopped, &c), 0);
  run_workers_only(w, NTHREADS);
  atomic_store(&c.stop, 1);
  assert_int_equal(pthread_join(tid, NULL), 0);
  print_message("clt_cache_clear ran %d times meanwhile\n", c.cleared);
  check_workers(w, NTHREADS);
}

static int group_teardown(void **state) {
  (void)state;
  clt_cache_clear();
  return 0;
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(eight_threads_share_one_plan_exact),
      cmocka_unit_test(eight_threads_hammer_one_plan_back_to_back_exact),
      cmocka_unit_test(eight_threads_clt_transpose_same_shape_exact),
      cmocka_unit_test(eight_threads_clt_transpose_different_shapes_exact),
      cmocka_unit_test(eight_threads_transpose_host_same_and_different_shapes_exact),
      cmocka_unit_test(eight_threads_create_and_destroy_own_plans_exact),
      cmocka_unit_test(cache_clear_racing_transposes_exact),
  };
  int rc;
  clt_test_env_open_or_skip(&env, "test_threads");
  rc = cmocka_run_group_tests(tests, NULL, group_teardown);
  clt_test_env_close(&env);
  return rc != 0;
}
