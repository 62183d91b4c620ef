/* Command-line parsing for cltranspose-bench: strict (every malformed value is an error, never a silent
 * default), pure (no I/O, no globals) and bounded, because a libFuzzer target calls
 * clt_bench_parse_args directly. The usage text lives here too so it stays next to what it describes. */
#include "options.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const struct {
  const char *name;
  size_t size;
} type_table[CLT_BENCH_TYPE_COUNT] = {
    {"u8", 1}, {"f16", 2}, {"f32", 4}, {"f64", 8}, {"c64", 8}, {"c128", 16},
};

static const char *const variant_table[CLT_BENCH_VARIANT_COUNT] = {"auto",  "naive", "tiled", "vector",
                                                                   "block", "rect",  "narrow"};

const char *clt_bench_type_name(enum clt_bench_type type) {
  return (unsigned)type < CLT_BENCH_TYPE_COUNT ? type_table[type].name : "?";
}

size_t clt_bench_type_size(enum clt_bench_type type) {
  return (unsigned)type < CLT_BENCH_TYPE_COUNT ? type_table[type].size : 0;
}

const char *clt_bench_variant_name(enum clt_bench_variant variant) {
  return (unsigned)variant < CLT_BENCH_VARIANT_COUNT ? variant_table[variant] : "?";
}

/* A fixed message plus one quoted, length-limited piece of user text with control characters masked,
 * so that whatever a fuzzer or a user passes, the message stays one printable line. */
static void set_error(char *err, size_t err_size, const char *what, const char *text, size_t text_len) {
  size_t used = 0;
  if (err == NULL || err_size == 0)
    return;
  for (const char *p = what; *p != '\0' && used + 1 < err_size; p++)
    err[used++] = *p;
  if (text != NULL) {
    const size_t shown = text_len > 60 ? 60 : text_len;
    const char *open = " '";
    for (const char *p = open; *p != '\0' && used + 1 < err_size; p++)
      err[used++] = *p;
    for (size_t i = 0; i < shown && used + 1 < err_size; i++) {
      const unsigned char c = (unsigned char)text[i];
      err[used++] = (c < 0x20 || c == 0x7f) ? '?' : (char)c; /* the message goes to a terminal */
    }
    const char *close = text_len > shown ? "...'" : "'";
    for (const char *p = close; *p != '\0' && used + 1 < err_size; p++)
      err[used++] = *p;
  }
  err[used] = '\0';
}

/* Decimal digits only: no sign, no spaces, no hex, so "1e3" or " 5" are errors rather than surprises. */
static int parse_size(const char *s, size_t len, size_t *out) {
  size_t v = 0;
  if (len == 0)
    return -1;
  for (size_t i = 0; i < len; i++) {
    if (s[i] < '0' || s[i] > '9')
      return -1;
    const size_t d = (size_t)(s[i] - '0');
    if (v > (SIZE_MAX - d) / 10)
      return -1;
    v = v * 10 + d;
  }
  *out = v;
  return 0;
}

static int equals_ci(const char *s, size_t len, const char *lit) {
  size_t i = 0;
  for (; i < len && lit[i] != '\0'; i++) {
    char c = s[i];
    if (c >= 'A' && c <= 'Z')
      c = (char)(c - 'A' + 'a');
    if (c != lit[i])
      return 0;
  }
  return i == len && lit[i] == '\0';
}

static int add_shape(struct clt_bench_options *o, size_t rows, size_t cols, char *err, size_t err_size) {
  for (size_t i = 0; i < o->n_shapes; i++)
    if (o->shapes[i].rows == rows && o->shapes[i].cols == cols)
      return 0;
  if (o->n_shapes >= CLT_BENCH_MAX_SHAPES) {
    set_error(err, err_size, "too many shapes (the limit is 4096)", NULL, 0);
    return -1;
  }
  /* Grows by doubling from the current count, so capacity is implied and need not be stored. */
  const size_t n = o->n_shapes;
  if (n == 0 || (n & (n - 1)) == 0) {
    const size_t cap = n == 0 ? 4 : n * 2;
    struct clt_bench_shape *grown = realloc(o->shapes, cap * sizeof *grown);
    if (grown == NULL) {
      set_error(err, err_size, "out of memory", NULL, 0);
      return -1;
    }
    o->shapes = grown;
  }
  o->shapes[n].rows = rows;
  o->shapes[n].cols = cols;
  o->n_shapes = n + 1;
  return 0;
}

/* One "MxN" item: rows x cols, both >= 1, and rows*cols must fit size_t (bytes are checked later,
 * against the device, because they depend on type and batch). */
