/**
 * The macro menu (a token control every user sees): the macros this user may run (`macro.list`,
 * read each time the menu opens), then a dialog of the chosen macro's arguments built from their
 * JSON Schema (core/macros.js), run on the tokens this user targets, else those selected
 * (`macro.run`, queued: the progress bar shows it; its card comes to the chat like any card). The
 * GM's menu also reloads the world's scripts (`macro.reload`) and shows what loaded and which
 * scripts failed, with their files and lines.
 */

import { escapeHTML } from "../core/cards.js";
import { macroMenu as menuOf, readForm, runMacro } from "../core/macros.js";
import * as vtt from "./adapter.js";
import { described, track } from "./widgets.js";

/** The most tokens one macro runs on. */
const MOST_TOKENS = 50;

/**
 * The tracked tokens a macro runs on: those this user targets, else those selected.
 * @param {{has: (id: string) => boolean}} tracked the bridge's tokens
 * @returns {{id: string, name: string}[]}
 */
export function macroTargets(tracked) {
  const targeted = vtt.targetedTokens().filter((t) => tracked.has(t.id));
  const picked = targeted.length ? targeted : vtt.controlledTokens().filter((t) => tracked.has(t.id));
  return [...new Map(picked.map((t) => [t.id, t])).values()].slice(0, MOST_TOKENS);
}

/**
 * The dialog's fields (templates/form.hbs) for a macro's form fields (core's formFields).
 * @param {object[]} fields formFields
 * @param {{id: string, name: string}[]} tokens the tracked tokens of the scene, for token fields
 */
export function dialogFields(fields, tokens) {
  return fields.map((field) => {
    const shown = { name: field.name, label: field.required ? `${field.label} *` : field.label, hint: field.description };
    const value = field.default ?? "";
    const choices = (values, labels = values.map(String)) => values.map((v, i) => ({ value: String(v), label: labels[i], selected: v === field.default }));
    const blank = field.required || (field.default ?? null) !== null ? [] : [{ value: "", label: "—", selected: true }];
    switch (field.type) {
      case "integer":
      case "number":
        return { ...shown, number: true, value, min: field.min, max: field.max, step: field.type === "integer" ? 1 : "any" };
      case "boolean":
        return { ...shown, checkbox: true, value: field.default === true };
      case "enum":
        return { ...shown, options: [...blank, ...choices(field.options)] };
      case "token":
        return { ...shown, options: [{ value: "", label: "—" }, ...choices(tokens.map((t) => t.id), tokens.map((t) => t.name))] };
      case "tokens":
        return { ...shown, multiple: true, options: choices(tokens.map((t) => t.id), tokens.map((t) => t.name)) };
      case "list":
        return { ...shown, value: [field.default ?? []].flat().join(", "), hint: [field.description, vtt.t("Macro.CommaSeparated")].filter(Boolean).join(" ") };
      case "json":
        return { ...shown, textarea: true, value: field.default === undefined ? "" : JSON.stringify(field.default) };
      default:
        return { ...shown, value };
    }
  });
}

/**
 * What a reload made of the scripts, as HTML (escaped): its folder, the macros loaded, and each
 * script that failed with its file and line.
 * @param {{folder: string, macros: string[], errors: {file: string, line: number|null, message: string}[]}} loaded
 */
export function reloadHTML({ folder, macros, errors }) {
  const loaded = `<p class="vb-scripts-loaded">${escapeHTML(vtt.t("Macro.Loaded", { folder, macros: macros.join(", ") || "—" }))}</p>`;
  const failed = errors.map(({ file, line, message }) => `<li data-file="${escapeHTML(file)}" data-line="${escapeHTML(line ?? "")}">`
    + `<code>${escapeHTML(file)}</code>${line ? ` ${escapeHTML(vtt.t("Macro.Line", { line }))}` : ""}: ${escapeHTML(message)}</li>`);
  return loaded + (failed.length ? `<ul class="vb-scripts-failed">${failed.join("")}</ul>` : "");
}

/**
 * The macro menu: pick a macro (or, the GM, reload the scripts), then its arguments' dialog and the run.
 * @param {{client: object, table: {tokens: Map}}} options
 */
export async function macroMenu({ client, table }) {
  const title = vtt.t("Macro.Title");
  const me = vtt.me();
  let menu;
  try {
    menu = menuOf(await client.request("macro.list", {}));
  } catch (error) {
    return vtt.notify("error", vtt.t("Failed", { what: title, message: described(error) }));
  }
  if (!menu.macros.length && !me.isGM) return vtt.notify("info", vtt.t("Macro.None"));
  /** @type {{action: string, label: string, icon: string, default?: boolean}[]} */
  const buttons = menu.macros.length ? [{ action: "choose", label: vtt.t("Macro.Choose"), icon: "fa-solid fa-scroll", default: true }] : [];
  if (me.isGM) buttons.push({ action: "reload", label: vtt.t("Macro.Reload"), icon: "fa-solid fa-rotate" });
  const failed = menu.errors.length ? vtt.t("Macro.Failed", { count: menu.errors.length }) : "";
  const content = await vtt.renderTemplate("form", {
    hint: [menu.macros.length ? "" : vtt.t("Macro.NoneLoaded"), failed].filter(Boolean).join(" "),
    fields: menu.macros.length
      ? [{ name: "macro", label: vtt.t("Macro.Macro"), options: menu.macros.map((m) => ({ value: m.name, label: `${m.name}: ${m.description}` })) }]
      : [],
  });
  const answer = await vtt.dialog({ title, content, buttons });
  if (!answer) return null;
  if (answer.action === "reload") return reloadScripts(client);
  const macro = menu.macros.find((m) => m.name === answer.values.macro);
  return macro ? macroDialog({ client, table, macro }) : null;
}

/**
 * A macro's arguments dialog, then the run on the tokens targeted (else selected).
 * @param {{client: object, table: {tokens: Map}, macro: {name: string, description: string, fields: object[]}}} options
 */
export async function macroDialog({ client, table, macro }) {
  const targets = macroTargets(table.tokens);
  const tracked = vtt.sceneTokens().filter((t) => table.tokens.has(t.id));
  const content = await vtt.renderTemplate("form", {
    hint: `${macro.description} ${targets.length ? vtt.t("Macro.Targets", { names: targets.map((t) => t.name).join(", ") }) : vtt.t("Macro.NoTargets")}`,
    fields: dialogFields(macro.fields, tracked),
  });
  const answer = await vtt.dialog({
    title: vtt.t("Macro.RunTitle", { name: macro.name }), content,
    buttons: [{ action: "run", label: vtt.t("Macro.Run"), icon: "fa-solid fa-play", default: true }],
  });
  if (!answer) return null;
  try {
    const request = runMacro({ name: macro.name, targets: targets.map((t) => t.id), arguments: readForm(macro.fields, answer.values) });
    return await track(client, macro.name, request);
  } catch (error) {
    return vtt.notify("error", vtt.t("Failed", { what: macro.name, message: described(error) }));
  }
}

/**
 * The GM's reload of the world's scripts: what loaded and what failed, shown in a dialog.
 * @param {{queued: Function}} client
 */
export async function reloadScripts(client) {
  const label = vtt.t("Macro.Reload");
  let loaded;
  try {
    loaded = await track(client, label, { event: "macro.reload", payload: {} });
  } catch (error) {
    return vtt.notify("error", vtt.t("Failed", { what: label, message: described(error) }));
  }
  await vtt.dialog({ title: label, content: reloadHTML(loaded), buttons: [{ action: "ok", label: vtt.t("Macro.Ok"), default: true }] });
  return loaded;
}
