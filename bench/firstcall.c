/* cltranspose-firstcall: wall time of a fresh process's first transpose (plan creation, which builds or
 * loads the kernel, plus the first run to completion). Run it twice with an empty CLT_CACHE_DIR: the
 * first run is cold, the second shows what the on-disk program cache saves.
 * Usage: cltranspose-firstcall DEVICE ROWS COLS */
#define _POSIX_C_SOURCE 200809L
#include "cltranspose.h"
#include "devices.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double ms_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: %s DEVICE ROWS COLS\n", argv[0]);
    return 2;
  }
  cl_device_id dev = clt_bench_pick_device(argv[1]);
  if (!dev)
    return 1;
  const size_t rows = strtoull(argv[2], NULL, 10), cols = strtoull(argv[3], NULL, 10);
  cl_int err;
  int status = 1;
  clt_plan *plan = NULL;
  cl_mem src = NULL, dst = NULL;
  cl_command_queue q = NULL;
  cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
  if (err == CL_SUCCESS)
    q = clCreateCommandQueue(ctx, dev, 0, &err);
  if (err == CL_SUCCESS)
    src = clCreateBuffer(ctx, CL_MEM_READ_WRITE, rows * cols * 4, NULL, &err);
  if (err == CL_SUCCESS)
    dst = clCreateBuffer(ctx, CL_MEM_READ_WRITE, rows * cols * 4, NULL, &err);
  if (err != CL_SUCCESS) {
    fprintf(stderr, "OpenCL set-up failed: %s\n", clt_status_string((clt_status)err));
    goto cleanup;
  }
  clFinish(q);

  clt_desc desc;
  memset(&desc, 0, sizeof desc);
  desc.rows = rows;
  desc.cols = cols;
  desc.elem_size = 4;
  const double t0 = ms_now();
  clt_status st = clt_plan_create(&plan, ctx, dev, &desc);
  const double t1 = ms_now();
  if (st == CLT_SUCCESS)
    st = clt_plan_enqueue(plan, q, src, dst, 0, NULL, NULL);
  if (st == CLT_SUCCESS)
    st = (clt_status)clFinish(q);
  const double t2 = ms_now();
  if (st != CLT_SUCCESS) {
    fprintf(stderr, "transpose failed: %s: %s\n", clt_status_string(st), clt_last_error());
    goto cleanup;
  }
  printf("plan create %.1f ms + first transpose %.1f ms = %.1f ms\n", t1 - t0, t2 - t1, t2 - t0);
  status = 0;

cleanup:
  clt_plan_destroy(plan);
  if (dst)
    clReleaseMemObject(dst);
  if (src)
    clReleaseMemObject(src);
  if (q)
    clReleaseCommandQueue(q);
  clt_cache_clear();
  if (ctx)
    clReleaseContext(ctx);
  return status;
}
