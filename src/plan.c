/* Plans: a validated layout bound to one context and device, with its kernel built and its shape
 * arguments set once. Enqueueing only checks the buffers and binds them. Also the one-call
 * clt_transpose, which keeps plans in a small cache keyed by context, device and descriptor. */
#define _POSIX_C_SOURCE 200809L
#include "clt_internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define CLT__OPTIONS_MAX 1024

struct clt_plan {
  cl_context context;
  cl_device_id device;
  clt__layout layout;
  clt__config cfg;
  cl_program program;
  cl_kernel kernel;
  size_t global[3], local[3];
  /* clSetKernelArg + clEnqueueNDRangeKernel on one kernel object must not interleave across threads. */
  pthread_mutex_t lock;
  char options[CLT__OPTIONS_MAX];
};

static clt_status cl_fail(cl_int err, const char *what) {
  return clt__fail((clt_status)err, "%s failed: %s", what, clt_status_string((clt_status)err));
}

static clt_status check_device_in_context(cl_context ctx, cl_device_id dev) {
  cl_uint n = 0;
  cl_int err = clGetContextInfo(ctx, CL_CONTEXT_NUM_DEVICES, sizeof n, &n, NULL);
  if (err != CL_SUCCESS)
    return cl_fail(err, "clGetContextInfo(CL_CONTEXT_NUM_DEVICES)");
  cl_device_id *devs = malloc(n * sizeof *devs);
  if (!devs)
    return clt__fail(CLT_OUT_OF_HOST_MEMORY, "out of host memory");
  err = clGetContextInfo(ctx, CL_CONTEXT_DEVICES, n * sizeof *devs, devs, NULL);
  int found = 0;
  for (cl_uint i = 0; err == CL_SUCCESS && i < n; i++)
    found |= devs[i] == dev;
  free(devs);
  if (err != CL_SUCCESS)
    return cl_fail(err, "clGetContextInfo(CL_CONTEXT_DEVICES)");
  return found ? CLT_SUCCESS : clt__fail((clt_status)CL_INVALID_DEVICE, "the device is not in the context");
}

clt_status clt__layout_checked(const clt_desc *desc, clt__layout *out) {
  char msg[256];
  clt_status st = clt__layout_from_desc(desc, out, msg, sizeof msg);
  return st == CLT_SUCCESS ? st : clt__fail(st, "%s", msg);
}

/* Builds cfg's program and kernel, shrinking the work-group while the kernel's own limit is lower than
 * the device's (it depends on registers and local memory, known only after the build). */
static clt_status build_kernel(clt_plan *p, const clt__device_info *info) {
  const char *extra = getenv("CLT_BUILD_OPTIONS");
  const char *index64 = getenv("CLT_INDEX64");
  if (index64 && strcmp(index64, "1") == 0) /* the 64-bit index path on small matrices, for testing */
    p->cfg.idx32 = 0;
  for (int attempt = 0; attempt < 16; attempt++) {
    size_t used;
    clt__config_set_order(info, &p->cfg, &p->layout);
    if (clt__config_options(&p->cfg, p->layout.elem_size, p->options, sizeof p->options) != 0 ||
        (used = strlen(p->options), extra && used + 1 + strlen(extra) >= sizeof p->options))
      return clt__fail(CLT_UNSUPPORTED, "the kernel's build options do not fit %d bytes", CLT__OPTIONS_MAX);
    if (extra && *extra) {
      p->options[used] = ' ';
      strcpy(p->options + used + 1, extra);
    }
    clt_status st = clt__program_get(p->context, p->device, p->cfg.source, p->options, &p->program);
    if (st == CLT_BUILD_FAILED && (p->cfg.l2pf || p->cfg.l2last)) {
      /* A compiler that takes no L2 hints (cl/rect.cl's L2PF, cl/common.cl's L2LAST) builds the kernel
       * without. */
      p->cfg.l2pf = 0;
      p->cfg.l2last = 0;
      clt__clear_error();
      continue;
    }
    if (st != CLT_SUCCESS)
      return st;
    cl_int err;
    p->kernel = clCreateKernel(p->program, p->cfg.kernel, &err);
    if (err != CL_SUCCESS)
      return cl_fail(err, "clCreateKernel");
    size_t kmax = 0;
    err = clGetKernelWorkGroupInfo(p->kernel, p->device, CL_KERNEL_WORK_GROUP_SIZE, sizeof kmax, &kmax, NULL);
    if (err != CL_SUCCESS)
      return cl_fail(err, "clGetKernelWorkGroupInfo(CL_KERNEL_WORK_GROUP_SIZE)");
    int fit = clt__config_fit_kernel_limit(&p->cfg, kmax);
    if (fit == 0) {
      clt__config_ndrange(&p->cfg, &p->layout, info, p->global, p->local);
      return CLT_SUCCESS;
    }
    clReleaseKernel(p->kernel);
    clReleaseProgram(p->program);
    p->kernel = NULL;
    p->program = NULL;
    if (fit < 0)
      return clt__fail(CLT_UNSUPPORTED, "kernel %s allows only %zu work-items per group", p->cfg.kernel,
                       kmax);
  }
  return clt__fail(CLT_UNSUPPORTED, "no work-group shape fits kernel %s", p->cfg.kernel);
}

