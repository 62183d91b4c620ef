/* Tuned kernel knobs per device: a small text file per (platform, device, driver) in the cache
 * directory, written by the bench's --tune, and a built-in table of the winners measured on devices
 * the project has run on, so users of those get tuned kernels without tuning. */
#define _POSIX_C_SOURCE 200809L
#include "clt_internal.h"

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CLT__ELEM_SLOTS 5 /* element sizes 1, 2, 4, 8, 16 */

/* Winners measured with `cltranspose-bench --tune` (bench/results/ has the runs). Matched by a
 * substring of the device name and of the platform name (NULL matches any); the first match wins. */
typedef struct builtin_entry {
  const char *device, *platform;
  size_t elem_size;
  clt_shape_class cls;
  clt_tuning t;
} builtin_entry;

#define V(tile, vw, wg_y)                                                                                    \
  { CLT_VARIANT_VECTOR, tile, vw, wg_y, 0, 0, 0, 0, 0 }
#define TL(tile, wg_y)                                                                                       \
  { CLT_VARIANT_TILED, tile, 0, wg_y, 1, 0, 0, 0, 0 }
#define R(tile, wg_x, vw, wg_y, align)                                                                       \
  { CLT_VARIANT_RECT, tile, vw, wg_y, 1, wg_x, align, 0, 0 }
#define RU(tile, wg_x, vw, wg_y) /* rect with 16-byte units */                                               \
  { CLT_VARIANT_RECT, tile, vw, wg_y, 1, wg_x, 0, 1, 0 }
#define BT(tile, vw, cols) /* the block kernel's CPU tiles: rows x cols elements, one work-item a group */   \
  { CLT_VARIANT_BLOCK, tile, vw, 1, 0, 1, 0, 0, cols }
static const builtin_entry builtin[] = {
    /* NVIDIA H200, driver 580.159.04 (bench/results/h200). The driver reports 256 work-items as the
     * limit of every kernel, so entries here keep to 256: the 512-item groups --tune once chose for f16
     * aligned and c128 batched ran as half their height (bench/results/h200/knobs14.txt) and are
     * written as what ran. */
    /* units off their rows' vectors: R(256, 32, 4, 8, 0); tiles that do not cover the matrix whole:
     * src/tuning.c, units_to_whole_tiles */
    {"H200", "NVIDIA", 1, CLT_SHAPE_ALIGNED, RU(256, 8, 16, 16)},
    {"H200", "NVIDIA", 1, CLT_SHAPE_ODD, R(128, 32, 4, 8, 0)},
    {"H200", "NVIDIA", 2, CLT_SHAPE_ALIGNED, V(128, 4, 8)},
    {"H200", "NVIDIA", 2, CLT_SHAPE_ODD, R(128, 32, 4, 8, 0)},
    /* 89.7-95.3% of the copy on aligned sources of 64 to 256 rows, where rect's defaults and the
     * narrow kernel got 71.8-92.0% (bench/results/h200/knobs11.txt) */
    {"H200", "NVIDIA", 2, CLT_SHAPE_WIDE, R(64, 16, 4, 16, 0)},
    {"H200", "NVIDIA", 4, CLT_SHAPE_ALIGNED, V(64, 4, 16)},
    {"H200", "NVIDIA", 4, CLT_SHAPE_ODD, R(64, 32, 2, 8, 0)},
    /* rect with units (64 x 64) gained 0.3 to 0.6 at 64 columns and lost up to half the speed at 16
     * and 32 columns (bench/results/h200/knobs6.txt) */
    {"H200", "NVIDIA", 4, CLT_SHAPE_TALL, V(64, 4, 16)},
    {"H200", "NVIDIA", 4, CLT_SHAPE_WIDE, V(64, 4, 16)},
    {"H200", "NVIDIA", 4, CLT_SHAPE_BATCHED, V(64, 4, 16)},
    {"H200", "NVIDIA", 8, CLT_SHAPE_ALIGNED, R(32, 32, 1, 8, 0)},
    {"H200", "NVIDIA", 8, CLT_SHAPE_ODD, R(64, 32, 1, 8, 128)},
    {"H200", "NVIDIA", 8, CLT_SHAPE_TALL, V(32, 2, 4)},
    {"H200", "NVIDIA", 8, CLT_SHAPE_WIDE, V(32, 2, 4)},
    {"H200", "NVIDIA", 8, CLT_SHAPE_BATCHED, V(64, 2, 8)},
    {"H200", "NVIDIA", 16, CLT_SHAPE_ALIGNED, R(32, 32, 1, 8, 0)},
    {"H200", "NVIDIA", 16, CLT_SHAPE_ODD, R(32, 32, 1, 8, 0)},
    /* 75-96% of the copy on tall sources of 4 to 256 columns, where the tiled entry before it got
     * 36-93% (and 80.7% against 75.0% at 1048575x33): bench/results/h200/knobs6.txt */
    {"H200", "NVIDIA", 16, CLT_SHAPE_TALL, R(64, 16, 1, 16, 0)},
    /* The odd entry's rect 32 x 32 tiles: 92.4-96.8% of the copy on wide sources of 32 to 256 rows,
     * aligned or not, where the tiled 32 x 32 entry before it got 63.0-95.3% and CLBlast 88.2-96.5%
     * (100x999999 77.1 -> 93.3, 101x999999 63.0 -> 92.4, CLBlast 89.2 and 88.3;
     * bench/results/h200/knobs18.txt A) */
    {"H200", "NVIDIA", 16, CLT_SHAPE_WIDE, R(32, 32, 1, 8, 0)},
    {"H200", "NVIDIA", 16, CLT_SHAPE_BATCHED, V(32, 1, 8)},
    /* NVIDIA H100 80GB HBM3, driver 580.159.04 (bench/results/h100): entries only for the classes where
     * --tune beat the device-query heuristic, which the other classes keep. c128: tiled 16 x 16 tiles,
     * 97.4% of the copy on 8192^2 where the heuristic's rect ran at 96.3% and CLBlast at 97.2%, taken only
     * where its tiles cover the matrix (tuning.c tiled_entry_covers; notes AF); f32: the
     * H200's vector entry, 96.6% on 16384^2 against rect's 96.0%, and on tall and wide sources (64 x
     * 1048576 97.8% against 97.1%, 1048576 x 64 96.5% against 96.0%); f16 wide: 64 x 1048576 95.5%
     * against 94.0% (tall lost 0.5). Misaligned ones still take rect (bench/results/h100/notes.txt F).
     * f16 aligned: 128-element tiles of 8-element vectors, 16384^2 96.3% against the heuristic's 92.8%;
     * f64 odd: rect 32 x 32, 8191x8193 93.3% against 92.8%, 4097x6145 93.8% against 92.7% (notes J;
     * the odd f32 and aligned f64 winners there lost on layouts they reach, and are not here). */
    {"H100", "NVIDIA", 2, CLT_SHAPE_ALIGNED, V(128, 8, 16)},
    {"H100", "NVIDIA", 2, CLT_SHAPE_WIDE, V(64, 4, 16)},
    {"H100", "NVIDIA", 4, CLT_SHAPE_ALIGNED, V(64, 4, 16)},
    {"H100", "NVIDIA", 4, CLT_SHAPE_TALL, V(64, 4, 16)},
    {"H100", "NVIDIA", 4, CLT_SHAPE_WIDE, V(64, 4, 16)},
    {"H100", "NVIDIA", 8, CLT_SHAPE_ODD, R(32, 32, 1, 8, 0)},
    {"H100", "NVIDIA", 16, CLT_SHAPE_ALIGNED, TL(16, 16)},
    /* POCL on x86-64 CPUs: the block kernel's CPU tiles (src/tuning.c), measured on 16 Xeon cores and
     * 2 EPYC cores (bench/results/pocl16, bench/results/pocl2). Both report AVX-512, which gives the
     * tiles rows of a 64-byte line; on the Xeon aligned f32 matrices keep rows of 32 bytes: its walks of
     * f32 8192^2 took 5.60-6.65 ms in 13 processes (median 6.13) against 5.95-7.18 in 10 with 64-byte
     * rows (median 6.72). 4096^2 (one tile per work-item) took 1.29-1.64 ms against 1.26-1.55, and odd
     * 4097x4095, which keeps the 64-byte rows, 1.51-1.83 against 1.34-1.61 (pocl16/walks.txt). */
    {"Xeon", "Portable Computing Language", 4, CLT_SHAPE_ALIGNED, BT(128, 8, 512)},
    /* On 2 cores of an AVX-512 EPYC host aligned f32 matrices take tiles one 16 x 16 block high, 1024
     * columns wide, which cl/block.cl moves straight from registers to whole 64-byte destination lines,
     * where the destination rows start on the lines (src/tuning.c's direct_entry_covers). AUTO against the
     * code before, alternating processes (bench/results/pocl2/direct.txt A, B): in 4 rounds all 9 aligned
     * layouts gained on every pair of figures, 4096^2 from 53.1-55.4% of the copy to 66.9-78.8 (26.0-27.2
     * GB/s -> 33.0-35.4), 8192^2 53.7-56.4 -> 62.8-64.7, 3072^2 51.9-54.9 -> 74.6-80.3, 4096x4100 56.7-59.7
     * -> 62.7-68.4; in 3 more, where some processes' copy ran at up to 79 GB/s, the tiles moved 29.7-41.8
     * GB/s against 20.6-30.6, ahead on every pair of each layout. 4097x4095 (not taken) came level. */
    {"avx512-AMD EPYC", "Portable Computing Language", 4, CLT_SHAPE_ALIGNED, BT(16, 16, 1024)},
    {NULL, NULL, 0, CLT_SHAPE_ALIGNED, {CLT_VARIANT_AUTO, 0, 0, 0, 0, 0, 0, 0, 0}}, /* end */
};

