#!/usr/bin/env python3
"""Random-shape survey: AUTO (and CLBlast, when the bench has it) on seeded random shapes of every type.

The suite (bench/suite.sh) times chosen reference shapes; this draws shapes the kernels were not tuned
on, so that weak shape families show up. Same seed, same shapes, on any machine.

Usage:
  survey.py BENCH DEVICE OUTDIR [options]   run cltranspose-bench per type, then summarise
  survey.py --summary OUTDIR                summarise the JSON files already in OUTDIR
  survey.py --list [options]                print the shapes and exit
  survey.py --compare BEFORE AFTER          AUTO's figures of two runs of one survey, shape by shape

Options: --seed N (default 1), --per-type N (shapes of batch 1 per type, default 40), --batched N
(batched shapes per type, default 4), --types LIST (default u8,f16,f32,f64,c128), --min-mib and
--max-mib (bytes per call, default 64 and 512), --reps N (default 20), --chunk N (shapes per bench
process, default 10), --rounds N (every bench process run N times, default 1), --resume (keep each bench
process's report already in OUTDIR where AUTO ran every one of its shapes and passed, and run only the
others: a survey stopped part way, by a time limit or a crash, goes on where it stopped).

Shapes: bytes per call log-uniform between the bounds; rows/cols log-uniform from 1:65536 to 65536:1
with the short side at least 2; each side independently either a random integer (3 in 5) or a
multiple of 64 (2 in 5). Batched shapes hold 16 to 64 matrices of 1 to 8 MiB each (at most --max-mib
in all). Each bench process writes OUTDIR/TYPE-GROUP-bBATCH-NN.json and .txt (group 0: batch 1, then
one group per batched shape); the summary (OUTDIR/summary.txt) gives per type AUTO's percent of the
copy (minimum, 10th percentile, median), the shapes below 80%, and AUTO's lead over CLBlast on every
shape CLBlast ran. With --rounds N > 1 the files are OUTDIR/TYPE-GROUP-bBATCH-NN-rR.json (round R), a
shape's figure is the median of its rounds, and the summary also counts the shapes where AUTO led CLBlast on
every pair of their figures, where CLBlast did, and where they went either way: on matrices of tens of MB a
single figure can move by several points from one process to the next. Exit status 1 if any bench process
failed or any check did not pass; --summary also counts, names and otherwise skips a JSON file that holds no
whole report (what a process stopped by a timeout leaves).
"""

import glob
import json
import math
import os
import random
import statistics
import subprocess
import sys

TYPES = {"u8": 1, "f16": 2, "f32": 4, "f64": 8, "c64": 8, "c128": 16}


def parse(argv):
    opt = {"seed": 1, "per-type": 40, "batched": 4, "types": "u8,f16,f32,f64,c128", "min-mib": 64,
           "max-mib": 512, "reps": 20, "chunk": 10, "rounds": 1}
    pos, mode, i, resume = [], "run", 0, False
    while i < len(argv):
        a = argv[i]
        if a in ("--summary", "--list", "--compare"):
            mode = a[2:]
        elif a == "--resume":
            resume = True
        elif a.startswith("--") and a[2:] in opt:
            if i + 1 >= len(argv):
                sys.exit("survey.py: %s needs a value" % a)
            try:
                opt[a[2:]] = argv[i + 1] if a == "--types" else int(argv[i + 1])
            except ValueError:
                sys.exit("survey.py: %s needs a whole number, not %s" % (a, argv[i + 1]))
            i += 1
        elif a in ("-h", "--help"):
            print(__doc__)
            sys.exit(0)
        elif a.startswith("-"):
            sys.exit("survey.py: unknown option %s" % a)
        else:
            pos.append(a)
        i += 1
    types = opt["types"].split(",")
    bad = [t for t in types if t not in TYPES]
    if (bad or opt["min-mib"] < 1 or opt["max-mib"] < opt["min-mib"] or opt["chunk"] < 1
            or opt["rounds"] < 1):
        sys.exit("survey.py: bad --types or bounds (%s)" % ",".join(bad))
    need = {"run": 3, "summary": 1, "list": 0, "compare": 2}[mode]
    if len(pos) != need:
        sys.exit(__doc__)
    if resume and mode != "run":
        sys.exit("survey.py: --resume goes with a run")
    opt["resume"] = resume
    return mode, pos, opt, types


