/* L2 priorities between the bench's methods. On NVIDIA GPUs of compute capability 8.0 and later the
 * library's kernels load their source with an L2 evict_last policy (cl/common.cl's L2LAST); lines so
 * marked outlive later kernels whose loads have the normal priority, and a method timed after them on
 * the same buffers would find part of its source in L2. Before each method the bench puts every line
 * of the case's buffers back to the normal priority, so that every method starts from the same L2. */
#ifndef CLT_BENCH_L2RESET_H
#define CLT_BENCH_L2RESET_H

#include "cltranspose.h"

#include <stddef.h>

struct clt_bench_l2reset;

/* Builds the reset kernel for device (PTX's applypriority, NVIDIA only). *out is NULL where the device
 * needs none or cannot build it (other vendors, compute capability before 8.0, which the library gives
 * no policy either); that is not an error. Returns 0, or -1 where the build could not even be tried
 * for want of host memory. Free *out with clt_bench_l2reset_free. */
int clt_bench_l2reset_create(cl_context context, cl_device_id device, const char *vendor,
                             struct clt_bench_l2reset **out);

/* Enqueues the reset of buf's first bytes (128-byte lines) on queue. A NULL reset does nothing and
 * returns CL_SUCCESS. */
cl_int clt_bench_l2reset_enqueue(struct clt_bench_l2reset *reset, cl_command_queue queue, cl_mem buf,
                                 size_t bytes);

/* Releases the kernel and program; NULL is allowed. */
void clt_bench_l2reset_free(struct clt_bench_l2reset *reset);

#endif /* CLT_BENCH_L2RESET_H */
