/**
 * The requests of the world's rule system (the system panel's *Requests…* button, every user): the
 * requests this user may send (`system.requests`, read each time the button is clicked) in a select
 * grouped as core/system-requests.js groups them, GM-only ones marked; then the chosen request's
 * dialog built from its JSON Schema (its `actor_id` filled in with the selected token's actor), sent
 * as typed. Its card comes to the chat like any card (queued ones show in the progress bar); a
 * refusal is told with each field it names.
 */

import { refusalFaults, requestFields, requestMenu, requestPayload } from "../core/system-requests.js";
import { systemFor } from "../core/systems.js";
import * as vtt from "./adapter.js";
import { dialogFields } from "./macro-menu.js";
import { track } from "./widgets.js";

/**
 * The menu's select (templates/form.hbs `groups`): a group per menu group, named by its words
 * (the system's title for requests of one word), each request by its label, GM-only ones marked.
 * @param {{system: string, groups: object[]}} menu requestMenu
 */
export function requestChoice(menu) {
  return {
    name: "request", label: vtt.t("System.Request"),
    groups: menu.groups.map((group) => ({
      label: group.name || systemFor(menu.system).title,
      options: group.requests.map((request) => ({
        value: request.event, label: request.gmOnly ? vtt.t("System.GMOnly", { label: request.label }) : request.label,
      })),
    })),
  };
}

/**
 * Clicked *Requests…*: the menu, then the chosen request's dialog.
 * @param {{client: object, table: object}} options table: TableState (a card is kept there)
 */
export async function requestsDialog({ client, table }) {
  const system = systemFor(table.system?.name).title;
  let menu;
  try {
    menu = requestMenu(await client.request("system.requests", {}));
  } catch (error) {
    return refused(system, error);
  }
  if (!menu.groups.length) return vtt.notify("info", vtt.t("System.NoRequest", { system }));
  const answer = await vtt.dialog({
    title: vtt.t("System.RequestsTitle", { system }),
    content: await vtt.renderTemplate("form", { fields: [requestChoice(menu)] }),
    buttons: [{ action: "choose", label: vtt.t("Macro.Choose"), icon: "fa-solid fa-list", default: true }],
  });
  if (!answer) return null;
  const request = menu.groups.flatMap((group) => group.requests).find((each) => each.event === answer.values.request);
  return requestDialog({ client, table, system, request });
}

/**
 * A request's dialog, then the request sent: a card kept in the table, a queued one tracked.
 * @param {{client: object, table: object, system: string, request: object}} options request: one of requestMenu's
 */
export async function requestDialog({ client, table, system, request }) {
  const actorId = vtt.controlledTokens().find((token) => token.actorId)?.actorId ?? null;
  const tracked = vtt.sceneTokens().filter((token) => table.tokens.has(token.id));
  const content = await vtt.renderTemplate("form", {
    hint: `${request.event}: ${request.description}`,
    fields: dialogFields(requestFields(request, { actorId }), tracked),
  });
  const answer = await vtt.dialog({
    title: vtt.t("System.RequestTitle", { system, request: request.label }), content,
    buttons: [{ action: "send", label: vtt.t("System.Send"), icon: "fa-solid fa-paper-plane", default: true }],
  });
  if (!answer) return null;
  try {
    const sent = requestPayload(request, answer.values);
    const result = request.queued ? await track(client, request.label, sent) : await client.request(sent.event, sent.payload);
    if (request.card) table.addCard(result);
    else vtt.notify("info", vtt.t("System.Done", { request: request.label }));
    return result;
  } catch (error) {
    return refused(request.label, error, request);
  }
}

/** A refusal told: its message and, for a request's form, each fault by the field it names. */
function refused(what, error, request = { fields: [] }) {
  const faults = Object.values(refusalFaults(request, error.fields)).flat();
  return vtt.notify("error", vtt.t("Failed", { what, message: [error.message, ...faults].join("; ") }));
}
