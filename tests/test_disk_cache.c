/* Tests of the on-disk program-binary cache (src/disk_cache.c) on a real device: a source build writes
 * one file, a new process (this binary re-executed in a helper mode) loads it instead of compiling, and
 * every kind of bad file, a disabled cache or an unwritable directory falls back to a silent source
 * build. Loads and compiles are told apart by the library's counters, never by timing. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clt_internal.h"
#include "clt_test_util.h"

#define PATH_CAP 1024

static clt_test_env env;
static const char *self_exe;
static char root[PATH_CAP];       /* everything the tests write lives under here */
static char saved_home[PATH_CAP]; /* HOME as it was, restored after the tests that move it */
static int have_home;

/* One program per descriptor: TILED for the main checks, NAIVE as "another program's file". */
static clt_desc the_desc(clt_variant variant) {
  clt_desc d;
  memset(&d, 0, sizeof d);
  d.rows = 37;
  d.cols = 53;
  d.elem_size = 4;
  d.variant = variant;
  return d;
}

typedef struct counts {
  unsigned source, binary;
} counts;

static counts stats(void) {
  counts c;
  clt__program_stats(&c.source, &c.binary);
  return c;
}

/* ---- files ---- */

static void path_join(char *out, const char *a, const char *b) {
  int n = snprintf(out, PATH_CAP, "%s/%s", a, b);
  if (n < 0 || n >= PATH_CAP) {
    fprintf(stderr, "path too long: %s/%s\n", a, b);
    abort();
  }
}

/* A new empty directory under root; names are unique for the run. */
static void fresh_dir(char *out, const char *tag) {
  static unsigned serial;
  char name[64];
  snprintf(name, sizeof name, "%s-%u", tag, serial++);
  path_join(out, root, name);
  if (mkdir(out, 0700) != 0)
    fail_msg("mkdir %s: %s", out, strerror(errno));
}

static int ends_with(const char *s, const char *suffix) {
  size_t a = strlen(s), b = strlen(suffix);
  return a >= b && strcmp(s + a - b, suffix) == 0;
}

/* Counts *.clbin files in dir (the first one's path into first, if not NULL) and anything else in
 * others (leftover temporary files). A missing dir counts as empty. */
static unsigned count_files(const char *dir, char *first, unsigned *others) {
  unsigned n = 0, other = 0;
  DIR *d = opendir(dir);
  struct dirent *e;
  if (d == NULL) {
    if (others != NULL)
      *others = 0;
    return 0;
  }
  while ((e = readdir(d)) != NULL) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
      continue;
    if (ends_with(e->d_name, ".clbin")) {
      if (n++ == 0 && first != NULL)
        path_join(first, dir, e->d_name);
    } else {
      other++;
    }
  }
  closedir(d);
  if (others != NULL)
    *others = other;
  return n;
}

static unsigned char *read_whole(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  unsigned char *buf = NULL;
  long n = -1;
  if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
    fail_msg("cannot read %s: %s", path, strerror(errno));
    return NULL;
  }
  buf = malloc((size_t)n + 1);
  assert_non_null(buf);
  if (fread(buf, 1, (size_t)n, f) != (size_t)n)
    fail_msg("short read of %s", path);
  fclose(f);
  *size = (size_t)n;
  return buf;
}

/* Fails unless the tuning file at path contains line (with its newlines). */
static void expect_saved_line(const char *path, const char *line) {
  size_t size;
  char *text = (char *)read_whole(path, &size);
  text[size] = 0;
  if (!strstr(text, line))
    fail_msg("tuning file %s lacks the saved line:\n%s", path, text);
  free(text);
}

static void write_whole(const char *path, const void *data, size_t size) {
  FILE *f = fopen(path, "wb");
  if (f == NULL || fwrite(data, 1, size, f) != size || fclose(f) != 0)
    fail_msg("cannot write %s: %s", path, strerror(errno));
}

static int exists(const char *path) {
  struct stat st;
  return lstat(path, &st) == 0;
}

/* rm -r that also gets through the read-only directories some tests make. */
static void remove_tree(const char *path) {
  struct stat st;
  if (lstat(path, &st) != 0)
    return;
  if (S_ISDIR(st.st_mode)) {
    DIR *d;
    struct dirent *e;
    chmod(path, 0700);
    d = opendir(path);
    while (d != NULL && (e = readdir(d)) != NULL) {
      char sub[PATH_CAP];
      if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
        continue;
      path_join(sub, path, e->d_name);
      remove_tree(sub);
    }
    if (d != NULL)
      closedir(d);
    rmdir(path);
  } else {
    unlink(path);
  }
}

