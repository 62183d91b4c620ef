/* Unit tests of descriptor validation (clt__layout_from_desc, clt__ranges_overlap): every bad input is
 * rejected with CLT_INVALID_VALUE and a sentence, and every default resolves to the documented value
 * with the exact byte ranges the buffer checks rely on. No device needed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "clt_internal.h"

static clt_desc make_desc(size_t rows, size_t cols, size_t elem_size) {
  clt_desc d;
  memset(&d, 0, sizeof d);
  d.rows = rows;
  d.cols = cols;
  d.elem_size = elem_size;
  d.variant = CLT_VARIANT_AUTO;
  return d;
}

/* Asserts that desc is rejected as CLT_INVALID_VALUE with a non-empty explanation. */
static void expect_invalid(const clt_desc *d, const char *why) {
  clt__layout l;
  char msg[256];
  clt_status st;
  memset(msg, 'x', sizeof msg);
  st = clt__layout_from_desc(d, &l, msg, sizeof msg);
  if (st != CLT_INVALID_VALUE)
    fail_msg("%s: expected CLT_INVALID_VALUE, got %d", why, (int)st);
  assert_non_null(memchr(msg, '\0', sizeof msg));
  if (msg[0] == '\0')
    fail_msg("%s: rejected without a message", why);
}

static clt__layout expect_valid(const clt_desc *d, const char *why) {
  clt__layout l;
  char msg[256] = "";
  clt_status st;
  memset(&l, 0xCD, sizeof l);
  st = clt__layout_from_desc(d, &l, msg, sizeof msg);
  if (st != CLT_SUCCESS)
    fail_msg("%s: expected CLT_SUCCESS, got %d (%s)", why, (int)st, msg);
  return l;
}

/* The byte ranges as the header defines them: begin = offset*es; end = one past the last element. */
static void check_ranges(const clt__layout *l) {
  size_t src_end =
      (l->src_offset + (l->batch - 1) * l->src_stride + (l->rows - 1) * l->src_ld + (l->cols - 1) + 1) *
      l->elem_size;
  size_t dst_end =
      (l->dst_offset + (l->batch - 1) * l->dst_stride + (l->cols - 1) * l->dst_ld + (l->rows - 1) + 1) *
      l->elem_size;
  assert_int_equal(l->src_begin, l->src_offset * l->elem_size);
  assert_int_equal(l->dst_begin, l->dst_offset * l->elem_size);
  assert_int_equal(l->src_end, src_end);
  assert_int_equal(l->dst_end, dst_end);
}

static void null_desc_is_invalid_value(void **state) {
  clt__layout l;
  char msg[128] = "";
  (void)state;
  assert_int_equal(clt__layout_from_desc(NULL, &l, msg, sizeof msg), CLT_INVALID_VALUE);
  assert_true(msg[0] != '\0');
}

static void zero_rows_or_cols_are_invalid(void **state) {
  clt_desc d = make_desc(0, 5, 4);
  (void)state;
  expect_invalid(&d, "rows 0");
  d = make_desc(5, 0, 4);
  expect_invalid(&d, "cols 0");
  d = make_desc(0, 0, 4);
  expect_invalid(&d, "rows and cols 0");
  d = make_desc(0, 5, 4);
  d.batch = 3;
  expect_invalid(&d, "rows 0 with a batch");
}

static void elem_size_outside_1_2_4_8_16_is_invalid(void **state) {
  static const size_t bad[] = {0, 3, 5, 6, 7, 9, 12, 15, 17, 24, 32, 64, 128, SIZE_MAX};
  static const size_t good[] = {1, 2, 4, 8, 16};
  (void)state;
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    clt_desc d = make_desc(4, 4, bad[i]);
    char why[64];
    snprintf(why, sizeof why, "elem_size %zu", bad[i]);
    expect_invalid(&d, why);
  }
  for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
    clt_desc d = make_desc(4, 4, good[i]);
    clt__layout l = expect_valid(&d, "good elem_size");
    assert_int_equal(l.elem_size, good[i]);
  }
}

static void ld_smaller_than_row_is_invalid(void **state) {
  clt_desc d = make_desc(7, 9, 4);
  (void)state;
  d.src_ld = 8; /* a source row holds cols = 9 elements */
  expect_invalid(&d, "src_ld < cols");
  d.src_ld = 1;
  expect_invalid(&d, "src_ld 1 < cols");
  d = make_desc(7, 9, 4);
  d.dst_ld = 6; /* a destination row holds rows = 7 elements */
  expect_invalid(&d, "dst_ld < rows");
  d.dst_ld = 1;
  expect_invalid(&d, "dst_ld 1 < rows");
  d = make_desc(7, 9, 4);
  d.src_ld = 9;
  d.dst_ld = 7;
  (void)expect_valid(&d, "ld equal to the row length");
}

