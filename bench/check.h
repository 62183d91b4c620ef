/* Host-side reference for cltranspose-bench: random source data, the "poison" a destination is filled
 * with before each measured method (so stale results from an earlier method can never pass), and the
 * exact element-by-element comparison. */
#ifndef CLT_BENCH_CHECK_H
#define CLT_BENCH_CHECK_H

#include <stddef.h>

#include "options.h"

/* Fills buf with pseudo-random bytes from seed (reproducible; not all zero). */
void clt_bench_fill_random(unsigned char *buf, size_t size, unsigned long long seed);

/* Rewrites the exponent of every zero, subnormal, infinite or NaN value of a floating-point type to
 * that of 1.0, keeping sign and mantissa: comparison libraries compute alpha * x, which is exact only
 * for finite normal x (subnormals may be flushed, NaN payloads quieted). 1-byte data is left alone. */
void clt_bench_make_normal(unsigned char *buf, size_t size, enum clt_bench_type type);

/* Where one (shape, type, batch) lies in its buffers, in elements: source element (b, r, c) at
 * (b * rows + r) * src_ld + c, destination element (b, c, r) of a transpose at (b * cols + c) * dst_ld +
 * r. The copy (the ceiling) is dense whatever the lds: its destination is the source buffer's first
 * batch * rows * cols elements. Every destination byte that no element covers is padding, which a
 * correct run leaves as clt_bench_poison wrote it. */
struct clt_bench_layout {
  size_t rows, cols, elem_size, batch;
  size_t src_ld, dst_ld; /* >= cols and >= rows */
  int transpose;         /* 0: the copy */
};

/* Bytes of the source and of the destination buffer (the same for the copy and the transposes, which
 * share the buffers). */
size_t clt_bench_src_bytes(const struct clt_bench_layout *l);
size_t clt_bench_dst_bytes(const struct clt_bench_layout *l);

/* Writes into out (clt_bench_dst_bytes long) the bitwise complement of what a correct run leaves in
 * each destination element, so any element a kernel fails to write is caught, and a fixed pattern in
 * the padding, which clt_bench_compare expects back unchanged. */
void clt_bench_poison(const struct clt_bench_layout *l, const unsigned char *src, unsigned char *out);

struct clt_bench_mismatch {
  size_t wrong_elements;   /* elements that differ from the reference */
  size_t matrix, row, col; /* the first of them in destination order, as matrix, row, column of dst */
  size_t padding_bytes;    /* padding bytes a run changed */
  size_t padding_offset;   /* the first of them, as a byte offset in the destination buffer */
};

/* Compares dst with the transpose of src (or src itself for the copy), every element, and the padding
 * with the poison's pattern. Returns 0 when both are right; else nonzero with *m filled in. */
int clt_bench_compare(const struct clt_bench_layout *l, const unsigned char *src, const unsigned char *dst,
                      struct clt_bench_mismatch *m);

#endif /* CLT_BENCH_CHECK_H */
