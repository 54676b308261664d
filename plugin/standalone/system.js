/**
 * The System panel of the standalone tabletop: the rule system the world plays, its state as the
 * system draws it (Momentum and Chaos, cards and chips…: core/systems/<name>.js `poolsHTML`), drawn
 * again at each `system.changed`; the GM's choice of system (`system.set`); and, in a world playing
 * a system with a roll panel, that panel as the roll form (core/roll-panel.js). The page's Moment
 * of Truth controls (`data-plays="moment_of_truth"`) show only while the world plays it.
 */
import { panelFields, panelRequest } from "../core/roll-panel.js";
import { SYSTEMS, systemFor } from "../core/systems.js";

const $ = (selector) => document.querySelector(selector);

/** Wires the panel to the table `app` ({client, state, board, report}). */
export function systemPanel(app) {
  const { client, state, board, report } = app;
  const choice = $("#system-switch select");
  const form = $("#system-roll");
  choice.replaceChildren(...Object.values(SYSTEMS).map((system) => new Option(system.title, system.name)));

  client.addEventListener("ready", ({ detail }) => { $("#system-switch").hidden = detail.role !== "gm"; });
  state.addEventListener("system", ({ detail }) => show(detail));
  state.addEventListener("token", () => listActors());
  board.addEventListener("select", ({ detail: { tokenIds } }) => {
    const token = tokenIds.length === 1 && state.tokens.get(tokenIds[0]);
    if (token) form.actor.value = token.actor_id;
  });
  choice.addEventListener("change", () => {
    client.request("system.set", { system: choice.value }).catch((error) => {
      choice.value = state.system?.name ?? "";
      report(error);
    });
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    roll().catch(report);
  });

  /** The world's system, its state, and the controls of the system it plays. */
  function show({ name, title, state: pools }) {
    const system = systemFor(name);
    $("#system").dataset.system = name;
    $("#system-title").textContent = title;
    $("#system-pools").innerHTML = pools === null ? "" : system.poolsHTML(pools);
    if (![...choice.options].some((option) => option.value === name)) choice.append(new Option(title, name));
    choice.value = name;
    for (const element of document.querySelectorAll("[data-plays]")) element.hidden = element.dataset.plays !== name;
    if (form.dataset.system !== name) drawRoll(system);
  }

  /** The roll form of a system with a roll panel; hidden for any other. */
  function drawRoll({ name, rollPanel }) {
    form.dataset.system = name;
    form.hidden = !rollPanel;
    $("#system-roll-title").textContent = rollPanel?.title ?? "";
    $("#system-roll-fields").replaceChildren(...(rollPanel ? panelFields(rollPanel).map(control) : []));
  }

  async function roll() {
    const { rollPanel } = systemFor(form.dataset.system);
    const values = Object.fromEntries([...form.querySelectorAll("#system-roll-fields [name]")]
      .map((input) => [input.name, input.type === "checkbox" ? input.checked : input.value]));
    const { event, payload } = panelRequest(rollPanel, values, { actorId: form.actor.value.trim() });
    state.addCard(await client.request(event, payload));
  }

  /** The roll form's actor suggestions: every actor of a tracked token. */
  function listActors() {
    const actors = new Map([...state.tokens.values()].map((token) => [token.actor_id, token.name]));
    $("#system-actors").replaceChildren(...[...actors].map(([actorId, name]) => new Option(name, actorId)));
  }
}

/** A roll panel's field (panelFields) as a labelled control named after it. */
function control(field) {
  const label = document.createElement("label");
  label.dataset.field = field.name;
  let input;
  if (field.options) {
    input = document.createElement("select");
    input.append(...field.options.map(({ value, label: text, selected }) => new Option(text, value, selected, selected)));
  } else {
    input = Object.assign(document.createElement("input"), { type: field.checkbox ? "checkbox" : field.number ? "number" : "text" });
    if (field.checkbox) input.checked = field.value;
    else input.value = String(field.value);
    if (field.number) {
      input.step = String(field.step);
      if (field.min !== undefined) input.min = String(field.min);
      if (field.max !== undefined) input.max = String(field.max);
    }
  }
  input.name = field.name;
  if (field.checkbox) label.append(input, ` ${field.label}`);
  else label.append(`${field.label} `, input);
  return label;
}
