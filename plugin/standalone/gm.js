/**
 * The GM's tools on the standalone tabletop: register tokens (skills picked from the rulebook's
 * weapon skills and the world's own), mint a player's invite link, and the hazards: an explosion
 * placed on the grid with its reach previewed and the tokens in reach confirmed before anything is
 * sent (`map.blast`: the bridge measures the distances from the squares it keeps, as the preview
 * does); fire, a fall, vacuum on the tokens picked. The forms are shown to the GM only; the bridge
 * refuses these requests from players anyway.
 */
import { STATISTICS, fall, fireIgnite, inBlast, vacuumEnter } from "../core/rolls.js";
import { SQUARE } from "./board.js";
import { SCENE } from "./combat.js";

const $ = (selector) => document.querySelector(selector);

/** Wires the GM's forms to the table `app` ({client, state, board, asker, notices, seats, skills}). */
export function gmTools(app) {
  const { client, state, board, asker, notices } = app;
  const submit = (selector, handler) => $(selector).addEventListener("submit", (event) => {
    event.preventDefault();
    handler(new FormData(event.target), event.target, event.submitter ?? event.target.querySelector("button[type=submit]"));
  });

  state.addEventListener("token", () => listActors());
  listActors();
  app.skillList.addEventListener("change", () => listSkills());

  $("#skill-add").addEventListener("click", () => {
    const form = $("#register-form");
    const name = form.skill_pick.value;
    if (!name) return;
    const typed = form.skills.value.trim();
    // Commas part the skills typed, so a name's own comma ("Melee, one-handed") is left out: the bridge reads it alike.
    form.skills.value = `${typed ? `${typed}, ` : ""}${name.replace(/,/g, "")} ${form.skill_level.value}`;
  });

  submit("#register-form", async (form, element, button) => {
    const typed = form.get("name");
    const name = typed.trim();
    let skills, fresh;
    try {
      ({ skills, fresh } = checkedSkills(form.get("skills"), app.skills(), form.get("own_skills") === "on"));
    } catch (error) {
      return notices.show(`Could not register ${name || "the token"}: Skills: ${error.message}`);
    }
    if (fresh.length) {  // new skills of this world: the world's setting first, so the bridge knows them
      const settingSkills = [...app.skills().world, ...fresh];
      const changed = await asker.ask(button, { what: `add ${fresh.join(", ")} to this world's skills`, event: "settings.update",
        payload: { settings: { setting_skills: settingSkills } }, form: element, labels: { "settings.setting_skills": "Skills" } });
      if (!changed) return;
    }
    const payload = {
      token_id: `${slug(name)}-${Math.random().toString(16).slice(2, 6)}`,
      actor_id: form.get("actor_id").trim() || slug(name),
      scene_id: SCENE,
      name: name || typed,  // a name of only spaces is sent as typed: the bridge refuses it, naming the field
      // An empty statistic is sent empty (null), never as 0: the bridge refuses it, naming the statistic.
      statistics: Object.fromEntries(STATISTICS.map((s) => [s, numberOrNull(form.get(s))])),
      skills,
      hit_points: numberOrNull(form.get("hit_points")),
    };
    const made = await asker.ask(button, { what: `register ${name || "the token"}`, event: "token.register", payload, form: element });
    if (!made) return;
    state.applyToken(made);
    app.refreshMap();
    element.reset();
  });

  submit("#invite-form", async (form, element, button) => {
    const user = form.get("user").trim();
    const minted = await asker.ask(button, { what: `invite ${user}`, event: "token.mint", payload: { user }, form: element });
    if (!minted) return;
    const actors = form.getAll("actor");
    if (!await client.request("actors.assign", { user, actor_ids: actors }).catch((error) => app.report(error, `give ${user} their characters`))) return;
    for (const actor of actors) app.seats.remember(actor, user);
    const fragment = new URLSearchParams({ world: client.auth.world, token: minted.token });
    $("#invite-link").value = `${location.origin}/table#${fragment}`;
    $("#invite-copy").disabled = false;
    app.firstSteps();
  });

  submit("#background-form", async (form, element, button) => {
    const picture = await pictureOf(form);
    if (picture === undefined) return notices.show("Could not set the background: type an image's address or pick a file.");
    const scene = await asker.ask(button, { what: "set the map background", event: "scene.background", payload: { scene_id: SCENE, picture },
      form: element, labels: { "picture.url": "Image address", "picture.data": "The file", "picture.media_type": "The file" } });
    if (scene) element.reset();
  });
  $("#background-clear").addEventListener("click", (event) => asker.ask(event.currentTarget,
    { what: "take the map background away", event: "scene.background", payload: { scene_id: SCENE, picture: null } }));

  submit("#token-image-form", async (form, element, button) => {
    const tokenIds = [...board.selected].filter((id) => state.tokens.has(id));
    if (tokenIds.length !== 1) return notices.show("Could not set the image: pick one token on the grid.");
    const picture = await pictureOf(form);
    if (picture === undefined) return notices.show("Could not set the image: type an image's address or pick a file.");
    const scene = await asker.ask(button, { what: `set ${state.tokens.get(tokenIds[0]).name}'s image`, event: "scene.token_image",
      payload: { scene_id: SCENE, token_id: tokenIds[0], picture },
      form: element, labels: { "picture.url": "Token image", "picture.data": "The file", "picture.media_type": "The file" } });
    if (scene) element.reset();
  });

  submit("#explosion-form", async (form) => {
    const dice = Number(form.get("dice"));
    const cover = Number(form.get("cover"));
    const reach = (center) => [...state.tokens.keys()].filter((id) => board.placed(id))
      .map((token_id) => ({ token_id, distance: board.metres(center, board.center(token_id)), cover }))
      .filter((token) => inBlast(dice, token.distance));
    $("#blast-hint").hidden = false;
    const center = await board.placeBlast(dice, (point) => markReach(reach(point)));
    $("#blast-hint").hidden = true;
    if (!center) return markReach([]);
    const tokens = reach(center);
    markReach(tokens);
    confirmBlast(tokens, { dice, cover, charge: form.get("charge"), center: onMap(center) });
  });

  submit("#fire-form", (form, element, button) => onPicked(button, "set on fire", (tokenIds) => fireIgnite({ tokenIds, startingDice: Number(form.get("dice")), label: "Fire" })));
  submit("#fall-form", (form, element, button) => onPicked(button, "make fall", (tokenIds) => fall({ tokenIds, meters: Number(form.get("meters")), label: `A fall of ${form.get("meters")} m` })));
  submit("#vacuum-form", (form, element, button) => onPicked(button, "put into vacuum", (tokenIds) => vacuumEnter({ tokenIds, rupturedSuit: form.get("ruptured") === "on", label: "Vacuum" })));

  /** A hazard on the tokens picked on the grid (at least one). */
  function onPicked(button, verb, build) {
    const tokenIds = [...board.selected].filter((id) => state.tokens.has(id));
    if (!tokenIds.length) return notices.show(`Could not ${verb}: pick tokens on the grid first (shift-click picks several).`);
    const names = tokenIds.map((id) => state.tokens.get(id).name).join(", ");
    const { event, payload } = build(tokenIds);
    return asker.ask(button, { what: `${verb} ${names}`, event, payload, queued: true });
  }

  /** The confirm step: the tokens in reach, by name and distance; nothing is sent before Confirm. */
  function confirmBlast(tokens, { dice, cover, charge, center }) {
    const dialog = $("#blast-confirm");
    const list = $("#blast-tokens");
    list.replaceChildren(...tokens.map(({ token_id: id, distance }) => {
      const item = document.createElement("li");
      item.dataset.tokenId = id;
      item.textContent = `${state.tokens.get(id).name} at ${distance} m`;
      return item;
    }));
    $("#blast-summary").textContent = tokens.length
      ? `${dice}d6 (${charge.replace(/_/g, " ")}) reaches ${tokens.length === 1 ? "1 token" : `${tokens.length} tokens`}:`
      : "No token is within the blast's reach.";
    $("#blast-go").disabled = !tokens.length;
    dialog.hidden = false;
    $(tokens.length ? "#blast-go" : "#blast-cancel").focus();
    const close = () => {
      dialog.hidden = true;
      board.clearBlasts();
      markReach([]);
      $("#blast-go").onclick = null;
      document.removeEventListener("keydown", escape);
    };
    const escape = (event) => { if (event.key === "Escape") close(); };
    document.addEventListener("keydown", escape);
    $("#blast-cancel").onclick = close;
    $("#blast-go").onclick = (event) => {
      const button = event.currentTarget;
      const by = client.session.user === "gm" ? "the GM" : client.session.user;
      const payload = { actor_id: client.session.user, center, dice, charge, cover,
        label: `Explosion: ${dice}d6 ${charge.replace(/_/g, " ")}, set off by ${by}` };
      close();
      asker.ask(button, { what: "set off the explosion", event: "map.blast", payload, queued: true });
    };
  }

  function markReach(tokens) {
    const inReach = new Set(tokens.map((token) => token.token_id));
    for (const token of document.querySelectorAll("#board .token")) token.classList.toggle("in-reach", inReach.has(token.dataset.tokenId));
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
    const none = Object.assign(document.createElement("p"), { className: "hint", textContent: "None on the map yet: register a token first." });
    $("#invite-actors").replaceChildren(legend, ...(boxes.length ? boxes : [none]));
  }

  /** The skill picker: the rulebook's skills, then the world's own (`skills.list`). */
  function listSkills() {
    const { book, world } = app.skills();
    const group = (label, names) => {
      const options = Object.assign(document.createElement("optgroup"), { label });
      options.append(...names.map((name) => new Option(name, name)));
      return options;
    };
    $("#register-form").skill_pick.replaceChildren(group("Rulebook", book), group("This world's own", world));
  }
}

