/* Table, JSON and CSV output of cltranspose-bench, written by hand so the tool needs nothing beyond
 * the C library and OpenCL. Device strings come from drivers and are not guaranteed to be UTF-8, so
 * the JSON writer validates and replaces rather than trusting them. */
#include "report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *variant_display(const struct clt_bench_record *rec, char *buf, size_t size) {
  if (rec->info.resolved[0] != '\0' && strcmp(rec->info.resolved, rec->variant) != 0)
    snprintf(buf, size, "%s(%s)", rec->variant, rec->info.resolved);
  else
    snprintf(buf, size, "%s", rec->variant);
  return buf;
}

enum num_kind { NUM_MS, NUM_COMPILE_MS, NUM_PCT, NUM_GBPS };

static const char *fmt_num(char *buf, size_t size, enum num_kind kind, double v) {
  buf[0] = '\0';
  if (!isfinite(v))
    return "-";
  switch (kind) {
  case NUM_MS:
    snprintf(buf, size, "%.4f", v);
    break;
  case NUM_COMPILE_MS:
    snprintf(buf, size, "%.2f", v);
    break;
  case NUM_PCT:
    snprintf(buf, size, "%.1f", v);
    break;
  case NUM_GBPS:
    snprintf(buf, size, "%.2f", v);
    break;
  }
  return buf;
}

void clt_bench_table_header(FILE *out, const struct clt_bench_run_info *run) {
  const struct clt_bench_device *d = run->device;
  fprintf(out, "device %zu: %s [%s], %s, driver %s\n", run->device_index, d->name,
          clt_bench_device_type_name(d->type), d->version, d->driver_version);
  fprintf(out, "cltranspose %d.%d.%d; batch %zu; median of %u profiled runs after %u warm-up\n",
          CLT_VERSION_MAJOR, CLT_VERSION_MINOR, CLT_VERSION_PATCH, run->batch, run->reps, run->warmup);
  if (run->l2_reset)
    fputs("L2 priorities reset to normal before each method (lines kept by an earlier one's evict_last "
          "loads serve no other)\n",
          out);
  if (run->src_pad > 0 || run->dst_pad > 0)
    fprintf(out,
            "padded rows: source ld = cols + %zu, destination ld = rows + %zu elements (the copy dense)\n",
            run->src_pad, run->dst_pad);
  fprintf(out, "%-17s %-4s %-14s %10s %9s %7s %10s %10s %11s  %s\n", "shape", "type", "variant", "median ms",
          "GB/s", "% copy", "min ms", "max ms", "compile ms", "check");
  fflush(out);
}

void clt_bench_table_row(FILE *out, const struct clt_bench_record *rec) {
  char shape[48], variant[64], med[32], gbps[32], pct[32], mn[32], mx[32], comp[32];
  snprintf(shape, sizeof shape, "%zux%zu", rec->rows, rec->cols);
  fprintf(out, "%-17s %-4s %-14s %10s %9s %7s %10s %10s %11s  %s\n", shape, clt_bench_type_name(rec->type),
          variant_display(rec, variant, sizeof variant), fmt_num(med, sizeof med, NUM_MS, rec->median_ms),
          fmt_num(gbps, sizeof gbps, NUM_GBPS, rec->gbps),
          fmt_num(pct, sizeof pct, NUM_PCT, rec->percent_of_copy),
          fmt_num(mn, sizeof mn, NUM_MS, rec->min_ms), fmt_num(mx, sizeof mx, NUM_MS, rec->max_ms),
          fmt_num(comp, sizeof comp, NUM_COMPILE_MS, rec->compile_ms), clt_bench_check_name(rec->check));
  fflush(out); /* rows arrive minutes apart on big devices; show each as it comes */
}

/* ---- JSON ---- */

/* Length of the valid UTF-8 sequence at s (at most n bytes), or 0 if it is not valid: overlong forms,
 * surrogates and code points above U+10FFFF are rejected as RFC 3629 requires. */