/* Entries for a range of short sides of a class (a tall source's columns, a wide one's rows), looked up
 * before the class's own entry: widths where a device measured another kernel ahead of its class's
 * entry. */
typedef struct builtin_side_entry {
  size_t short_min, short_max;
  builtin_entry e;
} builtin_side_entry;

static const builtin_side_entry builtin_side[] = {
    /* NVIDIA H200, f32 tall sources with a short side between one and two of the class entry's
     * 64-element vector tiles: the same tiles in groups of 8 rows, where 16 rows lost 1.1 to 12.7 points
     * of the copy, and fell behind CLBlast at 80 and 96 (bench/results/h200/knobs17.txt E and
     * knobs19.txt D): 2097152x80 79.1% -> 90.2% (CLBlast 82.2%), 2097152x68 82.8-83.0 -> 90.8, 2097152x84
     * 80.8 -> 89.8, 1048576x96 86.4 -> 89.8 (86.7), 1048576x100 86.8 -> 88.8, 1048576x112 87.2 -> 88.3
     * (every side measured from 68 to 112 gained, by 1.1 to 11.1 points). Elsewhere the groups of 16
     * stand: 8 rows came within 0.3 on tall sources of 64, 128, 160 and 256 columns. On an NVIDIA H100 the
     * groups of 8 lost 0.3 to 9.2 points at 80 to 112 but one (bench/results/h100/notes.txt L), so it
     * keeps its entries. (Wide sources of 72 to 96 rows had the same entries until the narrow kernel took
     * those whose rows start on 16-byte vectors, 2.2 to 3.0 points ahead of them: src/tuning.c,
     * clt__narrow_auto.) */
    {65, 112, {"H200", "NVIDIA", 4, CLT_SHAPE_TALL, V(64, 4, 8)}},
    /* NVIDIA H200, wide sources of 76 to 121 rows (f32) or 97 to 113 (f64) that the narrow kernel does
     * not take (rows off 16-byte vectors: src/tuning.c, clt__narrow_auto): rect's defaults in one tile
     * row of 128, with its skew (8 and 16 rows) inside it, so every tile is an edge tile and the edge
     * path's knobs of src/tuning.c (rect_edge_rows) apply. The class entries leave a second tile row
     * mostly empty: f32 100x999999 71.7% of the copy -> 79.5 (CLBlast 77.4-77.6),
     * 101x999999 70.0 -> 77.7, 104x1048575 81.8 -> 87.9, 100x1048576 84.4-85.0 -> 90.5, 120x1048576
     * 86.8-87.0 -> 95.6 (CLBlast 88.1-88.3), 112x2097152 93.8 -> 95.0-95.1 (the groups of 8), 92x2097152
     * 83.6-83.7 -> 89.3-89.4 (84.3-84.5), 84x2097152 81.0-81.1 -> 85.0-85.1 (81.4-81.5), 76x2097152
     * 78.3-78.4 -> 80.2 (79.6-80.0); f64 100x999999 75.5-75.7 -> 90.0, 101x699999 76.5-76.6 -> 91.1-91.2,
     * 113x699999 77.2-77.5 -> 91.9-92.0, 112x524288 91.1-91.3 -> 92.4-92.5. A skew past the tile row (f32
     * 127x524287) cost 12 points, 68 rows 2.9 to 4.0, and rows on the sectors (72, 88) 2 to 6
     * (bench/results/h200/knobs19.txt B to D). On an NVIDIA H100 f64 lost 0.3 to 1.8 points and f32
     * 100x999999 2.5, so it keeps its entries (bench/results/h100/notes.txt M). */
    /* Since 2026-11-27 f32 sources of up to 90 rows take the narrow kernel (src/tuning.c clt__narrow_auto)
     * and those whose destination rect does not skew its defaults' 64 tile rows (one_sided_to_defaults;
     * bench/results/h200/knobs30.txt D to G), f64 ones too, and f32 ones off 8-byte words take element
     * loads in them (src/tuning.c shifted_wide4_to_element_loads; knobs31.txt). The f32 tile is 32
     * columns wide, as f64's is, not the defaults' 64: on the skewed ones left, 0.3 to 4.6 points ahead
     * (knobs31.txt F: 100x999999 80.1-80.3 -> 84.0-84.5, 108x999999 81.2-81.3 -> 85.5-85.9, 92x999999
     * 79.1-79.2 -> 81.2-81.3; 91x999999 level). */
    {76, 121, {"H200", "NVIDIA", 4, CLT_SHAPE_WIDE, R(128, 16, 2, 8, 0)}},
    {97, 113, {"H200", "NVIDIA", 8, CLT_SHAPE_WIDE, R(128, 32, 1, 8, 0)}},
    {0, 0, {NULL, NULL, 0, CLT_SHAPE_ALIGNED, {CLT_VARIANT_AUTO, 0, 0, 0, 0, 0, 0, 0, 0}}}, /* end */
};
#undef V
#undef TL
#undef R
#undef RU
#undef BT

