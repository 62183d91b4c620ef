/* CLBlast's omatcopy as a cltranspose-bench comparison column, built only when CLBlast is found at
 * configure time (CLT_BENCH_HAVE_CLBLAST). It runs on the same queue and buffers as cltranspose's rows
 * and is checked exactly like them; types CLBlast lacks (u8) or cannot build on the device (f16 without
 * cl_khr_fp16), and batches (CLBlast has no batched omatcopy), are reported as not applicable. */
#include "impl.h"

#include <clblast_c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct clblast_state {
  size_t rows, cols, src_ld, dst_ld;
  enum clt_bench_type type;
} clblast_state;

static int has_extension(cl_device_id device, const char *name) {
  size_t size = 0;
  if (clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, 0, NULL, &size) != CL_SUCCESS || size == 0)
    return 0;
  char *ext = malloc(size);
  int found = ext && clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, size, ext, NULL) == CL_SUCCESS &&
              strstr(ext, name) != NULL;
  free(ext);
  return found;
}

static int clblast_create(const struct clt_bench_method *method, const struct clt_bench_problem *problem,
                          void **state, struct clt_bench_method_info *info, char *err, size_t err_size) {
  (void)method;
  *state = NULL;
  if (problem->batch > 1) {
    snprintf(err, err_size, "CLBlast has no batched omatcopy");
    return CLT_BENCH_METHOD_NOT_APPLICABLE;
  }
  if (problem->type == CLT_BENCH_U8) {
    snprintf(err, err_size, "CLBlast has no 1-byte omatcopy");
    return CLT_BENCH_METHOD_NOT_APPLICABLE;
  }
  if (problem->type == CLT_BENCH_F16 && !has_extension(problem->device, "cl_khr_fp16")) {
    snprintf(err, err_size, "CLBlast's half precision needs cl_khr_fp16, which this device lacks");
    return CLT_BENCH_METHOD_NOT_APPLICABLE;
  }
  clblast_state *s = malloc(sizeof *s);
  if (!s) {
    snprintf(err, err_size, "out of host memory");
    return CLT_BENCH_METHOD_ERROR;
  }
  s->rows = problem->rows;
  s->cols = problem->cols;
  s->src_ld = problem->src_ld;
  s->dst_ld = problem->dst_ld;
  s->type = problem->type;
  snprintf(info->resolved, sizeof info->resolved, "omatcopy");
  info->build_options[0] = '\0';
  *state = s;
  return CLT_BENCH_METHOD_OK;
}

static int clblast_enqueue(void *state, cl_command_queue queue, cl_mem src, cl_mem dst, cl_event *event,
                           char *err, size_t err_size) {
  const clblast_state *s = state;
  /* Row-major A (rows x cols, ld src_ld) into B = A^T (cols x rows, ld dst_ld), alpha 1. */
  const size_t m = s->rows, n = s->cols, lda = s->src_ld, ldb = s->dst_ld;
  CLBlastStatusCode st;
  switch (s->type) {
  case CLT_BENCH_F16:
    st = CLBlastHomatcopy(CLBlastLayoutRowMajor, CLBlastTransposeYes, m, n, 0x3C00 /* 1.0 */, src, 0, lda,
                          dst, 0, ldb, &queue, event);
    break;
  case CLT_BENCH_F32:
    st = CLBlastSomatcopy(CLBlastLayoutRowMajor, CLBlastTransposeYes, m, n, 1.0f, src, 0, lda, dst, 0, ldb,
                          &queue, event);
    break;
  case CLT_BENCH_F64:
    st = CLBlastDomatcopy(CLBlastLayoutRowMajor, CLBlastTransposeYes, m, n, 1.0, src, 0, lda, dst, 0, ldb,
                          &queue, event);
    break;
  case CLT_BENCH_C64: {
    cl_float2 one = {{1.0f, 0.0f}};
    st = CLBlastComatcopy(CLBlastLayoutRowMajor, CLBlastTransposeYes, m, n, one, src, 0, lda, dst, 0, ldb,
                          &queue, event);
    break;
  }
  case CLT_BENCH_C128: {
    cl_double2 one = {{1.0, 0.0}};
    st = CLBlastZomatcopy(CLBlastLayoutRowMajor, CLBlastTransposeYes, m, n, one, src, 0, lda, dst, 0, ldb,
                          &queue, event);
    break;
  }
  default:
    snprintf(err, err_size, "CLBlast: unsupported type");
    return -1;
  }
  if (st != CLBlastSuccess) {
    snprintf(err, err_size, "CLBlast omatcopy failed with status %d", (int)st);
    return -1;
  }
  return 0;
}

static void clblast_destroy(void *state) {
  free(state);
}

size_t clt_bench_clblast_methods(struct clt_bench_method *out) {
  const struct clt_bench_method m = {"clblast",       "clblast",      0, 0, NULL, clblast_create,
                                     clblast_enqueue, clblast_destroy};
  out[0] = m;
  return 1;
}
