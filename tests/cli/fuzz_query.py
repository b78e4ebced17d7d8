#!/usr/bin/env python3
"""Fuzzes `collision-lab query` with mutated lines: whatever a line holds, the run answers it and goes on.

  fuzz_query.py --exe build/release/app/collision-lab --seeds tests/cli/data --seeds tests/cli/golden \
                [--count 3000] [--seed 1] [--batch 500] [--keep DIR]

The lines of every *.jsonl file under the --seeds folders (the CLI's inputs, its goldens and the hostile
reproducers in data/repro) are mutated with a fixed seed: bytes flipped, dropped, repeated or replaced by
bytes that are not UTF-8, long non-ASCII strings put into fields and field names, numbers replaced by extreme
ones, brackets nested thousands deep, lines cut short. They go to `query` in batches (double and float in
turn). For every batch:
- the command exits normally, status 0 or 1 (no signal, no abort, no other status);
- the output is valid UTF-8 and holds exactly one line per input line that is not blank;
- each output line is a JSON object with an "id" (or, when the line's id cannot be read, its "line"); a refusal names its line ("line 7: a.radius: ...") in
  plain words (no parser internals, nothing cut mid-character), and an answer holds no NaN, infinity or null
  number outside the echoed id.
A failing batch is written to --keep (default: the working directory) so it can be replayed by hand.
CTest runs a CI-sized count (label "cli") and a large one (label "nightly").
"""

import argparse
import glob
import json
import math
import os
import random
import subprocess
import sys

EXTREME_NUMBERS = [b"1e308", b"-1.7976931348623157e308", b"9223372036854775808", b"1e-320", b"-0", b"0",
                   b"4.9e-324", b"123456789012345678901234567890", b"1e38", b"3.4e38", b"1e-45", b"2e154"]
