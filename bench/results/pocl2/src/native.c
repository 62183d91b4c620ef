/* Native ceiling: NT copy vs cache-blocked AVX2 transposes, THREADS threads (OpenMP, default 2); see
 * README.md.
 * native ROWS COLS REPS VARIANT...   variant = name:TR:TC:order:inner:nt:pf
 *   order 0 = tiles walk along source rows (r0 outer), 1 = down column strips (c0 outer)
 *   inner 0 = 8x8 blocks straight to dst (r inner), 1 = 16x8 blocks (64-byte dst lines), 2 = via buffer,
 *   3 = via buffer with runs skewed to 64-byte lines, 4 / 5 = read-only / write-only halves of 2
 *   nt 1 = non-temporal stores where the dst address is 32-byte aligned, pf = prefetch distance in tiles (0 none)
 */
#define _GNU_SOURCE
#include <immintrin.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

static size_t R, C, LDS, LDD;
static int T = 2; /* threads: env THREADS */
static float *S, *D, *CD;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}
static int cmpd(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static void copy_nt(int nt) {
  size_t n = R * C;
#pragma omp parallel num_threads(T)
  {
    int t = omp_get_thread_num();
    size_t b = (n * t / T) & ~(size_t)15, e = t == T - 1 ? n : (n * (t + 1) / T) & ~(size_t)15;
    size_t i = b;
    if (nt) {
      for (; i + 8 <= e; i += 8)
        _mm256_stream_ps(CD + i, _mm256_load_ps(S + i));
      _mm_sfence();
    } else {
      memcpy(CD + b, S + b, (e - b) * 4);
      i = e;
    }
    for (; i < e; i++)
      CD[i] = S[i];
  }
}

static inline void tr8(__m256 *r) {
  __m256 t0 = _mm256_unpacklo_ps(r[0], r[1]), t1 = _mm256_unpackhi_ps(r[0], r[1]);
  __m256 t2 = _mm256_unpacklo_ps(r[2], r[3]), t3 = _mm256_unpackhi_ps(r[2], r[3]);
  __m256 t4 = _mm256_unpacklo_ps(r[4], r[5]), t5 = _mm256_unpackhi_ps(r[4], r[5]);
  __m256 t6 = _mm256_unpacklo_ps(r[6], r[7]), t7 = _mm256_unpackhi_ps(r[6], r[7]);
  __m256 u0 = _mm256_shuffle_ps(t0, t2, 0x44), u1 = _mm256_shuffle_ps(t0, t2, 0xEE);
  __m256 u2 = _mm256_shuffle_ps(t1, t3, 0x44), u3 = _mm256_shuffle_ps(t1, t3, 0xEE);
  __m256 u4 = _mm256_shuffle_ps(t4, t6, 0x44), u5 = _mm256_shuffle_ps(t4, t6, 0xEE);
  __m256 u6 = _mm256_shuffle_ps(t5, t7, 0x44), u7 = _mm256_shuffle_ps(t5, t7, 0xEE);
  r[0] = _mm256_permute2f128_ps(u0, u4, 0x20);
  r[1] = _mm256_permute2f128_ps(u1, u5, 0x20);
  r[2] = _mm256_permute2f128_ps(u2, u6, 0x20);
  r[3] = _mm256_permute2f128_ps(u3, u7, 0x20);
  r[4] = _mm256_permute2f128_ps(u0, u4, 0x31);
  r[5] = _mm256_permute2f128_ps(u1, u5, 0x31);
  r[6] = _mm256_permute2f128_ps(u2, u6, 0x31);
  r[7] = _mm256_permute2f128_ps(u3, u7, 0x31);
}

static inline void st(float *p, __m256 v, int nt) {
  if (nt && !((uintptr_t)p & 31))
    _mm256_stream_ps(p, v);
  else
    _mm256_storeu_ps(p, v);
}

typedef struct {
  char name[32];
  int tr, tc, order, inner, nt, pf;
} var;

static void pf_tile(const var *v, size_t r0, size_t c0) {
  if (r0 + v->tr > R || c0 + v->tc > C)
    return;
  for (int k = 0; k < v->tr; k++)
    for (int m = 0; m < v->tc; m += 16)
      _mm_prefetch((const char *)(S + (r0 + k) * LDS + c0 + m), _MM_HINT_T0);
}

/* skewed: dst row j gets the 64-byte-line-aligned run [r0 - p, r0 + h - p), p = (j*LDD + r0) % 16,
 * from source rows r0-16 .. r0+h-1 transposed into buf[w][h + 16] (column index r - (r0 - 16)). */
static void tile_skew(const var *v, size_t r0, size_t c0, float *buf) {
  int h = v->tr, w = v->tc, nt = v->nt, bh = h + 16;
  size_t rb = r0 >= 16 ? r0 - 16 : 0, re = r0 + h < R ? r0 + h : R, ce = c0 + w < C ? c0 + w : C;
  for (size_t r = rb; r < re; r += 8)
    for (size_t c = c0; c < ce; c += 8) {
      if (r + 8 <= re && c + 8 <= ce) {
        __m256 x[8];
        for (int k = 0; k < 8; k++)
          x[k] = _mm256_loadu_ps(S + (r + k) * LDS + c);
        tr8(x);
        for (int k = 0; k < 8; k++)
          _mm256_storeu_ps(buf + (c - c0 + k) * bh + (r + 16 - r0), x[k]);
      } else {
        for (size_t k = r; k < r + 8 && k < re; k++)
          for (size_t m = c; m < c + 8 && m < ce; m++)
            buf[(m - c0) * bh + (k + 16 - r0)] = S[k * LDS + m];
      }
    }
  for (size_t j = c0; j < ce; j++) {
    size_t p = (j * LDD + r0) % 16;
    size_t a = r0 ? r0 - p : 0, b = r0 + h >= R ? R : r0 + h - p;
    float *dr = D + j * LDD, *br = buf + (j - c0) * bh + 16 - r0;
    size_t i = a;
    for (; i < b && ((uintptr_t)(dr + i) & 31); i++)
      dr[i] = br[i];
    for (; i + 8 <= b; i += 8)
      st(dr + i, _mm256_loadu_ps(br + i), nt);
    for (; i < b; i++)
      dr[i] = br[i];
  }
}

static void tile(const var *v, size_t r0, size_t c0, float *buf) {
  int h = v->tr, w = v->tc, nt = v->nt;
  if (v->inner == 4 || v->inner == 5) { /* read-only / write-only halves of the buffered pattern */
    if (r0 + h > R || c0 + w > C)
      return;
    if (v->inner == 4) {
      __m256 acc = _mm256_setzero_ps();
      for (int r = 0; r < h; r++)
        for (int c = 0; c < w; c += 8)
          acc = _mm256_or_ps(acc, _mm256_loadu_ps(S + (r0 + r) * LDS + c0 + c));
      _mm256_store_ps(buf, acc);
    } else {
      for (int j = 0; j < w; j++)
        for (int i = 0; i < h; i += 8)
          st(D + (c0 + j) * LDD + r0 + i, _mm256_load_ps(buf + i), nt);
    }
    return;
  }
  if (v->inner == 3) {
    tile_skew(v, r0, c0, buf);
    return;
  }
  if (r0 + h > R || c0 + w > C) { /* edge: scalar */
    size_t re = r0 + h < R ? r0 + h : R, ce = c0 + w < C ? c0 + w : C;
    for (size_t c = c0; c < ce; c++)
      for (size_t r = r0; r < re; r++)
        D[c * LDD + r] = S[r * LDS + c];
    return;
  }
  if (v->inner == 0) {
    for (int c = 0; c < w; c += 8)
      for (int r = 0; r < h; r += 8) {
        __m256 x[8];
        for (int k = 0; k < 8; k++)
          x[k] = _mm256_loadu_ps(S + (r0 + r + k) * LDS + c0 + c);
        tr8(x);
        for (int k = 0; k < 8; k++)
          st(D + (c0 + c + k) * LDD + r0 + r, x[k], nt);
      }
  } else if (v->inner == 1) {
    for (int c = 0; c < w; c += 8)
      for (int r = 0; r < h; r += 16) {
        __m256 x[8], y[8];
        for (int k = 0; k < 8; k++)
          x[k] = _mm256_loadu_ps(S + (r0 + r + k) * LDS + c0 + c);
        for (int k = 0; k < 8; k++)
          y[k] = _mm256_loadu_ps(S + (r0 + r + 8 + k) * LDS + c0 + c);
        tr8(x);
        tr8(y);
        for (int k = 0; k < 8; k++) {
          float *p = D + (c0 + c + k) * LDD + r0 + r;
          st(p, x[k], nt);
          st(p + 8, y[k], nt);
        }
      }
  } else { /* via buffer buf[w][h] */
    for (int r = 0; r < h; r += 8)
      for (int c = 0; c < w; c += 8) {
        __m256 x[8];
        for (int k = 0; k < 8; k++)
          x[k] = _mm256_loadu_ps(S + (r0 + r + k) * LDS + c0 + c);
        tr8(x);
        for (int k = 0; k < 8; k++)
          _mm256_store_ps(buf + (c + k) * h + r, x[k]);
      }
    for (int j = 0; j < w; j++)
      for (int i = 0; i < h; i += 8)
        st(D + (c0 + j) * LDD + r0 + i, _mm256_load_ps(buf + j * h + i), nt);
  }
}

static void transpose(const var *v) {
  size_t tr_n = (R + v->tr - 1) / v->tr, tc_n = (C + v->tc - 1) / v->tc;
#pragma omp parallel num_threads(T)
  {
    static __thread float buf[256 * 272] __attribute__((aligned(64)));
    int t = omp_get_thread_num();
    /* order 0: each thread walks its share of tile rows, row by row; else of tile columns. */
    const size_t outer = v->order ? tc_n : tr_n, inner = v->order ? tr_n : tc_n;
    size_t b = outer * t / T, e = outer * (t + 1) / T;
    for (size_t o = b; o < e; o++)
      for (size_t n = 0; n < inner; n++) {
        if (v->pf) { /* the tile pf steps ahead in the thread's own walk */
          size_t nn = n + v->pf, oo = o;
          if (nn >= inner) { nn -= inner; oo++; }
          if (oo < e)
            pf_tile(v, (v->order ? nn : oo) * v->tr, (v->order ? oo : nn) * v->tc);
        }
        tile(v, (v->order ? n : o) * v->tr, (v->order ? o : n) * v->tc, buf);
      }
    if (v->nt)
      _mm_sfence();
  }
}

static void *big(size_t n) {
  void *p = aligned_alloc(1 << 21, (n + (1 << 21) - 1) & ~(size_t)((1 << 21) - 1));
  if (getenv("HUGE"))
    madvise(p, n, MADV_HUGEPAGE);
  memset(p, 0, n);
  return p;
}

int main(int argc, char **argv) {
  R = atol(argv[1]);
  C = atol(argv[2]);
  int reps = atoi(argv[3]);
  if (getenv("THREADS"))
    T = atoi(getenv("THREADS"));
  LDS = C;
  LDD = R;
  S = big(R * C * 4);
  D = big(R * C * 4);
  CD = big(R * C * 4);
  for (size_t i = 0; i < R * C; i++)
    S[i] = (float)(i * 2654435761u % 1000003u);
  int copynt = getenv("COPYNT") ? atoi(getenv("COPYNT")) : 1;
  int nv = argc - 4;
  var vs[32];
  static double tc[32][256], tt[32][256], pr[32][256];
  for (int a = 0; a < nv; a++) {
    var *v = &vs[a];
    memset(v, 0, sizeof *v);
    char *p = strchr(argv[a + 4], ':');
    memcpy(v->name, argv[a + 4], p - argv[a + 4]);
    sscanf(p + 1, "%d:%d:%d:%d:%d:%d", &v->tr, &v->tc, &v->order, &v->inner, &v->nt, &v->pf);
  }
  for (int i = 0; i < 3; i++)
    for (int a = 0; a < nv; a++) {
      copy_nt(copynt);
      transpose(&vs[a]);
    }
  for (int i = 0; i < reps; i++)
    for (int a = 0; a < nv; a++) { /* every variant in every round: all see the same conditions */
      double t0 = now();
      copy_nt(copynt);
      double t1 = now();
      transpose(&vs[a]);
      double t2 = now();
      tc[a][i] = t1 - t0;
      tt[a][i] = t2 - t1;
      pr[a][i] = 100 * tc[a][i] / tt[a][i];
    }
  for (int a = 0; a < nv; a++) {
    var *v = &vs[a];
    memset(D, 0xA5, R * C * 4);
    transpose(v);
    size_t bad = 0;
    for (size_t r = 0; r < R; r++)
      for (size_t c = 0; c < C; c++)
        bad += memcmp(&D[c * LDD + r], &S[r * LDS + c], 4) != 0;
    if (v->inner >= 4)
      bad = 0;
    qsort(tc[a], reps, 8, cmpd);
    qsort(tt[a], reps, 8, cmpd);
    qsort(pr[a], reps, 8, cmpd);
    double gb = 2.0 * R * C * 4 * 1e-9;
    printf("%zux%zu %-8s tr%3d tc%3d ord%d in%d nt%d pf%d  copy %5.1f GB/s  tr %5.1f GB/s  pair-median %5.1f%% "
           "(med/med %5.1f%%) pairIQR[%.1f-%.1f] %s\n",
           R, C, v->name, v->tr, v->tc, v->order, v->inner, v->nt, v->pf, gb / tc[a][reps / 2], gb / tt[a][reps / 2],
           pr[a][reps / 2], 100 * tc[a][reps / 2] / tt[a][reps / 2], pr[a][reps / 4], pr[a][3 * reps / 4],
           bad ? "FAIL" : "ok");
  }
  return 0;
}
