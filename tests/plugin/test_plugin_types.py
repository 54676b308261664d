"""The Foundry module's scripts type-checked against Foundry's published types
(@league-of-foundry-developers/foundry-vtt-types), once for the v12 line and once for the v13 line:
TypeScript's checkJs over plugin/scripts and what they import, with the module's own declarations
(types/vtt-bridge.d.ts), zero errors. The same runs hold the node tests' Foundry stand-in to the types:
types/<line>/stub-hooks.ts checks each hook it fires (plugin/tests/foundry.hooks.js) takes as many arguments. Each line's packages are pinned in types/<line>/package-lock.json
and installed with `npm ci` into its git-ignored node_modules on first use."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

TYPES = Path(__file__).resolve().parents[2] / "types"


def npm() -> str:
    found = shutil.which("npm")
    assert found, "npm is not installed: the type check needs Node.js 20+ with npm"
    return found


@pytest.mark.parametrize("line", ["v12", "v13"])
def test_plugin_scripts_type_check_against_foundrys_types(line):
    folder = TYPES / line
    if not (folder / "node_modules" / "typescript").is_dir():
        subprocess.run([npm(), "ci", "--ignore-scripts", "--no-audit", "--no-fund"], cwd=folder, check=True,
                       capture_output=True, text=True, timeout=900)
    tsc = folder / "node_modules" / ".bin" / "tsc"
    run = subprocess.run([str(tsc), "-p", "tsconfig.json"], cwd=folder, capture_output=True, text=True, timeout=900)
    errors = [line for line in run.stdout.splitlines() if "error TS" in line]
    assert run.returncode == 0 and errors == [], "\n".join(errors) or run.stdout + run.stderr
