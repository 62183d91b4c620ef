/* Command-line options of cltranspose-bench. Parsing is a pure function (no I/O, no globals, every
 * allocation released by clt_bench_options_free) so that a libFuzzer target can drive it directly; it
 * depends on nothing but the C library, not even OpenCL. */
#ifndef CLT_BENCH_OPTIONS_H
#define CLT_BENCH_OPTIONS_H

#include <stddef.h>
#include <stdio.h>

/* Element types; only their size matters to the library, the names are for people. */
enum clt_bench_type {
  CLT_BENCH_U8,
  CLT_BENCH_F16,
  CLT_BENCH_F32,
  CLT_BENCH_F64,
  CLT_BENCH_C64,
  CLT_BENCH_C128,
  CLT_BENCH_TYPE_COUNT
};

/* The transpose variants a user can ask for; the copy ceiling is always measured and is not listed.
 * Kept apart from clt_variant so this module needs no library header. */
enum clt_bench_variant {
  CLT_BENCH_AUTO,
  CLT_BENCH_NAIVE,
  CLT_BENCH_TILED,
  CLT_BENCH_VECTOR,
  CLT_BENCH_BLOCK,
  CLT_BENCH_RECT,
  CLT_BENCH_NARROW,
  CLT_BENCH_VARIANT_COUNT
};

struct clt_bench_shape {
  size_t rows, cols;
};

/* Upper bounds the parser enforces, so that a hostile command line cannot ask for unbounded memory. */
#define CLT_BENCH_MAX_SHAPES 4096u
#define CLT_BENCH_MAX_REPS 1000000u
#define CLT_BENCH_MAX_PAD 1048576u
#define CLT_BENCH_MAX_PAIRS 256u

struct clt_bench_options {
  int help;             /* --help: print usage, run nothing */
  int list_devices;     /* --list-devices: print the device list, run nothing */
  int quiet;            /* --quiet: no progress on stderr */
  int tune;             /* --tune: search the kernel knobs and save the winners for the device */
  const char *device;   /* --device value (index or name substring); NULL: CLT_DEVICE or default */
  const char *csv_path; /* NULL when not asked; points into argv like every string here */
  const char *json_path;
  struct clt_bench_shape *shapes; /* owned; n_shapes == 0 means "the default set for the device" */
  size_t n_shapes;
  enum clt_bench_type types[CLT_BENCH_TYPE_COUNT]; /* in the order given, without duplicates */
  size_t n_types;
  enum clt_bench_variant variants[CLT_BENCH_VARIANT_COUNT];
  size_t n_variants;
  size_t batch;    /* matrices per call, >= 1 */
  size_t src_pad;  /* --src-pad: elements after each source row (its ld is cols + src_pad) */
  size_t dst_pad;  /* --dst-pad: the same for the destination (ld rows + dst_pad) */
  unsigned reps;   /* timed runs, >= 1 */
  unsigned warmup; /* untimed runs before them */
  size_t pairs;    /* --pairs: the fewest source/destination buffer pairs the runs rotate through (0: as the
                      cache needs) */
};

/* Parses argv[1..argc-1] into *out. Returns 0 on success; otherwise a nonzero value, a one-line
 * message in err (when err_size > 0) and *out left empty. In both cases clt_bench_options_free(out)
 * is safe to call. Repeated --shape/--type/--variant accumulate; other repeated options: last wins. */
int clt_bench_parse_args(int argc, char **argv, struct clt_bench_options *out, char *err, size_t err_size);

/* Releases what clt_bench_parse_args allocated and empties *opts. Idempotent; NULL is allowed. */
void clt_bench_options_free(struct clt_bench_options *opts);

/* Writes the --help text. */
void clt_bench_print_usage(FILE *stream, const char *argv0);

/* "f32" etc., and the element size in bytes (1, 2, 4, 8, 8, 16); "?"/0 for an out-of-range value. */
const char *clt_bench_type_name(enum clt_bench_type type);
size_t clt_bench_type_size(enum clt_bench_type type);

/* "auto", "naive", "tiled", "vector", "block", "rect", "narrow"; "?" for an out-of-range value. */
const char *clt_bench_variant_name(enum clt_bench_variant variant);

#endif /* CLT_BENCH_OPTIONS_H */
