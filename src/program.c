/* The program cache: one compiled cl_program per (context, device, kernel source, build options),
 * shared by every plan in the process. A program is built once even when many threads ask for it at
 * the same moment: the first inserts a "building" entry and the others wait on a condition variable.
 * A miss here first tries the on-disk binary cache (disk_cache.c), and a source build refills it. */
#define _POSIX_C_SOURCE 200809L
#include "clt_internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef struct clt__program_entry {
  struct clt__program_entry *next;
  cl_context context;
  cl_device_id device;
  const char *source; /* an embedded source name: static storage */
  char *options;
  cl_program program; /* NULL while building */
} clt__program_entry;

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cache_built = PTHREAD_COND_INITIALIZER;
static clt__program_entry *cache_head;
/* What filled the cache, for tests that must tell a binary load from a compile without timing. */
static unsigned stat_source_builds, stat_binary_loads;

static clt__program_entry *find(cl_context ctx, cl_device_id dev, const char *source, const char *options) {
  for (clt__program_entry *e = cache_head; e; e = e->next)
    if (e->context == ctx && e->device == dev && strcmp(e->source, source) == 0 &&
        strcmp(e->options, options) == 0)
      return e;
  return NULL;
}

static void unlink_entry(clt__program_entry *entry) {
  for (clt__program_entry **p = &cache_head; *p; p = &(*p)->next)
    if (*p == entry) {
      *p = entry->next;
      return;
    }
}

/* Builds texts with options; on failure returns the status with the build log as the detail. */
static clt_status build_from_source(cl_context ctx, cl_device_id dev, const char *source, const char **texts,
                                    const size_t *lengths, const char *options, cl_program *out) {
  cl_int err;
  cl_program prog = clCreateProgramWithSource(ctx, 2, texts, lengths, &err);
  if (err != CL_SUCCESS)
    return clt__fail((clt_status)err, "clCreateProgramWithSource(%s) failed: %s", source,
                     clt_status_string((clt_status)err));
  err = clBuildProgram(prog, 1, &dev, options, NULL, NULL);
  if (err == CL_SUCCESS) {
    *out = prog;
    return CLT_SUCCESS;
  }

  char *log = NULL;
  size_t log_size = 0;
  if (clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &log_size) == CL_SUCCESS && log_size) {
    log = malloc(log_size + 1);
    if (log && clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, log_size, log, NULL) == CL_SUCCESS)
      log[log_size] = '\0';
    else if (log)
      log[0] = '\0';
  }
  /* Invalid options are a failed build from the caller's side too (CLT_BUILD_OPTIONS can add them). */
  clt_status st = (err == CL_BUILD_PROGRAM_FAILURE || err == CL_INVALID_BUILD_OPTIONS ||
                   err == CL_COMPILE_PROGRAM_FAILURE || err == CL_LINK_PROGRAM_FAILURE)
                      ? CLT_BUILD_FAILED
                      : (clt_status)err;
  clt__fail_with_text(st, log ? log : "(no build log)",
                      "building kernel \"%s\" with options \"%s\" failed: %s (%d)", source, options,
                      clt_status_string((clt_status)err), (int)err);
  free(log);
  clReleaseProgram(prog);
  return st;
}

/* The program from the disk cache if it holds a good binary, else from source (refilling the disk cache).
 * *from_binary tells which. Disk trouble never fails the build nor touches clt_last_error(). */
static clt_status build(cl_context ctx, cl_device_id dev, const char *source, const char *options,
                        cl_program *out, int *from_binary) {
  size_t common_len = 0, body_len = 0;
  const char *common = clt__kernel_source("common", &common_len);
  const char *body = clt__kernel_source(source, &body_len);
  *from_binary = 0;
  if (!common || !body)
    return clt__fail(CLT_UNSUPPORTED, "no embedded kernel source named \"%s\"", source);
  const char *texts[2] = {common, body};
  size_t lengths[2] = {common_len, body_len};

  clt__disk_entry disk;
  clt__disk_cache_begin(&disk, dev, source, 2, texts, lengths, options);
  clt_status st = CLT_SUCCESS;
  *out = clt__disk_cache_load(&disk, ctx, dev, options);
  if (*out)
    *from_binary = 1;
  else if ((st = build_from_source(ctx, dev, source, texts, lengths, options, out)) == CLT_SUCCESS)
    clt__disk_cache_store(&disk, *out, dev); /* also replaces a file the driver rejected */
  clt__disk_cache_end(&disk);
  return st;
}

clt_status clt__program_get(cl_context ctx, cl_device_id dev, const char *source, const char *options,
                            cl_program *program) {
  *program = NULL;
  pthread_mutex_lock(&cache_lock);
  for (;;) {
    clt__program_entry *e = find(ctx, dev, source, options);
    if (!e)
      break;
    if (e->program) {
      clRetainProgram(e->program);
      *program = e->program;
      pthread_mutex_unlock(&cache_lock);
      return CLT_SUCCESS;
    }
    pthread_cond_wait(&cache_built, &cache_lock); /* another thread is building it */
  }

  clt__program_entry *entry = calloc(1, sizeof *entry);
  char *opts = entry ? malloc(strlen(options) + 1) : NULL;
  if (!opts) {
    free(entry);
    pthread_mutex_unlock(&cache_lock);
    return clt__fail(CLT_OUT_OF_HOST_MEMORY, "out of host memory for the program cache");
  }
  strcpy(opts, options);
  entry->context = ctx;
  entry->device = dev;
  entry->source = source;
  entry->options = opts;
  entry->next = cache_head;
  cache_head = entry;
  pthread_mutex_unlock(&cache_lock);

  cl_program built = NULL;
  int from_binary = 0;
  clt_status st = build(ctx, dev, source, options, &built, &from_binary);

  pthread_mutex_lock(&cache_lock);
  if (st == CLT_SUCCESS) {
    if (from_binary)
      stat_binary_loads++;
    else
      stat_source_builds++;
    entry->program = built;
    clRetainProgram(built);
    *program = built;
  } else { /* not cached: a waiter retries and reports its own failure */
    unlink_entry(entry);
    free(entry->options);
    free(entry);
  }
  pthread_cond_broadcast(&cache_built);
  pthread_mutex_unlock(&cache_lock);
  return st;
}

void clt__program_cache_clear(void) {
  pthread_mutex_lock(&cache_lock);
  clt__program_entry **p = &cache_head;
  while (*p) {
    clt__program_entry *e = *p;
    if (!e->program) { /* still building in another thread: that thread owns it */
      p = &e->next;
      continue;
    }
    *p = e->next;
    clReleaseProgram(e->program);
    free(e->options);
    free(e);
  }
  pthread_mutex_unlock(&cache_lock);
}

void clt__program_stats(unsigned *source_builds, unsigned *binary_loads) {
  pthread_mutex_lock(&cache_lock);
  if (source_builds)
    *source_builds = stat_source_builds;
  if (binary_loads)
    *binary_loads = stat_binary_loads;
  pthread_mutex_unlock(&cache_lock);
}
