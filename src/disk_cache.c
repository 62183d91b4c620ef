/* The on-disk program-binary cache: a compiled program survives the process, so that the next process's
 * first plan loads a binary in milliseconds instead of compiling for up to a second. It is only ever an
 * optimisation: every disk or driver problem falls back to a source build, and nothing here touches
 * clt_last_error(); the outcome goes to a per-thread note (clt__disk_cache_reason) instead. */
#define _POSIX_C_SOURCE 200809L
#include "clt_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef _WIN32
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

/* Bumped whenever the key's ingredients or the file layout change, so old files stop matching. */
#define FORMAT_VERSION 1u
static const unsigned char file_magic[8] = {'C', 'L', 'T', 'P', 'B', 'I', 'N', '\n'};

/* A corrupt length field must not make us allocate without bound. */
#define MAX_BINARY_BYTES ((uint64_t)1 << 30)

/* ---- this thread's note ---- */

static _Thread_local char reason[512];

static void note_v(int append, const char *fmt, va_list ap) CLT__PRINTF(2, 0);
static void note_v(int append, const char *fmt, va_list ap) {
  size_t used = append ? strlen(reason) : 0;
  if (append && used && used + 2 < sizeof reason) {
    memcpy(reason + used, "; ", 3);
    used += 2;
  }
  if (used < sizeof reason)
    vsnprintf(reason + used, sizeof reason - used, fmt, ap);
}

static void note(const char *fmt, ...) CLT__PRINTF(1, 2);
static void note(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  note_v(0, fmt, ap);
  va_end(ap);
}

const char *clt__disk_cache_reason(void) {
  return reason;
}

/* ---- hashing ---- */

/* Two unrelated 64-bit hashes side by side, so a collision needs both to collide at once: FNV-1a over
 * bytes, and a one-lane xxHash64-style mix over 8-byte words (the latter alone is the file checksum,
 * where it runs over a whole binary at word speed). */
#define FNV_OFFSET 0xCBF29CE484222325ull
#define FNV_PRIME 0x100000001B3ull
#define P1 0x9E3779B185EBCA87ull
#define P2 0xC2B2AE3D27D4EB4Full
#define P3 0x165667B19E3779F9ull
#define P5 0x27D4EB2F165667C5ull

typedef struct hasher {
  uint64_t fnv, acc, total;
  unsigned char tail[8];
  unsigned ntail;
  int with_fnv;
} hasher;

static uint64_t load_le64(const unsigned char *p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; i--)
    v = v << 8 | p[i];
  return v;
}

static uint64_t rotl64(uint64_t x, int r) {
  return x << r | x >> (64 - r);
}

static uint64_t mix_round(uint64_t acc, uint64_t word) {
  return rotl64(acc + word * P2, 31) * P1;
}

static void hasher_init(hasher *h, int with_fnv) {
  memset(h, 0, sizeof *h);
  h->fnv = FNV_OFFSET;
  h->acc = P5;
  h->with_fnv = with_fnv;
}

static void hasher_update(hasher *h, const void *data, size_t size) {
  const unsigned char *p = data;
  if (h->with_fnv)
    for (size_t i = 0; i < size; i++)
      h->fnv = (h->fnv ^ p[i]) * FNV_PRIME;
  h->total += size;
  while (size && h->ntail) { /* finish a word split across calls first */
    h->tail[h->ntail++ & 7u] = *p++;
    size--;
    if (h->ntail == 8) {
      h->acc = mix_round(h->acc, load_le64(h->tail));
      h->ntail = 0;
    }
  }
  for (; size >= 8; p += 8, size -= 8)
    h->acc = mix_round(h->acc, load_le64(p));
  memcpy(h->tail, p, size);
  h->ntail = (unsigned)size;
}

static uint64_t hasher_words_final(const hasher *h) {
  uint64_t acc = h->acc;
  if (h->ntail) {
    unsigned char last[8] = {0};
    memcpy(last, h->tail, h->ntail);
    acc = mix_round(acc, load_le64(last));
  }
  acc ^= h->total;
  acc ^= acc >> 33;
  acc *= P2;
  acc ^= acc >> 29;
  acc *= P3;
  acc ^= acc >> 32;
  return acc;
}

uint64_t clt__disk_cache_checksum(const void *data, size_t size) {
  hasher h;
  hasher_init(&h, 0);
  hasher_update(&h, data, size);
  return hasher_words_final(&h);
}