/* ---- one checked plan ---- */

/* An exact transpose of random data through plan, made for d. Returns 0 or -1 with msg set. */
static int check_through(clt_plan *plan, const clt_desc *d, char *msg, size_t msg_size) {
  clt_test_case tc;
  memset(&tc, 0, sizeof tc);
  tc.env = &env;
  tc.plan = plan;
  tc.desc = *d;
  tc.via = CLT_TEST_VIA_SHARED_PLAN;
  return clt_test_run(&tc, msg, msg_size);
}

/* The AUTO plan of a tall (1000 x short) or wide (short x 1000) f32 matrix, the shapes of the
 * tuning-file class tests; *d gets its descriptor. */
static clt_plan *tall_or_wide_plan(int tall, size_t short_side, clt_desc *d) {
  clt_plan *plan = NULL;
  memset(d, 0, sizeof *d);
  d->rows = tall ? 1000 : short_side;
  d->cols = tall ? short_side : 1000;
  d->elem_size = 4;
  d->variant = CLT_VARIANT_AUTO;
  assert_int_equal(clt_plan_create(&plan, env.context, env.device, d), CLT_SUCCESS);
  return plan;
}

/* clt_plan_create on desc, then an exact transpose of random data through that plan. The detail must
 * stay empty after the create: the disk cache may never leave an error behind. Returns 0 or -1 with
 * msg set; usable from the helper processes, which have no cmocka. */
static int plan_and_check(const clt_desc *d, char *msg, size_t msg_size) {
  clt_plan *plan = NULL;
  int rc;
  clt_status st = clt_plan_create(&plan, env.context, env.device, d);
  if (st != CLT_SUCCESS) {
    clt_test_failure(msg, msg_size, d, "clt_plan_create returned %s: %s", clt_status_string(st),
                     clt_last_error());
    return -1;
  }
  if (clt_last_error()[0] != '\0') {
    clt_test_failure(msg, msg_size, d, "clt_plan_create succeeded but left a detail: %s", clt_last_error());
    clt_plan_destroy(plan);
    return -1;
  }
  rc = check_through(plan, d, msg, msg_size);
  clt_plan_destroy(plan);
  return rc;
}

/* Drops the in-memory programs first, so the plan must come from disk or from source. Returns how the
 * counters moved. */
static counts fresh_plan(const clt_desc *d) {
  char msg[2048];
  counts before, after;
  clt_cache_clear();
  before = stats();
  if (plan_and_check(d, msg, sizeof msg) != 0)
    fail_msg("%s", msg);
  after = stats();
  after.source -= before.source;
  after.binary -= before.binary;
  return after;
}

static void expect_counts(counts got, unsigned source, unsigned binary, const char *when) {
  if (got.source != source || got.binary != binary)
    fail_msg("%s: expected %u source build(s) and %u binary load(s), got %u and %u (disk cache: %s)", when,
             source, binary, got.source, got.binary, clt__disk_cache_reason());
}

static void expect_reason(const char *needle, const char *when) {
  if (strstr(clt__disk_cache_reason(), needle) == NULL)
    fail_msg("%s: the disk cache's note \"%s\" does not mention \"%s\"", when, clt__disk_cache_reason(),
             needle);
}

/* Builds d from source into the empty dir and returns how many programs (files) that took. */
static unsigned populate(const char *dir, const clt_desc *d) {
  unsigned others = 0, files;
  counts c;
  setenv("CLT_CACHE_DIR", dir, 1);
  c = fresh_plan(d);
  if (c.source == 0 || c.binary != 0)
    fail_msg("a cold plan made %u source builds and %u binary loads", c.source, c.binary);
  files = count_files(dir, NULL, &others);
  if (files != c.source || others != 0)
    fail_msg("%u source builds left %u cache files and %u other files in %s", c.source, files, others, dir);
  expect_reason("stored", "cold plan");
  return files;
}

/* ---- helper processes ---- */

/* Runs this binary as `--child MODE` and returns its exit status (-1 if it did not exit normally). */
static pid_t spawn_child(const char *mode) {
  pid_t pid;
  fflush(NULL);
  pid = fork();
  if (pid == 0) {
    execl(self_exe, self_exe, "--child", mode, (char *)NULL);
    _exit(127);
  }
  if (pid < 0)
    fail_msg("fork: %s", strerror(errno));
  return pid;
}

