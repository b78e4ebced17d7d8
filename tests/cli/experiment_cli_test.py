#!/usr/bin/env python3
"""`collision-lab experiment` from the command line (CTest label "cli"): one call runs one case.
  experiment_cli_test.py --exe build/app/collision-lab --out DIR CASE
Cases: summary, space, deterministic, float_far, svg, no_display, bad_options, honest_counts, readme, gap,
disagreements, dump_pairs, split_plot.
"""

import argparse
import json
import os
import re
import subprocess
import sys


def run(exe, arguments, env=None):
    return subprocess.run([exe, "experiment", *arguments], capture_output=True, text=True, env=env, timeout=300)


def summary_rows(stdout):
    """{algorithm: (queries, mean, max, cap hits, disagreements, runs)} from the summary table; cap hits is 0 for
    an algorithm that is not capped (its column says so)."""
    rows = {}
    for line in stdout.splitlines():
        match = re.match(r"(gjk|distance|epa|sat-lite|sat)\s+(\d+)\s+(\d+)\s+([\d.]+)\s+(\d+)\s+(?:(\d+) \(.*?\)|not capped)"
                         r"\s+(\d+) \(", line)
        if match:
            name, queries, runs, mean, most, caps, disagreements = match.groups()
            rows[name] = (float(queries), float(mean), float(most), float(caps or 0), float(disagreements), float(runs))
    return rows