static int parse_shape_item(struct clt_bench_options *o, const char *s, size_t len, char *err,
                            size_t err_size) {
  size_t x = 0;
  size_t rows = 0, cols = 0;
  while (x < len && s[x] != 'x' && s[x] != 'X')
    x++;
  if (x == len || parse_size(s, x, &rows) != 0 || parse_size(s + x + 1, len - x - 1, &cols) != 0) {
    set_error(err, err_size, "--shape: expected ROWSxCOLS with decimal numbers, got", s, len);
    return -1;
  }
  if (rows == 0 || cols == 0) {
    set_error(err, err_size, "--shape: rows and cols must be at least 1, got", s, len);
    return -1;
  }
  if (rows > SIZE_MAX / cols) {
    set_error(err, err_size, "--shape: rows*cols overflows, got", s, len);
    return -1;
  }
  return add_shape(o, rows, cols, err, err_size);
}

static int parse_type_item(struct clt_bench_options *o, const char *s, size_t len, char *err,
                           size_t err_size) {
  int found = 0;
  for (unsigned t = 0; t < CLT_BENCH_TYPE_COUNT; t++) {
    if (!equals_ci(s, len, type_table[t].name) && !equals_ci(s, len, "all"))
      continue;
    found = 1;
    size_t k = 0;
    while (k < o->n_types && o->types[k] != (enum clt_bench_type)t)
      k++;
    if (k == o->n_types)
      o->types[o->n_types++] = (enum clt_bench_type)t;
  }
  if (!found) {
    set_error(err, err_size, "--type: expected u8, f16, f32, f64, c64, c128 or all, got", s, len);
    return -1;
  }
  return 0;
}

static int parse_variant_item(struct clt_bench_options *o, const char *s, size_t len, char *err,
                              size_t err_size) {
  int found = 0;
  for (unsigned v = 0; v < CLT_BENCH_VARIANT_COUNT; v++) {
    if (!equals_ci(s, len, variant_table[v]) && !equals_ci(s, len, "all"))
      continue;
    found = 1;
    size_t k = 0;
    while (k < o->n_variants && o->variants[k] != (enum clt_bench_variant)v)
      k++;
    if (k == o->n_variants)
      o->variants[o->n_variants++] = (enum clt_bench_variant)v;
  }
  if (!found) {
    set_error(err, err_size,
              "--variant: expected all, auto, naive, tiled, vector, block, rect or narrow, got", s, len);
    return -1;
  }
  return 0;
}

typedef int (*item_parser)(struct clt_bench_options *o, const char *s, size_t len, char *err,
                           size_t err_size);

/* Splits a comma list; an empty item ("a,,b", a trailing comma) is an error, not something to skip. */
static int parse_list(struct clt_bench_options *o, const char *opt, const char *value, item_parser parse_item,
                      char *err, size_t err_size) {
  const char *p = value;
  for (;;) {
    const char *comma = strchr(p, ',');
    const size_t len = comma != NULL ? (size_t)(comma - p) : strlen(p);
    if (len == 0) {
      set_error(err, err_size, "empty item in the list given to", opt, strlen(opt));
      return -1;
    }
    if (parse_item(o, p, len, err, err_size) != 0)
      return -1;
    if (comma == NULL)
      return 0;
    p = comma + 1;
  }
}

static int parse_count(const char *opt, const char *value, size_t min, size_t max, size_t *out, char *err,
                       size_t err_size) {
  size_t v = 0;
  if (parse_size(value, strlen(value), &v) != 0 || v < min || v > max) {
    char what[96];
    if (max == SIZE_MAX)
      snprintf(what, sizeof what, "%s: expected a whole number >= %zu, got", opt, min);
    else
      snprintf(what, sizeof what, "%s: expected a whole number from %zu to %zu, got", opt, min, max);
    set_error(err, err_size, what, value, strlen(value));
    return -1;
  }
  *out = v;
  return 0;
}

void clt_bench_options_free(struct clt_bench_options *opts) {
  if (opts == NULL)
    return;
  free(opts->shapes);
  memset(opts, 0, sizeof *opts);
}

enum option_id {
  OPT_HELP,
  OPT_LIST,
  OPT_QUIET,
  OPT_DEVICE,
  OPT_SHAPE,
  OPT_TYPE,
  OPT_VARIANT,
  OPT_BATCH,
  OPT_REPS,
  OPT_WARMUP,
  OPT_CSV,
  OPT_JSON,
  OPT_TUNE,
  OPT_SRC_PAD,
  OPT_DST_PAD,
  OPT_PAIRS
};

