/**
 * The standalone tabletop: log in (a world and its GM key, or a player's invite link), then the
 * grid the bridge keeps, the world's rule system with its state (and, a system other than Moment
 * of Truth, its roll form and its requests), the character panel with its roll buttons and their
 * odds, the combat, the macros, the chat log of cards, the MoT counts and, for the GM, the GM's
 * tools and the encounter simulation. Built on plugin/core; the page is served by the bridge
 * (/table), so the bridge's address is the page's own.
 */
import { io } from "../vendor/socket.io.esm.min.js";
import { BridgeClient } from "../core/bridge-client.js";
import { TableState } from "../core/table-state.js";
import { cardParts, escapeHTML } from "../core/cards.js";
import { DEFAULT_SYSTEM, VERDICTS } from "../core/systems.js";
import { conditionsOf } from "../core/conditions.js";
import { STATISTICS, attack, skillRoll, statisticName, statisticRoll } from "../core/rolls.js";
import { Asker } from "./asking.js";
import { conditionBadges } from "./badges.js";
import { Board, healthWords } from "./board.js";
import { combatPanel } from "./combat.js";
import { gmTools } from "./gm.js";
import { macroPanel } from "./macros.js";
import { Notices, refusalSentence } from "./notices.js";
import { readRange, rangeBands } from "./ruler.js";
import { chatPanel } from "./chat.js";
import { requestsPanel } from "./requests.js";
import { simulationPanel } from "./simulation.js";
import { systemPanel } from "./system.js";

/** Where the credentials are kept between reloads of this tab, and never elsewhere. */
const CREDENTIALS = "vtt-bridge:credentials";
/** How often the page asks the bridge whether it is there, and how long it waits for the answer. */
const HEARTBEAT_MS = 2000;
const HEARTBEAT_TIMEOUT_MS = 3000;
/** A request's ack: waited for this long, asked once more with the same id, then "still asking" (asking.js). */
const ACK_TIMEOUT_MS = 4000;
/** The scene of the standalone table (combat.js's SCENE). */
const TABLE_SCENE = "table";
/** How long option changes settle before the odds are asked again. */
const ODDS_SETTLE_MS = 250;

const $ = (selector) => document.querySelector(selector);

/** Credentials from the URL's fragment (an invite link), then this tab's storage. */
function credentials() {
  const fragment = new URLSearchParams(location.hash.slice(1));
  if (fragment.get("world") && (fragment.get("token") || fragment.get("gm_key"))) {
    const found = Object.fromEntries(["world", "token", "gm_key"].filter((k) => fragment.get(k)).map((k) => [k, fragment.get(k)]));
    sessionStorage.setItem(CREDENTIALS, JSON.stringify(found));
    history.replaceState(null, "", location.pathname);
  }
  return JSON.parse(sessionStorage.getItem(CREDENTIALS) ?? "null");
}

/** The login form, with the refusal that brought it back; the world typed stays. */
function showLogin(error = "", world = "") {
  $("#table").hidden = true;
  $("#login").hidden = false;
  $("#login-error").textContent = error;
  if (world) $("#login-form").world.value = world;
}

$("#login-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const typed = { world: form.get("world").trim() };
  if (form.get("gm_key")) typed.gm_key = form.get("gm_key");
  else if (form.get("token")) typed.token = form.get("token").trim();
  else return showLogin("Type the GM key or a player token.", typed.world);
  sessionStorage.setItem(CREDENTIALS, JSON.stringify(typed));
  location.reload(); // one table per page load: the page starts again with these credentials
});

$("#leave").addEventListener("click", () => {
  sessionStorage.removeItem(CREDENTIALS);
  location.reload();
});

