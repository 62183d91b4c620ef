/* cltranspose as a cltranspose-bench implementation: one clt_plan per (case, variant), including the
 * copy ceiling, which the library provides as CLT_VARIANT_COPY so that it runs with the same launch
 * machinery and the same buffers as the transposes it is compared with. */
#include "impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Formats a failed library call the way every report shows it: status name, then the library's detail
 * (which holds the whole build log after CLT_BUILD_FAILED). The detail is copied before any other
 * library call, because the header only promises it until this thread's next call into the library. */
static void library_error(char *err, size_t err_size, const char *call, clt_status status) {
  const char *detail = clt_last_error();
  const size_t len = strlen(detail);
  char *copy = malloc(len + 1);
  if (copy != NULL)
    memcpy(copy, detail, len + 1);
  const char *name = clt_status_string(status);
  snprintf(err, err_size, "%s: %s%s%s", call, name, len > 0 ? ": " : "",
           copy != NULL ? copy : "(detail lost: out of memory)");
  free(copy);
}

static clt_variant to_clt_variant(int param) {
  return (clt_variant)param;
}

static int cltranspose_create(const struct clt_bench_method *method, const struct clt_bench_problem *problem,
                              void **state, struct clt_bench_method_info *info, char *err, size_t err_size) {
  clt_plan *plan = NULL;
  clt_desc desc;
  memset(&desc, 0, sizeof desc); /* zero = dense default ld and stride, which the copy requires */
  desc.rows = problem->rows;
  desc.cols = problem->cols;
  desc.elem_size = problem->elem_size;
  desc.batch = problem->batch;
  desc.variant = to_clt_variant(method->param);
  if (!method->is_copy) { /* strides stay 0: each matrix then takes rows (cols) rows of ld elements */
    desc.src_ld = problem->src_ld;
    desc.dst_ld = problem->dst_ld;
  }

  *state = NULL;
  clt_status st = clt_plan_create_tuned(&plan, problem->context, problem->device, &desc, method->tuning);
  if (st != CLT_SUCCESS) {
    library_error(err, err_size, "clt_plan_create", st);
    return CLT_BENCH_METHOD_ERROR;
  }
  clt_variant resolved = desc.variant;
  const char *options = NULL;
  st = clt_plan_info(plan, &resolved, &options);
  if (st != CLT_SUCCESS) {
    library_error(err, err_size, "clt_plan_info", st);
    clt_plan_destroy(plan);
    return CLT_BENCH_METHOD_ERROR;
  }
  const char *name = clt_variant_name(resolved);
  snprintf(info->resolved, sizeof info->resolved, "%s", name != NULL ? name : "unknown");
  snprintf(info->build_options, sizeof info->build_options, "%s", options != NULL ? options : "");
  *state = plan;
  return CLT_BENCH_METHOD_OK;
}

static int cltranspose_enqueue(void *state, cl_command_queue queue, cl_mem src, cl_mem dst, cl_event *event,
                               char *err, size_t err_size) {
  const clt_status st = clt_plan_enqueue((clt_plan *)state, queue, src, dst, 0, NULL, event);
  if (st != CLT_SUCCESS) {
    library_error(err, err_size, "clt_plan_enqueue", st);
    return -1;
  }
  return 0;
}

static void cltranspose_destroy(void *state) {
  clt_plan_destroy((clt_plan *)state);
}

static const clt_variant variant_map[CLT_BENCH_VARIANT_COUNT] = {
    [CLT_BENCH_AUTO] = CLT_VARIANT_AUTO,     [CLT_BENCH_NAIVE] = CLT_VARIANT_NAIVE,
    [CLT_BENCH_TILED] = CLT_VARIANT_TILED,   [CLT_BENCH_VECTOR] = CLT_VARIANT_VECTOR,
    [CLT_BENCH_BLOCK] = CLT_VARIANT_BLOCK,   [CLT_BENCH_RECT] = CLT_VARIANT_RECT,
    [CLT_BENCH_NARROW] = CLT_VARIANT_NARROW,
};

_Static_assert(1 + CLT_BENCH_VARIANT_COUNT <= CLT_BENCH_MAX_METHODS, "the copy and every variant must fit");

size_t clt_bench_cltranspose_methods(const enum clt_bench_variant *variants, size_t n_variants,
                                     struct clt_bench_method *out) {
  size_t n = 0;
  const struct clt_bench_method base = {
      "cltranspose",      "copy", 1, (int)CLT_VARIANT_COPY, NULL, cltranspose_create, cltranspose_enqueue,
      cltranspose_destroy};
  out[n++] = base;
  for (size_t i = 0; i < n_variants && i < CLT_BENCH_VARIANT_COUNT; i++) {
    out[n] = base;
    out[n].label = clt_bench_variant_name(variants[i]);
    out[n].is_copy = 0;
    out[n].param = (int)variant_map[variants[i]];
    n++;
  }
  return n;
}

struct clt_bench_method clt_bench_cltranspose_tuned(const char *label, const clt_tuning *tuning) {
  const struct clt_bench_method m = {
      "cltranspose",      label, 0, (int)tuning->variant, tuning, cltranspose_create, cltranspose_enqueue,
      cltranspose_destroy};
  return m;
}
