/* Experiment (not built by CMake; bx.c builds it after cl/common.cl): a transpose whose source reads are
 * whole aligned CHB-byte chunks of memory, whatever the rows' alignment. A work-group owns a band of BR
 * source rows and walks along it chunk by chunk: each row's chunk k is the k-th aligned chunk from the
 * row's first one, so a misaligned row is read as aligned chunks with the row's own offset, and a ring
 * of two chunks per row in local memory holds every column that the chunks k - 1 and k both cover in
 * all rows: the CW columns of output step k, written as destination runs of BR (skewed by SK like rect).
 * h200/knobs13.txt measured misaligned pitches costing reads 4-7 points of the copy with no transpose at all
 * (rdv, pad 1 against pad 0); this kernel reads as the aligned case does. */
#ifndef SK
#define SK 0
#endif
#ifndef PAD
#define PAD 0
#endif
#define CW (CHB / ELEM_SIZE)         /* chunk width in elements */
#define LP (2 * CW + PAD)            /* local row pitch: the ring of two chunks */
#define NROW (BR + SK)               /* tile rows: source rows r0 - SK .. r0 + BR - 1 */
#define LX (CW / VW)                 /* work-items per chunk row */
#define RPP (WG / LX)                /* chunk rows per load pass */
#define NLP ((NROW + RPP - 1) / RPP) /* load passes */
#define RI (BR / DV)                 /* work-items per destination run */
#define NRP (WG / RI)                /* runs per output pass */
#define NOP (CW / NRP)               /* output passes */
#define M2 (2u * CW - 1u)
#if IDX32
typedef int sidx_t; /* signed: row and column positions left of or above the matrix */
#else
typedef long sidx_t;
#endif

