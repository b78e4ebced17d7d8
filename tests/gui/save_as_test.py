#!/usr/bin/env python3
"""File > Save As onto an existing file, in the real window under Xvfb (CTest label "gui"), driven by xdotool:
  save_as_test.py --exe build/app/collision-lab --scenes tests/gui/narrow_phase_scenes --out DIR
Save As replaced any existing file without a word (newcomer review s35 A1: a saved scene lost to a typed name).
- the dialog shows the folder the name is written to, as a full path;
- Save As onto another file asks "NAME already exists in DIR. Replace it?" and, asked, the file is untouched;
- Cancel (Escape) goes back to the Save As dialog with the name typed, and the file's bytes are unchanged;
- Replace (R) writes the scene over it.
Each session quits with Ctrl+Q and its --dump-state says what was shown then (nothing is unsaved: it quits at once).
With COLLISION_LAB_SAVE_AS_PNG=1 the window is grabbed (ImageMagick's import) while the question is asked.
"""

import hashlib
import json
import os
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lab_driver import find_window, finish, fresh_config, press, report, script_arguments, start_app, xdotool  # noqa: E402

VICTIM = b'{"not a scene": "a file of the user\'s own, which Save As must not replace unasked"}\n'


def digest(path):
    with open(path, "rb") as file:
        return hashlib.sha256(file.read()).hexdigest()


def session(options, name, scene, target, answer):
    """Save As `target` (typed over the offered name, then Enter), `answer` the keys pressed after it (or none), then
    Ctrl+Q. Returns the --dump-state written on quitting."""
    environment, _ = fresh_config(options.out, name, {"windowWidth": 1600, "windowHeight": 1000})
    dump = os.path.join(options.out, name, "dump.json")
    process = start_app([options.exe, "--scene", scene, "--dump-state", dump], environment)
    try:
        window = find_window(process)
        press("ctrl", "shift", "s")
        time.sleep(0.5)
        press("ctrl", "a")
        xdotool("type", "--delay", "30", target)
        press("Return")
        time.sleep(0.8)
        if os.environ.get("COLLISION_LAB_SAVE_AS_PNG"):
            subprocess.run(["import", "-window", window, os.path.join(options.out, name + ".png")], check=False)
        for key in answer:
            press(key)
            time.sleep(0.5)
        press("ctrl", "q")
    except BaseException:
        process.kill()
        raise
    return finish(process, dump)


def main():
    options = script_arguments()
    scene = os.path.join(options.scenes, "apart.json")
    folder = os.path.join(os.path.abspath(options.out), "files")
    os.makedirs(folder, exist_ok=True)
    victim = os.path.join(folder, "victim.json")
    failures = []

    def fresh_victim():
        with open(victim, "wb") as file:
            file.write(VICTIM)
        return digest(victim)

    question = f"victim.json already exists in {folder}. Replace it?"

    # Asked: the question names the file and its folder, the dialog the folder; nothing is written yet.
    original = fresh_victim()
    state = session(options, "asked", scene, victim, [])
    if state.get("replacePrompt") != question:
        failures.append(f"Save As onto an existing file did not ask {question!r}: {state.get('replacePrompt')!r}")
    if state.get("fileDialog", {}).get("folder") != folder:
        failures.append(f"the Save As dialog's folder is {state.get('fileDialog')!r}, expected {folder!r}")
    if digest(victim) != original:
        failures.append("the existing file changed while the question was asked")

    # Cancel: back to Save As with the name, the file's bytes unchanged.
    original = fresh_victim()
    state = session(options, "cancel", scene, victim, ["Escape"])
    dialog = state.get("fileDialog", {})
    if state.get("replacePrompt") or dialog.get("open") != "Save scene as" or dialog.get("path") != victim:
        failures.append(f"Cancel did not go back to Save As with the name: {dialog!r}, {state.get('replacePrompt')!r}")
    if digest(victim) != original:
        failures.append("Cancel: the existing file's bytes changed")
    if state.get("scenePath") == victim:
        failures.append("Cancel: the scene says it is in the file it did not replace")

    # Replace: the scene is written over it, and is the scene's file from then on.
    fresh_victim()
    state = session(options, "replace", scene, victim, ["r"])
    with open(victim) as file:
        written = json.load(file)
    if written.get("format") != "collision-lab-scene" or state.get("scenePath") != victim:
        failures.append(f"Replace did not save the scene over the file: {written!r}, scenePath {state.get('scenePath')!r}")
    if state.get("fileDialog", {}).get("open") or state.get("replacePrompt"):
        failures.append(f"Replace left a dialog open: {state.get('fileDialog')!r}")

    report(failures, "Save As asks before replacing a file, Cancel keeps its bytes and the name, Replace writes it")


if __name__ == "__main__":
    main()