static int wait_child(pid_t pid) {
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR)
      return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* The helper's side: "load" must find every program on disk; "any" only needs an exact result. */
static int child_main(const char *mode) {
  char msg[2048];
  clt_desc d = the_desc(CLT_VARIANT_TILED);
  counts c;
  if (clt_test_env_open(&env, msg, sizeof msg) != 0) {
    fprintf(stderr, "child: %s\n", msg);
    return 3;
  }
  if (plan_and_check(&d, msg, sizeof msg) != 0) {
    fprintf(stderr, "child: %s\n", msg);
    return 1;
  }
  c = stats();
  if (strcmp(mode, "load") == 0 && (c.source != 0 || c.binary == 0)) {
    fprintf(stderr, "child: %u source builds and %u binary loads in a process that should only load (%s)\n",
            c.source, c.binary, clt__disk_cache_reason());
    return 2;
  }
  clt_cache_clear();
  clt_test_env_close(&env);
  return 0;
}

/* ---- tests ---- */

static int reset(void **state) {
  char dir[PATH_CAP];
  (void)state;
  clt_cache_clear();
  unsetenv("CLT_BUILD_OPTIONS");
  path_join(dir, root, "default");
  setenv("CLT_CACHE_DIR", dir, 1); /* never the user's real cache */
  unsetenv("XDG_CACHE_HOME");
  if (have_home)
    setenv("HOME", saved_home, 1);
  return 0;
}

/* Cold: one source build writes a file. Then the same process after clt_cache_clear, and a new process,
 * both load it without compiling. */
static void source_build_stores_and_later_plans_load(void **state) {
  char dir[PATH_CAP];
  clt_desc d = the_desc(CLT_VARIANT_TILED);
  unsigned n;
  int rc;
  (void)state;
  fresh_dir(dir, "store-load");
  n = populate(dir, &d);
  expect_counts(fresh_plan(&d), 0, n, "same process after clt_cache_clear");
  expect_reason("loaded", "same process after clt_cache_clear");
  rc = wait_child(spawn_child("load"));
  if (rc != 0)
    fail_msg("the second process did not load from disk (exit %d; its stderr says why)", rc);

  /* The same kernel source with other build options (element size) is another key and another file. */
  d.elem_size = 8;
  expect_counts(fresh_plan(&d), 1, 0, "other build options in the same directory");
  assert_int_equal(count_files(dir, NULL, NULL), n + 1);
}

/* Missing directories are created, each with mode 0700. */
static void missing_directories_are_created_private(void **state) {
  char base[PATH_CAP], a[PATH_CAP], abc[PATH_CAP];
  clt_desc d = the_desc(CLT_VARIANT_TILED);
  struct stat st;
  (void)state;
  fresh_dir(base, "mkdir");
  path_join(a, base, "a");
  path_join(abc, base, "a/b/c");
  populate(abc, &d);
  assert_int_equal(stat(a, &st), 0);
  assert_int_equal(st.st_mode & 0777, 0700);
  assert_int_equal(stat(abc, &st), 0);
  assert_int_equal(st.st_mode & 0777, 0700);
}

/* Without CLT_CACHE_DIR: $XDG_CACHE_HOME/cltranspose, else (also for a relative XDG_CACHE_HOME, which
 * the XDG spec says to ignore) $HOME/.cache/cltranspose. */
static void default_locations_follow_xdg_then_home(void **state) {
  char xdg[PATH_CAP], home[PATH_CAP], where[PATH_CAP];
  clt_desc d = the_desc(CLT_VARIANT_TILED);
  (void)state;
  fresh_dir(xdg, "xdg");
  fresh_dir(home, "home");
  unsetenv("CLT_CACHE_DIR");
  setenv("XDG_CACHE_HOME", xdg, 1);
  setenv("HOME", home, 1);
  expect_counts(fresh_plan(&d), 1, 0, "XDG_CACHE_HOME");
  path_join(where, xdg, "cltranspose");
  assert_int_equal(count_files(where, NULL, NULL), 1);

  setenv("XDG_CACHE_HOME", "relative/cache", 1);
  expect_counts(fresh_plan(&d), 1, 0, "relative XDG_CACHE_HOME");
  assert_false(exists("relative"));
  path_join(where, home, ".cache/cltranspose");
  assert_int_equal(count_files(where, NULL, NULL), 1);
  unsetenv("XDG_CACHE_HOME");
  expect_counts(fresh_plan(&d), 0, 1, "HOME");
}

