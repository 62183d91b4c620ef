/* Labels of --tune's knob sets and the knobs a candidate really ran with (see knobs.h); no OpenCL
 * calls, so the unit tests compile it alone. */
#include "knobs.h"

#include <stdio.h>

void clt_bench_knobs_label(const clt_tuning *t, char *buf, size_t size) {
  switch (t->variant) {
  case CLT_VARIANT_VECTOR:
    if (t->dst_align)
      snprintf(buf, size, "vector t%u v%u y%u a%u", t->tile, t->vector_width, t->wg_y, t->dst_align);
    else
      snprintf(buf, size, "vector t%u v%u y%u", t->tile, t->vector_width, t->wg_y);
    break;
  case CLT_VARIANT_TILED:
    snprintf(buf, size, "tiled t%u y%u p%u", t->tile, t->wg_y, t->pad);
    break;
  case CLT_VARIANT_BLOCK:
    if (t->tile && t->tile_cols)
      snprintf(buf, size, "block t%u c%u v%u x%u y%u", t->tile, t->tile_cols, t->vector_width, t->wg_x,
               t->wg_y);
    else if (t->tile)
      snprintf(buf, size, "block t%u v%u x%u y%u", t->tile, t->vector_width, t->wg_x, t->wg_y);
    else
      snprintf(buf, size, "block v%u x%u y%u", t->vector_width, t->wg_x, t->wg_y);
    break;
  case CLT_VARIANT_RECT:
    if (t->units)
      snprintf(buf, size, "rect t%u x%u v%u y%u units", t->tile, t->wg_x, t->vector_width, t->wg_y);
    else if (t->dst_align)
      snprintf(buf, size, "rect t%u x%u v%u y%u a%u", t->tile, t->wg_x, t->vector_width, t->wg_y,
               t->dst_align);
    else
      snprintf(buf, size, "rect t%u x%u v%u y%u", t->tile, t->wg_x, t->vector_width, t->wg_y);
    break;
  case CLT_VARIANT_NARROW:
    if (t->dst_align)
      snprintf(buf, size, "narrow t%u x%u a%u", t->tile, t->wg_x, t->dst_align);
    else
      snprintf(buf, size, "narrow t%u x%u", t->tile, t->wg_x);
    break;
  default:
    snprintf(buf, size, "naive x%u y%u", t->wg_x, t->wg_y);
    break;
  }
}

/* One knob: ran's value where asked set it. */
static unsigned knob(unsigned asked, unsigned ran, int *changed) {
  if (!asked)
    return 0;
  if (ran != asked)
    *changed = 1;
  return ran;
}

int clt_bench_knobs_as_run(const clt_tuning *asked, const clt_tuning *ran, clt_tuning *out) {
  int changed = 0;
  clt_tuning t = *asked;
  t.tile = knob(asked->tile, ran->tile, &changed);
  t.vector_width = knob(asked->vector_width, ran->vector_width, &changed);
  t.wg_y = knob(asked->wg_y, ran->wg_y, &changed);
  t.pad = knob(asked->pad, ran->pad, &changed);
  t.wg_x = knob(asked->wg_x, ran->wg_x, &changed);
  t.dst_align = knob(asked->dst_align, ran->dst_align, &changed);
  t.units = knob(asked->units, ran->units, &changed);
  t.tile_cols = knob(asked->tile_cols, ran->tile_cols, &changed);
  *out = t;
  return changed;
}
