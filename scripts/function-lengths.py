#!/usr/bin/env python3
"""Lists the product's functions longer than 80 lines (universal-ctags finds where each ends).

  scripts/function-lengths.py            the functions over the limit, longest first
  scripts/function-lengths.py --check    fails when a function over the limit is not in
                                         scripts/long-functions.tsv, is longer than listed there,
                                         or when a listed one is now within the limit (remove it)

The guide says no function over about a screen; the list is what is left to split, and it may only
shrink. Tests, fuzz targets and benches are not the product and are not measured.
"""
import subprocess
import sys
from pathlib import Path

LIMIT = 80
ROOT = Path(__file__).resolve().parent.parent
ALLOWED = ROOT / "scripts" / "long-functions.tsv"
NOT_PRODUCT = ("tests/", "fuzz/", "bench/")


def sources():
    out = subprocess.run(["git", "ls-files", "*.cpp", "*.hpp"], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout.split()
    return [f for f in out if not f.startswith(NOT_PRODUCT)]


def long_functions():
    """{(file, qualified name): lines} of every function over LIMIT lines."""
    tags = subprocess.run(
        ["ctags", "--c++-kinds=f", "--fields=+neK", "--extras=-q", "-o", "-", *sources()],
        cwd=ROOT, check=True, capture_output=True, text=True).stdout
    found = {}
    for line in tags.splitlines():
        fields = line.split("\t")
        name, path = fields[0], fields[1]
        if name.startswith("__anon"):
            continue  # a lambda: its lines count in the function that holds it
        extra = dict(f.split(":", 1) for f in fields[3:] if ":" in f)
        if "line" not in extra or "end" not in extra:
            continue
        lines = int(extra["end"]) - int(extra["line"]) + 1
        scope = extra.get("class") or extra.get("struct") or ""
        key = (path, f"{scope.split('::')[-1]}::{name}" if scope else name)
        if lines > LIMIT:
            found[key] = max(lines, found.get(key, 0))
    return found


def allowed():
    listed = {}
    for row in ALLOWED.read_text().splitlines():
        if row and not row.startswith("#"):
            lines, path, name = row.split("\t")
            listed[(path, name)] = int(lines)
    return listed


def main():
    found = long_functions()
    if "--check" not in sys.argv:
        for (path, name), lines in sorted(found.items(), key=lambda kv: -kv[1]):
            print(f"{lines}\t{path}\t{name}")
        return 0
    listed = allowed()
    errors = []
    for key, lines in sorted(found.items()):
        if key not in listed:
            errors.append(f"{key[0]}: {key[1]} has {lines} lines (limit {LIMIT}): split it")
        elif lines > listed[key]:
            errors.append(f"{key[0]}: {key[1]} grew to {lines} lines (listed {listed[key]})")
    for key, lines in sorted(listed.items()):
        if key not in found:
            errors.append(f"{key[0]}: {key[1]} is within {LIMIT} lines now: remove it from "
                          f"{ALLOWED.relative_to(ROOT)}")
    for e in errors:
        print(e, file=sys.stderr)
    print(f"{len(found)} functions over {LIMIT} lines, {len(listed)} listed, "
          f"{len(errors)} problems")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
