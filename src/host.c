/* clt_transpose_host: host memory in and out on the default device. The device (env CLT_DEVICE, else
 * the first GPU, else the first device), its context and queue are made once and shared by every
 * call and thread; each call holds a reference so clt_cache_clear cannot pull them away mid-call. */
#define _POSIX_C_SOURCE 200809L
#include "clt_internal.h"

#include <ctype.h>
#include <stdint.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef struct clt__host_runtime {
  cl_context context;
  cl_command_queue queue;
  char *selector; /* the CLT_DEVICE it was chosen under ("" for the default rule) */
  unsigned refs;
} clt__host_runtime;

static pthread_mutex_t host_lock = PTHREAD_MUTEX_INITIALIZER;
static clt__host_runtime *host_rt;

static int contains_nocase(const char *hay, const char *needle) {
  size_t n = strlen(needle);
  for (; *hay; hay++) {
    size_t i = 0;
    while (i < n && hay[i] && tolower((unsigned char)hay[i]) == tolower((unsigned char)needle[i]))
      i++;
    if (i == n)
      return 1;
  }
  return n == 0;
}

static void runtime_release_locked(clt__host_runtime *rt) {
  if (!rt || --rt->refs)
    return;
  if (rt->queue)
    clReleaseCommandQueue(rt->queue);
  if (rt->context)
    clReleaseContext(rt->context);
  free(rt->selector);
  free(rt);
}

/* Picks the device by the documented rule. */
static clt_status pick_device(const char *selector, cl_device_id *out) {
  cl_uint np = 0;
  cl_int err = clGetPlatformIDs(0, NULL, &np);
  if (err == -1001 /* CL_PLATFORM_NOT_FOUND_KHR: the ICD loader found none */ || np == 0)
    return clt__fail(CLT_NO_DEVICE, "no OpenCL platform is installed");
  if (err != CL_SUCCESS)
    return clt__fail((clt_status)err, "clGetPlatformIDs failed: %s", clt_status_string((clt_status)err));
  cl_platform_id *plats = malloc(np * sizeof *plats);
  if (!plats)
    return clt__fail(CLT_OUT_OF_HOST_MEMORY, "out of host memory");
  clt_status st = CLT_NO_DEVICE;
  cl_device_id first_any = NULL, first_gpu = NULL, named = NULL;
  if ((err = clGetPlatformIDs(np, plats, NULL)) != CL_SUCCESS)
    np = 0;
  for (cl_uint p = 0; p < np && !named; p++) {
    cl_device_id devs[64];
    cl_uint nd = 0;
    if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, 64, devs, &nd) != CL_SUCCESS)
      continue;
    for (cl_uint d = 0; d < nd && d < 64 && !named; d++) {
      char name[256] = "";
      cl_device_type type = 0;
      clGetDeviceInfo(devs[d], CL_DEVICE_NAME, sizeof name - 1, name, NULL);
      clGetDeviceInfo(devs[d], CL_DEVICE_TYPE, sizeof type, &type, NULL);
      if (*selector && contains_nocase(name, selector))
        named = devs[d];
      if (!first_any)
        first_any = devs[d];
      if (!first_gpu && (type & CL_DEVICE_TYPE_GPU))
        first_gpu = devs[d];
    }
  }
  free(plats);
  *out = *selector ? named : first_gpu ? first_gpu : first_any;
  if (*out)
    st = CLT_SUCCESS;
  else if (*selector)
    clt__fail(st, "no OpenCL device's name contains CLT_DEVICE=\"%s\"", selector);
  else
    clt__fail(st, "no OpenCL device found");
  return st;
}