/* Whether a table row is for the device: substrings of its name and of its platform's (NULL matches
 * any). */
static int device_matches(const clt__device_info *info, const char *device, const char *platform) {
  return (!device || strstr(info->name, device)) && (!platform || strstr(info->platform, platform));
}

/* Measured choices for known devices that are not kernel knobs (clt__traits in clt_internal.h), matched
 * as the table above; other devices get the defaults.
 * l2pf_elems4: on two NVIDIA H200s each of 11 odd f32 layouts read element by element into skewed runs
 * ran level or faster with 128-byte L2 prefetches than with 256 (8191x8193 91.9-92.1% of the copy ->
 * 93.1-93.3, 16383x16385 92.8-92.9 -> 93.0-93.1, 2047x16385 90.6-90.7 -> 93.3-93.5); on an NVIDIA H100
 * 7 of 8 of them ran 0.2 to 1.2 points slower (8191x8193 94.3-94.9 -> 93.6-93.7), so the default stays
 * 256 (bench/results/h200/knobs30.txt A, C). Read element by element into overlapping tiles (rect4_overlap),
 * on an H200 12 of 18 layouts held out gained with 128 bytes (616x36811 90.6-91.3 -> 93.2-93.5), 4 went
 * either way and 2 lost up to 0.8 (src/tuning.c's clt__config_set_order has the figures).
 * narrow_shifted4_max: wide f32 sources off 16-byte vectors ran faster in the narrow kernel than in rect
 * up to 80 rows on an NVIDIA H100 (84 and 88 rows 1.5 to 3 points slower) and up to 90 on an H200
 * (84x999999 77.8% -> 79.6, 88x999999 77.8 -> 88.6, 90x999999 78.4 -> 80.5-82.9; 92 level, 94 and 96
 * slower; knobs30.txt D, E).
 * narrow_skewed8: on the H200 such f64 sources that rect skews (to its odd entry's 128 bytes) past its
 * first tile row gained 4 to 18 points in the narrow kernel (68x524287 74.1 -> 92.1, 88x524287 78.0 ->
 * 91.4, 127x499999 75.0-75.5 -> 78.0-79.2); on the H100 68 and 72 rows gained 4 to 5 points and 88 lost
 * 1.6 to 2.0 (96.0 -> 94.0), so the default is without (knobs30.txt D, E).
 * wide_shifted4_elems: on an H200 unskewed f32 wide sources of 96 to 112 rows off 8-byte words gained
 * 0.4 to 4.2 points in 64 x 64 tiles of element loads in groups of 64 x 4 (src/tuning.c,
 * shifted_wide4_to_element_loads; knobs31.txt E). The H100 was not measured with them (its own knobs ran
 * 96x999999, 112x699051 and 120x999999 at 95.1-95.8%; knobs30.txt E), so the default is without.
 * wide_shifted2_rect32: on an H200 f16 wide sources of 96 rows off 16-byte vectors gained 4.0 to 13.6
 * points in rect's 32 x 32 tiles of 4-element vectors over the narrow kernel (shifted_wide2_rect32;
 * knobs31.txt H); the H100's narrow kernel runs them at 89-90% (knobs30.txt E), so the default is
 * without.
 * narrow_group_max: on an H200 the narrow kernel's groups of 256 (its heuristic's, where a tile holds more
 * than 512 vectors of the short side) ran behind groups of 128 on layouts with a short side below 64
 * whose lines are off 16-byte vectors on either side (an A/B with the narrow kernel's FLAT, AUTO,
 * knobs32.txt C, D: f32 4194304x13 70.0% of the copy -> 90.3-90.4, 2023967x13 60.5 -> 76.0-76.3, CLBlast
 * 63.9-64.5; 26x2010011 74.5-74.8 -> 85.3-85.4, CLBlast 78.2-78.5; 1139353x40 69.1-69.5 -> 82.3-82.6,
 * 63x2097152 89.3 -> 95.6-96.1, f16 4194303x13 41.7-41.8 -> 64.6-65.4, u8 13x8388609 32.0-32.5 ->
 * 46.4-46.6); with its lines on the vectors f32 60x1048576 lost 1.0 (98.0-98.3 -> 97.1-97.2), so those
 * keep 256. The H100 was not measured for these, so the default stays 256.
 * narrow_group_tall: the same cap for tall f32 sources on short sides up to 26 only: on an NVIDIA H100
 * those gained up to 8.5 points with it, and larger short sides and other element sizes went either way
 * (tuning.c's narrow_group_max has the figures).
 * narrow_run8_max: the narrow kernel's tiles of tall f64 sources into destination rows off 16-byte
 * vectors at least 64 rows (512-byte runs) where the heuristic's 4 KiB made them 32. AUTO, two rounds in
 * alternating processes: on an NVIDIA H100 (bench/results/h100/notes.txt AF) on short sides below 32,
 * 1048575x13 87.5-88.6% of the copy -> 95.7-96.2, 833371x14 83.8-84.4 -> 94.9-95.0 (CLBlast 85.3-85.5,
 * which had led), 1253717x23 88.7 -> 94.5-95.0, 1500007x11 87.6 -> 97.2-97.7; on an NVIDIA H200
 * (bench/results/h200/knobs35.txt C, D) on short sides up to 16, where all 8 layouts gained
 * (1048577x12 84.3-86.3 -> 94.9-95.5, 1048575x15 81.4-82.9 -> 89.9-90.0, 833371x14 86.6-87.5 ->
 * 91.5-92.2, 1048575x10 87.8-87.9 -> 88.1-88.5), as did all 6 held out (E: 1398101x15 84.5-84.6 ->
 * 93.3-93.4, 1048575x14 84.2-84.9 -> 91.4-91.6, 3000001x10 89.9-90.1 -> 90.7-90.9), while from 17 to 31
 * columns they went either way (1048575x25 82.5-83.3 -> 72.3-73.4, 1048575x27 76.8-77.2 -> 88.6-88.7).
 * Other devices were not measured, so the default is none.
 * wide16_rect_sectors: on an NVIDIA H100 rect ran c128 wide sources of 34 to 63 rows whose destination
 * rows start on 32-byte sectors 0.7 to 2.0 points ahead of the narrow kernel (src/tuning.c's
 * clt__narrow_auto has the figures); on an NVIDIA H200 rect led by at most 0.9 points there
 * (bench/results/h200/knobs35.txt A), so the default is without.
 * across_cols_max: AUTO against the order down the columns, two rounds in alternating processes, on
 * tall sources past 256 columns at least twice as tall as wide (src/tuning.c walks_across has
 * the figures). On an NVIDIA H100 all 37 such layouts of the kept rule's check, of up to 9000 columns,
 * gained 0.1 to 16.5 points (bench/results/h100/notes.txt AK 3); on an NVIDIA H200 the 8 of up to 900
 * columns gained 1.6 to 10.1, f16 40000x1900 1.1 to 1.7, and those of 1278, 3000 and 6000 columns lost
 * 0.2 to 2.3 (h200/knobs36.txt B), so it takes up to 1024, as do devices not measured.
 * across_rect_pass: on an NVIDIA H200 rect's walk along the tile rows past 1024 columns gained on all 24
 * layouts whose pass down a tile column moves 10 MB or more (1.1 to 31.9 points, f16 200000x1026 53.8% ->
 * 83.1%), and 14 of 19 held out from 8.4 MB (u8 and c128 lost 0.6 to 5.2 on every pass under 9.3 MB, c128 0.1
 * on one of 15.4 MB), where passes of 0.4 to 7.7 MB lost on 18 of 27 layouts (src/tuning.c's walks_across has
 * the figures). So 8 MiB there; the H100 walks along at any width already, and devices not measured never
 * past across_cols_max.
 * aligned2_units8: on an NVIDIA H200 aligned f16 whose destination rows are on 8 bytes but off 16 gained
 * 1.9 to 18.6 points in rect's units stored in 8-byte pieces on all 19 layouts measured, 10 of them held
 * out, and where those units take 8192 rows or more of a call of 48 million elements or more, rect's
 * defaults gained 0.7 to 15.0 on all 27 measured, 18 held out (src/tuning.c's aligned2_units_into_pieces
 * has the figures); the H100 was not measured for it.
 * u8_edge_shift_cols: on an NVIDIA H200 the u8 odd entry's skewed tiles over shifted rows gained 1.4 to
 * 17.4 points with their edge tiles loaded as whole ones on 21 of the 22 sources of up to 63 tile columns
 * measured, and lost 0.9 to 3.7 on three of the four of 65 to 782 (src/tuning.c's rect_edge_shift has the
 * figures); the H100 was not measured for it.
 * u8_edge_clamp: on an NVIDIA H200 the u8 odd entry's skewed tiles over shifted rows gained 0.2 to 4.4
 * points with their edge tiles whose reads stay inside the view loaded as whole ones, rows clamped, on all
 * 14 layouts of the committed code's check (src/tuning.c's rect_edge_clamp has the figures); the H100 was
 * not measured for it.
 * wide_shifted2_vector: on an NVIDIA H200 wide and odd-shaped f16 sources of a multiple of 64 rows off
 * 4-byte words, into destination rows on 128 bytes, gained 0.0 to 16.0 points in the vector kernel's
 * defaults over rect on all 54 layouts measured, 30 of them held out, and tall ones of 64 columns 2.0 to
 * 7.1 on all 7, 4 held out, and wide and odd-shaped ones of fewer than 12288 rows whose rows start on the
 * words but off 8 bytes 0.1 to 14.5 on 35 of 37, 30 held out, -0.3 and -3.2 on the other two
 * (src/tuning.c's shifted_wide2_to_vector has the figures); the H100 was not measured for it.
 * wide_dst_off16_narrow: on an NVIDIA H200 wide sources of 64 rows of 1-, 4- and 8-byte elements into
 * destination rows off 16-byte vectors, and of 2-byte ones into rows off 4-byte words, gained 8.1 to 37.1
 * points in the narrow kernel over rect on all 23 layouts measured, 13 of them held out, and those of 128
 * rows of 1- and 2-byte elements 1.2 to 28.6 on all 12, 6 held out (src/tuning.c's clt__narrow_auto has
 * the figures); the H100 was not measured for it.
 * half_skew: on an NVIDIA H200 rect's f16 and u8 odd entries gained 0.8 to 14.8 points with their skew
 * halved to 16 bytes on all 32 layouts measured where that saves a tile row of at most 12, 14 of them held
 * out, and lost 1.1 to 6.7 from 16 tile rows (src/tuning.c's rect_half_skew has the figures); the H100 was
 * not measured for it.
 * shallow_whole_narrow: on an NVIDIA H200 wide u8 sources of 129 to 487 rows and f16 ones of 137 to 301
 * into dense destination rows off 4-byte words gained 5.9 to 41.1 points in the narrow kernel over the whole
 * short side, on all 14 layouts measured, 6 of them held out; into rows on the words but off 16 bytes, all 8
 * held-out u8 layouts of 136 to 428 rows gained 22.8 to 37.7 and all 7 f16 ones of 140 to 302 rows 9.9 to
 * 17.4, u8 476x350000 lost 0.9 to 1.4 (src/tuning.c's shallow_to_whole_narrow has the figures); the H100 was
 * not measured for it.
 * tall_skewed_rows128: on an NVIDIA H200 tall u8 sources into skewed destination rows whose tiles rect cuts
 * to a short side of a whole number of 64, or of exactly 32, gained 1.5 to 15.7 points in 128 tile rows
 * rather than 64 on 23 of the 24 layouts of at least 40 tiles per compute unit measured, 5 of them held out,
 * and lost 0.6 and 1.0 on the other; u8 ones of several 32-column tiles gained on all 13 layouts of at
 * least 240 tiles per compute unit measured, 6 of them held out (2.6 to 5.6 points on the 7 measured
 * against the walk along the tile rows alone), and f16 ones of exactly 32 columns gained 1.0 to 5.1 on 13
 * of the 17 layouts of at least 120 measured, came level on 3 and lost 0.9 on 1, 5 of them held out
 * (src/tuning.c's tall_skewed_rows128 has the figures); the H100 was not measured for it.
 * part_word_tiles: on an NVIDIA H200 tall u8 sources of 65 to 255 columns that are not a whole number of 32
 * gained 6.1 to 35.5 points in rect's word tiles on all 10 layouts measured, 6 of them held out, and wide f16
 * ones of 65 to 319 rows 0.0 to 16.6 on all 4, 2 held out (src/tuning.c's part_tiles_to_word_tiles has the
 * figures); the H100 was not measured for it.
 * wide_shift_half: on an NVIDIA H200 wide sources whose rows start on 8 bytes but off 16, into destination
 * rows off 16 bytes, gained in the narrow kernel's shifted 16-byte vectors over 8-byte ones: u8 4.9 to 28.2
 * points on 25 of the 26 layouts of 3 to 127 rows measured (3 rows level), 15 of them held out; f32 of 33
 * to 90 rows 0.4 to 25.4 on all 22, 13 held out; f32 of an odd 17 to 27 rows, in groups of 64, 0.9 to 10.6
 * on 15 of 16 held out and -0.8 to +3.4 on the other; f16 of at least 32 rows (but into destination rows on
 * 8 bytes under 64 rows, which lost) on all 16 held out. Other f32 of fewer rows and batches went either way
 * and keep the 8-byte vectors (src/tuning.c's narrow_shift_half has the figures); the H100 was not measured
 * for it.
 * wide_u8_tile128: on an NVIDIA H200 the narrow kernel's wide u8 sources of 65 to 127 rows gained 1.7 to
 * 44.9 points in tiles 128 bytes long in groups of 128 on 17 of the 19 layouts measured, 11 of them held
 * out, and came 0.8 to 1.2 below on 119 and 126 rows (src/tuning.c's narrow_u8_tile128 has the figures);
 * the H100 was not measured for it.
 * shifted_u8_tiles32: on an NVIDIA H200 tall u8 sources of 65 to 255 columns whose rows start off 4-byte
 * words gained in rect's tiles of 32 columns over its 128 x 128 defaults: of 129 to 255 columns into
 * destination rows on 32-byte sectors all 22 layouts measured, 0.7 to 16.2 points, 19 of them held out; of
 * 65 to 127 columns all 15 into rows on the sectors, 16.4 to 39.4, and all 12 of up to 111 into skewed
 * rows, 0.6 to 18.2; skewed rows from 113 columns went either way or lost and keep the defaults
 * (src/tuning.c's shifted_u8_to_tiles32 has the figures); the H100 was not measured for it.
 * tall4_narrow: on an NVIDIA H200 tall f32 sources of 65 to 127 columns that AUTO gave rect gained in the
 * narrow kernel's tiles of 64 or 32 source rows in groups of 128 on all 45 layouts the rule takes, 0.9 to
 * 17.8 points; source rows on 16 bytes into skewed rows, and skewed rows over source rows on 8 bytes past 96
 * columns, lost and keep rect (src/tuning.c's tall4_to_narrow has the figures); the H100 was not measured
 * for it.
 * tall8_narrow: on an NVIDIA H200 tall f64 sources of 65 to 127 columns, not a whole number of 32, that AUTO
 * gave the vector kernel's 32 x 32 tiles gained 3.0 to 21.9 points on all 17 layouts measured in the narrow
 * kernel's tiles of 32 source rows in groups of 128; batches of small matrices lost and keep the vector
 * kernel (src/tuning.c's tall8_to_narrow has the figures); the H100 was not measured for it.
 * tall2_narrow: on an NVIDIA H200 tall f16 sources of an odd 65 to 127 columns in dense rows that AUTO gave
 * rect gained 0.4 to 12.5 points on all 33 layouts the rule takes in the narrow kernel's tiles of 64 source
 * rows in groups of 128 into destination rows on 128 bytes (up to 113 columns), and of 128 in groups of 256
 * elsewhere (up to 81 columns); more columns, batches of small matrices into other rows and padded source
 * rows lost or came level and keep rect (src/tuning.c's tall2_to_narrow has the figures); the H100 was not
 * measured for it.
 * narrow_gather_groups: on an NVIDIA H200 tall u8, f16 and f32 sources moved FLAT into destination rows on
 * 16-byte vectors but off 256 bytes gained in the narrow kernel's groups of 128 (f16 of 33 to 63 columns:
 * 256) over the heuristic's 64 on all 37 layouts held out, 0.2 to 20.8 points, and f16 of 33 to 63 columns
 * into rows on 256 bytes in 128 on 7 of 8 (1.1 to 11.9; a batch came level); shorter sides, and u8, f32
 * and shorter f16 into rows on 256 bytes, lost or went either way and keep 64 (src/tuning.c's
 * narrow_gather_group has the figures); the H100 was not measured for it.
 * wide4_tiles32: on an NVIDIA H200 wide f32 sources of 13 to 32 rows off 16 bytes, one matrix a call, ran
 * faster in the narrow kernel's tiles 32 columns long, read an element at a time into destination rows off
 * 16 bytes and as 8-byte vectors into rows on them, in the group measured for each row count: 44 of 50
 * layouts held out gained on every pair of figures (13x500002 74.0-74.1% of the copy -> 89.2-90.3,
 * 27x4000002 89.3-89.4 -> 94.8), five went either way and one lost 1.3 to 1.5 (src/tuning.c's
 * wide4_to_tiles32 has the figures); the H100 was not measured for it.
 * tall4_small_tiles32: on an NVIDIA H200 dense tall f32 sources of 25 to 31 columns but 28, of at most 64
 * MiB, whose destination rows the narrow kernel skews, ran faster in tiles of 32 source rows than in the
 * heuristic's 64: 13 of 14 layouts held out gained on every pair of figures, 1.2 to 31.2 points (200001x27
 * 70.4-71.9% of the copy -> 89.1), one went either way, and AUTO now leads CLBlast on 150002x27 and
 * 300002x25 (src/tuning.c's tall4_small_to_tiles32 has the figures); the H100 was not measured for it.
 * wide16_tiles8: on an NVIDIA H200 wide c128 sources of 25, 27 and 31 rows of at most 128 MiB, one matrix a
 * call, ran faster in the narrow kernel's tiles 8 columns long in groups of 64 than in the heuristic's 16 in
 * groups of 128: all 8 layouts held out gained on every pair of figures (31x75001 87.5-88.2% of the copy ->
 * 93.0-94.2, where CLBlast 1.5.3 ran 88.0-89.9), while other row counts and larger matrices lost or came
 * level (src/tuning.c's wide16_to_tiles8 has the figures); the H100 was not measured for it.
 * wide4_rows28_tiles64: on an NVIDIA H200 wide f32 sources of 28 rows off 16 bytes, of at least 40 MiB, one
 * matrix a call into dense destination rows, ran faster in the narrow kernel's tiles 64 columns long read an
 * element at a time in groups of 64: 6 of 8 layouts held out gained on every pair of figures (28x1200001
 * 82.7-84.1% of the copy -> 93.3-93.9) and 2 went either way (src/tuning.c's wide4_rows28_tiles64 has the
 * figures); the H100 was not measured for it.
 * tall4_small_rect32: on an NVIDIA H200 dense tall f32 sources of 40 to 127 columns, of at most 32 MiB, one
 * matrix a call, into destination rows off 32 bytes, that AUTO gave the narrow kernel ran faster in rect's 32
 * x 32 tiles in groups of 16 x 8: all 14 layouts held out into rows off 16 bytes gained on every pair of
 * figures, by 3.2 to 27.5 points at the least (30001x111 49.8-53.3% of the copy -> 77.4-80.0), and all 14
 * into rows on 16 bytes but off 32 (36004x121 47.9-50.7 -> 86.6-88.3); 33 and 35 columns lost, and rows on 32
 * bytes went either way (src/tuning.c's tall4_small_to_rect32 has the figures); the H100 was not measured
 * for it.
 * wide8_rect32: on an NVIDIA H200 wide f64 and c64 sources of 64 to 256 rows whose columns are not a whole
 * number of 32, which AUTO gave the vector kernel's 32 x 32 tiles, ran faster in rect's 32 x 32 tiles of
 * single elements in groups of 32 x 8: all 21 layouts held out gained on every pair of figures, 3.6 to 21.2
 * points (f64 64x1000002 78.3-78.6% of the copy -> 95.6-95.7), 200x100000 lost and batches of small matrices
 * were not measured (src/tuning.c's wide8_to_rect32 has the figures); the H100 was not measured for it.
 * skinny8_rect: on an NVIDIA H200 tall and wide 8-byte sources of up to 256 columns or rows that AUTO gave
 * the vector kernel's 32 x 32 tiles (and the rules before left) ran faster in what explicit rect gives them:
 * of 57 layouts, 50 gained on every pair of figures, 1.6 to 19.2 points (f64 150002x186 71.9-72.1% of the
 * copy -> 91.1), and 7 of 11 to 26 MB went either way; batches of small matrices keep the vector kernel
 * (src/tuning.c's skinny8_to_rect has the figures); the H100 was not measured for it.
 * whole_tile128: on an NVIDIA H200 the narrow kernel's tiles over a wide source's whole short side ran faster
 * 128 elements long than 64 for u8 of 129 to 241 rows but 2 mod 4 and f16 of 129 to 150 rows but multiples of
 * 4: held out as committed, 24 of 25 layouts gained on every pair of figures, u8 1.6 to 14.7 points, f16 0.6
 * to 8.1, one of 21 MB went either way; u8 from 251 rows and f16 from 165 came level or lost (src/tuning.c's
 * narrow_whole_tile128 has the figures); the H100 was not measured for it.
 * tall4_odd_rect64x32: on an NVIDIA H200 dense tall f32 sources of an odd 129 to 255 columns of at least 10
 * MiB into destination rows on 32 bytes ran faster in rect's 64 x 32 tiles of single elements than in its 64
 * x 64 tiles of 2-element vectors: held out, 15 of 17 layouts gained on every pair of figures, 0.4 to 11.7
 * points, one went either way and one lost 0.2 to 0.5; into skewed rows they lost (src/tuning.c's
 * tall4_odd_to_rect64x32 has the figures); the H100 was not measured for it.
 * rect4_overlap: on an NVIDIA H200 rect's f32 tiles ran faster overlapping at the matrix's end where their
 * edge tiles read the source an element at a time or without whole vectors: held out, 37 of 38 layouts gained
 * on every pair of figures (2632x1661 75.0-75.1% of the copy -> 90.0-90.8), one lost 0.7; over aligned
 * vectors with edge vectors, and past 96 MiB (48 MiB in tiles of single elements) where the overlap moves a
 * sixteenth of the rows again, and in tiles of single elements past 24 MiB where it moves an eighth, they
 * lost (src/tuning.c's rect4_tiles_overlap has the figures); the H100 was not measured for it.
 * rect4_unskewed16: on an NVIDIA H200 f32 sources of up to 64 MiB into destination rows on 16 bytes but off
 * the 32-byte sectors ran faster in rect's tiles of 2-element vectors unskewed than skewed to the sectors,
 * where the tiles then overlap or read whole source vectors: held out, 17 of 23 layouts gained on every pair
 * of figures (58004x249 76.1-76.5% of the copy -> 83.4-84.0, 1148x11001 79.1-79.6 -> 88.0-88.5) and 6 went
 * either way; tall sources walked along the tile rows with the last tile column under half full or over
 * source rows on the vectors lost, and so did 7 of 9 layouts past 64 MiB (src/tuning.c's rect4_on16_unskewed
 * has the figures); the H100 was not measured for it.
 * tall4_odd_narrow16: on an NVIDIA H200 dense tall f32 sources of an odd 41 to 63 columns of 8 to 32 MiB, one
 * matrix a call, whose rect tiles stayed skewed, ran faster in the narrow kernel's tiles of 16 source rows in
 * groups of 128: held out, 11 of 14 layouts gained on every pair of figures (110002x53 71.1-71.5% of the copy
 * -> 82.8-84.9), 2 went either way and 70004x41 (11.5 MB) lost (src/tuning.c's tall4_odd_skewed_to_narrow16
 * has the figures); the H100 was not measured for it.
 * narrow4_unskewed16: on an NVIDIA H200 dense tall f32 sources of at least 11 columns and 8 to 64 MiB, one
 * matrix a call, into destination rows on 16 bytes but off 32, ran faster in the narrow kernel's tiles of 64
 * or 128 source rows unskewed than skewed to the sectors: held out, 15 of 16 layouts gained on every pair of
 * figures (500004x11 59.4-61.9% of the copy -> 81.9-85.7) and 1 went either way; tiles of 32 rows and 5 of 9
 * layouts past 64 MiB lost (src/tuning.c's narrow4_on16_unskewed has the figures); the H100 was not measured
 * for it.
 * tall4_off16_tiles32: on an NVIDIA H200 dense tall f32 sources of 33 to 39 columns and 8 to 45 MiB, one
 * matrix a call, into destination rows off 16 bytes, ran faster in the narrow kernel's tiles of 32 source
 * rows than in its skewed tiles of 64: held out, 12 of 14 layouts gained on every pair of figures
 * (180002x35 64.0-65.1% of the copy -> 79.5-81.8), 1 went either way and 1 of 59 MB lost, and 3 of 4 past 47
 * MB lost (src/tuning.c's tall4_small_to_tiles32 has the figures); the H100 was not measured for it.
 * narrow_fill_groups: on an NVIDIA H200 matrices of 1 to 10 MiB of 2-, 4- and 8-byte elements, one a call, in
 * the narrow kernel's grids of fewer than 16 work-groups per compute unit, ran faster in tiles of half the
 * length, halved again while the grid held fewer (to 16 elements, 32 for f32): held out on four H200s, 39 of
 * 88 layouts gained on every pair of figures, 41 went either way and 8 lost; c128 lost on 2 of 12 and is
 * left, and u8, which lost in tiles of 16, stops at 64: held out, 31 of 60 gained and 29 went either way.
 * Tall f16 in skewed tiles of 13 columns and more, which had stopped at 64 rows, go on to 16: held out, 33 of
 * 45 gained and 12 went either way. rect_fill_groups: f16 and f32 in rect's grids of fewer than 2 work-groups
 * per compute unit, rows and columns of the tiles halved together: held out, 11 of 24 gained, 12 went either
 * way and 1 lost (src/tuning.c's small_grid_fill has the figures for both); the H100 was not measured for
 * them. */
