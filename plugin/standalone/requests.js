/**
 * The Requests panel of the standalone tabletop, in a world playing another system than Moment of
 * Truth: every request of that system this user may send (`system.requests`, read again when the
 * world switches system), grouped as core/system-requests.js groups them, GM-only ones marked; the
 * chosen request's form built from its JSON Schema (its `actor_id` filled in with the actor of the
 * token clicked), sent as typed. Its card comes to the chat as cards do, the system's state as
 * `system.changed`; a refusal is shown in the form, at each field it names.
 */
import { DEFAULT_SYSTEM, systemFor } from "../core/systems.js";
import { ACTOR_FIELD, refusalFaults, requestFields, requestMenu, requestPayload } from "../core/system-requests.js";
import { fieldControl, fieldValues, tokenFiller } from "./fields.js";

const $ = (selector) => document.querySelector(selector);

/** Wires the panel to the table `app` ({client, state, board, report, queued}). */
export function requestsPanel(app) {
  const { client, state, board, report } = app;
  const fillTokens = tokenFiller(state);
  const choice = $("#requests select[name=request]");
  const form = $("#request-form");
  let requests = new Map();
  let listedFor = null;
  let actorId = null;

  state.addEventListener("system", ({ detail: { name, switched } }) => {
    $("#requests").hidden = name === DEFAULT_SYSTEM;
    if (name !== DEFAULT_SYSTEM && (switched || name !== listedFor)) list(name).catch(report);
  });
  board.addEventListener("select", ({ detail: { tokenIds } }) => {
    const token = tokenIds.length === 1 && state.tokens.get(tokenIds[0]);
    if (!token) return;
    actorId = token.actor_id;
    if (form.elements[ACTOR_FIELD]) form.elements[ACTOR_FIELD].value = actorId;
  });
  choice.addEventListener("change", () => draw());
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    send().catch(refused);
  });

  /** The requests of the system the world plays, the one chosen kept when it still is one. */
  async function list(name) {
    listedFor = name;
    const menu = requestMenu(await client.request("system.requests", {}));
    if (menu.system !== state.system?.name) return;
    const kept = choice.value;
    requests = new Map(menu.groups.flatMap((group) => group.requests.map((request) => [request.event, request])));
    choice.replaceChildren(...menu.groups.map((group) => {
      const options = Object.assign(document.createElement("optgroup"), { label: group.name || systemFor(menu.system).title });
      options.append(...group.requests.map((request) => new Option(`${request.label}${request.gmOnly ? " (GM)" : ""}`, request.event)));
      return options;
    }));
    if (requests.has(kept)) choice.value = kept;
    draw();
  }

  /** The chosen request's form. */
  function draw() {
    const request = requests.get(choice.value);
    form.dataset.event = request?.event ?? "";
    $("#request-description").textContent = request ? `${request.event}: ${request.description}` : "";
    $("#request-fields").replaceChildren(...(request ? requestFields(request, { actorId }).map((field) => fieldControl(field, fillTokens)) : []));
    $("#request-answer").hidden = true;
    clearFaults();
  }

  async function send() {
    clearFaults();
    const request = requests.get(form.dataset.event);
    const { event, payload } = requestPayload(request, fieldValues(request.fields, form));
    const answer = request.queued ? await app.queued(event, payload) : await client.request(event, payload);
    if (request.card) state.addCard(answer);
    const shown = $("#request-answer");
    shown.dataset.event = event;
    shown.querySelector("summary").textContent = `${request.label}: done`;
    shown.querySelector("pre").textContent = JSON.stringify(answer, null, 2);
    shown.hidden = false;
  }

  /** A refusal, in the form: its code and message, each fault at the field it names (the rest with the message). */
  function refused(error) {
    const request = requests.get(form.dataset.event);
    if (!request) return report(error);
    const { "": unplaced = [], ...byField } = refusalFaults(request, error.fields);
    for (const [name, lines] of Object.entries(byField)) {
      const label = form.querySelector(`#request-fields [data-field="${name}"]`);
      label.append(...lines.map((line) => Object.assign(document.createElement("span"), { className: "field-error", textContent: line })));
    }
    $("#request-error").textContent = [`${error.code ?? "error"}: ${error.message}`, ...unplaced].join("; ");
  }

  function clearFaults() {
    for (const fault of form.querySelectorAll(".field-error")) fault.remove();
    $("#request-error").textContent = "";
  }
}
