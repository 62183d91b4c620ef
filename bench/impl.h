/* The "implementation" interface of cltranspose-bench: anything that moves a batch of rows x cols
 * matrices from one cl_mem to another. cltranspose's variants and its copy ceiling are the built-in
 * methods; a comparison library (CLBlast's omatcopy, say) becomes another row per case by providing a
 * clt_bench_method array of its own and appending it in main.c. The runner knows nothing else. */
#ifndef CLT_BENCH_IMPL_H
#define CLT_BENCH_IMPL_H

#include "cltranspose.h"
#include "options.h"

/* What every method is asked to do: transpose (or, for a copy method, copy) a dense batch. */
struct clt_bench_problem {
  cl_context context;
  cl_device_id device;
  size_t rows, cols, elem_size, batch;
  size_t src_ld, dst_ld;    /* in elements, >= cols and >= rows; a copy method ignores them (dense) */
  enum clt_bench_type type; /* for libraries that are typed (CLBlast has no u8, for instance) */
};

/* What a method reports about itself once created; both strings may stay empty. */
struct clt_bench_method_info {
  char resolved[32];        /* what really runs, e.g. "tiled" when "auto" was asked */
  char build_options[1024]; /* kernel build options, truncated if longer */
};

/* Results of create. */
enum {
  CLT_BENCH_METHOD_OK = 0,
  CLT_BENCH_METHOD_NOT_APPLICABLE = 1, /* e.g. a type the library lacks: the case is skipped, not failed */
  CLT_BENCH_METHOD_ERROR = -1          /* a failed call: the case fails and the message says why */
};

struct clt_bench_method {
  const char *impl;  /* the implementation, "cltranspose" ("clblast" later) */
  const char *label; /* the table's variant column, "copy", "auto", "naive"... */
  int is_copy;       /* result must equal the source; it is the ceiling every other row is divided by */
  int param;         /* the implementation's own selector (cltranspose: a clt_variant) */
  const clt_tuning *tuning; /* cltranspose: explicit knobs (--tune candidates), NULL for the library's */
  /* Prepares *state for problem (compiling whatever it needs: its wall time is the compile time). On
   * error, writes a message to err and leaves nothing allocated. */
  int (*create)(const struct clt_bench_method *method, const struct clt_bench_problem *problem, void **state,
                struct clt_bench_method_info *info, char *err, size_t err_size);
  /* Enqueues one run of src -> dst on queue; event, if not NULL, receives an event the caller
   * releases (for profiling). Returns 0, or -1 with a message in err. */
  int (*enqueue)(void *state, cl_command_queue queue, cl_mem src, cl_mem dst, cl_event *event, char *err,
                 size_t err_size);
  void (*destroy)(void *state);
};

/* Room for every implementation's methods in one run: cltranspose's copy and variants, plus what a
 * comparison implementation adds. */
#define CLT_BENCH_MAX_METHODS 16

/* Writes cltranspose's methods (the copy ceiling first, then the requested variants in order) to out,
 * which must hold 1 + CLT_BENCH_VARIANT_COUNT entries. Returns how many it wrote. */
size_t clt_bench_cltranspose_methods(const enum clt_bench_variant *variants, size_t n_variants,
                                     struct clt_bench_method *out);

/* One cltranspose method that runs tuning's knobs (label must outlive the records made with it). */
struct clt_bench_method clt_bench_cltranspose_tuned(const char *label, const clt_tuning *tuning);

#ifdef CLT_BENCH_HAVE_CLBLAST
/* CLBlast's omatcopy as one more method (impl_clblast.c). Returns how many it wrote (1). */
size_t clt_bench_clblast_methods(struct clt_bench_method *out);
#endif

#endif /* CLT_BENCH_IMPL_H */
