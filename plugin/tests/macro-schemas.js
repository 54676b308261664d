// The macros of real scripts as the bridge shows them, for the macro tests (not a test file): the
// shipped examples (examples/scripts) and plugin/tests/scripts/every_field.py, loaded by the bridge's
// own loader, and the bridge's checks of a macro.run request, through the project's Python
// (bridge-python.js).
import { ROOT, python } from "./bridge-python.js";

/** `load`: the scripts folders given, as the loader shows their macros; `check`: macro.run payloads. */
const BRIDGE = `
import json, sys
from pathlib import Path
from jsonschema import Draft202012Validator
from bridge.scripting.loader import summary

asked = json.load(sys.stdin)
if "load" in asked:
    loaded = [summary(Path(folder)) for folder in asked["load"]]
    print(json.dumps({"macros": {n: m for each in loaded for n, m in each["macros"].items()}, "errors": [e for each in loaded for e in each["errors"]]}))
else:
    run = json.loads(Path("docs/schemas/request.macro.run.json").read_text())
    print(json.dumps([
        [e.message for e in Draft202012Validator(run).iter_errors({**each["payload"], "request_id": "r1"})]
        + [".".join(["arguments", *map(str, e.absolute_path)]) + ": " + e.message
           for e in Draft202012Validator(each["schema"]).iter_errors(each["payload"]["arguments"])]
        for each in asked["check"]
    ]))
`;

/**
 * Asks the bridge's Python.
 * @param {{load: string[]}|{check: {payload: object, schema: object}[]}} asked
 */
export function bridge(asked) {
  return python(BRIDGE, JSON.stringify(asked));
}

/** The loader's macros (by name, each with its file) and the scripts that failed. */
export const loaded = bridge({ load: [`${ROOT}examples/scripts`, `${ROOT}plugin/tests/scripts`] });

/**
 * What macro.list gives the GM (bridge/systems/moment_of_truth/events/scripting.py: the loader's macros without their file, by
 * name); `who`: only the macros of these kinds (a player gets `owner` and `table` ones).
 */
export function listed(who = ["gm", "owner", "table"]) {
  return {
    macros: Object.values(loaded.macros).filter((m) => who.includes(m.who)).sort((a, b) => a.name.localeCompare(b.name))
      .map(({ name, description, who: kind, arguments: schema }) => ({ name, description, who: kind, arguments: schema })),
    errors: [],
  };
}

/** A macro's arguments' JSON Schema. */
export const schemaOf = (name) => loaded.macros[name].arguments;
