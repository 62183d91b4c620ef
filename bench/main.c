/* cltranspose-bench: times cltranspose's transpose variants against the copy ceiling on one OpenCL
 * device, checks every result exactly, and prints a table (optionally JSON and CSV too). This file only
 * wires options, device, methods, runner and reports together; run `cltranspose-bench --help`. */
#define _POSIX_C_SOURCE 200809L

#include "devices.h"
#include "impl.h"
#include "options.h"
#include "report.h"
#include "runner.h"
#include "tune.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Square, odd (no dimension a multiple of any tile or vector width) and very skinny shapes, sized so
 * the large ones are far beyond any cache: the cases where transposes differ from each other. */
static const struct clt_bench_shape gpu_shapes[] = {
    {16384, 16384}, {16383, 16385}, {8191, 8193}, {64, 1048576}, {1048576, 64},
};
static const struct clt_bench_shape cpu_shapes[] = {
    {4096, 4096}, {4097, 4095}, {2048, 2048}, {64, 262144}, {262144, 64},
};

struct table_state {
  int quiet;
  const char *last_skip; /* a whole case skipped says why once, not once per variant */
};

static void on_record(const struct clt_bench_record *rec, void *user) {
  struct table_state *ts = user;
  clt_bench_table_row(stdout, rec);
  if (rec->message == NULL)
    return;
  /* Failures always reach stderr with their whole message (a build log can be long); skips are
   * expected on small devices, so --quiet silences them with the progress lines. */
  if (rec->check == CLT_BENCH_SKIP) {
    const int repeated = ts->last_skip != NULL && strcmp(ts->last_skip, rec->message) == 0;
    ts->last_skip = rec->message;
    if (ts->quiet || repeated)
      return;
  } else if (rec->check != CLT_BENCH_FAIL && rec->check != CLT_BENCH_ERROR) {
    return;
  }
  fprintf(stderr, "cltranspose-bench: %zux%zu %s %s: %s: %s\n", rec->rows, rec->cols,
          clt_bench_type_name(rec->type), rec->variant, clt_bench_check_name(rec->check), rec->message);
}

static FILE *open_output(const char *path) {
  FILE *f = fopen(path, "w");
  if (f == NULL)
    fprintf(stderr, "cltranspose-bench: cannot write %s: %s\n", path, strerror(errno));
  return f;
}

/* Writes one report and closes the file; a full disk shows up here, not as a silently short file. */
static int finish_output(FILE *f, const char *path, int (*writer)(FILE *, const struct clt_bench_run_info *),
                         const struct clt_bench_run_info *run) {
  int rc = writer(f, run);
  if (fclose(f) != 0)
    rc = -1;
  if (rc != 0)
    fprintf(stderr, "cltranspose-bench: writing %s failed\n", path);
  return rc;
}

int main(int argc, char **argv) {
  struct clt_bench_options opt;
  char err[512];
  int status = 1;
  struct clt_bench_device *devs = NULL;
  size_t n_devs = 0, dev_index = 0;
  cl_context context = NULL;
  cl_command_queue queue = NULL;
  struct clt_bench_l2reset *l2reset = NULL;
  FILE *csv = NULL, *json = NULL;
  struct clt_bench_record *records = NULL;
  size_t n_records = 0;
  struct clt_bench_tune_state *tune_state = NULL;

  if (clt_bench_parse_args(argc, argv, &opt, err, sizeof err) != 0) {
    fprintf(stderr, "cltranspose-bench: %s\nTry 'cltranspose-bench --help'.\n", err);
    return 2;
  }
  if (opt.help) {
    clt_bench_print_usage(stdout, argc > 0 ? argv[0] : NULL);
    status = 0;
    goto cleanup;
  }
  if (clt_bench_devices_enumerate(&devs, &n_devs, err, sizeof err) != 0) {
    fprintf(stderr, "cltranspose-bench: %s\n", err);
    goto cleanup;
  }
  const char *env_device = getenv("CLT_DEVICE");
  if (opt.list_devices) {
    if (clt_bench_device_select(devs, n_devs, NULL, env_device, &dev_index, err, sizeof err) != 0)
      dev_index = n_devs; /* CLT_DEVICE matches nothing: mark no default */
    clt_bench_devices_print(stdout, devs, n_devs, dev_index);
    status = 0;
    goto cleanup;
  }
  if (clt_bench_device_select(devs, n_devs, opt.device, env_device, &dev_index, err, sizeof err) != 0) {
    fprintf(stderr, "cltranspose-bench: %s\n", err);
    status = n_devs == 0 ? 1 : 2; /* a selector that matches nothing is a bad command line */
    goto cleanup;
  }
  const struct clt_bench_device *dev = &devs[dev_index];

  /* Opened before hours of measuring, so that a mistyped directory fails now. */
  if (opt.json_path != NULL && (json = open_output(opt.json_path)) == NULL)
    goto cleanup;
  if (opt.csv_path != NULL && (csv = open_output(opt.csv_path)) == NULL)
    goto cleanup;

  cl_int cerr = CL_SUCCESS;
  const cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)dev->platform, 0};
  context = clCreateContext(props, 1, &dev->id, NULL, NULL, &cerr);
  if (context == NULL) {
    fprintf(stderr, "cltranspose-bench: clCreateContext: %s\n", clt_status_string((clt_status)cerr));
    goto cleanup;
  }
  queue = clCreateCommandQueue(context, dev->id, CL_QUEUE_PROFILING_ENABLE, &cerr);
  if (queue == NULL) {
    fprintf(stderr, "cltranspose-bench: clCreateCommandQueue: %s\n", clt_status_string((clt_status)cerr));
    goto cleanup;
  }

  if (clt_bench_l2reset_create(context, dev->id, dev->vendor, &l2reset) != 0) {
    fprintf(stderr, "cltranspose-bench: out of host memory\n");
    goto cleanup;
  }

  const int default_shapes = opt.n_shapes == 0;
  const struct clt_bench_shape *shapes = opt.shapes;
  size_t n_shapes = opt.n_shapes;
  if (default_shapes) {
    const int gpu = (dev->type & CL_DEVICE_TYPE_GPU) != 0;
    shapes = gpu ? gpu_shapes : cpu_shapes;
    n_shapes = gpu ? sizeof gpu_shapes / sizeof gpu_shapes[0] : sizeof cpu_shapes / sizeof cpu_shapes[0];
  }

  /* cltranspose first (its copy is the ceiling every row is divided by); a comparison implementation
   * appends its methods after these and gets rows of its own in every output. */
  struct clt_bench_method methods[CLT_BENCH_MAX_METHODS];
  size_t n_methods = clt_bench_cltranspose_methods(opt.variants, opt.n_variants, methods);