kernel __attribute__((reqd_work_group_size(WG, 1, 1))) void clt_band(CLT_TRANSPOSE_ARGS_AS(_)) {
  local T tile[NROW * LP];
  const uint t = (uint)get_local_id(0);
  const idx_t rows = (idx_t)rows_, cols = (idx_t)cols_, batch = (idx_t)batch_;
  const idx_t src_off = (idx_t)src_off_, src_ld = (idx_t)src_ld_, src_stride = (idx_t)src_stride_;
  const idx_t dst_off = (idx_t)dst_off_, dst_ld = (idx_t)dst_ld_, dst_stride = (idx_t)dst_stride_;
  const idx_t bands = (rows + (SK ? SK - 1 : 0) + BR - 1) / BR;
  const idx_t kmax = (cols + CW - 2) / CW; /* the last step whose columns reach into the matrix */
  const uint ll = t % LX, lr = t / LX;     /* load lane and first tile row */
  const uint pp = (t % RI) * DV, pq = t / RI; /* output: run position and first run */
  const uint uld = (uint)src_ld;
  for (idx_t b = get_group_id(2); b < batch; b += get_num_groups(2)) {
    const idx_t base = src_off + b * src_stride; /* element (0, 0) */
    const idx_t d_begin = dst_off + b * dst_stride;
    for (idx_t seg = get_group_id(1); seg * NSTEP <= kmax; seg += get_num_groups(1)) {
      const sidx_t k0 = (sidx_t)(seg * NSTEP), k1 = min((sidx_t)(kmax + 1), k0 + NSTEP);
      for (idx_t band = get_group_id(0); band < bands; band += get_num_groups(0)) {
        const sidx_t r0 = (sidx_t)(band * BR);
        const int rows_full = r0 >= SK && r0 + BR <= (sidx_t)rows;
        TV v[NLP];
        /* Chunk k of this work-item's tile rows into v: row i's chunk starts at the aligned element
         * F + k * CW, F = a - a % CW, a = row i's element 0. */
#define LOAD_CHUNK(k)                                                                                        \
  do {                                                                                                       \
    const int full_ = rows_full && (k) >= 1 && (k)*CW + CW <= (sidx_t)cols;                                   \
    _Pragma("unroll") for (uint j_ = 0; j_ < NLP; j_++) {                                                   \
      const uint i_ = lr + j_ * RPP;                                                                         \
      const sidx_t rs_ = r0 - SK + (sidx_t)i_;                                                                   \
      if (NROW % RPP == 0 || i_ < NROW) {                                                                    \
        if (full_) {                                                                                         \
          const idx_t a_ = base + (idx_t)rs_ * src_ld;                                                       \
          v[j_] = *(global const TV *)(src + (a_ - a_ % CW + (idx_t)(k)*CW + ll * VW));                      \
        } else if (rs_ >= 0 && rs_ < (sidx_t)rows) {                                                           \
          const idx_t a_ = base + (idx_t)rs_ * src_ld;                                                       \
          const sidx_t c_ = (k)*CW - (sidx_t)(a_ % CW) + ll * VW; /* the vector's first column */               \
          clt_vec x_;                                                                                        \
          x_.v = v[j_];                                                                                      \
          for (uint e_ = 0; e_ < VW; e_++)                                                                   \
            if (c_ + e_ >= 0 && c_ + e_ < (sidx_t)cols)                                                        \
              x_.e[e_] = src[a_ + c_ + e_];                                                                  \
          v[j_] = x_.v;                                                                                      \
        }                                                                                                    \
      }                                                                                                      \
    }                                                                                                        \
  } while (0)
        LOAD_CHUNK(k0 - 1);
        for (sidx_t k = k0 - 1; k < k1; k++) {
          barrier(CLK_LOCAL_MEM_FENCE); /* step k - 1's reads of the half that chunk k takes */
#pragma unroll
          for (uint j = 0; j < NLP; j++) {
            const uint i = lr + j * RPP;
            if (NROW % RPP == 0 || i < NROW) {
              const uint a = (uint)base + (uint)(r0 - SK + (sidx_t)i) * uld; /* low bits of row i's a */
              const uint h = (uint)((a / CW + (uint)k) & 1u);
              *(local TV *)&tile[i * LP + h * CW + ll * VW] = v[j];
            }
          }
          barrier(CLK_LOCAL_MEM_FENCE);
          if (k + 1 < k1)
            LOAD_CHUNK(k + 1); /* in flight while step k writes */
          if (k >= k0) {
            /* Step k's columns: k * CW - CW + 1 .. k * CW, each a destination row. */
#pragma unroll
            for (uint m = 0; m < NOP; m++) {
              const sidx_t c = k * CW - CW + 1 + (sidx_t)(pq + m * NRP);
              if (c < 0 || c >= (sidx_t)cols)
                continue;
              const uint sh = SK ? ((uint)d_begin + (uint)c * (uint)dst_ld + (uint)r0) & (SK - 1u) : 0u;
              const sidx_t rd = r0 - (sidx_t)sh; /* the run's first source row */
              /* Tile row of run position p: SK - sh + p; its slot: (a + c) mod 2 CW. */
              const uint ab = (uint)base + (uint)c + (uint)(rd + pp) * uld;
              const uint ib = SK - sh + pp;
              if (rows_full) {
#if DV == 1
                dst[d_begin + (idx_t)c * dst_ld + (idx_t)(rd + pp)] = tile[ib * LP + (ab & M2)];
#else
                union {
                  TVD v;
                  T e[DV];
                } o;
#pragma unroll
                for (uint e = 0; e < DV; e++)
                  o.e[e] = tile[(ib + e) * LP + ((ab + e * uld) & M2)];
                *(global TVD *)(dst + d_begin + (idx_t)c * dst_ld + (idx_t)(rd + pp)) = o.v;
#endif
              } else {
                for (uint e = 0; e < DV; e++) {
                  const sidx_t rs = rd + pp + e;
                  if (rs >= 0 && rs < (sidx_t)rows)
                    dst[d_begin + (idx_t)c * dst_ld + (idx_t)rs] = tile[(ib + e) * LP + ((ab + e * uld) & M2)];
                }
              }
            }
          }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
      }
    }
  }
}