/* A reference to the shared runtime for the current CLT_DEVICE, creating it on first use. */
static clt_status runtime_acquire(clt__host_runtime **out) {
  const char *env = getenv("CLT_DEVICE");
  const char *selector = env ? env : "";
  clt_status st = CLT_SUCCESS;
  pthread_mutex_lock(&host_lock);
  if (host_rt && strcmp(host_rt->selector, selector) == 0) {
    host_rt->refs++;
    *out = host_rt;
    pthread_mutex_unlock(&host_lock);
    return CLT_SUCCESS;
  }
  clt__host_runtime *rt = calloc(1, sizeof *rt);
  cl_device_id dev = NULL;
  cl_int err = CL_SUCCESS;
  if (rt)
    rt->refs = 1; /* the caller's: the fail path releases it */
  if (!rt || !(rt->selector = malloc(strlen(selector) + 1))) {
    st = clt__fail(CLT_OUT_OF_HOST_MEMORY, "out of host memory");
    goto fail;
  }
  strcpy(rt->selector, selector);
  if ((st = pick_device(selector, &dev)) != CLT_SUCCESS)
    goto fail;
  rt->context = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
  if (err == CL_SUCCESS)
    rt->queue = clCreateCommandQueue(rt->context, dev, 0, &err);
  if (err != CL_SUCCESS) {
    st = clt__fail((clt_status)err, "creating a context and queue failed: %s",
                   clt_status_string((clt_status)err));
    goto fail;
  }
  runtime_release_locked(host_rt); /* the cache's reference to a runtime for another selector */
  host_rt = rt;
  rt->refs++; /* the cache's and the caller's */
  *out = rt;
  pthread_mutex_unlock(&host_lock);
  return CLT_SUCCESS;

fail:
  runtime_release_locked(rt);
  pthread_mutex_unlock(&host_lock);
  return st;
}

static void runtime_release(clt__host_runtime *rt) {
  pthread_mutex_lock(&host_lock);
  runtime_release_locked(rt);
  pthread_mutex_unlock(&host_lock);
}

void clt__host_cache_clear(void) {
  pthread_mutex_lock(&host_lock);
  runtime_release_locked(host_rt);
  host_rt = NULL;
  pthread_mutex_unlock(&host_lock);
}

clt_status clt_transpose_host(const clt_desc *desc, const void *src, void *dst) {
  clt__clear_error();
  clt__layout l;
  clt_status st = clt__layout_checked(desc, &l);
  if (st != CLT_SUCCESS)
    return st;
  if (!src || !dst)
    return clt__fail(CLT_INVALID_VALUE, "src or dst is NULL");
  const unsigned char *s = src;
  unsigned char *d = dst;
  if (clt__ranges_overlap((uintptr_t)(s + l.src_begin), (uintptr_t)(s + l.src_end),
                          (uintptr_t)(d + l.dst_begin), (uintptr_t)(d + l.dst_end)))
    return clt__fail(CLT_INVALID_VALUE, "src and dst overlap (in-place is not supported)");

  clt__host_runtime *rt = NULL;
  if ((st = runtime_acquire(&rt)) != CLT_SUCCESS)
    return st;
  /* Device buffers hold just the views; dst starts as the caller's bytes so the gaps between rows
   * (dst_ld > rows) come back unchanged. The caller's dst is written only by the final read. */
  clt_desc local = *desc;
  local.src_offset = 0;
  local.dst_offset = 0;
  cl_int err;
  cl_mem sbuf = NULL, dbuf = NULL;
  sbuf = clCreateBuffer(rt->context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, l.src_end - l.src_begin,
                        (void *)(s + l.src_begin), &err);
  if (err != CL_SUCCESS)
    goto cl_error;
  dbuf = clCreateBuffer(rt->context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, l.dst_end - l.dst_begin,
                        d + l.dst_begin, &err);
  if (err != CL_SUCCESS)
    goto cl_error;
  if ((st = clt_transpose(rt->queue, &local, sbuf, dbuf, 0, NULL, NULL)) != CLT_SUCCESS)
    goto done;
  err = clEnqueueReadBuffer(rt->queue, dbuf, CL_TRUE, 0, l.dst_end - l.dst_begin, d + l.dst_begin, 0, NULL,
                            NULL);
  if (err != CL_SUCCESS)
    goto cl_error;
  st = CLT_SUCCESS;
  goto done;

cl_error:
  st = clt__fail((clt_status)err, "moving the matrices between host and device failed: %s",
                 clt_status_string((clt_status)err));
done:
  if (dbuf)
    clReleaseMemObject(dbuf);
  if (sbuf)
    clReleaseMemObject(sbuf);
  runtime_release(rt);
  return st;
}
