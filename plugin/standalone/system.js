/**
 * The System panel of the standalone tabletop: the rule system the world plays, its state as the
 * system draws it (Momentum and Chaos, cards and chips…: core/systems/<name>.js `poolsHTML`), drawn
 * again at each `system.changed`; the GM's choice of system (`system.set`); and, in a world playing
 * a system with a roll panel, that panel as the roll form (core/roll-panel.js), its action panels
 * (an attack, a declaration, a resource spent) as forms, each field naming a list of the sheet (`list`: skills, styles, targets…)
 * offering what the picked token's character has (the system's `sheetLists`), and the request sent
 * for the picked token (held to its turn in a fight); the GM registers a character with the
 * system's sheet form (`characterPanel`, where it has one) and puts a registered character on the map
 * with the fields its system asks (`tokenFields`). An element with `data-plays` shows only while
 * the world plays one of the systems it names.
 */
import { panelFields, panelRequest, panelValues } from "../core/roll-panel.js";
import { SYSTEMS, systemFor } from "../core/systems.js";
import { SCENE } from "./combat.js";
import { refusalSentence } from "./notices.js";

const $ = (selector) => document.querySelector(selector);

/** Wires the panel to the table `app` ({client, state, board, report}). */
export function systemPanel(app) {
  const { client, state, board, report } = app;
  const choice = $("#system-switch select");
  const form = $("#system-roll");
  const tokenForm = $("#system-token-form");
  const characterForm = $("#system-character-form");
  /** The token picked on the grid, when it is the one acting for the roll form's actor. */
  let pickedToken = null;
  choice.replaceChildren(...Object.values(SYSTEMS).map((system) => new Option(system.title, system.name)));

  client.addEventListener("ready", ({ detail }) => { $("#system-switch").hidden = detail.role !== "gm"; });
  state.addEventListener("system", ({ detail }) => show(detail));
  state.addEventListener("token", () => listActors());
  board.addEventListener("select", ({ detail: { tokenIds } }) => {
    const token = tokenIds.length === 1 && state.tokens.get(tokenIds[0]);
    pickedToken = token || null;
    if (token) form.actor.value = token.actor_id;
    listSheet();
  });
  form.actor.addEventListener("change", listSheet);
  tokenForm.addEventListener("submit", (event) => {
    event.preventDefault();
    putOnTheMap();
  });
  characterForm.addEventListener("submit", (event) => {
    event.preventDefault();
    registerCharacter();
  });
  choice.addEventListener("change", () => {
    client.request("system.set", { system: choice.value }).catch((error) => {
      choice.value = state.system?.name ?? "";
      report(error);
    });
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    send(form, "roll", "#system-roll-fields", systemFor(form.dataset.system).rollPanel);
  });

  /** The world's system, its state, and the controls of the system it plays. */
  function show({ name, title, state: pools }) {
    const system = systemFor(name);
    $("#system").dataset.system = name;
    $("#system-title").textContent = title;
    $("#system-pools").innerHTML = pools === null ? "" : system.poolsHTML(pools);
    if (![...choice.options].some((option) => option.value === name)) choice.append(new Option(title, name));
    choice.value = name;
    for (const element of document.querySelectorAll("[data-plays]")) element.hidden = !element.dataset.plays.split(" ").includes(name);
    if (form.dataset.system !== name) drawRoll(system);
    listSheet();
    listCharacters(pools);
  }

  /** The roll and attack forms of a system with those panels, its character sheet form and its token fields; hidden for any other. */
  function drawRoll({ name, rollPanel, actionPanels = [], characterPanel = null, tokenFields = [] }) {
    form.dataset.system = name;
    $("#system-character").hidden = !characterPanel;
    $("#system-character-title").textContent = characterPanel?.title ?? "";
    $("#system-character-fields").replaceChildren(...(characterPanel ? panelFields(characterPanel).map(control) : []));
    form.hidden = !rollPanel;
    $("#system-roll-title").textContent = rollPanel?.title ?? "";
    $("#system-roll-fields").replaceChildren(...(rollPanel ? panelFields(rollPanel).map(control) : []));
    $("#system-actions").replaceChildren(...actionPanels.map(actionForm));
    $("#system-token-fields").replaceChildren(...panelFields({ fields: tokenFields }).map(control));
  }

  /** An action panel's form (`data-what`: its verb), sending its request for the picked token. */
  function actionForm(panel) {
    const sent = Object.assign(document.createElement("form"), { className: "system-action", noValidate: true });
    sent.dataset.what = panel.what;
    const fields = Object.assign(document.createElement("div"), { className: "system-action-fields" });
    fields.replaceChildren(...panelFields(panel).map(control));
    const button = Object.assign(document.createElement("button"), { type: "submit", textContent: panel.submit });
    sent.append(Object.assign(document.createElement("h3"), { textContent: panel.title }), fields, button);
    sent.addEventListener("submit", (event) => {
      event.preventDefault();
      send(sent, panel.what, `#system-actions form[data-what="${panel.what}"] .system-action-fields`, panel);
    });
    return sent;
  }

  /** Sends the form's request (`what`: "roll", "attack"…) for the roll form's actor and the token picked, with its sheet. */
  async function send(sent, what, fields, panel) {
    const actorId = form.actor.value.trim();
    const tokenId = pickedToken?.actor_id === actorId ? pickedToken.token_id : null;
    let request;
    try {
      const sheet = state.system?.state?.characters?.[actorId] ?? null;
      request = panelRequest(panel, valuesOf(fields), { actorId, tokenId, sheet });
    } catch (error) {
      report(error);
      return;
    }
    const name = pickedToken?.actor_id === actorId ? pickedToken.name : actorId;
    const card = await app.asker.ask(sent.querySelector("button[type=submit]"), { what: `${what} for ${name}`, ...request, form: sent });
    if (card) state.addCard(card);
  }

  /** The GM's character sheet, sent as the system's registration of it; a refusal names the form's fields. */
  async function registerCharacter() {
    const { characterPanel } = systemFor(state.system.name);
    let request;
    try {
      request = panelRequest(characterPanel, valuesOf("#system-character-fields"), { actorId: "" });
    } catch (error) {
      // A line the page cannot read is refused before sending, named by its field's label.
      app.notices.show(refusalSentence(error, { what: characterPanel.what, form: characterForm }));
      return;
    }
    const button = characterForm.querySelector("button[type=submit]");
    await app.asker.ask(button, { what: `register ${request.payload.name}`, ...request, form: characterForm });
  }

  /** The GM's token of a registered character, on the table's scene, with its system's fields. */
  async function putOnTheMap() {
    const actorId = tokenForm.actor_id.value;
    const character = state.system?.state?.characters?.[actorId];
    if (!character) return app.notices.show("Register the character first: the system's requests make its sheet.");
    const { tokenFields = [] } = systemFor(state.system.name);
    let extra;
    try {
      extra = panelValues({ fields: tokenFields }, valuesOf("#system-token-fields"));
    } catch (error) {
      report(error);
      return;
    }
    const payload = { token_id: `${actorId}-token`, actor_id: actorId, name: character.name, scene_id: SCENE, ...extra };
    await app.asker.ask(tokenForm.querySelector("button[type=submit]"), { what: `put ${character.name} on the map`, event: "token.register", payload, form: tokenForm });
  }

  /** The sheet's lists (skills, styles, targets…) of the roll form's actor, for the fields that name them. */
  function listSheet() {
    const { sheetLists } = systemFor(form.dataset.system);
    const lists = sheetLists ? sheetLists(state.system?.state ?? null, form.actor.value.trim()) : {};
    $("#sheet-lists").replaceChildren(...Object.entries(lists).map(([list, options]) => {
      const element = Object.assign(document.createElement("datalist"), { id: `sheet-${list}` });
      element.append(...options.map(([value, label]) => new Option(label, value)));
      return element;
    }));
  }

  /** The characters registered in the system's state, for the GM's token form. */
  function listCharacters(pools) {
    const chosen = tokenForm.actor_id.value;
    const characters = Object.entries(pools?.characters ?? {});
    tokenForm.actor_id.replaceChildren(...characters.map(([id, each]) => new Option(each.name ?? id, id, false, id === chosen)));
  }

  /** The roll form's actor suggestions: every actor of a tracked token. */
  function listActors() {
    const actors = new Map([...state.tokens.values()].map((token) => [token.actor_id, token.name]));
    $("#system-actors").replaceChildren(...[...actors].map(([actorId, name]) => new Option(name, actorId)));
  }
}

/** The values of the named controls under `fields` (a selector), as a form gives them. */
function valuesOf(fields) {
  return Object.fromEntries([...document.querySelectorAll(`${fields} [name]`)]
    .map((input) => [input.name, input.type === "checkbox" ? input.checked : input.value]));
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
  if (field.list) input.setAttribute("list", `sheet-${field.list}`);
  if (field.checkbox) label.append(input, ` ${field.label}`);
  else label.append(`${field.label} `, input);
  return label;
}
