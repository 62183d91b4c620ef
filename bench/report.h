/* Output of cltranspose-bench: the human table on stdout, and the machine-readable JSON document and
 * CSV file. All three read the same records, so they can never disagree. */
#ifndef CLT_BENCH_REPORT_H
#define CLT_BENCH_REPORT_H

#include "devices.h"
#include "runner.h"

#include <stdio.h>

/* Everything about the run that is not a record. */
struct clt_bench_run_info {
  const struct clt_bench_device *device;
  size_t device_index;
  int argc;
  char **argv;
  char timestamp[32]; /* ISO 8601, UTC */
  unsigned reps, warmup;
  size_t batch;
  size_t src_pad, dst_pad; /* elements after each row of a transpose's source and destination */
  int default_shapes;      /* whether the shapes came from the device-sized default set */
  int l2_reset;            /* whether every method began with the L2 priorities reset (l2reset.h) */
  const struct clt_bench_record *records;
  size_t n_records;
};

void clt_bench_table_header(FILE *out, const struct clt_bench_run_info *run);
void clt_bench_table_row(FILE *out, const struct clt_bench_record *rec);

/* Return 0, or -1 if the stream reported a write error. */
int clt_bench_write_json(FILE *out, const struct clt_bench_run_info *run);
int clt_bench_write_csv(FILE *out, const struct clt_bench_run_info *run);

#endif /* CLT_BENCH_REPORT_H */
