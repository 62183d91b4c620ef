/* Device queries: the facts work-group shapes and kernel parameters are chosen from. Nothing here is
 * hard-wired to a vendor except the warp/wavefront width guess, which only sets a preference; every
 * hard limit (work-group size, item sizes, local memory) comes from the driver. */
#include "clt_internal.h"

#include <stdlib.h>
#include <string.h>

/* A string query truncated to size bytes (names longer than our fields are cut, not failed). */
static cl_int query_string(cl_device_id dev, cl_device_info what, char *buf, size_t size) {
  size_t need = 0;
  cl_int err = clGetDeviceInfo(dev, what, 0, NULL, &need);
  buf[0] = '\0';
  if (err != CL_SUCCESS)
    return err;
  if (need <= size)
    return clGetDeviceInfo(dev, what, size, buf, NULL);
  char *tmp = malloc(need);
  if (!tmp)
    return CL_OUT_OF_HOST_MEMORY;
  err = clGetDeviceInfo(dev, what, need, tmp, NULL);
  if (err == CL_SUCCESS) {
    memcpy(buf, tmp, size - 1);
    buf[size - 1] = '\0';
  }
  free(tmp);
  return err;
}

/* cl_nv_device_attribute_query's query (CL/cl_ext.h has it where the headers are NVIDIA's or recent). */
#define CLT__CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV 0x4000

static int contains(const char *haystack, const char *needle) {
  return strstr(haystack, needle) != NULL;
}

clt_status clt__device_query(cl_device_id dev, clt__device_info *info) {
  memset(info, 0, sizeof *info);
  cl_int err;
  cl_platform_id platform = NULL;
  cl_device_local_mem_type lmt = CL_LOCAL;

#define CLT__Q(what, field)                                                                                  \
  do {                                                                                                       \
    err = clGetDeviceInfo(dev, what, sizeof(field), &(field), NULL);                                         \
    if (err != CL_SUCCESS)                                                                                   \
      return clt__fail((clt_status)err, "clGetDeviceInfo(" #what ") failed: %s",                             \
                       clt_status_string((clt_status)err));                                                  \
  } while (0)
  CLT__Q(CL_DEVICE_TYPE, info->type);
  CLT__Q(CL_DEVICE_VENDOR_ID, info->vendor_id);
  CLT__Q(CL_DEVICE_MAX_COMPUTE_UNITS, info->compute_units);
  CLT__Q(CL_DEVICE_MAX_WORK_GROUP_SIZE, info->max_wg_size);
  CLT__Q(CL_DEVICE_MAX_WORK_ITEM_SIZES, info->max_item_size);
  CLT__Q(CL_DEVICE_LOCAL_MEM_SIZE, info->local_mem_size);
  CLT__Q(CL_DEVICE_LOCAL_MEM_TYPE, lmt);
  CLT__Q(CL_DEVICE_MAX_MEM_ALLOC_SIZE, info->max_alloc);
  CLT__Q(CL_DEVICE_MEM_BASE_ADDR_ALIGN, info->base_align_bytes);
  CLT__Q(CL_DEVICE_PLATFORM, platform);
#undef CLT__Q
  info->base_align_bytes /= 8; /* the query answers in bits */
  info->local_mem_is_global = lmt == CL_GLOBAL;

  static const struct {
    cl_device_info what;
    size_t offset, size;
  } strings[] = {
      {CL_DEVICE_NAME, offsetof(clt__device_info, name), sizeof info->name},
      {CL_DEVICE_VENDOR, offsetof(clt__device_info, vendor), sizeof info->vendor},
      {CL_DRIVER_VERSION, offsetof(clt__device_info, driver), sizeof info->driver},
      {CL_DEVICE_VERSION, offsetof(clt__device_info, version), sizeof info->version},
  };
  for (size_t i = 0; i < sizeof strings / sizeof strings[0]; i++) {
    err = query_string(dev, strings[i].what, (char *)info + strings[i].offset, strings[i].size);
    if (err != CL_SUCCESS)
      return clt__fail((clt_status)err, "clGetDeviceInfo (a name string) failed: %s",
                       clt_status_string((clt_status)err));
  }
  size_t got = 0;
  err = clGetPlatformInfo(platform, CL_PLATFORM_NAME, sizeof info->platform - 1, info->platform, &got);
  info->platform[err == CL_SUCCESS && got < sizeof info->platform ? got : 0] = '\0';

  /* The warp/wavefront width only steers preferences (tile width, work-group multiple); the kernel's
   * CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE is not known before a build. */
  const int nvidia = info->vendor_id == 0x10DE || contains(info->vendor, "NVIDIA");
  if (nvidia)
    info->simd_width = 32;
  else if (info->vendor_id == 0x1002 || contains(info->vendor, "Advanced Micro") ||
           contains(info->vendor, "AMD"))
    info->simd_width = info->type & CL_DEVICE_TYPE_GPU ? 64 : 8;
  else if (info->type & CL_DEVICE_TYPE_GPU)
    info->simd_width = 16; /* Intel and mobile GPUs: SIMD8-32 */
  else
    info->simd_width = 8;
  if (info->simd_width > info->max_wg_size)
    info->simd_width = info->max_wg_size;
  /* The SIMD registers' width steers the block kernel's CPU vectors; a driver without it leaves 0. */
  if (clGetDeviceInfo(dev, CL_DEVICE_NATIVE_VECTOR_WIDTH_INT, sizeof info->native_int_width,
                      &info->native_int_width, NULL) != CL_SUCCESS)
    info->native_int_width = 0;
  /* The compute capability steers PTX load hints only (cl/rect.cl's L2PF, cl/common.cl's L2LAST): a
   * driver without the query leaves it unknown, never failed. */
  if (nvidia && (info->type & CL_DEVICE_TYPE_GPU) &&
      clGetDeviceInfo(dev, CLT__CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV, sizeof info->nv_cc_major,
                      &info->nv_cc_major, NULL) != CL_SUCCESS)
    info->nv_cc_major = 0;
  return CLT_SUCCESS;
}
