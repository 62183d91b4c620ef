/* cltranspose-bigcheck: proves a transpose of more than 4 GiB and 2^31 (or, batched, 2^32) elements
 * exact. Element i of the source is a 32-bit hash of i, so the check needs no host copy of the answer;
 * dst is poisoned from the host first, so a word the kernel never writes fails the check.
 * Usage: cltranspose-bigcheck DEVICE ROWS COLS BATCH [VARIANT] (auto naive tiled vector block rect). */
#define _POSIX_C_SOURCE 200809L
#include "cltranspose.h"
#include "devices.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint32_t hash32(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return (uint32_t)(x ^ (x >> 31));
}

static double seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  if (argc < 5) {
    fprintf(stderr, "usage: %s DEVICE ROWS COLS BATCH [auto|naive|tiled|vector|block|rect|narrow]\n",
            argv[0]);
    return 2;
  }
  const size_t rows = strtoull(argv[2], NULL, 10), cols = strtoull(argv[3], NULL, 10);
  const size_t batch = strtoull(argv[4], NULL, 10);
  clt_variant variant = CLT_VARIANT_AUTO;
  for (int v = CLT_VARIANT_AUTO; argc > 5 && v <= CLT_VARIANT_NARROW; v++)
    if (strcmp(argv[5], clt_variant_name((clt_variant)v)) == 0)
      variant = (clt_variant)v;
  int status = 1;
  cl_context ctx = NULL;
  cl_command_queue q = NULL;
  cl_mem src = NULL, dst = NULL;
  clt_plan *plan = NULL;
  cl_event ev = NULL;
  uint32_t *host = NULL;
  const size_t n = rows * cols * batch;
  const double t0 = seconds();

  cl_device_id dev = clt_bench_pick_device(argv[1]);
  if (!dev)
    return 1;
  cl_int err;
  ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
  if (err == CL_SUCCESS)
    q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err);
  if (err != CL_SUCCESS) {
    fprintf(stderr, "context/queue: %s\n", clt_status_string((clt_status)err));
    goto cleanup;
  }
  clt_desc desc;
  memset(&desc, 0, sizeof desc);
  desc.rows = rows;
  desc.cols = cols;
  desc.elem_size = 4;
  desc.batch = batch;
  desc.variant = variant;
  clt_status st = clt_plan_create(&plan, ctx, dev, &desc);
  if (st != CLT_SUCCESS) {
    fprintf(stderr, "clt_plan_create: %s: %s\n", clt_status_string(st), clt_last_error());
    goto cleanup;
  }
  host = malloc(n * sizeof *host);
  src = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * 4, NULL, &err);
  if (err == CL_SUCCESS)
    dst = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * 4, NULL, &err);
  if (!host || err != CL_SUCCESS) {
    fprintf(stderr, "allocating 2 x %zu bytes failed: %s\n", n * 4, clt_status_string((clt_status)err));
    goto cleanup;
  }
  /* Poison from the host: one NVIDIA driver's clEnqueueFillBuffer over more than 2^31 words broke the
   * context here, so no driver fill is relied on. */
#pragma omp parallel for schedule(static)
  for (size_t i = 0; i < n; i++)
    host[i] = ~hash32(i * 7 + 3);
  err = clEnqueueWriteBuffer(q, dst, CL_TRUE, 0, n * 4, host, 0, NULL, NULL);
#pragma omp parallel for schedule(static)
  for (size_t i = 0; i < n; i++)
    host[i] = hash32(i);
  if (err == CL_SUCCESS)
    err = clEnqueueWriteBuffer(q, src, CL_TRUE, 0, n * 4, host, 0, NULL, NULL);
  if (err != CL_SUCCESS) {
    fprintf(stderr, "upload: %s\n", clt_status_string((clt_status)err));
    goto cleanup;
  }
  if ((st = clt_plan_enqueue(plan, q, src, dst, 0, NULL, &ev)) != CLT_SUCCESS) {
    fprintf(stderr, "clt_plan_enqueue: %s: %s\n", clt_status_string(st), clt_last_error());
    goto cleanup;
  }
  cl_ulong start = 0, end = 0;
  err = clWaitForEvents(1, &ev);
  clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof start, &start, NULL);
  clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof end, &end, NULL);
  if (err == CL_SUCCESS)
    err = clEnqueueReadBuffer(q, dst, CL_TRUE, 0, n * 4, host, 0, NULL, NULL);
  if (err != CL_SUCCESS) {
    fprintf(stderr, "run/download: %s\n", clt_status_string((clt_status)err));
    goto cleanup;
  }
  size_t wrong = 0;
#pragma omp parallel for reduction(+ : wrong) schedule(static)
  for (size_t b = 0; b < batch; b++)
    for (size_t c = 0; c < cols; c++)
      for (size_t r = 0; r < rows; r++)
        wrong += host[(b * cols + c) * rows + r] != hash32((b * rows + r) * cols + c);
  const double ms = (double)(end - start) * 1e-6;
  clt_variant resolved = variant;
  const char *options = "";
  clt_plan_info(plan, &resolved, &options);
  printf(
      "%zux%zu batch %zu f32 (%zu elements, %.2f GiB per buffer) variant %s: %s, %zu wrong; kernel %.3f ms = "
      "%.0f GB/s; [%s]; total %.0f s\n",
      rows, cols, batch, n, (double)n * 4.0 / 1073741824.0, clt_variant_name(resolved),
      wrong ? "FAIL" : "EXACT", wrong, ms, 8.0 * (double)n / ms * 1e-6, options, seconds() - t0);
  status = wrong != 0;

cleanup:
  if (ev)
    clReleaseEvent(ev);
  clt_plan_destroy(plan);
  if (dst)
    clReleaseMemObject(dst);
  if (src)
    clReleaseMemObject(src);
  free(host);
  if (q)
    clReleaseCommandQueue(q);
  clt_cache_clear();
  if (ctx)
    clReleaseContext(ctx);
  return status;
}
