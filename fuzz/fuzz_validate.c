/* libFuzzer target over clt__layout_from_desc, the pure descriptor validation every public entry point
 * runs before it touches a buffer. A 128-bit model of the documented contract (include/cltranspose.h,
 * src/clt_internal.h) decides independently whether each descriptor is valid and what its byte ranges
 * are; any disagreement, and any broken invariant of an accepted layout, aborts. */
#include "clt_internal.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__extension__ typedef unsigned __int128 u128; /* GCC and clang; __extension__ keeps -Wpedantic quiet */

/* Input: for each of the 10 size_t fields a tag byte and its payload, then the variant, then a byte of
 * harness flags. Tags favour the values that matter here: small ones, and ones near SIZE_MAX and near
 * its square roots, where products and sums overflow. Missing bytes read as zero. */
typedef struct reader {
  const uint8_t *p;
  size_t n;
} reader;

static uint8_t byte(reader *r) {
  if (r->n == 0)
    return 0;
  r->n--;
  return *r->p++;
}

static uint64_t bytes_le(reader *r, unsigned count) {
  uint64_t v = 0;
  for (unsigned i = 0; i < count; i++)
    v |= (uint64_t)byte(r) << (8 * i);
  return v;
}

static size_t field(reader *r) {
  uint8_t tag = byte(r);
  switch (tag & 7) {
  case 0:
    return tag >> 3; /* 0 .. 31 */
  case 1:
    return (size_t)bytes_le(r, 1); /* .. 255 */
  case 2:
    return (size_t)bytes_le(r, 2); /* .. 65535 */
  case 3:
    return (size_t)bytes_le(r, 4);
  case 4:
    return (size_t)bytes_le(r, 8);
  case 5:
    return SIZE_MAX - (size_t)bytes_le(r, 1); /* next to the top */
  case 6:
    return (SIZE_MAX >> (tag >> 3)) - (size_t)bytes_le(r, 1) + 1; /* near 2^(64-k), k < 32 */
  default:
    return (size_t)1 << (bytes_le(r, 1) & 63); /* powers of two */
  }
}

static clt_variant variant_of(reader *r) {
  uint8_t b = byte(r);
  static const int known[] = {CLT_VARIANT_AUTO,  CLT_VARIANT_NAIVE, CLT_VARIANT_TILED,  CLT_VARIANT_VECTOR,
                              CLT_VARIANT_BLOCK, CLT_VARIANT_RECT,  CLT_VARIANT_NARROW, CLT_VARIANT_COPY};
  if (b < 0x80)
    return (clt_variant)known[b % (sizeof known / sizeof known[0])];
  return (clt_variant)(int32_t)(uint32_t)bytes_le(r, 4); /* anything, valid or not */
}

static void fail(const char *what, const clt_desc *d) {
  fprintf(stderr,
          "fuzz_validate: %s\n  rows=%zu cols=%zu elem_size=%zu batch=%zu src(off=%zu ld=%zu stride=%zu) "
          "dst(off=%zu ld=%zu stride=%zu) variant=%d\n",
          what, d->rows, d->cols, d->elem_size, d->batch, d->src_offset, d->src_ld, d->src_stride,
          d->dst_offset, d->dst_ld, d->dst_stride, (int)d->variant);
  abort();
}

/* The contract, computed in 128 bits where nothing can wrap. Returns 1 and the resolved layout if the
 * descriptor is valid. */
