/* libFuzzer target over cltranspose-bench's command-line parser (bench/options.c). The input is split
 * on NUL bytes into argv[1..] (argv[0] is the program name), parsed twice (with a roomy error buffer,
 * then with a tiny or absent one), and every promise of bench/options.h is checked; a broken one aborts.
 * ASan/UBSan catch what the parser might do to memory on the way. */
#include "options.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ARGS 256

static const char *g_buf; /* the argument bytes, for "points into argv" checks */
static size_t g_len;

static void fail(const char *what, const char *err) {
  fprintf(stderr, "fuzz_bench_args: %s (err: \"%s\")\n", what, err ? err : "");
  abort();
}

static int all_zero(const void *p, size_t n) {
  const unsigned char *b = p;
  for (size_t i = 0; i < n; i++)
    if (b[i])
      return 0;
  return 1;
}

/* NULL, or a non-empty string inside the argument bytes. */
static void check_string(const char *s, const char *what) {
  if (!s)
    return;
  if (s < g_buf || s >= g_buf + g_len)
    fail(what, "does not point into argv");
  if (s[0] == '\0')
    fail(what, "is empty");
}

static void check_success(const struct clt_bench_options *o, const char *err) {
  if (err[0] != '\0')
    fail("success left an error message", err);
  if ((o->help | o->list_devices | o->quiet | o->tune) & ~1)
    fail("a flag is neither 0 nor 1", err);
  if (o->batch < 1 || o->reps < 1 || o->reps > CLT_BENCH_MAX_REPS || o->warmup > CLT_BENCH_MAX_REPS)
    fail("batch, reps or warmup out of its documented range", err);
  if (o->src_pad > CLT_BENCH_MAX_PAD || o->dst_pad > CLT_BENCH_MAX_PAD)
    fail("a row padding out of its documented range", err);
  if (o->pairs > CLT_BENCH_MAX_PAIRS)
    fail("--pairs out of its documented range", err);
  if (o->tune && (o->src_pad | o->dst_pad))
    fail("--tune accepted padded rows", err);
  if (o->n_shapes > CLT_BENCH_MAX_SHAPES || (o->n_shapes > 0) != (o->shapes != NULL))
    fail("shape list inconsistent", err);
  for (size_t i = 0; i < o->n_shapes; i++) {
    const struct clt_bench_shape *s = &o->shapes[i];
    if (s->rows == 0 || s->cols == 0 || s->rows > SIZE_MAX / s->cols)
      fail("a shape is empty or its rows*cols overflows", err);
    for (size_t j = 0; j < i; j++)
      if (o->shapes[j].rows == s->rows && o->shapes[j].cols == s->cols)
        fail("a shape is listed twice", err);
  }
  if (o->n_types < 1 || o->n_types > CLT_BENCH_TYPE_COUNT)
    fail("type count out of range", err);
  for (size_t i = 0; i < o->n_types; i++) {
    if ((unsigned)o->types[i] >= CLT_BENCH_TYPE_COUNT || clt_bench_type_size(o->types[i]) == 0)
      fail("a type is out of range", err);
    for (size_t j = 0; j < i; j++)
      if (o->types[j] == o->types[i])
        fail("a type is listed twice", err);
  }
  if (o->n_variants < 1 || o->n_variants > CLT_BENCH_VARIANT_COUNT)
    fail("variant count out of range", err);
  for (size_t i = 0; i < o->n_variants; i++) {
    if ((unsigned)o->variants[i] >= CLT_BENCH_VARIANT_COUNT ||
        strcmp(clt_bench_variant_name(o->variants[i]), "?") == 0)
      fail("a variant is out of range", err);
    for (size_t j = 0; j < i; j++)
      if (o->variants[j] == o->variants[i])
        fail("a variant is listed twice", err);
  }
  check_string(o->device, "--device value");
  check_string(o->csv_path, "--csv value");
  check_string(o->json_path, "--json value");
}

/* A one-line, printable, NUL-terminated message that fits err_size. */
static void check_message(const char *err, size_t err_size) {
  const char *end = memchr(err, '\0', err_size);
  if (!end)
    fail("the message is not NUL-terminated inside err_size", NULL);
  if (err_size > 1 && end == err)
    fail("a failure left no message", NULL);
  for (const char *p = err; p < end; p++)
    if ((unsigned char)*p < 0x20 || *p == 0x7f)
      fail("the message has a control character", err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  /* A private copy with a final NUL, so each piece is a C string and none points into libFuzzer's data. */
  char *buf = malloc(size + 1);
  if (!buf)
    return 0;
  memcpy(buf, data, size);
  buf[size] = '\0';
  g_buf = buf;
  g_len = size + 1;
  char *argv[MAX_ARGS + 2];
  int argc = 0;
  argv[argc++] = (char *)"cltranspose-bench";
  for (size_t i = 0; size > 0 && i <= size && argc <= MAX_ARGS;) { /* empty input: no arguments */
    argv[argc++] = buf + i;
    i += strlen(buf + i) + 1;
  }
  argv[argc] = NULL;

  struct clt_bench_options o;
  char err[512];
  memset(&o, 0xA5, sizeof o); /* the parser must not rely on a zeroed output */
  memset(err, 0x5A, sizeof err);
  const size_t err_size = 256;
  int rc = clt_bench_parse_args(argc, argv, &o, err, err_size);
  for (size_t i = err_size; i < sizeof err; i++)
    if ((unsigned char)err[i] != 0x5A)
      fail("the message was written past err_size", NULL);
  if (rc == 0) {
    check_success(&o, err);
  } else {
    check_message(err, err_size);
    if (!all_zero(&o, sizeof o))
      fail("a failure did not leave the options empty", err);
  }
  clt_bench_options_free(&o);
  if (!all_zero(&o, sizeof o))
    fail("clt_bench_options_free did not empty the options", err);
  clt_bench_options_free(&o); /* idempotent */
  clt_bench_options_free(NULL);

  /* Again with a tiny or absent message buffer: same verdict, no write past it. */
  char small[16];
  size_t small_size = size % 9; /* 0 .. 8 */
  memset(small, 0x5A, sizeof small);
  struct clt_bench_options o2;
  int rc2 = clt_bench_parse_args(argc, argv, &o2, small_size ? small : NULL, small_size);
  if ((rc == 0) != (rc2 == 0))
    fail("the verdict depends on the message buffer", err);
  for (size_t i = small_size; i < sizeof small; i++)
    if ((unsigned char)small[i] != 0x5A)
      fail("the short message was written past err_size", NULL);
  if (small_size && !memchr(small, '\0', small_size))
    fail("the short message is not NUL-terminated", NULL);
  clt_bench_options_free(&o2);

  free(buf);
  return 0;
}
