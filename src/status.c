/* Status names and the per-thread error detail behind clt_last_error().
 * One X-macro table names library and OpenCL codes alike; the detail lives in a per-thread heap buffer
 * (a pthread key with a destructor), so a build log of any length fits and nothing leaks at thread exit. */
#define _POSIX_C_SOURCE 200809L
#include "clt_internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CLT__LIBRARY_STATUSES(X)                                                                             \
  X(CLT_SUCCESS)                                                                                             \
  X(CLT_INVALID_VALUE)                                                                                       \
  X(CLT_INVALID_BUFFER)                                                                                      \
  X(CLT_UNSUPPORTED)                                                                                         \
  X(CLT_BUILD_FAILED)                                                                                        \
  X(CLT_OUT_OF_HOST_MEMORY)                                                                                  \
  X(CLT_NO_DEVICE)

/* OpenCL 1.2 error codes by value, so the table does not depend on which header version is installed. */
#define CLT__OPENCL_STATUSES(X)                                                                              \
  X(-1, CL_DEVICE_NOT_FOUND)                                                                                 \
  X(-2, CL_DEVICE_NOT_AVAILABLE)                                                                             \
  X(-3, CL_COMPILER_NOT_AVAILABLE)                                                                           \
  X(-4, CL_MEM_OBJECT_ALLOCATION_FAILURE)                                                                    \
  X(-5, CL_OUT_OF_RESOURCES)                                                                                 \
  X(-6, CL_OUT_OF_HOST_MEMORY)                                                                               \
  X(-7, CL_PROFILING_INFO_NOT_AVAILABLE)                                                                     \
  X(-8, CL_MEM_COPY_OVERLAP)                                                                                 \
  X(-9, CL_IMAGE_FORMAT_MISMATCH)                                                                            \
  X(-10, CL_IMAGE_FORMAT_NOT_SUPPORTED)                                                                      \
  X(-11, CL_BUILD_PROGRAM_FAILURE)                                                                           \
  X(-12, CL_MAP_FAILURE)                                                                                     \
  X(-13, CL_MISALIGNED_SUB_BUFFER_OFFSET)                                                                    \
  X(-14, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)                                                       \
  X(-15, CL_COMPILE_PROGRAM_FAILURE)                                                                         \
  X(-16, CL_LINKER_NOT_AVAILABLE)                                                                            \
  X(-17, CL_LINK_PROGRAM_FAILURE)                                                                            \
  X(-18, CL_DEVICE_PARTITION_FAILED)                                                                         \
  X(-19, CL_KERNEL_ARG_INFO_NOT_AVAILABLE)                                                                   \
  X(-30, CL_INVALID_VALUE)                                                                                   \
  X(-31, CL_INVALID_DEVICE_TYPE)                                                                             \
  X(-32, CL_INVALID_PLATFORM)                                                                                \
  X(-33, CL_INVALID_DEVICE)                                                                                  \
  X(-34, CL_INVALID_CONTEXT)                                                                                 \
  X(-35, CL_INVALID_QUEUE_PROPERTIES)                                                                        \
  X(-36, CL_INVALID_COMMAND_QUEUE)                                                                           \
  X(-37, CL_INVALID_HOST_PTR)                                                                                \
  X(-38, CL_INVALID_MEM_OBJECT)                                                                              \
  X(-39, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR)                                                                 \
  X(-40, CL_INVALID_IMAGE_SIZE)                                                                              \
  X(-41, CL_INVALID_SAMPLER)                                                                                 \
  X(-42, CL_INVALID_BINARY)                                                                                  \
  X(-43, CL_INVALID_BUILD_OPTIONS)                                                                           \
  X(-44, CL_INVALID_PROGRAM)                                                                                 \
  X(-45, CL_INVALID_PROGRAM_EXECUTABLE)                                                                      \
  X(-46, CL_INVALID_KERNEL_NAME)                                                                             \
  X(-47, CL_INVALID_KERNEL_DEFINITION)                                                                       \
  X(-48, CL_INVALID_KERNEL)                                                                                  \
  X(-49, CL_INVALID_ARG_INDEX)                                                                               \
  X(-50, CL_INVALID_ARG_VALUE)                                                                               \
  X(-51, CL_INVALID_ARG_SIZE)                                                                                \
  X(-52, CL_INVALID_KERNEL_ARGS)                                                                             \
  X(-53, CL_INVALID_WORK_DIMENSION)                                                                          \
  X(-54, CL_INVALID_WORK_GROUP_SIZE)                                                                         \
  X(-55, CL_INVALID_WORK_ITEM_SIZE)                                                                          \
  X(-56, CL_INVALID_GLOBAL_OFFSET)                                                                           \
  X(-57, CL_INVALID_EVENT_WAIT_LIST)                                                                         \
  X(-58, CL_INVALID_EVENT)                                                                                   \
  X(-59, CL_INVALID_OPERATION)                                                                               \
  X(-60, CL_INVALID_GL_OBJECT)                                                                               \
  X(-61, CL_INVALID_BUFFER_SIZE)                                                                             \
  X(-62, CL_INVALID_MIP_LEVEL)                                                                               \
  X(-63, CL_INVALID_GLOBAL_WORK_SIZE)                                                                        \
  X(-64, CL_INVALID_PROPERTY)                                                                                \
  X(-65, CL_INVALID_IMAGE_DESCRIPTOR)                                                                        \
  X(-66, CL_INVALID_COMPILER_OPTIONS)                                                                        \
  X(-67, CL_INVALID_LINKER_OPTIONS)                                                                          \
  X(-68, CL_INVALID_DEVICE_PARTITION_COUNT)                                                                  \
  X(-1001, CL_PLATFORM_NOT_FOUND_KHR)

