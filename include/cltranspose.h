/* cltranspose: out-of-place matrix transpose for any OpenCL 1.2+ device.
 * This is the library's only public header. Every function returns a clt_status (negative values are
 * OpenCL error codes passed through unchanged) and never prints; clt_last_error() keeps the detail. */
#ifndef CLTRANSPOSE_H
#define CLTRANSPOSE_H

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <stddef.h>

#ifdef __APPLE__
#include <OpenCL/opencl.h>
#else
#include <CL/cl.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Marks the public entry points; everything else in the shared library is hidden. */
#if defined(CLT_BUILDING_LIBRARY) && (defined(__GNUC__) || defined(__clang__))
#define CLT_API __attribute__((visibility("default")))
#else
#define CLT_API
#endif

#define CLT_VERSION_MAJOR 0
#define CLT_VERSION_MINOR 1
#define CLT_VERSION_PATCH 0

/* The types below keep the layout of the API contract. */
/* clang-format off */
typedef enum clt_status {   /* 0 = success; negative = an OpenCL error code passed through unchanged */
  CLT_SUCCESS = 0,
  CLT_INVALID_VALUE = 1,    /* bad descriptor: zero dims, bad elem_size, ld too small, size overflow, overlap, NULL */
  CLT_INVALID_BUFFER,       /* NULL cl_mem, or a buffer smaller than the view the descriptor describes */
  CLT_UNSUPPORTED,          /* the device cannot run what was asked */
  CLT_BUILD_FAILED,         /* kernel compile failed; the build log is in clt_last_error() */
  CLT_OUT_OF_HOST_MEMORY,
  CLT_NO_DEVICE             /* clt_transpose_host found no OpenCL device */
} clt_status;

typedef enum clt_variant {
  CLT_VARIANT_AUTO = 0,     /* the fastest this library knows for the device and shape */
  CLT_VARIANT_NAIVE,        /* one element per work-item */
  CLT_VARIANT_TILED,        /* local-memory tile with +1 padding against bank conflicts */
  CLT_VARIANT_VECTOR,       /* 4-wide vector loads and stores (float4 for 4-byte elements) */
  CLT_VARIANT_BLOCK,        /* each work-item transposes a vector block in registers, no local memory (CPUs) */
  CLT_VARIANT_RECT,         /* rectangular local tiles whose stores fill whole memory sectors (GPUs) */
  CLT_VARIANT_NARROW,       /* tiles as narrow as a tall or wide matrix's short side, flat vector runs (GPUs) */
  /* Not a transpose: copies each matrix's rows*cols elements unchanged with 16-byte vectors. It is the
   * bandwidth ceiling that benchmarks divide by. Both views must be dense (default ld and stride). */
  CLT_VARIANT_COPY = 64
} clt_variant;

typedef struct clt_desc {   /* zero means default for every field but rows, cols, elem_size */
  size_t rows, cols;        /* the source is rows x cols, row-major; dst becomes cols x rows */
  size_t elem_size;         /* bytes per element: 1, 2, 4, 8 or 16 (the library only moves bits) */
  size_t batch;             /* number of matrices; 0 means 1 */
  size_t src_offset, src_ld, src_stride; /* in elements; ld 0 = cols; stride 0 = rows * ld */
  size_t dst_offset, dst_ld, dst_stride; /* in elements; ld 0 = rows; stride 0 = cols * ld */
  clt_variant variant;
} clt_desc;

/* A plan is bound to one context+device and one descriptor; it is thread-safe to enqueue. */
typedef struct clt_plan clt_plan;
/* clang-format on */

/* Creates *plan for desc on (context, device) and compiles its kernel (or takes it from the in-memory
 * program cache). The plan retains context and device until clt_plan_destroy. On failure *plan is set
 * to NULL and nothing is retained. */
CLT_API clt_status clt_plan_create(clt_plan **plan, cl_context context, cl_device_id device,
                                   const clt_desc *desc);

/* Enqueues the transpose of src into dst on queue (which must belong to the plan's context and device),
 * like clEnqueueNDRangeKernel: it waits for event_wait_list and, if event is not NULL, returns in *event
 * an event the caller must release. queue, src and dst are borrowed for the call only. The buffers are
 * checked against the views before anything is enqueued: on error nothing is written. */
CLT_API clt_status clt_plan_enqueue(clt_plan *plan, cl_command_queue queue, cl_mem src, cl_mem dst,
                                    cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
                                    cl_event *event);

/* Releases the plan and what it retained. NULL is allowed. */
CLT_API void clt_plan_destroy(clt_plan *plan);

/* One call: context and device come from the queue; plans and programs are cached inside the library
 * (see clt_cache_clear). Arguments and result as clt_plan_enqueue. */
CLT_API clt_status clt_transpose(cl_command_queue queue, const clt_desc *desc, cl_mem src, cl_mem dst,
                                 cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
                                 cl_event *event);

/* Host memory in and out on the default device: env CLT_DEVICE (substring of the device name) picks
 * one, otherwise the first GPU, otherwise the first device of any kind (POCL on a machine with no GPU).
 * Blocks until dst holds the result. src and dst must not overlap. */
CLT_API clt_status clt_transpose_host(const clt_desc *desc, const void *src, void *dst);

/* Names library and OpenCL codes alike ("CLT_INVALID_VALUE", "CL_OUT_OF_RESOURCES"); never NULL. */
CLT_API const char *clt_status_string(clt_status status);

/* This thread's detail of its last failure (build log included); "" if none. The string belongs to the
 * library and stays valid until this thread's next call into it. */
