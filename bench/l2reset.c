/* The bench's L2 reset between methods (see l2reset.h): a kernel of PTX applypriority instructions
 * over every 128-byte line of a buffer, built only for NVIDIA devices. On an NVIDIA H100 CLBlast's
 * omatcopy of f32 64x1048576 ran at 2863-2870 GB/s with the library's policy off and at 2925-2939 after
 * the library's kernels with it on, the same buffers, no reset (bench/results/h100/notes.txt W). */
#include "l2reset.h"

#include <stdlib.h>
#include <string.h>

struct clt_bench_l2reset {
  cl_program program;
  cl_kernel kernel;
};

/* applypriority takes a 128-byte line and needs sm_80: elsewhere the build fails, and no reset is used. */
static const char source[] =
    "kernel void clt_bench_l2_normal(global const uchar *p, const ulong n) {\n"
    "  for (ulong i = get_global_id(0) * 128; i < n; i += get_global_size(0) * 128)\n"
    "    __asm__ volatile(\"applypriority.global.L2::evict_normal [%0], 128;\" : : \"l\"(p + i));\n"
    "}\n";

int clt_bench_l2reset_create(cl_context context, cl_device_id device, const char *vendor,
                             struct clt_bench_l2reset **out) {
  *out = NULL;
  if (vendor == NULL || strstr(vendor, "NVIDIA") == NULL)
    return 0;
  struct clt_bench_l2reset *r = calloc(1, sizeof *r);
  if (r == NULL)
    return -1;
  const char *text = source;
  cl_int err = CL_SUCCESS;
  r->program = clCreateProgramWithSource(context, 1, &text, NULL, &err);
  if (err != CL_SUCCESS)
    goto none;
  if (clBuildProgram(r->program, 1, &device, "", NULL, NULL) != CL_SUCCESS)
    goto none;
  r->kernel = clCreateKernel(r->program, "clt_bench_l2_normal", &err);
  if (err != CL_SUCCESS)
    goto none;
  *out = r;
  return 0;
none:
  clt_bench_l2reset_free(r);
  return 0;
}

cl_int clt_bench_l2reset_enqueue(struct clt_bench_l2reset *reset, cl_command_queue queue, cl_mem buf,
                                 size_t bytes) {
  if (reset == NULL || bytes == 0)
    return CL_SUCCESS;
  const cl_ulong n = bytes;
  cl_int err = clSetKernelArg(reset->kernel, 0, sizeof buf, &buf);
  if (err == CL_SUCCESS)
    err = clSetKernelArg(reset->kernel, 1, sizeof n, &n);
  if (err != CL_SUCCESS)
    return err;
  /* Up to 2^18 work-items, each a strided share of the lines. */
  const size_t local = 256, lines = (bytes + 127) / 128;
  size_t global = (lines + local - 1) / local * local;
  if (global > ((size_t)1 << 18))
    global = (size_t)1 << 18;
  return clEnqueueNDRangeKernel(queue, reset->kernel, 1, NULL, &global, &local, 0, NULL, NULL);
}

void clt_bench_l2reset_free(struct clt_bench_l2reset *reset) {
  if (reset == NULL)
    return;
  if (reset->kernel != NULL)
    clReleaseKernel(reset->kernel);
  if (reset->program != NULL)
    clReleaseProgram(reset->program);
  free(reset);
}