#ifndef _WIN32

/* Appends to this thread's note: what storing did after what loading found. */
static void note_more(const char *fmt, ...) CLT__PRINTF(1, 2);
static void note_more(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  note_v(1, fmt, ap);
  va_end(ap);
}

/* ---- the key ---- */

static void store_le64(unsigned char *p, uint64_t v) {
  for (int i = 0; i < 8; i++, v >>= 8)
    p[i] = (unsigned char)v;
}

static uint32_t load_le32(const unsigned char *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void store_le32(unsigned char *p, uint32_t v) {
  for (int i = 0; i < 4; i++, v >>= 8)
    p[i] = (unsigned char)v;
}

/* Length-prefixed, so that ("ab", "c") and ("a", "bc") hash apart. */
static void hasher_part(hasher *h, const void *data, size_t size) {
  unsigned char len[8];
  store_le64(len, (uint64_t)size);
  hasher_update(h, len, sizeof len);
  hasher_update(h, data, size);
}

static void hasher_part_str(hasher *h, const char *s) {
  hasher_part(h, s, strlen(s));
}

/* A device or platform string of any length into the key. Returns 0, or -1 if the query failed. */
static int hash_info_string(hasher *h, cl_device_id dev, cl_platform_id plat, cl_uint what) {
  size_t size = 0;
  cl_int err =
      dev ? clGetDeviceInfo(dev, what, 0, NULL, &size) : clGetPlatformInfo(plat, what, 0, NULL, &size);
  char *text = err == CL_SUCCESS ? malloc(size + 1) : NULL;
  if (!text)
    return -1;
  err = dev ? clGetDeviceInfo(dev, what, size, text, NULL) : clGetPlatformInfo(plat, what, size, text, NULL);
  text[size] = '\0';
  if (err == CL_SUCCESS)
    hasher_part_str(h, text); /* up to the first NUL: drivers disagree on counting it in size */
  free(text);
  return err == CL_SUCCESS ? 0 : -1;
}

/* Everything a driver's binary depends on: our source and options, and which compiler made it. */
static int compute_key(uint64_t key[2], cl_device_id dev, const char *name, cl_uint count,
                       const char *const *texts, const size_t *lengths, const char *options) {
  static const cl_device_info device_strings[] = {CL_DEVICE_NAME, CL_DEVICE_VENDOR, CL_DRIVER_VERSION,
                                                  CL_DEVICE_VERSION};
  static const cl_platform_info platform_strings[] = {CL_PLATFORM_NAME, CL_PLATFORM_VERSION};
  hasher h;
  hasher_init(&h, 1);
  hasher_part_str(&h, "cltranspose program binary");
  unsigned char fixed[8];
  store_le32(fixed, FORMAT_VERSION);
  store_le32(fixed + 4, (uint32_t)sizeof(void *)); /* a 32-bit process may get another binary */
  hasher_part(&h, fixed, sizeof fixed);

  cl_platform_id plat = NULL;
  if (clGetDeviceInfo(dev, CL_DEVICE_PLATFORM, sizeof plat, &plat, NULL) != CL_SUCCESS)
    return -1;
  for (size_t i = 0; i < sizeof platform_strings / sizeof platform_strings[0]; i++)
    if (hash_info_string(&h, NULL, plat, platform_strings[i]) != 0)
      return -1;
  for (size_t i = 0; i < sizeof device_strings / sizeof device_strings[0]; i++)
    if (hash_info_string(&h, dev, NULL, device_strings[i]) != 0)
      return -1;

  hasher_part_str(&h, name);
  unsigned char n[8];
  store_le64(n, count);
  hasher_part(&h, n, sizeof n);
  for (cl_uint i = 0; i < count; i++)
    hasher_part(&h, texts[i], lengths[i]);
  hasher_part_str(&h, options);
  /* FNV-1a's last bytes barely reach its high bits; a bijective finaliser spreads them (cosmetic for
   * file names, collisions are unchanged). */
  uint64_t f = h.fnv;
  f = (f ^ f >> 30) * 0xBF58476D1CE4E5B9ull;
  f = (f ^ f >> 27) * 0x94D049BB133111EBull;
  key[0] = f ^ f >> 31;
  key[1] = hasher_words_final(&h);
  return 0;
}

/* ---- where the files live ---- */

static char *join(const char *a, const char *b) {
  size_t la = strlen(a), lb = strlen(b);
  char *s = malloc(la + 1 + lb + 1);
  if (!s)
    return NULL;
  memcpy(s, a, la);
  s[la] = '/';
  memcpy(s + la + 1, b, lb + 1);
  return s;
}

/* The directory by the documented precedence, or NULL (noted) when the disk cache is off. Shared with
 * the tuning files (tuning_db.c); the caller frees it. */
char *clt__cache_dir(void) {
  const char *dir = getenv("CLT_CACHE_DIR");
  if (dir && *dir) {
    if (strcmp(dir, "off") == 0) {
      note("disk cache off (CLT_CACHE_DIR=off)");
      return NULL;
    }
    char *copy = strdup(dir);
    if (!copy)
      note("disk cache skipped: out of host memory");
    return copy;
  }
  char *path = NULL;
  const char *xdg = getenv("XDG_CACHE_HOME");
  const char *home = getenv("HOME");
  if (xdg && xdg[0] == '/') /* the XDG spec says to ignore a relative XDG_CACHE_HOME */
    path = join(xdg, "cltranspose");
  else if (home && *home)
    path = join(home, ".cache/cltranspose");
  else {
    note("disk cache off: none of CLT_CACHE_DIR, XDG_CACHE_HOME, HOME is set");
    return NULL;
  }
  if (!path)
    note("disk cache skipped: out of host memory");
  return path;
}

/* mkdir -p with mode 0700 for what we create: cached binaries are nobody else's business. */
int clt__make_dirs(const char *dir) {
  char *path = strdup(dir);
  int rc = -1;
  if (!path) {
    note_more("out of host memory");
    return -1;
  }
  for (char *p = path + 1;; p++) {
    if (*p != '/' && *p != '\0')
      continue;
    char saved = *p;
    *p = '\0';
    if (mkdir(path, 0700) != 0 && errno != EEXIST) {
      note_more("cannot create directory %s: %s", path, strerror(errno));
      goto cleanup;
    }
    *p = saved;
    if (saved == '\0')
      break;
  }
  struct stat st;
  if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
    note_more("%s is not a directory", dir);
    goto cleanup;
  }
  rc = 0;
cleanup:
  free(path);
  return rc;
}

