/* Measurement programs behind bench/results/h200/rect (see bench/results/README.md); not built by CMake. */
/* kx: experiment harness. kx DEVSUBSTR SCALE: runs the built-in list of (kernel, options, layout) */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static int cmpd(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y; }
static char *slurp(const char *p) { FILE *f = fopen(p, "rb"); fseek(f, 0, SEEK_END); long n = ftell(f); rewind(f); char *b = malloc(n + 1); fread(b, 1, n, f); b[n] = 0; fclose(f); return b; }
static cl_context ctx; static cl_command_queue q; static cl_device_id dev; static char *src;
static int reps = 25;
static double run(cl_kernel k, size_t gx, size_t gy, size_t lx, size_t ly) {
  double ms[64]; size_t g[2] = {gx, gy}, l[2] = {lx, ly};
  for (int i = 0; i < 3 + reps; i++) { cl_event ev; cl_int e = clEnqueueNDRangeKernel(q, k, 2, 0, g, l, 0, 0, &ev); if (e) { printf("enqueue %d\n", e); exit(1); } clWaitForEvents(1, &ev);
    cl_ulong t0, t1; clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, 8, &t0, 0); clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, 8, &t1, 0);
    if (i >= 3) ms[i - 3] = (t1 - t0) * 1e-6; clReleaseEvent(ev); }
  qsort(ms, reps, sizeof *ms, cmpd); return ms[reps / 2];
}
static cl_kernel build(const char *name, const char *opts) {
  cl_int e; cl_program p = clCreateProgramWithSource(ctx, 1, (const char **)&src, 0, &e);
  if (clBuildProgram(p, 1, &dev, opts, 0, 0)) { char log[20000]; clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, 0); printf("build %s: %s\n", opts, log); exit(1); }
  cl_kernel k = clCreateKernel(p, name, &e); clReleaseProgram(p); return k;
}
int main(int argc, char **argv) {
  const char *sel = argv[1]; unsigned N = atoi(argv[2]); /* base size, e.g. 16384 */
  src = slurp(argc > 3 ? argv[3] : "kx.cl");
  cl_platform_id pl[8]; cl_uint np; clGetPlatformIDs(8, pl, &np);
  for (cl_uint p = 0; p < np && !dev; p++) { cl_device_id d[8]; cl_uint nd = 0; clGetDeviceIDs(pl[p], CL_DEVICE_TYPE_ALL, 8, d, &nd);
    for (cl_uint i = 0; i < nd; i++) { char n[256]; clGetDeviceInfo(d[i], CL_DEVICE_NAME, 256, n, 0); if (strstr(n, sel)) { dev = d[i]; break; } } }
  cl_int e; ctx = clCreateContext(0, 1, &dev, 0, 0, &e); q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &e);
  size_t cap = (size_t)(N + 8) * (N + 8); /* elements */
  unsigned *h = malloc(cap * 4), *o = malloc(cap * 4);
  srand(1); for (size_t i = 0; i < cap; i++) h[i] = (unsigned)rand() * 2654435761u ^ (unsigned)i;
  cl_mem s = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, cap * 4, h, &e), d = clCreateBuffer(ctx, CL_MEM_READ_WRITE, cap * 4, 0, &e);
  /* ceiling: 16-byte copy over N*N*4 bytes */
  cl_kernel kc = build("ceil16", "");
  unsigned n16 = (unsigned)((size_t)N * N / 4); clSetKernelArg(kc, 0, 8, &s); clSetKernelArg(kc, 1, 8, &d); clSetKernelArg(kc, 2, 4, &n16);
  double cms = run(kc, 132 * 2048, 1, 256, 1); double cgb = 2.0 * N * N * 4 / cms * 1e-6;
  printf("ceiling %ux%u: %.4f ms %.1f GB/s\n", N, N, cms, cgb);
  struct { const char *k, *opts; int dr, dc, dls, dld; } ex[] = {
    /* layouts: rows = N+dr, cols = N+dc, ls = cols+dls, ld = (copy: cols, transpose: rows)+dld */
    {"copy2d", "-DTD=32 -DWGY=8", 0, 0, 0, 0}, {"copy2d", "-DTD=32 -DWGY=8", -1, 1, 0, 0}, {"copy2d", "-DTD=32 -DWGY=8", 0, 0, 1, 0}, {"copy2d", "-DTD=32 -DWGY=8", 0, 0, 0, 1},
    {"copy2d", "-DTD=64 -DWGY=8", -1, 1, 0, 0},
    {"tiled", "-DTD=32 -DWGY=8", 0, 0, 0, 0}, {"tiled", "-DTD=32 -DWGY=8", -1, 1, 0, 0}, {"tiled", "-DTD=32 -DWGY=8", 0, 0, 1, 0}, {"tiled", "-DTD=32 -DWGY=8", 0, 0, 0, 1},
    {"tiled", "-DTD=32 -DWGY=8 -DYMAJOR", 0, 0, 0, 0}, {"tiled", "-DTD=32 -DWGY=8 -DYMAJOR", -1, 1, 0, 0}, {"tiled", "-DTD=32 -DWGY=8 -DYMAJOR", 0, 0, 1, 0}, {"tiled", "-DTD=32 -DWGY=8 -DYMAJOR", 0, 0, 0, 1},
    {"tiled", "-DTD=64 -DWGY=8", 0, 0, 0, 0}, {"tiled", "-DTD=64 -DWGY=8", -1, 1, 0, 0}, {"tiled", "-DTD=64 -DWGY=8", 0, 0, 1, 0}, {"tiled", "-DTD=64 -DWGY=8", 0, 0, 0, 1},
    {"tiled", "-DTD=64 -DWGY=4", -1, 1, 0, 0}, {"tiled", "-DTD=64 -DWGY=16", -1, 1, 0, 0},
    {"tskew", "-DTD=32 -DWGY=8 -DSK=8", 0, 0, 0, 0}, {"tskew", "-DTD=32 -DWGY=8 -DSK=8", -1, 1, 0, 0}, {"tskew", "-DTD=32 -DWGY=8 -DSK=8", 0, 0, 0, 1},
    {"tskew", "-DTD=32 -DWGY=8 -DSK=32", -1, 1, 0, 0}, {"tskew", "-DTD=32 -DWGY=8 -DSK=32", 0, 0, 0, 1},
    {"tskew", "-DTD=64 -DWGY=8 -DSK=8", -1, 1, 0, 0}, {"tskew", "-DTD=64 -DWGY=8 -DSK=8", 0, 0, 0, 1},
  };
  printf("%-8s %-28s %-24s %9s %8s %6s %s\n", "kernel", "options", "rows x cols ls ld", "ms", "GB/s", "%ceil", "check");
  for (size_t i = 0; i < sizeof ex / sizeof ex[0]; i++) {
    int tr = strcmp(ex[i].k, "copy2d") != 0;
    unsigned rows = N + ex[i].dr, cols = N + ex[i].dc, ls = cols + ex[i].dls, ld = (tr ? rows : cols) + ex[i].dld;
    unsigned td = strstr(ex[i].opts, "TD=64") ? 64 : 32, wgy = atoi(strstr(ex[i].opts, "WGY=") + 4);
    cl_kernel k = build(ex[i].k, ex[i].opts);
    clSetKernelArg(k, 0, 8, &s); clSetKernelArg(k, 1, 8, &d); clSetKernelArg(k, 2, 4, &rows); clSetKernelArg(k, 3, 4, &cols); clSetKernelArg(k, 4, 4, &ls); clSetKernelArg(k, 5, 4, &ld);
    size_t gx = (cols + td - 1) / td * td, gy = (rows + td - 1) / td * wgy;
    if (strcmp(ex[i].k, "tskew") == 0) gy = (rows + (strstr(ex[i].opts, "SK=32") ? 31 : 7) + td - 1) / td * wgy;
    if (strstr(ex[i].opts, "YMAJOR")) { size_t t = (rows + td - 1) / td * td, u = (cols + td - 1) / td * wgy; gx = t; gy = u; }
    double ms = run(k, gx, gy, td, wgy);
    clEnqueueReadBuffer(q, d, CL_TRUE, 0, cap * 4, o, 0, 0, 0);
    size_t bad = 0;
    for (size_t r = 0; r < rows; r++) for (size_t c = 0; c < cols; c++) { unsigned want = h[r * ls + c]; unsigned got = tr ? o[c * ld + r] : o[r * ld + c]; bad += want != got; }
    double gb = 2.0 * rows * cols * 4 / ms * 1e-6;
    char lay[64]; snprintf(lay, sizeof lay, "%ux%u %u %u", rows, cols, ls, ld);
    printf("%-8s %-28s %-24s %9.4f %8.1f %6.1f %s\n", ex[i].k, ex[i].opts, lay, ms, gb, 100 * gb / cgb, bad ? "FAIL" : "ok");
    clReleaseKernel(k);
  }
  return 0;
}
