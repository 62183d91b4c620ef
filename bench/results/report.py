#!/usr/bin/env python3
"""Summarise cltranspose-bench JSON files as a Markdown table and a bar chart.

Usage: report.py OUT_PREFIX FILE.json|DIR [FILE.json|DIR ...]

Every argument is a JSON document written by `cltranspose-bench --json FILE`, or a directory whose
*.json files are read in sorted order. The script writes

  OUT_PREFIX.md   the device, driver, library version, time and exact bench command lines, then one
                  table row per (device, shape, batch, type) case in input order: the copy kernel's
                  GB/s and every variant's median time as a percentage of that copy (100 * copy median
                  / variant median, from the same run), and whether every result was exact;
  OUT_PREFIX.png  the same percentages as a grouped bar chart, one group per case.

A skipped measurement reads "n/a" with its reason in a note under the table, a failed check "FAIL",
an error "error" with its message in a note; a variant the bench did not run reads "-" (no column
when no input ran it). Records of --tune candidates have no column but count towards the check
column.

Python 3 standard library and matplotlib only. Exits with status 1 and a message on unreadable input.
"""

import json
import os
import re
import shlex
import sys

# (column header, impl, variant) of the percentage columns, in table and chart order.
COLUMNS = [
    ("auto", "cltranspose", "auto"),
    ("naive", "cltranspose", "naive"),
    ("tiled", "cltranspose", "tiled"),
    ("vector", "cltranspose", "vector"),
    ("block", "cltranspose", "block"),
    ("rect", "cltranspose", "rect"),
    ("narrow", "cltranspose", "narrow"),
    ("CLBlast", "clblast", "clblast"),
]
COLORS = {
    "auto": "#1f77b4",
    "naive": "#7f7f7f",
    "tiled": "#ff7f0e",
    "vector": "#2ca02c",
    "block": "#9467bd",
    "rect": "#17becf",
    "narrow": "#bcbd22",
    "CLBlast": "#d62728",
}
RECORD_KEYS = ("shape", "rows", "cols", "batch", "type", "impl", "variant", "check")
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


class InputError(Exception):
    """An input that cannot be used; the message names the file."""


def die(msg):
    print(f"report.py: {msg}", file=sys.stderr)
    sys.exit(1)


def expand_inputs(args):
    """Files in argument order; a directory contributes its *.json files, sorted by name."""
    files = []
    for arg in args:
        if os.path.isdir(arg):
            found = sorted(
                os.path.join(arg, n)
                for n in os.listdir(arg)
                if n.endswith(".json") and os.path.isfile(os.path.join(arg, n))
            )
            if not found:
                raise InputError(f"{arg}: directory holds no *.json file")
            files.extend(found)
        elif os.path.exists(arg):
            files.append(arg)
        else:
            raise InputError(f"{arg}: no such file or directory")
    return files


def load(path):
    """One bench document, checked for the keys this script reads."""
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except OSError as e:
        raise InputError(f"{path}: cannot read: {e.strerror or e}") from e
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise InputError(f"{path}: not valid JSON: {e}") from e
    if not isinstance(doc, dict) or doc.get("tool") != "cltranspose-bench":
        raise InputError(f"{path}: not a cltranspose-bench --json document (no \"tool\": \"cltranspose-bench\")")
    if not isinstance(doc.get("device"), dict) or not doc["device"].get("name"):
        raise InputError(f"{path}: no device name")
    results = doc.get("results")
    if not isinstance(results, list):
        raise InputError(f"{path}: no results list")
    for i, rec in enumerate(results):
        if not isinstance(rec, dict):
            raise InputError(f"{path}: results[{i}] is not an object")
        missing = [k for k in RECORD_KEYS if k not in rec]
        if missing:
            raise InputError(f"{path}: results[{i}] lacks {', '.join(missing)}")
        if not isinstance(rec["batch"], int) or isinstance(rec["batch"], bool) or rec["batch"] < 1:
            raise InputError(f"{path}: results[{i}] has no valid batch")
    return doc


