#!/usr/bin/env python3
"""Chart `stress` per-trial results CSVs as PNG files.

    python3 scripts/plot.py RESULTS.csv [MORE.csv ...] [--out DIR]

Several CSVs (shards of one run, say) are concatenated. Columns are read by name, so extra
columns are ignored. DIR defaults to `<stem of the first CSV>-plots` beside that CSV. Writes:

  <subject>-throughput.png  median ops/s against threads, one line per wrapper (dashed when
                            unprotected) with a min-max band; an X marks cells where some trial
                            did not end `ok` (in a grey strip at the bottom when none finished).
  outcomes.png              one square per cell (subject, wrapper, driver, readers, read mix,
                            threads), coloured by its worst outcome, labelled "trials not ok /
                            trials".
  wrappers-heatmap.png      per thread count, a row per subject and read mix, a column per
                            wrapper: its median ops/s over the fastest protected wrapper that
                            stayed correct there (green 1, red 0.1 or less), failed ones marked
                            "failed" in grey: the HTML report's heatmap.

Prints the path of each PNG written. Bad input: one `Error:` line on stderr, exit status 1.
Needs Python 3.11 and matplotlib.
"""
import argparse
import csv
import math
import os
import re
import statistics
import sys
from collections import defaultdict
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402 (the backend must be chosen first)
from matplotlib.colors import ListedColormap  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.patches import Patch, Rectangle  # noqa: E402
from matplotlib.ticker import LogFormatterSciNotation, NullLocator  # noqa: E402

REQUIRED = ("subject", "wrapper", "protected", "threads", "readers", "driver", "outcome",
            "ops_per_sec", "toolchain")
# Outcomes from least to most severe, as stress orders them (its HTML report colours a cell by
# the same worst outcome), with their colours in the outcome grid.
OUTCOMES = {"ok": "#2ca02c", "corrupt": "#ff7f0e", "crash": "#d62728", "hang": "#9467bd",
            "error": "#9e9e9e"}
SEVERITY = list(OUTCOMES)


class InputError(Exception):
    """A problem with the input, reported as one `Error:` line."""


def parse_row(row, where):
    """Turn one CSV row into a trial: a dict with typed threads and throughput."""
    get = {k: (v or "").strip() for k, v in row.items() if k is not None}.get  # short rows: None
    if get("outcome") not in OUTCOMES:
        raise InputError(f"{where}: unknown outcome {get('outcome')!r}")
    threads, ops = get("threads"), get("ops_per_sec")
    if not threads.isdecimal() or int(threads) < 1:
        raise InputError(f"{where}: threads {threads!r} is not a positive integer")
    try:
        ops = float(ops) if ops else None
    except ValueError:
        raise InputError(f"{where}: ops_per_sec {ops!r} is not a number") from None
    return {"subject": get("subject"),
            "series": (get("wrapper"), get("driver"), get("readers"), get("read_ratio")),
            "protected": get("protected") == "true", "threads": int(threads),
            "outcome": get("outcome"), "ops": ops, "toolchain": get("toolchain")}


def read_trials(paths):
    """Read and concatenate the trials of every CSV, checking each has the needed columns."""
    trials = []
    for path in paths:
        try:
            with open(path, newline="", encoding="utf-8-sig") as f:
                reader = csv.DictReader(f)
                if reader.fieldnames is None:
                    raise InputError(f"{path} is empty")
                missing = [c for c in REQUIRED if c not in reader.fieldnames]
                if missing:
                    raise InputError(f"{path} lacks column(s) {', '.join(missing)} "
                                     "(is it a per-trial results CSV?)")
                # The positive control measures the run's power; it is not a subject to chart.
                trials += [parse_row(row, f"{path}:{reader.line_num}") for row in reader
                           if row.get("subject") != "positive-control"]
        except OSError as e:
            raise InputError(f"{path}: {e.strerror}") from None
    if not trials:
        raise InputError(f"no trial rows in {', '.join(map(str, paths))}")
    return trials


def group_cells(trials):
    """Map (subject, series, threads) to that cell's trials, in order of first appearance."""
    cells = defaultdict(list)
    for t in trials:
        cells[(t["subject"], t["series"], t["threads"])].append(t)
    return cells


def series_label(series):
    """Name a line: the wrapper, plus the driver, readers and read mix where not the default."""
    wrapper, driver, readers, ratio = series
    return wrapper + (f" ({driver})" if driver != "threads" else "") + \
        (f", {readers} readers" if readers else "") + (f", {percent(ratio)} reads" if ratio else "")


def percent(ratio):
    """'0.9' -> '90%'."""
    p = float(ratio) * 100
    return f"{int(p)}%" if p == int(p) else f"{p:g}%"


def toolchains(trials):
    """The distinct toolchains of some trials, for a title."""
    names = sorted({t["toolchain"] for t in trials if t["toolchain"]})
    return ", ".join(names) or "unknown toolchain"


def safe_name(text):
    """A file-name-safe version of text: anything but [A-Za-z0-9._-] becomes '_'."""
    return re.sub(r"[^A-Za-z0-9._-]", "_", text) or "_"