/** The table for one connection. */
function play(auth) {
  $("#login").hidden = true;
  $("#table").hidden = false;
  const client = new BridgeClient({ url: location.origin, auth, io, ackTimeoutMs: ACK_TIMEOUT_MS, retries: 1 });
  const state = new TableState();
  const board = new Board($("#board"));
  const notices = new Notices($("#notices"));
  const asker = new Asker({ client, notices, jobs: $("#jobs") });
  const arsenal = deferred();
  const skillList = new EventTarget();
  const app = {
    client, state, board, notices, asker, session: null, report, queued, refreshMap,
    seats: seatBook(auth.world), weapons: arsenal.promise.then(() => weaponOptions), weaponSkill, skills, skillList, showCard, firstSteps,
  };
  let selected = null;
  let weapons = new Map();
  let known = { book: [], world: [] };

  client.addEventListener("status", ({ detail }) => {
    showStatus(detail.state);
    if (detail.error) {
      sessionStorage.removeItem(CREDENTIALS);
      showLogin(refusalSentence(detail.error, { what: `join ${auth.world}` }), auth.world);
    }
  });
  client.addEventListener("ready", ({ detail }) => {
    app.session = detail;
    $("#world-name").textContent = detail.world.name;
    $("#who").textContent = `${detail.user} (${detail.role})`;
    document.body.dataset.role = detail.role;
    $("#gm-tools").hidden = detail.role !== "gm";
    fillTN(detail.settings.default_tn);
  });
  client.addEventListener("resync", () => state.catchUp(client).then(() => refreshMap())
    .then(readScene).then(readArsenal).then(readSkills).then(() => { showOdds(); firstSteps(); }).catch(report));
  client.addEventListener("push", ({ detail }) => {
    state.applyPush(detail.event, detail.data);
    if (detail.event === "token.moved") board.applyPosition(detail.data);
    if (detail.event === "scene.changed" && detail.data.scene_id === TABLE_SCENE) board.applyScene(detail.data);
    if (detail.event === "settings.changed") readSkills().catch(report);
  });

  state.addEventListener("token", ({ detail }) => {
    board.show(detail.token_id, detail.state, state.views.get(detail.token_id));
    if (detail.state && !board.placed(detail.token_id)) refreshMap();
    if (detail.token_id === selected) showCharacter();
    knownUsers();
    firstSteps();
  });
  state.addEventListener("moments", ({ detail }) => {
    showMoments(detail.balances);
    knownUsers();
  });
  state.addEventListener("card", ({ detail }) => showCard(detail));
  board.addEventListener("select", ({ detail }) => {
    selected = detail.tokenIds.length === 1 ? detail.tokenIds[0] : null;
    showCharacter();
  });
  /** Moves are sent one at a time per token (the bridge may answer two at once in either order), the latest asked last. */
  const wanted = new Map();
  board.addEventListener("move", ({ detail: { tokenId, x, y } }) => {
    const sending = wanted.has(tokenId);
    wanted.set(tokenId, { x, y });
    if (!sending) sendMoves(tokenId);
  });
  async function sendMoves(tokenId) {
    const name = state.tokens.get(tokenId)?.name ?? tokenId;
    for (let sent = null; wanted.get(tokenId) !== sent;) {
      sent = wanted.get(tokenId);
      try {  // a move slow to be answered is asked for again, never reported as failed: it may still land
        board.applyPosition(await asker.answer(`move ${name}`, "token.move", { token_id: tokenId, ...sent }));
      } catch (error) {
        board.refused(tokenId);
        report(error, `move ${name}`);
        break;
      }
    }
    wanted.delete(tokenId);
  }

  /** The map as the bridge keeps it (again), e.g. after a (re)connection or a new token. */
  let mapRead = null;
  function refreshMap() {
    mapRead ??= asker.answer("read the map", "map.get", {}).then((map) => board.applyMap(map)).catch(report).finally(() => { mapRead = null; });
    return mapRead;
  }

  /** The table scene's map background and token images, as the bridge keeps them. */
  async function readScene() {
    board.applyScene(await asker.answer("read the scene's pictures", "scene.get", { scene_id: TABLE_SCENE }));
  }

  /** The GM's first three steps, the one to do now in bold, until the GM has done them. */
  function firstSteps() {
    const gm = app.session?.role === "gm";
    const done = { register: state.tokens.size > 0, invite: app.seats.users().length > 0, play: $("#log").children.length > 0 };
    const steps = $("#first-steps");
    steps.hidden = !gm || (done.register && done.invite);
    let current = false;
    for (const item of steps.querySelectorAll("li")) {
      item.dataset.done = String(done[item.dataset.step]);
      item.dataset.current = String(!done[item.dataset.step] && !current);
      current ||= !done[item.dataset.step];
    }
    $("#character-empty").textContent = gm && !state.tokens.size
      ? "No tokens yet: register one first (Register a token, in the GM panel)."
      : "Click a token on the grid.";
  }

  /** The world's weapons (equipment.list), read once: the attack form's and the simulation's. */
  async function readArsenal() {
    if (weapons.size || !plays(DEFAULT_SYSTEM)) return;
    const { ranged, melee } = await client.request("equipment.list", {});
    weapons = new Map([...melee.map((item) => [item.name, { ...item, ranged: false }]), ...ranged.map((item) => [item.name, { ...item, ranged: true }])]);
    $("#attack-form").weapon.replaceChildren(...weaponOptions());
    arsenal.resolve();
  }

  function weaponOptions() {
    const group = (label, ranged) => {
      const options = Object.assign(document.createElement("optgroup"), { label });
      options.append(...[...weapons.values()].filter((item) => item.ranged === ranged).map((item) => new Option(item.name, item.name)));
      return options;
    };
    return [group("Melee", false), group("Ranged", true)];
  }

  function weaponSkill(name) {
    return weapons.get(name)?.skill ?? null;
  }

  /** The skills the bridge takes (`skills.list`): the rulebook's, then the world's own; read again when the settings change. */
  async function readSkills() {
    if (!plays(DEFAULT_SYSTEM)) return;
    known = await client.request("skills.list", {});
    skillList.dispatchEvent(new Event("change"));
  }

  function skills() {
    return known;
  }

  function showCharacter() {
    const token = selected && state.tokens.get(selected);
    $("#character-empty").hidden = Boolean(token);
    $("#character-sheet").hidden = !token;
    if (!token) return;
    $("#character-name").textContent = token.name;
    const { bars, conditions } = state.views.get(token.token_id) ?? { bars: [], conditions: [] };
    $("#character-conditions").replaceChildren(...conditionBadges(conditions, { named: true }));
    $("#character-conditions").hidden = !conditions.length;
    if (!token.health) {  // another system's token: its bars as its view shows them
      $("#character-hp").textContent = bars.map(({ label, value, max }) => `${label} ${value} / ${max}`).join(", ");
      return;
    }
    $("#character-hp").textContent = healthWords(token);
    $("#character-hp").dataset.remaining = String(token.health.remaining);
    const chosen = $("#roll-options").statistic.value || "agility";
    $("#roll-options").statistic.replaceChildren(...STATISTICS.map((name) => new Option(statisticName(name), name, false, name === chosen)));
    const now = () => state.tokens.get(token.token_id);
    $("#statistic-rolls").replaceChildren(...STATISTICS.map((name) =>
      rollButtonOf(token, `${statisticName(name)} ${token.statistics[name]}`, `statistic:${name}`, (button) => roll(button, now(), name, null))));
    $("#skill-rolls").replaceChildren(...Object.keys(token.skills).map((name) =>
      rollButtonOf(token, `${skillName(name)} ${token.skills[name]}`, `skill:${name}`,
        (button) => roll(button, now(), $("#roll-options").statistic.value, { name, level: now().skills[name] }))));
    const target = $("#attack-form").target;
    const aimed = target.value;
    target.replaceChildren(...[...state.tokens.values()].filter((other) => other.token_id !== token.token_id)
      .map((other) => new Option(other.name, other.token_id, false, other.token_id === aimed)));
    showOdds();
  }

  /** Each token's roll buttons, made once: a token shown again (picked again, hurt) keeps a pending roll pending. */
  const rollButtons = new Map();
  function rollButtonOf(token, text, name, onClick) {
    const key = `${token.token_id} ${name}`;
    if (!rollButtons.has(key)) rollButtons.set(key, rollButton(name, onClick));
    const wrap = rollButtons.get(key);
    wrap.querySelector("button").textContent = text;
    wrap.querySelector(".odds").setAttribute("aria-label", `chance of success of ${text}`);
    return wrap;
  }

  /** The attack form's chance to hit, from the bridge (`attack.odds`, on a worker), asked again as the form changes. */
  let attackRound = 0;
  async function showAttackOdds() {
    const round = ++attackRound;
    const form = $("#attack-form");
    const bar = $("#attack-odds");
    const attacker = state.tokens.get(selected);
    if (!attacker || !form.target.value || !form.weapon.value || !plays(DEFAULT_SYSTEM)) {
      bar.dataset.state = "unknown";
      bar.querySelector(".odds-text").textContent = "pick a target";
      return;
    }
    bar.dataset.state = "asking";
    bar.querySelector(".odds-text").textContent = "…";
    const payload = { attacker: attacker.token_id, weapon: { name: form.weapon.value }, targets: [{ token_id: form.target.value }],
      moments_spent: Number($("#roll-options").moments.value) || 0, defense_dice: Number(form.defense_dice.value) || 0 };
    try {
      const preview = await client.queued("attack.odds", payload);
      if (round === attackRound) showChance(bar, preview.hit);
    } catch (error) {
      if (round !== attackRound) return;
      bar.dataset.state = "unknown";
      bar.querySelector(".odds-text").textContent = "—";
      bar.title = refusalSentence(error, { what: "work out the chance to hit", form, labels: { moments_spent: "MoTs to spend", targets: "Target" } });
    }
  }
  $("#attack-form").addEventListener("change", showAttackOdds);

  /** Whether the world plays a system (Moment of Truth until the bridge says). */
  function plays(name) {
    return (state.system?.name ?? DEFAULT_SYSTEM) === name;
  }

  $("#attack-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = event.target;
    const attacker = state.tokens.get(selected);
    const target = form.target.value;
    if (!attacker || !target || !form.weapon.value) return notices.show("Could not attack: pick a weapon and a target.");
    const options = rollOptions();
    // No distance: both tokens stand on the bridge's map, and the bridge measures the range from their squares.
    const { event: name, payload } = attack({ attacker: attacker.token_id, weapon: form.weapon.value, targets: [target],
      moments: options.moments, visibility: options.visibility,
      label: `${attacker.name} attacks ${state.tokens.get(target)?.name ?? target} with ${form.weapon.value}` });
    if (options.whisperTo.length) payload.whisper_to = options.whisperTo;
    if (Number(form.defense_dice.value) > 0) payload.defense_dice = Number(form.defense_dice.value);
    const card = await asker.ask(event.submitter ?? form.querySelector("button"), { what: `attack with ${form.weapon.value}`, event: name, payload, form,
      labels: { moments_spent: "MoTs to spend", targets: "Target", attacker: "the character", visibility: "Shown", whisper_to: "Whisper to" } });
    if (card) state.addCard(card);
  });

  /** The options of the roll panel as the request builders take them. */
  function rollOptions() {
    const options = $("#roll-options");
    const whisper = options.visibility.value === "whisper";
    return {
      tn: options.tn.value ? Number(options.tn.value) : null,
      moments: options.moments.value.trim() === "" ? 0 : Number(options.moments.value),
      stakesRaised: options.stakes.checked,
      visibility: options.visibility.value,
      whisperTo: whisper ? options.whisper_to.value.split(",").map((user) => user.trim()).filter(Boolean) : [],
    };
  }

  function rollChoice(token, statistic, skill) {
    const options = rollOptions();
    const choice = {
      actorId: token.actor_id,
      statistic: { name: statisticName(statistic), value: token.statistics[statistic] },
      tn: options.tn,
      defaultTn: app.session.settings.default_tn,
      moments: options.moments,
      stakesRaised: options.stakesRaised,
      visibility: options.visibility,
      whisperTo: options.whisperTo,
      conditions: conditionsOf(token),
      label: `${token.name}: ${skill ? skillName(skill.name) : statisticName(statistic)}`,
    };
    return skill ? skillRoll({ ...choice, skill }) : statisticRoll(choice);
  }

  async function roll(button, token, statistic, skill) {
    const { event, payload } = rollChoice(token, statistic, skill);
    if (rollOptions().moments < 0 || Number.isNaN(rollOptions().moments)) payload.moments = { own: rollOptions().moments };  // the bridge refuses it, naming the field
    if (payload.visibility === "whisper" && !payload.whisper_to) return notices.show("Could not roll: type who the whisper is to.");
    const card = await asker.ask(button, { what: `roll ${payload.label}`, event, payload, form: $("#roll-options"),
      labels: { moments: "MoTs to spend", difficulty: "TN", stakes_raised: "Raise the stakes" } });
    if (card) state.addCard(card);
  }

  /** Each roll button's exact chance of success (`odds`, on a worker), asked again as the options change. */
  let oddsTimer = null;
  let oddsRound = 0;
  function showOdds() {
    clearTimeout(oddsTimer);
    oddsTimer = setTimeout(async () => {
      const round = ++oddsRound;
      const token = selected && state.tokens.get(selected);
      if (!token || !plays(DEFAULT_SYSTEM)) return;
      for (const button of document.querySelectorAll("#character [data-roll]")) {
        const [kind, name] = button.dataset.roll.split(":");
        const skill = kind === "skill" ? { name, level: token.skills[name] } : null;
        const { payload } = rollChoice(token, kind === "skill" ? $("#roll-options").statistic.value : name, skill);
        // The odds are pooled as the roll is: with the token's conditions and the MoTs spent (docs/protocol.md, odds).
        const { actor_id: _actor, label: _label, visibility: _visibility, whisper_to: _whisper, ...asked } = payload;
        const bar = button.parentElement.querySelector(".odds");
        bar.dataset.state = "asking";
        try {
          const { odds } = await client.queued("odds", asked);
          if (round !== oddsRound) return;
          showChance(bar, odds.success);
        } catch (error) {
          if (round === oddsRound) bar.dataset.state = "unknown";
        }
      }
    }, ODDS_SETTLE_MS);
    showAttackOdds();
  }
  $("#roll-options").addEventListener("change", showOdds);
  $("#roll-options").addEventListener("input", (event) => {
    $("#whisper-to").hidden = event.target.form.visibility.value !== "whisper";
  });

  /** Runs a queued request without a button of its own (macros, a system's requests), listed while it waits. */
  function queued(event, payload) {
    return asker.job(event, event, payload);
  }

  function report(error, what = "") {
    notices.show(refusalSentence(error, { what }));
  }

  /** The status as it is: "connected" only while the bridge answers its pings. */
  let stalled = false;
  function showStatus(connection) {
    const shown = connection === "connected" && stalled ? "reconnecting" : connection;
    $("#status").textContent = shown;
    $("#status").dataset.state = shown;
    $("#status").title = stalled ? "the bridge has stopped answering: waiting for it" : "";
    const banner = $("#connection-banner");
    banner.hidden = shown === "connected" || shown === "closed";
    banner.textContent = shown === "connecting" ? "Connecting to the bridge…"
      : "The bridge is not answering: reconnecting. What you click waits and is sent again; nothing is lost.";
  }
  setInterval(async () => {
    if (client.state !== "connected" || !client.socket) return;
    try {
      await client.socket.timeout(HEARTBEAT_TIMEOUT_MS).emitWithAck("ping", { request_id: client.newId() });
      stalled = false;
    } catch {
      stalled = true;
    }
    showStatus(client.state);
  }, HEARTBEAT_MS);

  /** Users the page knows of, offered for whispers and seats. */
  function knownUsers() {
    const users = new Set([...Object.keys(state.moments.balances), ...app.seats.users(), "gm"]);
    users.delete(client.session?.user);
    $("#known-users").replaceChildren(...[...users].sort().map((user) => new Option(user, user)));
  }

  function showCard(entry) {
    const names = Object.fromEntries([...state.tokens.values()].flatMap((token) => [[token.token_id, token.name], [token.actor_id, token.name]]));
    const item = document.createElement("li");
    item.innerHTML = entry.rule === "chat.send" ? chatLine(entry) : tableCard(entry, names);
    item.querySelector(".vb-why")?.addEventListener("click", (event) => {
      const card = event.currentTarget.closest(".vb-card");
      card.classList.toggle("why-open");
      event.currentTarget.setAttribute("aria-expanded", String(card.classList.contains("why-open")));
    });
    const log = $("#log");
    log.append(item);
    log.scrollTop = log.scrollHeight;
  }

  /** The ruler: on while its button is pressed; the bands are the attack form's ranged weapon's. */
  $("#ruler-toggle").addEventListener("click", (event) => {
    const on = event.currentTarget.getAttribute("aria-pressed") !== "true";
    event.currentTarget.setAttribute("aria-pressed", String(on));
    $("#ruler-hint").hidden = !on;
    board.measure(on ? rulerWords : null);
  });
  function rulerWords(metres) {
    const weapon = weapons.get($("#attack-form").weapon.value);
    const distance = `${metres.toFixed(1)} m`;
    if (!plays(DEFAULT_SYSTEM)) return distance;  // range bands by weapon are Moment of Truth's (ch. 7)
    if (!weapon?.ranged) return `${distance}: pick a ranged weapon for its range bands`;
    return `${distance}: ${readRange(metres, rangeBands(weapon)).words} (${weapon.name})`;
  }

  /** The invite link's copy button. */
  $("#invite-copy").addEventListener("click", async (event) => {
    const link = $("#invite-link");
    const button = event.currentTarget;
    try {
      await navigator.clipboard.writeText(link.value);
    } catch {
      link.select();
      document.execCommand("copy");
    }
    button.textContent = "Copied";
    setTimeout(() => { button.textContent = "Copy link"; }, 2000);
  });

  chatPanel(app);
  systemPanel(app);
  requestsPanel(app);
  gmTools(app);
  macroPanel(app);
  combatPanel(app);
  simulationPanel(app);
  client.connect();
}