def short_device(dev):
    """A compact device name for the table: vendor words, trademarks and clock speeds dropped."""
    name = dev["name"]
    pocl = "portable computing language" in str(dev.get("platform", "")).lower()
    if pocl:  # POCL's "cpu-<arch>-<model>": keep the model and the core count
        name = re.sub(r"^(cpu|pthread|basic)-.*?-(AMD|Intel)", r"\2", name)
    name = re.sub(r"\((R|TM|tm|r)\)", "", name)
    name = re.sub(r"@\s*[\d.]+\s*[GM]Hz", "", name)
    name = re.sub(r"\b(NVIDIA|Intel|AMD|Corporation|Processor|CPU)\b", "", name)
    name = re.sub(r"\s+", " ", name).strip(" -")
    if not name:
        name = dev["name"]
    if pocl and dev.get("compute_units"):
        name = f"{name}, {dev['compute_units']} cores"
    return f"POCL {name}" if pocl else name


def clean_command(argv):
    """The bench command line: the binary without its directory, --json/--csv files without theirs."""
    if not isinstance(argv, list) or not argv:
        return None
    out = [os.path.basename(str(argv[0])) or "cltranspose-bench"]
    path_next = False
    for arg in map(str, argv[1:]):
        if path_next:
            out.append(os.path.basename(arg))
            path_next = False
            continue
        m = re.match(r"^(--(?:json|csv))(=(.*))?$", arg)
        if m and m.group(2) is not None:
            out.append(f"{m.group(1)}={os.path.basename(m.group(3))}")
        else:
            out.append(arg)
            path_next = m is not None
    return shlex.join(out)


def case_label(rec):
    label = f"{rec['shape']} {rec['type']}"
    return label + (f" x{rec['batch']}" if rec["batch"] > 1 else "")


def collect(docs):
    """Cases in input order: {key, device, label, records {(impl, variant): rec}, all (list), file}.

    A case met again in a later file replaces the earlier measurement (percentages are relative to
    the copy of the same run, so runs are not mixed); the row keeps its first position."""
    cases = {}
    for path, doc in docs:
        dev = doc["device"]
        seen_here = set()
        for rec in doc["results"]:
            key = (dev["name"], rec["shape"], rec["batch"], rec["type"])
            if key in cases and key not in seen_here:
                print(f"report.py: warning: {path}: {case_label(rec)} on {dev['name']} repeats "
                      f"{cases[key]['file']}; the later run is kept", file=sys.stderr)
                cases[key].update(records={}, all=[], file=path)
            if key not in cases:
                cases[key] = {"key": key, "device": dev, "label": case_label(rec),
                              "records": {}, "all": [], "file": path}
            seen_here.add(key)
            case = cases[key]
            case["all"].append(rec)
            case["records"].setdefault((rec["impl"], rec["variant"]), rec)
    return list(cases.values())


def number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value == value


class Notes:
    """Numbered notes under the table, one per distinct message."""

    def __init__(self):
        self.items = []

    def mark(self, text):
        text = " ".join(str(text).split())
        if text not in self.items:
            self.items.append(text)
        return str(self.items.index(text) + 1).translate(SUPERSCRIPT)


def cell(rec, notes, with_resolved=False):
    if rec is None:
        return "-"
    check = rec.get("check")
    if check == "SKIP":
        return "n/a" + (notes.mark(rec["message"]) if rec.get("message") else "")
    if check == "ERROR":
        return "error" + (notes.mark(rec["message"]) if rec.get("message") else "")
    if check == "FAIL":
        return "FAIL"
    if not number(rec.get("percent_of_copy")):
        return "-"
    text = f"{rec['percent_of_copy']:.1f}"
    resolved = rec.get("resolved_variant")
    if with_resolved and resolved and resolved != rec["variant"]:
        text += f" ({resolved})"
    return text