def plot_throughput(subject, cells, path):
    """Median ops/s against threads for one subject's cells, one line per series."""
    by_series = defaultdict(dict)
    for (_, series, threads), trials in cells.items():
        by_series[series][threads] = trials
    fig, ax = plt.subplots(figsize=(8, 4.8))
    handles, unfinished = [], False
    for i, (series, by_threads) in enumerate(by_series.items()):
        color = f"C{i % 10}"
        style = "-" if all(t["protected"] for ts in by_threads.values() for t in ts) else "--"
        xs, medians, lows, highs = [], [], [], []
        for threads, trials in sorted(by_threads.items()):
            ops = [t["ops"] for t in trials if t["ops"] is not None]
            failed = any(t["outcome"] != "ok" for t in trials)
            if ops:
                xs.append(threads)
                medians.append(statistics.median(ops))
                lows.append(min(ops))
                highs.append(max(ops))
                ax.plot(threads, medians[-1], "X" if failed else "o", color=color,
                        ms=10 if failed else 6, mec="black" if failed else color, zorder=3)
            else:  # nothing finished: an X in a strip at the bottom (y in axes units)
                unfinished = True
                ax.plot(threads, 0.04, "X", color=color, ms=10, mec="black", zorder=3,
                        transform=ax.get_xaxis_transform(), clip_on=False)
        ax.plot(xs, medians, style, color=color, lw=1.8)
        ax.fill_between(xs, lows, highs, color=color, alpha=0.15, lw=0)
        handles.append(Line2D([], [], color=color, ls=style, marker="o",
                              label=series_label(series)))
    handles.append(Line2D([], [], ls="", marker="X", ms=10, color="white", mec="black",
                          label="some trials not ok" +
                          ("\n(in the grey strip: none finished)" if unfinished else "")))
    all_threads = sorted({threads for _, _, threads in cells})
    ax.set_xscale("log", base=2)
    ax.set_xticks(all_threads, [str(t) for t in all_threads])
    ax.xaxis.set_minor_locator(NullLocator())
    ax.set_xlim(all_threads[0] / 1.4, all_threads[-1] * 1.4)
    if any(t["ops"] is not None for ts in cells.values() for t in ts):
        ax.set_yscale("log")  # label some 2x, 5x ticks too when the data spans few decades
        ax.yaxis.set_minor_formatter(LogFormatterSciNotation(labelOnlyBase=False,
                                                             minor_thresholds=(2.5, 0.6)))
        if unfinished:  # lower the axis so the data clears the strip
            low, high = ax.get_ylim()
            ax.set_ylim(low / (high / low) ** (1 / 9), high)
    else:
        ax.set_yticks([])
        ax.text(0.5, 0.5, "no trial finished", transform=ax.transAxes, ha="center", color="grey")
    if unfinished:
        ax.add_patch(Rectangle((0, 0), 1, 0.08, transform=ax.transAxes, color="0.92", zorder=0))
    ax.grid(True, which="major", alpha=0.3)
    ax.set_xlabel("threads")
    ax.set_ylabel("ops/s, all threads (median; band: min-max)")
    ax.set_title(f"{subject}: throughput ({toolchains([t for ts in cells.values() for t in ts])})")
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False)
    fig.savefig(path, dpi=120, bbox_inches="tight")
    plt.close(fig)


def plot_outcomes(cells, path):
    """A grid of every cell, rows subject/series, columns threads, coloured by worst outcome."""
    rows = list(dict.fromkeys((subject, series) for subject, series, _ in cells))
    columns = sorted({threads for _, _, threads in cells})
    grid = [[float("nan")] * len(columns) for _ in rows]
    fig, ax = plt.subplots(figsize=(2 + 0.6 * len(columns), 1 + 0.32 * len(rows)))
    for (subject, series, threads), trials in cells.items():
        r, c = rows.index((subject, series)), columns.index(threads)
        grid[r][c] = max(SEVERITY.index(t["outcome"]) for t in trials)
        failing = sum(t["outcome"] != "ok" for t in trials)
        ax.text(c, r, f"{failing}/{len(trials)}", ha="center", va="center", fontsize=8,
                color="black" if SEVERITY[grid[r][c]] in ("ok", "error", "corrupt") else "white")
    colormap = ListedColormap(list(OUTCOMES.values()))
    colormap.set_bad("white")  # a cell not run at that thread count
    ax.imshow(grid, cmap=colormap, vmin=-0.5, vmax=len(SEVERITY) - 0.5, aspect="auto")
    ax.set_xticks(range(len(columns)), [str(t) for t in columns])
    ax.set_yticks(range(len(rows)), [f"{s} / {series_label(series)}" for s, series in rows])
    ax.set_xticks([c - 0.5 for c in range(1, len(columns))], minor=True)
    ax.set_yticks([r - 0.5 for r in range(1, len(rows))], minor=True)
    ax.grid(True, which="minor", color="white", lw=2)
    ax.tick_params(which="both", length=0)
    for r in range(1, len(rows)):  # a dark rule between subjects
        if rows[r][0] != rows[r - 1][0]:
            ax.axhline(r - 0.5, color="black", lw=1)
    ax.set_xlabel("threads")
    ax.set_title(f"Worst outcome per cell, trials not ok / trials\n"
                 f"({toolchains([t for ts in cells.values() for t in ts])})", fontsize=10)
    ax.legend(handles=[Patch(color=color, label=name) for name, color in OUTCOMES.items()],
              loc="upper left", bbox_to_anchor=(1.02, 1), frameon=False)
    fig.savefig(path, dpi=120, bbox_inches="tight")
    plt.close(fig)


