/* Measurement programs behind bench/results/h200/rect (see bench/results/README.md); not built by CMake. */
/* kr: kr DEVSUBSTR CLFILE ES spec... ; spec = rows,cols,ls,ld:options (TR, TC, LV, VS, WY, SK, YMAJOR, PADE) */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static int cmpd(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y; }
static char *slurp(const char *p) { FILE *f = fopen(p, "rb"); fseek(f, 0, SEEK_END); long n = ftell(f); rewind(f); char *b = malloc(n + 1); fread(b, 1, n, f); b[n] = 0; fclose(f); return b; }
static cl_context ctx; static cl_command_queue q; static cl_device_id dev; static char *src; static int reps = 25;
static double run(cl_kernel k, size_t gx, size_t gy, size_t lx, size_t ly) {
  double ms[64]; size_t g[2] = {gx, gy}, l[2] = {lx, ly};
  for (int i = 0; i < 3 + reps; i++) { cl_event ev; cl_int e = clEnqueueNDRangeKernel(q, k, 2, 0, g, l, 0, 0, &ev); if (e) { printf("enqueue %d\n", e); return -1; } clWaitForEvents(1, &ev);
    cl_ulong t0, t1; clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, 8, &t0, 0); clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, 8, &t1, 0);
    if (i >= 3) ms[i - 3] = (t1 - t0) * 1e-6; clReleaseEvent(ev); }
  qsort(ms, reps, sizeof *ms, cmpd); return ms[reps / 2];
}
static cl_kernel build(const char *name, const char *opts) {
  cl_int e; cl_program p = clCreateProgramWithSource(ctx, 1, (const char **)&src, 0, &e);
  if (clBuildProgram(p, 1, &dev, opts, 0, 0)) { char log[20000]; clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, 0); printf("build %s: %.2000s\n", opts, log); return 0; }
  cl_kernel k = clCreateKernel(p, name, &e); clReleaseProgram(p); return k;
}
static unsigned opt(const char *o, const char *key, unsigned def) { const char *p = strstr(o, key); return p ? (unsigned)atoi(p + strlen(key)) : def; }
int main(int argc, char **argv) {
  const char *sel = argv[1]; src = slurp(argv[2]); size_t es = atoi(argv[3]);
  cl_platform_id pl[8]; cl_uint np; clGetPlatformIDs(8, pl, &np);
  for (cl_uint p = 0; p < np && !dev; p++) { cl_device_id d[8]; cl_uint nd = 0; clGetDeviceIDs(pl[p], CL_DEVICE_TYPE_ALL, 8, d, &nd);
    for (cl_uint i = 0; i < nd; i++) { char n[256]; clGetDeviceInfo(d[i], CL_DEVICE_NAME, 256, n, 0); if (strstr(n, sel)) { dev = d[i]; break; } } }
  cl_int e; ctx = clCreateContext(0, 1, &dev, 0, 0, &e); q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &e);
  const char *tn = es == 1 ? "uchar" : es == 2 ? "ushort" : es == 4 ? "uint" : es == 8 ? "ulong" : "uint4";
  size_t cap = 0;
  for (int a = 4; a < argc; a++) { unsigned R, C, LS, LD; sscanf(argv[a], "%u,%u,%u,%u", &R, &C, &LS, &LD); size_t n1 = (size_t)R * LS, n2 = (size_t)C * LD; if (n1 > cap) cap = n1; if (n2 > cap) cap = n2; }
  unsigned char *h = malloc(cap * es), *o = malloc(cap * es);
  srand(1); for (size_t i = 0; i < cap * es; i++) h[i] = (unsigned char)((rand() >> 5) ^ i);
  cl_mem s = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, cap * es, h, &e), d = clCreateBuffer(ctx, CL_MEM_READ_WRITE, cap * es, 0, &e);
  printf("%-24s %-46s %9s %8s %6s %s\n", "rows x cols ls ld", "options", "ms", "GB/s", "%ceil", "check");
  for (int a = 4; a < argc; a++) {
    unsigned R, C, LS, LD; sscanf(argv[a], "%u,%u,%u,%u", &R, &C, &LS, &LD);
    const char *o0 = strchr(argv[a], ':') + 1;
    char opts[512]; snprintf(opts, sizeof opts, "-DT=%s %s%s", tn, o0, strstr(o0, "PADE") ? "" : " -DPADE=1");
    cl_kernel kc = build("ceil16", opts); unsigned n16 = (unsigned)((size_t)R * C * es / 16);
    clSetKernelArg(kc, 0, 8, &s); clSetKernelArg(kc, 1, 8, &d); clSetKernelArg(kc, 2, 4, &n16);
    double cms = run(kc, 132 * 2048, 1, 256, 1); clReleaseKernel(kc);
    cl_kernel k = build("rect", opts); if (!k) continue;
    unsigned TR = opt(o0, "TR=", 32), TC = opt(o0, "TC=", 32), LV = opt(o0, "LV=", 1), WY = opt(o0, "WY=", 8), SK = opt(o0, "SK=", 0);
    clSetKernelArg(k, 0, 8, &s); clSetKernelArg(k, 1, 8, &d); clSetKernelArg(k, 2, 4, &R); clSetKernelArg(k, 3, 4, &C); clSetKernelArg(k, 4, 4, &LS); clSetKernelArg(k, 5, 4, &LD);
    size_t tx = (C + TC - 1) / TC, ty = (R + (SK ? SK - 1 : 0) + TR - 1) / TR;
    size_t gx = tx * (TC / LV), gy = ty * WY;
    if (strstr(o0, "YMAJOR")) { gx = ty * (TC / LV); gy = tx * WY; }
    double ms = run(k, gx, gy, TC / LV, WY); clReleaseKernel(k);
    if (ms < 0) continue;
    clEnqueueReadBuffer(q, d, CL_TRUE, 0, cap * es, o, 0, 0, 0);
    size_t bad = 0;
    for (size_t r = 0; r < R; r++) for (size_t c = 0; c < C; c++) bad += memcmp(h + (r * LS + c) * es, o + (c * LD + r) * es, es) != 0;
    double gb = 2.0 * R * C * es / ms * 1e-6, cgb = 2.0 * R * C * es / cms * 1e-6;
    char lay[64]; snprintf(lay, sizeof lay, "%ux%u %u %u", R, C, LS, LD);
    printf("%-24s %-46s %9.4f %8.1f %6.1f %s\n", lay, o0, ms, gb, 100 * gb / cgb, bad ? "FAIL" : "ok");
  }
  return 0;
}