def check_summary(case):
    bad = [r for r in case["all"] if r.get("check") in ("FAIL", "ERROR")]
    if bad:
        return ", ".join(f"{r['variant']} {r['check']}" for r in bad)
    if any(r.get("check") == "PASS" for r in case["all"]):
        return "all exact"
    return "skipped"


def metadata(docs):
    """Markdown lines above the table."""
    lines = []
    devices = {}
    for _, doc in docs:
        devices.setdefault(doc["device"]["name"], doc["device"])
    for dev in devices.values():
        bits = [dev.get("platform"), dev.get("platform_version")]
        bits = ", ".join(str(b) for b in bits if b)
        line = f"- Device: {dev['name']}" + (f" ({bits})" if bits else "")
        if dev.get("driver_version"):
            line += f", driver {dev['driver_version']}"
        if number(dev.get("compute_units")):
            line += f", {dev['compute_units']} compute units"
        lines.append(line)
    versions = sorted({str(doc.get("library_version")) for _, doc in docs if doc.get("library_version")})
    if versions:
        lines.append(f"- cltranspose {', '.join(versions)}")
    stamps = sorted(str(doc["timestamp"]) for _, doc in docs if doc.get("timestamp"))
    if stamps:
        lines.append(f"- Measured {stamps[0]}" + (f" to {stamps[-1]}" if stamps[-1] != stamps[0] else ""))
    timing = []
    for _, doc in docs:
        s = doc.get("settings") or {}
        if number(s.get("reps")) and number(s.get("warmup")):
            t = f"median of {s['reps']} profiled runs after {s['warmup']} warm-up runs"
            if t not in timing:
                timing.append(t)
    if timing:
        lines.append(f"- Times: {'; '.join(timing)}")
    # Files older than the reset have no l2_reset key; they count as without it.
    resets = sum(1 for _, doc in docs if (doc.get("settings") or {}).get("l2_reset"))
    if resets:
        where = "" if resets == len(docs) else f" in {resets} of {len(docs)} files"
        lines.append(f"- L2 priorities reset to normal before each method{where} (lines that an earlier "
                     "method's evict_last loads kept serve no other)")
    commands = []
    for _, doc in docs:
        c = clean_command(doc.get("command_line"))
        if c and c not in commands:
            commands.append(c)
    if commands:
        lines += ["", "Bench command lines:", "", "```sh", *commands, "```"]
    return lines


def markdown(docs, cases):
    notes = Notes()
    # A variant no input ran at all (files older than it) gets no column.
    columns = [c for c in COLUMNS if any((c[1], c[2]) in case["records"] for case in cases)]
    head = ["device", "case", "copy GB/s", *(c[0] for c in columns), "check"]
    rows = []
    for case in cases:
        copy = case["records"].get(("cltranspose", "copy"))
        if copy is None:
            copy_cell = "-"
        elif copy.get("check") == "PASS" and number(copy.get("gbps")):
            copy_cell = f"{copy['gbps']:.1f}"
        else:
            copy_cell = cell(copy, notes)
        cells = [cell(case["records"].get((impl, var)), notes, with_resolved=(var == "auto"))
                 for _, impl, var in columns]
        rows.append([short_device(case["device"]), case["label"], copy_cell, *cells, check_summary(case)])

    out = metadata(docs)
    out += ["", "Percent of the copy kernel's bandwidth in the same run (100 = as fast as copying the "
            "same bytes); auto shows the variant it chose in parentheses.", ""]
    out.append("| " + " | ".join(head) + " |")
    out.append("| " + " | ".join(["---", "---"] + ["---:"] * (len(head) - 3) + ["---"]) + " |")
    out += ["| " + " | ".join(r) + " |" for r in rows]
    if notes.items:
        out.append("")
        out += [f"{str(i + 1).translate(SUPERSCRIPT)} {text}  " for i, text in enumerate(notes.items)]
        out[-1] = out[-1].rstrip()
    return "\n".join(out) + "\n"