static int model(const clt_desc *d, clt__layout *m) {
  const u128 MAX = (u128)SIZE_MAX;
  memset(m, 0, sizeof *m);
  if (d->rows == 0 || d->cols == 0)
    return 0;
  if (d->elem_size != 1 && d->elem_size != 2 && d->elem_size != 4 && d->elem_size != 8 && d->elem_size != 16)
    return 0;
  switch ((int)d->variant) {
  case CLT_VARIANT_AUTO:
  case CLT_VARIANT_NAIVE:
  case CLT_VARIANT_TILED:
  case CLT_VARIANT_VECTOR:
  case CLT_VARIANT_BLOCK:
  case CLT_VARIANT_RECT:
  case CLT_VARIANT_NARROW:
  case CLT_VARIANT_COPY:
    break;
  default:
    return 0;
  }
  /* Every product below is of two values < 2^64, every sum of at most three such terms with small
   * factors, so nothing exceeds 2^128; sums are bounded by SIZE_MAX before they are scaled by es. */
  u128 rows = d->rows, cols = d->cols, es = d->elem_size;
  if (rows * cols > MAX || rows * cols * es > MAX)
    return 0;
  u128 batch = d->batch ? d->batch : 1;
  u128 sld = d->src_ld ? d->src_ld : cols, dld = d->dst_ld ? d->dst_ld : rows;
  if (sld < cols || dld < rows)
    return 0;
  u128 sfp = (rows - 1) * sld + cols, dfp = (cols - 1) * dld + rows; /* one matrix, in elements */
  if (sfp > MAX || dfp > MAX)
    return 0;
  /* "stride 0 = rows * ld": the default must itself be a size_t, whatever the batch. */
  u128 sst = d->src_stride ? d->src_stride : rows * sld, dst = d->dst_stride ? d->dst_stride : cols * dld;
  if (sst > MAX || dst > MAX)
    return 0;
  if (batch > 1 && (sst < sfp || dst < dfp)) /* the matrices of a batch must not overlap */
    return 0;
  u128 send = (u128)d->src_offset + (batch - 1) * sst + sfp; /* in elements, then bytes */
  u128 dend = (u128)d->dst_offset + (batch - 1) * dst + dfp;
  if (send > MAX || dend > MAX || send * es > MAX || dend * es > MAX)
    return 0;
  send *= es;
  dend *= es;
  if (d->variant == CLT_VARIANT_COPY) { /* the copy ceiling: dense views only */
    u128 n = rows * cols;
    if (sld != cols || dld != rows || (batch > 1 && (sst != n || dst != n)))
      return 0;
  }
  m->rows = d->rows;
  m->cols = d->cols;
  m->elem_size = d->elem_size;
  m->batch = (size_t)batch;
  m->src_offset = d->src_offset;
  m->src_ld = (size_t)sld;
  m->src_stride = (size_t)sst;
  m->dst_offset = d->dst_offset;
  m->dst_ld = (size_t)dld;
  m->dst_stride = (size_t)dst;
  m->src_begin = (size_t)((u128)d->src_offset * es);
  m->src_end = (size_t)send;
  m->dst_begin = (size_t)((u128)d->dst_offset * es);
  m->dst_end = (size_t)dend;
  m->variant = d->variant;
  return 1;
}

