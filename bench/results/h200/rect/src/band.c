/* Measurement programs behind bench/results/h200/rect (see bench/results/README.md); not built by CMake. */
/* band: band.cl's banded column strips on f32 R x 64 against AUTO and the library's COPY, one
 * process, two rounds, exact check (knobs22.txt B). Build as split.c; run from this directory:
 *   band DEVSUBSTR band.cl R */
#define _POSIX_C_SOURCE 200809L
#define CL_TARGET_OPENCL_VERSION 300
#include "cltranspose.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static int cmpd(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y; }
static cl_command_queue q; static int reps = 21;
static double evms(cl_event ev) { cl_ulong t0, t1; cl_int st; clWaitForEvents(1, &ev);
  clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, 0); if (st) { printf("event %d\n", st); exit(1); }
  clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, 8, &t0, 0); clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, 8, &t1, 0); clReleaseEvent(ev); return (t1 - t0) * 1e-6; }
static char *slurp(const char *p) { FILE *f = fopen(p, "rb"); if (!f) exit(1); fseek(f, 0, SEEK_END); long n = ftell(f); rewind(f); char *b = malloc(n + 1); if (fread(b, 1, n, f) != (size_t)n) exit(1); b[n] = 0; fclose(f); return b; }
int main(int argc, char **argv) {
  if (argc < 4) return 2;
  unsigned R = (unsigned)atoi(argv[3]);
  char *src = slurp(argv[2]);
  cl_platform_id pl[8]; cl_uint np; cl_device_id dev = 0; clGetPlatformIDs(8, pl, &np);
  for (cl_uint p = 0; p < np && !dev; p++) { cl_device_id d[8]; cl_uint nd = 0; clGetDeviceIDs(pl[p], CL_DEVICE_TYPE_ALL, 8, d, &nd);
    for (cl_uint i = 0; i < nd; i++) { char nm[256]; clGetDeviceInfo(d[i], CL_DEVICE_NAME, 256, nm, 0); if (strstr(nm, argv[1])) { dev = d[i]; break; } } }
  if (!dev) return 1;
  cl_int e; cl_context ctx = clCreateContext(0, 1, &dev, 0, 0, &e); q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &e);
  size_t n = (size_t)R * 64, bytes = n * 4;
  uint32_t *h = malloc(bytes), *ref = malloc(bytes), *o = malloc(bytes);
  uint64_t x = 0x9E3779B97F4A7C15ull;
  for (size_t i = 0; i < n; i++) { x ^= x << 13, x ^= x >> 7, x ^= x << 17; h[i] = (uint32_t)(x >> 16) | 1u; }
  for (size_t r = 0; r < R; r++) for (size_t c = 0; c < 64; c++) ref[c * R + r] = h[r * 64 + c];
  cl_mem s = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, h, &e), d = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, 0, &e);
  clt_desc dc = {.rows = R, .cols = 64, .elem_size = 4, .variant = CLT_VARIANT_COPY}, da = dc; da.variant = CLT_VARIANT_AUTO;
  clt_plan *pc, *pa; clt_plan_create(&pc, ctx, dev, &dc); clt_plan_create(&pa, ctx, dev, &da);
  for (int round = 0; round < 2; round++) {
    double ms[256];
    for (int i = 0; i < 3 + reps; i++) { cl_event ev; clt_plan_enqueue(pc, q, s, d, 0, 0, &ev); double t = evms(ev); if (i >= 3) ms[i - 3] = t; }
    qsort(ms, reps, 8, cmpd); const double cms = ms[reps / 2];
    for (int i = 0; i < 3 + reps; i++) { cl_event ev; clt_plan_enqueue(pa, q, s, d, 0, 0, &ev); double t = evms(ev); if (i >= 3) ms[i - 3] = t; }
    qsort(ms, reps, 8, cmpd);
    printf("R %u round %d: copy %.4f ms, auto %.4f ms %.1f %%copy\n", R, round, cms, ms[reps / 2], 100 * cms / ms[reps / 2]);
    static const unsigned cfg[][4] = { /* TR S BAND PF */
        {64, 16, 0, 0}, {64, 16, 16384, 0}, {64, 16, 16384, 1}, {64, 16, 16384, 2}, {64, 16, 32768, 1}, {64, 16, 65536, 1},
        {64, 16, 8192, 1}, {64, 16, 32768, 2}, {128, 16, 32768, 1}, {64, 32, 32768, 1}, {64, 32, 32768, 0}, {64, 64, 0, 0}};
    for (size_t k = 0; k < sizeof cfg / sizeof *cfg; k++) {
      unsigned band = cfg[k][2] ? cfg[k][2] : R;
      char opts[160]; snprintf(opts, sizeof opts, "-DTR=%u -DS=%u -DBAND=%u -DPF=%u", cfg[k][0], cfg[k][1], band, cfg[k][3]);
      cl_program p = clCreateProgramWithSource(ctx, 1, (const char **)&src, 0, &e);
      if (clBuildProgram(p, 1, &dev, opts, 0, 0)) { static char log[100000]; clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, 0); printf("%s: %s\n", opts, log); continue; }
      cl_kernel kk = clCreateKernel(p, "band", &e);
      unsigned magic = 1; /* every word is odd, so an XOR of four of them is even: never equal */
      clSetKernelArg(kk, 0, 8, &s); clSetKernelArg(kk, 1, 8, &d); clSetKernelArg(kk, 2, 4, &R); clSetKernelArg(kk, 3, 4, &magic);
      size_t groups = (size_t)(R / band) * (64 / cfg[k][1]) * (band / cfg[k][0]), gs = groups * 256, ls = 256;
      static const unsigned char pat = 0xA5; clEnqueueFillBuffer(q, d, &pat, 1, 0, bytes, 0, 0, 0); clFinish(q);
      for (int i = 0; i < 3 + reps; i++) { cl_event ev; if (clEnqueueNDRangeKernel(q, kk, 1, 0, &gs, &ls, 0, 0, &ev)) exit(1); double t = evms(ev); if (i >= 3) ms[i - 3] = t; }
      qsort(ms, reps, 8, cmpd);
      memset(o, 0x5A, bytes); clEnqueueReadBuffer(q, d, CL_TRUE, 0, bytes, o, 0, 0, 0);
      printf("  TR %3u S %2u BAND %7u PF %u  %.4f ms %6.1f %%copy %s\n", cfg[k][0], cfg[k][1], band, cfg[k][3], ms[reps / 2], 100 * cms / ms[reps / 2], memcmp(o, ref, bytes) ? "FAIL" : "ok");
      fflush(stdout); clReleaseKernel(kk); clReleaseProgram(p);
    }
  }
  return 0;
}
