/* Measurement programs behind bench/results/h200/rect (see bench/results/README.md); not built by CMake. */
/* split: a tall transpose (R x C, dense) as one plan of each variant against k plans of R x C/k
 * column strips (views of the same buffers, enqueued back to back, timed from the first start to the
 * last end), each as a percentage of the library's COPY, with an exact check (knobs22.txt B).
 * Build against a library build directory BUILD:
 *   gcc -O2 -std=c11 -I../../../../../include split.c -o split -LBUILD -lcltranspose -lOpenCL -Wl,-rpath,BUILD
 *   split DEVSUBSTR ES RxC [reps] */
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
static cl_command_queue q;
static int reps = 21;
static double span(cl_event a, cl_event b) {
  cl_ulong t0, t1;
  clWaitForEvents(1, &b);
  clGetEventProfilingInfo(a, CL_PROFILING_COMMAND_START, 8, &t0, 0);
  clGetEventProfilingInfo(b, CL_PROFILING_COMMAND_END, 8, &t1, 0);
  return (t1 - t0) * 1e-6;
}
static double runplans(clt_plan **p, int n, cl_mem s, cl_mem d) {
  double ms[256];
  for (int i = 0; i < 3 + reps; i++) {
    cl_event ev[64];
    for (int j = 0; j < n; j++)
      if (clt_plan_enqueue(p[j], q, s, d, 0, 0, &ev[j])) { printf("enqueue: %s\n", clt_last_error()); exit(1); }
    double t = span(ev[0], ev[n - 1]);
    for (int j = 0; j < n; j++) clReleaseEvent(ev[j]);
    if (i >= 3) ms[i - 3] = t;
  }
  qsort(ms, reps, sizeof *ms, cmpd);
  return ms[reps / 2];
}
int main(int argc, char **argv) {
  if (argc < 4) { fprintf(stderr, "usage: split DEVSUBSTR ES RxC [reps]\n"); return 2; }
  if (argc > 4) reps = atoi(argv[4]);
  cl_platform_id pl[8]; cl_uint np; cl_device_id dev = 0;
  clGetPlatformIDs(8, pl, &np);
  for (cl_uint p = 0; p < np && !dev; p++) {
    cl_device_id d[8]; cl_uint nd = 0;
    clGetDeviceIDs(pl[p], CL_DEVICE_TYPE_ALL, 8, d, &nd);
    for (cl_uint i = 0; i < nd; i++) { char nm[256]; clGetDeviceInfo(d[i], CL_DEVICE_NAME, 256, nm, 0); if (strstr(nm, argv[1])) { dev = d[i]; break; } }
  }
  if (!dev) return 1;
  cl_int e;
  cl_context ctx = clCreateContext(0, 1, &dev, 0, 0, &e);
  q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &e);
  unsigned es = (unsigned)atoi(argv[2]), R, C;
  sscanf(argv[3], "%ux%u", &R, &C);
  size_t bytes = (size_t)R * C * es;
  unsigned char *h = malloc(bytes), *ref = malloc(bytes), *o = malloc(bytes);
  uint64_t x = 0x9E3779B97F4A7C15ull;
  for (size_t i = 0; i < bytes; i += 8) { x ^= x << 13, x ^= x >> 7, x ^= x << 17; memcpy(h + i, &x, bytes - i < 8 ? bytes - i : 8); }
  for (size_t r = 0; r < R; r++) for (size_t c = 0; c < C; c++) memcpy(ref + (c * R + r) * es, h + (r * C + c) * es, es);
  cl_mem s = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, h, &e);
  cl_mem d = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, 0, &e);
  clt_desc dc = {.rows = R, .cols = C, .elem_size = es, .variant = CLT_VARIANT_COPY};
  clt_plan *pc; clt_plan_create(&pc, ctx, dev, &dc);
  double cms = runplans(&pc, 1, s, d);
  printf("%ux%u es%u copy %.4f ms\n", R, C, es, cms);
  static const clt_variant vs[] = {CLT_VARIANT_AUTO, CLT_VARIANT_NARROW, CLT_VARIANT_RECT, CLT_VARIANT_VECTOR};
  for (unsigned k = 1; k <= 8; k *= 2)
    for (int v = 0; v < 4; v++) {
      if (C % k) continue;
      clt_plan *p[64];
      int ok = 1;
      for (unsigned j = 0; j < k; j++) {
        clt_desc dd = {.rows = R, .cols = C / k, .elem_size = es, .src_ld = C, .src_offset = j * (C / k),
                       .dst_ld = R, .dst_offset = (size_t)j * (C / k) * R, .variant = vs[v]};
        if (clt_plan_create(&p[j], ctx, dev, &dd)) { ok = 0; break; }
      }
      if (!ok) { printf("  k=%u %s: %s\n", k, clt_variant_name(vs[v]), clt_last_error()); continue; }
      clt_variant rv; const char *opt; clt_plan_info(p[0], &rv, &opt);
      static const unsigned char pat = 0xA5;
      clEnqueueFillBuffer(q, d, &pat, 1, 0, bytes, 0, 0, 0); clFinish(q);
      double ms = runplans(p, (int)k, s, d);
      memset(o, 0x5A, bytes);
      clEnqueueReadBuffer(q, d, CL_TRUE, 0, bytes, o, 0, 0, 0);
      printf("  %u strips of %u, %-6s(%s) %.4f ms %6.1f %%copy %s\n", k, C / k, clt_variant_name(vs[v]), clt_variant_name(rv), ms, 100 * cms / ms, memcmp(o, ref, bytes) ? "FAIL" : "ok");
      fflush(stdout);
      for (unsigned j = 0; j < k; j++) clt_plan_destroy(p[j]);
    }
  return 0;
}
