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

size_t clt_bench_src_bytes(const struct clt_bench_layout *l) {
  return l->batch * l->rows * l->src_ld * l->elem_size;
}

size_t clt_bench_dst_bytes(const struct clt_bench_layout *l) {
  return l->batch * l->cols * l->dst_ld * l->elem_size;
}

/* The padding's pattern: a function of the byte's offset in the buffer, so the comparison needs no copy
 * of it, and no byte of it likely to be a stray element's value. */
static unsigned char pad_byte(size_t offset) {
  return (unsigned char)(0xA5u ^ (unsigned)(offset * 0x9Du) ^ (unsigned)(offset >> 9));
}

/* Bytes [from, to) of the destination: the pattern written, or the number that differ from it (the
 * first offset that differs in *first). */
static void write_padding(unsigned char *out, size_t from, size_t to) {
  for (size_t i = from; i < to; i++)
    out[i] = pad_byte(i);
}

static size_t check_padding(const unsigned char *dst, size_t from, size_t to, size_t *first) {
  size_t n = 0;
  for (size_t i = from; i < to; i++)
    if (dst[i] != pad_byte(i) && n++ == 0)
      *first = i;
  return n;
}

/* Every function below takes the element size as a parameter but is only called with the literal
 * sizes of DISPATCH, so the compiler can specialize the per-element copies and comparisons. */
#define DISPATCH(call_with_size)                                                                             \
  switch (l->elem_size) {                                                                                    \
  case 1:                                                                                                    \
    call_with_size(1);                                                                                       \
    break;                                                                                                   \
  case 2:                                                                                                    \
    call_with_size(2);                                                                                       \
    break;                                                                                                   \
  case 4:                                                                                                    \
    call_with_size(4);                                                                                       \
    break;                                                                                                   \
  case 8:                                                                                                    \
    call_with_size(8);                                                                                       \
    break;                                                                                                   \
  case 16:                                                                                                   \
    call_with_size(16);                                                                                      \
    break;                                                                                                   \
  default:                                                                                                   \
    call_with_size(l->elem_size);                                                                            \
    break;                                                                                                   \
  }

static inline void poison_transpose(const struct clt_bench_layout *l, const unsigned char *src,
                                    unsigned char *out, size_t es) {
  const size_t rows = l->rows, cols = l->cols, sld = l->src_ld, dld = l->dst_ld;
  for (size_t b = 0; b < l->batch; b++) {
    const unsigned char *s = src + b * rows * sld * es;
    unsigned char *d = out + b * cols * dld * es;
    for (size_t rb = 0; rb < rows; rb += TILE) {
      const size_t re = min_size(rows, rb + TILE);
      for (size_t cb = 0; cb < cols; cb += TILE) {
        const size_t ce = min_size(cols, cb + TILE);
        for (size_t r = rb; r < re; r++) {
          for (size_t c = cb; c < ce; c++) {
            const unsigned char *from = s + (r * sld + c) * es;
            unsigned char *to = d + (c * dld + r) * es;
            for (size_t k = 0; k < es; k++)
              to[k] = (unsigned char)~from[k];
          }
        }
      }
    }
    for (size_t c = b * cols; dld > rows && c < (b + 1) * cols; c++)
      write_padding(out, (c * dld + rows) * es, (c + 1) * dld * es);
  }
}

void clt_bench_poison(const struct clt_bench_layout *l, const unsigned char *src, unsigned char *out) {
  if (!l->transpose) {
    const size_t n = l->rows * l->cols * l->elem_size * l->batch;
    for (size_t i = 0; i < n; i++)
      out[i] = (unsigned char)~src[i];
    write_padding(out, n, clt_bench_dst_bytes(l));
    return;
  }
#define POISON(es) poison_transpose(l, src, out, es)
  DISPATCH(POISON)
#undef POISON
}

/* Keeps the mismatch that comes first in dst order, whatever order the tiles were visited in. */
static void note_mismatch(size_t *count, size_t *first, size_t index) {
  if (*count == 0 || index < *first)
    *first = index;
  (*count)++;
}

/* Wrong elements, the first as its index in a dense destination (matrix by matrix, row by row). */
static inline size_t compare_transpose(const struct clt_bench_layout *l, const unsigned char *src,
                                       const unsigned char *dst, size_t es, size_t *first) {
  const size_t rows = l->rows, cols = l->cols, sld = l->src_ld, dld = l->dst_ld;
  size_t count = 0;
  for (size_t b = 0; b < l->batch; b++) {
    const unsigned char *s = src + b * rows * sld * es;
    const unsigned char *d = dst + b * cols * dld * es;
    for (size_t rb = 0; rb < rows; rb += TILE) {
      const size_t re = min_size(rows, rb + TILE);
      for (size_t cb = 0; cb < cols; cb += TILE) {
        const size_t ce = min_size(cols, cb + TILE);
        for (size_t r = rb; r < re; r++) {
          for (size_t c = cb; c < ce; c++) {
            if (memcmp(d + (c * dld + r) * es, s + (r * sld + c) * es, es) != 0)
              note_mismatch(&count, first, (b * cols + c) * rows + r);
          }
        }
      }
    }
  }
  return count;
}

int clt_bench_compare(const struct clt_bench_layout *l, const unsigned char *src, const unsigned char *dst,
                      struct clt_bench_mismatch *m) {
  const size_t es = l->elem_size, per_matrix = l->rows * l->cols;
  size_t first = 0;
  memset(m, 0, sizeof *m);
  if (!l->transpose) {
    const size_t n = per_matrix * l->batch;
    if (memcmp(src, dst, n * es) != 0)
      for (size_t i = 0; i < n; i++)
        if (memcmp(src + i * es, dst + i * es, es) != 0)
          note_mismatch(&m->wrong_elements, &first, i);
    m->padding_bytes = check_padding(dst, n * es, clt_bench_dst_bytes(l), &m->padding_offset);
  } else {
#define COMPARE(es_) m->wrong_elements = compare_transpose(l, src, dst, es_, &first)
    DISPATCH(COMPARE)
#undef COMPARE
    for (size_t row = 0; l->dst_ld > l->rows && row < l->batch * l->cols; row++) {
      size_t at = 0;
      const size_t n = check_padding(dst, (row * l->dst_ld + l->rows) * es, (row + 1) * l->dst_ld * es, &at);
      if (n > 0 && m->padding_bytes == 0)
        m->padding_offset = at;
      m->padding_bytes += n;
    }
  }
  if (m->wrong_elements > 0) {
    /* dst of a transpose is cols x rows; of the copy, rows x cols. */
    const size_t dst_cols = l->transpose ? l->rows : l->cols, in_matrix = first % per_matrix;
    m->matrix = first / per_matrix;
    m->row = in_matrix / dst_cols;
    m->col = in_matrix % dst_cols;
  }
  return m->wrong_elements > 0 || m->padding_bytes > 0;
}
