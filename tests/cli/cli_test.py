#!/usr/bin/env python3
"""Runs collision-lab once and checks its output against a golden file, its exit status and its error lines.

Used by tests/cli/CMakeLists.txt (CTest label "cli"); one call is one test:
  cli_test.py --exe build/app/collision-lab --golden golden/query_pairs.jsonl --format jsonl \
              [--stdin data/pairs.jsonl] [--output-file OUT] [--status 0|failure] [--errors N] \
              [--input data/pairs.jsonl] [--stderr-contains TEXT]... [--stderr-lacks TEXT]... \
              -- query data/pairs.jsonl

Comparison: JSON values are compared structurally; numbers may differ by 1e-9 relative (1e-12 absolute near
zero), so a golden made on one machine passes on another; strings, keys, key order and booleans must match.
--format jsonl compares line by line; json compares one document; text compares exactly.
--errors N also checks that exactly N output lines carry a top-level "error" and that there is one output line
per non-blank line of --input.

When an output changes on purpose, rewrite the goldens and review the diff before committing:
  COLLISION_LAB_UPDATE_GOLDENS=1 ctest --test-dir build/release -L cli
(or pass --update-goldens to one call). The exit status and error-count checks still run.
"""

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile

RELATIVE_TOLERANCE = 1e-9
ABSOLUTE_TOLERANCE = 1e-12


def same(expected, actual, path):
    """Returns None when equal within tolerance, else a message naming the first difference."""
    if isinstance(expected, bool) or isinstance(actual, bool):
        return None if expected is actual else f"{path}: expected {expected!r}, got {actual!r}"
    if isinstance(expected, (int, float)) and isinstance(actual, (int, float)):
        if math.isclose(expected, actual, rel_tol=RELATIVE_TOLERANCE, abs_tol=ABSOLUTE_TOLERANCE):
            return None
        return f"{path}: expected {expected!r}, got {actual!r}"
    if type(expected) is not type(actual):
        return f"{path}: expected {json.dumps(expected)[:80]}, got {json.dumps(actual)[:80]}"
    if isinstance(expected, dict):
        if list(expected.keys()) != list(actual.keys()):
            return f"{path}: expected keys {list(expected.keys())}, got {list(actual.keys())}"
        for key in expected:
            message = same(expected[key], actual[key], f"{path}.{key}")
            if message:
                return message
        return None
    if isinstance(expected, list):
        if len(expected) != len(actual):
            return f"{path}: expected {len(expected)} items, got {len(actual)}"
        for index, (e, a) in enumerate(zip(expected, actual)):
            message = same(e, a, f"{path}[{index}]")
            if message:
                return message
        return None
    return None if expected == actual else f"{path}: expected {expected!r}, got {actual!r}"


def compare(expected_text, actual_text, text_format):
    if text_format == "text":
        return None if expected_text == actual_text else "output differs from the golden text"
    if text_format == "json":
        return same(json.loads(expected_text), json.loads(actual_text), "$")
    expected_lines = expected_text.splitlines()
    actual_lines = actual_text.splitlines()
    if len(expected_lines) != len(actual_lines):
        return f"expected {len(expected_lines)} lines, got {len(actual_lines)}"
    for number, (e, a) in enumerate(zip(expected_lines, actual_lines), start=1):
        try:
            actual_value = json.loads(a)
        except json.JSONDecodeError as error:
            return f"output line {number} is not JSON ({error}): {a[:120]}"
        message = same(json.loads(e), actual_value, f"line {number}")
        if message:
            return message
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--exe", required=True)
    parser.add_argument("--golden", help="expected output; omit to check only the status")
    parser.add_argument("--format", choices=["jsonl", "json", "text"], default="jsonl")
    parser.add_argument("--stdin", help="file fed to standard input")
    parser.add_argument("--output-file", action="store_true",
                        help="pass -o FILE (a temporary file) and compare that file instead of standard output")
    parser.add_argument("--status", default="0",
                        help="expected exit status (2: a usage error), or 'failure': any non-zero status that is not a signal "
                             "(pair it with --stderr-contains)")
    parser.add_argument("--errors", type=int, help="expected number of output lines with a top-level \"error\"")
    parser.add_argument("--input", help="the JSON Lines input, to check one output line per input line")
    parser.add_argument("--stderr-contains", action="append", default=[],
                        help="text the standard error must contain (repeatable)")
    parser.add_argument("--stderr-lacks", action="append", default=[],
                        help="text the standard error must not contain (repeatable)")
    parser.add_argument("--stdout-contains", action="append", default=[],
                        help="text the standard output must contain (repeatable)")
    parser.add_argument("--update-goldens", action="store_true")
    parser.add_argument("args", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    arguments = options.args[1:] if options.args[:1] == ["--"] else options.args
    update = options.update_goldens or os.environ.get("COLLISION_LAB_UPDATE_GOLDENS") == "1"

    with tempfile.TemporaryDirectory() as directory:
        output_path = os.path.join(directory, "out.txt")
        command = [options.exe] + arguments + (["-o", output_path] if options.output_file else [])
        stdin = open(options.stdin, "rb") if options.stdin else subprocess.DEVNULL
        run = subprocess.run(command, stdin=stdin, capture_output=True, timeout=120)
        if options.stdin:
            stdin.close()
        stdout = run.stdout.decode()  # must be UTF-8: a decoding error fails the test
        stderr = run.stderr.decode(errors="replace")
        if options.output_file:
            if stdout:
                return fail(f"-o given, yet standard output got: {stdout[:200]}")
            stdout = open(output_path).read() if os.path.exists(output_path) else ""
            leftovers = [name for name in os.listdir(directory) if name != "out.txt"]
            if leftovers:
                return fail(f"temporary files left beside the output: {leftovers}")

    print("command:", " ".join(command))
    if options.status == "failure":
        if run.returncode <= 0:
            return fail(f"exit status {run.returncode}, expected a failure (non-zero, not a signal)\nstderr: {stderr}")
    elif run.returncode != int(options.status):
        return fail(f"exit status {run.returncode}, expected {options.status}\nstderr: {stderr}")
    for text in options.stderr_contains:
        if text not in stderr:
            return fail(f"standard error lacks {text!r}: {stderr}")
    for text in options.stderr_lacks:
        if text in stderr:
            return fail(f"standard error has {text!r}: {stderr}")
    for text in options.stdout_contains:
        if text not in stdout:
            return fail(f"standard output lacks {text!r}: {stdout}")
    if options.errors is not None:
        lines = stdout.splitlines()
        errors = sum(1 for line in lines if "error" in json.loads(line))
        if errors != options.errors:
            return fail(f"{errors} error lines, expected {options.errors}")
        if options.input:
            # Bytes, not text: an input line need not be UTF-8. Blank as `query` counts it: spaces, tabs, CR.
            inputs = [line for line in open(options.input, "rb").read().split(b"\n") if line.strip(b" \t\r")]
            if len(inputs) != len(lines):
                return fail(f"{len(lines)} output lines for {len(inputs)} input lines")
    if options.golden:
        if update:
            with open(options.golden, "w") as golden:
                golden.write(stdout)
            print("updated", options.golden)
            return 0
        message = compare(open(options.golden).read(), stdout, options.format)
        if message:
            return fail(f"{options.golden}: {message}")
    print("ok")
    return 0


def fail(message):
    print("FAIL:", message)
    return 1


if __name__ == "__main__":
    sys.exit(main())
