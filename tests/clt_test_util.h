/* Shared helpers of the device tests: the OpenCL device the library's default would pick, seeded random
 * data, a CPU reference transpose for any layout, and one routine that runs a transpose with guard bands
 * around dst and checks every byte. Nothing here calls cmocka, so worker threads can use it freely; a
 * failure comes back as a message that names the seed, so the exact data can be replayed. */
#ifndef CLT_TEST_UTIL_H
#define CLT_TEST_UTIL_H

#include "cltranspose.h"

#include <stddef.h>
#include <stdint.h>

/* ctest's SKIP_RETURN_CODE for the device tests: no OpenCL device is not a failure of the library. */
#define CLT_TEST_SKIP 77

typedef struct clt_test_env {
  cl_platform_id platform;
  cl_device_id device;
  cl_context context;
  cl_command_queue queue;
  size_t base_align; /* CL_DEVICE_MEM_BASE_ADDR_ALIGN in bytes: sub-buffer origins must be multiples */
  char name[256];
} clt_test_env;

/* Picks the device as the library's default does (CLT_DEVICE substring, else first GPU, else first
 * device) and makes a context and an in-order queue on it. Returns 0, or -1 with a reason in msg. */
int clt_test_env_open(clt_test_env *env, char *msg, size_t msg_size);
void clt_test_env_close(clt_test_env *env);
/* For a test's main(): prints the device and the seed, or exits with CLT_TEST_SKIP without a device. */
void clt_test_env_open_or_skip(clt_test_env *env, const char *program);

/* The process-wide seed: env CLT_TEST_SEED (decimal or 0x hex) to replay, else from time and pid. */
uint64_t clt_test_seed(void);

typedef struct clt_test_rng {
  uint64_t state;
} clt_test_rng;

void clt_test_rng_init(clt_test_rng *rng, uint64_t seed, uint64_t stream);
uint64_t clt_test_rng_next(clt_test_rng *rng);
void clt_test_fill(clt_test_rng *rng, void *buf, size_t bytes);

/* A valid descriptor with its defaults resolved the way the header documents them, computed here
 * independently of the library so that the tests do not trust its arithmetic. */
typedef struct clt_test_layout {
  size_t rows, cols, es, batch;
  size_t src_offset, src_ld, src_stride;
  size_t dst_offset, dst_ld, dst_stride;
  size_t src_bytes; /* end of the source view in bytes: the smallest buffer that holds it */
  size_t dst_bytes;
  int copy; /* CLT_VARIANT_COPY: dst gets src's elements in order instead of transposed */
} clt_test_layout;

void clt_test_layout_resolve(const clt_desc *desc, clt_test_layout *l);

/* Writes the expected result into dst (which starts where the dst buffer starts) and nothing else. */
void clt_test_reference(const clt_test_layout *l, const unsigned char *src, unsigned char *dst);

/* Changes the dst bytes the view will overwrite wherever they already equal the value about to be
 * written, so that a skipped write can never pass unnoticed. */
void clt_test_sentinel_distinct(const clt_test_layout *l, const unsigned char *src, unsigned char *dst);

/* Compares actual against expected over n bytes, where the dst view begins at byte view_base. Returns
 * the number of differing bytes and describes the first few in msg (view element or guard/gap byte). */
size_t clt_test_compare_dst(const clt_test_layout *l, const unsigned char *expected,
                            const unsigned char *actual, size_t n, size_t view_base, char *msg,
                            size_t msg_size);

/* A descriptor of one dense rows x cols matrix of elem_size-byte elements: every other field zero. */
clt_desc clt_test_desc(size_t rows, size_t cols, size_t elem_size, clt_variant variant);

/* "rows=3 cols=5 es=4 batch=1 src(off=0 ld=5 stride=15) dst(...) variant=tiled" */
void clt_test_desc_string(const clt_desc *desc, char *buf, size_t size);

/* Formats "seed=... desc: what" into msg so that any failure can be replayed. */
void clt_test_failure(char *msg, size_t msg_size, const clt_desc *desc, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

typedef enum clt_test_via {
  CLT_TEST_VIA_PLAN,        /* clt_plan_create + clt_plan_enqueue with an event + clt_plan_destroy */
  CLT_TEST_VIA_SHARED_PLAN, /* clt_plan_enqueue on an existing plan (clt_test_case.plan) */
  CLT_TEST_VIA_TRANSPOSE,   /* clt_transpose, then clFinish */
  CLT_TEST_VIA_HOST         /* clt_transpose_host on host arrays */
} clt_test_via;

typedef struct clt_test_case {
  const clt_test_env *env;
  cl_command_queue queue; /* NULL: env->queue */
  clt_plan *plan;         /* only for CLT_TEST_VIA_SHARED_PLAN */
  clt_desc desc;
  clt_test_via via;
  uint64_t stream;           /* mixed into the data's seed: threads running one shape get different data */
  int no_event;              /* pass event = NULL and clFinish instead of waiting on the event */
  int destroy_early;         /* CLT_TEST_VIA_PLAN: destroy the plan before the enqueued work completes */
  const clt_tuning *tuning;  /* CLT_TEST_VIA_PLAN: clt_plan_create_tuned with these knobs (NULL: none) */
  const char *expect_option; /* CLT_TEST_VIA_PLAN: the plan's build options must contain it (NULL: any) */
} clt_test_case;

/* Runs one transpose on fresh random data with a random sentinel in dst and guard bands on both sides
 * of the dst buffer (a sub-buffer of a larger one), then checks every dst byte against the reference
 * and src unchanged. For plans it also checks clt_plan_info. Returns 0, or -1 with msg set. */
int clt_test_run(const clt_test_case *c, char *msg, size_t msg_size);

/* The time of a monotonic clock in seconds, for the timings the tests print. */
double clt_test_now(void);

#endif /* CLT_TEST_UTIL_H */