def check(condition, message):
    if not condition:
        print("FAILED:", message)
        sys.exit(1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--exe", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("case")
    options = parser.parse_args()
    os.makedirs(options.out, exist_ok=True)
    exe = options.exe

    if options.case == "summary":
        result = run(exe, ["--family", "mixed", "--trials", "3000", "--algo", "gjk,distance,epa,sat", "--seed", "3"])
        check(result.returncode == 0, result.stderr)
        rows = summary_rows(result.stdout)
        check(set(rows) == {"gjk", "distance", "epa", "sat"}, result.stdout)
        check(rows["distance"][0] == 3000 and rows["gjk"][0] == 3000, result.stdout)
        check(0 < rows["sat"][0] < 3000, "sat runs on polytope pairs only: " + result.stdout)
        check("experiment: 3000 / 3000 trials (100%)" in result.stderr, "progress line: " + result.stderr)
        # stderr is a pipe here, not a terminal: whole lines, no carriage returns run together (review s31, A18).
        # Read as bytes: text mode turns "\r" into "\n".
        raw = subprocess.run([exe, "experiment", "--family", "boxes", "--trials", "3000", "--worst", "0"],
                             capture_output=True, timeout=300).stderr
        check(b"\r" not in raw and raw.endswith(b"(100%)\n"), "progress into a pipe: " + repr(raw))
        check("ns/query" in result.stdout and "worst cases" in result.stdout, result.stdout)

    elif options.case == "space":
        # Boxes in space: SAT's 15 axes agree with the reference (SAT itself); SAT lite's 6 face axes let edge-edge
        # separations through as hits (its false positives), and every run ends by the cap.
        result = run(exe, ["--family", "boxes3d", "--trials", "3000", "--algo", "gjk,distance,epa,sat,sat-lite",
                           "--seed", "2", "-q", "--worst", "20"])
        check(result.returncode == 0, result.stderr)
        rows = summary_rows(result.stdout)
        check(set(rows) == {"gjk", "distance", "epa", "sat", "sat-lite"}, result.stdout)
        for algorithm in ("gjk", "distance", "epa", "sat"):
            check(rows[algorithm][4] == 0, f"{algorithm} disagrees on boxes: {result.stdout}")
            check(rows[algorithm][3] == 0, f"{algorithm} hit the cap on boxes: {result.stdout}")
        check(rows["sat-lite"][0] == 3000 and rows["sat-lite"][4] > 0, "sat-lite has no false positive: " + result.stdout)
        check(rows["sat"][2] <= 15 and rows["sat-lite"][2] <= 6, "more axes than a box pair has: " + result.stdout)
        check("DISAGREES (answer: hit, depth " in result.stdout and "reference: apart, distance " in result.stdout,
              "a false positive is listed as a worst case, with the reference's real gap: " + result.stdout)
        # Mixed shapes: sat runs on the polytope pairs only (boxes and hulls), sat-lite on box pairs only.
        result = run(exe, ["--family", "mixed3d", "--trials", "2000", "--algo", "gjk,distance,sat,sat-lite", "-q"])
        check(result.returncode == 0, result.stderr)
        rows = summary_rows(result.stdout)
        check(rows["gjk"][0] == 2000 and 0 < rows["sat-lite"][0] < rows["sat"][0] < 2000, result.stdout)
        check(rows["gjk"][4] == 0 and rows["distance"][4] == 0, result.stdout)
        # A hull family names its point count; a 2D family refuses an algorithm of space only.
        result = run(exe, ["--family", "hull12", "--trials", "500", "--algo", "gjk,distance,sat", "-q"])
        check(result.returncode == 0 and result.stdout.startswith("hull12, 500 trials"), result.stdout + result.stderr)
        check(summary_rows(result.stdout)["sat"][4] == 0, result.stdout)
        # One trial is said in the singular (newcomer review s29, C15: "1 part tests").
        result = run(exe, ["--family", "boxes", "--trials", "1", "-q", "--worst", "0"])
        check(result.returncode == 0 and result.stdout.startswith("boxes, 1 trial, seed 1"), result.stdout + result.stderr)
        result = run(exe, ["--family", "hull3"])
        check(result.returncode == 2 and "hullN with N from 4 to" in result.stderr, result.stderr)
        result = run(exe, ["--family", "boxes", "--algo", "sat-lite"])
        check(result.returncode == 2 and "sat-lite does not run in 2D" in result.stderr, result.stderr)

    elif options.case == "deterministic":
        paths = [os.path.join(options.out, f"run{i}.csv") for i in range(3)]
        for path, seed in zip(paths, ["5", "5", "6"]):
            result = run(exe, ["--family", "ngon8", "--trials", "5000", "--algo", "gjk,distance", "--seed", seed,
                               "--csv", path, "-q"])
            check(result.returncode == 0, result.stderr)
        texts = [open(path).read() for path in paths]
        check(texts[0] == texts[1], "same seed, different CSV")
        check(texts[0] != texts[2], "different seeds, same CSV")
        header = texts[0].splitlines()[0]
        check(header == "iterations,gjk_runs [runs],gjk_cumulative [%],distance_runs [runs],distance_cumulative [%]",
              header)
        last = texts[0].splitlines()[-1].split(",")
        check(float(last[2]) == 100.0 and float(last[4]) == 100.0, "cumulative ends at 100%: " + str(last))
        check(sum(float(line.split(",")[3]) for line in texts[0].splitlines()[1:]) == 5000, "distance runs add up")

    elif options.case == "float_far":
        common = ["--family", "ngon8", "--trials", "20000", "--algo", "gjk,distance,epa", "--offset", "1e5",
                  "--gap-min", "-0.05", "--gap-max", "0.05", "-q"]
        exact = summary_rows(run(exe, common + ["--scalar", "double"]).stdout)
        rounded = summary_rows(run(exe, common + ["--scalar", "float"]).stdout)
        for algorithm in ("gjk", "distance", "epa"):
            check(exact[algorithm][4] == 0, f"double {algorithm} disagrees: {exact}")
            check(rounded[algorithm][4] > 0, f"float {algorithm} agrees at 1e5: {rounded}")

    elif options.case == "svg":
        path = os.path.join(options.out, "plot.svg")
        result = run(exe, ["--family", "boxes", "--trials", "2000", "--algo", "gjk,distance,epa", "--plot", path, "-q"])
        check(result.returncode == 0, result.stderr)
        svg = open(path).read()
        check(svg.startswith("<svg ") and svg.rstrip().endswith("</svg>"), svg[:100])
        for colour, name in (("#4a9eff", "gjk"), ("#5fd68a", "distance"), ("#ff5c5c", "epa")):
            check(svg.count(f'fill="{colour}"') > 3, f"{name} bars ({colour}) missing")
            check(f">{name}</text>" in svg, f"legend entry {name} missing")
        check(">iterations</text>" in svg and ">share of runs (%)</text>" in svg, "axis titles missing")
        check("boxes, 2000 trials, seed 1" in svg, "title missing")

    elif options.case == "no_display":
        env = {key: value for key, value in os.environ.items() if key not in ("DISPLAY", "WAYLAND_DISPLAY")}
        path = os.path.join(options.out, "never.png")
        result = run(exe, ["--trials", "100", "--plot", path], env=env)
        check(result.returncode == 2, f"exit {result.returncode}")
        check("no display available" in result.stderr and "xvfb-run" in result.stderr, result.stderr)
        check(not os.path.exists(path), "a PNG was written without a display")

    elif options.case == "bad_options":
        # A value an option does not allow is a usage error, 2, as for CLI11's own checks (README; review s31, B2),
        # and it is refused before the run.
        plot = os.path.join(options.out, "plot.jpg")
        for arguments, words in ((["--family", "ngon99"], "ngonN with N from 3 to 64"),
                                 (["--gap-min", "0.5", "--gap-max", "-0.5"], "gap"),
                                 (["--size-ratio", "0"], "size ratio"),
                                 (["--offset", "1e30"], "offset"),
                                 (["--max-iterations", "0"], "max iterations"),
                                 (["--plot", plot], ".png or .svg"),
                                 (["--plot", os.path.join(options.out, "p.svg"), "--plot-size", "10x10"], "--plot-size"),
                                 (["--trials", "0"], "--trials")):
            result = run(exe, arguments + ["-q"])
            check(result.returncode == 2 and words in result.stderr,
                  f"{arguments}: exit {result.returncode}: {result.stderr}")
            check(result.stdout == "", f"{arguments} ran: {result.stdout}")
    elif options.case == "honest_counts":
        # SAT is not capped: its counts past the cap keep their own rows in the CSV, whose mean is the table's
        # (review s31, A2: they were folded into the row at 64 and read as cap hits); epa's runs are the overlapping
        # pairs (B8).
        path = os.path.join(options.out, "hull32.csv")
        result = run(exe, ["--family", "hull32", "--trials", "2000", "--algo", "gjk,epa,sat", "--csv", path, "-q"])
        check(result.returncode == 0, result.stderr)
        rows = summary_rows(result.stdout)
        check(rows["sat"][2] > 64, "sat's max is past the cap: " + result.stdout)
        check(re.search(r"^sat .* not capped ", result.stdout, re.M), "sat's cap column: " + result.stdout)
        check(rows["gjk"][0] == rows["gjk"][5] == 2000, result.stdout)
        check(0 < rows["epa"][5] < rows["epa"][0] == 2000, "epa's runs: " + result.stdout)
        check(f"epa: mean, max and cap hits over its {int(rows['epa'][5])} runs, the pairs boolean GJK found "
              "overlapping" in result.stdout, result.stdout)
        check("cores" not in result.stdout, "hulls have no rounded cores: " + result.stdout)
        # On mixed pairs, EPA's 0s are the rounded pairs the cores answered: said, not left to read as EPA's speed.
        mixed = run(exe, ["--family", "mixed", "--trials", "2000", "--algo", "epa", "-q", "--worst", "0"])
        check(re.search(r"^epa: .* runs, .*; \d+ of them are rounded pairs whose cores stay apart: the depth is the "
                        r"radii less the cores' distance", mixed.stdout, re.M), "mixed epa: " + mixed.stdout)
        # The worst cases are listed per algorithm: sorted together, SAT's hundreds of axes took all five (C2).
        listed = re.findall(r"^  trial +\d+  (\S+) ", result.stdout, re.M)
        check(listed == ["gjk"] * 5 + ["epa"] * 5 + ["sat"] * 5, "worst cases per algorithm: " + result.stdout)
        lines = open(path).read().splitlines()
        header = lines[0].split(",")
        column = header.index("sat_runs [runs]")
        counts = [(float(line.split(",")[0]), float(line.split(",")[column])) for line in lines[1:]]
        check(counts[-1][0] == rows["sat"][2] and counts[-1][1] > 0, "the CSV ends at the most seen: " + lines[-1])
        runs = sum(count for _, count in counts)
        check(runs == rows["sat"][5], f"sat runs in the CSV {runs}")
        mean = sum(k * count for k, count in counts) / runs
        check(abs(mean - rows["sat"][1]) < 5e-4, f"the CSV's sat mean {mean} is not the table's {rows['sat'][1]}")
        # An algorithm that takes no pair of the family: a row of "-" and the reason, not 0 (0%) (review s31, A3).
        csv = os.path.join(options.out, "circles.csv")
        svg = os.path.join(options.out, "circles.svg")
        result = run(exe, ["--family", "circles", "--trials", "300", "--algo", "sat,gjk", "-q", "--csv", csv,
                           "--plot", svg])
        check(result.returncode == 0, result.stderr)
        check(all(line.split(",")[2] == "" for line in open(csv).read().splitlines()[1:]),
              "sat's cumulative share over no run is an empty field, not 0")
        check("cold start; not plotted: sat (no pair it takes)</text>" in open(svg).read(), "the plot says sat is missing")
        check(re.search(r"^sat\s+0\s+-\s+-\s+-\s+-\s+-\s+-$", result.stdout, re.M), "sat's row: " + result.stdout)
        check("(0%)\n" not in result.stdout.split("gjk")[0], result.stdout)
        check("sat skipped 300 of 300 pairs: sat takes polytopes only (point, segment, aabb, box, polygon); they hold "
              "a circle (300)" in result.stdout, result.stdout)
        result = run(exe, ["--family", "mixed", "--trials", "200", "--algo", "sat,gjk", "-q"])
        rows = summary_rows(result.stdout)
        match = re.search(r"^sat skipped (\d+) of 200 pairs: sat takes polytopes only .*; they hold a c", result.stdout, re.M)
        check(match and int(match.group(1)) + rows["sat"][0] == 200, result.stdout)
        check("gjk skipped" not in result.stdout, result.stdout)
    elif options.case == "readme":
        # The README's boxes3d table is what the command prints, but for the times (newcomer review s31, B1: its
        # means had drifted, 5.674 for 5.675, and a line was missing).
        readme = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "README.md")).read()
        command = "collision-lab experiment --family boxes3d --trials 100000 --algo gjk,distance,epa,sat,sat-lite -q --worst 0"
        block = readme.split(command + "\n", 1)
        check(len(block) == 2, "the README has no block for: " + command)
        shown = block[1].split("```", 1)[0].splitlines()
        result = run(exe, command.split()[2:])
        check(result.returncode == 0, result.stderr)

        def untimed(lines):  # ns/query and the compute line's seconds differ from run to run
            return [re.sub(r"\s+[\d.]+$", "", re.sub(r"[\d.]+ s\b", "T s", line)) for line in lines]

        check(untimed(result.stdout.splitlines()) == untimed(shown),
              "README:\n" + "\n".join(shown) + "\nprinted:\n" + result.stdout)
    elif options.case == "gap":
        # The gap the pairs got, beside the one asked (newcomer review s33, C3): the same range at ratio 1000 ...
        result = run(exe, ["--family", "spheres", "--trials", "3000", "--size-ratio", "1000", "--gap-min", "-0.25",
                           "--gap-max", "-0.2", "--algo", "gjk", "-q", "--worst", "0"])
        check(result.returncode == 0, result.stderr)
        check(result.stdout.splitlines()[1] == "gap asked -0.25 to -0.2, realised -0.25 to -0.2", result.stdout)
        # ... and, asked for an overlap deeper than the boxes, how many overlap less and why.
        result = run(exe, ["--family", "boxes", "--trials", "500", "--gap-min", "-50", "--gap-max", "-40",
                           "--algo", "gjk", "-q", "--worst", "0"])
        check(result.returncode == 0, result.stderr)
        line = result.stdout.splitlines()[1]
        match = re.match(r"gap asked -50 to -40, realised (\S+) to (\S+): 500 of 500 pairs \(100%\) overlap less than "
                         r"asked, as an overlap deeper than half the centre line's chord through A - B stops B at the "
                         r"chord's middle$", line)
        check(match and -5 < float(match.group(1)) <= float(match.group(2)) < 0, line)

    elif options.case == "disagreements":
        # --disagreements-only: SAT lite's hits on pairs that are apart, first; GJK, which never disagrees on boxes,
        # lists none.
        result = run(exe, ["--family", "boxes3d", "--trials", "3000", "--algo", "gjk,sat-lite", "--seed", "2", "-q",
                           "--worst", "5", "--disagreements-only"])
        check(result.returncode == 0, result.stderr)
        rows = re.findall(r"^  trial +\d+  (\S+) .*$", result.stdout, re.M)
        check(rows == ["sat-lite"] * 5, "five sat-lite rows: " + result.stdout)
        for line in re.findall(r"^  trial .*$", result.stdout, re.M):
            check("DISAGREES (answer: hit, depth " in line and "reference: apart)" in line, line)
        check("worst cases (disagreements only), per algorithm" in result.stdout, result.stdout)
        # Without the option, GJK's slowest pairs are listed too.
        plain = run(exe, ["--family", "boxes3d", "--trials", "3000", "--algo", "gjk,sat-lite", "--seed", "2", "-q",
                          "--worst", "5"])
        check(re.findall(r"^  trial +\d+  (\S+) ", plain.stdout, re.M) == ["gjk"] * 5 + ["sat-lite"] * 5, plain.stdout)
        none = run(exe, ["--family", "boxes3d", "--trials", "500", "--algo", "gjk", "-q", "--disagreements-only"])
        check(none.returncode == 0 and "worst cases, disagreements only: none, every query agreed with the reference\n"
              in none.stdout and "  trial" not in none.stdout, none.stdout)

    elif options.case == "dump_pairs":
        # The listed pairs as `query` lines: `query` on each gives the experiment's answer for that trial, in the
        # plane and in space, in double and in float, for the slowest pairs and for disagreements.
        cases = [("boxes3d", ["--algo", "gjk,distance,epa,sat,sat-lite", "--disagreements-only", "--trials", "2000"]),
                 ("hull32", ["--algo", "gjk,distance,epa,sat", "--trials", "800"]),
                 ("ngon8", ["--algo", "gjk,distance,epa,sat", "--trials", "2000"]),
                 ("mixed", ["--algo", "gjk,distance,epa", "--trials", "2000"]),
                 ("mixed3d", ["--algo", "gjk,distance,epa", "--trials", "2000"]),
                 ("ngon8", ["--algo", "gjk,distance,epa", "--offset", "1e5", "--gap-min", "-0.05", "--gap-max", "0.05",
                            "--scalar", "float", "--disagreements-only", "--trials", "2000"])]
        for index, (family, arguments) in enumerate(cases):
            path = os.path.join(options.out, f"pairs{index}.jsonl")
            result = run(exe, ["--family", family, "--worst", "4", "-q", "--dump-pairs", path] + arguments)
            check(result.returncode == 0, result.stderr)
            match = re.search(r"^pairs: (\S+) \((\d+) pairs?, the listed worst cases; answer them with "
                              r"collision-lab query (.*) \S+\)$", result.stdout, re.M)
            check(match and match.group(1) == path, "the pairs line: " + result.stdout)
            lines = [json.loads(line) for line in open(path).read().splitlines()]
            listed = re.findall(r"^  trial +(\d+)  (\S+) ", result.stdout, re.M)
            check(len(lines) == int(match.group(2)) == len({trial for trial, _ in listed}) > 0,
                  f"{family}: {len(lines)} lines for {listed}")
            check([line["id"]["trial"] for line in lines] == list(dict.fromkeys(int(t) for t, _ in listed)),
                  f"{family}: the lines are the listed trials in order")
            query = subprocess.run([exe, "query", *match.group(3).split(), path], capture_output=True, text=True,
                                   timeout=300)
            check(query.returncode == 0, query.stderr)
            answers = [json.loads(line) for line in query.stdout.splitlines()]
            check(len(answers) == len(lines), query.stdout[:300])
            compared = 0
            for answer in answers:
                for said in answer["id"]["listed"]:
                    got = answer[said["algorithm"]]
                    where = f"{family} trial {answer['id']['trial']} {said['algorithm']}: experiment {said}, query {got}"
                    check(got["hit"] == said["hit"] and got["iterations"] == said["iterations"], where)
                    for value in ("depth", "distance"):
                        if value in said:
                            check(abs(got[value] - said[value]) <= 1e-9 * max(1.0, abs(said[value])), where)
                    compared += 1
            check(compared >= len(lines), f"{family}: nothing compared")
            if "--disagreements-only" in arguments:
                check(all(said.get("disagrees") for line in lines for said in line["id"]["listed"]), family)
            print(f"  {family}: {compared} answers of {len(lines)} dumped pairs are the experiment's")
        # Nothing listed, nothing to dump: refused before the run.
        result = run(exe, ["--worst", "0", "--dump-pairs", os.path.join(options.out, "never.jsonl"), "-q"])
        check(result.returncode == 2 and "--worst 0 lists none" in result.stderr and result.stdout == "", result.stderr)
        # A read-only target is refused before the run, not after it (output_files_test checks the rest of the rule).
        locked = os.path.join(options.out, "locked.jsonl")
        if os.path.exists(locked):
            os.chmod(locked, 0o644)
        open(locked, "w").write("mine\n")
        os.chmod(locked, 0o444)
        result = run(exe, ["--trials", "100", "--dump-pairs", locked, "-q"])
        os.chmod(locked, 0o644)
        check(result.returncode == 1 and "read-only" in result.stderr and result.stdout == "" and
              open(locked).read() == "mine\n", result.stdout + result.stderr)

    elif options.case == "split_plot":
        # SAT's axes tested on an x axis of their own beside GJK's iterations (newcomer review s33, C6).
        path = os.path.join(options.out, "split.svg")
        result = run(exe, ["--family", "hull32", "--trials", "500", "--algo", "gjk,epa,sat", "--plot", path, "-q"])
        check(result.returncode == 0, result.stderr)
        svg = open(path).read()
        check(">iterations</text>" in svg and ">axes tested (sat: not capped)</text>" in svg, "two x axes' titles")
        check(">the same run's sat</text>" in svg, "the second plot's title")
    else:
        check(False, "unknown case " + options.case)
    print("ok:", options.case)


if __name__ == "__main__":
    main()