/* Shape arguments are fixed for the plan's life: set them once, buffers at each enqueue. */
static clt_status set_shape_args(clt_plan *p) {
  const clt__layout *l = &p->layout;
  cl_int err = CL_SUCCESS;
  if (p->cfg.variant == CLT_VARIANT_COPY) {
    cl_ulong v[3] = {l->src_begin, l->dst_begin, (cl_ulong)l->rows * l->cols * l->batch * l->elem_size};
    for (cl_uint i = 0; i < 3 && err == CL_SUCCESS; i++)
      err = clSetKernelArg(p->kernel, 2 + i, sizeof v[i], &v[i]);
  } else {
    cl_ulong v[9] = {l->rows,       l->cols,       l->batch,  l->src_offset, l->src_ld,
                     l->src_stride, l->dst_offset, l->dst_ld, l->dst_stride};
    for (cl_uint i = 0; i < 9 && err == CL_SUCCESS; i++)
      err = clSetKernelArg(p->kernel, 2 + i, sizeof v[i], &v[i]);
  }
  return err == CL_SUCCESS ? CLT_SUCCESS : cl_fail(err, "clSetKernelArg");
}

static void plan_free(clt_plan *p) {
  if (!p)
    return;
  if (p->kernel)
    clReleaseKernel(p->kernel);
  if (p->program)
    clReleaseProgram(p->program);
  if (p->device)
    clReleaseDevice(p->device);
  if (p->context)
    clReleaseContext(p->context);
  pthread_mutex_destroy(&p->lock);
  free(p);
}

/* The configuration: explicit knobs, else for AUTO the device's tuned knobs, else the heuristics (an
 * explicit rect's tiles cut to a tall or wide short side as AUTO's are). The L2 hint goes with the
 * kernel whatever chose its knobs, so --tune times each candidate as AUTO would run it. */
static clt_status pick_config(const clt__device_info *info, const clt__layout *l, const clt_tuning *tuning,
                              clt__config *cfg) {
  if (!tuning && l->variant == CLT_VARIANT_AUTO)
    return clt__auto_config(info, l, cfg);
  return clt__explicit_config(info, l, tuning, cfg);
}

clt_status clt_plan_create_tuned(clt_plan **plan, cl_context context, cl_device_id device,
                                 const clt_desc *desc, const clt_tuning *tuning) {
  clt__clear_error();
  if (!plan)
    return clt__fail(CLT_INVALID_VALUE, "plan (the output pointer) is NULL");
  *plan = NULL;
  if (!context || !device)
    return clt__fail(CLT_INVALID_VALUE, "context or device is NULL");
  clt__layout layout;
  clt_status st = clt__layout_checked(desc, &layout);
  if (st != CLT_SUCCESS)
    return st;
  if ((st = check_device_in_context(context, device)) != CLT_SUCCESS)
    return st;
  clt__device_info info;
  if ((st = clt__device_query(device, &info)) != CLT_SUCCESS)
    return st;

  clt_plan *p = calloc(1, sizeof *p);
  if (!p)
    return clt__fail(CLT_OUT_OF_HOST_MEMORY, "out of host memory for a plan");
  if (pthread_mutex_init(&p->lock, NULL) != 0) {
    free(p);
    return clt__fail(CLT_OUT_OF_HOST_MEMORY, "pthread_mutex_init failed");
  }
  clRetainContext(context);
  clRetainDevice(device);
  p->context = context;
  p->device = device;
  p->layout = layout;
  if ((st = pick_config(&info, &layout, tuning, &p->cfg)) != CLT_SUCCESS)
    goto fail;
  if ((st = build_kernel(p, &info)) != CLT_SUCCESS)
    goto fail;
  if ((st = set_shape_args(p)) != CLT_SUCCESS)
    goto fail;
  *plan = p;
  return CLT_SUCCESS;

fail:
  plan_free(p);
  return st;
}

