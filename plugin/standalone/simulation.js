/**
 * The GM's encounter simulation (`simulate.encounter`, docs/mot/simulation.md): two sides picked
 * from the tokens on the map, each with the weapon it fights with, run thousands of times on a
 * worker with a determinate progress bar and a Cancel (`simulate.cancel`); the result drawn as
 * pictures: each side's share of wins (and draws) as one bar, a histogram of the round each fight
 * was decided in, and how many of each side are still standing at the end.
 */

const $ = (selector) => document.querySelector(selector);
const SVG = "http://www.w3.org/2000/svg";
const SIDE_COLOURS = ["#2b6cb0", "#c05621"];
const DRAW_COLOUR = "#a0aec0";

/** Wires the panel to the table `app` ({client, state, asker}). */
export function simulationPanel(app) {
  const { client, state, asker } = app;
  const form = $("#simulation-form");

  state.addEventListener("token", () => {
    for (const select of form.querySelectorAll("select[data-side-tokens]")) fillTokens(select);
  });
  app.weapons.then((options) => {
    for (const select of form.querySelectorAll("select[data-side-weapon]")) select.replaceChildren(...options());
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = form.querySelector("button[type=submit]");
    const sides = [0, 1].map((index) => side(index));
    const empty = sides.findIndex((each) => !each.combatants.length);
    if (empty >= 0) return app.notices.show(`Could not run the fights: pick at least one token for ${sides[empty].name}.`);
    const result = await asker.ask(button, {
      what: `simulate ${form.fights.value} fights`, event: "simulate.encounter", queued: true, form,
      payload: { sides, fights: Number(form.fights.value), round_cap: Number(form.round_cap.value) },
      cancel: (jobId) => client.request("simulate.cancel", { job_id: jobId }),
    });
    if (result) show(result);
  });

  function side(index) {
    const tokens = [...form.querySelector(`[data-side-tokens="${index}"]`).selectedOptions].map((option) => state.tokens.get(option.value)).filter(Boolean);
    const weapon = form.querySelector(`[data-side-weapon="${index}"]`).value;
    const name = form.querySelector(`[name="side_${index}_name"]`).value.trim() || `Side ${index + 1}`;
    return { name, combatants: tokens.map((token) => combatant(token, weapon, app.weaponSkill(weapon))) };
  }

  function fillTokens(select) {
    const chosen = new Set([...select.selectedOptions].map((option) => option.value));
    select.replaceChildren(...[...state.tokens.values()].map((token) => new Option(token.name, token.token_id, false, chosen.has(token.token_id))));
  }
}

/** A token's stat block as a combatant of the simulation. */
function combatant(token, weapon, skill) {
  const level = skill ? Object.entries(token.skills).find(([name]) => sameSkill(name, skill))?.[1] : undefined;
  return {
    name: token.name, statistics: token.statistics, skill_level: level ?? null, weapon: { name: weapon },
    hit_points: token.health.hit_points,
  };
}

function sameSkill(a, b) {
  const plain = (name) => name.toLowerCase().replace(/[\s_-]+/g, "_");
  return plain(a) === plain(b);
}

/** The result as three pictures and the words under them. */
function show(result) {
  const box = $("#simulation-result");
  box.hidden = false;
  box.dataset.fights = String(result.fights);
  box.dataset.cancelled = String(result.cancelled);
  const summary = result.cancelled
    ? `Cancelled after ${result.fights} of ${result.fights_requested} fights (seed ${result.seed}).`
    : `${result.fights} fights (seed ${result.seed}).`;
  box.replaceChildren(
    Object.assign(document.createElement("p"), { className: "simulation-summary", textContent: summary }),
    figure("Who wins", winBar(result)),
    figure("Round the fight is decided in", histogram(result.rounds.histogram, result.rounds.mean)),
    figure("Still standing at the end (on average)", survivors(result)),
  );
}

function figure(caption, svg) {
  const element = document.createElement("figure");
  element.append(svg, Object.assign(document.createElement("figcaption"), { textContent: caption }));
  return element;
}