static size_t utf8_sequence(const unsigned char *s, size_t n) {
  const unsigned c = s[0];
  size_t len;
  unsigned cp;
  if (c >= 0xC2 && c <= 0xDF) {
    len = 2;
    cp = c & 0x1Fu;
  } else if (c >= 0xE0 && c <= 0xEF) {
    len = 3;
    cp = c & 0x0Fu;
  } else if (c >= 0xF0 && c <= 0xF4) {
    len = 4;
    cp = c & 0x07u;
  } else
    return 0;
  if (n < len)
    return 0;
  for (size_t i = 1; i < len; i++) {
    if ((s[i] & 0xC0u) != 0x80u)
      return 0;
    cp = (cp << 6) | (s[i] & 0x3Fu);
  }
  if ((len == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) ||
      (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)))
    return 0;
  return len;
}

static void json_string(FILE *out, const char *str) {
  if (str == NULL) {
    fputs("null", out);
    return;
  }
  const unsigned char *s = (const unsigned char *)str;
  const size_t n = strlen(str);
  fputc('"', out);
  for (size_t i = 0; i < n;) {
    const unsigned char c = s[i];
    if (c == '"' || c == '\\') {
      fputc('\\', out);
      fputc(c, out);
    } else if (c == '\n') {
      fputs("\\n", out);
    } else if (c == '\r') {
      fputs("\\r", out);
    } else if (c == '\t') {
      fputs("\\t", out);
    } else if (c < 0x20 || c == 0x7F) {
      fprintf(out, "\\u%04x", c);
    } else if (c >= 0x80) {
      const size_t len = utf8_sequence(s + i, n - i);
      if (len == 0) {
        fputs("\\ufffd", out); /* not UTF-8: keep the document valid, mark the spot */
        i++;
        continue;
      }
      fwrite(s + i, 1, len, out);
      i += len;
      continue;
    } else {
      fputc(c, out);
    }
    i++;
  }
  fputc('"', out);
}

/* JSON has no NaN or infinity: unmeasured values are null. */
static void json_number(FILE *out, double v) {
  if (isfinite(v))
    fprintf(out, "%.9g", v);
  else
    fputs("null", out);
}

/* An object being written: each field helper puts the separator and indentation before its key, so
 * the writers below are plain lists of fields with no comma bookkeeping. */
struct json_object {
  FILE *out;
  const char *indent; /* of the fields; the closing brace goes two spaces less */
  int fields;
};

static struct json_object json_open(FILE *out, const char *indent) {
  struct json_object o = {out, indent, 0};
  fputc('{', out);
  return o;
}

static void json_close(struct json_object *o) {
  const size_t len = strlen(o->indent);
  fprintf(o->out, "\n%.*s}", (int)(len >= 2 ? len - 2 : 0), o->indent);
}

static void json_key(struct json_object *o, const char *key) {
  fputs(o->fields++ > 0 ? ",\n" : "\n", o->out);
  fputs(o->indent, o->out);
  json_string(o->out, key);
  fputs(": ", o->out);
}

static void json_str(struct json_object *o, const char *key, const char *value) {
  json_key(o, key);
  json_string(o->out, value);
}

static void json_num(struct json_object *o, const char *key, double value) {
  json_key(o, key);
  json_number(o->out, value);
}

static void json_uint(struct json_object *o, const char *key, unsigned long long value) {
  json_key(o, key);
  fprintf(o->out, "%llu", value);
}