clt_status clt_plan_create(clt_plan **plan, cl_context context, cl_device_id device, const clt_desc *desc) {
  return clt_plan_create_tuned(plan, context, device, desc, NULL);
}

void clt_plan_destroy(clt_plan *plan) {
  plan_free(plan);
}

clt_status clt_plan_info(const clt_plan *plan, clt_variant *variant, const char **build_options) {
  clt__clear_error();
  if (!plan)
    return clt__fail(CLT_INVALID_VALUE, "plan is NULL");
  if (variant)
    *variant = plan->cfg.variant;
  if (build_options)
    *build_options = plan->options;
  return CLT_SUCCESS;
}

clt_status clt_plan_tuning(const clt_plan *plan, clt_tuning *tuning) {
  clt__clear_error();
  if (!plan || !tuning)
    return clt__fail(CLT_INVALID_VALUE, "plan or tuning is NULL");
  clt__config_to_tuning(&plan->cfg, tuning);
  return CLT_SUCCESS;
}

clt_status clt_shape_class_of(const clt_desc *desc, clt_shape_class *shape_class) {
  clt__clear_error();
  clt__layout l;
  clt_status st = clt__layout_checked(desc, &l);
  if (st != CLT_SUCCESS)
    return st;
  if (!shape_class)
    return clt__fail(CLT_INVALID_VALUE, "shape_class is NULL");
  *shape_class = clt__shape_class(&l);
  return CLT_SUCCESS;
}

/* The buffer a (sub-)buffer lives in, and its byte offset there, so overlap is caught across views. */
static clt_status mem_root(cl_mem m, cl_mem *root, size_t *offset) {
  *root = m;
  *offset = 0;
  cl_mem parent = NULL;
  cl_int err = clGetMemObjectInfo(m, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof parent, &parent, NULL);
  if (err == CL_SUCCESS && parent) {
    err = clGetMemObjectInfo(m, CL_MEM_OFFSET, sizeof *offset, offset, NULL);
    *root = parent;
  }
  return err == CL_SUCCESS ? CLT_SUCCESS : cl_fail(err, "clGetMemObjectInfo");
}

static clt_status check_buffer(const clt_plan *p, cl_mem m, const char *name, size_t end) {
  if (!m)
    return clt__fail(CLT_INVALID_BUFFER, "%s is NULL", name);
  size_t size = 0;
  cl_context ctx = NULL;
  cl_int err = clGetMemObjectInfo(m, CL_MEM_SIZE, sizeof size, &size, NULL);
  if (err == CL_SUCCESS)
    err = clGetMemObjectInfo(m, CL_MEM_CONTEXT, sizeof ctx, &ctx, NULL);
  if (err != CL_SUCCESS)
    return clt__fail(CLT_INVALID_BUFFER, "%s is not a valid buffer: %s", name,
                     clt_status_string((clt_status)err));
  if (ctx != p->context)
    return clt__fail(CLT_INVALID_BUFFER, "%s belongs to another context than the plan's", name);
  if (size < end)
    return clt__fail(CLT_INVALID_BUFFER, "%s holds %zu bytes but the view reaches byte %zu", name, size, end);
  return CLT_SUCCESS;
}