/**
 * "Stealth 2, Pistol 1" as `{skills: {Stealth: 2, Pistol: 1}, fresh: []}`, each name one of `known`
 * (the book's or the world's, read as the bridge reads a skill's name) unless `ownAllowed`: then the
 * names new to the world are `fresh`. An unknown name is refused by its name, never dropped.
 */
export function checkedSkills(text, { book, world }, ownAllowed) {
  const known = new Map([...book, ...world].map((name) => [skillKey(name), name]));
  const fresh = [];
  const skills = Object.fromEntries(String(text).split(",").map((part) => part.trim()).filter(Boolean).map((part) => {
    const match = part.match(/^(.*\S)\s+(\d+)$/);
    if (!match) throw new Error(`“${part}” is not a skill and a level (as in “Pistol 2”)`);
    const [, name, level] = match;
    const found = known.get(skillKey(name));
    if (!found && !ownAllowed) {
      throw new Error(`“${name}” is not a skill of the rulebook or of this world: pick it from the list, or tick “new skills of this world”`);
    }
    if (!found) fresh.push(name);
    return [found ?? name, Number(level)];
  }));
  return { skills, fresh };
}

/** A skill's name as the bridge compares them: case, spaces, commas, hyphens and underscores aside. */
function skillKey(name) {
  return name.trim().toLowerCase().replace(/[\s,\-_]+/g, "_");
}

/** A point of the board (pixels) in squares, as `map.blast` takes it, kept on the grid. */
function onMap({ x, y }) {
  const board = document.querySelector("#board");
  const within = (value, size) => Math.max(0, Math.min(value / SQUARE, size / SQUARE));
  return { x: within(x, board.clientWidth), y: within(y, board.clientHeight) };
}

/** A number field's value; empty: null (the bridge says what it wants there). */
function numberOrNull(value) {
  return String(value ?? "").trim() === "" ? null : Number(value);
}

/** A picture from a form with `url` and `file`: `{url}`, an upload `{media_type, data}`, or undefined when neither is given. */
async function pictureOf(form) {
  const file = form.get("file");
  if (file && file.size) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = "";
    for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
    return { media_type: file.type, data: btoa(binary) };
  }
  const url = String(form.get("url") ?? "").trim();
  return url ? { url } : undefined;
}

/** A name as an id (A-Z a-z 0-9 . _ : -). */
function slug(name) {
  return name.toLowerCase().replace(/[^a-z0-9._:-]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 40) || "token";
}
