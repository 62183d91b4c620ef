/* The bandwidth ceiling: a copy of the same bytes a transpose moves, with 16-byte accesses on both
 * sides. Every bench figure is a percentage of this kernel. The byte offsets are 16-byte aligned when
 * ALIGNED is 1; otherwise the kernel falls back to bytes. CHUNK 0 interleaves work-items over the
 * buffer (a grid-stride loop: coalesced on GPUs); CHUNK > 0 gives each work-item CHUNK consecutive
 * 16-byte words, the sequential walk CPU caches and prefetchers want. UNROLL sets how many words a
 * work-item has in flight in the interleaved form. NT (CPUs, where the compiler is clang) makes the
 * chunked stores non-temporal, as the block transpose's are: the ceiling must use them too, or the
 * transpose would be measured against a copy that pays for reading its destination first. */
/* The 16-byte loads are CLT_LOAD_U4's: with L2LAST (cl/common.cl) they carry the evict_last policy the
 * transposes' source loads do, which speeds the copy up too, and the ceiling must be the fastest copy. */
#if NT && defined(__clang__)
#define CLT_COPY_STORE(v, p) __builtin_nontemporal_store((v), (p))
#else
#define CLT_COPY_STORE(v, p) (*(p) = (v))
#endif
kernel void clt_copy(global const uchar *restrict src, global uchar *restrict dst, const ulong src_off,
                     const ulong dst_off, const ulong nbytes) {
  const ulong gid = get_global_id(0), gsize = get_global_size(0);
#if ALIGNED
  global const uint4 *s = (global const uint4 *)(src + src_off);
  global uint4 *d = (global uint4 *)(dst + dst_off);
  const ulong n16 = nbytes / 16;
#if CHUNK
  const ulong end = (gid + 1) * CHUNK < n16 ? (gid + 1) * CHUNK : n16;
  for (ulong i = gid * CHUNK; i < end; i++)
    CLT_COPY_STORE(CLT_LOAD_U4(s + i), d + i);
#else
  /* UNROLL independent loads in flight per work-item before the first store. */
  ulong i = gid;
  for (; i + (UNROLL - 1) * gsize < n16; i += UNROLL * gsize) {
    uint4 v[UNROLL];
#pragma unroll
    for (uint u = 0; u < UNROLL; u++)
      v[u] = CLT_LOAD_U4(s + i + u * gsize);
#pragma unroll
    for (uint u = 0; u < UNROLL; u++)
      d[i + u * gsize] = v[u];
  }
  for (; i < n16; i += gsize)
    d[i] = CLT_LOAD_U4(s + i);
#endif
  for (ulong i = n16 * 16 + gid; i < nbytes; i += gsize)
    dst[dst_off + i] = src[src_off + i];
#else
  for (ulong i = gid; i < nbytes; i += gsize)
    dst[dst_off + i] = src[src_off + i];
#endif
}