typedef enum corruption {
  EMPTY,
  SHORT_HEADER,
  SHORT_BINARY,
  TRAILING_BYTES,
  FLIP_MIDDLE,
  FLIP_LAST,
  BAD_MAGIC,
  BAD_VERSION,
  STALE_KEY,
  OTHER_PROGRAM,
  FORGED_BINARY,
  NCORRUPTIONS
} corruption;

static const struct {
  const char *name, *reason; /* what the disk cache's note must mention */
} corruptions[NCORRUPTIONS] = {
    [EMPTY] = {"empty file", "truncated header"},
    [SHORT_HEADER] = {"truncated inside the header", "truncated header"},
    [SHORT_BINARY] = {"truncated binary", "does not match binary length"},
    [TRAILING_BYTES] = {"bytes after the binary", "does not match binary length"},
    [FLIP_MIDDLE] = {"a flipped byte mid-binary", "bad checksum"},
    [FLIP_LAST] = {"a flipped last byte", "bad checksum"},
    [BAD_MAGIC] = {"wrong magic", "bad magic"},
    [BAD_VERSION] = {"wrong format version", "format version"},
    [STALE_KEY] = {"a different key in the header", "stale"},
    [OTHER_PROGRAM] = {"another program's file under this name", "stale"},
    [FORGED_BINARY] = {"a valid header over garbage the driver must reject", "driver rejected"},
};

/* Every bad file is ignored: the plan compiles from source, transposes exactly, and rewrites the file,
 * which the next plan then loads. */
static void bad_files_are_ignored_and_rewritten(void **state) {
  char dir[PATH_CAP], other_dir[PATH_CAP], file[PATH_CAP], other_file[PATH_CAP];
  clt_desc d = the_desc(CLT_VARIANT_TILED), other = the_desc(CLT_VARIANT_NAIVE);
  unsigned char *good, *other_bytes, *bad;
  size_t good_size, other_size;
  (void)state;
  fresh_dir(dir, "corrupt");
  fresh_dir(other_dir, "other");
  if (populate(dir, &d) != 1 || populate(other_dir, &other) != 1)
    skip(); /* the checks below assume one program per plan */
  count_files(dir, file, NULL);
  count_files(other_dir, other_file, NULL);
  good = read_whole(file, &good_size);
  other_bytes = read_whole(other_file, &other_size);
  assert_true(good_size > CLT__DISK_CACHE_HEADER_SIZE + 16);
  setenv("CLT_CACHE_DIR", dir, 1);
  bad = malloc(good_size + 4096 + 16);
  assert_non_null(bad);

  for (int k = 0; k < NCORRUPTIONS; k++) {
    size_t n = good_size, bin = good_size - CLT__DISK_CACHE_HEADER_SIZE;
    char when[128];
    memcpy(bad, good, good_size);
    switch ((corruption)k) {
    case EMPTY:
      n = 0;
      break;
    case SHORT_HEADER:
      n = CLT__DISK_CACHE_HEADER_SIZE / 2;
      break;
    case SHORT_BINARY:
      n = good_size - bin / 3;
      break;
    case TRAILING_BYTES:
      memset(bad + good_size, 0x5A, 16);
      n = good_size + 16;
      break;
    case FLIP_MIDDLE:
      bad[CLT__DISK_CACHE_HEADER_SIZE + bin / 2] ^= 0x01;
      break;
    case FLIP_LAST:
      bad[good_size - 1] ^= 0x80;
      break;
    case BAD_MAGIC:
      bad[0] ^= 0xFF;
      break;
    case BAD_VERSION:
      bad[8] = 99;
      break;
    case STALE_KEY:
      bad[20] ^= 0x10;
      break;
    case OTHER_PROGRAM:
      free(bad);
      bad = malloc(other_size + good_size + 4096 + 16);
      assert_non_null(bad);
      memcpy(bad, other_bytes, other_size);
      n = other_size;
      break;
    case FORGED_BINARY: {
      /* Our key and a matching checksum over random bytes: only the driver can refuse it. */
      clt_test_rng rng;
      uint64_t sum;
      clt_test_rng_init(&rng, clt_test_seed(), 0xF0F0);
      clt_test_fill(&rng, bad + CLT__DISK_CACHE_HEADER_SIZE, 4096);
      n = CLT__DISK_CACHE_HEADER_SIZE + 4096;
      sum = clt__disk_cache_checksum(bad + CLT__DISK_CACHE_HEADER_SIZE, 4096);
      for (int i = 0; i < 8; i++) {
        bad[32 + i] = (unsigned char)((uint64_t)4096 >> (8 * i));
        bad[40 + i] = (unsigned char)(sum >> (8 * i));
      }
      break;
    }
    case NCORRUPTIONS:
      break;
    }
    write_whole(file, bad, n);
    snprintf(when, sizeof when, "file with %s", corruptions[k].name);
    expect_counts(fresh_plan(&d), 1, 0, when);
    expect_reason(corruptions[k].reason, when);
    expect_reason("stored", when);
    snprintf(when, sizeof when, "the file rewritten after %s", corruptions[k].name);
    expect_counts(fresh_plan(&d), 0, 1, when);
  }
  free(bad);
  free(good);
  free(other_bytes);
}

