/* The kernel knobs of cltranspose-bench --tune's candidates: the label each one is shown under, and
 * the knobs it really ran with. The library shrinks knobs that a device cannot run (clt_plan_tuning
 * tells what a plan used), so a candidate may run as another: NVIDIA's OpenCL driver reports 256
 * work-items as the limit of every kernel, and the search's 512-item groups ran as 256 there. */
#ifndef CLT_BENCH_KNOBS_H
#define CLT_BENCH_KNOBS_H

#include <stddef.h>

#include "cltranspose.h"

/* Writes t's label ("vector t64 v4 y16", "rect t64 x32 v2 y8 a128", ...) to buf, truncated to size. */
void clt_bench_knobs_label(const clt_tuning *t, char *buf, size_t size);

/* *out = asked with every knob it sets (non-zero) taken from ran, the knobs a plan made from asked
 * ran with; the knobs asked leaves to the library stay 0. Returns 1 if any knob asked for changed. */
int clt_bench_knobs_as_run(const clt_tuning *asked, const clt_tuning *ran, clt_tuning *out);

#endif /* CLT_BENCH_KNOBS_H */
