/* Measurement programs behind bench/results/h200/rect (see bench/results/README.md); not built by CMake. */
/* exp: time explicit tunings on one shape. args: device-substr type-bytes rows cols batch reps spec...
 * spec = variant:tile:vw:wg_y:pad:wg_x:dst_align (variant 0 auto 1 naive 2 tiled 3 vector 4 block 5 rect 64 copy) */
#define _POSIX_C_SOURCE 200809L
#include "cltranspose.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static int cmpd(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y; }
int main(int argc, char **argv) {
  const char *sel = argv[1]; size_t es = strtoul(argv[2], 0, 10), R = strtoul(argv[3], 0, 10), C = strtoul(argv[4], 0, 10), B = strtoul(argv[5], 0, 10);
  int reps = atoi(argv[6]);
  cl_platform_id pl[8]; cl_uint np; clGetPlatformIDs(8, pl, &np); cl_device_id dev = 0;
  for (cl_uint p = 0; p < np && !dev; p++) { cl_device_id d[8]; cl_uint nd = 0; clGetDeviceIDs(pl[p], CL_DEVICE_TYPE_ALL, 8, d, &nd);
    for (cl_uint i = 0; i < nd; i++) { char n[256]; clGetDeviceInfo(d[i], CL_DEVICE_NAME, 256, n, 0); if (strstr(n, sel)) { dev = d[i]; break; } } }
  cl_int e; cl_context ctx = clCreateContext(0, 1, &dev, 0, 0, &e); cl_command_queue q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &e);
  size_t n = R * C * B * es; unsigned char *h = malloc(n), *o = malloc(n), *ref = malloc(n);
  for (size_t i = 0; i < n; i++) h[i] = (unsigned char)(rand() >> 7);
  for (size_t b = 0; b < B; b++) for (size_t r = 0; r < R; r++) for (size_t c = 0; c < C; c++)
    memcpy(ref + ((b * C + c) * R + r) * es, h + ((b * R + r) * C + c) * es, es);
  cl_mem s = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, n, h, &e), d = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n, 0, &e);
  for (int a = 7; a < argc; a++) {
    clt_tuning t; memset(&t, 0, sizeof t); unsigned v;
    sscanf(argv[a], "%u:%u:%u:%u:%u:%u:%u", &v, &t.tile, &t.vector_width, &t.wg_y, &t.pad, &t.wg_x, &t.dst_align); t.variant = (clt_variant)v;
    clt_desc dd; memset(&dd, 0, sizeof dd); dd.rows = R; dd.cols = C; dd.elem_size = es; dd.batch = B; dd.variant = t.variant;
    clt_plan *p; clt_status st = clt_plan_create_tuned(&p, ctx, dev, &dd, &t);
    if (st) { printf("%-28s ERROR %s %s\n", argv[a], clt_status_string(st), clt_last_error()); continue; }
    const char *opts; clt_plan_info(p, 0, &opts);
    double *ms = malloc(sizeof(double) * reps);
    for (int i = 0; i < 3 + reps; i++) { cl_event ev; clt_plan_enqueue(p, q, s, d, 0, 0, &ev); clWaitForEvents(1, &ev);
      cl_ulong t0, t1; clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, 8, &t0, 0); clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, 8, &t1, 0);
      if (i >= 3) ms[i - 3] = (t1 - t0) * 1e-6; clReleaseEvent(ev); }
    qsort(ms, reps, sizeof *ms, cmpd);
    clEnqueueReadBuffer(q, d, CL_TRUE, 0, n, o, 0, 0, 0);
    int ok = memcmp(o, t.variant == CLT_VARIANT_COPY ? h : ref, n) == 0;
    printf("%-28s %8.4f ms %8.1f GB/s %s  [%s]\n", argv[a], ms[reps / 2], 2.0 * n / ms[reps / 2] * 1e-6, ok ? "PASS" : "FAIL", opts);
    free(ms); clt_plan_destroy(p);
  }
  clt_cache_clear(); return 0;
}