static const struct {
  const char *name;
  enum option_id id;
  int takes_value;
} option_table[] = {
    {"--help", OPT_HELP, 0},       {"-h", OPT_HELP, 0},           {"--list-devices", OPT_LIST, 0},
    {"--quiet", OPT_QUIET, 0},     {"-q", OPT_QUIET, 0},          {"--device", OPT_DEVICE, 1},
    {"--shape", OPT_SHAPE, 1},     {"--type", OPT_TYPE, 1},       {"--variant", OPT_VARIANT, 1},
    {"--batch", OPT_BATCH, 1},     {"--reps", OPT_REPS, 1},       {"--warmup", OPT_WARMUP, 1},
    {"--csv", OPT_CSV, 1},         {"--json", OPT_JSON, 1},       {"--tune", OPT_TUNE, 0},
    {"--src-pad", OPT_SRC_PAD, 1}, {"--dst-pad", OPT_DST_PAD, 1}, {"--pairs", OPT_PAIRS, 1},
};

static int apply_option(struct clt_bench_options *o, enum option_id id, const char *name, const char *value,
                        char *err, size_t err_size) {
  size_t n = 0;
  switch (id) {
  case OPT_HELP:
    o->help = 1;
    return 0;
  case OPT_LIST:
    o->list_devices = 1;
    return 0;
  case OPT_QUIET:
    o->quiet = 1;
    return 0;
  case OPT_TUNE:
    o->tune = 1;
    return 0;
  case OPT_DEVICE:
    o->device = value;
    return 0;
  case OPT_CSV:
    o->csv_path = value;
    return 0;
  case OPT_JSON:
    o->json_path = value;
    return 0;
  case OPT_SHAPE:
    return parse_list(o, name, value, parse_shape_item, err, err_size);
  case OPT_TYPE:
    return parse_list(o, name, value, parse_type_item, err, err_size);
  case OPT_VARIANT:
    return parse_list(o, name, value, parse_variant_item, err, err_size);
  case OPT_BATCH:
    if (parse_count(name, value, 1, SIZE_MAX, &n, err, err_size) != 0)
      return -1;
    o->batch = n;
    return 0;
  case OPT_REPS:
    if (parse_count(name, value, 1, CLT_BENCH_MAX_REPS, &n, err, err_size) != 0)
      return -1;
    o->reps = (unsigned)n;
    return 0;
  case OPT_WARMUP:
    if (parse_count(name, value, 0, CLT_BENCH_MAX_REPS, &n, err, err_size) != 0)
      return -1;
    o->warmup = (unsigned)n;
    return 0;
  case OPT_PAIRS:
    if (parse_count(name, value, 1, CLT_BENCH_MAX_PAIRS, &n, err, err_size) != 0)
      return -1;
    o->pairs = n;
    return 0;
  case OPT_SRC_PAD:
  case OPT_DST_PAD:
    if (parse_count(name, value, 0, CLT_BENCH_MAX_PAD, &n, err, err_size) != 0)
      return -1;
    *(id == OPT_SRC_PAD ? &o->src_pad : &o->dst_pad) = n;
    return 0;
  }
  set_error(err, err_size, "internal error: unhandled option", name, strlen(name));
  return -1;
}

static int parse_all(int argc, char **argv, struct clt_bench_options *o, char *err, size_t err_size) {
  if (argc > 0 && argv == NULL) {
    set_error(err, err_size, "no argument vector", NULL, 0);
    return -1;
  }
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    if (arg == NULL) {
      set_error(err, err_size, "null argument", NULL, 0);
      return -1;
    }
    /* "--name=value" and "--name value" are both accepted; only the part before '=' names the option. */
    const char *eq = strncmp(arg, "--", 2) == 0 ? strchr(arg, '=') : NULL;
    const size_t name_len = eq != NULL ? (size_t)(eq - arg) : strlen(arg);
    size_t k = 0;
    const size_t n_options = sizeof option_table / sizeof option_table[0];
    while (k < n_options &&
           !(strlen(option_table[k].name) == name_len && strncmp(option_table[k].name, arg, name_len) == 0))
      k++;
    if (k == n_options) {
      set_error(err, err_size,
                arg[0] == '-' ? "unknown option" : "unexpected argument (options start with --)", arg,
                name_len);
      return -1;
    }
    const char *name = option_table[k].name;
    const char *value = NULL;
    if (!option_table[k].takes_value) {
      if (eq != NULL) {
        set_error(err, err_size, "this option takes no value:", arg, strlen(arg));
        return -1;
      }
    } else if (eq != NULL) {
      value = eq + 1;
    } else {
      /* A following option is almost always a forgotten value ("--json --quiet"), not a file name. */
      if (i + 1 >= argc || argv[i + 1] == NULL || strncmp(argv[i + 1], "--", 2) == 0) {
        set_error(err, err_size, "this option needs a value:", name, strlen(name));
        return -1;
      }
      value = argv[++i];
    }
    if (value != NULL && value[0] == '\0') {
      set_error(err, err_size, "empty value for option", name, strlen(name));
      return -1;
    }
    if (apply_option(o, option_table[k].id, name, value, err, err_size) != 0)
      return -1;
  }
  return 0;
}