void clt__disk_cache_begin(clt__disk_entry *e, cl_device_id dev, const char *name, cl_uint count,
                           const char *const *texts, const size_t *lengths, const char *options) {
  memset(e, 0, sizeof *e);
  reason[0] = '\0';
  char *dir = clt__cache_dir();
  if (!dir)
    return;
  if (compute_key(e->key, dev, name, count, texts, lengths, options) != 0) {
    note("disk cache skipped: a device or platform query failed");
    free(dir);
    return;
  }
  char file[96];
  snprintf(file, sizeof file, "%.32s-%016llx%016llx.clbin", name, (unsigned long long)e->key[0],
           (unsigned long long)e->key[1]);
  e->path = join(dir, file);
  if (e->path)
    e->dir = dir;
  else {
    note("disk cache skipped: out of host memory");
    free(dir);
  }
}

void clt__disk_cache_end(clt__disk_entry *e) {
  free(e->path);
  free(e->dir);
  e->path = e->dir = NULL;
}

/* ---- reading ---- */

static int read_all(int fd, void *buf, size_t size) {
  unsigned char *p = buf;
  while (size) {
    ssize_t n = read(fd, p, size);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return -1;
    p += n;
    size -= (size_t)n;
  }
  return 0;
}

/* The binary of e's file if every header field checks out, else -1 with the reason noted. */
static int read_binary(const clt__disk_entry *e, unsigned char **binary, size_t *size) {
  unsigned char head[CLT__DISK_CACHE_HEADER_SIZE];
  unsigned char *bin = NULL;
  int rc = -1;
  *binary = NULL;
  int fd = open(e->path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT)
      note("no cached binary at %s", e->path);
    else
      note("cannot open %s: %s", e->path, strerror(errno));
    return -1;
  }
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    note("ignored %s: not a regular file", e->path);
    goto cleanup;
  }
  if ((uint64_t)st.st_size < CLT__DISK_CACHE_HEADER_SIZE || read_all(fd, head, sizeof head) != 0) {
    note("ignored %s: truncated header", e->path);
    goto cleanup;
  }
  uint64_t length = load_le64(head + 32);
  if (memcmp(head, file_magic, sizeof file_magic) != 0) {
    note("ignored %s: bad magic", e->path);
    goto cleanup;
  }
  if (load_le32(head + 8) != FORMAT_VERSION || load_le32(head + 12) != CLT__DISK_CACHE_HEADER_SIZE) {
    note("ignored %s: format version %u", e->path, (unsigned)load_le32(head + 8));
    goto cleanup;
  }
  if (load_le64(head + 16) != e->key[0] || load_le64(head + 24) != e->key[1]) {
    note("ignored %s: stale (key mismatch)", e->path);
    goto cleanup;
  }
  if (length == 0 || length > MAX_BINARY_BYTES ||
      length != (uint64_t)st.st_size - CLT__DISK_CACHE_HEADER_SIZE) {
    note("ignored %s: size %lld does not match binary length %llu", e->path, (long long)st.st_size,
         (unsigned long long)length);
    goto cleanup;
  }
  bin = malloc((size_t)length);
  if (!bin) {
    note("ignored %s: out of host memory", e->path);
    goto cleanup;
  }
  if (read_all(fd, bin, (size_t)length) != 0) {
    note("ignored %s: truncated binary", e->path);
    goto cleanup;
  }
  if (clt__disk_cache_checksum(bin, (size_t)length) != load_le64(head + 40)) {
    note("ignored %s: bad checksum", e->path);
    goto cleanup;
  }
  *binary = bin;
  *size = (size_t)length;
  bin = NULL;
  rc = 0;
