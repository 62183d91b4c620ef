/* Tests of status names (clt_status_string, clt_variant_name) and of the per-thread error detail
 * (clt_last_error). Run with --no-device the tests that need a successful call on a device are skipped,
 * so the rest can run as a unit test on a machine without OpenCL devices. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "cltranspose.h"

static int no_device;

static void expect_name(int code, const char *name) {
  const char *s = clt_status_string((clt_status)code);
  if (s == NULL || strcmp(s, name) != 0)
    fail_msg("clt_status_string(%d) = \"%s\", expected \"%s\"", code, s ? s : "(NULL)", name);
}

static void library_statuses_are_named(void **state) {
  (void)state;
  expect_name(CLT_SUCCESS, "CLT_SUCCESS");
  expect_name(CLT_INVALID_VALUE, "CLT_INVALID_VALUE");
  expect_name(CLT_INVALID_BUFFER, "CLT_INVALID_BUFFER");
  expect_name(CLT_UNSUPPORTED, "CLT_UNSUPPORTED");
  expect_name(CLT_BUILD_FAILED, "CLT_BUILD_FAILED");
  expect_name(CLT_OUT_OF_HOST_MEMORY, "CLT_OUT_OF_HOST_MEMORY");
  expect_name(CLT_NO_DEVICE, "CLT_NO_DEVICE");
}

static void opencl_codes_are_named(void **state) {
  (void)state;
  expect_name(-1, "CL_DEVICE_NOT_FOUND");
  expect_name(-4, "CL_MEM_OBJECT_ALLOCATION_FAILURE");
  expect_name(-5, "CL_OUT_OF_RESOURCES");
  expect_name(CL_OUT_OF_HOST_MEMORY, "CL_OUT_OF_HOST_MEMORY");
  expect_name(CL_BUILD_PROGRAM_FAILURE, "CL_BUILD_PROGRAM_FAILURE");
  expect_name(CL_MISALIGNED_SUB_BUFFER_OFFSET, "CL_MISALIGNED_SUB_BUFFER_OFFSET");
  expect_name(CL_INVALID_VALUE, "CL_INVALID_VALUE");
  expect_name(CL_INVALID_DEVICE, "CL_INVALID_DEVICE");
  expect_name(CL_INVALID_CONTEXT, "CL_INVALID_CONTEXT");
  expect_name(CL_INVALID_COMMAND_QUEUE, "CL_INVALID_COMMAND_QUEUE");
  expect_name(CL_INVALID_MEM_OBJECT, "CL_INVALID_MEM_OBJECT");
  expect_name(CL_INVALID_BUILD_OPTIONS, "CL_INVALID_BUILD_OPTIONS");
  expect_name(CL_INVALID_PROGRAM_EXECUTABLE, "CL_INVALID_PROGRAM_EXECUTABLE");
  expect_name(CL_INVALID_KERNEL_NAME, "CL_INVALID_KERNEL_NAME");
  expect_name(CL_INVALID_KERNEL_ARGS, "CL_INVALID_KERNEL_ARGS");
  expect_name(CL_INVALID_WORK_GROUP_SIZE, "CL_INVALID_WORK_GROUP_SIZE");
  expect_name(CL_INVALID_WORK_ITEM_SIZE, "CL_INVALID_WORK_ITEM_SIZE");
  expect_name(CL_INVALID_EVENT_WAIT_LIST, "CL_INVALID_EVENT_WAIT_LIST");
  expect_name(CL_INVALID_BUFFER_SIZE, "CL_INVALID_BUFFER_SIZE");
  expect_name(CL_INVALID_GLOBAL_WORK_SIZE, "CL_INVALID_GLOBAL_WORK_SIZE");
}

/* Library and OpenCL codes share one namespace of names: no two codes may print alike. */
static void known_names_are_distinct(void **state) {
  const char *names[80];
  size_t n = 0;
  (void)state;
  for (int code = 0; code <= CLT_NO_DEVICE; code++)
    names[n++] = clt_status_string((clt_status)code);
  for (int code = -1; code >= -68; code--) {
    if (code < -19 && code > -30) /* unassigned in OpenCL 1.2 */
      continue;
    names[n++] = clt_status_string((clt_status)code);
  }
  for (size_t i = 0; i < n; i++) {
    assert_non_null(names[i]);
    for (size_t j = 0; j < i; j++)
      if (strcmp(names[i], names[j]) == 0)
        fail_msg("two codes are both named \"%s\"", names[i]);
  }
}