static const struct {
  const char *device, *platform;
  clt__traits t;
} builtin_traits[] = {
    {"H200",
     "NVIDIA",
     {.l2pf_elems4 = 128,
      .narrow_shifted4_max = 90,
      .narrow_skewed8 = 1,
      .wide_shifted4_elems = 1,
      .wide_shifted2_rect32 = 1,
      .narrow_group_max = 128,
      .narrow_group_tall = 128,
      .narrow_run8_max = 16,
      .wide16_rect_sectors = 0,
      .across_cols_max = 1024,
      .across_rect_pass = (size_t)8 << 20,
      .aligned2_units8 = 1,
      .u8_edge_shift_cols = 64,
      .u8_edge_clamp = 1,
      .wide_shifted2_vector = 1,
      .wide_dst_off16_narrow = 1,
      .half_skew = 1,
      .shallow_whole_narrow = 1,
      .tall_skewed_rows128 = 1,
      .part_word_tiles = 1,
      .wide_shift_half = 1,
      .wide_u8_tile128 = 1,
      .shifted_u8_tiles32 = 1,
      .tall4_narrow = 1,
      .tall8_narrow = 1,
      .tall2_narrow = 1,
      .narrow_gather_groups = 1,
      .wide4_tiles32 = 1,
      .tall4_small_tiles32 = 1,
      .wide16_tiles8 = 1,
      .wide4_rows28_tiles64 = 1,
      .tall4_small_rect32 = 1,
      .wide8_rect32 = 1,
      .skinny8_rect = 1,
      .whole_tile128 = 1,
      .tall4_odd_rect64x32 = 1,
      .rect4_overlap = 1,
      .rect4_unskewed16 = 1,
      .tall4_odd_narrow16 = 1,
      .narrow4_unskewed16 = 1,
      .tall4_off16_tiles32 = 1,
      .narrow_fill_groups = 16,
      .rect_fill_groups = 2}},
    {"H100",
     "NVIDIA",
     {.l2pf_elems4 = 256,
      .narrow_shifted4_max = 80,
      .narrow_skewed8 = 0,
      .wide_shifted4_elems = 0,
      .wide_shifted2_rect32 = 0,
      .narrow_group_max = 256,
      .narrow_group_tall = 128,
      .narrow_run8_max = 31,
      .wide16_rect_sectors = 1,
      .across_cols_max = UINT_MAX,
      .across_rect_pass = 0,
      .aligned2_units8 = 0,
      .u8_edge_shift_cols = 0,
      .u8_edge_clamp = 0,
      .wide_shifted2_vector = 0,
      .wide_dst_off16_narrow = 0,
      .half_skew = 0,
      .shallow_whole_narrow = 0,
      .tall_skewed_rows128 = 0,
      .part_word_tiles = 0,
      .wide_shift_half = 0,
      .wide_u8_tile128 = 0,
      .shifted_u8_tiles32 = 0,
      .tall4_narrow = 0,
      .tall8_narrow = 0,
      .tall2_narrow = 0,
      .narrow_gather_groups = 0,
      .wide4_tiles32 = 0,
      .tall4_small_tiles32 = 0,
      .wide16_tiles8 = 0,
      .wide4_rows28_tiles64 = 0,
      .tall4_small_rect32 = 0,
      .wide8_rect32 = 0,
      .skinny8_rect = 0,
      .whole_tile128 = 0,
      .tall4_odd_rect64x32 = 0,
      .rect4_overlap = 0,
      .rect4_unskewed16 = 0,
      .tall4_odd_narrow16 = 0,
      .narrow4_unskewed16 = 0,
      .tall4_off16_tiles32 = 0,
      .narrow_fill_groups = 0,
      .rect_fill_groups = 0}},
    /* the end, and every other device's: the defaults clt_internal.h gives beside each field */
    {NULL,
     NULL,
     {.l2pf_elems4 = 256,
      .narrow_shifted4_max = 80,
      .narrow_skewed8 = 0,
      .wide_shifted4_elems = 0,
      .wide_shifted2_rect32 = 0,
      .narrow_group_max = 256,
      .narrow_group_tall = 256,
      .narrow_run8_max = 0,
      .wide16_rect_sectors = 0,
      .across_cols_max = 1024,
      .across_rect_pass = 0,
      .aligned2_units8 = 0,
      .u8_edge_shift_cols = 0,
      .u8_edge_clamp = 0,
      .wide_shifted2_vector = 0,
      .wide_dst_off16_narrow = 0,
      .half_skew = 0,
      .shallow_whole_narrow = 0,
      .tall_skewed_rows128 = 0,
      .part_word_tiles = 0,
      .wide_shift_half = 0,
      .wide_u8_tile128 = 0,
      .shifted_u8_tiles32 = 0,
      .tall4_narrow = 0,
      .tall8_narrow = 0,
      .tall2_narrow = 0,
      .narrow_gather_groups = 0,
      .wide4_tiles32 = 0,
      .tall4_small_tiles32 = 0,
      .wide16_tiles8 = 0,
      .wide4_rows28_tiles64 = 0,
      .tall4_small_rect32 = 0,
      .wide8_rect32 = 0,
      .skinny8_rect = 0,
      .whole_tile128 = 0,
      .tall4_odd_rect64x32 = 0,
      .rect4_overlap = 0,
      .rect4_unskewed16 = 0,
      .tall4_odd_narrow16 = 0,
      .narrow4_unskewed16 = 0,
      .tall4_off16_tiles32 = 0,
      .narrow_fill_groups = 0,
      .rect_fill_groups = 0}},
};

