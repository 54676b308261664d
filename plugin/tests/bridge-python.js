// The bridge's own Python for the plugin's tests (not a test file): run a snippet, check request
// payloads against the exported request schemas (docs/schemas), read an exported schema. Runs the
// project's Python (.venv/bin/python, or $VTT_BRIDGE_PYTHON): `./dev test` makes it.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The project's root folder, with its trailing slash. */
export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const PYTHON = process.env.VTT_BRIDGE_PYTHON ?? `${ROOT}.venv/bin/python`;

/** Each payload's errors against docs/schemas/request.<event>.json (a request_id added, as the client does). */
const CHECK = `
import json, sys
from pathlib import Path
from jsonschema import Draft202012Validator
print(json.dumps([
    [e.message for e in Draft202012Validator(json.loads(Path(f"docs/schemas/request.{each['event']}.json").read_text()))
        .iter_errors({**each["payload"], "request_id": "r1"})]
    for each in json.load(sys.stdin)
]))
`;

/**
 * What a Python snippet, run in the project's root, prints as JSON.
 * @param {string} code
 * @param {string} [input] its standard input
 */
export function python(code, input = "") {
  return JSON.parse(execFileSync(PYTHON, ["-c", code], { cwd: ROOT, input, encoding: "utf8" }));
}

/**
 * Each request's schema errors (none: the bridge's schema accepts it).
 * @param {{event: string, payload: object}[]} requests as the builders make them
 * @returns {string[][]}
 */
export function requestErrors(requests) {
  return python(CHECK, JSON.stringify(requests));
}

/**
 * An exported JSON Schema file of docs/schemas.
 * @param {string} file
 */
export function schema(file) {
  return JSON.parse(readFileSync(new URL(`../../docs/schemas/${file}`, import.meta.url), "utf8"));
}

/**
 * `system.requests`'s answer by the bridge's own handler (bridge/transport/events/systems.py), to the GM or a
 * player of a world playing `system` (its unit of work: the world's system and the sender alone).
 * @param {string} system
 * @param {boolean} isGM
 */
export function systemRequests(system, isGM) {
  return python(`
import json
from types import SimpleNamespace
import bridge.transport.events.systems as systems
work = SimpleNamespace(world=SimpleNamespace(system=${JSON.stringify(system)}), identity=SimpleNamespace(world_id="w", is_gm=${isGM ? "True" : "False"}))
print(json.dumps(systems.system_requests(work, {})))
`);
}