def plot_heatmap(cells, path):
    """Per thread count, rows subject/read mix, columns wrappers: the median over the best."""
    by = {}
    for (subject, (wrapper, driver, readers, ratio), threads), trials in cells.items():
        if readers or driver == "dispatch-apply":
            continue
        ops = [t["ops"] for t in trials if t["ops"] is not None]
        by[(subject, ratio, threads, wrapper)] = {
            "median": statistics.median(ops) if ops else None,
            "failed": any(t["outcome"] != "ok" for t in trials),
            "protected": all(t["protected"] for t in trials)}
    threads_list = sorted({k[2] for k in by})
    rows = list(dict.fromkeys((k[0], k[1]) for k in by))
    wrappers = list(dict.fromkeys(k[3] for k in by))
    fig, axes = plt.subplots(1, len(threads_list), squeeze=False,
                             figsize=(2 + 1.1 * len(wrappers) * len(threads_list),
                                      1.5 + 0.35 * len(rows)))
    cmap = plt.get_cmap("RdYlGn").copy()
    cmap.set_bad("#bdbdbd")
    for ax, threads in zip(axes[0], threads_list):
        grid = [[float("nan")] * len(wrappers) for _ in rows]
        for r, (subject, ratio) in enumerate(rows):
            cands = [by.get((subject, ratio, threads, w)) for w in wrappers]
            correct = [c["median"] for c in cands
                       if c and c["protected"] and not c["failed"] and c["median"]]
            best = max(correct) if correct else None
            for c_i, cell in enumerate(cands):
                if not cell:
                    continue
                if cell["failed"]:
                    ax.text(c_i, r, "failed", ha="center", va="center", fontsize=6)
                elif best and cell["median"]:
                    x = cell["median"] / best
                    grid[r][c_i] = max(0.0, min(1.0, 1 + math.log10(x)))
                    ax.text(c_i, r, f"{x:.2f}", ha="center", va="center", fontsize=6)
        ax.imshow(grid, cmap=cmap, vmin=0, vmax=1, aspect="auto")
        ax.set_xticks(range(len(wrappers)), wrappers, rotation=60, fontsize=7)
        ax.set_yticks(range(len(rows)), [f"{s} {percent(r)}" for s, r in rows], fontsize=7)
        ax.set_title(f"{threads} thread{'s' if threads != 1 else ''}", fontsize=9)
    fig.suptitle("median ops/s over the fastest correct protected wrapper (failed: grey)",
                 fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def unwritable(out):
    """Why the charts could not be written into directory `out` (made if missing), or None."""
    if out.exists():
        if not out.is_dir():
            return "it is not a directory"
        existing = out
    else:
        existing = out.parent
        while not existing.exists() and existing != existing.parent:
            existing = existing.parent
        if not existing.is_dir():
            return f"'{existing}' is not a directory"
    if not os.access(existing, os.W_OK | os.X_OK):
        return f"'{existing}': permission denied"
    return None


def main():
    """Parse the command line, read the CSVs, write the charts; return the exit status."""
    parser = argparse.ArgumentParser(description="Chart stress per-trial results CSVs as PNGs.")
    parser.add_argument("csv", nargs="+", type=Path, help="per-trial results CSV(s)")
    parser.add_argument("--out", type=Path, help="output directory (default: <csv stem>-plots)")
    args = parser.parse_args()
    out = args.out or args.csv[0].with_name(args.csv[0].stem + "-plots")
    # Checked before any file is read, as stress checks its outputs: bad input, exit 64.
    reason = unwritable(out)
    if reason:
        print(f"Error: the output directory '{out}' cannot be written: {reason}.", file=sys.stderr)
        return 64
    try:
        cells = group_cells(read_trials(args.csv))
        out.mkdir(parents=True, exist_ok=True)
        for subject in dict.fromkeys(subject for subject, _, _ in cells):
            path = out / f"{safe_name(subject)}-throughput.png"
            plot_throughput(subject, {k: v for k, v in cells.items() if k[0] == subject}, path)
            print(path)
        plot_outcomes(cells, out / "outcomes.png")
        print(out / "outcomes.png")
        plot_heatmap(cells, out / "wrappers-heatmap.png")
        print(out / "wrappers-heatmap.png")
    except InputError as e:
        print(f"Error: {e}", file=sys.stderr)
        return 1
    except OSError as e:
        print(f"Error: {e.filename or out}: {e.strerror}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
