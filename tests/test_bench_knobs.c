/* Unit tests of the --tune candidates' knob bookkeeping (bench/knobs.c) on random knob sets: each label
 * names its variant and reads back as its knobs, and a candidate's knobs as run take the plan's value
 * for every knob asked for, keep the library's choice (0) for the rest, and report whether any changed.
 * No device needed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "knobs.h"

static unsigned long long rng_state;

static unsigned rnd(unsigned n) { /* 0 .. n - 1, xorshift64* */
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return (unsigned)((rng_state * 2685821657736338717ULL) >> 33) % n;
}

/* A knob that is 0 (the library's choice) a quarter of the time, else a power of two up to 1024. */
static unsigned knob(void) {
  return rnd(4) ? 1u << rnd(11) : 0u;
}

static clt_tuning random_tuning(clt_variant v) {
  clt_tuning t = {v, knob(), knob(), knob(), knob(), knob(), knob(), rnd(2), knob()};
  return t;
}

static void labels_read_back_as_their_knobs(void **state) {
  (void)state;
  for (int i = 0; i < 2000; i++) {
    const clt_variant v =
        (clt_variant)(CLT_VARIANT_NAIVE + (int)rnd(CLT_VARIANT_NARROW - CLT_VARIANT_NAIVE + 1));
    if (v == CLT_VARIANT_COPY)
      continue;
    const clt_tuning t = random_tuning(v);
    char label[48], units[8] = "";
    unsigned a = 0, b = 0, c = 0, d = 0, e = 0;
    int n;
    clt_bench_knobs_label(&t, label, sizeof label);
    switch (v) {
    case CLT_VARIANT_VECTOR:
      n = sscanf(label, "vector t%u v%u y%u a%u", &a, &b, &c, &d);
      assert_int_equal(n, t.dst_align ? 4 : 3);
      assert_true(a == t.tile && b == t.vector_width && c == t.wg_y && d == t.dst_align);
      break;
    case CLT_VARIANT_TILED:
      assert_int_equal(sscanf(label, "tiled t%u y%u p%u", &a, &b, &c), 3);
      assert_true(a == t.tile && b == t.wg_y && c == t.pad);
      break;
    case CLT_VARIANT_BLOCK:
      if (t.tile && t.tile_cols) {
        assert_int_equal(sscanf(label, "block t%u c%u v%u x%u y%u", &a, &e, &b, &c, &d), 5);
        assert_true(a == t.tile && e == t.tile_cols && b == t.vector_width && c == t.wg_x && d == t.wg_y);
      } else if (t.tile) {
        assert_int_equal(sscanf(label, "block t%u v%u x%u y%u", &a, &b, &c, &d), 4);
        assert_true(a == t.tile && b == t.vector_width && c == t.wg_x && d == t.wg_y);
      } else {
        assert_int_equal(sscanf(label, "block v%u x%u y%u", &b, &c, &d), 3);
        assert_true(b == t.vector_width && c == t.wg_x && d == t.wg_y);
      }
      break;
    case CLT_VARIANT_RECT:
      n = sscanf(label, "rect t%u x%u v%u y%u a%u", &a, &b, &c, &d, &e);
      assert_true(a == t.tile && b == t.wg_x && c == t.vector_width && d == t.wg_y);
      if (t.units) {
        assert_int_equal(sscanf(label, "rect t%*u x%*u v%*u y%*u %7s", units), 1);
        assert_string_equal(units, "units");
      } else {
        assert_int_equal(n, t.dst_align ? 5 : 4);
        assert_true(e == t.dst_align);
      }
      break;
    case CLT_VARIANT_NARROW:
      n = sscanf(label, "narrow t%u x%u a%u", &a, &b, &c);
      assert_int_equal(n, t.dst_align ? 3 : 2);
      assert_true(a == t.tile && b == t.wg_x && c == t.dst_align);
      break;
    default:
      assert_int_equal(sscanf(label, "naive x%u y%u", &a, &b), 2);
      assert_true(a == t.wg_x && b == t.wg_y);
      break;
    }
  }
}

/* The eight unsigned knobs of t, in clt_tuning's order (tile_cols last). */
enum { N_KNOBS = 8 };
static void knobs_of(clt_tuning *t, unsigned *k[N_KNOBS]) {
  k[0] = &t->tile;
  k[1] = &t->vector_width;
  k[2] = &t->wg_y;
  k[3] = &t->pad;
  k[4] = &t->wg_x;
  k[5] = &t->dst_align;
  k[6] = &t->units;
  k[7] = &t->tile_cols;
}

static void knobs_as_run_take_the_plans_values_for_those_asked(void **state) {
  (void)state;
  for (int i = 0; i < 5000; i++) {
    const clt_variant v =
        (clt_variant)(CLT_VARIANT_NAIVE + (int)rnd(CLT_VARIANT_NARROW - CLT_VARIANT_NAIVE + 1));
    clt_tuning asked = random_tuning(v), ran = asked, out;
    unsigned *a[N_KNOBS], *r[N_KNOBS], *o[N_KNOBS];
    knobs_of(&asked, a);
    knobs_of(&ran, r);
    knobs_of(&out, o);
    /* The plan fills in every knob; some of those asked for come back shrunk (or, for units, off). */
    int want_changed = 0;
    for (int k = 0; k < N_KNOBS; k++) {
      if (!*a[k])
        *r[k] = k == 6 ? rnd(2) : 1u << rnd(11);
      else if (rnd(3) == 0)
        *r[k] = k == 6 ? 0 : *a[k] > 1 ? *a[k] / 2 : 2;
      want_changed |= *a[k] && *r[k] != *a[k];
    }
    memset(&out, 0x5a, sizeof out);
    assert_int_equal(clt_bench_knobs_as_run(&asked, &ran, &out), want_changed);
    assert_int_equal(out.variant, asked.variant);
    for (int k = 0; k < N_KNOBS; k++)
      assert_int_equal(*o[k], *a[k] ? *r[k] : 0u);
  }
}

int main(void) {
  const char *seed = getenv("CLT_TEST_SEED");
  rng_state = seed ? strtoull(seed, NULL, 0) : 0x9E3779B97F4A7C15ULL ^ (unsigned long long)time(NULL);
  if (!rng_state)
    rng_state = 1;
  printf("test_bench_knobs: seed 0x%016llx (replay with CLT_TEST_SEED=0x%016llx)\n", rng_state, rng_state);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(labels_read_back_as_their_knobs),
      cmocka_unit_test(knobs_as_run_take_the_plans_values_for_those_asked),
  };
  return cmocka_run_group_tests(tests, NULL, NULL) != 0;
}
