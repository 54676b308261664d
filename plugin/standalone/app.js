/**
 * The standalone tabletop: log in (a world and its GM key, or a player's invite link), then the
 * grid, the world's rule system with its state (and, a system other than Moment of Truth, its roll
 * form and its requests), the character panel with its roll buttons, the macros, the chat log of cards, the MoT
 * counts and, for the GM, the GM's tools. Built on plugin/core; the page is served by the bridge (/table),
 * so the bridge's address is the page's own.
 */
import { io } from "../vendor/socket.io.esm.min.js";
import { BridgeClient } from "../core/bridge-client.js";
import { TableState } from "../core/table-state.js";
import { cardHTML } from "../core/cards.js";
import { DEFAULT_SYSTEM, VERDICTS } from "../core/systems.js";
import { conditionsOf, hpBar } from "../core/conditions.js";
import { STATISTICS, attack, distance, skillRoll, statisticName, statisticRoll } from "../core/rolls.js";
import { Board, METRES_PER_SQUARE, SQUARE, conditionIcons } from "./board.js";
import { gmTools } from "./gm.js";
import { macroPanel } from "./macros.js";
import { requestsPanel } from "./requests.js";
import { systemPanel } from "./system.js";

/** Where the credentials are kept between reloads of this tab, and never elsewhere. */
const CREDENTIALS = "vtt-bridge:credentials";

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

function showLogin(error = "") {
  $("#table").hidden = true;
  $("#login").hidden = false;
  $("#login-error").textContent = error;
}

