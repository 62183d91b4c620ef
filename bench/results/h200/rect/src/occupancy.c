/* Occupancy of one of the library's kernels on an NVIDIA GPU: builds the embedded source (common.cl plus
 * SOURCE) with the plan's build options and -cl-nv-verbose through OpenCL, prints the build log's register
 * line, then loads the PTX that OpenCL returns through the CUDA driver (libcuda.so.1, opened at run time)
 * and prints the kernel's registers, static shared memory, local (spill) bytes and resident work-groups
 * of GROUP work-items per multiprocessor. Build against a build tree's embedded kernels:
 *   gcc -std=c11 -Isrc -Iinclude occupancy.c BUILD/clt_kernels_embedded.c -lOpenCL -ldl -o occupancy
 *   ./occupancy narrow clt_narrow 256 "OPTIONS" [PTX_FILE]
 * (OPTIONS: a plan's build options, as clt_plan_info returns them). */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
const char *clt__kernel_source(const char *name, size_t *length);
typedef int (*f_init)(unsigned);
typedef int (*f_devget)(int *, int);
typedef int (*f_retain)(void **, int);
typedef int (*f_setcur)(void *);
typedef int (*f_load)(void **, const void *, unsigned, int *, void **);
typedef int (*f_getfn)(void **, void *, const char *);
typedef int (*f_attr)(int *, int, void *);
typedef int (*f_occ)(int *, void *, int, size_t);
int main(int argc, char **argv) {
  if (argc < 5) {
    puts("usage: occupancy SOURCE KERNEL GROUP OPTIONS [PTXFILE]");
    return 2;
  }
  cl_platform_id ps[8];
  cl_uint np = 0;
  clGetPlatformIDs(8, ps, &np);
  cl_device_id dev = NULL;
  for (cl_uint i = 0; i < np && !dev; i++) {
    char n[256];
    clGetPlatformInfo(ps[i], CL_PLATFORM_NAME, sizeof n, n, NULL);
    if (strstr(n, "NVIDIA"))
      clGetDeviceIDs(ps[i], CL_DEVICE_TYPE_GPU, 1, &dev, NULL);
  }
  if (!dev) {
    puts("no NVIDIA device");
    return 1;
  }
  cl_int err;
  cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
  size_t l0, l1;
  const char *t[2] = {clt__kernel_source("common", &l0), clt__kernel_source(argv[1], &l1)};
  size_t ls[2] = {l0, l1};
  cl_program p = clCreateProgramWithSource(ctx, 2, t, ls, &err);
  char opts[8192];
  snprintf(opts, sizeof opts, "%s -cl-nv-verbose", argv[4]);
  err = clBuildProgram(p, 1, &dev, opts, NULL, NULL);
  size_t n = 0;
  clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &n);
  char *log = calloc(n + 1, 1);
  clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, n, log, NULL);
  for (char *q = log; *q; q++)
    if (*q == '\n')
      *q = ' ';
  printf("build %d | %s\n", err, strstr(log, "Used") ? strstr(log, "Used") : log);
  size_t bs = 0;
  clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof bs, &bs, NULL);
  unsigned char *b = calloc(bs + 1, 1);
  clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof b, &b, NULL);
  /* the PTX ends in a metadata section that the CUDA driver's and ptxas's parsers reject */
  char *meta = strstr((char *)b, ".metadata_section");
  if (meta) {
    char *nl = meta;
    while (nl > (char *)b && *nl != '\n')
      nl--;
    *nl = 0;
  }
  if (argc > 5) {
    FILE *f = fopen(argv[5], "w");
    fputs((char *)b, f);
    fclose(f);
  }
  void *cu = dlopen("libcuda.so.1", RTLD_NOW);
  if (!cu) {
    puts("no libcuda");
    return 1;
  }
  void *ctxc, *mod, *fn;
  int d;
  int e1 = ((f_init)dlsym(cu, "cuInit"))(0);
  int e2 = ((f_devget)dlsym(cu, "cuDeviceGet"))(&d, 0);
  int e3 = ((f_retain)dlsym(cu, "cuDevicePrimaryCtxRetain"))(&ctxc, d);
  int e4 = ((f_setcur)dlsym(cu, "cuCtxSetCurrent"))(ctxc);
  int e5 = ((f_load)dlsym(cu, "cuModuleLoadDataEx"))(&mod, b, 0, NULL, NULL);
  if (e1 || e2 || e3 || e4 || e5) {
    printf("cuda errors %d %d %d %d %d\n", e1, e2, e3, e4, e5);
    return 1;
  }
  if (((f_getfn)dlsym(cu, "cuModuleGetFunction"))(&fn, mod, argv[2])) {
    puts("no function");
    return 1;
  }
  f_attr at = (f_attr)dlsym(cu, "cuFuncGetAttribute");
  int regs, smem, lmem;
  at(&regs, 4, fn);
  at(&smem, 1, fn);
  at(&lmem, 3, fn);
  int occ = 0;
  ((f_occ)dlsym(cu, "cuOccupancyMaxActiveBlocksPerMultiprocessor"))(&occ, fn, atoi(argv[3]), 0);
  printf("cuda: regs %d smem %d local %d groups/SM %d (group %s)\n", regs, smem, lmem, occ, argv[3]);
  return 0;
}