/* With batch > 1 a stride below one matrix's footprint ((lines-1)*ld + width) makes the matrices overlap. */
static void stride_below_matrix_footprint_is_invalid_for_batches(void **state) {
  clt_desc d = make_desc(5, 6, 8);
  (void)state;
  d.batch = 2;
  d.src_ld = 10;
  d.src_stride = 4 * 10 + 6 - 1;
  expect_invalid(&d, "src_stride one below the footprint");
  d.src_stride = 1;
  expect_invalid(&d, "src_stride 1");
  d.src_stride = 4 * 10 + 6;
  (void)expect_valid(&d, "src_stride at the footprint");

  d = make_desc(5, 6, 8);
  d.batch = 3;
  d.dst_ld = 9;
  d.dst_stride = 5 * 9 + 5 - 1;
  expect_invalid(&d, "dst_stride one below the footprint");
  d.dst_stride = 4;
  expect_invalid(&d, "dst_stride 4");
  d.dst_stride = 5 * 9 + 5;
  (void)expect_valid(&d, "dst_stride at the footprint");
}

static void sizes_overflowing_size_t_are_invalid(void **state) {
  clt_desc d;
  (void)state;
  d = make_desc(SIZE_MAX / 2 + 1, 2, 1);
  expect_invalid(&d, "rows*cols overflows");
  d = make_desc(SIZE_MAX / 8, 1, 16);
  expect_invalid(&d, "rows*cols*elem_size overflows");
  d = make_desc((size_t)1 << (sizeof(size_t) * 4), (size_t)1 << (sizeof(size_t) * 4), 1);
  expect_invalid(&d, "rows*cols = 2^64 wraps to 0");
  d = make_desc(4, 4, 4);
  d.src_ld = SIZE_MAX / 2;
  expect_invalid(&d, "rows*src_ld overflows");
  d = make_desc(4, 4, 4);
  d.dst_ld = SIZE_MAX / 3;
  expect_invalid(&d, "cols*dst_ld overflows");
  d = make_desc(4, 4, 4);
  d.batch = SIZE_MAX / 8;
  expect_invalid(&d, "batch*stride overflows");
  d = make_desc(4, 4, 4);
  d.batch = 2;
  d.src_stride = SIZE_MAX - 3;
  expect_invalid(&d, "src_stride + footprint overflows");
  d = make_desc(4, 4, 4);
  d.batch = 2;
  d.dst_stride = SIZE_MAX / 4; /* elements fit, bytes do not */
  expect_invalid(&d, "dst_stride*elem_size overflows");
  d = make_desc(1000, 1000, 16);
  d.src_ld = SIZE_MAX / 16 / 999 + 1; /* the extent fits in elements but not in bytes */
  expect_invalid(&d, "src extent*elem_size overflows");
}

static void offset_plus_extent_overflowing_is_invalid(void **state) {
  clt_desc d;
  (void)state;
  d = make_desc(4, 4, 1);
  d.src_offset = SIZE_MAX - 10;
  expect_invalid(&d, "src_offset + extent overflows in elements");
  d = make_desc(4, 4, 1);
  d.dst_offset = SIZE_MAX - 15; /* the extent is 16: the end would be SIZE_MAX + 1 */
  expect_invalid(&d, "dst_offset + extent overflows in elements");
  d = make_desc(4, 4, 8);
  d.src_offset = SIZE_MAX / 8;
  expect_invalid(&d, "src_offset*elem_size overflows");
  d = make_desc(4, 4, 16);
  d.dst_offset = SIZE_MAX / 16 - 8;
  expect_invalid(&d, "(dst_offset + extent)*elem_size overflows");
  d = make_desc(4, 4, 1);
  d.dst_offset = SIZE_MAX - 16; /* end exactly SIZE_MAX: still representable */
  {
    clt__layout l = expect_valid(&d, "dst end at SIZE_MAX");
    assert_int_equal(l.dst_end, SIZE_MAX);
  }
}

static void unknown_variant_is_invalid(void **state) {
  static const int bad[] = {CLT_VARIANT_NARROW + 1, 16, 63, 65, 100, -1, 0x7fffffff};
  static const clt_variant good[] = {CLT_VARIANT_AUTO,   CLT_VARIANT_NAIVE, CLT_VARIANT_TILED,
                                     CLT_VARIANT_VECTOR, CLT_VARIANT_BLOCK, CLT_VARIANT_RECT,
                                     CLT_VARIANT_NARROW, CLT_VARIANT_COPY};
  (void)state;
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    clt_desc d = make_desc(4, 4, 4);
    char why[64];
    d.variant = (clt_variant)bad[i];
    snprintf(why, sizeof why, "variant %d", bad[i]);
    expect_invalid(&d, why);
  }
  for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
    clt_desc d = make_desc(4, 4, 4);
    clt__layout l;
    d.variant = good[i];
    l = expect_valid(&d, "known variant");
    assert_int_equal(l.variant, good[i]);
  }
}