cleanup:
  free(bin);
  close(fd);
  return rc;
}

cl_program clt__disk_cache_load(const clt__disk_entry *e, cl_context ctx, cl_device_id dev,
                                const char *options) {
  unsigned char *bin = NULL;
  size_t size = 0;
  cl_program prog = NULL;
  if (!e->path || read_binary(e, &bin, &size) != 0)
    return NULL;
  const unsigned char *bins[1] = {bin};
  cl_int bin_status = CL_SUCCESS, err;
  prog = clCreateProgramWithBinary(ctx, 1, &dev, &size, bins, &bin_status, &err);
  if (err != CL_SUCCESS || bin_status != CL_SUCCESS) {
    note("driver rejected %s: clCreateProgramWithBinary: %s", e->path,
         clt_status_string((clt_status)(err != CL_SUCCESS ? err : bin_status)));
    goto fail;
  }
  err = clBuildProgram(prog, 1, &dev, options, NULL, NULL);
  if (err != CL_SUCCESS) {
    note("driver rejected %s: clBuildProgram: %s", e->path, clt_status_string((clt_status)err));
    goto fail;
  }
  note("loaded %s", e->path);
  free(bin);
  return prog;
fail:
  if (prog)
    clReleaseProgram(prog);
  free(bin);
  return NULL;
}

/* ---- writing ---- */

static int write_all(int fd, const void *buf, size_t size) {
  const unsigned char *p = buf;
  while (size) {
    ssize_t n = write(fd, p, size);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return -1;
    p += n;
    size -= (size_t)n;
  }
  return 0;
}

/* Our device's binary out of prog. The query wants a buffer for each of the program's devices (a
 * context may hold several); the others were not built, so their buffers are empty or tiny. */
static int program_binary(cl_program prog, cl_device_id dev, unsigned char **binary, size_t *size) {
  cl_uint n = 0;
  cl_device_id *devs = NULL;
  size_t *sizes = NULL;
  unsigned char **bins = NULL;
  int rc = -1;
  *binary = NULL;
  if (clGetProgramInfo(prog, CL_PROGRAM_NUM_DEVICES, sizeof n, &n, NULL) != CL_SUCCESS || n == 0) {
    note_more("not stored: CL_PROGRAM_NUM_DEVICES failed");
    return -1;
  }
  devs = malloc(n * sizeof *devs);
  sizes = calloc(n, sizeof *sizes);
  bins = calloc(n, sizeof *bins);
  if (!devs || !sizes || !bins) {
    note_more("not stored: out of host memory");
    goto cleanup;
  }
  if (clGetProgramInfo(prog, CL_PROGRAM_DEVICES, n * sizeof *devs, devs, NULL) != CL_SUCCESS ||
      clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, n * sizeof *sizes, sizes, NULL) != CL_SUCCESS) {
    note_more("not stored: CL_PROGRAM_DEVICES or CL_PROGRAM_BINARY_SIZES failed");
    goto cleanup;
  }
  cl_uint mine = n;
  for (cl_uint i = 0; i < n; i++)
    if (devs[i] == dev)
      mine = i;
  if (mine == n || sizes[mine] == 0 || sizes[mine] > MAX_BINARY_BYTES) {
    note_more("not stored: the driver offers no binary for the device");
    goto cleanup;
  }
  for (cl_uint i = 0; i < n; i++)
    if (sizes[i] && !(bins[i] = malloc(sizes[i]))) {
      note_more("not stored: out of host memory");
      goto cleanup;
    }
  if (clGetProgramInfo(prog, CL_PROGRAM_BINARIES, n * sizeof *bins, bins, NULL) != CL_SUCCESS) {
    note_more("not stored: CL_PROGRAM_BINARIES failed");
    goto cleanup;
  }
  *binary = bins[mine];
  *size = sizes[mine];
  bins[mine] = NULL;
  rc = 0;
