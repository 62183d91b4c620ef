/* OpenCL device discovery for cltranspose-bench: flattens every platform's devices into one indexed
 * list (the indices --device and --list-devices use) and applies the library's default-device rule.
 * Strings longer than the fixed fields are truncated rather than treated as failures. */
#include "devices.h"

#include <stdlib.h>
#include <string.h>

/* CL_PLATFORM_NOT_FOUND_KHR from cl_icd.h: what the ICD loader returns when no driver is installed. */
#define BENCH_PLATFORM_NOT_FOUND (-1001)

static void copy_truncated(char *dst, size_t dst_size, const char *src, size_t src_len) {
  size_t n = src_len < dst_size - 1 ? src_len : dst_size - 1;
  memcpy(dst, src, n);
  dst[n] = '\0';
  /* Some drivers pad names with trailing spaces or count the NUL twice. */
  while (n > 0 && (dst[n - 1] == ' ' || dst[n - 1] == '\0'))
    dst[--n] = '\0';
}

static cl_int device_string(cl_device_id dev, cl_device_info param, char *buf, size_t buf_size) {
  size_t size = 0;
  cl_int err = clGetDeviceInfo(dev, param, 0, NULL, &size);
  if (err != CL_SUCCESS)
    return err;
  char *tmp = malloc(size + 1);
  if (tmp == NULL)
    return CL_OUT_OF_HOST_MEMORY;
  err = clGetDeviceInfo(dev, param, size, tmp, NULL);
  if (err == CL_SUCCESS) {
    tmp[size] = '\0';
    copy_truncated(buf, buf_size, tmp, strlen(tmp));
  }
  free(tmp);
  return err;
}

static cl_int platform_string(cl_platform_id plat, cl_platform_info param, char *buf, size_t buf_size) {
  size_t size = 0;
  cl_int err = clGetPlatformInfo(plat, param, 0, NULL, &size);
  if (err != CL_SUCCESS)
    return err;
  char *tmp = malloc(size + 1);
  if (tmp == NULL)
    return CL_OUT_OF_HOST_MEMORY;
  err = clGetPlatformInfo(plat, param, size, tmp, NULL);
  if (err == CL_SUCCESS) {
    tmp[size] = '\0';
    copy_truncated(buf, buf_size, tmp, strlen(tmp));
  }
  free(tmp);
  return err;
}

static cl_int query_device(struct clt_bench_device *d) {
  cl_int err;
  if ((err = device_string(d->id, CL_DEVICE_NAME, d->name, sizeof d->name)) != CL_SUCCESS ||
      (err = device_string(d->id, CL_DEVICE_VENDOR, d->vendor, sizeof d->vendor)) != CL_SUCCESS ||
      (err = device_string(d->id, CL_DRIVER_VERSION, d->driver_version, sizeof d->driver_version)) !=
          CL_SUCCESS ||
      (err = device_string(d->id, CL_DEVICE_VERSION, d->version, sizeof d->version)) != CL_SUCCESS ||
      (err = device_string(d->id, CL_DEVICE_OPENCL_C_VERSION, d->c_version, sizeof d->c_version)) !=
          CL_SUCCESS ||
      (err = platform_string(d->platform, CL_PLATFORM_NAME, d->platform_name, sizeof d->platform_name)) !=
          CL_SUCCESS ||
      (err = platform_string(d->platform, CL_PLATFORM_VERSION, d->platform_version,
                             sizeof d->platform_version)) != CL_SUCCESS ||
      (err = clGetDeviceInfo(d->id, CL_DEVICE_TYPE, sizeof d->type, &d->type, NULL)) != CL_SUCCESS ||
      (err = clGetDeviceInfo(d->id, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof d->compute_units, &d->compute_units,
                             NULL)) != CL_SUCCESS ||
      (err = clGetDeviceInfo(d->id, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof d->global_mem, &d->global_mem, NULL)) !=
          CL_SUCCESS ||
      (err = clGetDeviceInfo(d->id, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof d->max_alloc, &d->max_alloc,
                             NULL)) != CL_SUCCESS ||
      (err = clGetDeviceInfo(d->id, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, sizeof d->global_cache, &d->global_cache,
                             NULL)) != CL_SUCCESS)
    return err;
  return CL_SUCCESS;
}

