/* bx: GPU transpose experiment harness (not built by CMake). `gcc -O2 bx.c -o bx -lOpenCL`, run from the
 * repository root: `bx DEVICE ROWS COLS ELEM_SIZE < LINES`, each line `file|kernel|options|lx gx gy`
 * (1-D work-groups of lx items, a gx x gy grid of items). Each line's kernel is built after
 * cl/common.cl and timed alternately with the bench's GPU copy kernel (16-byte words, one per
 * work-item) over the same bytes, REPS pairs after 3; it prints the medians, the percentage of the
 * copy, the interquartile range of the per-pair ratios, and the exact check of the whole result
 * (fresh random bytes per process, the destination poisoned before each line). */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int cmpd(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}
static char *slurp(const char *p) {
  FILE *f = fopen(p, "rb");
  if (!f) {
    perror(p);
    exit(1);
  }
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  rewind(f);
  char *b = malloc(n + 1);
  if (fread(b, 1, n, f) != (size_t)n)
    exit(1);
  b[n] = 0;
  fclose(f);
  return b;
}
static cl_context ctx;
static cl_command_queue q;
static cl_device_id dev;
static int reps = 20;
static cl_mem S, D;

static double one(cl_kernel k, size_t gx, size_t gy, size_t lx) {
  size_t g[2] = {gx, gy}, l[2] = {lx, 1};
  cl_event ev;
  cl_int e = clEnqueueNDRangeKernel(q, k, 2, 0, g, l, 0, 0, &ev);
  if (e) {
    printf("enqueue %d\n", e);
    exit(1);
  }
  clWaitForEvents(1, &ev);
  cl_ulong t0, t1;
  clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, 8, &t0, 0);
  clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, 8, &t1, 0);
  clReleaseEvent(ev);
  return (t1 - t0) * 1e-6;
}
static cl_kernel build(const char *file, const char *name, const char *opts) {
  char *parts[2] = {slurp("cl/common.cl"), slurp(file)};
  cl_int e;
  cl_program p = clCreateProgramWithSource(ctx, 2, (const char **)parts, 0, &e);
  if (clBuildProgram(p, 1, &dev, opts, 0, 0)) {
    static char log[200000];
    clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, 0);
    printf("build %s: %s\n", opts, log);
    return 0;
  }
  cl_kernel k = clCreateKernel(p, name, &e);
  if (e) {
    printf("kernel %d\n", e);
    exit(1);
  }
  clReleaseProgram(p);
  free(parts[0]);
  free(parts[1]);
  return k;
}
int main(int argc, char **argv) {
  if (argc < 5) {
    fprintf(stderr, "usage: bx DEVICE ROWS COLS ELEM_SIZE < lines\n");
    return 2;
  }
  const char *sel = argv[1];
  unsigned long rows = atol(argv[2]), cols = atol(argv[3]);
  size_t es = atoi(argv[4]);
  if (getenv("REPS"))
    reps = atoi(getenv("REPS"));
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
      if (strstr(n, sel)) {
        dev = d[i];
        break;
      }
    }
  }
  if (!dev) {
    printf("no device %s\n", sel);
    return 1;
  }
  cl_uint cus;
  clGetDeviceInfo(dev, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof cus, &cus, 0);
  cl_int e;
  ctx = clCreateContext(0, 1, &dev, 0, 0, &e);
  q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &e);
  size_t nb = rows * cols * es;
  unsigned char *h = malloc(nb), *o = malloc(nb);
  uint64_t x = (uint64_t)time(0) * 0x9E3779B97F4A7C15ull | 1;
  for (size_t i = 0; i < nb; i += 8) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    memcpy(h + i, &x, nb - i < 8 ? nb - i : 8);
  }
  S = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, nb, h, &e);
  D = clCreateBuffer(ctx, CL_MEM_READ_WRITE, nb, 0, &e);
  if (e) {
    printf("buffers %d\n", e);
    return 1;
  }
  cl_kernel kc = build("cl/copy.cl", "clt_copy", "-DT=uint -DELEM_SIZE=4 -DALIGNED=1 -DCHUNK=0 -DUNROLL=1");
  cl_ulong z = 0, nbl = nb;
  clSetKernelArg(kc, 0, 8, &S);
  clSetKernelArg(kc, 1, 8, &D);
  clSetKernelArg(kc, 2, 8, &z);
  clSetKernelArg(kc, 3, 8, &z);
  clSetKernelArg(kc, 4, 8, &nbl);
  size_t units = (nb + 15) / 16, cg = (units + 255) / 256;
  if (cg > (size_t)cus * 2048)
    cg = (size_t)cus * 2048;
  printf("%s %lux%lu es%zu, %d pairs\n", sel, rows, cols, es, reps);
  fflush(stdout);
  char line[4096];
  while (fgets(line, sizeof line, stdin)) {
    if (line[0] == '#' || line[0] == '\n')
      continue;
    line[strcspn(line, "\n")] = 0;
    char *file = strtok(line, "|"), *kn = strtok(NULL, "|"), *opts = strtok(NULL, "|"),
         *dims = strtok(NULL, "|");
    size_t lx, gx, gy;
    if (!dims || sscanf(dims, "%zu %zu %zu", &lx, &gx, &gy) != 3) {
      printf("bad line\n");
      continue;
    }
    cl_kernel k = build(file, kn, opts);
    if (!k)
      continue;
    clSetKernelArg(k, 0, 8, &S);
    clSetKernelArg(k, 1, 8, &D);
    cl_ulong a[9] = {rows, cols, 1, 0, cols, rows * cols, 0, rows, cols * rows};
    for (int i = 0; i < 9; i++)
      clSetKernelArg(k, 2 + i, 8, &a[i]);
    unsigned char pat = 0xA5;
    clEnqueueFillBuffer(q, D, &pat, 1, 0, nb, 0, 0, 0);
    clFinish(q);
    double km[512], cm[512], pr[512];
    for (int i = 0; i < 3; i++)
      one(kc, cg * 256, 1, 256), one(k, gx, gy, lx);
    for (int i = 0; i < reps; i++) {
      cm[i] = one(kc, cg * 256, 1, 256);
      km[i] = one(k, gx, gy, lx);
      pr[i] = 100 * cm[i] / km[i];
    }
    /* The copy wrote D too: run the transpose once more on a poisoned destination for the check. */
    clEnqueueFillBuffer(q, D, &pat, 1, 0, nb, 0, 0, 0);
    one(k, gx, gy, lx);
    clEnqueueReadBuffer(q, D, CL_TRUE, 0, nb, o, 0, 0, 0);
    qsort(km, reps, 8, cmpd);
    qsort(cm, reps, 8, cmpd);
    qsort(pr, reps, 8, cmpd);
    size_t bad = 0;
    for (size_t r = 0; r < rows; r++)
      for (size_t c = 0; c < cols; c++)
        bad += memcmp(h + (r * cols + c) * es, o + (c * rows + r) * es, es) != 0;
    double ms = km[reps / 2], cms = cm[reps / 2];
    printf("%-100s %7.4f ms copy %7.4f ms %5.1f%% pairIQR[%.1f-%.1f] %s\n", opts, ms, cms, 100 * cms / ms,
           pr[reps / 4], pr[3 * reps / 4], bad ? "FAIL" : "ok");
    if (bad)
      printf("  %zu wrong elements\n", bad);
    fflush(stdout);
    clReleaseKernel(k);
  }
  return 0;
}
