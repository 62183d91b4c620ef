/* Measurement programs behind bench/results/h200 (see bench/results/README.md); not built by CMake. */
/* mx: the memory patterns of rect's transposes without the transpose (knobs13.txt A to C, knobs14.txt C).
 *   mx DEVSUBSTR mx.cl [reads|occ|tall|tall2|reads16]
 * reads (default): rd and rdv over a 16384 x 8192 uint source, row pitch 8192 + pad elements, tiles
 *   64 x TC, in rect's group order (down the tile columns) and along the rows; occ: rdv with local
 *   memory reserved per group as a tile would take it; tall: the writes of a 1048576 x 64 transpose;
 *   tall2: the same in runs of 16 to 128 elements, groups of 256 where the run allows (knobs22.txt B);
 *   reads16: rdh and rdvh over a 16384 x 16384 ushort source (the same bytes), pitch 16384 + pad,
 *   tiles TR x 128 as the f16 odd entry's (knobs14.txt).
 * Each line: median of 25 event-timed runs after 3, as a percentage of ceil16 over the same bytes,
 * and an exact check of the output. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static int cmpd(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y; }
static char *slurp(const char *p) { FILE *f = fopen(p, "rb"); if (!f) exit(1); fseek(f, 0, SEEK_END); long n = ftell(f); rewind(f); char *b = malloc(n + 1); if (fread(b, 1, n, f) != (size_t)n) exit(1); b[n] = 0; fclose(f); return b; }
static cl_context ctx; static cl_command_queue q; static cl_device_id dev; static char *src;
static const int reps = 25;
static double run(cl_kernel k, size_t gx, size_t gy, size_t lx, size_t ly) {
  double ms[64]; size_t g[2] = {gx, gy}, l[2] = {lx, ly};
  for (int i = 0; i < 3 + reps; i++) { cl_event ev; cl_int e = clEnqueueNDRangeKernel(q, k, 2, 0, g, l, 0, 0, &ev); if (e) { printf("enqueue %d\n", e); exit(1); } clWaitForEvents(1, &ev);
    cl_ulong t0, t1; clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, 8, &t0, 0); clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, 8, &t1, 0);
    if (i >= 3) ms[i - 3] = (t1 - t0) * 1e-6;
    clReleaseEvent(ev); }
  qsort(ms, reps, sizeof *ms, cmpd); return ms[reps / 2];
}
static cl_kernel build(const char *name, const char *opts) {
  cl_int e; cl_program p = clCreateProgramWithSource(ctx, 1, (const char **)&src, 0, &e);
  if (clBuildProgram(p, 1, &dev, opts, 0, 0)) { static char log[200000]; clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, 0); printf("build %s: %s\n", opts, log); exit(1); }
  cl_kernel k = clCreateKernel(p, name, &e); clReleaseProgram(p); return k;
}
static void args(cl_kernel k, cl_mem s, cl_mem d, unsigned rows, unsigned cols, unsigned ld) {
  clSetKernelArg(k, 0, 8, &s); clSetKernelArg(k, 1, 8, &d); clSetKernelArg(k, 2, 4, &rows); clSetKernelArg(k, 3, 4, &cols); clSetKernelArg(k, 4, 4, &ld);
}
int main(int argc, char **argv) {
  if (argc < 3) { fprintf(stderr, "usage: mx DEVSUBSTR mx.cl [reads|occ|tall|tall2|reads16]\n"); return 2; }
  const char *mode = argc > 3 ? argv[3] : "reads";
  src = slurp(argv[2]);
  cl_platform_id pl[8]; cl_uint np; clGetPlatformIDs(8, pl, &np);
  for (cl_uint p = 0; p < np && !dev; p++) { cl_device_id d[8]; cl_uint nd = 0; clGetDeviceIDs(pl[p], CL_DEVICE_TYPE_ALL, 8, d, &nd);
    for (cl_uint i = 0; i < nd; i++) { char n[256]; clGetDeviceInfo(d[i], CL_DEVICE_NAME, 256, n, 0); if (strstr(n, argv[1])) { dev = d[i]; break; } } }
  if (!dev) { fprintf(stderr, "no device matches %s\n", argv[1]); return 1; }
  cl_int e; ctx = clCreateContext(0, 1, &dev, 0, 0, &e); q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &e);
  const unsigned R = 16384, C = 8192;         /* reads, occ: the source's rows x columns */
  const unsigned TC64 = 64, C2 = 1048576;     /* tall: the destination's rows x columns */
  size_t cap = (size_t)R * (C + 512); /* elements, room for the pads */
  if (cap < (size_t)TC64 * (C2 + 1024)) cap = (size_t)TC64 * (C2 + 1024);
  unsigned *h = malloc(cap * 4), *o = malloc(cap * 4);
  srand(1); for (size_t i = 0; i < cap; i++) h[i] = (unsigned)rand() * 2654435761u ^ (unsigned)i;
  cl_mem s = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, cap * 4, h, &e), d = clCreateBuffer(ctx, CL_MEM_READ_WRITE, cap * 4, 0, &e);
  const int tall2 = strcmp(mode, "tall2") == 0, tall = tall2 || strcmp(mode, "tall") == 0;
  const size_t elems = tall ? (size_t)TC64 * C2 : (size_t)R * C;
  cl_kernel kc = build("ceil16", "-DTC=32");
  unsigned n16 = (unsigned)(elems / 4);
  clSetKernelArg(kc, 0, 8, &s); clSetKernelArg(kc, 1, 8, &d); clSetKernelArg(kc, 2, 4, &n16);
  double cms = run(kc, n16, 1, 256, 1), cgb = 2.0 * elems * 4 / cms * 1e-6;
  printf("ceiling %s: %.4f ms %.1f GB/s\n", tall ? "1048576x64" : "16384x8192", cms, cgb);
  if (tall) {
    const char *kn[] = {"wrv", "wrs", "wrt"};
    if (tall2) {
      const unsigned trs2[] = {16, 32, 32, 64, 64, 128, 128}, wgys[] = {64, 32, 8, 16, 8, 8, 4};
      for (int kk = 0; kk < 3; kk++)
        for (int t = 0; t < 7; t++) {
          unsigned tr = trs2[t], ld = C2, wgy = wgys[t], wv = tr / 4 < 64 ? tr / 4 : 64;
          char opts[128]; snprintf(opts, sizeof opts, "-DTC=%u -DTR=%u -DWGY=%u", TC64, tr, wgy);
          cl_kernel k = build(kn[kk], opts);
          args(k, s, d, TC64, C2, ld);
          double ms = run(k, (size_t)(C2 / tr) * wv, wgy, wv, wgy);
          clEnqueueReadBuffer(q, d, CL_TRUE, 0, cap * 4, o, 0, 0, 0);
          size_t bad = 0;
          for (size_t i = 0; i < TC64; i++) for (size_t c = 0; c < C2; c++)
            bad += o[i * ld + c] != (kk == 2 ? h[c * TC64 + i] : h[(c / tr) * tr * TC64 + i * tr + c % tr]);
          printf("%s tall TR %3u WGY %2u %9.4f ms %7.1f %%ceil %s\n", kn[kk], tr, wgy, ms, 100 * (2.0 * elems * 4 / ms * 1e-6) / cgb, bad ? "FAIL" : "ok");
          fflush(stdout); clReleaseKernel(k);
        }
      return 0;
    }
    const unsigned trs[] = {64, 128};
    const int tpads[] = {0, 64};
    for (int kk = 0; kk < 3; kk++)
      for (int t = 0; t < 2; t++)
        for (int pi = 0; pi < 2; pi++) {
          unsigned tr = trs[t], ld = C2 + tpads[pi], wgy = tr == 64 ? 16 : 8, wv = tr / 4 < 64 ? tr / 4 : 64;
          char opts[128]; snprintf(opts, sizeof opts, "-DTC=%u -DTR=%u -DWGY=%u", TC64, tr, wgy);
          cl_kernel k = build(kn[kk], opts);
          args(k, s, d, TC64, C2, ld);
          double ms = run(k, (size_t)(C2 / tr) * wv, wgy, wv, wgy);
          clEnqueueReadBuffer(q, d, CL_TRUE, 0, cap * 4, o, 0, 0, 0);
          size_t bad = 0; /* wrv, wrs: tile blocks moved as they are; wrt: the 1048576 x 64 source transposed */
          for (size_t i = 0; i < TC64; i++) for (size_t c = 0; c < C2; c++)
            bad += o[i * ld + c] != (kk == 2 ? h[c * TC64 + i] : h[(c / tr) * tr * TC64 + i * tr + c % tr]);
          printf("%s tall TR %3u pitch+%4d %9.4f ms %7.1f %%ceil %s\n", kn[kk], tr, tpads[pi], ms, 100 * (2.0 * elems * 4 / ms * 1e-6) / cgb, bad ? "FAIL" : "ok");
          fflush(stdout); clReleaseKernel(k);
        }
    return 0;
  }
  if (strcmp(mode, "reads16") == 0) {
    const unsigned C16 = 2 * C; /* ushort columns */
    const unsigned short *h16 = (const unsigned short *)h, *o16 = (const unsigned short *)o;
    struct cfg16 { const char *k; unsigned tr, vb, wgy, kb; } l16[] = {
        {"rdh", 128, 2, 8, 0}, {"rdvh", 128, 16, 8, 0}, {"rdvh", 128, 8, 8, 0}, {"rdvh", 128, 8, 8, 38}, {"rdvh", 64, 8, 8, 0}};
    const int pads16[] = {0, 1, 2, 4, 16, 64, 128};
    printf("%-4s %4s %4s %3s %5s %5s %9s %7s %s\n", "k", "TR", "TC", "VB", "KiB", "pad", "ms", "%ceil", "check");
    for (size_t ci = 0; ci < sizeof l16 / sizeof *l16; ci++)
      for (int pi = 0; pi < 7; pi++) {
        const struct cfg16 *c = &l16[ci];
        const int vec = strcmp(c->k, "rdvh") == 0;
        const unsigned tc = 128, tr = c->tr, ls = C16 + pads16[pi], ve = c->vb / 2, wx = vec ? (tc / ve < 64 ? tc / ve : 64) : 64;
        char opts[128]; snprintf(opts, sizeof opts, "-DTC=%u -DTR=%u -DWGY=%u -DVB=%u -DLOCALKB=%u", tc, tr, c->wgy, c->vb, c->kb);
        cl_kernel k = build(c->k, opts);
        args(k, s, d, R, C16, ls);
        double ms = run(k, (size_t)(R / tr) * (C16 / tc) * wx, c->wgy, wx, c->wgy);
        clEnqueueReadBuffer(q, d, CL_TRUE, 0, cap * 4, o, 0, 0, 0);
        size_t bad = 0;
        for (size_t r = 0; r < R; r++) for (size_t cc = 0; cc < C16; cc++) {
          size_t tcc = cc / tc, idx = (tcc * (R / tr) + r / tr) * tr * tc + (r % tr) * tc + cc % tc, a = r * ls + tcc * tc;
          bad += o16[idx] != (vec ? h16[a - a % ve + cc % tc] : h16[r * ls + cc]); }
        printf("%-4s %4u %4u %3u %5u %5d %9.4f %7.1f %s\n", c->k, tr, tc, c->vb, c->kb, pads16[pi], ms, 100 * (2.0 * elems * 4 / ms * 1e-6) / cgb, bad ? "FAIL" : "ok");
        fflush(stdout); clReleaseKernel(k);
      }
    return 0;
  }
  /* reads and occ: one line per (kernel, order, TC, local KiB, pad) */
  struct cfg { const char *k; int along; unsigned tc, kb; } list[64]; size_t nl = 0;
  const int rpads[] = {0, 1, 2, 8, 32, 64}, opads[] = {0, 1};
  const int *pads = rpads; int np2 = 6;
  if (strcmp(mode, "occ") == 0) {
    const unsigned tcs[] = {64, 64, 64, 128, 128, 128, 128, 256}, kbs[] = {0, 19, 39, 0, 19, 39, 30, 39};
    for (int t = 0; t < 8; t++) list[nl++] = (struct cfg){"rdv", 0, tcs[t], kbs[t]};
    pads = opads; np2 = 2;
  } else {
    for (int along = 0; along < 2; along++) list[nl++] = (struct cfg){"rd", along, 256, 0};
    for (int along = 0; along < 2; along++) for (unsigned tc = 64; tc <= 256; tc *= 2) list[nl++] = (struct cfg){"rdv", along, tc, 0};
  }
  printf("%-3s %-5s %4s %5s %5s %9s %7s %s\n", "k", "order", "TC", "KiB", "pad", "ms", "%ceil", "check");
  for (size_t ci = 0; ci < nl; ci++)
    for (int pi = 0; pi < np2; pi++) {
      const struct cfg *c = &list[ci];
      const int vec = strcmp(c->k, "rdv") == 0;
      unsigned tc = c->tc, tr = 64, ls = C + pads[pi], wx = vec ? (tc / 4 < 64 ? tc / 4 : 64) : tc < 64 ? tc : 64;
      char opts[128]; snprintf(opts, sizeof opts, "-DTC=%u -DTR=%u -DALONG=%d -DLOCALKB=%u", tc, tr, c->along, c->kb);
      cl_kernel k = build(c->k, opts);
      args(k, s, d, R, C, ls);
      double ms = run(k, (size_t)(R / tr) * (C / tc) * wx, 8, wx, 8);
      clEnqueueReadBuffer(q, d, CL_TRUE, 0, cap * 4, o, 0, 0, 0);
      size_t bad = 0; /* rd copies each row piece; rdv the aligned vectors from the floor of its start */
      for (size_t r = 0; r < R; r++) for (size_t cc = 0; cc < C; cc++) {
        size_t tcc = cc / tc, idx = (tcc * (R / tr) + r / tr) * tr * tc + (r % tr) * tc + cc % tc, a = r * ls + tcc * tc;
        bad += o[idx] != (vec ? h[a - a % 4 + cc % tc] : h[r * ls + cc]); }
      printf("%-3s %-5s %4u %5u %5d %9.4f %7.1f %s\n", c->k, c->along ? "along" : "down", tc, c->kb, pads[pi], ms, 100 * (2.0 * elems * 4 / ms * 1e-6) / cgb, bad ? "FAIL" : "ok");
      fflush(stdout); clReleaseKernel(k);
    }
  return 0;
}
