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

/* Writes into out the bitwise complement of what a correct run leaves in dst: the transpose of src
 * (batch matrices of rows x cols elements) when transpose is set, else src itself. Every byte then
 * differs from the right answer, so any element a kernel fails to write is caught. */
void clt_bench_poison(const unsigned char *src, unsigned char *out, size_t rows, size_t cols,
                      size_t elem_size, size_t batch, int transpose);

/* Compares dst with the transpose of src (or src itself when transpose is 0), every element. Returns
 * the number of wrong elements; for the first one met, *bad_matrix, *bad_row and *bad_col give its
 * place in dst. */
size_t clt_bench_compare(const unsigned char *src, const unsigned char *dst, size_t rows, size_t cols,
                         size_t elem_size, size_t batch, int transpose, size_t *bad_matrix, size_t *bad_row,
                         size_t *bad_col);

#endif /* CLT_BENCH_CHECK_H */
