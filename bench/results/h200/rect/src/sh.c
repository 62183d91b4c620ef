/* Measurement programs behind bench/results/h200/rect (see bench/results/README.md); not built by CMake. */
/* sh: sheared tiles (sh.cl) against the library's AUTO and COPY on the same buffers, in one process
 * (knobs22.txt A). Build against a library build directory BUILD:
 *   gcc -O2 -std=c11 -I../../../../../include sh.c -o sh -LBUILD -lcltranspose -lOpenCL -Wl,-rpath,BUILD
 *   sh DEVSUBSTR sh.cl ES:RxC[,ES:RxC...] [reps]
 * Dense layouts (ld = cols, destination ld = rows). Each line: median of reps event-timed runs after 3,
 * percent of the library's COPY over the same bytes, and an exact check of the whole destination
 * (pre-filled with a byte pattern before every kernel). */
#define _POSIX_C_SOURCE 200809L
#define CL_TARGET_OPENCL_VERSION 300
#include "cltranspose.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static int cmpd(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}
static char *slurp(const char *p) {
  FILE *f = fopen(p, "rb");
  if (!f) exit(1);
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  rewind(f);
  char *b = malloc(n + 1);
  if (fread(b, 1, n, f) != (size_t)n) exit(1);
  b[n] = 0;
  fclose(f);
  return b;
}
static cl_context ctx;
static cl_command_queue q;
static cl_device_id dev;
static char *src;
static int reps = 21;
static double evms(cl_event ev) {
  cl_ulong t0, t1;
  cl_int st = 0;
  if (clWaitForEvents(1, &ev) || clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, 0) || st) {
    printf("event failed: %d\n", st);
    exit(1);
  }
  clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, 8, &t0, 0);
  clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, 8, &t1, 0);
  clReleaseEvent(ev);
  return (t1 - t0) * 1e-6;
}
static double med(double *ms) {
  qsort(ms, reps, sizeof *ms, cmpd);
  return ms[reps / 2];
}
static double runk(cl_kernel k, size_t g, size_t l) {
  double ms[256];
  for (int i = 0; i < 3 + reps; i++) {
    cl_event ev;
    cl_int e = clEnqueueNDRangeKernel(q, k, 1, 0, &g, &l, 0, 0, &ev);
    if (e) { printf("enqueue %d\n", e); exit(1); }
    double t = evms(ev);
    if (i >= 3) ms[i - 3] = t;
  }
  return med(ms);
}
static double runp(clt_plan *p, cl_mem s, cl_mem d) {
  double ms[256];
  for (int i = 0; i < 3 + reps; i++) {
    cl_event ev;
    clt_status st = clt_plan_enqueue(p, q, s, d, 0, 0, &ev);
    if (st) { printf("plan enqueue %s\n", clt_status_string(st)); exit(1); }
    double t = evms(ev);
    if (i >= 3) ms[i - 3] = t;
  }
  return med(ms);
}
static cl_kernel build(const char *name, const char *opts) {
  cl_int e;
  cl_program p = clCreateProgramWithSource(ctx, 1, (const char **)&src, 0, &e);
  if (clBuildProgram(p, 1, &dev, opts, 0, 0)) {
    static char log[200000];
    clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, 0);
    printf("build %s: %s\n", opts, log);
    exit(1);
  }
  cl_kernel k = clCreateKernel(p, name, &e);
  clReleaseProgram(p);
  return k;
}
static cl_mem dbuf;
static size_t dbytes;
static void prefill(void) {
  static const unsigned char pat = 0xA5;
  if (clEnqueueFillBuffer(q, dbuf, &pat, 1, 0, dbytes, 0, 0, 0) || clFinish(q)) {
    printf("prefill failed\n");
    exit(1);
  }
}
static const char *check(const unsigned char *ref, unsigned char *o) {
  memset(o, 0x5A, dbytes);
  if (clEnqueueReadBuffer(q, dbuf, CL_TRUE, 0, dbytes, o, 0, 0, 0)) return "READ-ERROR";
  return memcmp(o, ref, dbytes) ? "FAIL" : "ok";
}
int main(int argc, char **argv) {
  if (argc < 4) { fprintf(stderr, "usage: sh DEVSUBSTR sh.cl ES:RxC[,...] [reps]\n"); return 2; }
  if (argc > 4) reps = atoi(argv[4]);
  src = slurp(argv[2]);
  cl_platform_id pl[8];
  cl_uint np;
  clGetPlatformIDs(8, pl, &np);
  for (cl_uint p = 0; p < np && !dev; p++) {
    cl_device_id d[8];
    cl_uint nd = 0;
    clGetDeviceIDs(pl[p], CL_DEVICE_TYPE_ALL, 8, d, &nd);
    for (cl_uint i = 0; i < nd; i++) {
      char n[256];
      clGetDeviceInfo(d[i], CL_DEVICE_NAME, 256, n, 0);
      if (strstr(n, argv[1])) { dev = d[i]; break; }
    }
  }
  if (!dev) { fprintf(stderr, "no device matches %s\n", argv[1]); return 1; }
  cl_int e;
  ctx = clCreateContext(0, 1, &dev, 0, 0, &e);
  q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &e);
  char *list = strdup(argv[3]);
  for (char *tok = strtok(list, ","); tok; tok = strtok(0, ",")) {
    unsigned es, R, C;
    if (sscanf(tok, "%u:%ux%u", &es, &R, &C) != 3) { fprintf(stderr, "bad case %s\n", tok); return 2; }
    size_t n = (size_t)R * C, bytes = n * es;
    unsigned char *h = malloc(bytes), *ref = malloc(bytes), *o = malloc(bytes);
    uint64_t x = 0x9E3779B97F4A7C15ull ^ ((uint64_t)R << 32 | C);
    for (size_t i = 0; i < bytes; i += 8) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      memcpy(h + i, &x, bytes - i < 8 ? bytes - i : 8);
    }
    for (size_t r = 0; r < R; r++)
      for (size_t c = 0; c < C; c++) {
        const size_t a = (c * R + r) * es, b = (r * C + c) * es;
        switch (es) {
        case 1: ref[a] = h[b]; break;
        case 2: memcpy(ref + a, h + b, 2); break;
        case 4: memcpy(ref + a, h + b, 4); break;
        default: memcpy(ref + a, h + b, 8); break;
        }
      }
    cl_mem s = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, h, &e);
    dbytes = bytes;
    dbuf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, 0, &e);
    clt_desc dc = {.rows = R, .cols = C, .elem_size = es, .variant = CLT_VARIANT_COPY};
    clt_desc da = {.rows = R, .cols = C, .elem_size = es, .variant = CLT_VARIANT_AUTO};
    clt_plan *pc = 0, *pa = 0;
    if (clt_plan_create(&pc, ctx, dev, &dc) || clt_plan_create(&pa, ctx, dev, &da)) {
      printf("plan: %s\n", clt_last_error());
      return 1;
    }
    clt_variant av;
    const char *aopts;
    clt_plan_info(pa, &av, &aopts);
    const double cms = runp(pc, s, dbuf), cgb = 2.0 * bytes / cms * 1e-6;
    printf("case es%u %ux%u copy %.4f ms %.1f GB/s\n", es, R, C, cms, cgb);
    prefill();
    double ams = runp(pa, s, dbuf);
    printf("  auto(%s) %8.4f ms %6.1f %%copy %s\n", clt_variant_name(av), ams, 100 * cms / ams, check(ref, o));
    fflush(stdout);
    static const struct { const char *k; unsigned h, order, chb, pad; } vs[] = {
        {"shs", 64, 0, 256, 0}, {"shs", 64, 1, 256, 0}, {"shs", 64, 0, 256, 1}, {"shs", 32, 0, 256, 0},
        {"shs", 32, 0, 256, 1}, {"shs", 128, 0, 256, 0}, {"shs", 32, 0, 512, 0}, {"shs", 32, 0, 512, 1},
        {"shd", 64, 0, 256, 0}, {"shd", 64, 0, 256, 1}, {"shd", 32, 0, 256, 0}, {"shd", 32, 0, 256, 1}};
    for (size_t v = 0; v < sizeof vs / sizeof *vs; v++) {
      if ((size_t)vs[v].h * (vs[v].chb + vs[v].pad * es) > 49152) continue;
      char opts[160];
      snprintf(opts, sizeof opts, "-DES=%u -DH=%u -DORDER=%u -DCHB=%u -DPAD=%u", es, vs[v].h, vs[v].order, vs[v].chb,
               vs[v].pad);
      cl_kernel k = build(vs[v].k, opts);
      const unsigned CH = vs[v].chb / es, Hh = vs[v].h;
      const int sd = vs[v].k[2] == 'd';
      /* shs: tiles of H source rows by one chunk per row; chunk index k up to (C-1+CH-1)/CH.
       * shd: the same over the destination (C rows of R). */
      const unsigned rows = sd ? C : R, cols = sd ? R : C;
      const unsigned nT = (rows + Hh - 1) / Hh, nk = (cols - 1 + CH - 1) / CH + 1;
      clSetKernelArg(k, 0, 8, &s);
      clSetKernelArg(k, 1, 8, &dbuf);
      clSetKernelArg(k, 2, 4, &R);
      clSetKernelArg(k, 3, 4, &C);
      clSetKernelArg(k, 4, 4, &C);
      clSetKernelArg(k, 5, 4, &R);
      clSetKernelArg(k, 6, 4, &nT);
      prefill();
      double ms = runk(k, (size_t)nT * nk * 256, 256);
      printf("  %s H%-3u CHB%-3u pad%u order%u %8.4f ms %6.1f %%copy %s\n", vs[v].k, Hh, vs[v].chb, vs[v].pad,
             vs[v].order, ms,
             100 * cms / ms, check(ref, o));
      fflush(stdout);
      clReleaseKernel(k);
    }
    clt_plan_destroy(pc);
    clt_plan_destroy(pa);
    clReleaseMemObject(s);
    clReleaseMemObject(dbuf);
    free(h);
    free(ref);
    free(o);
  }
  return 0;
}
