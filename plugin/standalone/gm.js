/**
 * The GM's tools on the standalone tabletop: register tokens, mint a player's invite link,
 * and the hazards (an explosion placed on the grid; fire, a fall, vacuum on the tokens picked).
 * The forms are shown to the GM only; the bridge refuses these requests from players anyway.
 */
import { STATISTICS, distance, explosion, fall, fireIgnite, inBlast, vacuumEnter } from "../core/rolls.js";
import { METRES_PER_SQUARE, SQUARE } from "./board.js";

const $ = (selector) => document.querySelector(selector);

/** Wires the GM's forms to the table `app` ({client, state, board, report, queued}). */
export function gmTools(app) {
  const { client, state, board, report } = app;
  const submit = (selector, handler) => $(selector).addEventListener("submit", (event) => {
    event.preventDefault();
    handler(new FormData(event.target), event.target).catch(report);
  });

  submit("#register-form", async (form, element) => {
    const name = form.get("name").trim();
    const actorId = form.get("actor_id").trim() || slug(name);
    const payload = {
      token_id: `${slug(name)}-${Math.random().toString(16).slice(2, 6)}`,
      actor_id: actorId,
      name,
      statistics: Object.fromEntries(STATISTICS.map((s) => [s, Number(form.get(s))])),
      skills: parseSkills(form.get("skills")),
      hit_points: form.get("hit_points") ? Number(form.get("hit_points")) : null,
    };
    state.applyToken(await client.request("token.register", payload));
    element.reset();
  });

  state.addEventListener("token", () => listActors());

  submit("#invite-form", async (form) => {
    const user = form.get("user").trim();
    const { token } = await client.request("token.mint", { user });
    await client.request("actors.assign", { user, actor_ids: form.getAll("actor") });
    const fragment = new URLSearchParams({ world: client.auth.world, token });
    $("#invite-link").value = `${location.origin}/table#${fragment}`;
  });

  submit("#explosion-form", async (form) => {
    const dice = Number(form.get("dice"));
    const center = await board.pickPoint();
    const tokens = [...state.tokens.keys()]
      .map((token_id) => ({ token_id, distance: distance(center, board.center(token_id), SQUARE, METRES_PER_SQUARE), cover: Number(form.get("cover")) }))
      .filter((token) => inBlast(dice, token.distance));
    board.flash(center, (dice * SQUARE) / METRES_PER_SQUARE);
    if (!tokens.length) throw Object.assign(new Error("no token within the blast's reach"), { code: "explosion" });
    const { event, payload } = explosion({ actorId: client.session.user, charge: form.get("charge"), dice, tokens });
    await app.queued(event, payload);
  });

  submit("#fire-form", async (form) => {
    const { event, payload } = fireIgnite({ tokenIds: picked(), startingDice: Number(form.get("dice")) });
    await app.queued(event, payload);
  });
  submit("#fall-form", async (form) => {
    const { event, payload } = fall({ tokenIds: picked(), meters: Number(form.get("meters")) });
    await app.queued(event, payload);
  });
  submit("#vacuum-form", async (form) => {
    const { event, payload } = vacuumEnter({ tokenIds: picked(), rupturedSuit: form.get("ruptured") === "on" });
    await app.queued(event, payload);
  });

  /** The tokens picked on the grid (at least one). */
  function picked() {
    const ids = [...board.selected].filter((id) => state.tokens.has(id));
    if (!ids.length) throw Object.assign(new Error("pick tokens on the grid first"), { code: "hazard" });
    return ids;
  }

  /** The invite form's character boxes: every actor of a tracked token. */
  function listActors() {
    const checked = new Set(new FormData($("#invite-form")).getAll("actor"));
    const actors = new Map([...state.tokens.values()].map((token) => [token.actor_id, token.name]));
    const boxes = [...actors].map(([actorId, name]) => {
      const label = document.createElement("label");
      const box = Object.assign(document.createElement("input"), { type: "checkbox", name: "actor", value: actorId, checked: checked.has(actorId) });
      label.append(box, ` ${name} (${actorId})`);
      return label;
    });
    const legend = $("#invite-actors legend");
    $("#invite-actors").replaceChildren(legend, ...boxes);
  }
}

/** "Stealth 2, Pistol 1" as {Stealth: 2, Pistol: 1}. */
function parseSkills(text) {
  return Object.fromEntries(String(text).split(",").map((part) => part.trim()).filter(Boolean).map((part) => {
    const match = part.match(/^(.*\S)\s+(\d+)$/);
    if (!match) throw Object.assign(new Error(`a skill is a name and a level: "${part}"`), { code: "skills" });
    return [match[1], Number(match[2])];
  }));
}

/** A name as an id (A-Z a-z 0-9 . _ : -). */
function slug(name) {
  return name.toLowerCase().replace(/[^a-z0-9._:-]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 40) || "token";
}