function fillTN(defaultTn) {
  const select = $("#roll-options").tn;
  select.replaceChildren(new Option(`default (${defaultTn})`, ""), ...[1, 2, 3, 4, 5, 6].map((tn) => new Option(String(tn), String(tn))));
}

function showMoments(balances) {
  $("#moments").replaceChildren(...Object.entries(balances).map(([player, count]) => {
    const item = document.createElement("li");
    item.dataset.player = player;
    item.dataset.moments = String(count);
    item.textContent = `${player}: ${count} MoT`;
    return item;
  }));
}

/** What a card's rule is, in the table's words (never the request's name). */
const RULE_WORDS = {
  roll: "Roll", attack: "Attack", "hazard.explosion": "Explosion", "hazard.fire.ignite": "Fire", "hazard.fire.burn": "Fire",
  "hazard.fall": "Fall", "hazard.vacuum.enter": "Vacuum", "hazard.vacuum.second": "Vacuum", "combat.initiative": "Initiative",
  "macro.run": "Macro", "dice.roll": "Dice", "roll.reveal": "Revealed", contest: "Contest", maneuver: "Maneuver", damage: "Damage",
};

function ruleWords(rule) {
  const words = RULE_WORDS[rule] ?? String(rule).split(".").pop().replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A user as the table calls them: the GM, or their user id. */
function userWords(user) {
  return user === "gm" ? "the GM" : user;
}

/**
 * A card as this page lays it out: the verdict, who made it (a hazard or an initiative is the
 * GM's or its roller's, never its target's), its dice shown at once, and its working behind "Why".
 */
function tableCard(entry, names) {
  const { classes, verdict, summary, working } = cardParts(entry, { verdicts: VERDICTS, names });
  const actor = names[entry.actor_id];
  const credited = /^(hazard|combat|map)\./.test(entry.rule) || !actor || entry.actor_id === entry.user
    ? `by ${userWords(entry.user)}` : `${userWords(entry.user)} for ${actor}`;
  const seen = entry.visibility && entry.visibility !== "public"
    ? `<span class="vb-card-visibility">${entry.visibility === "blind" ? "to the GM only" : `whispered to ${escapeHTML((entry.whisper_to ?? []).map(userWords).join(", ") || "the GM")}`}</span>` : "";
  const head = `<header class="vb-card-head"><strong class="vb-card-label">${escapeHTML(entry.label || ruleWords(entry.rule))}</strong>`
    + `<span class="vb-card-who">${escapeHTML(credited)}</span><span class="vb-card-rule">${escapeHTML(ruleWords(entry.rule))}</span>${seen}</header>`;
  const headline = verdict ? `<p class="vb-verdict vb-tone-${escapeHTML(verdict.tone)}">${escapeHTML(verdict.text)}</p>` : "";
  const why = working && /vb-explanation/.test(working) ? '<button type="button" class="vb-why" aria-expanded="false">Why</button>' : "";
  return `<article class="${classes}" data-roll-id="${escapeHTML(entry.roll_id)}">${head}${headline}${summary}`
    + (working ? `<div class="vb-working vb-shown">${working}</div>${why}` : "") + "</article>";
}

/** A chat line (`chat.send`): who said it, to whom, and what (a line to the GM only: its sender reads that it went). */
function chatLine(entry) {
  const to = entry.visibility === "whisper" ? ` whispers to ${(entry.whisper_to ?? []).map(userWords).join(", ")}`
    : entry.visibility === "blind" ? " says to the GM" : "";
  const who = `${userWords(entry.user)}${to}`;
  return `<article class="vb-card vb-chat" data-roll-id="${escapeHTML(entry.roll_id)}" data-visibility="${escapeHTML(entry.visibility)}">`
    + `<header class="vb-card-head"><strong class="vb-card-who">${escapeHTML(who.charAt(0).toUpperCase() + who.slice(1))}</strong></header>`
    + (entry.hidden ? '<p class="vb-card-hidden">Only the GM reads what was said.</p>' : `<p>${escapeHTML(entry.result?.text ?? "")}</p>`) + "</article>";
}

/** A roll button with its odds bar beside it (its words written by `rollButtonOf`). */
function rollButton(name, onClick) {
  const wrap = Object.assign(document.createElement("span"), { className: "roll" });
  const button = Object.assign(document.createElement("button"), { type: "button" });
  button.dataset.roll = name;
  button.addEventListener("click", () => onClick(button));
  const odds = Object.assign(document.createElement("span"), { className: "odds" });
  odds.setAttribute("role", "meter");
  odds.setAttribute("aria-valuemin", "0");
  odds.setAttribute("aria-valuemax", "100");
  odds.innerHTML = '<span class="odds-fill"></span><span class="odds-text">…</span>';
  wrap.append(button, odds);
  return wrap;
}

/** A chance `{exact, value}` on an odds bar. */
function showChance(bar, chance) {
  const percent = chance.value * 100;
  bar.dataset.state = "known";
  bar.dataset.exact = chance.exact;
  bar.setAttribute("aria-valuenow", percent.toFixed(1));
  bar.title = `exactly ${chance.exact}`;
  bar.querySelector(".odds-fill").style.width = `${percent}%`;
  bar.querySelector(".odds-text").textContent = `${percent.toFixed(1)}%`;
}

/** "long_arms" as "Long arms"; other names as they are. */
function skillName(name) {
  return /_/.test(name) || /^[a-z]/.test(name) ? (name.charAt(0).toUpperCase() + name.slice(1)).replace(/_/g, " ") : name;
}

/** Which user plays each actor, as the GM's invites said: the seat a token fights from. */
function seatBook(world) {
  const key = `vtt-bridge:seats:${world}`;
  const read = () => JSON.parse(localStorage.getItem(key) ?? "{}");
  return {
    of: (actorId) => read()[actorId],
    users: () => Object.values(read()),
    remember(actorId, user) {
      if (!actorId || user === "gm") return;
      localStorage.setItem(key, JSON.stringify({ ...read(), [actorId]: user }));
    },
  };
}

function deferred() {
  let resolve;
  const promise = new Promise((done) => { resolve = done; });
  return { promise, resolve };
}

const auth = credentials();
if (auth) play(auth);
else showLogin();