/* CLT_CACHE_DIR=off: nothing is read or written anywhere, the default locations included. */
static void off_writes_nothing(void **state) {
  char base[PATH_CAP], xdg[PATH_CAP], home[PATH_CAP], where[PATH_CAP];
  clt_desc d = the_desc(CLT_VARIANT_TILED);
  (void)state;
  fresh_dir(base, "off");
  fresh_dir(xdg, "off-xdg");
  fresh_dir(home, "off-home");
  setenv("XDG_CACHE_HOME", xdg, 1);
  setenv("HOME", home, 1);
  populate(xdg, &d); /* a good file that must not be used: CLT_CACHE_DIR=xdg for this one plan */
  setenv("CLT_CACHE_DIR", "off", 1);
  expect_counts(fresh_plan(&d), 1, 0, "CLT_CACHE_DIR=off");
  expect_reason("off", "CLT_CACHE_DIR=off");
  expect_counts(fresh_plan(&d), 1, 0, "CLT_CACHE_DIR=off, again");
  path_join(where, xdg, "cltranspose");
  assert_false(exists(where));
  path_join(where, home, ".cache");
  assert_false(exists(where));
  assert_int_equal(count_files(xdg, NULL, NULL), 1); /* only populate's */
}

/* A directory that cannot be made or written means a source build, an exact result and no detail. */
static void unwritable_directories_fall_back_silently(void **state) {
  char base[PATH_CAP], file[PATH_CAP], under_file[PATH_CAP], ro[PATH_CAP], good[PATH_CAP];
  clt_desc d = the_desc(CLT_VARIANT_TILED);
  unsigned n;
  (void)state;
  fresh_dir(base, "unwritable");
  path_join(file, base, "plain-file");
  write_whole(file, "x", 1);
  path_join(under_file, file, "sub");

  setenv("CLT_CACHE_DIR", under_file, 1); /* mkdir fails with ENOTDIR, even for root */
  expect_counts(fresh_plan(&d), 1, 0, "CLT_CACHE_DIR below a regular file");
  expect_reason("cannot create directory", "CLT_CACHE_DIR below a regular file");
  setenv("CLT_CACHE_DIR", file, 1);
  expect_counts(fresh_plan(&d), 1, 0, "CLT_CACHE_DIR naming a regular file");
  expect_reason("not a directory", "CLT_CACHE_DIR naming a regular file");

  path_join(ro, base, "read-only");
  assert_int_equal(mkdir(ro, 0500), 0);
  setenv("CLT_CACHE_DIR", ro, 1);
  expect_counts(fresh_plan(&d), 1, 0, "read-only CLT_CACHE_DIR");
  if (geteuid() != 0) { /* root writes anyway */
    expect_reason("not stored", "read-only CLT_CACHE_DIR");
    assert_int_equal(count_files(ro, NULL, NULL), 0);
  }

  /* A read-only directory that already holds the file still serves it. */
  path_join(good, base, "filled-then-read-only");
  n = populate(good, &d);
  assert_int_equal(chmod(good, 0500), 0);
  expect_counts(fresh_plan(&d), 0, n, "read-only directory with a good file");
  assert_int_equal(chmod(good, 0700), 0);
}

/* A failed build reports its own error (the disk cache must not replace it) and stores nothing. */
static void failed_builds_keep_their_error_and_store_nothing(void **state) {
  char dir[PATH_CAP];
  clt_desc d = the_desc(CLT_VARIANT_TILED);
  clt_plan *plan = NULL;
  clt_status st;
  (void)state;
  fresh_dir(dir, "failed-build");
  setenv("CLT_CACHE_DIR", dir, 1);
  setenv("CLT_BUILD_OPTIONS", "-cl-clt-no-such-option", 1);
  clt_cache_clear();
  st = clt_plan_create(&plan, env.context, env.device, &d);
  unsetenv("CLT_BUILD_OPTIONS");
  assert_null(plan);
  assert_int_equal(st, CLT_BUILD_FAILED);
  if (strstr(clt_last_error(), "building kernel") == NULL)
    fail_msg("the build failure's detail was lost: \"%s\"", clt_last_error());
  assert_int_equal(count_files(dir, NULL, NULL), 0);
}