static void unknown_codes_get_a_string(void **state) {
  static const int unknown[] = {7, 8, 63, 1000, -20, -29, -1000, -9999, INT_MAX, INT_MIN};
  (void)state;
  for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
    const char *s = clt_status_string((clt_status)unknown[i]);
    if (s == NULL)
      fail_msg("clt_status_string(%d) is NULL", unknown[i]);
    if (strcmp(s, "CLT_SUCCESS") == 0)
      fail_msg("unknown code %d is named CLT_SUCCESS", unknown[i]);
  }
}

static void variant_names(void **state) {
  (void)state;
  assert_string_equal(clt_variant_name(CLT_VARIANT_AUTO), "auto");
  assert_string_equal(clt_variant_name(CLT_VARIANT_NAIVE), "naive");
  assert_string_equal(clt_variant_name(CLT_VARIANT_TILED), "tiled");
  assert_string_equal(clt_variant_name(CLT_VARIANT_VECTOR), "vector");
  assert_string_equal(clt_variant_name(CLT_VARIANT_BLOCK), "block");
  assert_string_equal(clt_variant_name(CLT_VARIANT_RECT), "rect");
  assert_string_equal(clt_variant_name(CLT_VARIANT_NARROW), "narrow");
  assert_string_equal(clt_variant_name(CLT_VARIANT_COPY), "copy");
  assert_null(clt_variant_name((clt_variant)(CLT_VARIANT_NARROW + 1)));
  assert_null(clt_variant_name((clt_variant)63));
  assert_null(clt_variant_name((clt_variant)65));
  assert_null(clt_variant_name((clt_variant)-1));
}

/* A failure that needs no device: validation runs before anything touches OpenCL. */
static clt_status fail_with_kind(int kind) {
  clt_desc d;
  unsigned char src[64] = {0}, dst[64] = {0};
  memset(&d, 0, sizeof d);
  d.rows = 2;
  d.cols = 2;
  d.elem_size = 4;
  switch (kind % 8) {
  case 0:
    d.rows = 0;
    break;
  case 1:
    d.cols = 0;
    break;
  case 2:
    d.elem_size = 3;
    break;
  case 3:
    d.variant = (clt_variant)99;
    break;
  case 4:
    d.src_ld = 1;
    break;
  case 5:
    d.dst_ld = 1;
    break;
  case 6:
    return clt_transpose_host(NULL, src, dst);
  default:
    return clt_transpose_host(&d, NULL, dst);
  }
  return clt_transpose_host(&d, src, dst);
}

static void last_error_is_set_after_a_failure(void **state) {
  clt_plan *plan = NULL;
  (void)state;
  for (int kind = 0; kind < 8; kind++) {
    clt_status st = fail_with_kind(kind);
    if (st != CLT_INVALID_VALUE)
      fail_msg("failure kind %d returned %d, expected CLT_INVALID_VALUE", kind, (int)st);
    assert_non_null(clt_last_error());
    if (clt_last_error()[0] == '\0')
      fail_msg("failure kind %d left clt_last_error() empty", kind);
  }
  assert_int_equal(clt_plan_create(NULL, NULL, NULL, NULL), CLT_INVALID_VALUE);
  assert_true(clt_last_error()[0] != '\0');
  assert_int_not_equal(clt_plan_create(&plan, NULL, NULL, NULL), CLT_SUCCESS);
  assert_null(plan);
  assert_true(clt_last_error()[0] != '\0');
}

