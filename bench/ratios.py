#!/usr/bin/env python3
"""Ratio tables for docs/PERFORMANCE.md from collide_bench's (or collide_bench3's) JSON output.

    build/release/bench/collide_bench --benchmark_format=json > bench.json
    python3 bench/ratios.py bench.json        (or pipe the JSON in on stdin)

Uses CPU time (the machine may be shared) and, when the run has --benchmark_repetitions, the median. Prints three
Markdown tables: ours next to each peer (Algorithm/Family/collide vs .../box2d, .../bullet or .../libccd), the cost
of recording a trace (collide_recorded vs collide), and the Collision detection notes' frame of 1,000 box tests
against its figures. Exits 1 when a goal of docs/PERFORMANCE.md is missed, so the run can gate a change.
"""
import json
import sys

UNIT_NS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}
ARTICLE_MS = {"SatBox": 10.0, "Sat": 20.0, "Gjk": 15.0, "Epa": 50.0}  # the Collision detection notes' profiler table
FRAME_GOAL_MS = {"SatBox": 0.1, "Epa": 0.5}  # every frame must also be >= 100x faster than the article
TRACE_GOAL = 3.0  # recording costs at most 3x the unrecorded call
BOX2D_GOALS = {"GjkDistance/Box", "GjkDistance/Ngon8", "GjkDistance/Ngon8BroadPhase"}  # ours at or below Box2D's time
PEERS = {"box2d": "Box2D 2.4.1", "bullet": "Bullet 3.24", "libccd": "libccd 2.0",  # collide_bench3: Bullet, libccd
         # Epa3 only: Bullet's per-pair path in a world (btConvexConvexAlgorithm); context, no goal
         "bullet_pair_detector": "Bullet 3.24 btGjkPairDetector + btGjkEpaPenetrationDepthSolver"}
# Goals against a peer, keyed by (our benchmark without its /collide suffix, peer). Epa3 names ours collide_float and
# collide_double (one family, both precisions next to Bullet in float and libccd in double).
PEER_GOALS = {("GjkDistance3/Box/float", "bullet"): 0.5, ("GjkDistance3/Hull32/float", "bullet"): 0.5,
              ("Epa3/Box/collide_float", "bullet"): 0.25, ("Epa3/Hull32/collide_float", "bullet"): 0.25}
OURS_SUFFIXES = ("/collide", "/collide_float", "/collide_double")
ABSOLUTE_GOALS_NS = {"Sat3/Box/float/sat15": 50.0, "Sat3/Box/double/sat15": 50.0, "Epa3/Hull32/collide_float": 1500.0,
                     "Epa3/Hull32/collide_double": 1500.0}


def load(stream):
    """name -> CPU time in ns, preferring the median aggregate when there are repetitions."""
    data = json.load(stream)
    plain, median = {}, {}
    for entry in data["benchmarks"]:
        scale = UNIT_NS[entry.get("time_unit", "ns")]
        if entry.get("run_type") == "aggregate":
            if entry.get("aggregate_name") == "median":
                median[entry["run_name"]] = entry["cpu_time"] * scale
        else:
            plain.setdefault(entry["name"], entry["cpu_time"] * scale)
    plain.update(median)
    return data.get("context", {}), plain


def main():
    with (open(sys.argv[1]) if len(sys.argv) > 1 else sys.stdin) as stream:
        context, times = load(stream)
    missed = []

    print(f"Machine: {context.get('num_cpus', '?')} CPUs at {context.get('mhz_per_cpu', '?')} MHz; CPU time per call; "
          "ratio < 1 means ours is faster.\n")
    print("| Benchmark | collide | peer | peer time | collide / peer |")
    print("|---|---:|---|---:|---:|")
    for name in sorted(times):
        suffix = next((s for s in OURS_SUFFIXES if name.endswith(s)), None)
        if suffix is None:
            continue
        family = name[: -len(suffix)]
        label = family if suffix == "/collide" else name
        ours = times[name]
        peers = [peer for peer in PEERS if family + "/" + peer in times]
        if not peers:
            print(f"| {label} | {ours:.1f} ns | (none) | | |")
        for peer in peers:
            theirs = times[family + "/" + peer]
            ratio = ours / theirs
            print(f"| {label} | {ours:.1f} ns | {PEERS[peer]} | {theirs:.1f} ns | {ratio:.2f} |")
            if peer == "box2d" and family in BOX2D_GOALS and ratio > 1.0:
                missed.append(f"{family}: {ratio:.2f}x Box2D's time (goal <= 1)")
            goal = PEER_GOALS.get((label, peer))
            if goal is not None and ratio > goal:
                missed.append(f"{label}: {ratio:.2f}x {PEERS[peer]}'s time (goal <= {goal})")

    for name, goal_ns in ABSOLUTE_GOALS_NS.items():
        if name in times and times[name] >= goal_ns:
            missed.append(f"{name}: {times[name]:.1f} ns (goal < {goal_ns:g} ns)")

    print("\n| Trace cost | unrecorded | recorded | ratio (goal <= 3) |")
    print("|---|---:|---:|---:|")
    for name in sorted(times):
        if not name.endswith("/collide_recorded"):
            continue
        family = name[: -len("/collide_recorded")]
        plain_time = times.get(family + "/collide")
        if plain_time is None:
            continue
        ratio = times[name] / plain_time
        print(f"| {family} | {plain_time:.1f} ns | {times[name]:.1f} ns | {ratio:.2f} |")
        if ratio > TRACE_GOAL:
            missed.append(f"{family}: recording costs {ratio:.2f}x (goal <= {TRACE_GOAL})")

    print("\n| 1,000 box tests per frame | ours | Collision detection notes | faster by (goal >= 100x) |")
    print("|---|---:|---:|---:|")
    for test, article_ms in ARTICLE_MS.items():
        frame_ns = times.get(f"Frame1000/{test}")
        if frame_ns is None:
            continue
        frame_ms = frame_ns * 1e-6
        factor = article_ms / frame_ms
        print(f"| {test} | {frame_ms:.4f} ms | {article_ms:g} ms | {factor:,.0f}x |")
        if factor < 100.0:
            missed.append(f"Frame1000/{test}: only {factor:.0f}x faster than the article (goal >= 100x)")
        if test in FRAME_GOAL_MS and frame_ms >= FRAME_GOAL_MS[test]:
            missed.append(f"Frame1000/{test}: {frame_ms:.4f} ms (goal < {FRAME_GOAL_MS[test]} ms)")

    print()
    for line in missed:
        print(f"GOAL MISSED: {line}")
    if not missed:
        print("All goals met.")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
