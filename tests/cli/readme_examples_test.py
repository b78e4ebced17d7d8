#!/usr/bin/env python3
"""The README's command-line examples run and print what the README shows.

Every ```sh block that runs build/release/app/collision-lab and is followed by a ```json block: the command is run
from the project root with the built executable in its place, and each output line must equal the block's lines
(JSON, numbers within cli_test.py's tolerances). A README example that drifts from the program fails here.

    readme_examples_test.py --exe build/release/app/collision-lab --readme README.md
"""
import argparse
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cli_test import same  # noqa: E402

EXECUTABLE = "build/release/app/collision-lab"
# A ```sh block, only blank lines, then a ```json block; neither block holds a fence.
BLOCK = re.compile(r"```sh\n(?P<command>(?:(?!```).)*)```\s*```json\n(?P<output>(?:(?!```).)*)```", re.DOTALL)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--exe", required=True)
    parser.add_argument("--readme", required=True)
    options = parser.parse_args()
    root = os.path.dirname(os.path.abspath(options.readme))
    with open(options.readme, encoding="utf-8") as f:
        text = f.read()
    examples = [m for m in BLOCK.finditer(text) if EXECUTABLE in m.group("command")]
    if not examples:
        print(f"FAIL: no example with its output in {options.readme}")
        return 1
    failures = 0
    for example in examples:
        line = text.count("\n", 0, example.start()) + 1
        command = example.group("command").replace(EXECUTABLE, options.exe)
        run = subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=root, capture_output=True, text=True,
                             timeout=60)
        expected = [json.loads(l) for l in example.group("output").splitlines() if l.strip()]
        actual = [json.loads(l) for l in run.stdout.splitlines() if l.strip()] if run.returncode == 0 else None
        if actual is None:
            message = f"exit status {run.returncode}: {run.stderr.strip()[:300]}"
        elif len(actual) != len(expected):
            message = f"expected {len(expected)} output lines, got {len(actual)}"
        else:
            message = next((m for e, a in zip(expected, actual) if (m := same(e, a, "output"))), None)
        if message:
            failures += 1
            print(f"FAIL: README.md line {line}: {message}\n  the program printed:\n{run.stdout[:2000]}")
    print(f"{len(examples) - failures} of {len(examples)} README examples print what the README shows")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
