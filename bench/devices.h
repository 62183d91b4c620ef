/* OpenCL device discovery for cltranspose-bench: one flat list over every platform, the properties the
 * reports need, and the same default pick as the library's clt_transpose_host (CLT_DEVICE substring,
 * else the first GPU, else the first device), so that "the default device" means one thing. */
#ifndef CLT_BENCH_DEVICES_H
#define CLT_BENCH_DEVICES_H

#include "cltranspose.h"

#include <stdio.h>

struct clt_bench_device {
  cl_platform_id platform;
  cl_device_id id;
  char name[256];
  char vendor[256];
  char driver_version[256]; /* CL_DRIVER_VERSION */
  char version[256];        /* CL_DEVICE_VERSION, "OpenCL 3.0 ..." */
  char c_version[256];      /* CL_DEVICE_OPENCL_C_VERSION */
  char platform_name[256];
  char platform_version[256];
  cl_device_type type;
  cl_uint compute_units;
  cl_ulong global_mem;   /* bytes */
  cl_ulong max_alloc;    /* bytes, largest single buffer */
  cl_ulong global_cache; /* bytes, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE (0 if none) */
};

/* Fills *list (free with free()) and *count with every device of every platform, in platform order
 * then device order. No platform or no device is not an error: *count is 0. Returns 0, or -1 with a
 * message in err when an OpenCL query fails. */
int clt_bench_devices_enumerate(struct clt_bench_device **list, size_t *count, char *err, size_t err_size);

/* Picks the device: selector (all digits: an index into list; otherwise a substring of the name)
 * when not NULL, else env_device (a substring; NULL or "" means unset), else the first GPU, else
 * index 0. Returns 0 with *index set, or -1 with a message in err. */
int clt_bench_device_select(const struct clt_bench_device *list, size_t count, const char *selector,
                            const char *env_device, size_t *index, char *err, size_t err_size);

/* For the small tools: the device the selector picks (as clt_bench_device_select, CLT_DEVICE honoured),
 * or NULL with a message on stderr. */
cl_device_id clt_bench_pick_device(const char *selector);

/* "GPU", "CPU", "ACCELERATOR", "CUSTOM" or "OTHER": the most specific bit set. */
const char *clt_bench_device_type_name(cl_device_type type);

/* The --list-devices text; marks default_index with '*' (pass count or more to mark none). */
void clt_bench_devices_print(FILE *stream, const struct clt_bench_device *list, size_t count,
                             size_t default_index);

#endif /* CLT_BENCH_DEVICES_H */