static clt_status check_enqueue(const clt_plan *p, cl_command_queue queue, cl_mem src, cl_mem dst,
                                cl_uint num_events, const cl_event *events) {
  if (!queue)
    return clt__fail(CLT_INVALID_VALUE, "queue is NULL");
  if ((num_events == 0) != (events == NULL))
    return clt__fail((clt_status)CL_INVALID_EVENT_WAIT_LIST,
                     "num_events_in_wait_list and event_wait_list disagree");
  cl_context qctx = NULL;
  cl_device_id qdev = NULL;
  cl_int err = clGetCommandQueueInfo(queue, CL_QUEUE_CONTEXT, sizeof qctx, &qctx, NULL);
  if (err == CL_SUCCESS)
    err = clGetCommandQueueInfo(queue, CL_QUEUE_DEVICE, sizeof qdev, &qdev, NULL);
  if (err != CL_SUCCESS)
    return cl_fail(err, "clGetCommandQueueInfo");
  if (qctx != p->context || qdev != p->device)
    return clt__fail((clt_status)CL_INVALID_CONTEXT, "the queue is not on the plan's context and device");
  clt_status st = check_buffer(p, src, "src", p->layout.src_end);
  if (st == CLT_SUCCESS)
    st = check_buffer(p, dst, "dst", p->layout.dst_end);
  if (st != CLT_SUCCESS)
    return st;
  cl_mem sroot, droot;
  size_t soff, doff;
  if ((st = mem_root(src, &sroot, &soff)) != CLT_SUCCESS ||
      (st = mem_root(dst, &droot, &doff)) != CLT_SUCCESS)
    return st;
  if (sroot == droot && clt__ranges_overlap(soff + p->layout.src_begin, soff + p->layout.src_end,
                                            doff + p->layout.dst_begin, doff + p->layout.dst_end))
    return clt__fail(CLT_INVALID_VALUE,
                     "src and dst views overlap in one buffer (in-place is not supported)");
  return CLT_SUCCESS;
}

clt_status clt_plan_enqueue(clt_plan *plan, cl_command_queue queue, cl_mem src, cl_mem dst,
                            cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
                            cl_event *event) {
  clt__clear_error();
  if (!plan)
    return clt__fail(CLT_INVALID_VALUE, "plan is NULL");
  clt_status st = check_enqueue(plan, queue, src, dst, num_events_in_wait_list, event_wait_list);
  if (st != CLT_SUCCESS)
    return st;
  pthread_mutex_lock(&plan->lock);
  cl_int err = clSetKernelArg(plan->kernel, 0, sizeof src, &src);
  if (err == CL_SUCCESS)
    err = clSetKernelArg(plan->kernel, 1, sizeof dst, &dst);
  if (err == CL_SUCCESS)
    err = clEnqueueNDRangeKernel(queue, plan->kernel, 3, NULL, plan->global, plan->local,
                                 num_events_in_wait_list, event_wait_list, event);
  pthread_mutex_unlock(&plan->lock);
  return err == CL_SUCCESS ? CLT_SUCCESS : cl_fail(err, "enqueueing the transpose kernel");
}

/* ---- the plan cache behind clt_transpose ---- */

#define CLT__PLAN_CACHE_MAX 64

typedef struct clt__cached_plan {
  struct clt__cached_plan *next;
  cl_context context;
  cl_device_id device;
  clt__layout layout;
  clt_plan *plan;
  unsigned users; /* threads enqueueing through it right now */
  int evicted;    /* out of the list; freed by its last user */
} clt__cached_plan;

static pthread_mutex_t plan_cache_lock = PTHREAD_MUTEX_INITIALIZER;
static clt__cached_plan *plan_cache;
static unsigned plan_cache_size;

static int same_layout(const clt__layout *a, const clt__layout *b) {
  return a->rows == b->rows && a->cols == b->cols && a->elem_size == b->elem_size && a->batch == b->batch &&
         a->src_offset == b->src_offset && a->src_ld == b->src_ld && a->src_stride == b->src_stride &&
         a->dst_offset == b->dst_offset && a->dst_ld == b->dst_ld && a->dst_stride == b->dst_stride &&
         a->variant == b->variant;
}

/* With plan_cache_lock held: the entry, moved to the front (most recently used), with one more user. */
static clt__cached_plan *plan_cache_take(cl_context ctx, cl_device_id dev, const clt__layout *l) {
  for (clt__cached_plan **pp = &plan_cache; *pp; pp = &(*pp)->next) {
    clt__cached_plan *e = *pp;
    if (e->context == ctx && e->device == dev && same_layout(&e->layout, l)) {
      *pp = e->next;
      e->next = plan_cache;
      plan_cache = e;
      e->users++;
      return e;
    }
  }
  return NULL;
}