def draw_side(rng, x):
    """x rounded to an integer: a random one near x, or a multiple of 64 when x allows."""
    if x >= 64 and rng.random() < 0.4:
        return max(64, int(round(x / 64.0)) * 64)
    return max(2, int(x * (1.0 + 0.1 * (rng.random() - 0.5))))


def shapes_for(opt, t):
    """(batch, [(rows, cols)]) groups for type t, from a generator seeded by the seed and the type."""
    es = TYPES[t]
    rng = random.Random("%d/%s" % (opt["seed"], t))
    lo, hi = math.log2(opt["min-mib"] * 2.0**20), math.log2(opt["max-mib"] * 2.0**20)
    single = []
    while len(single) < opt["per-type"]:
        elems = 2.0 ** rng.uniform(lo, hi) / es
        aspect = rng.uniform(-16.0, 16.0)  # log2(rows / cols)
        rows = math.sqrt(elems) * 2.0 ** (aspect / 2)
        cols = elems / rows
        if min(rows, cols) < 2:
            continue
        single.append((draw_side(rng, rows), draw_side(rng, cols)))
    groups = [(1, single)]
    for _ in range(opt["batched"]):
        batch = rng.choice([16, 24, 32, 48, 64])
        elems = min(2.0 ** rng.uniform(20, 23), opt["max-mib"] * 2.0**20 / batch) / es
        aspect = rng.uniform(-6.0, 6.0)
        rows = math.sqrt(elems) * 2.0 ** (aspect / 2)
        groups.append((batch, [(draw_side(rng, rows), draw_side(rng, elems / rows))]))
    return groups


def run(bench, device, out, opt, types):
    if not os.access(bench, os.X_OK):
        sys.exit("survey.py: %s is not an executable cltranspose-bench" % bench)
    os.makedirs(out, exist_ok=True)
    failed = 0
    for rnd in range(1, opt["rounds"] + 1):
        failed += run_round(bench, device, out, opt, types, rnd)
    return failed


def run_round(bench, device, out, opt, types, rnd):
    """One bench process per chunk of shapes; round rnd's files carry -rR when there are several rounds."""
    failed = 0
    suffix = "-r%d" % rnd if opt["rounds"] > 1 else ""
    for t in types:
        for g, (batch, shapes) in enumerate(shapes_for(opt, t)):
            for k in range(0, len(shapes), opt["chunk"]):
                part = shapes[k:k + opt["chunk"]]
                name = os.path.join(out, "%s-%d-b%d-%02d%s" % (t, g, batch, k // opt["chunk"], suffix))
                label = "%s%s batch %d: %s" % ("round %d: " % rnd if suffix else "", t, batch,
                                               " ".join("%dx%d" % s for s in part))
                if opt["resume"] and holds_shapes(name + ".json", t, batch, part):
                    print("== %s (kept)" % label, file=sys.stderr, flush=True)
                    continue
                cmd = [bench, "--device", device, "--type", t, "--batch", str(batch), "--variant", "auto",
                       "--reps", str(opt["reps"]), "-q", "--json", name + ".json",
                       "--shape", ",".join("%dx%d" % s for s in part)]
                print("== %s" % label, file=sys.stderr, flush=True)
                with open(name + ".txt", "w") as f:
                    rc = subprocess.call(cmd, stdout=f, stderr=subprocess.STDOUT)
                if rc != 0:
                    failed += 1
                    print("   bench exited %d (see %s.txt)" % (rc, name), file=sys.stderr, flush=True)
    return failed


def pct(xs, q):
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * (len(s) - 1) + 0.5))]


