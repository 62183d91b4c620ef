/* kx: CPU transpose experiment harness. kx DEV ROWS COLS < lines "file|kernel|opts|lx ly gx gy [elem]" */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static int cmpd(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y; }
static char *slurp(const char *p) { FILE *f = fopen(p, "rb"); if (!f) { perror(p); exit(1);} fseek(f, 0, SEEK_END); long n = ftell(f); rewind(f); char *b = malloc(n + 1); fread(b, 1, n, f); b[n] = 0; fclose(f); return b; }
static cl_context ctx; static cl_command_queue q; static cl_device_id dev;
static int reps = 15; static cl_mem S[2], D[2];
static double run(cl_kernel k, size_t gx, size_t gy, size_t lx, size_t ly, double *mn, double *mx) {
  double ms[256]; size_t g[2] = {gx, gy}, l[2] = {lx, ly};
  for (int i = 0; i < 3 + reps; i++) { clSetKernelArg(k, 0, 8, &S[i & 1]); clSetKernelArg(k, 1, 8, &D[i & 1]);
    cl_event ev; cl_int e = clEnqueueNDRangeKernel(q, k, 2, 0, g, l, 0, 0, &ev); if (e) { printf("enqueue %d\n", e); exit(1); } clWaitForEvents(1, &ev);
    cl_ulong t0, t1; clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, 8, &t0, 0); clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, 8, &t1, 0);
    if (i >= 3) ms[i - 3] = (t1 - t0) * 1e-6; clReleaseEvent(ev); }
  qsort(ms, reps, sizeof *ms, cmpd); *mn = ms[0]; *mx = ms[reps - 1]; return ms[reps / 2];
}
static double one(cl_kernel k, size_t gx, size_t gy, size_t lx, size_t ly, int i) {
  size_t g[2] = {gx, gy}, l[2] = {lx, ly}; clSetKernelArg(k, 0, 8, &S[i & 1]); clSetKernelArg(k, 1, 8, &D[i & 1]);
  cl_event ev; cl_int e = clEnqueueNDRangeKernel(q, k, 2, 0, g, l, 0, 0, &ev); if (e) { printf("enqueue %d\n", e); exit(1); } clWaitForEvents(1, &ev);
  cl_ulong t0, t1; clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, 8, &t0, 0); clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, 8, &t1, 0);
  clReleaseEvent(ev); return (t1 - t0) * 1e-6; }