static void json_device(struct json_object *top, const struct clt_bench_run_info *run) {
  const struct clt_bench_device *d = run->device;
  json_key(top, "device");
  struct json_object o = json_open(top->out, "    ");
  json_uint(&o, "index", run->device_index);
  json_str(&o, "name", d->name);
  json_str(&o, "vendor", d->vendor);
  json_str(&o, "type", clt_bench_device_type_name(d->type));
  json_str(&o, "driver_version", d->driver_version);
  json_str(&o, "platform", d->platform_name);
  json_str(&o, "platform_version", d->platform_version);
  json_str(&o, "opencl_version", d->version);
  json_str(&o, "opencl_c_version", d->c_version);
  json_uint(&o, "compute_units", d->compute_units);
  json_uint(&o, "global_mem_bytes", d->global_mem);
  json_uint(&o, "max_alloc_bytes", d->max_alloc);
  json_uint(&o, "global_cache_bytes", d->global_cache);
  json_close(&o);
}

static void json_record(FILE *out, const struct clt_bench_record *r) {
  char shape[48];
  const int created = r->info.resolved[0] != '\0';
  snprintf(shape, sizeof shape, "%zux%zu", r->rows, r->cols);
  fputs("    ", out);
  struct json_object o = json_open(out, "      ");
  json_str(&o, "shape", shape);
  json_uint(&o, "rows", r->rows);
  json_uint(&o, "cols", r->cols);
  json_uint(&o, "batch", r->batch);
  json_uint(&o, "src_ld", r->src_ld);
  json_uint(&o, "dst_ld", r->dst_ld);
  json_str(&o, "type", clt_bench_type_name(r->type));
  json_uint(&o, "elem_size", r->elem_size);
  json_str(&o, "impl", r->impl);
  json_str(&o, "variant", r->variant);
  json_str(&o, "resolved_variant", created ? r->info.resolved : NULL);
  json_str(&o, "build_options", created ? r->info.build_options : NULL);
  json_str(&o, "check", clt_bench_check_name(r->check));
  json_str(&o, "message", r->message);
  json_num(&o, "compile_ms", r->compile_ms);
  json_num(&o, "median_ms", r->median_ms);
  json_num(&o, "min_ms", r->min_ms);
  json_num(&o, "max_ms", r->max_ms);
  json_num(&o, "gbps", r->gbps);
  json_num(&o, "percent_of_copy", r->percent_of_copy);
  json_uint(&o, "buffer_pairs", r->buffer_pairs);
  json_key(&o, "runs_ms");
  fputc('[', out);
  for (size_t i = 0; i < r->n_runs; i++) {
    if (i > 0)
      fputs(", ", out);
    json_number(out, r->runs_ms[i]);
  }
  fputc(']', out);
  json_close(&o);
}

int clt_bench_write_json(FILE *out, const struct clt_bench_run_info *run) {
  size_t counts[4] = {0, 0, 0, 0};
  char version[48];
  snprintf(version, sizeof version, "%d.%d.%d", CLT_VERSION_MAJOR, CLT_VERSION_MINOR, CLT_VERSION_PATCH);

  struct json_object top = json_open(out, "  ");
  json_str(&top, "tool", "cltranspose-bench");
  json_str(&top, "library_version", version);
  json_str(&top, "timestamp", run->timestamp);
  json_key(&top, "command_line");
  fputc('[', out);
  for (int i = 0; i < run->argc; i++) {
    if (i > 0)
      fputs(", ", out);
    json_string(out, run->argv[i]);
  }
  fputc(']', out);
  /* The library reads these; a result cannot be reproduced without them (null when unset). */
  json_key(&top, "environment");
  struct json_object env = json_open(out, "    ");
  json_str(&env, "CLT_DEVICE", getenv("CLT_DEVICE"));
  json_str(&env, "CLT_CACHE_DIR", getenv("CLT_CACHE_DIR"));
  json_str(&env, "CLT_BUILD_OPTIONS", getenv("CLT_BUILD_OPTIONS"));
  json_close(&env);
  json_device(&top, run);
  json_key(&top, "settings");
  struct json_object set = json_open(out, "    ");
  json_uint(&set, "reps", run->reps);
  json_uint(&set, "warmup", run->warmup);
  json_uint(&set, "batch", run->batch);
  json_uint(&set, "src_pad", run->src_pad);
  json_uint(&set, "dst_pad", run->dst_pad);
  json_key(&set, "default_shapes");
  fputs(run->default_shapes ? "true" : "false", out);
  json_key(&set, "l2_reset");
  fputs(run->l2_reset ? "true" : "false", out);
  json_close(&set);
  json_key(&top, "results");
  fputc('[', out);
  for (size_t i = 0; i < run->n_records; i++) {
    fputs(i > 0 ? ",\n" : "\n", out);
    json_record(out, &run->records[i]);
    if ((unsigned)run->records[i].check < 4)
      counts[run->records[i].check]++;
  }
  fputs(run->n_records > 0 ? "\n  ]" : "]", out);
  json_key(&top, "summary");
  struct json_object sum = json_open(out, "    ");
  json_uint(&sum, "cases", run->n_records);
  json_uint(&sum, "passed", counts[CLT_BENCH_PASS]);
  json_uint(&sum, "failed", counts[CLT_BENCH_FAIL]);
  json_uint(&sum, "errors", counts[CLT_BENCH_ERROR]);
  json_uint(&sum, "skipped", counts[CLT_BENCH_SKIP]);
  json_close(&sum);
  json_close(&top);
  fputc('\n', out);
  return ferror(out) ? -1 : 0;
}

