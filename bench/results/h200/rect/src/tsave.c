/* Measurement programs behind bench/results/h200/rect (see bench/results/README.md); not built by CMake. */
/* tsave (knobs25.txt F), built against a library build directory BUILD:
 *   gcc -O2 -std=c11 -I../../../../../include tsave.c -o tsave -LBUILD -lcltranspose -lOpenCL -Wl,-rpath,BUILD
 * tsave DEVSUBSTR ES CLASS VARIANT TILE VW WG_Y PAD WG_X ALIGN: clt_tuning_save() of one entry for the
 * first device whose name contains DEVSUBSTR, into CLT_CACHE_DIR's tuning file (an experiment's AUTO). */
#define CL_TARGET_OPENCL_VERSION 300
#include "cltranspose.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv) {
  if (argc != 11) return 2;
  cl_platform_id pl[8]; cl_uint np = 0; clGetPlatformIDs(8, pl, &np);
  cl_device_id dev = NULL;
  for (cl_uint i = 0; i < np && !dev; i++) {
    cl_device_id ds[8]; cl_uint nd = 0;
    if (clGetDeviceIDs(pl[i], CL_DEVICE_TYPE_ALL, 8, ds, &nd) != CL_SUCCESS) continue;
    for (cl_uint j = 0; j < nd && !dev; j++) {
      char name[256]; clGetDeviceInfo(ds[j], CL_DEVICE_NAME, sizeof name, name, NULL);
      if (strstr(name, argv[1])) dev = ds[j];
    }
  }
  if (!dev) return 3;
  clt_shape_class cls = CLT_SHAPE_ODD;
  for (int c = 0; c < 5; c++) if (clt_shape_class_name((clt_shape_class)c) && !strcmp(argv[3], clt_shape_class_name((clt_shape_class)c))) cls = (clt_shape_class)c;
  clt_tuning t; memset(&t, 0, sizeof t);
  for (int v = 0; v < 8; v++) if (clt_variant_name((clt_variant)v) && !strcmp(argv[4], clt_variant_name((clt_variant)v))) t.variant = (clt_variant)v;
  t.tile = atoi(argv[5]); t.vector_width = atoi(argv[6]); t.wg_y = atoi(argv[7]); t.pad = atoi(argv[8]);
  t.wg_x = atoi(argv[9]); t.dst_align = atoi(argv[10]);
  clt_status st = clt_tuning_save(dev, (size_t)atoi(argv[2]), cls, &t);
  printf("saved %d\n", (int)st);
  return st != CLT_SUCCESS;
}
