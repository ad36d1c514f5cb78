#!/usr/bin/env python3
"""Renders the published table (docs/foundation-on-linux.md) from a run of the whole catalog:
`stress report --format json` of its trial CSV, the CSV itself for the machine, and
`stress list --lists --format json` and `stress list --format json` for what is documented.

    python3 scripts/foundation_table.py REPORT.json RESULTS.csv LISTS.json LISTING.json \\
        --command "stress run --suite all" [--power POWER.json --power-command "..."] \\
        [--upstream docs/upstream-issues.json] [--tsan TSAN.csv --tsan-command "..."] \\
        > docs/foundation-on-linux.md

Every verdict comes from the runs (their unprotected trials at 2 or more threads, as `stress
verdicts` judges them; a power run's trials add to the first run's), every failure under
protection from the first run's cells, what is documented and what each subject calls from the
catalog, and upstream's issues from the file that tracks them. Nothing here is written by hand
about a type.
"""
import argparse
import csv
import json
import math
import re
import sys

# A "no failure seen" row is meant to rest on this many powered trials over this many thread
# counts: a failure rate under 1% per trial at 95%. A row short of it says so.
AIM_TRIALS = 300
AIM_THREADS = 2


def kinds(counts):
    """"crash 3, corrupt 2": outcomes other than ok, most first."""
    bad = [(k, v) for k, v in counts.items() if k != "ok" and v > 0]
    return ", ".join(f"{k} {v}" for k, v in sorted(bad, key=lambda kv: (-kv[1], kv[0])))


def merged_verdicts(reports):
    """One verdict per subject over every report's unprotected trials at 2+ threads."""
    merged = {}
    for report in reports:
        for v in report.get("verdicts", []):
            m = merged.setdefault(v["subject"], {
                "trials": 0, "failed": 0, "failures": {}, "powered_trials": 0,
                "powered_threads": set(), "powered_operations": 0, "focused": {}})
            m["trials"] += v["trials"]
            m["failed"] += v["failed"]
            for kind, n in v["failures"].items():
                m["failures"][kind] = m["failures"].get(kind, 0) + n
            m["powered_trials"] += v["powered_trials"]
            m["powered_threads"].update(v.get("powered_threads", []))
            m["powered_operations"] += v.get("powered_operations", 0)
            # Reports from before focused trials have none.
            for pair in v.get("focused", []):
                t = m["focused"].setdefault(pair["pair"], [0, 0])
                t[0] += pair["trials"]
                t[1] += pair["failed"]
    return merged


def focus_text(verdict):
    """How many of a row's trials were focused, on how many (call, edge value) pairs and how
    many each, and the pairs that failed most; empty when none was."""
    focused = verdict.get("focused", {})
    trials = sum(t for t, _ in focused.values())
    if trials == 0:
        return ""
    counts = sorted({t for t, _ in focused.values()})
    each = f"{counts[0]}" if len(counts) == 1 else f"{counts[0]} to {counts[-1]}"
    pairs = len(focused)
    text = (f"; {trials:,} of them focused, on {pairs} (call, edge value) "
            f"pair{'' if pairs == 1 else 's'}, {each} each")
    failing = sorted(((f, t, p) for p, (t, f) in focused.items() if f > 0), key=lambda x: (-x[0], x[2]))
    if failing:
        shown = ", ".join(f"{f} of {t} on `{p}`" for f, t, p in failing[:3])
        more = f", and {len(failing) - 3} more pairs" if len(failing) > 3 else ""
        text += f"; focused trials failed: {shown}{more}"
    return text


def threads_text(counts):
    """"2 and 4 threads", "2 threads"."""
    counts = sorted(counts)
    if len(counts) == 1:
        return f"{counts[0]} threads"
    return ", ".join(str(c) for c in counts[:-1]) + f" and {counts[-1]} threads"