/* ---- CSV (RFC 4180) ---- */

static void csv_string(FILE *out, const char *s) {
  if (s == NULL)
    return;
  if (strpbrk(s, ",\"\r\n") == NULL) {
    fputs(s, out);
    return;
  }
  fputc('"', out);
  for (; *s != '\0'; s++) {
    if (*s == '"')
      fputc('"', out);
    fputc(*s, out);
  }
  fputc('"', out);
}

static void csv_number(FILE *out, double v) {
  if (isfinite(v))
    fprintf(out, "%.9g", v);
}

int clt_bench_write_csv(FILE *out, const struct clt_bench_run_info *run) {
  fputs("device,impl,shape,rows,cols,batch,src_ld,dst_ld,type,elem_size,variant,resolved_variant,check,"
        "median_ms,min_ms,max_ms,gbps,percent_of_copy,compile_ms,warmup,reps,buffer_pairs,build_options,"
        "runs_ms,message\n",
        out);
  for (size_t i = 0; i < run->n_records; i++) {
    const struct clt_bench_record *r = &run->records[i];
    csv_string(out, run->device->name);
    fputc(',', out);
    csv_string(out, r->impl);
    fprintf(out, ",%zux%zu,%zu,%zu,%zu,%zu,%zu,%s,%zu,", r->rows, r->cols, r->rows, r->cols, r->batch,
            r->src_ld, r->dst_ld, clt_bench_type_name(r->type), r->elem_size);
    csv_string(out, r->variant);
    fputc(',', out);
    csv_string(out, r->info.resolved);
    fprintf(out, ",%s,", clt_bench_check_name(r->check));
    csv_number(out, r->median_ms);
    fputc(',', out);
    csv_number(out, r->min_ms);
    fputc(',', out);
    csv_number(out, r->max_ms);
    fputc(',', out);
    csv_number(out, r->gbps);
    fputc(',', out);
    csv_number(out, r->percent_of_copy);
    fputc(',', out);
    csv_number(out, r->compile_ms);
    fprintf(out, ",%u,%u,%zu,", run->warmup, run->reps, r->buffer_pairs);
    csv_string(out, r->info.build_options);
    fputc(',', out);
    /* Space-separated inside one field, so every row keeps the same column count whatever --reps is. */
    for (size_t k = 0; k < r->n_runs; k++) {
      if (k > 0)
        fputc(' ', out);
      csv_number(out, r->runs_ms[k]);
    }
    fputc(',', out);
    csv_string(out, r->message);
    fputc('\n', out);
  }
  return ferror(out) ? -1 : 0;
}