clt__traits clt__device_traits(const clt__device_info *info) {
  size_t i = 0;
  while (builtin_traits[i].device &&
         !device_matches(info, builtin_traits[i].device, builtin_traits[i].platform))
    i++;
  return builtin_traits[i].t;
}

typedef struct tuning_file {
  struct tuning_file *next;
  char *path;
  int have[CLT__ELEM_SLOTS][CLT_SHAPE_CLASS_COUNT];
  clt_tuning t[CLT__ELEM_SLOTS][CLT_SHAPE_CLASS_COUNT];
} tuning_file;

static pthread_mutex_t db_lock = PTHREAD_MUTEX_INITIALIZER;
static tuning_file *db_files;

static int elem_slot(size_t elem_size) {
  switch (elem_size) {
  case 1:
    return 0;
  case 2:
    return 1;
  case 4:
    return 2;
  case 8:
    return 3;
  case 16:
    return 4;
  default:
    return -1;
  }
}

static unsigned long long fnv1a(unsigned long long h, const char *s) {
  for (const unsigned char *p = (const unsigned char *)s;; p++) {
    h ^= *p;
    h *= 1099511628211ULL;
    if (!*p) /* the NUL separates the key's parts */
      return h;
  }
}

int clt__tuning_file_path(const clt__device_info *info, char *buf, size_t size) {
  char *dir = clt__cache_dir();
  if (!dir)
    return 0;
  unsigned long long h = 14695981039346656037ULL;
  h = fnv1a(h, info->platform);
  h = fnv1a(h, info->name);
  h = fnv1a(h, info->driver);
  int n = snprintf(buf, size, "%s/tuning-%016llx.txt", dir, h);
  free(dir);
  return n > 0 && (size_t)n < size;
}