def operations_text(n):
    """Operations, rounded down so a bound is never stated stronger than it is."""
    for size, unit in ((1_000_000_000, "billion"), (1_000_000, "million")):
        if n >= size:
            whole = int(n * 10 // size) / 10
            return f"{whole:g} {unit}"
    return f"{n:,}"


def bound_percent(powered):
    """The rule of three, 3/n, in percent to two significant digits rounded up: the bound is
    never stated tighter than it is."""
    bound = min(1.0, 3 / powered) * 100
    scale = 10 ** (math.floor(math.log10(bound)) - 1)
    return f"{math.ceil(round(bound / scale, 9)) * scale:.{max(0, -int(math.log10(scale)))}f}"


def measured(verdict):
    """The runs' verdict for a subject: failures and their kinds, or the bound they reached,
    in trials, thread counts and operations, and whether it falls short of the table's aim."""
    if verdict is None:
        return "not run unprotected at 2+ threads"
    if verdict["failed"] > 0:
        return (f"**unsafe**: {verdict['failed']} of {verdict['trials']} trials failed "
                f"({kinds(verdict['failures'])})" + focus_text(verdict))
    powered = verdict["powered_trials"]
    if powered == 0:
        return (f"inconclusive: no failure in {verdict['trials']} trials, none where the "
                "positive control was caught")
    threads = verdict["powered_threads"]
    text = f"no failure seen in {powered:,} powered trials"
    if threads:
        text += f" at {threads_text(threads)}"
    if verdict["powered_operations"]:
        text += f" ({operations_text(verdict['powered_operations'])} operations)"
    text += f": failure rate < {bound_percent(powered)}% per trial (95%)" + focus_text(verdict)
    if powered < AIM_TRIALS or len(threads) < AIM_THREADS:
        text += (f"; short of the {AIM_TRIALS} trials over {AIM_THREADS} thread counts a "
                 "published bound needs")
    return text


def protected_failures(cells, subject):
    """Wrappers under which the subject failed, with the kinds: "rw-barrier (crash 4)"."""
    by_wrapper = {}
    for cell in cells:
        if cell["subject"] != subject or not cell["protected"] or cell["failing_trials"] == 0:
            continue
        counts = by_wrapper.setdefault(cell["wrapper"], {})
        for outcome, n in cell["outcomes"].items():
            if outcome != "ok":
                counts[outcome] = counts.get(outcome, 0) + n
    return "; ".join(f"{w} ({kinds(c)})" for w, c in by_wrapper.items()) or "none"


def version(text):
    """(6, 3, 1) from "swift-6.3.1", "6.3.1" or "Swift version 6.3.1 (...)"; None if none."""
    match = re.search(r"(\d+)\.(\d+)(?:\.(\d+))?", text or "")
    return tuple(int(g or 0) for g in match.groups()) if match else None


def issue_link(issue):
    kind = "pull" if issue["kind"] == "pull request" else "issues"
    name = "PR " if issue["kind"] == "pull request" else ""
    return (f"[{issue['tracker']} {name}#{issue['number']}]"
            f"(https://github.com/swiftlang/{issue['tracker']}/{kind}/{issue['number']})")


def upstream_status(issue, verdict, toolchain):
    """What upstream says of this toolchain beside what the run saw; a disagreement either way
    is in bold."""
    fixed_in = issue.get("fixed_in")
    fixed = fixed_in is not None and toolchain is not None and toolchain >= version(fixed_in)
    if fixed:
        said = f"fixed in {fixed_in}"
    elif fixed_in:
        said = f"open for this toolchain (fixed in {fixed_in})"
    elif issue["status"] == "fixed":
        said = "fixed on main, in no release yet"
    else:
        said = "open"
    platform = issue.get("platform")
    if platform:
        said += f", reported on the {platform}"
    head = f"{issue_link(issue)} {said}"
    if issue.get("subject") is None:
        why = issue.get("why_no_subject")
        return f"{head}: no subject aims at it: {why}" if why else f"{head}: no subject aims at it yet"
    if verdict is None:
        return f"{head}: not run"
    failed = verdict["failed"] > 0
    if verdict["powered_trials"] == 0 and not failed:
        return f"{head}: inconclusive here"
    if fixed:
        seen = "**reproduced here though marked fixed**" if failed else "not reproduced: agrees"
    elif platform:
        seen = "reproduced here too" if failed else "not reproduced on this platform"
    else:
        seen = "reproduced: agrees" if failed else "**not reproduced here**"
    return f"{head}: {seen}"


def tsan_cells(path):
    """Per subject, TSan's reports in its unprotected trials at 2 threads."""
    cells = {}
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            if row["wrapper"] != "unprotected" or row["threads"] != "2":
                continue
            c = cells.setdefault(row["subject"], {"trials": 0, "with": 0, "reports": 0})
            n = int(row["tsan_reports"] or 0)
            c["trials"] += 1
            c["with"] += n > 0
            c["reports"] += n
    return cells


def tsan_text(cell):
    if cell is None:
        return "-"
    if cell["reports"] == 0:
        return f"none in {cell['trials']} trials"
    return f"{cell['reports']} in {cell['with']} of {cell['trials']} trials"


def escape(text):
    return text.replace("|", "\\|")


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report", help="stress report RESULTS.csv --format json, saved")
    parser.add_argument("results", help="the trial CSV of the run")
    parser.add_argument("lists", help="stress list --lists --format json, saved")
    parser.add_argument("listing", help="stress list --format json, saved")
    parser.add_argument("--command", required=True, help="the command that made the run")
    parser.add_argument("--minutes", type=float, help="how long the runs took")
    parser.add_argument("--power", action="append", default=[],
                        help="the report of a power run: unprotected trials only (repeatable)")
    parser.add_argument("--power-command", action="append", default=[],
                        help="the command that made each power run, in their order")
    parser.add_argument("--upstream", help="upstream's known issues (docs/upstream-issues.json)")
    parser.add_argument("--tsan", help="the trial CSV of a TSan run (scripts/tsan.sh)")
    parser.add_argument("--tsan-command", help="the command that made the TSan run")
    args = parser.parse_args()
    try:
        report = load(args.report)
        with open(args.results, newline="", encoding="utf-8") as f:
            first = next(csv.DictReader(f))
        lists = load(args.lists)["lists"]
        subjects = {s["id"]: s for s in load(args.listing)["subjects"]}
        powers = [load(path) for path in args.power]
        issues = load(args.upstream)["issues"] if args.upstream else []
        tsan = tsan_cells(args.tsan) if args.tsan else None
    except (OSError, ValueError, KeyError, StopIteration) as error:
        print(f"Error: cannot read the run: {error}", file=sys.stderr)
        return 2

    verdicts = merged_verdicts([report] + powers)
    toolchain = version(first["toolchain"])
    by_subject = {}
    for issue in issues:
        if issue.get("subject"):
            by_subject.setdefault(issue["subject"], []).append(issue)
    cells = report.get("cells", [])
    ran = []
    for cell in cells:
        if cell["subject"] not in ran:
            ran.append(cell["subject"])
    control = report.get("control", [])
    trials = report["trials"] + sum(p["trials"] for p in powers)

    def upstream(subject):
        found = by_subject.get(subject, [])
        return "<br>".join(
            upstream_status(i, verdicts.get(subject), toolchain) for i in found) or "-"

    def tsan_column(subject):
        return f" {tsan_text(tsan.get(subject))} |" if tsan is not None else ""

    out = ["# Foundation on Linux, measured: the Thread Safety Summary's lists and every subject\n"]
    took = f", in {args.minutes:.0f} minutes" if args.minutes else ""
    runs = f"`{args.command}`"
    if powers:
        named = [f"`{c}`" for c in args.power_command] or ["a second run"]
        runs += f" and its power run{'s' if len(named) > 1 else ''} " + " and ".join(named)
    out.append(
        f"Generated by `scripts/foundation-table.sh` from {runs} (run {first['run_id']}, "
        f"started {first['started_at']}{took}): {first['toolchain']}, {first['os']}, "
        f"{first['cpus']} CPUs, {trials:,} trials. Regenerate it with the same script on another "
        "toolchain or machine: the verdicts are this one's.\n")
    out.append(
        "**What a row claims.** **Documented** is what Apple's Thread Safety Summary (Threading "
        "Programming Guide) says. **Measured** is what the unprotected trials at 2 or more "
        "threads showed, of one object shared by every thread from its first call, making the "
        "calls on the inputs that [What each subject calls](#what-each-subject-calls) lists, and "
        "no others. A trial counts towards a bound only at a thread count where the run's "
        "positive control (an unprotected lost-update counter) was caught. \"No failure seen in "
        "n powered trials\" bounds the per-trial failure rate below 3/n at 95% (the rule of "
        f"three); this table aims at {AIM_TRIALS} trials over {AIM_THREADS} thread counts (under "
        "1%), and a row short of that says so. A rarer race, a call or an input the subject does "
        "not make, can still hide. **Under protection** lists the wrappers under which the "
        "subject still failed: the subject's own bug, or a wrapper that lets reads overlap "
        "(rw-barrier, rwlock) around a type whose reads are not safe together.\n")
    if issues:
        out.append(
            "**Upstream** is each concurrency bug reported upstream against the type (tracked in "
            "`docs/upstream-issues.json`, whose trigger is in the subject's domain), what upstream "
            "says of this toolchain and whether this run agrees. A disagreement either way is in "
            "bold: an open issue not reproduced (the run's inputs or power fall short, or it is "
            "fixed), or a fixed one reproduced.\n")
    if tsan is not None:
        out.append(
            "**TSan** is ThreadSanitizer's reports in the unprotected trials at 2 threads of a "
            f"TSan build (`{args.tsan_command or 'scripts/tsan.sh'}`). TSan sees races in code "
            "built with it: the harness, subjects written in Swift and the standard library's "
            "code inlined into them. The toolchain's Foundation, its CoreFoundation and ICU are "
            "not built with TSan: a race inside them gives no report and shows only as a crash or "
            "a wrong result, so \"none\" beside an NS* type says nothing. A report beside "
            "\"no failure seen\" is a race the outcomes missed; a failure with no report is a race "
            "TSan cannot see.\n")
    if control:
        caught = ", ".join(
            f"{c['threads']} threads {c['caught']}/{c['trials']}" for c in control)
        out.append(f"Positive control caught (first run): {caught}.\n")

    extra_head = (" upstream |" if issues else "") + (" TSan |" if tsan is not None else "")
    extra_rule = (" --- |" if issues else "") + (" --- |" if tsan is not None else "")

    def extra(subject):
        return (f" {upstream(subject)} |" if issues else "") + tsan_column(subject)

    def extra_blank():
        return (" - |" if issues else "") + (" - |" if tsan is not None else "")

    out.append("## The Summary's lists\n")
    out.append("| entry | documented | on Linux | subject | measured | under protection |"
               + extra_head)
    out.append("| --- | --- | --- | --- | --- | --- |" + extra_rule)
    listed = set()
    for entry in lists:
        linux = entry["linux"]
        name = escape(entry["name"])
        if linux is None:
            out.append(f"| {name} | {entry['documented']} | absent | - | - | - |" + extra_blank())
            continue
        if not entry["subjects"]:
            note = escape(entry.get("note") or "no subject")
            out.append(f"| {name} | {entry['documented']} | `{linux}` | - | {note} | - |"
                       + extra_blank())
            continue
        for subject in entry["subjects"]:
            listed.add(subject)
            if subject not in ran:
                text, protected = "not in this run", "-"
            else:
                text = measured(verdicts.get(subject))
                protected = protected_failures(cells, subject)
            out.append(
                f"| {name} | {entry['documented']} | `{linux}` | `{subject}` | {text} | "
                f"{protected} |" + extra(subject))
    out.append("")

    others = [s for s in ran if s not in listed and s in subjects]
    out.append("## Every other subject\n")
    out.append(
        "Types on neither list (`not listed`), Swift's own types, the tutorials' scenarios and "
        "the baselines, each with its own summary.\n")
    out.append("| subject | documented | what it does | measured | under protection |"
               + extra_head)
    out.append("| --- | --- | --- | --- | --- |" + extra_rule)
    for subject in others:
        info = subjects[subject]
        out.append(
            f"| `{subject}` | {info['documented']} | {escape(info['summary'])} | "
            f"{measured(verdicts.get(subject))} | {protected_failures(cells, subject)} |"
            + extra(subject))
    out.append("")

    if issues:
        out.append("## Upstream's known issues\n")
        out.append(
            "Concurrency bugs reported upstream for Foundation on Linux. Where a subject aims at "
            "one, the call and the input that trigger it are among the subject's; the others "
            "wait for a subject.\n")
        out.append("| issue | title | types | subject | trigger | what it does | this run |")
        out.append("| --- | --- | --- | --- | --- | --- | --- |")
        for issue in issues:
            subject = issue.get("subject")
            status = upstream_status(issue, verdicts.get(subject), toolchain)
            status = status.split(": ", 1)[1]
            said = f"fixed in {issue['fixed_in']}" if issue.get("fixed_in") else issue["status"]
            if subject:
                trigger = f"`{issue['trigger']['call']}`"
                if issue["trigger"]["input"] != "-":
                    trigger += f" on {issue['trigger']['input']}"
                subject_text = f"`{subject}`"
            else:
                trigger, subject_text = "-", "-"
            out.append(
                f"| {issue_link(issue)} ({said}) | {escape(issue['title'])} | "
                f"{escape(', '.join(issue['types']))} | {subject_text} | {escape(trigger)} | "
                f"{escape(issue['effect'])} | {status} |")
        out.append("")

    out.append("## What each subject calls\n")
    out.append(
        "A verdict covers these calls on these inputs and nothing else. Edge values come first "
        "in each domain, and every thread draws the same edge value at once in one stretch of "
        "operations in eight.\n")
    out.append("| subject | calls | inputs | leaves out |")
    out.append("| --- | --- | --- | --- |")
    for subject in [s for s in ran if s in subjects]:
        info = subjects[subject]
        calls = "; ".join(f"`{c}`" for c in info.get("calls", [])) or "not stated"
        inputs = "; ".join(info.get("inputs", [])) or "-"
        leaves = info.get("leaves_out") or "not stated"
        out.append(f"| `{subject}` | {escape(calls)} | {escape(inputs)} | {escape(leaves)} |")
    out.append("")
    sys.stdout.write("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