cleanup:
  for (cl_uint i = 0; bins && i < n; i++)
    free(bins[i]);
  free(bins);
  free(sizes);
  free(devs);
  return rc;
}

void clt__disk_cache_store(const clt__disk_entry *e, cl_program prog, cl_device_id dev) {
  unsigned char *bin = NULL;
  size_t size = 0;
  char *tmp = NULL;
  int fd = -1;
  if (!e->path || program_binary(prog, dev, &bin, &size) != 0 || clt__make_dirs(e->dir) != 0)
    goto cleanup;

  unsigned char head[CLT__DISK_CACHE_HEADER_SIZE];
  memcpy(head, file_magic, sizeof file_magic);
  store_le32(head + 8, FORMAT_VERSION);
  store_le32(head + 12, CLT__DISK_CACHE_HEADER_SIZE);
  store_le64(head + 16, e->key[0]);
  store_le64(head + 24, e->key[1]);
  store_le64(head + 32, (uint64_t)size);
  store_le64(head + 40, clt__disk_cache_checksum(bin, size));

  /* A private temporary file in the same directory, renamed over the final name: readers in other
   * processes see the old file or the new one, never a half-written one, and concurrent writers of the
   * same key just replace each other's identical result. No fsync: a file torn by a crash fails its
   * length or checksum check and is rebuilt. */
  size_t plen = strlen(e->path);
  tmp = malloc(plen + sizeof ".tmp.XXXXXX");
  if (!tmp) {
    note_more("not stored: out of host memory");
    goto cleanup;
  }
  memcpy(tmp, e->path, plen);
  memcpy(tmp + plen, ".tmp.XXXXXX", sizeof ".tmp.XXXXXX");
  fd = mkstemp(tmp);
  if (fd < 0) {
    note_more("not stored: cannot create a file in %s: %s", e->dir, strerror(errno));
    goto cleanup;
  }
  (void)fcntl(fd, F_SETFD, FD_CLOEXEC);
  int failed = write_all(fd, head, sizeof head) != 0 || write_all(fd, bin, size) != 0;
  int saved_errno = errno;
  if (close(fd) != 0 && !failed) {
    failed = 1;
    saved_errno = errno;
  }
  fd = -1;
  if (failed || rename(tmp, e->path) != 0) {
    note_more("not stored: writing %s failed: %s", e->path, strerror(failed ? saved_errno : errno));
    unlink(tmp);
    goto cleanup;
  }
  note_more("stored %s", e->path);
cleanup:
  if (fd >= 0)
    close(fd);
  free(tmp);
  free(bin);
}

#else /* _WIN32: only the checksum above compiles there; the disk cache is POSIX-only for now */

void clt__disk_cache_begin(clt__disk_entry *e, cl_device_id dev, const char *name, cl_uint count,
                           const char *const *texts, const size_t *lengths, const char *options) {
  (void)dev, (void)name, (void)count, (void)texts, (void)lengths, (void)options;
  memset(e, 0, sizeof *e);
  note("disk cache off: not implemented on Windows");
}

void clt__disk_cache_end(clt__disk_entry *e) {
  e->path = e->dir = NULL;
}

cl_program clt__disk_cache_load(const clt__disk_entry *e, cl_context ctx, cl_device_id dev,
                                const char *options) {
  (void)e, (void)ctx, (void)dev, (void)options;
  return NULL;
}

void clt__disk_cache_store(const clt__disk_entry *e, cl_program prog, cl_device_id dev) {
  (void)e, (void)prog, (void)dev;
}

#endif