static int parse_variant(const char *s, clt_variant *v) {
  for (int i = CLT_VARIANT_AUTO; i <= CLT_VARIANT_NARROW; i++)
    if (strcmp(s, clt_variant_name((clt_variant)i)) == 0) {
      *v = (clt_variant)i;
      return 1;
    }
  return 0;
}

/* Reads path into f; unreadable or malformed lines are skipped (the file is a cache, never an error). */
static void load(tuning_file *f) {
  FILE *fp = fopen(f->path, "r");
  if (!fp)
    return;
  char line[512];
  while (fgets(line, sizeof line, fp)) {
    if (line[0] == '#')
      continue;
    size_t es;
    char cls_name[32], var_name[32];
    clt_tuning t;
    t.dst_align = t.units = t.tile_cols = 0; /* columns that older files lack */
    if (sscanf(line, "%zu %31s %31s %u %u %u %u %u %u %u %u", &es, cls_name, var_name, &t.tile,
               &t.vector_width, &t.wg_y, &t.pad, &t.wg_x, &t.dst_align, &t.units, &t.tile_cols) < 8)
      continue;
    int slot = elem_slot(es);
    int cls = -1;
    for (int c = 0; c < CLT_SHAPE_CLASS_COUNT; c++)
      if (strcmp(cls_name, clt_shape_class_name((clt_shape_class)c)) == 0)
        cls = c;
    int also = -1; /* version 0.1's "skinny" was the tall and the wide class in one */
    if (strcmp(cls_name, "skinny") == 0) {
      cls = CLT_SHAPE_TALL;
      also = CLT_SHAPE_WIDE;
    }
    if (slot < 0 || cls < 0 || !parse_variant(var_name, &t.variant))
      continue;
    f->have[slot][cls] = 1;
    f->t[slot][cls] = t;
    if (also >= 0) {
      f->have[slot][also] = 1;
      f->t[slot][also] = t;
    }
  }
  fclose(fp);
}