/* Points CLT_CACHE_DIR at a new directory (the library reads each tuning file path once per process)
 * and puts the device's tuning file path there into path. */
static void fresh_tuning_file(char *path, const char *tag) {
  char dir[PATH_CAP];
  fresh_dir(dir, tag);
  setenv("CLT_CACHE_DIR", dir, 1);
  assert_int_equal(clt_tuning_file_path(env.device, path, PATH_CAP), CLT_SUCCESS);
}

/* One case of a tuning-file column: a line written by hand (NULL: clt_tuning_save of the test's knobs),
 * a build option the next AUTO plan must carry and the value of the column's knob it must report. */
typedef struct column_case {
  const char *line;
  const char *opt;
  unsigned knob;
} column_case;

/* For each case: the file gets the line (or t saved for d's element size and class, which must write
 * saved), and a plan for d takes variant want with the case's option and knob, and transposes exactly. */
static void check_column_cases(const clt_desc *d, clt_shape_class cls, const clt_tuning *t, const char *saved,
                               clt_variant want, unsigned (*knob)(const clt_tuning *),
                               const column_case *cases, size_t n) {
  char path[PATH_CAP], msg[2048];
  for (size_t i = 0; i < n; i++) {
    fresh_tuning_file(path, "tuning");
    if (cases[i].line) {
      write_whole(path, cases[i].line, strlen(cases[i].line));
    } else {
      assert_int_equal(clt_tuning_save(env.device, d->elem_size, cls, t), CLT_SUCCESS);
      expect_saved_line(path, saved);
    }
    clt_plan *plan = NULL;
    const char *opts = NULL;
    clt_variant v;
    clt_tuning got;
    assert_int_equal(clt_plan_create(&plan, env.context, env.device, d), CLT_SUCCESS);
    assert_int_equal(clt_plan_info(plan, &v, &opts), CLT_SUCCESS);
    assert_int_equal(clt_plan_tuning(plan, &got), CLT_SUCCESS);
    if (v != want || knob(&got) != cases[i].knob || !strstr(opts, cases[i].opt)) {
      clt_plan_destroy(plan);
      fail_msg("case %zu: %s, knob %u, options %s", i, clt_variant_name(v), knob(&got), opts);
    }
    const int rc = check_through(plan, d, msg, sizeof msg); /* and it transposes exactly */
    clt_plan_destroy(plan);
    if (rc != 0)
      fail_msg("case %zu: %s", i, msg);
  }
}

static unsigned units_of(const clt_tuning *t) {
  return t->units;
}

static unsigned tile_cols_of(const clt_tuning *t) {
  return t->tile_cols;
}

/* Tuning files: knobs saved for a device come back as AUTO's choice in the next plan, with rect's
 * 16-byte units (the tenth column); a line from before that column loads as units 0. */
static void tuning_files_round_trip_units(void **state) {
  /* a partial tile row below two full ones; destination rows on 32-byte sectors */
  const clt_desc d = {.rows = 288, .cols = 400, .elem_size = 1, .variant = CLT_VARIANT_AUTO};
  const clt_tuning t = {.variant = CLT_VARIANT_RECT,
                        .tile = 128,
                        .vector_width = 16,
                        .wg_y = 4,
                        .pad = 1,
                        .wg_x = 8,
                        .units = 1};
  (void)state;
  static const column_case cases[] = {
      {NULL, "-DPACK=1", 1},
      {"1 aligned rect 128 16 4 1 8 0\n", "-DPACK=0", 0}, /* nine columns: no units */
      {"1 aligned rect 128 16 4 1 8 0 1\n", "-DPACK=1", 1},
  };
  check_column_cases(&d, CLT_SHAPE_ALIGNED, &t, "1 aligned rect 128 16 4 1 8 0 1 0\n", CLT_VARIANT_RECT,
                     units_of, cases, sizeof cases / sizeof cases[0]);
}

/* The block kernel's CPU tile columns (clt_tuning.tile_cols) go to a tuning file's eleventh column and
 * back into the plans AUTO makes on a CPU; a line of ten columns leaves them to the library (2 KiB). */