CLT_API const char *clt_last_error(void);

/* Extensions beyond the base contract. */

/* The variant and the kernel's -D build options the plan runs (after AUTO is resolved); the string
 * belongs to the plan. Either output may be NULL. */
CLT_API clt_status clt_plan_info(const clt_plan *plan, clt_variant *variant, const char **build_options);

/* Releases every program, plan and device retained by the library's internal caches (clt_transpose's
 * plans, compiled programs). Call it before releasing a context that clt_transpose or clt_transpose_host
 * used if the context must really go away, or at exit to leave nothing behind. Thread-safe; plans
 * created by clt_plan_create stay valid. */
CLT_API void clt_cache_clear(void);

/* Kernel knobs, for tuning. A zero field means "the library's choice" for that field. */
typedef struct clt_tuning { /* for CLT_VARIANT_COPY: vector_width = words in flight, tile = groups per CU */
  clt_variant variant;      /* AUTO = the library's choice */
  unsigned tile;            /* tile side in elements (tiled, vector); rect: tile rows, the run of each */
                            /* destination row a group writes (a multiple of wg_x * vector_width); */
                            /* narrow: the tile's long extent (a power of two up to 4096) */
  unsigned vector_width;    /* elements per vector access (vector, block, rect; narrow: the largest */
                            /* along the long side): 1, 2, 4, 8 or 16 */
  unsigned wg_y;            /* work-group height (narrow: 1, its groups are one-dimensional) */
  unsigned pad;             /* local-memory padding in elements per tile row (tiled, rect, narrow) */
  unsigned wg_x;            /* work-group width (naive, block, rect: tile columns = wg_x * vector_width; */
                            /* narrow: work-items per group); tiled and vector derive it from tile */
  unsigned dst_align;       /* vector, rect and narrow (tall sources), misaligned destination: bytes its */
                            /* stores align to (power of two; 1 = no skew) */
  unsigned units;           /* rect: 1 = the tile held as 16-byte units of one column, filled from */
                            /* blocks transposed in registers (vectors of 4 to 16 bytes; where the */
                            /* layout has 16-byte aligned destination rows and aligned source rows, */
                            /* else the element size's default vectors and work-group; dst_align 8 or */
                            /* 4: rows on that many bytes, each unit stored in such pieces); 0 = padded */
                            /* rows */
  unsigned tile_cols;       /* block on CPUs: the columns of each work-item's tile (tile = its rows), a */
                            /* power of two and a multiple of vector_width, up to 16 KiB of elements */
} clt_tuning;

/* The shape classes a tuning entry applies to (see clt_shape_class_of). Tall and wide are apart
 * because the kernel that suits one can be slow on the other: a tall source's transpose writes many
 * short runs into a few long destination rows, a wide source's reads them. */
typedef enum clt_shape_class {
  CLT_SHAPE_ALIGNED = 0, /* both sides a multiple of 4 elements, rows and cols > 256 */
  CLT_SHAPE_ODD,         /* a side or leading dimension not a multiple of 4 */
  CLT_SHAPE_TALL,        /* at most 256 columns and more rows than columns */
  CLT_SHAPE_BATCHED,     /* batch > 1 of matrices of at most 2^20 elements */
  CLT_SHAPE_WIDE,        /* at most 256 rows and at least as many columns */
  CLT_SHAPE_CLASS_COUNT
} clt_shape_class;

/* Version 0.1's name for the tall class, when tall and wide were one class "skinny" (a tuning file's
 * "skinny" line still applies to both). */
#define CLT_SHAPE_SKINNY CLT_SHAPE_TALL

/* As clt_plan_create, with the knobs in tuning instead of the library's choice (NULL = the choice).
 * Knobs that do not fit the device are shrunk until they do; clt_plan_tuning tells what was used. */
CLT_API clt_status clt_plan_create_tuned(clt_plan **plan, cl_context context, cl_device_id device,
                                         const clt_desc *desc, const clt_tuning *tuning);

/* The knobs the plan runs with (after AUTO and shrinking are resolved). */
CLT_API clt_status clt_plan_tuning(const clt_plan *plan, clt_tuning *tuning);

/* The class of a descriptor (CLT_INVALID_VALUE for a bad one). */
CLT_API clt_status clt_shape_class_of(const clt_desc *desc, clt_shape_class *shape_class);

/* The name of a shape class ("aligned", "odd", "tall", "batched", "wide"), or NULL if unknown. */
CLT_API const char *clt_shape_class_name(clt_shape_class shape_class);

/* Records tuning as the AUTO choice for (device, elem_size, shape_class) in the device's tuning file,
 * keyed by platform, device name and driver version, in the cache directory: env CLT_CACHE_DIR, else
 * $XDG_CACHE_HOME/cltranspose, else ~/.cache/cltranspose ("off" disables it). Plans created after the
 * call use it. The file is replaced atomically. */
CLT_API clt_status clt_tuning_save(cl_device_id device, size_t elem_size, clt_shape_class shape_class,
                                   const clt_tuning *tuning);

/* The path of the device's tuning file (whether or not it exists) into buf. */
CLT_API clt_status clt_tuning_file_path(cl_device_id device, char *buf, size_t buf_size);

/* The name of a variant ("auto", "naive", "tiled", "vector", "block", "rect", "narrow", "copy"), or NULL if
 * unknown. */
CLT_API const char *clt_variant_name(clt_variant variant);

#ifdef __cplusplus
}
#endif
#endif /* CLTRANSPOSE_H */