def chart(cases, path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    def value(case, impl, var):
        rec = case["records"].get((impl, var))
        if rec is not None and rec.get("check") == "PASS" and number(rec.get("percent_of_copy")):
            return rec["percent_of_copy"]
        return None

    shown = [c for c in COLUMNS if any(value(case, c[1], c[2]) is not None for case in cases)]
    devices = []
    for case in cases:
        if case["device"]["name"] not in devices:
            devices.append(case["device"]["name"])

    # Past a dozen cases the groups get too narrow for labels across: each case then gets a fixed width and
    # its label runs upwards on one line.
    many = len(cases) > 12
    size = (max(14, 0.42 * len(cases) + 4), 8) if many else (14, 6)
    fig, ax = plt.subplots(figsize=size, dpi=100)
    n = len(shown)
    width = 0.8 / max(n, 1)
    top = 100.0
    for j, (name, impl, var) in enumerate(shown):
        xs, ys = [], []
        for i, case in enumerate(cases):
            x = i + (j - (n - 1) / 2) * width
            v = value(case, impl, var)
            if v is None:
                rec = case["records"].get((impl, var))
                if rec is not None:  # ran but has no valid percentage: say why at the foot of the slot
                    tag = {"SKIP": "n/a", "FAIL": "FAIL", "ERROR": "error"}.get(rec.get("check"), "-")
                    ax.text(x, 1.5, tag, rotation=90, ha="center", va="bottom", fontsize=8,
                            color="#d62728" if tag in ("FAIL", "error") else "#888888")
                continue
            xs.append(x)
            ys.append(v)
            top = max(top, v)
        ax.bar(xs, ys, width=width * 0.92, color=COLORS[name], label=name, zorder=2)
        if var == "auto":
            for x, y in zip(xs, ys):
                ax.text(x, y + 1, f"{y:.0f}", ha="center", va="bottom", fontsize=8, color=COLORS[name])
    if not shown:
        ax.text(0.5, 0.5, "no variant was measured", transform=ax.transAxes, ha="center", fontsize=14)
    ax.axhline(100, color="black", linestyle="--", linewidth=1.2, label="copy (100%)", zorder=3)

    labels = []
    sep = "  " if many else "\n"  # between a label's parts
    for case in cases:
        label = case["label"]
        if len(cases) > 6 and not many:  # narrow groups: shape on one line, type (and batch) on the next
            label = label.replace(" ", "\n", 1)
        if len(devices) > 1:
            label = f"{short_device(case['device'])}{sep}{label}"
        auto = case["records"].get(("cltranspose", "auto"))
        if auto is not None and auto.get("check") == "PASS" and auto.get("resolved_variant"):
            label += f"{sep}auto: {auto['resolved_variant']}"
        labels.append(label)
    ax.set_xticks(range(len(cases)))
    ax.set_xticklabels(labels, fontsize=9, rotation=90 if many else 0)
    ax.set_xlim(-0.6, len(cases) - 0.4)
    ax.set_ylim(0, top * 1.12)
    ax.set_ylabel("percent of the same run's copy kernel")
    ax.grid(axis="y", color="#dddddd", zorder=0)
    ax.set_axisbelow(True)
    ax.set_title("cltranspose variants vs. a copy of the same bytes on " + ", ".join(devices))
    ax.legend(loc="upper left", bbox_to_anchor=(1.005, 1.0), fontsize=9, frameon=False)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main(argv):
    if len(argv) < 3 or argv[1] in ("-h", "--help"):
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    prefix = argv[1]
    try:
        docs = [(p, load(p)) for p in expand_inputs(argv[2:])]
        cases = collect(docs)
        if not cases:
            raise InputError("the inputs hold no results")
        text = markdown(docs, cases)
        chart(cases, prefix + ".png")
        with open(prefix + ".md", "w", encoding="utf-8") as f:
            f.write(text)
    except InputError as e:
        die(str(e))
    except OSError as e:
        die(f"cannot write {e.filename or prefix}: {e.strerror or e}")
    print(f"wrote {prefix}.md and {prefix}.png ({len(cases)} cases)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
