/**
 * The Combat panel: the GM starts a combat with the tokens picked on the grid (each on its
 * player's seat, the GM's own seat for the rest), rolls initiative by the rules
 * (`combat.initiative`), and passes turns and rounds or ends it; whose turn it is shows on every
 * page, in the order and on the grid. When a player's seat gets the turn, that player's page asks
 * whether their character keeps dice back for defense until its next turn (ch. 7, Defense Dice:
 * `combat.reserve`), which makes it harder to hit. In a world of another system the same controls
 * play its fight: the bridge seats and orders it as that system's rules say, and where those rules
 * leave a choice to the GM (the system's `initiativeChoice`: the 2d20 variant's who has the
 * initiative), the GM picks a fighting token for it before the order is set.
 */

import { systemFor } from "../core/systems.js";

const $ = (selector) => document.querySelector(selector);

/** The scene of the standalone table: one map, one combat at a time. */
export const SCENE = "table";
/** The GM's seat round the table. */
const GM_SEAT = "gm";

/** Wires the panel to the table `app` ({client, state, board, asker, seats}). */
export function combatPanel(app) {
  const { client, state, board, asker } = app;
  let combat = null;

  state.addEventListener("combat", ({ detail }) => {
    if (detail.scene_id !== SCENE) return;
    combat = detail.state;
    draw();
  });
  state.addEventListener("token", () => draw());
  board.addEventListener("select", () => drawSeats());
  // The turn is passed by the GM or by the player whose seat has it, never twice for one click.
  const gm = () => client.session?.role === "gm";
  asker.guard($("#combat-next"), () => Boolean(combat) && combat.seat !== null && (gm() || combat.seat === client.session?.user));
  asker.guard($("#combat-next-round"), () => Boolean(combat) && combat.seat !== null && gm());
  client.addEventListener("push", ({ detail: { event, data } }) => {
    if (event === "turn.started" && data.scene_id === SCENE) askDefense(data);
  });

  $("#combat-start-button").addEventListener("click", (event) => {
    const combatants = [...document.querySelectorAll("#combat-seats input")].map((input) => ({ token_id: input.dataset.tokenId, seat: input.value.trim() || GM_SEAT }));
    if (!combatants.length) return app.notices.show("Pick the fighters on the grid first (shift-click picks several).");
    for (const { token_id: tokenId, seat } of combatants) app.seats.remember(state.tokens.get(tokenId)?.actor_id, seat);
    const seating = [GM_SEAT, ...new Set(combatants.map(({ seat }) => seat).filter((seat) => seat !== GM_SEAT))];
    asker.ask(event.currentTarget, { what: "start the combat", event: "combat.start",
      payload: { scene_id: SCENE, seating, gm_seat: GM_SEAT, combatants }, form: null });
  });
  $("#combat-initiative").addEventListener("click", async (event) => {
    const choice = systemFor(state.system?.name ?? "").initiativeChoice;
    const chosen = choice ? $("#combat-first").value : "";
    const card = await asker.ask(event.currentTarget, { what: "roll initiative", event: "combat.initiative",
      payload: { scene_id: SCENE, label: "Initiative", ...(chosen ? { [choice.field]: chosen } : {}) } });
    if (card) state.addCard(card);
  });
  $("#combat-next").addEventListener("click", (event) => {
    asker.ask(event.currentTarget, { what: "pass the turn", event: "combat.next", payload: { scene_id: SCENE, seat: combat?.seat } });
  });
  $("#combat-next-round").addEventListener("click", (event) => nextRound(event.currentTarget));
  $("#combat-end").addEventListener("click", (event) => {
    asker.ask(event.currentTarget, { what: "end the combat", event: "combat.end", payload: { scene_id: SCENE } });
  });
  $("#defense-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = event.target;
    const done = await asker.ask(form.querySelector("button[type=submit]"), { what: "keep dice back for defense", event: "combat.reserve", form,
      payload: { scene_id: SCENE, token_id: form.dataset.tokenId, defense_dice: Number(form.defense_dice.value) } });
    if (done) form.hidden = true;
  });
  $("#defense-skip").addEventListener("click", () => { $("#defense-form").hidden = true; });

  /** Passes turns until a new round starts. */
  async function nextRound(button) {
    const round = combat?.round;
    for (let passes = 0; combat && combat.round === round && passes <= combat.order.length; passes++) {
      const passed = await asker.ask(button, { what: "pass to the next round", event: "combat.next", payload: { scene_id: SCENE, seat: combat.seat } });
      if (!passed) return;
      if (passed.started?.new_round) return;
      await new Promise((resolve) => setTimeout(resolve, 0));
      combat = { ...combat, round: passed.started?.round ?? combat.round, seat: passed.started?.seat ?? combat.seat };
    }
  }

  function askDefense({ seat, tokens }) {
    const form = $("#defense-form");
    if (state.system && state.system.name !== "moment_of_truth") return; // defense dice are Moment of Truth's (ch. 7)
    const mine = seat === client.session?.user && !gm();
    const able = tokens.find((token) => !token.out_of_action);
    form.hidden = !(mine && able);
    if (form.hidden) return;
    form.dataset.tokenId = able.token_id;
    $("#defense-question").textContent = `${able.name}'s turn: keep dice back for defense until its next turn? Every two dice raise the TN to hit it by one.`;
    form.defense_dice.focus();
  }

  function draw() {
    const running = Boolean(combat);
    if (!running || combat.seat !== client.session?.user) $("#defense-form").hidden = true; // asked on one's own turn only
    $("#combat-start").hidden = running || !gm();
    $("#combat-controls").hidden = !running;
    $("#combat-round").textContent = running ? (combat.order.length ? `round ${combat.round}` : "initiative not rolled") : "none";
    for (const id of ["#combat-initiative", "#combat-next-round", "#combat-end"]) $(id).hidden = !gm();
    $("#combat-initiative").hidden = !gm() || !running || combat.order.length > 0;
    asker.refresh($("#combat-next"));
    asker.refresh($("#combat-next-round"));
    drawChoice(gm() && running && !combat.order.length);
    const seated = running ? (combat.seating ?? [...new Set(combat.combatants.map((each) => each.seat))]) : [];
    const seats = running && combat.order.length ? combat.order : seated;
    $("#combat-order").replaceChildren(...seats.map((seat) => seatItem(seat)));
    const turn = new Set(running && combat.seat ? combat.combatants.filter((each) => each.seat === combat.seat).map((each) => each.token_id) : []);
    board.markTurn(turn);
    drawSeats();
  }

  /** The GM's pick of a fighting token where the system's rules leave the order's start to the GM. */
  function drawChoice(choosing) {
    const choice = systemFor(state.system?.name ?? "").initiativeChoice;
    $("#combat-first-choice").hidden = !(choosing && choice);
    if (!choosing || !choice) return;
    $("#combat-first-label").textContent = choice.label;
    const select = $("#combat-first");
    const kept = select.value;
    const options = [["", choice.unchosen], ...combat.combatants.map(({ token_id: tokenId }) => [tokenId, state.tokens.get(tokenId)?.name ?? tokenId])];
    select.replaceChildren(...options.map(([value, text]) => Object.assign(document.createElement("option"), { value, textContent: text })));
    select.value = options.some(([value]) => value === kept) ? kept : "";
  }

  function seatItem(seat) {
    const item = document.createElement("li");
    item.dataset.seat = seat;
    const names = combat.combatants.filter((each) => each.seat === seat).map((each) => state.tokens.get(each.token_id)?.name ?? each.token_id);
    const who = seat === combat.gm_seat ? "GM" : seat;
    item.textContent = `${who}: ${names.join(", ") || "nobody"}`;
    if (seat === combat.seat) {
      item.classList.add("has-turn");
      item.setAttribute("aria-current", "step");
    }
    return item;
  }

  /** The picked tokens, each with the seat it will fight from. */
  function drawSeats() {
    if (combat || !gm()) return;
    const list = $("#combat-seats");
    const typed = new Map([...list.querySelectorAll("input")].map((input) => [input.dataset.tokenId, input.value]));
    list.replaceChildren(...[...board.selected].filter((id) => state.tokens.has(id)).map((tokenId) => {
      const token = state.tokens.get(tokenId);
      const label = document.createElement("label");
      const input = Object.assign(document.createElement("input"), { value: typed.get(tokenId) ?? app.seats.of(token.actor_id) ?? GM_SEAT });
      input.dataset.tokenId = tokenId;
      input.setAttribute("list", "known-users");
      label.append(`${token.name} fights from the seat of `, input);
      const item = document.createElement("li");
      item.append(label);
      return item;
    }));
  }
}