int clt_bench_parse_args(int argc, char **argv, struct clt_bench_options *out, char *err, size_t err_size) {
  if (out == NULL) {
    set_error(err, err_size, "no output structure", NULL, 0);
    return 2;
  }
  memset(out, 0, sizeof *out);
  out->batch = 1;
  out->reps = 20;
  out->warmup = 3;
  if (err != NULL && err_size > 0)
    err[0] = '\0';
  if (parse_all(argc, argv, out, err, err_size) != 0) {
    clt_bench_options_free(out);
    return 2;
  }
  if (out->tune && (out->src_pad > 0 || out->dst_pad > 0)) {
    /* The tuning file's classes are of dense matrices; a padded search would save misleading winners. */
    set_error(err, err_size, "--tune measures dense matrices: it takes no --src-pad or --dst-pad", NULL, 0);
    clt_bench_options_free(out);
    return 2;
  }
  if (out->n_types == 0)
    out->types[out->n_types++] = CLT_BENCH_F32;
  if (out->n_variants == 0)
    for (unsigned v = 0; v < CLT_BENCH_VARIANT_COUNT; v++)
      out->variants[out->n_variants++] = (enum clt_bench_variant)v;
  return 0;
}

void clt_bench_print_usage(FILE *stream, const char *argv0) {
  fprintf(stream,
          "Usage: %s [options]\n"
          "Times cltranspose's transpose variants against a plain copy of the same bytes on one OpenCL\n"
          "device, checks every result exactly against a host transpose, and prints a table.\n"
          "\n"
          "Options (\"--opt value\" or \"--opt=value\"):\n"
          "  --list-devices           list the OpenCL devices with their indices and exit\n"
          "  --device N|SUBSTRING     device by index in --list-devices, or the first whose name contains\n"
          "                           SUBSTRING (default: $CLT_DEVICE as a substring, else the first GPU,\n"
          "                           else the first device)\n"
          "  --shape RxC[,RxC...]     matrix shapes, rows x cols (default: a set sized for the device type)\n"
          "  --type T[,T...]          u8 f16 f32 f64 c64 c128 (1 2 4 8 8 16 bytes) or all (default f32)\n"
          "  --variant V[,V...]       all auto naive tiled vector block rect narrow (default all)\n"
          "  --batch B                matrices per call (default 1)\n"
          "  --reps N                 timed runs per case, from 1 to 1000000 (default 20)\n"
          "  --warmup N               untimed runs before them, from 0 to 1000000 (default 3)\n"
          "  --src-pad N              elements after each source row (0 to 1048576, default 0): its leading\n"
          "                           dimension becomes cols + N; the copy ceiling stays dense\n"
          "  --dst-pad N              elements after each destination row: leading dimension rows + N; the\n"
          "                           check also requires the padding to come back unchanged\n"
          "  --pairs N                rotate the runs through at least N source/destination buffer\n"
          "                           pairs, 1 to 256 (default: enough pairs that 4x the device's\n"
          "                           cache, at least 256 MiB, lies between two uses of one pair;\n"
          "                           at most the runs and half the device's memory)\n"
          "  --csv FILE               also write one CSV row per case\n"
          "  --json FILE              also write one JSON document with every timing\n"
          "  --tune                   search the kernel knobs of the --variant families (vector, tiled,\n"
          "                           block, rect, narrow) for each --type and shape class (aligned, odd,\n"
          "                           tall, batched, wide; or the classes of the --shape list), check\n"
          "                           every candidate exactly, and save the winners to the device's\n"
          "                           tuning file, which CLT_VARIANT_AUTO reads (see CLT_CACHE_DIR);\n"
          "                           AUTO as it stands is timed too, and a search of every family\n"
          "                           saves a class's winner only where it is not AUTO's own kernel\n"
          "                           and leads AUTO by more than 1 point of the copy; it first times\n"
          "                           each family with its own knobs and leaves out the grids of those\n"
          "                           under half of the best family's figure\n"
          "  --quiet, -q              no progress messages on stderr\n"
          "  --help, -h               show this text\n"
          "\n"
          "--shape, --type and --variant accumulate when repeated. Times come from OpenCL profiling\n"
          "events; GB/s counts bytes read plus bytes written. Exit status: 0 all checks passed,\n"
          "1 a check or a call failed, 2 bad command line.\n",
          argv0 != NULL ? argv0 : "cltranspose-bench");
}