static void check_message(const char *msg, size_t size, int want_empty, const clt_desc *d) {
  if (size == 0)
    return;
  if (!memchr(msg, '\0', size))
    fail("the message is not NUL-terminated inside msg_size", d);
  if (want_empty && msg[0] != '\0')
    fail("a successful validation left a message", d);
  if (!want_empty && size > 1 && msg[0] == '\0')
    fail("a failed validation left no message", d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  reader r = {data, size};
  clt_desc d;
  memset(&d, 0, sizeof d);
  d.rows = field(&r);
  d.cols = field(&r);
  d.elem_size = field(&r);
  d.batch = field(&r);
  d.src_offset = field(&r);
  d.src_ld = field(&r);
  d.src_stride = field(&r);
  d.dst_offset = field(&r);
  d.dst_ld = field(&r);
  d.dst_stride = field(&r);
  d.variant = variant_of(&r);
  uint8_t flags = byte(&r);
  /* The message buffer: full, tiny (truncation), or absent. Guard bytes after it catch overruns that
   * ASan cannot (the buffer lives inside a larger array). */
  char msgbuf[300];
  size_t msg_size = (flags & 3) == 0   ? 256
                    : (flags & 3) == 1 ? (size_t)(flags >> 2) % 8
                    : (flags & 3) == 2 ? 1
                                       : 0;
  memset(msgbuf, 0x5A, sizeof msgbuf);
  char *msg = (flags & 3) == 3 ? NULL : msgbuf;

  clt__layout out, expect;
  memset(&out, 0xA5, sizeof out);
  int valid = model(&d, &expect);
  clt_status st = clt__layout_from_desc(&d, &out, msg, msg_size);
  if (msg)
    for (size_t i = msg_size; i < sizeof msgbuf; i++)
      if ((unsigned char)msgbuf[i] != 0x5A)
        fail("the message was written past msg_size", &d);
  if (st != CLT_SUCCESS && st != CLT_INVALID_VALUE)
    fail("the result is neither CLT_SUCCESS nor CLT_INVALID_VALUE", &d);
  if (msg)
    check_message(msg, msg_size, st == CLT_SUCCESS, &d);
  if (valid && st != CLT_SUCCESS) {
    fprintf(stderr, "library says: %s\n", msg && msg_size ? msg : "(no message buffer)");
    fail("a valid descriptor was rejected", &d);
  }
  if (!valid && st == CLT_SUCCESS)
    fail("an invalid descriptor was accepted", &d);
  if (st != CLT_SUCCESS)
    return 0;

#define SAME(f)                                                                                              \
  do {                                                                                                       \
    if (out.f != expect.f)                                                                                   \
      fail("layout field " #f " differs from the model", &d);                                                \
  } while (0)
  /* The accepted layout: exactly the model's, field by field (the comparison names the field). */
  SAME(rows);
  SAME(cols);
  SAME(elem_size);
  SAME(batch);
  SAME(src_offset);
  SAME(src_ld);
  SAME(src_stride);
  SAME(dst_offset);
  SAME(dst_ld);
  SAME(dst_stride);
  SAME(src_begin);
  SAME(src_end);
  SAME(dst_begin);
  SAME(dst_end);
  SAME(variant);
#undef SAME
  /* Invariants the kernels' index arithmetic relies on. */
  if (out.src_end < out.src_begin || out.dst_end < out.dst_begin)
    fail("a view ends before it begins", &d);
  if (out.src_ld < out.cols || out.dst_ld < out.rows)
    fail("a leading dimension is shorter than a row", &d);
  if (out.batch < 1)
    fail("batch resolved to 0", &d);
  /* Every element of every matrix lies inside [begin, end), the largest index included. */
  u128 es = out.elem_size;
  u128 s_last = (u128)out.src_offset + (u128)(out.batch - 1) * out.src_stride +
                (u128)(out.rows - 1) * out.src_ld + (out.cols - 1);
  u128 d_last = (u128)out.dst_offset + (u128)(out.batch - 1) * out.dst_stride +
                (u128)(out.cols - 1) * out.dst_ld + (out.rows - 1);
  if ((s_last + 1) * es != out.src_end || (d_last + 1) * es != out.dst_end)
    fail("a view's end is not one past its last element", &d);
  if ((u128)(out.src_end - out.src_begin) < (u128)out.rows * out.cols * es ||
      (u128)(out.dst_end - out.dst_begin) < (u128)out.rows * out.cols * es)
    fail("a view is smaller than one matrix", &d);

  /* clt__ranges_overlap on the two views, against the plain definition of intersecting ranges. */
  int ov = clt__ranges_overlap(out.src_begin, out.src_end, out.dst_begin, out.dst_end);
  int ov_model = out.src_begin < out.src_end && out.dst_begin < out.dst_end && out.src_begin < out.dst_end &&
                 out.dst_begin < out.src_end;
  if (ov != ov_model)
    fail("clt__ranges_overlap disagrees with the model", &d);
  return 0;
}
