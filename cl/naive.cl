/* The naive transpose: one element per work-item. Work-items adjacent in x read adjacent source
 * elements (coalesced) but write elements dst_ld apart, so every write of a warp lands in its own
 * cache line. It is the baseline the other variants are measured against. */
kernel void clt_naive(CLT_TRANSPOSE_ARGS) {
  for (ulong b = get_global_id(2); b < batch; b += get_global_size(2)) {
    global const T *s = src + src_off + b * src_stride;
    global T *d = dst + dst_off + b * dst_stride;
    for (ulong r = get_global_id(1); r < rows; r += get_global_size(1))
      for (ulong c = get_global_id(0); c < cols; c += get_global_size(0))
        d[c * dst_ld + r] = s[r * src_ld + c];
  }
}
