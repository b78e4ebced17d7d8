#!/usr/bin/env python3
"""Every command that writes a file keeps the old file whole when the write fails, and refuses a read-only one.

  output_files_test.py --exe build/release/app/collision-lab --data tests/cli/data --out DIR WRITER

WRITER is one of query, trace, broadphase_csv, experiment_csv, experiment_pairs, experiment_svg, experiment_png, screenshot_png
(the two PNG writers need a display: run them under tests/support/xvfb_run.py). For that writer:
- a full disk: the temporary file is made a link to /dev/full (every write fails with ENOSPC, no privilege
  needed), so the command must exit non-zero, name the failure, keep the old file byte for byte and leave no
  temporary file behind;
- a read-only target: refused with a message saying so, the file untouched;
- an ordinary run then replaces the old file (so the two checks above cannot pass by never writing).
"""

import argparse
import os
import stat
import subprocess
import sys

OLD_CONTENT = b"the old file, which a failed write must keep\n"


def writer_arguments(writer, data, path):
    return {
        "query": ["query", os.path.join(data, "pairs.jsonl"), "-o", path],
        "trace": ["trace", "--algo", "epa", os.path.join(data, "trace_pair.json"), "-o", path],
        "broadphase_csv": ["broadphase", "--count", "50", "--frames", "3", "--csv", path],
        "experiment_csv": ["experiment", "--family", "boxes", "--trials", "200", "--csv", path, "-q"],
        "experiment_pairs": ["experiment", "--family", "boxes", "--trials", "200", "--dump-pairs", path, "-q"],
        "experiment_svg": ["experiment", "--family", "boxes", "--trials", "200", "--plot", path, "-q"],
        "experiment_png": ["experiment", "--family", "boxes", "--trials", "200", "--plot", path, "-q"],
        "screenshot_png": ["screenshot", "--size", "320x200", "-o", path],
    }[writer]


def extension(writer):
    return {"query": ".jsonl", "experiment_pairs": ".jsonl", "trace": ".json", "experiment_svg": ".svg"}.get(
        writer, ".png" if writer.endswith("_png") else ".csv")


failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAILED:", message)


def fresh_target(path):
    for leftover in (path, path + ".partial"):
        if os.path.lexists(leftover):
            os.remove(leftover)  # removing needs the directory's permission only, not the file's
    with open(path, "wb") as file:
        file.write(OLD_CONTENT)


def read(path):
    with open(path, "rb") as file:
        return file.read()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--exe", required=True)
    parser.add_argument("--data", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("writer")
    options = parser.parse_args()
    os.makedirs(options.out, exist_ok=True)
    path = os.path.join(options.out, "out_" + options.writer + extension(options.writer))
    command = [options.exe, *writer_arguments(options.writer, options.data, path)]

    def run():
        return subprocess.run(command, capture_output=True, text=True, timeout=300)

    # A full disk.
    fresh_target(path)
    os.symlink("/dev/full", path + ".partial")
    result = run()
    check(result.returncode != 0, f"full disk: exit status {result.returncode}, expected a failure")
    check("write error" in result.stderr, f"full disk: stderr does not say 'write error': {result.stderr!r}")
    check(read(path) == OLD_CONTENT, "full disk: the old file was changed")
    check(not os.path.lexists(path + ".partial"), "full disk: the temporary file was left behind")

    # A read-only target.
    fresh_target(path)
    os.chmod(path, stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
    result = run()
    check(result.returncode != 0, f"read-only: exit status {result.returncode}, expected a refusal")
    check("read-only" in result.stderr, f"read-only: stderr does not say 'read-only': {result.stderr!r}")
    check(read(path) == OLD_CONTENT, "read-only: the file was changed")
    os.chmod(path, 0o644)

    # An ordinary run replaces it.
    fresh_target(path)
    result = run()
    check(result.returncode == 0, f"ordinary run: exit status {result.returncode}: {result.stderr!r}")
    check(read(path) != OLD_CONTENT and len(read(path)) > 0, "ordinary run: the file was not replaced")
    check(not os.path.lexists(path + ".partial"), "ordinary run: the temporary file was left behind")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