/* With db_lock held: the in-memory copy of the file at path, loaded on first use. */
static tuning_file *get_file(const char *path) {
  for (tuning_file *f = db_files; f; f = f->next)
    if (strcmp(f->path, path) == 0)
      return f;
  tuning_file *f = calloc(1, sizeof *f);
  if (!f || !(f->path = malloc(strlen(path) + 1))) {
    free(f);
    return NULL;
  }
  strcpy(f->path, path);
  load(f);
  f->next = db_files;
  db_files = f;
  return f;
}

/* Whether a table entry is for the device (device_matches), the element size and the class. */
static int entry_matches(const builtin_entry *b, const clt__device_info *info, size_t elem_size,
                         clt_shape_class cls) {
  return device_matches(info, b->device, b->platform) && b->elem_size == elem_size && b->cls == cls;
}

int clt__tuning_lookup(const clt__device_info *info, size_t elem_size, clt_shape_class cls, size_t short_side,
                       clt_tuning *out) {
  int slot = elem_slot(elem_size);
  if (slot < 0 || (unsigned)cls >= CLT_SHAPE_CLASS_COUNT)
    return 0;
  char path[4200];
  int found = 0;
  if (clt__tuning_file_path(info, path, sizeof path)) {
    pthread_mutex_lock(&db_lock);
    tuning_file *f = get_file(path);
    if (f && f->have[slot][cls]) {
      *out = f->t[slot][cls];
      found = CLT__TUNED_FILE;
    }
    pthread_mutex_unlock(&db_lock);
  }
  for (const builtin_side_entry *b = builtin_side; !found && (b->e.device || b->e.platform); b++) {
    if (b->short_min <= short_side && short_side <= b->short_max &&
        entry_matches(&b->e, info, elem_size, cls)) {
      *out = b->e.t;
      found = CLT__TUNED_TABLE;
    }
  }
  for (const builtin_entry *b = builtin; !found && (b->device || b->platform); b++) {
    if (entry_matches(b, info, elem_size, cls)) {
      *out = b->t;
      found = CLT__TUNED_TABLE;
    }
  }
  return found;
}