$("#login-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const typed = { world: form.get("world").trim() };
  if (form.get("gm_key")) typed.gm_key = form.get("gm_key");
  else if (form.get("token")) typed.token = form.get("token").trim();
  else return showLogin("Type the GM key or a player token.");
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
  const client = new BridgeClient({ url: location.origin, auth, io });
  const state = new TableState();
  const board = new Board($("#board"), auth.world);
  const app = { client, state, board, session: null, report, queued };
  let selected = null;

  client.addEventListener("status", ({ detail }) => {
    $("#status").textContent = detail.state;
    $("#status").dataset.state = detail.state;
    if (detail.error) {
      sessionStorage.removeItem(CREDENTIALS);
      showLogin(`${detail.error.code}: ${detail.error.message}`);
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
  client.addEventListener("resync", () => state.catchUp(client).catch(report));
  client.addEventListener("push", ({ detail }) => state.applyPush(detail.event, detail.data));

  state.addEventListener("token", ({ detail }) => {
    board.show(detail.token_id, detail.state);
    if (detail.token_id === selected) showCharacter();
  });
  state.addEventListener("system", ({ detail }) => { if (detail.switched) state.catchUp(client).catch(report); });
  state.addEventListener("moments", ({ detail }) => showMoments(detail.balances));
  state.addEventListener("card", ({ detail }) => showCard(detail));
  board.addEventListener("select", ({ detail }) => {
    selected = detail.tokenIds.length === 1 ? detail.tokenIds[0] : null;
    showCharacter();
  });

  function showCharacter() {
    const token = selected && state.tokens.get(selected);
    $("#character-empty").hidden = Boolean(token);
    $("#character-sheet").hidden = !token;
    if (!token) return;
    const { value, max } = hpBar(token);
    $("#character-name").textContent = token.name;
    $("#character-hp").textContent = `${value} / ${max} HP`;
    $("#character-conditions").replaceChildren(...conditionIcons(conditionsOf(token)));
    const chosen = $("#roll-options").statistic.value || "agility";
    $("#roll-options").statistic.replaceChildren(...STATISTICS.map((name) => new Option(statisticName(name), name, false, name === chosen)));
    $("#statistic-rolls").replaceChildren(...STATISTICS.map((name) =>
      rollButton(`${statisticName(name)} ${token.statistics[name]}`, `statistic:${name}`, () => roll(token, name, null))));
    $("#skill-rolls").replaceChildren(...Object.entries(token.skills).map(([name, level]) =>
      rollButton(`${name} ${level}`, `skill:${name}`, () => roll(token, $("#roll-options").statistic.value, { name, level }))));
    const target = $("#attack-form").target;
    const aimed = target.value;
    target.replaceChildren(...[...state.tokens.values()].filter((other) => other.token_id !== token.token_id)
      .map((other) => new Option(other.name, other.token_id, false, other.token_id === aimed)));
    if (plays(DEFAULT_SYSTEM)) showWeapons().catch(report); // the arsenal is Moment of Truth's
  }

  /** Whether the world plays a system (Moment of Truth until the bridge says). */
  function plays(name) {
    return (state.system?.name ?? DEFAULT_SYSTEM) === name;
  }

  /** The world's weapons (equipment.list), read once: ranged ones are sent with the distance. */
  async function showWeapons() {
    const select = $("#attack-form").weapon;
    if (select.options.length) return;
    const { ranged, melee } = await client.request("equipment.list", {});
    const group = (label, items) => {
      const options = document.createElement("optgroup");
      options.label = label;
      options.append(...items.map((item) => {
        const option = new Option(item.name, item.name);
        option.dataset.ranged = String(label === "Ranged");
        return option;
      }));
      return options;
    };
    select.replaceChildren(group("Melee", melee), group("Ranged", ranged));
  }

  $("#attack-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = event.target;
    const attacker = state.tokens.get(selected);
    const target = form.target.value;
    if (!attacker || !target || !form.weapon.value) return report({ code: "attack", message: "pick a weapon and a target" });
    const ranged = form.weapon.selectedOptions[0].dataset.ranged === "true";
    const metres = ranged ? distance(board.center(attacker.token_id), board.center(target), SQUARE, METRES_PER_SQUARE) : null;
    const { event: name, payload } = attack({ attacker: attacker.token_id, weapon: form.weapon.value, targets: [target],
      distance: metres, moments: Number($("#roll-options").moments.value), visibility: $("#roll-options").visibility.value,
      label: `${attacker.name}: ${form.weapon.value}` });
    try {
      state.addCard(await client.request(name, payload));
    } catch (error) {
      report(error);
    }
  });

  async function roll(token, statistic, skill) {
    const options = $("#roll-options");
    const choice = {
      actorId: token.actor_id,
      statistic: { name: statisticName(statistic), value: token.statistics[statistic] },
      tn: options.tn.value ? Number(options.tn.value) : null,
      defaultTn: app.session.settings.default_tn,
      moments: Number(options.moments.value),
      stakesRaised: options.stakes.checked,
      visibility: options.visibility.value,
      conditions: conditionsOf(token),
      label: `${token.name}: ${skill ? skill.name : statisticName(statistic)}`,
    };
    const { event, payload } = skill ? skillRoll({ ...choice, skill }) : statisticRoll(choice);
    try {
      state.addCard(await client.request(event, payload));
    } catch (error) {
      report(error);
    }
  }

  /** Runs a queued request with the progress bar up while it works. */
  async function queued(event, payload) {
    const bar = $("#work");
    bar.hidden = false;
    bar.removeAttribute("value");
    try {
      return await client.queued(event, payload, { onProgress: ({ progress }) => { if (progress) bar.value = progress; } });
    } finally {
      bar.hidden = client.jobs.size === 0;
    }
  }

  function report(error) {
    const fields = error.fields && Object.keys(error.fields).length ? ` ${JSON.stringify(error.fields)}` : "";
    $("#notice").textContent = `${error.code ?? "error"}: ${error.message}${fields}`;
    $("#notice").hidden = false;
    setTimeout(() => { $("#notice").hidden = true; }, 8000);
  }

  systemPanel(app);
  requestsPanel(app);
  gmTools(app);
  macroPanel(app);
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

function showCard(entry) {
  const item = document.createElement("li");
  item.innerHTML = cardHTML(entry, { verdicts: VERDICTS });
  const log = $("#log");
  log.append(item);
  log.scrollTop = log.scrollHeight;
}

function rollButton(text, name, onClick) {
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = text;
  button.dataset.roll = name;
  button.addEventListener("click", onClick);
  return button;
}

const auth = credentials();
if (auth) play(auth);
else showLogin();
