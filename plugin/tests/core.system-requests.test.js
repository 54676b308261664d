// The requests of the world's rule system as a menu and forms (core/system-requests.js), from the
// bridge's own `system.requests` answer (bridge/transport/events/systems.py run on a world playing the system,
// through the project's Python), the payloads read back checked against the request schemas.
import { test } from "node:test";
import assert from "node:assert/strict";
import { BridgeError } from "../core/bridge-client.js";
import { formFields } from "../core/macros.js";
import { refusalFaults, requestFields, requestMenu, requestPayload } from "../core/system-requests.js";
import { requestErrors, systemRequests } from "./bridge-python.js";

const gm2d20 = systemRequests("two_d20", true);
const menu = requestMenu(gm2d20);
const find = (event, within = menu) => within.groups.flatMap((group) => group.requests).find((request) => request.event === event);

test("the menu: every request once, grouped by the words between the system's prefix and the event's last", () => {
  assert.equal(menu.system, "two_d20");
  const listed = menu.groups.flatMap((group) => group.requests.map((request) => [group.name, request.event]));
  assert.deepEqual(listed.map(([, event]) => event).sort(), gm2d20.requests.map((request) => request.event).sort());
  for (const [group, event] of listed) {
    const words = event.split(".");
    assert.equal(group.toLowerCase(), words.slice(1, -1).join(" "), event);
  }
  const names = menu.groups.map((group) => group.name);
  assert.equal(new Set(names).size, names.length, "each group once");
  assert.ok(names.includes("Session") && names.includes("Determination") && names.includes(""));
  assert.equal(find("2d20.session.start").label, "Session start");
  assert.equal(find("2d20.test").label, "Test");
});

test("each request keeps its flags and description, its form its schema's fields less request_id", () => {
  for (const request of gm2d20.requests) {
    const item = find(request.event);
    assert.deepEqual([item.gmOnly, item.card, item.queued], [request.gm_only, request.card, request.queued], request.event);
    assert.equal(item.description, request.schema.description ?? "");
    const fields = formFields(request.schema).filter((field) => field.name !== "request_id");
    const byName = (list) => [...list].sort((a, b) => a.name.localeCompare(b.name));
    assert.deepEqual(byName(item.fields), byName(fields));
    const actorFirst = [...fields.filter((field) => field.name === "actor_id"), ...fields.filter((field) => field.name !== "actor_id")];
    assert.deepEqual(item.fields.map((field) => field.name), actorFirst.map((field) => field.name), "who acts first, the rest in the schema's order");
    assert.ok(request.schema.properties.request_id, `${request.event} takes a request_id the client adds`);
  }
  assert.equal(find("2d20.session.start").gmOnly, true);
  assert.equal(find("2d20.test").gmOnly, false);
  assert.deepEqual(find("2d20.character").fields.find((field) => field.name === "skills").type, "json");
  assert.equal(find("2d20.attack").fields[0].name, "actor_id");
});

test("a player's menu offers no GM-only request", () => {
  const player = requestMenu(systemRequests("two_d20", false));
  const events = player.groups.flatMap((group) => group.requests);
  assert.ok(events.length > 0);
  assert.deepEqual(events.filter((request) => request.gmOnly), []);
  assert.equal(find("2d20.session.start", player), undefined);
  assert.ok(find("2d20.test", player));
});

test("the actor picked fills in actor_id, and nothing else", () => {
  const character = find("2d20.character");
  const fields = requestFields(character, { actorId: "nikita" });
  assert.equal(fields.find((field) => field.name === "actor_id").default, "nikita");
  assert.deepEqual(fields.filter((field) => field.name !== "actor_id"), character.fields.filter((field) => field.name !== "actor_id"));
  assert.deepEqual(requestFields(character), character.fields);
  assert.deepEqual(requestFields(find("2d20.session.start"), { actorId: "nikita" }), find("2d20.session.start").fields);
});

test("the payloads read from every system's forms as typed are ones their schemas accept", () => {
  const typed = [
    [find("2d20.session.start"), { players: "2" }],
    [find("2d20.character"), { actor_id: "nikita", name: "Nikita", skills: '{"Survive": 2, "Fight": 8}',
      styles: '{"Boldly": 9, "Forcefully": 1}', focuses: "", armor: "1", powers: true, npc: false }],
    [find("2d20.test"), { actor_id: "nikita", skill: "Fight", style: "Boldly", difficulty: "1", bought: "", label: "" }],
  ];
  const moc = requestMenu(systemRequests("moment_of_clarity", true));
  const d10 = requestMenu(systemRequests("highest_d10", true));
  typed.push([find("moc.session", moc), {}], [find("d10.phase.end", d10), {}]);
  const built = typed.map(([request, values]) => requestPayload(request, values));
  assert.deepEqual(built[0], { event: "2d20.session.start", payload: { players: 2 } });
  assert.deepEqual(built[1].payload.skills, { Survive: 2, Fight: 8 });
  assert.equal(built[1].payload.powers, true);
  assert.equal("focuses" in built[1].payload, false, "an empty field is left out: the schema's default applies");
  assert.deepEqual(requestErrors(built), built.map(() => []));
});

test("a value that cannot be read is refused naming its field, before anything is sent", () => {
  const character = find("2d20.character");
  const typed = { actor_id: "nikita", name: "N", skills: "{Survive: 2", styles: "{}", armor: "two" };
  assert.throws(() => requestPayload(character, typed), BridgeError);
  const refused = (() => { try { return requestPayload(character, typed); } catch (error) { return error; } })();
  assert.equal(refused.code, "invalid");
  assert.deepEqual(refused.fields, { armor: ["not a number"], skills: ["not JSON"] });
});

test("a refusal's faults, nested as the bridge names them, as lines under the form's field they are about", () => {
  const character = find("2d20.character");
  const faults = {
    skills: { Fight: { value: ["Must be greater than or equal to 0 and less than or equal to 20."] } },
    styles: ["Missing data for required field."],
    focuses: { Aim: { key: ["Shorter than minimum length 1."], value: ["Not a valid integer.", "Too big."] } },
    _schema: ["the sheet lacks Survive"],
  };
  assert.deepEqual(refusalFaults(character, faults), {
    skills: ["skills.Fight.value: Must be greater than or equal to 0 and less than or equal to 20."],
    styles: ["styles: Missing data for required field."],
    focuses: ["focuses.Aim.key: Shorter than minimum length 1.", "focuses.Aim.value: Not a valid integer. Too big."],
    "": ["_schema: the sheet lacks Survive"],
  });
  assert.deepEqual(refusalFaults(character, { request_id: ["Invalid."] }), { "": ["request_id: Invalid."] }, "request_id is no field of the form");
  assert.deepEqual(refusalFaults(character), {});
});