def read_report(path):
    """The results of one bench process's JSON report, or None where the file holds no whole report (a
    process stopped by a timeout leaves it empty or cut short)."""
    try:
        with open(path) as f:
            doc = json.load(f)
        results = doc["results"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return results if isinstance(results, list) else None


def holds_shapes(path, t, batch, part):
    """Whether the report at path is whole and AUTO ran every shape of part (type t, batch) in it and
    passed, as --resume keeps it: a report of another seed or chunk, or with an error, is run again."""
    results = read_report(path)
    if results is None:
        return False
    done = {(r.get("type"), r.get("batch"), r.get("rows"), r.get("cols")) for r in results
            if isinstance(r, dict) and r.get("impl") == "cltranspose" and r.get("variant") == "auto"
            and r.get("check") == "PASS"}
    return all((t, batch, rows, cols) in done for rows, cols in part)


def load(out):
    """{(type, batch, rows, cols): {"copy"|"auto"|"clblast": [record, one per round]}} from every JSON file
    in out, and the names of the files that hold no whole report (a bench process stopped before writing
    it, as a timeout or a crash leaves them)."""
    cases, unreadable = {}, []
    for path in sorted(glob.glob(os.path.join(out, "*.json"))):
        results = read_report(path)
        if results is None:
            unreadable.append(os.path.basename(path))
            continue
        for r in results:
            key = (r["type"], r["batch"], r["rows"], r["cols"])
            c = cases.setdefault(key, {})
            c.setdefault(r["variant"] if r["impl"] == "cltranspose" else r["impl"], []).append(r)
    return cases, unreadable


def label(key):
    t, b, r, c = key
    return "%-5s %dx%d%s" % (t, r, c, " batch %d" % b if b > 1 else "")


def figures(c, name):
    """A method's percent of the copy in each round, or None unless every round ran and passed."""
    recs = c.get(name)
    if not recs or any(r["check"] != "PASS" or r["percent_of_copy"] is None for r in recs):
        return None
    return [r["percent_of_copy"] for r in recs]


def auto_pct(c):
    """AUTO's figure for a shape: the median of its rounds."""
    v = figures(c, "auto")
    return statistics.median(v) if v is not None else None


def compare(before, after):
    """AUTO's figures of two surveys of the same shapes: what moved, and where the kernel changed."""
    (b, _), (a, _) = load(before), load(after)
    both = [k for k in b if k in a and auto_pct(b[k]) is not None and auto_pct(a[k]) is not None]
    if not both:
        sys.exit("survey.py: no shape measured in both %s and %s" % (before, after))
    changed, same = [], []
    for k in both:
        d = auto_pct(a[k]) - auto_pct(b[k])
        kernel = a[k]["auto"][0]["build_options"] != b[k]["auto"][0]["build_options"]
        (changed if kernel else same).append((d, k))
    lines = ["AUTO, percent of the copy: %s -> %s, %d shapes in both (%d in one only)"
             % (before, after, len(both), len(set(a) ^ set(b)))]
    lines.append("kernel changed on %d:" % len(changed))
    for d, k in sorted(changed):
        lines.append("  %+6.1f  %s  %.1f -> %.1f  %s -> %s" % (d, label(k), auto_pct(b[k]), auto_pct(a[k]),
                     b[k]["auto"][0]["resolved_variant"], a[k]["auto"][0]["resolved_variant"]))
    if same:
        moves = sorted(abs(d) for d, _ in same)
        lines.append("kernel the same on %d: median move %.1f points, %d beyond 1, %d beyond 2; largest:"
                     % (len(same), moves[len(moves) // 2], sum(m > 1 for m in moves),
                        sum(m > 2 for m in moves)))
        for d, k in sorted(same, key=lambda x: -abs(x[0]))[:5]:
            lines.append("  %+6.1f  %s  %.1f -> %.1f" % (d, label(k), auto_pct(b[k]), auto_pct(a[k])))
    sys.stdout.write("\n".join(lines) + "\n")
    return 0


def summary(out):
    cases, unreadable = load(out)
    if not cases:
        sys.exit("survey.py: no results in %s" % out)
    lines, lows, leads, bad = [], [], [], len(unreadable)
    by_type, pairs = {}, {"AUTO": [], "CLBlast": [], "either": []}
    for key, c in cases.items():
        for recs in c.values():
            bad += sum(r["check"] not in ("PASS", "SKIP") for r in recs)
        a = figures(c, "auto")
        if a is None:
            continue
        pa = statistics.median(a)
        by_type.setdefault(key[0], []).append(pa)
        if pa < 80:
            lows.append((pa, key, c["auto"][0]["resolved_variant"]))
        b = figures(c, "clblast")
        if b is not None:
            pb = statistics.median(b)
            leads.append((pa - pb, key, pa, pb))
            if len(a) > 1 or len(b) > 1:  # every pair of figures, as the A/B runs of bench/results judge
                side = "AUTO" if min(a) > max(b) else "CLBlast" if max(a) < min(b) else "either"
                pairs[side].append((key, a, b))
    lines.append("AUTO, percent of the same run's copy (every result exact unless counted below)")
    lines.append("type  shapes    min    p10  median")
    for t in sorted(by_type, key=lambda t: TYPES[t]):
        v = by_type[t]
        lines.append("%-5s %6d %6.1f %6.1f %7.1f" % (t, len(v), min(v), pct(v, 0.1), pct(v, 0.5)))
    lines.append("checks failed or errors: %d" % bad)
    if unreadable:
        lines.append("files with no whole report (counted above; their shapes are missing): %s"
                     % " ".join(unreadable))
    lines.append("")
    lines.append("AUTO below 80%% of the copy: %d shapes" % len(lows))
    for p, key, v in sorted(lows):
        lines.append("  %5.1f  %s  %s" % (p, label(key), v))
    lines.append("")
    if leads:
        lines.append("AUTO against CLBlast on the %d shapes CLBlast ran: AUTO ahead on %d, lead %.1f to %.1f "
                     "points" % (len(leads), sum(d > 0 for d, *_ in leads), min(leads)[0], max(leads)[0]))
        for d, key, pa, pb in sorted(leads)[:5]:
            lines.append("  smallest leads: %s  AUTO %.1f  CLBlast %.1f" % (label(key), pa, pb))
        if any(pairs.values()):
            counts = tuple(len(pairs[side]) for side in ("AUTO", "CLBlast", "either"))
            lines.append("over the rounds: AUTO ahead on every pair of figures on %d, CLBlast on %d, "
                         "either way on %d" % counts)
            for side in ("CLBlast", "either"):
                for key, a, b in sorted(pairs[side], key=lambda x: min(x[1]) - max(x[2])):
                    lines.append("  %s: %s  AUTO %.1f-%.1f  CLBlast %.1f-%.1f" % (
                        "CLBlast ahead" if side == "CLBlast" else "either way", label(key), min(a), max(a),
                        min(b), max(b)))
    else:
        lines.append("CLBlast: no shape (not built in, or no type it supports)")
    text = "\n".join(lines) + "\n"
    with open(os.path.join(out, "summary.txt"), "w") as f:
        f.write(text)
    sys.stdout.write(text)
    return bad


def main():
    mode, pos, opt, types = parse(sys.argv[1:])
    if mode == "list":
        for t in types:
            for batch, shapes in shapes_for(opt, t):
                print("%s batch %d: %s" % (t, batch, ",".join("%dx%d" % s for s in shapes)))
        return 0
    if mode == "compare":
        return compare(pos[0], pos[1])
    failed = run(pos[0], pos[1], pos[2], opt, types) if mode == "run" else 0
    bad = summary(pos[-1])
    return 1 if failed or bad else 0


if __name__ == "__main__":
    sys.exit(main())
