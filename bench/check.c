/* Host reference for cltranspose-bench: random fill, destination poisoning and exact comparison. The
 * loops walk square tiles so that the strided side stays in cache; with matrices of several GiB the
 * check would otherwise take longer than the benchmark. */
#include "check.h"

#include <stdint.h>
#include <string.h>

#define TILE 32

void clt_bench_fill_random(unsigned char *buf, size_t size, unsigned long long seed) {
  /* splitmix64: fast, and good enough that no pattern (or compressible run) reaches the device. */
  uint64_t state = (uint64_t)seed;
  size_t i = 0;
  for (; i < size; i += 8) {
    state += 0x9E3779B97F4A7C15ull;
    uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    const size_t n = size - i < 8 ? size - i : 8;
    memcpy(buf + i, &z, n);
  }
}

/* One IEEE scalar of width bytes: exponent field [shift, shift + bits), bias = all ones >> 1. */
static void normalize_scalars(unsigned char *buf, size_t size, size_t width, unsigned shift, unsigned bits) {
  const uint64_t field = ((1ull << bits) - 1) << shift;
  const uint64_t one = ((1ull << (bits - 1)) - 1) << shift;
  for (size_t i = 0; i + width <= size; i += width) {
    uint64_t v = 0;
    memcpy(&v, buf + i, width); /* little- or big-endian alike: the same bytes go back */
    const uint64_t e = v & field;
    if (e == 0 || e == field)
      v = (v & ~field) | one;
    memcpy(buf + i, &v, width);
  }
}

void clt_bench_make_normal(unsigned char *buf, size_t size, enum clt_bench_type type) {
  switch (type) {
  case CLT_BENCH_F16:
    normalize_scalars(buf, size, 2, 10, 5);
    break;
  case CLT_BENCH_F32:
  case CLT_BENCH_C64:
    normalize_scalars(buf, size, 4, 23, 8);
    break;
  case CLT_BENCH_F64:
  case CLT_BENCH_C128:
    normalize_scalars(buf, size, 8, 52, 11);
    break;
  default:
    break;
  }
}

static size_t min_size(size_t a, size_t b) {
  return a < b ? a : b;
}

/* Every function below takes elem_size as a parameter but is only called with the literal sizes from
 * the switches at the bottom, so the compiler can specialize the per-element memcpy/memcmp. */
static inline void poison_transpose(const unsigned char *src, unsigned char *out, size_t rows, size_t cols,
                                    size_t es, size_t batch) {
  for (size_t b = 0; b < batch; b++) {
    const unsigned char *s = src + b * rows * cols * es;
    unsigned char *d = out + b * rows * cols * es;
    for (size_t rb = 0; rb < rows; rb += TILE) {
      const size_t re = min_size(rows, rb + TILE);
      for (size_t cb = 0; cb < cols; cb += TILE) {
        const size_t ce = min_size(cols, cb + TILE);
        for (size_t r = rb; r < re; r++) {
          for (size_t c = cb; c < ce; c++) {
            const unsigned char *from = s + (r * cols + c) * es;
            unsigned char *to = d + (c * rows + r) * es;
            for (size_t k = 0; k < es; k++)
              to[k] = (unsigned char)~from[k];
          }
        }
      }
    }
  }
}

void clt_bench_poison(const unsigned char *src, unsigned char *out, size_t rows, size_t cols,
                      size_t elem_size, size_t batch, int transpose) {
  if (!transpose) {
    const size_t n = rows * cols * elem_size * batch;
    for (size_t i = 0; i < n; i++)
      out[i] = (unsigned char)~src[i];
    return;
  }
  switch (elem_size) {
  case 1:
    poison_transpose(src, out, rows, cols, 1, batch);
    break;
  case 2:
    poison_transpose(src, out, rows, cols, 2, batch);
    break;
  case 4:
    poison_transpose(src, out, rows, cols, 4, batch);
    break;
  case 8:
    poison_transpose(src, out, rows, cols, 8, batch);
    break;
  case 16:
    poison_transpose(src, out, rows, cols, 16, batch);
    break;
  default:
    poison_transpose(src, out, rows, cols, elem_size, batch);
    break;
  }
}

/* Keeps the mismatch that comes first in dst order, whatever order the tiles were visited in. */
static void note_mismatch(size_t *count, size_t *first, size_t index) {
  if (*count == 0 || index < *first)
    *first = index;
  (*count)++;
}

static inline size_t compare_transpose(const unsigned char *src, const unsigned char *dst, size_t rows,
                                       size_t cols, size_t es, size_t batch, size_t *first) {
  size_t count = 0;
  for (size_t b = 0; b < batch; b++) {
    const unsigned char *s = src + b * rows * cols * es;
    const unsigned char *d = dst + b * rows * cols * es;
    for (size_t rb = 0; rb < rows; rb += TILE) {
      const size_t re = min_size(rows, rb + TILE);
      for (size_t cb = 0; cb < cols; cb += TILE) {
        const size_t ce = min_size(cols, cb + TILE);
        for (size_t r = rb; r < re; r++) {
          for (size_t c = cb; c < ce; c++) {
            if (memcmp(d + (c * rows + r) * es, s + (r * cols + c) * es, es) != 0)
              note_mismatch(&count, first, b * rows * cols + c * rows + r);
          }
        }
      }
    }
  }
  return count;
}

size_t clt_bench_compare(const unsigned char *src, const unsigned char *dst, size_t rows, size_t cols,
                         size_t elem_size, size_t batch, int transpose, size_t *bad_matrix, size_t *bad_row,
                         size_t *bad_col) {
  const size_t per_matrix = rows * cols;
  size_t count = 0, first = 0;
  if (!transpose) {
    if (memcmp(src, dst, per_matrix * batch * elem_size) == 0)
      return 0;
    for (size_t i = 0; i < per_matrix * batch; i++)
      if (memcmp(src + i * elem_size, dst + i * elem_size, elem_size) != 0)
        note_mismatch(&count, &first, i);
  } else {
    switch (elem_size) {
    case 1:
      count = compare_transpose(src, dst, rows, cols, 1, batch, &first);
      break;
    case 2:
      count = compare_transpose(src, dst, rows, cols, 2, batch, &first);
      break;
    case 4:
      count = compare_transpose(src, dst, rows, cols, 4, batch, &first);
      break;
    case 8:
      count = compare_transpose(src, dst, rows, cols, 8, batch, &first);
      break;
    case 16:
      count = compare_transpose(src, dst, rows, cols, 16, batch, &first);
      break;
    default:
      count = compare_transpose(src, dst, rows, cols, elem_size, batch, &first);
      break;
    }
  }
  if (count > 0) {
    /* dst of a transpose is cols x rows; of a copy, rows x cols. */
    const size_t dst_cols = transpose ? rows : cols;
    const size_t in_matrix = first % per_matrix;
    *bad_matrix = first / per_matrix;
    *bad_row = in_matrix / dst_cols;
    *bad_col = in_matrix % dst_cols;
  }
  return count;
}