int clt_bench_devices_enumerate(struct clt_bench_device **list, size_t *count, char *err, size_t err_size) {
  cl_platform_id *platforms = NULL;
  cl_device_id *ids = NULL;
  struct clt_bench_device *devs = NULL;
  size_t n_devs = 0;
  cl_uint n_plat = 0;
  int rc = -1;

  *list = NULL;
  *count = 0;
  cl_int cerr = clGetPlatformIDs(0, NULL, &n_plat);
  if (cerr == BENCH_PLATFORM_NOT_FOUND || (cerr == CL_SUCCESS && n_plat == 0))
    return 0;
  if (cerr != CL_SUCCESS) {
    snprintf(err, err_size, "clGetPlatformIDs: %s", clt_status_string((clt_status)cerr));
    return -1;
  }
  platforms = malloc(n_plat * sizeof *platforms);
  if (platforms == NULL)
    goto oom;
  if ((cerr = clGetPlatformIDs(n_plat, platforms, NULL)) != CL_SUCCESS) {
    snprintf(err, err_size, "clGetPlatformIDs: %s", clt_status_string((clt_status)cerr));
    goto cleanup;
  }
  for (cl_uint p = 0; p < n_plat; p++) {
    cl_uint n = 0;
    cerr = clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, 0, NULL, &n);
    if (cerr == CL_DEVICE_NOT_FOUND || (cerr == CL_SUCCESS && n == 0))
      continue;
    if (cerr != CL_SUCCESS) {
      snprintf(err, err_size, "clGetDeviceIDs (platform %u): %s", p, clt_status_string((clt_status)cerr));
      goto cleanup;
    }
    cl_device_id *grown_ids = realloc(ids, n * sizeof *ids);
    if (grown_ids == NULL)
      goto oom;
    ids = grown_ids;
    struct clt_bench_device *grown = realloc(devs, (n_devs + n) * sizeof *devs);
    if (grown == NULL)
      goto oom;
    devs = grown;
    if ((cerr = clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, n, ids, NULL)) != CL_SUCCESS) {
      snprintf(err, err_size, "clGetDeviceIDs (platform %u): %s", p, clt_status_string((clt_status)cerr));
      goto cleanup;
    }
    for (cl_uint i = 0; i < n; i++) {
      struct clt_bench_device *d = &devs[n_devs];
      memset(d, 0, sizeof *d);
      d->platform = platforms[p];
      d->id = ids[i];
      if ((cerr = query_device(d)) != CL_SUCCESS) {
        snprintf(err, err_size, "clGetDeviceInfo (device %zu): %s", n_devs,
                 clt_status_string((clt_status)cerr));
        goto cleanup;
      }
      n_devs++;
    }
  }
  *list = devs;
  *count = n_devs;
  devs = NULL;
  rc = 0;
  goto cleanup;
oom:
  snprintf(err, err_size, "out of host memory while listing devices");
cleanup:
  free(devs);
  free(ids);
  free(platforms);
  return rc;
}

static int all_digits(const char *s) {
  if (*s == '\0')
    return 0;
  for (; *s != '\0'; s++)
    if (*s < '0' || *s > '9')
      return 0;
  return 1;
}

int clt_bench_device_select(const struct clt_bench_device *list, size_t count, const char *selector,
                            const char *env_device, size_t *index, char *err, size_t err_size) {
  if (count == 0) {
    snprintf(err, err_size, "no OpenCL device found (is an ICD such as pocl-opencl-icd installed?)");
    return -1;
  }
  if (selector != NULL && all_digits(selector)) {
    char *end = NULL;
    const unsigned long long i = strtoull(selector, &end, 10);
    if (i >= count) {
      snprintf(err, err_size,
               "--device %s: no such device index; there are %zu (0 to %zu), see --list-devices", selector,
               count, count - 1);
      return -1;
    }
    *index = (size_t)i;
    return 0;
  }
  /* Plain, case-sensitive strstr: the rule the library documents for CLT_DEVICE. */
  const char *substring =
      selector != NULL ? selector : (env_device != NULL && *env_device != '\0' ? env_device : NULL);
  if (substring != NULL) {
    for (size_t i = 0; i < count; i++) {
      if (strstr(list[i].name, substring) != NULL) {
        *index = i;
        return 0;
      }
    }
    snprintf(err, err_size, "%s%s: no device name contains it, see --list-devices",
             selector != NULL ? "--device " : "CLT_DEVICE=", substring);
    return -1;
  }
  for (size_t i = 0; i < count; i++) {
    if (list[i].type & CL_DEVICE_TYPE_GPU) {
      *index = i;
      return 0;
    }
  }
  *index = 0;
  return 0;
}

const char *clt_bench_device_type_name(cl_device_type type) {
  if (type & CL_DEVICE_TYPE_GPU)
    return "GPU";
  if (type & CL_DEVICE_TYPE_CPU)
    return "CPU";
  if (type & CL_DEVICE_TYPE_ACCELERATOR)
    return "ACCELERATOR";
  if (type & CL_DEVICE_TYPE_CUSTOM)
    return "CUSTOM";
  return "OTHER";
}

void clt_bench_devices_print(FILE *stream, const struct clt_bench_device *list, size_t count,
                             size_t default_index) {
  if (count == 0) {
    fprintf(stream, "No OpenCL device found.\n");
    return;
  }
  for (size_t i = 0; i < count; i++) {
    const struct clt_bench_device *d = &list[i];
    fprintf(stream, "%c%3zu  %s [%s]\n", i == default_index ? '*' : ' ', i, d->name,
            clt_bench_device_type_name(d->type));
    fprintf(stream, "      platform %s (%s); %s; driver %s\n", d->platform_name, d->platform_version,
            d->version, d->driver_version);
    fprintf(stream, "      %u compute units, %.1f GiB global memory, %.0f MiB max buffer, %.0f KiB cache\n",
            d->compute_units, (double)d->global_mem / 1073741824.0, (double)d->max_alloc / 1048576.0,
            (double)d->global_cache / 1024.0);
  }
  if (default_index < count)
    fprintf(stream, "* = the device used when --device is not given\n");
}

cl_device_id clt_bench_pick_device(const char *selector) {
  struct clt_bench_device *list = NULL;
  size_t count = 0, index = 0;
  char err[256];
  cl_device_id id = NULL;
  if (clt_bench_devices_enumerate(&list, &count, err, sizeof err) == 0 &&
      clt_bench_device_select(list, count, selector, getenv("CLT_DEVICE"), &index, err, sizeof err) == 0)
    id = list[index].id;
  else
    fprintf(stderr, "%s\n", err);
  free(list);
  return id;
}