static void defaults_resolve_to_documented_values(void **state) {
  clt_desc d = make_desc(3, 5, 4);
  clt__layout l;
  (void)state;
  l = expect_valid(&d, "3x5 all defaults");
  assert_int_equal(l.rows, 3);
  assert_int_equal(l.cols, 5);
  assert_int_equal(l.elem_size, 4);
  assert_int_equal(l.batch, 1);
  assert_int_equal(l.src_offset, 0);
  assert_int_equal(l.dst_offset, 0);
  assert_int_equal(l.src_ld, 5);
  assert_int_equal(l.dst_ld, 3);
  assert_int_equal(l.src_stride, 15);
  assert_int_equal(l.dst_stride, 15);
  assert_int_equal(l.src_begin, 0);
  assert_int_equal(l.src_end, 60);
  assert_int_equal(l.dst_begin, 0);
  assert_int_equal(l.dst_end, 60);
  assert_int_equal(l.variant, CLT_VARIANT_AUTO);

  /* Strides default from the explicit ld, not from rows/cols. */
  d = make_desc(3, 5, 8);
  d.batch = 4;
  d.src_offset = 7;
  d.src_ld = 9;
  d.dst_offset = 2;
  d.dst_ld = 6;
  d.variant = CLT_VARIANT_TILED;
  l = expect_valid(&d, "ld given, strides default");
  assert_int_equal(l.batch, 4);
  assert_int_equal(l.src_stride, 27);
  assert_int_equal(l.dst_stride, 30);
  assert_int_equal(l.src_begin, 7 * 8);
  assert_int_equal(l.src_end, (7 + 3 * 27 + 2 * 9 + 4 + 1) * 8);
  assert_int_equal(l.dst_begin, 2 * 8);
  assert_int_equal(l.dst_end, (2 + 3 * 30 + 4 * 6 + 2 + 1) * 8);
  assert_int_equal(l.variant, CLT_VARIANT_TILED);
  check_ranges(&l);
}

static void explicit_fields_are_kept_with_exact_byte_ranges(void **state) {
  clt_desc d = make_desc(13, 17, 2);
  clt__layout l;
  (void)state;
  d.batch = 3;
  d.src_offset = 5;
  d.src_ld = 20;
  d.src_stride = 13 * 20 + 11;
  d.dst_offset = 9;
  d.dst_ld = 16;
  d.dst_stride = 17 * 16 + 3;
  d.variant = CLT_VARIANT_VECTOR;
  l = expect_valid(&d, "everything explicit");
  assert_int_equal(l.src_ld, 20);
  assert_int_equal(l.src_stride, 271);
  assert_int_equal(l.dst_ld, 16);
  assert_int_equal(l.dst_stride, 275);
  assert_int_equal(l.src_begin, 10);
  assert_int_equal(l.src_end, (5 + 2 * 271 + 12 * 20 + 16 + 1) * 2);
  assert_int_equal(l.dst_begin, 18);
  assert_int_equal(l.dst_end, (9 + 2 * 275 + 16 * 16 + 12 + 1) * 2);
  check_ranges(&l);

  /* batch 0 means 1: strides then play no part in the extent. */
  d = make_desc(1, 1, 16);
  d.src_offset = 3;
  l = expect_valid(&d, "1x1");
  assert_int_equal(l.batch, 1);
  assert_int_equal(l.src_ld, 1);
  assert_int_equal(l.dst_ld, 1);
  assert_int_equal(l.src_stride, 1);
  assert_int_equal(l.dst_stride, 1);
  assert_int_equal(l.src_begin, 48);
  assert_int_equal(l.src_end, 64);
  assert_int_equal(l.dst_begin, 0);
  assert_int_equal(l.dst_end, 16);

  /* Row and column vectors. */
  d = make_desc(1, 1000, 1);
  l = expect_valid(&d, "1x1000");
  assert_int_equal(l.src_ld, 1000);
  assert_int_equal(l.dst_ld, 1);
  assert_int_equal(l.src_end, 1000);
  assert_int_equal(l.dst_end, 1000);
  d = make_desc(1000, 1, 8);
  d.batch = 2;
  l = expect_valid(&d, "1000x1 x2");
  assert_int_equal(l.src_ld, 1);
  assert_int_equal(l.dst_ld, 1000);
  assert_int_equal(l.src_stride, 1000);
  assert_int_equal(l.dst_stride, 1000);
  assert_int_equal(l.src_end, 16000);
  assert_int_equal(l.dst_end, 16000);
}