NOT_UTF8 = [b"\xff", b"\xfe", b"\xc3", b"\xe2\x82", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xc0\xaf", b"\x80"]
LONG_TEXT = ["é" * 40, "形" * 30, "\U0001f600" * 20, "x" * 300]


def seed_lines(folders):
    lines = []
    for folder in folders:
        for path in sorted(glob.glob(os.path.join(folder, "**", "*.jsonl"), recursive=True)):
            with open(path, "rb") as file:
                lines += [line for line in file.read().split(b"\n") if line.strip()]
    return lines


def mutate(line, rng):
    """One mutated line (never containing a newline)."""
    kind = rng.randrange(10)
    data = bytearray(line)
    position = rng.randrange(len(data) + 1)
    if kind == 0 and data:  # flip a byte
        data[min(position, len(data) - 1)] = rng.randrange(256)
    elif kind == 1:  # bytes that are not UTF-8
        data[position:position] = rng.choice(NOT_UTF8)
    elif kind == 2:  # a long non-ASCII string as a value or a field name
        text = json.dumps(rng.choice(LONG_TEXT), ensure_ascii=False).encode()
        quote = data.find(b'"', position)
        if quote >= 0:
            end = data.find(b'"', quote + 1)
            data[quote:end + 1 if end >= 0 else quote + 1] = text
        else:
            data[position:position] = text
    elif kind == 3:  # an extreme number in place of one
        digits = [i for i, c in enumerate(data) if chr(c).isdigit()]
        if digits:
            start = end = rng.choice(digits)
            while start > 0 and chr(data[start - 1]) in "0123456789.eE+-":
                start -= 1
            while end < len(data) and chr(data[end]) in "0123456789.eE+-":
                end += 1
            data[start:end] = rng.choice(EXTREME_NUMBERS)
    elif kind == 4:  # nested deep
        depth = rng.choice([65, 1000, 100000])
        colon = data.find(b":", position)
        if colon >= 0:
            data[colon + 1:colon + 1] = b"[" * depth
    elif kind == 5:  # cut short
        del data[position:]
    elif kind == 6 and data:  # drop a span
        del data[position:position + rng.randrange(1, 8)]
    elif kind == 7:  # repeat a span
        data[position:position] = data[position:position + rng.randrange(1, 16)]
    elif kind == 8:  # another shape type
        at = data.find(b'"type"', position)
        if at < 0:
            at = data.find(b'"type"')
        if at >= 0:
            start = data.find(b'"', at + 6)
            end = data.find(b'"', start + 1)
            if start >= 0 and end > start:
                data[start + 1:end] = rng.choice([b"point", b"segment", b"circle", b"aabb", b"box", b"capsule",
                                                  b"polygon", b"sector", b"", b"Circle"])
    else:  # several small changes
        for _ in range(rng.randrange(2, 6)):
            data = bytearray(mutate(bytes(data), rng))
    return bytes(data).replace(b"\n", b" ")


def bad_numbers(value, path=""):
    """Where a NaN, infinity or null number sits in an answer (the echoed id is the input's, not ours)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if path == "" and key == "id":
                continue
            yield from bad_numbers(item, f"{path}.{key}" if path else key)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from bad_numbers(item, f"{path}[{index}]")
    elif value is None or (isinstance(value, float) and not math.isfinite(value)):
        yield f"{path} = {value}"


def check_batch(exe, lines, scalar, allow_null_numbers=False):
    """The problems of one run of `query` on `lines` (empty when none)."""
    text = b"\n".join(lines) + b"\n"
    result = subprocess.run([exe, "query", "--scalar", scalar], input=text, capture_output=True, timeout=600)
    problems = []
    if result.returncode not in (0, 1):
        problems.append(f"exit status {result.returncode} (a negative status is a signal); stderr: "
                        f"{result.stderr[-500:].decode(errors='replace')}")
    try:
        output = result.stdout.decode("utf-8")
    except UnicodeDecodeError as error:
        return problems + [f"output is not valid UTF-8: {error}"]
    answered = output.split("\n")[:-1] if output.endswith("\n") else output.split("\n")
    numbered = [number for number, line in enumerate(lines, 1) if line.strip(b" \t\r")]
    if len(answered) != len(numbered):
        problems.append(f"{len(numbered)} lines in, {len(answered)} lines out")
    for number, answer in zip(numbered, answered):
        try:
            value = json.loads(answer)
        except ValueError as error:
            problems.append(f"line {number}: the answer is not JSON ({error}): {answer[:200]}")
            continue
        if not isinstance(value, dict) or ("id" not in value and value.get("line") != number):
            problems.append(f"line {number}: the answer is not an object with an id or its line: {answer[:200]}")
            continue
        error = value.get("error")
        if error is not None:
            if not isinstance(error, str) or not error.startswith(f"line {number}"):
                problems.append(f"line {number}: the refusal does not name its line: {error!r}")
            elif "json.exception" in error or "\ufffd" in error or "invalid UTF-8 byte" in error:
                problems.append(f"line {number}: the refusal is not in plain words: {error!r}")
        for where in bad_numbers(value):
            if not (allow_null_numbers and where.endswith("= None")):
                problems.append(f"line {number}: {where}")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--exe", required=True)
    parser.add_argument("--seeds", action="append", required=True, help="a folder of *.jsonl files to mutate")
    parser.add_argument("--count", type=int, default=3000, help="mutated lines in all")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--batch", type=int, default=500, help="lines per run of query")
    parser.add_argument("--keep", default=".", help="where a failing batch is written")
    parser.add_argument("--allow-null-numbers", action="store_true",
                        help="do not fail on null numbers in answers (huge finite inputs still overflow to them)")
    options = parser.parse_args()

    rng = random.Random(options.seed)
    originals = seed_lines(options.seeds)
    if not originals:
        sys.exit("fuzz_query: no seed lines found")
    failed = 0
    for first in range(0, options.count, options.batch):
        lines = [mutate(rng.choice(originals), rng) for _ in range(min(options.batch, options.count - first))]
        scalar = "float" if (first // options.batch) % 2 else "double"
        problems = check_batch(options.exe, lines, scalar, options.allow_null_numbers)
        if problems:
            failed += 1
            path = os.path.join(options.keep, f"fuzz_query_failed_{options.seed}_{first}.jsonl")
            with open(path, "wb") as file:
                file.write(b"\n".join(lines) + b"\n")
            print(f"FAILED: batch of lines {first + 1}..{first + len(lines)} (--scalar {scalar}), kept in {path}:")
            for problem in problems[:20]:
                print("  " + problem)
            if len(problems) > 20:
                print(f"  ... and {len(problems) - 20} more")
    print(f"fuzz_query: {options.count} mutated lines from {len(originals)} seed lines, seed {options.seed}: "
          f"{'all answered' if not failed else f'{failed} failing batches'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
