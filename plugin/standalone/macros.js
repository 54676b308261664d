/**
 * The Macros panel of the standalone tabletop (Moment of Truth's: shown while the world plays it):
 * the macros this user may run (`macro.list`, read after every (re)connection and on Refresh), each with a form built from its arguments' JSON
 * Schema (core/macros.js), run on the tokens picked on the grid (`macro.run`, queued: the progress
 * bar shows it; its card comes to the chat). The GM also reloads the world's scripts
 * (`macro.reload`) and sees what loaded and which scripts failed, with their files and lines.
 */
import { macroMenu, readForm, runMacro } from "../core/macros.js";
import { DEFAULT_SYSTEM } from "../core/systems.js";
import { fieldControl, fieldValues, tokenFiller } from "./fields.js";

const $ = (selector) => document.querySelector(selector);

/** Wires the panel to the table `app` ({client, state, board, report, queued}). */
export function macroPanel(app) {
  const { client, state, board, report } = app;
  const fillTokens = tokenFiller(state);

  client.addEventListener("ready", ({ detail }) => { $("#macros-reload").hidden = detail.role !== "gm"; });
  // Read once the table is (after a (re)connection, after a switch back to Moment of Truth).
  state.addEventListener("system", ({ detail }) => { if (detail.name === DEFAULT_SYSTEM && !detail.switched) list().catch(report); });
  state.addEventListener("token", () => { for (const select of document.querySelectorAll("#macro-list select[data-tokens]")) fillTokens(select); });
  $("#macros-refresh").addEventListener("click", () => list().catch(report));
  $("#macros-reload").addEventListener("click", () => reload().catch(report));

  /** Shows the macros this user may run (and, to the GM, the scripts that failed at the last load). */
  async function list() {
    const { macros, errors } = macroMenu(await client.request("macro.list", {}));
    const open = new Set([...document.querySelectorAll("#macro-list details[open]")].map((each) => each.dataset.macro));
    $("#macro-list").replaceChildren(...macros.map((macro) => macroItem(macro, open.has(macro.name))));
    $("#macros-empty").hidden = macros.length > 0;
    if (client.session?.role === "gm") showReport({ errors });
  }

  async function reload() {
    const loaded = await app.queued("macro.reload", {});
    await list();
    showReport(loaded);
  }

  function macroItem(macro, open) {
    const item = Object.assign(document.createElement("details"), { className: "macro", open });
    item.dataset.macro = macro.name;
    const summary = document.createElement("summary");
    summary.append(macro.name, " ", Object.assign(document.createElement("span"), { className: "macro-who", textContent: macro.who }));
    const description = Object.assign(document.createElement("p"), { className: "macro-description", textContent: macro.description });
    const form = Object.assign(document.createElement("form"), { className: "macro-form" });
    form.append(...macro.fields.map((field) => fieldControl(field, fillTokens)),
      Object.assign(document.createElement("button"), { type: "submit", textContent: "Run on the tokens picked" }));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      run(macro, form).catch(report);
    });
    item.append(summary, description, form);
    return item;
  }

  async function run(macro, form) {
    const targets = [...board.selected].filter((id) => state.tokens.has(id));
    const { event, payload } = runMacro({ name: macro.name, targets, arguments: readForm(macro.fields, fieldValues(macro.fields, form)) });
    await app.queued(event, payload); // {roll_id}: the card comes as roll.result
  }
}

/** What the last load made of the scripts: the macros loaded (a reload says), each script that failed. */
function showReport({ folder, macros, errors }) {
  const report = $("#script-report");
  const parts = [];
  if (folder !== undefined) {
    const loaded = document.createElement("p");
    loaded.className = "script-loaded";
    loaded.append("Loaded from ", Object.assign(document.createElement("code"), { textContent: folder }), `: ${macros.length ? macros.join(", ") : "no macro"}.`);
    parts.push(loaded);
  }
  if (errors.length) {
    const failed = Object.assign(document.createElement("ul"), { className: "script-errors" });
    failed.append(...errors.map(({ file, line, message }) => {
      const item = document.createElement("li");
      Object.assign(item.dataset, { file, line: line ?? "" });
      item.append(Object.assign(document.createElement("code"), { textContent: file }), `${line ? ` line ${line}` : ""}: ${message}`);
      return item;
    }));
    parts.push(failed);
  }
  report.replaceChildren(...parts);
  report.hidden = parts.length === 0;
}
