/* cltranspose-bench --tune: searches kernel knobs per element type and shape class, checks every
 * candidate exactly, and saves the winners to the device's tuning file (see tune.c). */
#ifndef CLT_BENCH_TUNE_H
#define CLT_BENCH_TUNE_H

#include "runner.h"

struct clt_bench_tune_state;

/* Runs the search for opt's types (and shapes, if given) on the session's device. *records receives
 * every measured record (the caller frees each with clt_bench_record_free, then the array); they point
 * into *state, which the caller releases with clt_bench_tune_free after it is done with them. Returns
 * 0 when a winner was found and saved for every (type, class). */
int clt_bench_tune(struct clt_bench_session *s, const struct clt_bench_options *opt,
                   struct clt_bench_tune_state **state, struct clt_bench_record **records, size_t *n_records);

void clt_bench_tune_free(struct clt_bench_tune_state *state);

#endif /* CLT_BENCH_TUNE_H */