typedef struct thread_result {
  int kind;
  char initial[64]; /* clt_last_error() before this thread called the library */
  char first[256];  /* its message after its first failure */
  int unstable;     /* iterations whose message differed from the first */
  int wrong_status;
} thread_result;

static void *fail_repeatedly(void *arg) {
  thread_result *r = arg;
  snprintf(r->initial, sizeof r->initial, "%s", clt_last_error());
  for (int i = 0; i < 2000; i++) {
    if (fail_with_kind(r->kind) == CLT_SUCCESS)
      r->wrong_status++;
    if (i == 0)
      snprintf(r->first, sizeof r->first, "%s", clt_last_error());
    else if (strcmp(r->first, clt_last_error()) != 0)
      r->unstable++;
  }
  return NULL;
}

/* Each thread keeps its own detail: a new thread starts with "", and concurrent failures of other kinds
 * neither show through nor overwrite this thread's message. */
static void last_error_is_per_thread(void **state) {
  pthread_t tid[8];
  thread_result res[8];
  char mine[256];
  (void)state;
  assert_int_equal(fail_with_kind(0), CLT_INVALID_VALUE);
  snprintf(mine, sizeof mine, "%s", clt_last_error());
  assert_true(mine[0] != '\0');
  memset(res, 0, sizeof res);
  for (int t = 0; t < 8; t++) {
    res[t].kind = t + 1; /* every kind but the main thread's */
    assert_int_equal(pthread_create(&tid[t], NULL, fail_repeatedly, &res[t]), 0);
  }
  for (int t = 0; t < 8; t++)
    assert_int_equal(pthread_join(tid[t], NULL), 0);
  for (int t = 0; t < 8; t++) {
    if (res[t].initial[0] != '\0')
      fail_msg("thread %d started with clt_last_error() = \"%s\"", t, res[t].initial);
    if (res[t].first[0] == '\0')
      fail_msg("thread %d failed without a message", t);
    if (res[t].unstable != 0)
      fail_msg("thread %d's message changed %d times under other threads' failures", t, res[t].unstable);
    if (res[t].wrong_status != 0)
      fail_msg("thread %d: a bad call succeeded", t);
  }
  assert_string_equal(clt_last_error(), mine);
}

static void last_error_is_empty_after_a_success(void **state) {
  clt_desc d;
  unsigned char src[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
  unsigned char dst[16] = {0};
  clt_status st;
  (void)state;
  if (no_device)
    skip();
  memset(&d, 0, sizeof d);
  d.rows = 2;
  d.cols = 2;
  d.elem_size = 4;
  assert_int_equal(fail_with_kind(2), CLT_INVALID_VALUE);
  assert_true(clt_last_error()[0] != '\0');
  st = clt_transpose_host(&d, src, dst);
  if (st == CLT_NO_DEVICE)
    skip();
  if (st != CLT_SUCCESS)
    fail_msg("2x2 clt_transpose_host returned %s: %s", clt_status_string(st), clt_last_error());
  assert_string_equal(clt_last_error(), "");
  assert_memory_equal(dst, ((const unsigned char[16]){1, 2, 3, 4, 9, 10, 11, 12, 5, 6, 7, 8, 13, 14, 15, 16}),
                      16);
}

int main(int argc, char **argv) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(library_statuses_are_named),
      cmocka_unit_test(opencl_codes_are_named),
      cmocka_unit_test(known_names_are_distinct),
      cmocka_unit_test(unknown_codes_get_a_string),
      cmocka_unit_test(variant_names),
      cmocka_unit_test(last_error_is_set_after_a_failure),
      cmocka_unit_test(last_error_is_per_thread),
      cmocka_unit_test(last_error_is_empty_after_a_success),
  };
  int rc;
  no_device = argc > 1 && strcmp(argv[1], "--no-device") == 0;
  rc = cmocka_run_group_tests(tests, NULL, NULL);
  clt_cache_clear();
  return rc != 0;
}
