/* Descriptor validation: resolves the defaults of a clt_desc and proves every index the kernels will
 * form fits in size_t. Pure (no device, no globals, no allocation) so that it can be fuzzed on its own
 * and so that every public entry point can reject bad input before touching any buffer. */
#include "clt_internal.h"

#include <stdint.h>
#include <stdio.h>

/* a * b and a + b into *r, returning 0 on size_t overflow. */
static int mul_ok(size_t a, size_t b, size_t *r) {
  if (a != 0 && b > SIZE_MAX / a)
    return 0;
  *r = a * b;
  return 1;
}

static int add_ok(size_t a, size_t b, size_t *r) {
  if (b > SIZE_MAX - a)
    return 0;
  *r = a + b;
  return 1;
}

static clt_status invalid(char *msg, size_t msg_size, const char *text) {
  if (msg && msg_size)
    snprintf(msg, msg_size, "%s", text);
  return CLT_INVALID_VALUE;
}

static int variant_known(clt_variant v) {
  switch (v) {
  case CLT_VARIANT_AUTO:
  case CLT_VARIANT_NAIVE:
  case CLT_VARIANT_TILED:
  case CLT_VARIANT_VECTOR:
  case CLT_VARIANT_BLOCK:
  case CLT_VARIANT_RECT:
  case CLT_VARIANT_NARROW:
  case CLT_VARIANT_COPY:
    return 1;
  }
  return 0;
}

/* The smallest batch stride that keeps matrices of `lines` lines of `width` elements, `ld` apart, from
 * overlapping: (lines - 1) * ld + width. Returns 0 on overflow. */
static int footprint(size_t lines, size_t ld, size_t width, size_t *r) {
  size_t span;
  return mul_ok(lines - 1, ld, &span) && add_ok(span, width, r);
}

/* Byte range of a view: [offset, offset + (batch-1)*stride + footprint) times elem_size. */
static int view_range(size_t offset, size_t batch, size_t stride, size_t fp, size_t elem_size, size_t *begin,
                      size_t *end) {
  size_t last, span;
  return mul_ok(batch - 1, stride, &span) && add_ok(span, fp, &last) && add_ok(last, offset, &last) &&
         mul_ok(last, elem_size, end) && mul_ok(offset, elem_size, begin);
}

clt_status clt__layout_from_desc(const clt_desc *desc, clt__layout *out, char *msg, size_t msg_size) {
  if (msg && msg_size)
    msg[0] = '\0';
  if (!desc || !out)
    return invalid(msg, msg_size, "desc is NULL");
  clt__layout l = {0};
  l.rows = desc->rows;
  l.cols = desc->cols;
  l.elem_size = desc->elem_size;
  l.variant = desc->variant;
  if (l.rows == 0 || l.cols == 0)
    return invalid(msg, msg_size, "rows and cols must both be at least 1");
  if (l.elem_size != 1 && l.elem_size != 2 && l.elem_size != 4 && l.elem_size != 8 && l.elem_size != 16)
    return invalid(msg, msg_size, "elem_size must be 1, 2, 4, 8 or 16 bytes");
  if (!variant_known(l.variant))
    return invalid(msg, msg_size, "variant is not a clt_variant value");
  size_t bytes;
  if (!mul_ok(l.rows, l.cols, &bytes) || !mul_ok(bytes, l.elem_size, &bytes))
    return invalid(msg, msg_size, "rows * cols * elem_size overflows size_t");

  l.batch = desc->batch ? desc->batch : 1;
  l.src_offset = desc->src_offset;
  l.dst_offset = desc->dst_offset;
  l.src_ld = desc->src_ld ? desc->src_ld : l.cols;
  l.dst_ld = desc->dst_ld ? desc->dst_ld : l.rows;
  if (l.src_ld < l.cols)
    return invalid(msg, msg_size, "src_ld is smaller than cols (a source row)");
  if (l.dst_ld < l.rows)
    return invalid(msg, msg_size, "dst_ld is smaller than rows (a destination row)");

  size_t src_fp, dst_fp;
  if (!footprint(l.rows, l.src_ld, l.cols, &src_fp) || !footprint(l.cols, l.dst_ld, l.rows, &dst_fp))
    return invalid(msg, msg_size, "a matrix with this leading dimension overflows size_t");
  if (desc->src_stride) {
    l.src_stride = desc->src_stride;
  } else if (!mul_ok(l.rows, l.src_ld, &l.src_stride)) {
    return invalid(msg, msg_size, "the default src_stride rows * src_ld overflows size_t");
  }
  if (desc->dst_stride) {
    l.dst_stride = desc->dst_stride;
  } else if (!mul_ok(l.cols, l.dst_ld, &l.dst_stride)) {
    return invalid(msg, msg_size, "the default dst_stride cols * dst_ld overflows size_t");
  }
  if (l.batch > 1 && l.src_stride < src_fp)
    return invalid(msg, msg_size,
                   "src_stride is smaller than one source matrix, so the batch overlaps itself");
  if (l.batch > 1 && l.dst_stride < dst_fp)
    return invalid(msg, msg_size,
                   "dst_stride is smaller than one destination matrix, so the batch overlaps itself");

  if (!view_range(l.src_offset, l.batch, l.src_stride, src_fp, l.elem_size, &l.src_begin, &l.src_end))
    return invalid(msg, msg_size, "the source view's byte range overflows size_t");
  if (!view_range(l.dst_offset, l.batch, l.dst_stride, dst_fp, l.elem_size, &l.dst_begin, &l.dst_end))
    return invalid(msg, msg_size, "the destination view's byte range overflows size_t");

  if (l.variant == CLT_VARIANT_COPY) {
    size_t n = l.rows * l.cols;
    int dense = l.src_ld == l.cols && l.dst_ld == l.rows &&
                (l.batch == 1 || (l.src_stride == n && l.dst_stride == n));
    if (!dense)
      return invalid(msg, msg_size, "CLT_VARIANT_COPY needs dense views (default ld and stride)");
  }
  *out = l;
  return CLT_SUCCESS;
}

int clt__ranges_overlap(size_t a0, size_t a1, size_t b0, size_t b1) {
  return a0 < b1 && b0 < a1 && a0 < a1 && b0 < b1;
}