/* Many shapes and layouts checked against the header's formula. */
static void byte_ranges_match_the_formula_across_layouts(void **state) {
  static const size_t es[] = {1, 2, 4, 8, 16};
  static const size_t dims[] = {1, 2, 3, 16, 31, 33, 64, 1023};
  (void)state;
  for (size_t e = 0; e < 5; e++)
    for (size_t i = 0; i < 8; i++)
      for (size_t j = 0; j < 8; j++)
        for (size_t var = 0; var < 4; var++) {
          clt_desc d = make_desc(dims[i], dims[j], es[e]);
          clt__layout l;
          if (var & 1) {
            d.src_offset = 3 + j;
            d.dst_offset = 1 + i;
            d.src_ld = dims[j] + i;
            d.dst_ld = dims[i] + 2 * j;
          }
          if (var & 2) {
            d.batch = 3;
            d.src_stride = (var & 1) ? dims[i] * (dims[j] + i) + 5 : 0;
            d.dst_stride = (var & 1) ? dims[j] * (dims[i] + 2 * j) + 7 : 0;
          }
          l = expect_valid(&d, "layout sweep");
          assert_int_equal(l.src_ld, d.src_ld ? d.src_ld : d.cols);
          assert_int_equal(l.dst_ld, d.dst_ld ? d.dst_ld : d.rows);
          assert_int_equal(l.src_stride, d.src_stride ? d.src_stride : d.rows * l.src_ld);
          assert_int_equal(l.dst_stride, d.dst_stride ? d.dst_stride : d.cols * l.dst_ld);
          assert_int_equal(l.batch, d.batch ? d.batch : 1);
          check_ranges(&l);
        }
}

static void message_is_truncated_safely(void **state) {
  clt_desc d = make_desc(0, 5, 4);
  clt__layout l;
  char msg[16];
  (void)state;
  memset(msg, 'x', sizeof msg);
  assert_int_equal(clt__layout_from_desc(&d, &l, msg, 4), CLT_INVALID_VALUE);
  assert_true(strlen(msg) <= 3);
  for (size_t i = 4; i < sizeof msg; i++)
    assert_int_equal(msg[i], 'x');
}

static void ranges_overlap_cases(void **state) {
  (void)state;
  assert_false(clt__ranges_overlap(0, 10, 10, 20));
  assert_false(clt__ranges_overlap(10, 20, 0, 10));
  assert_false(clt__ranges_overlap(0, 1, 1, 2));
  assert_false(clt__ranges_overlap(0, 10, 100, 200));
  assert_false(clt__ranges_overlap(100, 200, 0, 10));
  assert_true(clt__ranges_overlap(0, 10, 9, 20));
  assert_true(clt__ranges_overlap(9, 20, 0, 10));
  assert_true(clt__ranges_overlap(0, 10, 0, 10));
  assert_true(clt__ranges_overlap(0, 100, 40, 50));
  assert_true(clt__ranges_overlap(40, 50, 0, 100));
  assert_true(clt__ranges_overlap(5, 6, 5, 6));
  assert_true(clt__ranges_overlap(0, SIZE_MAX, SIZE_MAX - 1, SIZE_MAX));
  assert_false(clt__ranges_overlap(0, SIZE_MAX - 1, SIZE_MAX - 1, SIZE_MAX));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(null_desc_is_invalid_value),
      cmocka_unit_test(zero_rows_or_cols_are_invalid),
      cmocka_unit_test(elem_size_outside_1_2_4_8_16_is_invalid),
      cmocka_unit_test(ld_smaller_than_row_is_invalid),
      cmocka_unit_test(stride_below_matrix_footprint_is_invalid_for_batches),
      cmocka_unit_test(sizes_overflowing_size_t_are_invalid),
      cmocka_unit_test(offset_plus_extent_overflowing_is_invalid),
      cmocka_unit_test(unknown_variant_is_invalid),
      cmocka_unit_test(defaults_resolve_to_documented_values),
      cmocka_unit_test(explicit_fields_are_kept_with_exact_byte_ranges),
      cmocka_unit_test(byte_ranges_match_the_formula_across_layouts),
      cmocka_unit_test(message_is_truncated_safely),
      cmocka_unit_test(ranges_overlap_cases),
  };
  return cmocka_run_group_tests(tests, NULL, NULL) != 0;
}
