/* Measurement programs behind bench/results/h200 (see bench/results/README.md); not built by CMake. */
/* tk: exact transposes through the public API with explicit knobs (knobs14.txt E).
 *   TH_DEV=SUBSTR tk VARIANT TILE VW WG_Y WG_X PAD RxC...   (VARIANT: clt_variant's number)
 * Build: gcc -O1 -Iinclude tk.c -Lbuild -lcltranspose -lOpenCL. Each shape: random 4-byte elements,
 * one plan, one transpose, the count of wrong elements (and, for small ones, where the first rows'
 * values came from). */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cltranspose.h"
int main(int argc, char **argv) {
  /* th VARIANT TILE VW WG_Y WG_X PAD SHAPES... */
  int var = atoi(argv[1]); unsigned tile = atoi(argv[2]), vw = atoi(argv[3]), wgy = atoi(argv[4]), wgx = atoi(argv[5]), pad = atoi(argv[6]);
  argv += 4; argc -= 4;
  const char *want = getenv("TH_DEV"); cl_device_id dev = NULL;
  cl_platform_id pl[8]; cl_uint np = 0; clGetPlatformIDs(8, pl, &np);
  for (cl_uint i = 0; i < np && !dev; i++) { cl_device_id ds[8]; cl_uint nd = 0; clGetDeviceIDs(pl[i], CL_DEVICE_TYPE_ALL, 8, ds, &nd);
    for (cl_uint j = 0; j < nd; j++) { char n[256]; clGetDeviceInfo(ds[j], CL_DEVICE_NAME, 256, n, NULL); if (!want || strstr(n, want)) { dev = ds[j]; fprintf(stderr, "device %s\n", n); break; } } }
  if (!dev) return 1;
  cl_int e; cl_context ctx = clCreateContext(0, 1, &dev, 0, 0, &e); cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &e);
  for (int a = 3; a < argc; a++) {
    size_t R, C; sscanf(argv[a], "%zux%zu", &R, &C);
    unsigned *h = malloc(R * C * 4), *o = malloc(R * C * 4);
    for (size_t i = 0; i < R * C; i++) h[i] = (unsigned)rand();
    cl_mem s = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, R * C * 4, h, &e), d = clCreateBuffer(ctx, 0, R * C * 4, 0, &e);
    clt_desc desc; memset(&desc, 0, sizeof desc); desc.rows = R; desc.cols = C; desc.elem_size = 4; desc.batch = 1; desc.variant = (clt_variant)var;
    clt_tuning t = {(clt_variant)var, tile, vw, wgy, pad, wgx, 0, 0, 0};
    clt_plan *plan; clt_status st = clt_plan_create_tuned(&plan, ctx, dev, &desc, &t);
    if (st) { printf("%s create %d %s\n", argv[a], st, clt_last_error()); continue; }
    clt_tuning ran; clt_plan_tuning(plan, &ran);
    st = clt_plan_enqueue(plan, q, s, d, 0, NULL, NULL); clFinish(q);
    clEnqueueReadBuffer(q, d, CL_TRUE, 0, R * C * 4, o, 0, 0, 0);
    size_t bad = 0, first = (size_t)-1;
    for (size_t i = 0; i < C; i++) for (size_t j = 0; j < R; j++) if (o[i * R + j] != h[j * C + i]) { if (!bad) first = i * R + j; bad++; }
    if (bad && R * C < 400) { for (size_t i = 0; i < 3; i++) { for (size_t j = 0; j < R; j++) { unsigned v = o[i * R + j]; long w = -1; for (size_t k = 0; k < R * C; k++) if (h[k] == v) { w = (long)k; break; } if (w >= 0) printf("(%ld,%ld) ", w / (long)C, w % (long)C); else printf("[%08x] ", v); } printf("\n"); } }
    printf("%-8s ran v%d tile %u vw %u wg %ux%u pad %u: %zu wrong", argv[a], ran.variant, ran.tile, ran.vector_width, ran.wg_x, ran.wg_y, ran.pad, bad);
    if (bad) printf(" first dst row %zu col %zu", first / R, first % R);
    printf("\n");
    clt_plan_destroy(plan); clReleaseMemObject(s); clReleaseMemObject(d); free(h); free(o);
  }
  return 0;
}
