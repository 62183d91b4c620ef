/* Unit tests of the bench's host reference (bench/check.c): on fresh random data with padded rows, the
 * poison differs from the right answer in every element byte and keeps its pattern in the padding, a
 * correct result compares equal, and one wrong element or one changed padding byte is found and placed.
 * No device needed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "check.h"

static const size_t elem_sizes[] = {1, 2, 4, 8, 16};

/* The layouts every test walks: padded on either side, both, neither; one matrix and a batch. */
static struct clt_bench_layout layout_of(size_t i, size_t es, int transpose) {
  static const size_t pads[][3] = {{0, 0, 1}, {3, 0, 1}, {0, 5, 1}, {3, 5, 2}, {1, 64, 3}};
  const size_t rows = 37 + i, cols = 29 + 2 * i;
  struct clt_bench_layout l = {rows, cols, es, pads[i][2], cols + pads[i][0], rows + pads[i][1], transpose};
  return l;
}
#define N_LAYOUTS 5u

/* A source of random bytes (padding included) and the right destination: the poison with every
 * element overwritten by its value, so the padding keeps the poison's pattern. */
struct fixture {
  struct clt_bench_layout l;
  unsigned char *src, *poison, *good;
  size_t src_bytes, dst_bytes;
};

static size_t dst_index(const struct clt_bench_layout *l, size_t b, size_t r, size_t c) {
  return l->transpose ? (b * l->cols + c) * l->dst_ld + r : (b * l->rows + r) * l->cols + c;
}

static void make_fixture(struct fixture *f, const struct clt_bench_layout *l, unsigned long long seed) {
  f->l = *l;
  f->src_bytes = clt_bench_src_bytes(l);
  f->dst_bytes = clt_bench_dst_bytes(l);
  f->src = malloc(f->src_bytes);
  f->poison = malloc(f->dst_bytes);
  f->good = malloc(f->dst_bytes);
  assert_non_null(f->src);
  assert_non_null(f->poison);
  assert_non_null(f->good);
  clt_bench_fill_random(f->src, f->src_bytes, seed);
  clt_bench_poison(l, f->src, f->poison);
  memcpy(f->good, f->poison, f->dst_bytes);
  const size_t es = l->elem_size;
  for (size_t b = 0; b < l->batch; b++)
    for (size_t r = 0; r < l->rows; r++)
      for (size_t c = 0; c < l->cols; c++) {
        /* The copy reads the source densely, whatever its ld. */
        const size_t s = l->transpose ? (b * l->rows + r) * l->src_ld + c : (b * l->rows + r) * l->cols + c;
        memcpy(f->good + dst_index(l, b, r, c) * es, f->src + s * es, es);
      }
}

static void free_fixture(struct fixture *f) {
  free(f->src);
  free(f->poison);
  free(f->good);
}

/* Runs body on a fresh fixture of every layout, element size and kind (copy and transpose). */
static void each_case(void (*body)(struct fixture *f), unsigned long long seed) {
  for (int t = 0; t < 2; t++)
    for (size_t e = 0; e < sizeof elem_sizes / sizeof elem_sizes[0]; e++)
      for (size_t i = 0; i < N_LAYOUTS; i++) {
        const struct clt_bench_layout l = layout_of(i, elem_sizes[e], t);
        struct fixture f;
        make_fixture(&f, &l, seed + i * 31 + e * 7 + (unsigned long long)t);
        body(&f);
        free_fixture(&f);
      }
}

static void poison_differs(struct fixture *f) {
  const struct clt_bench_layout *l = &f->l;
  size_t same = 0, differ = 0;
  for (size_t k = 0; k < f->dst_bytes; k++)
    if (f->poison[k] != f->good[k])
      differ++;
    else
      same++;
  /* Every element byte differs; the padding bytes are the only ones equal. */
  assert_int_equal(differ, l->batch * l->rows * l->cols * l->elem_size);
  assert_int_equal(same, f->dst_bytes - differ);
  struct clt_bench_mismatch m;
  assert_int_not_equal(clt_bench_compare(l, f->src, f->poison, &m), 0);
  assert_int_equal(m.wrong_elements, l->batch * l->rows * l->cols);
  assert_int_equal(m.padding_bytes, 0);
}

static void compares_equal(struct fixture *f) {
  struct clt_bench_mismatch m;
  memset(&m, 0xAB, sizeof m);
  assert_int_equal(clt_bench_compare(&f->l, f->src, f->good, &m), 0);
  assert_int_equal(m.wrong_elements, 0);
  assert_int_equal(m.padding_bytes, 0);
}

static void finds_wrong_element(struct fixture *f) {
  const struct clt_bench_layout *l = &f->l;
  /* Source element (b, r, c) lands in dst row c, column r of matrix b (row r, column c for the copy);
   * flip one bit of its last byte. */
  const size_t b = l->batch - 1, r = l->rows / 3, c = l->cols - 2;
  f->good[dst_index(l, b, r, c) * l->elem_size + l->elem_size - 1] ^= 0x10;
  struct clt_bench_mismatch m;
  assert_int_not_equal(clt_bench_compare(l, f->src, f->good, &m), 0);
  assert_int_equal(m.wrong_elements, 1);
  assert_int_equal(m.padding_bytes, 0);
  assert_int_equal(m.matrix, b);
  assert_int_equal(m.row, l->transpose ? c : r);
  assert_int_equal(m.col, l->transpose ? r : c);
}

static void finds_changed_padding(struct fixture *f) {
  const struct clt_bench_layout *l = &f->l;
  /* The transpose's padding lies after each destination row; the copy's after its dense elements, up
   * to the end of the (transpose-sized) buffer. Layouts without padding have nothing to find. */
  const size_t dense = l->batch * l->rows * l->cols * l->elem_size;
  if (f->dst_bytes == dense)
    return;
  const size_t at =
      l->transpose ? ((l->batch * l->cols - 1) * l->dst_ld + l->rows) * l->elem_size + 1 : f->dst_bytes - 1;
  /* One changed byte: a write of the right value in the wrong place counts as well. */
  f->good[at] = (unsigned char)(f->good[at] + 1);
  struct clt_bench_mismatch m;
  assert_int_not_equal(clt_bench_compare(l, f->src, f->good, &m), 0);
  assert_int_equal(m.wrong_elements, 0);
  assert_int_equal(m.padding_bytes, 1);
  assert_int_equal(m.padding_offset, at);
}

static void poison_differs_in_every_element_byte(void **state) {
  (void)state;
  each_case(poison_differs, 0x1234u);
}

static void right_result_compares_equal(void **state) {
  (void)state;
  each_case(compares_equal, 0x9876u);
}

static void wrong_element_is_found_and_placed(void **state) {
  (void)state;
  each_case(finds_wrong_element, 0x5555u);
}

static void changed_padding_byte_is_found(void **state) {
  (void)state;
  each_case(finds_changed_padding, 0x7777u);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(poison_differs_in_every_element_byte),
      cmocka_unit_test(right_result_compares_equal),
      cmocka_unit_test(wrong_element_is_found_and_placed),
      cmocka_unit_test(changed_padding_byte_is_found),
  };
  return cmocka_run_group_tests(tests, NULL, NULL) != 0;
}