static cl_kernel build(const char *file, const char *name, const char *opts) {
  char *parts[2] = {slurp(getenv("KXCOMMON") ? getenv("KXCOMMON") : "cl/common.cl"), slurp(file)};
  cl_int e; cl_program p = clCreateProgramWithSource(ctx, 2, (const char **)parts, 0, &e);
  if (clBuildProgram(p, 1, &dev, opts, 0, 0)) { static char log[200000]; clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, 0); printf("build %s: %s\n", opts, log); exit(1); }
  cl_kernel k = clCreateKernel(p, name, &e); if (e) { printf("kernel %d\n", e); exit(1);} clReleaseProgram(p); free(parts[0]); free(parts[1]); return k;
}
int main(int argc, char **argv) {
  const char *sel = argv[1]; unsigned long rows = atol(argv[2]), cols = atol(argv[3]); size_t es = argc > 4 ? atoi(argv[4]) : 4;
  if (getenv("REPS")) reps = atoi(getenv("REPS"));
  cl_platform_id pl[8]; cl_uint np; clGetPlatformIDs(8, pl, &np);
  for (cl_uint p = 0; p < np && !dev; p++) { cl_device_id d[8]; cl_uint nd = 0; clGetDeviceIDs(pl[p], CL_DEVICE_TYPE_ALL, 8, d, &nd);
    for (cl_uint i = 0; i < nd; i++) { char n[256]; clGetDeviceInfo(d[i], CL_DEVICE_NAME, 256, n, 0); if (strstr(n, sel)) { dev = d[i]; break; } } }
  cl_int e; ctx = clCreateContext(0, 1, &dev, 0, 0, &e); q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &e);
  size_t pads = getenv("PADS") ? atol(getenv("PADS")) : 0, padd = getenv("PADD") ? atol(getenv("PADD")) : 0;
  size_t nb = rows * cols * es, nbs = rows * (cols + pads) * es, nbd = cols * (rows + padd) * es;
  unsigned char *h = malloc(nbs), *o = malloc(nbd);
  srand(1); for (size_t i = 0; i < nbs; i++) h[i] = (unsigned char)(rand() >> 7);
  for (int i = 0; i < 2; i++) { S[i] = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, nbs, h, &e); D[i] = clCreateBuffer(ctx, CL_MEM_READ_WRITE, nbd, 0, &e); }
  const char *copyopts = getenv("COPYOPTS") ? getenv("COPYOPTS") : "";
  char co[512]; snprintf(co, sizeof co, "-DT=uint -DELEM_SIZE=4 -DALIGNED=1 -DCHUNK=64 -DUNROLL=1 %s", copyopts);
  cl_kernel kc = build(getenv("KXCOPY") ? getenv("KXCOPY") : "cl/copy.cl", "clt_copy", co);
  cl_ulong z = 0, nbl = nb; clSetKernelArg(kc, 2, 8, &z); clSetKernelArg(kc, 3, 8, &z); clSetKernelArg(kc, 4, 8, &nbl);
  size_t units = (nb + 15) / 16, cg = ((units + 63) / 64 + 255) / 256;
  double mn, mx, cms = run(kc, cg * 256, 1, 256, 1, &mn, &mx); double cgb = 2.0 * nb / cms * 1e-6;
  printf("copy %lux%lu es%zu: %.3f ms %.2f GB/s [%.3f-%.3f]\n", rows, cols, es, cms, cgb, mn, mx); fflush(stdout);
  char line[2048];
  while (fgets(line, sizeof line, stdin)) {
    if (line[0] == '#' || line[0] == '\n') continue;
    line[strcspn(line, "\n")] = 0;
    char *file = strtok(line, "|"), *kn = strtok(NULL, "|"), *opts = strtok(NULL, "|"), *dims = strtok(NULL, "|");
    size_t lx, ly, gx, gy; sscanf(dims, "%zu %zu %zu %zu", &lx, &ly, &gx, &gy);
    char full[2048]; snprintf(full, sizeof full, "%s", opts);
    cl_kernel k = build(file, kn, full);
    cl_ulong a[9] = {rows, cols, 1, 0, cols + pads, rows * (cols + pads), 0, rows + padd, cols * (rows + padd)};
    for (int i = 0; i < 9; i++) clSetKernelArg(k, 2 + i, 8, &a[i]);
    unsigned char pat = 0xA5; clEnqueueFillBuffer(q, D[0], &pat, 1, 0, nbd, 0, 0, 0); clEnqueueFillBuffer(q, D[1], &pat, 1, 0, nbd, 0, 0, 0);
    double km[256], cm[256];
    for (int i = 0; i < 3; i++) { one(kc, cg * 256, 1, 256, 1, i); one(k, gx, gy, lx, ly, i); }
    for (int i = 0; i < reps; i++) { cm[i] = one(kc, cg * 256, 1, 256, 1, i); km[i] = one(k, gx, gy, lx, ly, i); }
    double pr[256]; for (int i = 0; i < reps; i++) pr[i] = 100 * cm[i] / km[i];
    qsort(km, reps, 8, cmpd); qsort(cm, reps, 8, cmpd); qsort(pr, reps, 8, cmpd);
    double ms = km[reps / 2]; cms = cm[reps / 2]; double cgb = 2.0 * nb / cms * 1e-6; mn = pr[reps / 4]; mx = pr[3 * reps / 4];
    clEnqueueReadBuffer(q, D[0], CL_TRUE, 0, nbd, o, 0, 0, 0);
    size_t bad = 0;
    for (size_t r = 0; r < rows; r++) for (size_t c = 0; c < cols; c++) bad += memcmp(h + (r * (cols + pads) + c) * es, o + (c * (rows + padd) + r) * es, es) != 0;
    double gb = 2.0 * nb / ms * 1e-6;
    printf("%-60s %4zux%-3zu %7.3f ms %6.2f GB/s copy %5.2f GB/s %5.1f%% pairIQR[%.1f-%.1f] %s\n", opts, lx, ly, ms, gb, cgb, 100 * gb / cgb, mn, mx, bad ? "FAIL" : "ok"); fflush(stdout);
    clReleaseKernel(k);
  }
  cms = run(kc, cg * 256, 1, 256, 1, &mn, &mx);
  printf("copy again: %.3f ms %.2f GB/s\n", cms, 2.0 * nb / cms * 1e-6);
  return 0;
}