const char *clt_status_string(clt_status status) {
  switch ((int)status) {
#define CLT__LIB_CASE(name)                                                                                  \
  case name:                                                                                                 \
    return #name;
    CLT__LIBRARY_STATUSES(CLT__LIB_CASE)
#undef CLT__LIB_CASE
#define CLT__CL_CASE(value, name)                                                                            \
  case value:                                                                                                \
    return #name;
    CLT__OPENCL_STATUSES(CLT__CL_CASE)
#undef CLT__CL_CASE
  default:
    return (int)status < 0 ? "CL_UNKNOWN_ERROR" : "CLT_UNKNOWN_STATUS";
  }
}

const char *clt_variant_name(clt_variant variant) {
  switch (variant) {
  case CLT_VARIANT_AUTO:
    return "auto";
  case CLT_VARIANT_NAIVE:
    return "naive";
  case CLT_VARIANT_TILED:
    return "tiled";
  case CLT_VARIANT_VECTOR:
    return "vector";
  case CLT_VARIANT_BLOCK:
    return "block";
  case CLT_VARIANT_RECT:
    return "rect";
  case CLT_VARIANT_NARROW:
    return "narrow";
  case CLT_VARIANT_COPY:
    return "copy";
  }
  return NULL;
}

const char *clt_shape_class_name(clt_shape_class shape_class) {
  static const char *const names[CLT_SHAPE_CLASS_COUNT] = {"aligned", "odd", "tall", "batched", "wide"};
  return (unsigned)shape_class < CLT_SHAPE_CLASS_COUNT ? names[shape_class] : NULL;
}

/* ---- per-thread detail ---- */

typedef struct clt__error_buf {
  char *text;
  size_t capacity;
} clt__error_buf;

static pthread_key_t clt__error_key;
static pthread_once_t clt__error_once = PTHREAD_ONCE_INIT;
static int clt__error_key_ok;

static void clt__error_buf_free(void *p) {
  clt__error_buf *buf = p;
  if (buf) {
    free(buf->text);
    free(buf);
  }
}

static void clt__error_key_create(void) {
  clt__error_key_ok = pthread_key_create(&clt__error_key, clt__error_buf_free) == 0;
}

static clt__error_buf *clt__error_buf_get(int create) {
  pthread_once(&clt__error_once, clt__error_key_create);
  if (!clt__error_key_ok)
    return NULL;
  clt__error_buf *buf = pthread_getspecific(clt__error_key);
  if (!buf && create) {
    buf = calloc(1, sizeof *buf);
    if (buf && pthread_setspecific(clt__error_key, buf) != 0) {
      free(buf);
      buf = NULL;
    }
  }
  return buf;
}

/* Holds at least need bytes; on allocation failure the detail is truncated to what fits. */
static size_t clt__error_reserve(clt__error_buf *buf, size_t need) {
  if (need > buf->capacity) {
    char *grown = realloc(buf->text, need);
    if (grown) {
      buf->text = grown;
      buf->capacity = need;
    }
  }
  return buf->capacity;
}

static void clt__set_detail(const char *text, const char *fmt, va_list ap) CLT__PRINTF(2, 0);
static void clt__set_detail(const char *text, const char *fmt, va_list ap) {
  clt__error_buf *buf = clt__error_buf_get(1);
  if (!buf)
    return;
  va_list copy;
  va_copy(copy, ap);
  int n = vsnprintf(NULL, 0, fmt, copy);
  va_end(copy);
  size_t head = n > 0 ? (size_t)n : 0;
  size_t tail = text ? strlen(text) : 0;
  size_t cap = clt__error_reserve(buf, head + tail + 2);
  if (cap == 0)
    return;
  vsnprintf(buf->text, cap, fmt, ap);
  if (text && head + 1 < cap) {
    size_t room = cap - head - 1;
    size_t take = tail < room - 1 ? tail : room - 1;
    buf->text[head] = '\n';
    memcpy(buf->text + head + 1, text, take);
    buf->text[head + 1 + take] = '\0';
  }
}

clt_status clt__fail(clt_status status, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  clt__set_detail(NULL, fmt, ap);
  va_end(ap);
  return status;
}

clt_status clt__fail_with_text(clt_status status, const char *text, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  clt__set_detail(text, fmt, ap);
  va_end(ap);
  return status;
}

void clt__clear_error(void) {
  clt__error_buf *buf = clt__error_buf_get(0);
  if (buf && buf->text)
    buf->text[0] = '\0';
}

const char *clt_last_error(void) {
  clt__error_buf *buf = clt__error_buf_get(0);
  return buf && buf->text ? buf->text : "";
}