static void tuning_files_carry_cpu_tile_columns(void **state) {
  /* a partial 64-row tile below four full ones */
  const clt_desc d = {.rows = 288, .cols = 400, .elem_size = 4, .variant = CLT_VARIANT_AUTO};
  const clt_tuning t = {
      .variant = CLT_VARIANT_BLOCK, .tile = 64, .vector_width = 8, .wg_y = 1, .wg_x = 1, .tile_cols = 256};
  (void)state;
  static const column_case cases[] = {
      {NULL, "-DTILE_R=64 -DTILE_C=256", 256},
      {"4 aligned block 64 8 1 0 1 0 0\n", "-DTILE_R=64 -DTILE_C=512", 512}, /* ten columns */
      {"4 aligned block 64 8 1 0 1 0 0 1024\n", "-DTILE_R=64 -DTILE_C=1024", 1024},
  };
  check_column_cases(&d, CLT_SHAPE_ALIGNED, &t, "4 aligned block 64 8 1 0 1 0 0 256\n", CLT_VARIANT_BLOCK,
                     tile_cols_of, cases, sizeof cases / sizeof cases[0]);
}

/* A tuning file's class lines reach only their class; version 0.1's "skinny" lines, written when tall
 * and wide sources were one class, reach both. */
static void tuning_file_classes_reach_their_shapes(void **state) {
  char path[PATH_CAP], msg[2048];
  static const struct {
    const char *line;
    int tall, wide; /* whether a tall (1000 x 96) and a wide (96 x 1000) plan use the line */
  } cases[] = {
      {"4 skinny vector 32 4 8 0 0 0\n", 1, 1},
      {"4 tall vector 32 4 8 0 0 0\n", 1, 0},
      {"4 wide vector 32 4 8 0 0 0\n", 0, 1},
  };
  (void)state;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    fresh_tuning_file(path, "classes");
    write_whole(path, cases[i].line, strlen(cases[i].line));
    for (int tall = 1; tall >= 0; tall--) {
      clt_desc d;
      clt_plan *plan = tall_or_wide_plan(tall, 96, &d);
      clt_tuning got;
      assert_int_equal(clt_plan_tuning(plan, &got), CLT_SUCCESS);
      const int used = got.variant == CLT_VARIANT_VECTOR && got.tile == 32 && got.wg_y == 8;
      if (used != (tall ? cases[i].tall : cases[i].wide)) {
        clt_plan_destroy(plan);
        fail_msg("line \"%.*s\", %zux%zu: %s tile %u y %u", (int)strlen(cases[i].line) - 1, cases[i].line,
                 d.rows, d.cols, clt_variant_name(got.variant), got.tile, got.wg_y);
      }
      const int rc = check_through(plan, &d, msg, sizeof msg); /* and it transposes exactly */
      clt_plan_destroy(plan);
      if (rc != 0)
        fail_msg("line %zu, %zux%zu: %s", i, d.rows, d.cols, msg);
    }
  }
}

/* Narrow knobs in a tuning file: saved for the tall class they come back as AUTO's choice for tall
 * sources and not for wide ones, and a hand-written wide line reaches wide sources only; the plans'
 * build options carry the knobs and each plan transposes exactly. */
static void tuning_files_carry_narrow_knobs(void **state) {
  char path[PATH_CAP], msg[2048];
  clt_tuning t;
  static const struct {
    const char *line; /* NULL: clt_tuning_save of t for the tall class */
    int tall;         /* which source the line is for */
    const char *opt;
  } cases[] = {
      {NULL, 1, "-DTVL=uint4 -DVWL=4 -DTVS=uint2 -DVWS=2 -DTR=64 -DTC=24 -DGROUP=128 -DPAD=0 -DROT=6 "},
      {"4 wide narrow 32 4 0 3 64\n", 0,
       "-DTVL=uint4 -DVWL=4 -DTVS=uint4 -DVWS=4 -DTR=24 -DTC=32 -DGROUP=64 -DPAD=4 "},
  };
  (void)state;
  memset(&t, 0, sizeof t);
  t.variant = CLT_VARIANT_NARROW;
  t.tile = 64;
  t.vector_width = 2;
  t.wg_x = 128;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    fresh_tuning_file(path, "narrow");
    if (cases[i].line) {
      write_whole(path, cases[i].line, strlen(cases[i].line));
    } else {
      assert_int_equal(clt_tuning_save(env.device, 4, CLT_SHAPE_TALL, &t), CLT_SUCCESS);
      expect_saved_line(path, "\n4 tall narrow 64 2 0 0 128 0 0 0\n");
    }
    for (int tall = 1; tall >= 0; tall--) {
      clt_desc d;
      clt_plan *plan = tall_or_wide_plan(tall, 24, &d);
      clt_variant v;
      const char *opts = NULL;
      assert_int_equal(clt_plan_info(plan, &v, &opts), CLT_SUCCESS);
      const int want = tall == cases[i].tall;
      if ((v == CLT_VARIANT_NARROW) != want || (want && !strstr(opts, cases[i].opt))) {
        clt_plan_destroy(plan);
        fail_msg("case %zu, %zux%zu: %s, options %s", i, d.rows, d.cols, clt_variant_name(v), opts);
      }
      const int rc = check_through(plan, &d, msg, sizeof msg); /* and it transposes exactly */
      clt_plan_destroy(plan);
      if (rc != 0)
        fail_msg("case %zu, %zux%zu: %s", i, d.rows, d.cols, msg);
    }
  }
}

