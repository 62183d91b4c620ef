/* The measuring core of cltranspose-bench. Per (shape, type): one host source, several device buffer
 * pairs when the matrices are small enough to stay in a cache between runs, and for each method a
 * timed create, a poisoned destination, warm-up runs, profiled runs and an exact check of every pair
 * the runs wrote. */
#define _POSIX_C_SOURCE 200809L

#include "runner.h"

#include "check.h"
#include "options.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Rotating through pairs until this many bytes lie between two uses of the same pair pushes it out of
 * any last-level cache we know of (GPU L2s, CPU L3s, AMD's Infinity Cache) on the way back. */
#define FLUSH_BYTES (256ull << 20)
/* Library messages can carry a whole build log. */
#define ERR_SIZE 65536u

const char *clt_bench_check_name(enum clt_bench_check check) {
  switch (check) {
  case CLT_BENCH_PASS:
    return "PASS";
  case CLT_BENCH_FAIL:
    return "FAIL";
  case CLT_BENCH_ERROR:
    return "ERROR";
  case CLT_BENCH_SKIP:
    return "SKIP";
  }
  return "?";
}

void clt_bench_record_free(struct clt_bench_record *record) {
  if (record == NULL)
    return;
  free(record->message);
  free(record->runs_ms);
  record->message = NULL;
  record->runs_ms = NULL;
  record->n_runs = 0;
}

static void set_message(struct clt_bench_record *rec, const char *text) {
  const size_t len = strlen(text);
  char *copy = malloc(len + 1);
  if (copy == NULL)
    return; /* the check column still says what happened */
  memcpy(copy, text, len + 1);
  free(rec->message);
  rec->message = copy;
}

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int compare_doubles(const void *a, const void *b) {
  const double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static size_t choose_pairs(size_t pair_bytes, const struct clt_bench_device *dev, size_t runs,
                           size_t min_pairs) {
  cl_ulong target = FLUSH_BYTES;
  if (dev->global_cache > target / 4)
    target = dev->global_cache * 4;
  size_t k = pair_bytes >= target ? 1 : (size_t)((target + pair_bytes - 1) / pair_bytes) + 1;
  if (k < min_pairs)
    k = min_pairs;
  if (k > CLT_BENCH_MAX_PAIRS)
    k = CLT_BENCH_MAX_PAIRS;
  if (k > runs)
    k = runs; /* pairs no run would touch buy nothing */
  /* Leave half the device to the driver and to whatever else runs there. */
  const cl_ulong fit = dev->global_mem / 2 / pair_bytes;
  if (k > fit)
    k = fit > 0 ? (size_t)fit : 1;
  return k > 0 ? k : 1;
}

static void init_record(struct clt_bench_record *rec, const struct clt_bench_method *m,
                        const struct clt_bench_layout *l, enum clt_bench_type type) {
  memset(rec, 0, sizeof *rec);
  rec->rows = l->rows;
  rec->cols = l->cols;
  rec->batch = l->batch;
  rec->src_ld = m->is_copy ? l->cols : l->src_ld;
  rec->dst_ld = m->is_copy ? l->rows : l->dst_ld;
  rec->type = type;
  rec->elem_size = clt_bench_type_size(type);
  rec->impl = m->impl;
  rec->variant = m->label;
  rec->is_copy = m->is_copy;
  rec->check = CLT_BENCH_SKIP;
  rec->compile_ms = rec->median_ms = rec->min_ms = rec->max_ms = (double)NAN;
  rec->gbps = rec->percent_of_copy = (double)NAN;
}

/* The device buffers one (shape, type) shares among its methods. */
struct case_buffers {
  cl_mem *src, *dst;
  size_t pairs;
  struct clt_bench_layout layout; /* the transposes'; run_method clears transpose for the copy */
  size_t src_bytes, dst_bytes;    /* of one matrix batch, padding included */
  const unsigned char *host_src;
  unsigned char *scratch; /* poison on the way in, results on the way out */
};

static void fail_cl(struct clt_bench_record *rec, const char *what, cl_int code) {
  char msg[256];
  snprintf(msg, sizeof msg, "%s: %s", what, clt_status_string((clt_status)code));
  rec->check = CLT_BENCH_ERROR;
  set_message(rec, msg);
}

/* Profiled runs finished: turns their events into milliseconds and statistics. */
static int collect_times(struct clt_bench_record *rec, cl_event *events, size_t n) {
  rec->runs_ms = malloc(n * sizeof *rec->runs_ms);
  double *sorted = malloc(n * sizeof *sorted);
  int rc = -1;
  if (rec->runs_ms == NULL || sorted == NULL) {
    rec->check = CLT_BENCH_ERROR;
    set_message(rec, "out of host memory for the run times");
    goto cleanup;
  }
  for (size_t i = 0; i < n; i++) {
    cl_ulong start = 0, end = 0;
    cl_int err = clGetEventProfilingInfo(events[i], CL_PROFILING_COMMAND_START, sizeof start, &start, NULL);
    if (err == CL_SUCCESS)
      err = clGetEventProfilingInfo(events[i], CL_PROFILING_COMMAND_END, sizeof end, &end, NULL);
    if (err != CL_SUCCESS) {
      fail_cl(rec, "clGetEventProfilingInfo", err);
      goto cleanup;
    }
    rec->runs_ms[i] = end > start ? (double)(end - start) / 1e6 : 0.0;
    sorted[i] = rec->runs_ms[i];
  }
  rec->n_runs = n;
  qsort(sorted, n, sizeof *sorted, compare_doubles);
  rec->min_ms = sorted[0];
  rec->max_ms = sorted[n - 1];
  rec->median_ms = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
  if (rec->median_ms > 0)
    rec->gbps = 2.0 * (double)rec->rows * (double)rec->cols * (double)rec->elem_size * (double)rec->batch /
                (rec->median_ms * 1e6);
  rc = 0;
cleanup:
  free(sorted);
  if (rc != 0) {
    free(rec->runs_ms);
    rec->runs_ms = NULL;
  }
  return rc;
}

/* Reads back every pair the runs wrote and compares it with the host reference. */
static void check_results(struct clt_bench_session *s, struct clt_bench_record *rec,
                          const struct case_buffers *b, const struct clt_bench_layout *l, size_t used) {
  for (size_t p = 0; p < used; p++) {
    cl_int err =
        clEnqueueReadBuffer(s->queue, b->dst[p], CL_TRUE, 0, b->dst_bytes, b->scratch, 0, NULL, NULL);
    if (err != CL_SUCCESS) {
      fail_cl(rec, "clEnqueueReadBuffer (result)", err);
      return;
    }
    struct clt_bench_mismatch mm;
    if (clt_bench_compare(l, b->host_src, b->scratch, &mm) != 0) {
      char msg[400];
      if (mm.wrong_elements > 0)
        snprintf(
            msg, sizeof msg,
            "%zu of %zu elements wrong (buffer pair %zu of %zu); first at matrix %zu, row %zu, col %zu of "
            "dst",
            mm.wrong_elements, rec->rows * rec->cols * rec->batch, p, used, mm.matrix, mm.row, mm.col);
      else
        snprintf(msg, sizeof msg,
                 "%zu bytes of the destination's padding changed (buffer pair %zu of %zu); first at byte %zu",
                 mm.padding_bytes, p, used, mm.padding_offset);
      rec->check = CLT_BENCH_FAIL;
      set_message(rec, msg);
      return;
    }
  }
  rec->check = CLT_BENCH_PASS;
}

static void run_method(struct clt_bench_session *s, const struct clt_bench_method *m,
                       const struct clt_bench_problem *pb, const struct case_buffers *b,
                       struct clt_bench_record *rec) {
  void *state = NULL;
  cl_event *events = NULL;
  size_t n_events = 0;
  char *err = malloc(ERR_SIZE);
  const size_t total = (size_t)s->warmup + s->reps;
  const size_t used = b->pairs < total ? b->pairs : total;

  if (err == NULL) {
    rec->check = CLT_BENCH_ERROR;
    set_message(rec, "out of host memory");
    return;
  }
  err[0] = '\0';
  const double t0 = now_ms();
  const int rc = m->create(m, pb, &state, &rec->info, err, ERR_SIZE);
  rec->compile_ms = now_ms() - t0;
  if (rc != CLT_BENCH_METHOD_OK) {
    rec->check = rc == CLT_BENCH_METHOD_NOT_APPLICABLE ? CLT_BENCH_SKIP : CLT_BENCH_ERROR;
    set_message(rec, err);
    goto cleanup;
  }

  /* Every byte of the poison differs from the right answer, so an element no run writes is caught
   * even if an earlier method left the correct value in the same buffer. */
  struct clt_bench_layout layout = b->layout;
  layout.transpose = !m->is_copy;
  clt_bench_poison(&layout, b->host_src, b->scratch);
  for (size_t p = 0; p < used; p++) {
    const cl_int cerr =
        clEnqueueWriteBuffer(s->queue, b->dst[p], CL_TRUE, 0, b->dst_bytes, b->scratch, 0, NULL, NULL);
    if (cerr != CL_SUCCESS) {
      fail_cl(rec, "clEnqueueWriteBuffer (poison)", cerr);
      goto cleanup;
    }
  }

  /* Lines an earlier method left in L2 with the evict_last priority would serve this one's loads. */
  for (size_t p = 0; p < used; p++) {
    cl_int rerr = clt_bench_l2reset_enqueue(s->l2reset, s->queue, b->src[p], b->src_bytes);
    if (rerr == CL_SUCCESS)
      rerr = clt_bench_l2reset_enqueue(s->l2reset, s->queue, b->dst[p], b->dst_bytes);
    if (rerr != CL_SUCCESS) {
      fail_cl(rec, "resetting the L2 priorities", rerr);
      goto cleanup;
    }
  }

  events = calloc(s->reps, sizeof *events);
  if (events == NULL) {
    rec->check = CLT_BENCH_ERROR;
    set_message(rec, "out of host memory for events");
    goto cleanup;
  }
  /* All runs are enqueued back to back, as an application would; the profiling events time each
   * kernel alone, so host overhead between them does not count. */
  int failed = 0;
  for (size_t r = 0; r < total && !failed; r++) {
    const size_t p = r % b->pairs;
    cl_event *ev = r >= s->warmup ? &events[n_events] : NULL;
    if (m->enqueue(state, s->queue, b->src[p], b->dst[p], ev, err, ERR_SIZE) != 0) {
      rec->check = CLT_BENCH_ERROR;
      set_message(rec, err);
      failed = 1;
    } else if (ev != NULL) {
      n_events++;
    }
  }
  const cl_int ferr = clFinish(s->queue);
  if (failed)
    goto cleanup;
  if (ferr != CL_SUCCESS) {
    fail_cl(rec, "clFinish after the runs", ferr);
    goto cleanup;
  }
  if (collect_times(rec, events, n_events) != 0)
    goto cleanup;
  check_results(s, rec, b, &layout, used);

cleanup:
  for (size_t i = 0; i < n_events; i++)
    clReleaseEvent(events[i]);
  free(events);
  if (state != NULL)
    m->destroy(state);
  free(err);
}

static void progress(struct clt_bench_session *s, const struct clt_bench_record *rec) {
  s->progress_done++;
  if (s->quiet)
    return;
  /* "[3/12]", or "[3]" where the count is not known ahead (--tune's searches). */
  char count[48];
  if (s->progress_total)
    snprintf(count, sizeof count, "[%zu/%zu]", s->progress_done, s->progress_total);
  else
    snprintf(count, sizeof count, "[%zu]", s->progress_done);
  if (rec->batch > 1)
    fprintf(stderr, "%s %zux%zu %s batch %zu %s ...\n", count, rec->rows, rec->cols,
            clt_bench_type_name(rec->type), rec->batch, rec->variant);
  else
    fprintf(stderr, "%s %zux%zu %s %s ...\n", count, rec->rows, rec->cols, clt_bench_type_name(rec->type),
            rec->variant);
}

/* *out = a * b * c * d where that leaves room for a second such buffer in size_t; 0 where not. */
static int product_fits(size_t *out, size_t a, size_t b, size_t c, size_t d) {
  const size_t limit = SIZE_MAX / 2;
  if (a > limit / b || a * b > limit / c || a * b * c > limit / d)
    return 0;
  *out = a * b * c * d;
  return 1;
}

/* Decides whether the case can run on this device at all: sets the layout's lds and the buffer sizes,
 * or fills msg and returns 0 (the check to record for every method is then SKIP). */
static int case_fits(const struct clt_bench_session *s, struct case_buffers *b, char *msg, size_t msg_size) {
  const struct clt_bench_device *dev = s->device;
  const double mib = 1048576.0;
  struct clt_bench_layout *l = &b->layout;
  const size_t rows = l->rows, cols = l->cols, es = l->elem_size, batch = l->batch;
  if (s->src_pad > SIZE_MAX - cols || s->dst_pad > SIZE_MAX - rows) {
    snprintf(msg, msg_size, "%zux%zu with rows padded by %zu and %zu elements does not fit in size_t", rows,
             cols, s->src_pad, s->dst_pad);
    return 0;
  }
  l->src_ld = cols + s->src_pad;
  l->dst_ld = rows + s->dst_pad;
  size_t src_bytes = 0, dst_bytes = 0;
  if (!product_fits(&src_bytes, rows, l->src_ld, es, batch) ||
      !product_fits(&dst_bytes, cols, l->dst_ld, es, batch)) {
    snprintf(msg, msg_size, "%zux%zu x %zu bytes x batch %zu does not fit in size_t", rows, cols, es, batch);
    return 0;
  }
  b->src_bytes = src_bytes;
  b->dst_bytes = dst_bytes;
  const size_t largest = b->src_bytes > b->dst_bytes ? b->src_bytes : b->dst_bytes;
  if (largest > dev->max_alloc) {
    snprintf(msg, msg_size, "needs %.1f MiB buffers; the device's largest buffer is %.1f MiB",
             (double)largest / mib, (double)dev->max_alloc / mib);
    return 0;
  }
  if ((cl_ulong)b->src_bytes + b->dst_bytes > dev->global_mem) {
    snprintf(msg, msg_size, "needs %.1f MiB for source and destination; the device has %.1f MiB",
             (double)(b->src_bytes + b->dst_bytes) / mib, (double)dev->global_mem / mib);
    return 0;
  }
  return 1;
}

void clt_bench_run_case(struct clt_bench_session *s, size_t rows, size_t cols, enum clt_bench_type type,
                        size_t batch, const struct clt_bench_method *methods, size_t n_methods,
                        struct clt_bench_record *records) {
  const size_t es = clt_bench_type_size(type);
  struct case_buffers b;
  unsigned char *host_src = NULL;
  char msg[512] = "";
  enum clt_bench_check group = CLT_BENCH_PASS; /* PASS here means "set up, go ahead" */
  size_t created = 0;

  memset(&b, 0, sizeof b);
  const struct clt_bench_layout dense = {rows, cols, es, batch, cols, rows, 1};
  b.layout = dense;
  const int fits = case_fits(s, &b, msg, sizeof msg);
  for (size_t i = 0; i < n_methods; i++)
    init_record(&records[i], &methods[i], &b.layout, type);
  if (!fits) {
    group = CLT_BENCH_SKIP;
    goto measure;
  }
  host_src = malloc(b.src_bytes);
  b.scratch = malloc(b.dst_bytes);
  if (host_src == NULL || b.scratch == NULL) {
    snprintf(msg, sizeof msg, "cannot allocate %.1f + %.1f MiB of host memory",
             (double)b.src_bytes / 1048576.0, (double)b.dst_bytes / 1048576.0);
    group = CLT_BENCH_ERROR;
    goto measure;
  }
  /* A seed per case: reproducible runs, yet no two cases share data a cache could recognise. The
   * source's padding is random too: a kernel that read it would put wrong values in the result. */
  clt_bench_fill_random(host_src, b.src_bytes,
                        0x636c747270ull ^ ((unsigned long long)rows * 0x9E3779B97F4A7C15ull) ^
                            ((unsigned long long)cols << 20) ^ ((unsigned long long)es << 56) ^ batch);
  clt_bench_make_normal(host_src, b.src_bytes, type);
  b.host_src = host_src;

  b.pairs = choose_pairs(b.src_bytes + b.dst_bytes, s->device, (size_t)s->warmup + s->reps, s->min_pairs);
  b.src = calloc(b.pairs, sizeof *b.src);
  b.dst = calloc(b.pairs, sizeof *b.dst);
  if (b.src == NULL || b.dst == NULL) {
    snprintf(msg, sizeof msg, "out of host memory");
    group = CLT_BENCH_ERROR;
    goto measure;
  }
  for (; created < b.pairs; created++) {
    cl_int e1 = CL_SUCCESS, e2 = CL_SUCCESS;
    b.src[created] = clCreateBuffer(s->context, CL_MEM_READ_WRITE, b.src_bytes, NULL, &e1);
    b.dst[created] = clCreateBuffer(s->context, CL_MEM_READ_WRITE, b.dst_bytes, NULL, &e2);
    if (e1 == CL_SUCCESS && e2 == CL_SUCCESS) {
      cl_int e3 =
          clEnqueueWriteBuffer(s->queue, b.src[created], CL_TRUE, 0, b.src_bytes, host_src, 0, NULL, NULL);
      if (e3 == CL_SUCCESS)
        continue;
      e1 = e3;
    }
    if (b.src[created] != NULL)
      clReleaseMemObject(b.src[created]);
    if (b.dst[created] != NULL)
      clReleaseMemObject(b.dst[created]);
    b.src[created] = b.dst[created] = NULL;
    if (created > 0)
      break; /* fewer pairs only weakens the cache flushing; still worth measuring */
    snprintf(msg, sizeof msg, "allocating and filling %.1f + %.1f MiB buffers: %s",
             (double)b.src_bytes / 1048576.0, (double)b.dst_bytes / 1048576.0,
             clt_status_string((clt_status)(e1 != CL_SUCCESS ? e1 : e2)));
    group = CLT_BENCH_ERROR;
    goto measure;
  }
  b.pairs = created;

measure:;
  const struct clt_bench_problem pb = {s->context,      s->device->id,   rows, cols, es, batch,
                                       b.layout.src_ld, b.layout.dst_ld, type};
  double copy_median = (double)NAN;
  for (size_t i = 0; i < n_methods; i++) {
    struct clt_bench_record *rec = &records[i];
    progress(s, rec);
    if (group != CLT_BENCH_PASS) {
      rec->check = group;
      set_message(rec, msg);
    } else {
      run_method(s, &methods[i], &pb, &b, rec);
      rec->buffer_pairs = b.pairs;
    }
    if (rec->is_copy && rec->check == CLT_BENCH_PASS)
      copy_median = rec->median_ms;
    if (rec->median_ms > 0 && isfinite(copy_median))
      rec->percent_of_copy = 100.0 * copy_median / rec->median_ms;
    if (s->on_record != NULL)
      s->on_record(rec, s->user);
  }

  for (size_t p = created; p-- > 0;) {
    clReleaseMemObject(b.dst[p]);
    clReleaseMemObject(b.src[p]);
  }
  free(b.dst);
  free(b.src);
  free(b.scratch);
  free(host_src);
}