static void plan_cache_drop(clt__cached_plan *e) {
  pthread_mutex_lock(&plan_cache_lock);
  int free_it = --e->users == 0 && e->evicted;
  pthread_mutex_unlock(&plan_cache_lock);
  if (free_it) {
    clt_plan_destroy(e->plan);
    free(e);
  }
}

/* With plan_cache_lock held: unlinks the least recently used idle entries past the limit. Returns the
 * ones to destroy (outside the lock) as a list. */
static clt__cached_plan *plan_cache_trim(unsigned limit) {
  clt__cached_plan *doomed = NULL;
  clt__cached_plan **pp = &plan_cache;
  unsigned kept = 0;
  while (*pp) {
    clt__cached_plan *e = *pp;
    if (kept < limit) {
      kept++;
      pp = &e->next;
      continue;
    }
    *pp = e->next;
    plan_cache_size--;
    e->evicted = 1;
    if (e->users == 0) {
      e->next = doomed;
      doomed = e;
    }
  }
  return doomed;
}

static void destroy_list(clt__cached_plan *list) {
  while (list) {
    clt__cached_plan *next = list->next;
    clt_plan_destroy(list->plan);
    free(list);
    list = next;
  }
}

clt_status clt_transpose(cl_command_queue queue, const clt_desc *desc, cl_mem src, cl_mem dst,
                         cl_uint num_events_in_wait_list, const cl_event *event_wait_list, cl_event *event) {
  clt__clear_error();
  if (!queue)
    return clt__fail(CLT_INVALID_VALUE, "queue is NULL");
  clt__layout layout;
  clt_status st = clt__layout_checked(desc, &layout);
  if (st != CLT_SUCCESS)
    return st;
  cl_context ctx = NULL;
  cl_device_id dev = NULL;
  cl_int err = clGetCommandQueueInfo(queue, CL_QUEUE_CONTEXT, sizeof ctx, &ctx, NULL);
  if (err == CL_SUCCESS)
    err = clGetCommandQueueInfo(queue, CL_QUEUE_DEVICE, sizeof dev, &dev, NULL);
  if (err != CL_SUCCESS)
    return cl_fail(err, "clGetCommandQueueInfo");

  pthread_mutex_lock(&plan_cache_lock);
  clt__cached_plan *e = plan_cache_take(ctx, dev, &layout);
  pthread_mutex_unlock(&plan_cache_lock);
  if (!e) {
    clt_plan *plan = NULL;
    if ((st = clt_plan_create(&plan, ctx, dev, desc)) != CLT_SUCCESS)
      return st;
    clt__cached_plan *fresh = calloc(1, sizeof *fresh);
    if (!fresh) {
      clt_plan_destroy(plan);
      return clt__fail(CLT_OUT_OF_HOST_MEMORY, "out of host memory for the plan cache");
    }
    pthread_mutex_lock(&plan_cache_lock);
    e = plan_cache_take(ctx, dev, &layout); /* another thread may have made the same plan meanwhile */
    clt__cached_plan *doomed = NULL;
    if (!e) {
      fresh->context = ctx;
      fresh->device = dev;
      fresh->layout = layout;
      fresh->plan = plan;
      fresh->users = 1;
      fresh->next = plan_cache;
      plan_cache = fresh;
      plan_cache_size++;
      e = fresh;
      fresh = NULL;
      plan = NULL;
      doomed = plan_cache_trim(CLT__PLAN_CACHE_MAX);
    }
    pthread_mutex_unlock(&plan_cache_lock);
    destroy_list(doomed);
    clt_plan_destroy(plan);
    free(fresh);
  }
  st = clt_plan_enqueue(e->plan, queue, src, dst, num_events_in_wait_list, event_wait_list, event);
  plan_cache_drop(e);
  return st;
}

void clt__plan_cache_clear(void) {
  pthread_mutex_lock(&plan_cache_lock);
  clt__cached_plan *doomed = plan_cache_trim(0);
  pthread_mutex_unlock(&plan_cache_lock);
  destroy_list(doomed);
}

void clt_cache_clear(void) {
  clt__plan_cache_clear();
  clt__program_cache_clear();
  clt__host_cache_clear();
  clt__tuning_cache_clear();
}