#ifdef CLT_BENCH_HAVE_CLBLAST
  n_methods += clt_bench_clblast_methods(methods + n_methods);
#endif

  const size_t total = n_shapes * opt.n_types * n_methods;
  records = calloc(total, sizeof *records);
  if (records == NULL) {
    fprintf(stderr, "cltranspose-bench: out of host memory\n");
    goto cleanup;
  }

  struct clt_bench_run_info run;
  memset(&run, 0, sizeof run);
  run.device = dev;
  run.device_index = dev_index;
  run.argc = argc;
  run.argv = argv;
  run.reps = opt.reps;
  run.warmup = opt.warmup;
  run.l2_reset = l2reset != NULL;
  run.batch = opt.batch;
  run.src_pad = opt.src_pad;
  run.dst_pad = opt.dst_pad;
  run.default_shapes = default_shapes;
  const time_t now = time(NULL);
  struct tm utc;
  if (gmtime_r(&now, &utc) == NULL ||
      strftime(run.timestamp, sizeof run.timestamp, "%Y-%m-%dT%H:%M:%SZ", &utc) == 0)
    run.timestamp[0] = '\0';

  struct clt_bench_session session;
  memset(&session, 0, sizeof session);
  session.context = context;
  session.queue = queue;
  session.device = dev;
  session.reps = opt.reps;
  session.warmup = opt.warmup;
  session.min_pairs = opt.pairs;
  session.src_pad = opt.src_pad;
  session.dst_pad = opt.dst_pad;
  session.quiet = opt.quiet;
  session.l2reset = l2reset;
  session.progress_total = total;
  session.on_record = on_record;
  struct table_state table = {opt.quiet, NULL};
  session.user = &table;

  clt_bench_table_header(stdout, &run);
  if (opt.tune) {
    free(records);
    session.progress_total = 0;
    status = clt_bench_tune(&session, &opt, &tune_state, &records, &n_records) != 0;
    run.records = records;
    run.n_records = n_records;
    goto reports;
  }
  for (size_t s = 0; s < n_shapes; s++) {
    for (size_t t = 0; t < opt.n_types; t++) {
      clt_bench_run_case(&session, shapes[s].rows, shapes[s].cols, opt.types[t], opt.batch, methods,
                         n_methods, &records[n_records]);
      n_records += n_methods;
    }
  }

  size_t counts[4] = {0, 0, 0, 0};
  for (size_t i = 0; i < n_records; i++)
    counts[records[i].check]++;
  printf("%zu cases: %zu passed, %zu failed, %zu errors, %zu skipped\n", n_records, counts[CLT_BENCH_PASS],
         counts[CLT_BENCH_FAIL], counts[CLT_BENCH_ERROR], counts[CLT_BENCH_SKIP]);
  status = counts[CLT_BENCH_FAIL] + counts[CLT_BENCH_ERROR] > 0 ? 1 : 0;

  run.records = records;
  run.n_records = n_records;
reports:
  if (json != NULL) {
    if (finish_output(json, opt.json_path, clt_bench_write_json, &run) != 0)
      status = 1;
    json = NULL;
  }
  if (csv != NULL) {
    if (finish_output(csv, opt.csv_path, clt_bench_write_csv, &run) != 0)
      status = 1;
    csv = NULL;
  }

cleanup:
  for (size_t i = 0; i < n_records; i++)
    clt_bench_record_free(&records[i]);
  free(records);
  clt_bench_tune_free(tune_state);
  /* The library's program cache retains our context; empty it so the context really goes away. */
  clt_cache_clear();
  clt_bench_l2reset_free(l2reset);
  if (queue != NULL)
    clReleaseCommandQueue(queue);
  if (context != NULL)
    clReleaseContext(context);
  if (csv != NULL)
    fclose(csv);
  if (json != NULL)
    fclose(json);
  free(devs);
  clt_bench_options_free(&opt);
  return status;
}
