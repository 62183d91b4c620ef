/* The measuring core of cltranspose-bench: for one (shape, type) it allocates and fills the buffers,
 * then for each method times compile, warm-up and profiled runs and checks the result exactly against
 * the host. Results come back as records that the table, JSON and CSV writers all read. */
#ifndef CLT_BENCH_RUNNER_H
#define CLT_BENCH_RUNNER_H

#include "devices.h"
#include "impl.h"
#include "l2reset.h"
#include "options.h"

enum clt_bench_check {
  CLT_BENCH_PASS,  /* ran, and every element matched */
  CLT_BENCH_FAIL,  /* ran, and the result was wrong */
  CLT_BENCH_ERROR, /* a library or OpenCL call failed */
  CLT_BENCH_SKIP   /* not attempted: too large for the device, or the method does not apply */
};

/* One (shape, type, method). Times are in milliseconds; NAN where nothing was measured. */
struct clt_bench_record {
  size_t rows, cols, batch, elem_size;
  size_t src_ld, dst_ld; /* in elements; the copy's are dense (cols and rows) */
  enum clt_bench_type type;
  const char *impl; /* static strings from the method */
  const char *variant;
  int is_copy;
  struct clt_bench_method_info info;
  enum clt_bench_check check;
  char *message;     /* owned; NULL when there is nothing to say */
  double compile_ms; /* wall time of the method's create */
  double median_ms, min_ms, max_ms;
  double gbps; /* 2 * bytes / median */
  double percent_of_copy;
  double *runs_ms; /* owned; n_runs entries, in run order */
  size_t n_runs;
  size_t buffer_pairs; /* how many src/dst pairs the runs rotated through */
};

/* What stays fixed across the run. */
struct clt_bench_session {
  cl_context context;
  cl_command_queue queue; /* created with CL_QUEUE_PROFILING_ENABLE */
  const struct clt_bench_device *device;
  unsigned reps, warmup;
  size_t min_pairs; /* --pairs: rotate through at least this many buffer pairs (0: as the cache needs) */
  size_t src_pad, dst_pad; /* elements after each source and destination row of a transpose */
  int quiet;
  struct clt_bench_l2reset *l2reset;    /* NULL: no L2 priorities to reset on this device (l2reset.h) */
  size_t progress_done, progress_total; /* for the "[3/12] ..." lines */
  /* Called once per finished record (the table prints from it so long runs show results as they come). */
  void (*on_record)(const struct clt_bench_record *record, void *user);
  void *user;
};

/* Measures every method on one (rows, cols, type, batch) and fills records[0..n_methods-1], which the
 * caller releases with clt_bench_record_free. A method whose is_copy is set should come first: the
 * others' percent_of_copy is computed from it. Failures are recorded, never fatal. */
void clt_bench_run_case(struct clt_bench_session *session, size_t rows, size_t cols, enum clt_bench_type type,
                        size_t batch, const struct clt_bench_method *methods, size_t n_methods,
                        struct clt_bench_record *records);

void clt_bench_record_free(struct clt_bench_record *record);

/* "PASS", "FAIL", "ERROR", "SKIP". */
const char *clt_bench_check_name(enum clt_bench_check check);

#endif /* CLT_BENCH_RUNNER_H */