/* Processes racing to fill one empty directory all succeed, and what is left is one good file and no
 * temporary files. */
static void concurrent_processes_leave_one_good_file(void **state) {
  enum { NPROC = 4 };
  char dir[PATH_CAP];
  clt_desc d = the_desc(CLT_VARIANT_TILED);
  pid_t pids[NPROC];
  unsigned others = 0, files;
  (void)state;
  fresh_dir(dir, "race");
  setenv("CLT_CACHE_DIR", dir, 1);
  for (int i = 0; i < NPROC; i++)
    pids[i] = spawn_child("any");
  for (int i = 0; i < NPROC; i++) {
    int rc = wait_child(pids[i]);
    if (rc != 0)
      fail_msg("helper process %d failed (exit %d; its stderr says why)", i, rc);
  }
  files = count_files(dir, NULL, &others);
  assert_int_equal(others, 0);
  assert_true(files >= 1);
  expect_counts(fresh_plan(&d), 0, files, "after the race");
}

int main(int argc, char **argv) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup(source_build_stores_and_later_plans_load, reset),
      cmocka_unit_test_setup(missing_directories_are_created_private, reset),
      cmocka_unit_test_setup(default_locations_follow_xdg_then_home, reset),
      cmocka_unit_test_setup(bad_files_are_ignored_and_rewritten, reset),
      cmocka_unit_test_setup(off_writes_nothing, reset),
      cmocka_unit_test_setup(unwritable_directories_fall_back_silently, reset),
      cmocka_unit_test_setup(failed_builds_keep_their_error_and_store_nothing, reset),
      cmocka_unit_test_setup(concurrent_processes_leave_one_good_file, reset),
      cmocka_unit_test_setup(tuning_files_round_trip_units, reset),
      cmocka_unit_test_setup(tuning_file_classes_reach_their_shapes, reset),
      cmocka_unit_test_setup(tuning_files_carry_narrow_knobs, reset),
      cmocka_unit_test_setup(tuning_files_carry_cpu_tile_columns, reset),
  };
  const char *tmp = getenv("TMPDIR");
  char seed[32];
  int rc;

  self_exe = access("/proc/self/exe", X_OK) == 0 ? "/proc/self/exe" : argv[0];
  if (argc == 3 && strcmp(argv[1], "--child") == 0)
    return child_main(argv[2]);

  clt_test_env_open_or_skip(&env, "test_disk_cache");
  umask(022);
  /* Helpers replay the parent's data, so one seed reproduces the whole run. */
  snprintf(seed, sizeof seed, "0x%016llx", (unsigned long long)clt_test_seed());
  setenv("CLT_TEST_SEED", seed, 1);
  if (getenv("HOME") != NULL && strlen(getenv("HOME")) < sizeof saved_home) {
    strcpy(saved_home, getenv("HOME"));
    have_home = 1;
  }
  snprintf(root, sizeof root, "%s/clt_disk_cache_XXXXXX", tmp != NULL && tmp[0] == '/' ? tmp : "/tmp");
  if (mkdtemp(root) == NULL) {
    fprintf(stderr, "test_disk_cache: mkdtemp(%s): %s\n", root, strerror(errno));
    return 1;
  }
  rc = cmocka_run_group_tests(tests, NULL, NULL);
  clt_cache_clear();
  clt_test_env_close(&env);
  remove_tree(root);
  return rc != 0;
}