static int write_file(const tuning_file *f, const clt__device_info *info) {
  char tmp[4300];
  char *dir = clt__cache_dir();
  int dir_ok = dir && clt__make_dirs(dir) == 0;
  free(dir);
  if (!dir_ok)
    return 0;
  int n = snprintf(tmp, sizeof tmp, "%s.%ld.tmp", f->path, (long)getpid());
  if (n <= 0 || (size_t)n >= sizeof tmp)
    return 0;
  FILE *fp = fopen(tmp, "w");
  if (!fp)
    return 0;
  fprintf(
      fp,
      "# cltranspose tuning file: elem_size class variant tile vector_width wg_y pad wg_x dst_align units "
      "tile_cols\n");
  fprintf(fp, "# platform: %s\n# device: %s\n# driver: %s\n", info->platform, info->name, info->driver);
  for (int s = 0; s < CLT__ELEM_SLOTS; s++)
    for (int c = 0; c < CLT_SHAPE_CLASS_COUNT; c++)
      if (f->have[s][c]) {
        const clt_tuning *t = &f->t[s][c];
        fprintf(fp, "%u %s %s %u %u %u %u %u %u %u %u\n", 1u << s, clt_shape_class_name((clt_shape_class)c),
                clt_variant_name(t->variant), t->tile, t->vector_width, t->wg_y, t->pad, t->wg_x,
                t->dst_align, t->units, t->tile_cols);
      }
  int ok = fflush(fp) == 0;
  ok = fclose(fp) == 0 && ok;
  if (ok && rename(tmp, f->path) == 0) /* atomic: readers see the old file or the new one */
    return 1;
  remove(tmp);
  return 0;
}

clt_status clt_tuning_file_path(cl_device_id device, char *buf, size_t buf_size) {
  clt__clear_error();
  if (!device || !buf || !buf_size)
    return clt__fail(CLT_INVALID_VALUE, "device or buf is NULL");
  clt__device_info info;
  clt_status st = clt__device_query(device, &info);
  if (st != CLT_SUCCESS)
    return st;
  if (!clt__tuning_file_path(&info, buf, buf_size))
    return clt__fail(CLT_UNSUPPORTED,
                     "no cache directory (CLT_CACHE_DIR is off, or no HOME), or buf is too small");
  return CLT_SUCCESS;
}

clt_status clt_tuning_save(cl_device_id device, size_t elem_size, clt_shape_class shape_class,
                           const clt_tuning *tuning) {
  clt__clear_error();
  int slot = elem_slot(elem_size);
  if (!device || !tuning || slot < 0 || (unsigned)shape_class >= CLT_SHAPE_CLASS_COUNT ||
      (unsigned)tuning->variant > CLT_VARIANT_NARROW)
    return clt__fail(CLT_INVALID_VALUE, "bad device, element size, shape class or tuning");
  clt__device_info info;
  char path[4200];
  clt_status st = clt__device_query(device, &info);
  if (st != CLT_SUCCESS)
    return st;
  if (!clt__tuning_file_path(&info, path, sizeof path))
    return clt__fail(CLT_UNSUPPORTED, "no cache directory (CLT_CACHE_DIR is off, or no HOME)");
  pthread_mutex_lock(&db_lock);
  tuning_file *f = get_file(path);
  if (f) {
    load(f); /* another process may have added entries since */
    f->have[slot][shape_class] = 1;
    f->t[slot][shape_class] = *tuning;
    st = write_file(f, &info) ? CLT_SUCCESS
                              : clt__fail(CLT_UNSUPPORTED, "cannot write the tuning file %s", path);
  } else {
    st = clt__fail(CLT_OUT_OF_HOST_MEMORY, "out of host memory");
  }
  pthread_mutex_unlock(&db_lock);
  return st;
}

void clt__tuning_cache_clear(void) {
  pthread_mutex_lock(&db_lock);
  while (db_files) {
    tuning_file *f = db_files;
    db_files = f->next;
    free(f->path);
    free(f);
  }
  pthread_mutex_unlock(&db_lock);
}