function svgOf(width, height, label) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  return svg;
}

function shape(name, attributes, text) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  if (text !== undefined) element.textContent = text;
  return element;
}

function percent(rate) {
  return `${(rate * 100).toFixed(1)}%`;
}

/** One bar split by each side's win rate and the draws. */
function winBar(result) {
  const parts = [...result.sides.map((side, i) => ({ label: side.name, rate: side.win_rate, colour: SIDE_COLOURS[i] })),
    { label: "draw", rate: result.draw_rate, colour: DRAW_COLOUR }];
  const label = parts.map((part) => `${part.label} ${percent(part.rate)}`).join(", ");
  const svg = svgOf(300, 44, label);
  svg.classList.add("win-bar");
  let x = 0;
  for (const part of parts) {
    const width = part.rate * 300;
    const bar = shape("rect", { x, y: 0, width, height: 24, fill: part.colour });
    bar.dataset.side = part.label;
    bar.dataset.rate = String(part.rate);
    bar.append(shape("title", {}, `${part.label}: ${percent(part.rate)}`));
    svg.append(bar);
    if (width > 40) svg.append(shape("text", { x: x + 4, y: 16, fill: "#fff", "font-size": 11 }, percent(part.rate)));
    x += width;
  }
  svg.append(shape("text", { x: 0, y: 40, "font-size": 11 }, label));
  return svg;
}

/** Fights decided in each round, as bars. */
function histogram(counts, mean) {
  const last = Math.max(1, counts.reduce((at, count, i) => (count ? i + 1 : at), 0));
  const shown = counts.slice(0, last);
  const most = Math.max(1, ...shown);
  const width = 300;
  const step = width / shown.length;
  const svg = svgOf(width, 130, `fights decided by round, mean ${mean === null ? "none" : mean.toFixed(1)}`);
  svg.classList.add("histogram");
  shown.forEach((count, i) => {
    const height = (count / most) * 100;
    const bar = shape("rect", { x: i * step + 1, y: 100 - height, width: Math.max(1, step - 2), height, fill: "#4a5568" });
    bar.dataset.round = String(i + 1);
    bar.dataset.count = String(count);
    bar.append(shape("title", {}, `round ${i + 1}: ${count} fights`));
    svg.append(bar);
    if (shown.length <= 20 || (i + 1) % 5 === 0) svg.append(shape("text", { x: i * step + step / 2, y: 114, "font-size": 9, "text-anchor": "middle" }, String(i + 1)));
  });
  svg.append(shape("text", { x: 0, y: 128, "font-size": 10 }, mean === null ? "no fight decided" : `rounds (mean ${mean.toFixed(1)})`));
  return svg;
}

/** Each side's combatants still up at the end, on average, out of how many fought. */
function survivors(result) {
  const sides = result.sides.map((side, i) => {
    const fighters = result.casualties.filter((each) => each.side === i);
    return { name: side.name, colour: SIDE_COLOURS[i], count: fighters.length, standing: fighters.reduce((sum, each) => sum + (1 - each.down_rate), 0) };
  });
  const svg = svgOf(300, 30 * sides.length, sides.map((side) => `${side.name} ${side.standing.toFixed(2)} of ${side.count}`).join(", "));
  svg.classList.add("survivors");
  sides.forEach((side, i) => {
    const y = i * 30;
    svg.append(shape("rect", { x: 110, y, width: 150, height: 18, fill: "#edf2f7" }));
    const bar = shape("rect", { x: 110, y, width: (side.standing / Math.max(1, side.count)) * 150, height: 18, fill: side.colour });
    bar.dataset.side = side.name;
    bar.dataset.standing = side.standing.toFixed(2);
    svg.append(bar);
    svg.append(shape("text", { x: 0, y: y + 13, "font-size": 11 }, side.name));
    svg.append(shape("text", { x: 264, y: y + 13, "font-size": 11 }, `${side.standing.toFixed(1)} / ${side.count}`));
  });
  return svg;
}
