/**
 * The grid: tokens with their HP bars and condition icons, picked by a click (shift-click adds),
 * dragged to move (on this page only: the bridge keeps rules state, not positions, which are
 * kept per world in localStorage), and a one-off pick of a point (the explosion's center).
 */
import { CONDITIONS, conditionsOf, hpBar } from "../core/conditions.js";

/** Pixels per square; a square is one metre. */
export const SQUARE = 48;
export const METRES_PER_SQUARE = 1;
const COLUMNS = 16;
const ROWS = 12;

export class Board extends EventTarget {
  /**
   * @param {HTMLElement} element
   * @param {string} world positions are kept per world
   * Events: `select` {tokenIds}.
   */
  constructor(element, world) {
    super();
    this.element = element;
    this.key = `vtt-bridge:positions:${world}`;
    this.positions = new Map(Object.entries(JSON.parse(localStorage.getItem(this.key) ?? "{}")));
    this.selected = new Set();
    this.picking = null;
    element.style.width = `${COLUMNS * SQUARE}px`;
    element.style.height = `${ROWS * SQUARE}px`;
    element.style.setProperty("--square", `${SQUARE}px`);
    this.blasts = Object.assign(document.createElement("div"), { className: "blasts" });
    element.append(this.blasts);
    element.addEventListener("pointerdown", (event) => this._pointerDown(event));
  }

  /**
   * Shows a token as its state says; `state` null removes it.
   * @param {string} tokenId
   * @param {object|null} state a TokenState
   */
  show(tokenId, state) {
    let token = this.element.querySelector(`[data-token-id="${CSS.escape(tokenId)}"]`);
    if (!state) {
      token?.remove();
      this.selected.delete(tokenId);
      return;
    }
    if (!token) {
      token = document.createElement("div");
      token.className = "token";
      token.dataset.tokenId = tokenId;
      token.innerHTML = '<span class="token-name"></span><span class="hp"><span class="hp-value"></span></span><ul class="conditions"></ul>';
      this.element.append(token);
      this._place(token, this.positions.get(tokenId) ?? this._freeSquare());
    }
    const { value, max } = hpBar(state);
    token.querySelector(".token-name").textContent = state.name;
    token.title = `${state.name}: ${value} / ${max} HP`;
    token.dataset.hp = `${value}/${max}`;
    token.querySelector(".hp-value").style.width = `${Math.max(0, Math.min(1, value / max)) * 100}%`;
    token.classList.toggle("dead", state.health.dead);
    token.querySelector(".conditions").replaceChildren(...conditionIcons(conditionsOf(state)));
  }

  /** The token's center in pixels of the board. */
  center(tokenId) {
    const [x, y] = this.positions.get(tokenId);
    return { x: (x + 0.5) * SQUARE, y: (y + 0.5) * SQUARE };
  }

  /**
   * Resolves with the next point clicked on the board, in pixels.
   * @returns {Promise<{x: number, y: number}>}
   */
  pickPoint() {
    this.element.classList.add("picking");
    return new Promise((resolve) => { this.picking = resolve; });
  }

  /** Shows a blast's circle of reach for a moment. */
  flash(center, radius) {
    const ring = document.createElement("div");
    ring.className = "blast";
    Object.assign(ring.style, { left: `${center.x - radius}px`, top: `${center.y - radius}px`, width: `${2 * radius}px`, height: `${2 * radius}px` });
    this.blasts.append(ring);
    setTimeout(() => ring.remove(), 1500);
  }

  _pointerDown(event) {
    const point = this._point(event);
    if (this.picking) {
      const resolve = this.picking;
      this.picking = null;
      this.element.classList.remove("picking");
      resolve(point);
      return;
    }
    const token = event.target.closest(".token");
    if (!token) {
      this._select([]);
      return;
    }
    const id = token.dataset.tokenId;
    this._select(event.shiftKey ? [...this.selected, id] : [id]);
    this._drag(token, event);
  }

  /** Where a pointer event is on the board, in pixels from the grid's corner (inside its border). */
  _point(event) {
    const box = this.element.getBoundingClientRect();
    return { x: event.clientX - box.left - this.element.clientLeft, y: event.clientY - box.top - this.element.clientTop };
  }

  _drag(token, down) {
    token.setPointerCapture?.(down.pointerId);
    const move = (event) => {
      const { x, y } = this._point(event);
      token.style.left = `${x - SQUARE / 2}px`;
      token.style.top = `${y - SQUARE / 2}px`;
    };
    const drop = (event) => {
      token.removeEventListener("pointermove", move);
      token.removeEventListener("pointerup", drop);
      const { x, y } = this._point(event);
      const square = [Math.floor(x / SQUARE), Math.floor(y / SQUARE)];
      this._place(token, square.map((n, i) => Math.max(0, Math.min(n, (i ? ROWS : COLUMNS) - 1))));
    };
    token.addEventListener("pointermove", move);
    token.addEventListener("pointerup", drop);
  }

  _select(ids) {
    this.selected = new Set(ids);
    for (const token of this.element.querySelectorAll(".token")) token.classList.toggle("selected", this.selected.has(token.dataset.tokenId));
    this.dispatchEvent(new CustomEvent("select", { detail: { tokenIds: [...this.selected] } }));
  }

  _place(token, [x, y]) {
    this.positions.set(token.dataset.tokenId, [x, y]);
    token.style.left = `${x * SQUARE}px`;
    token.style.top = `${y * SQUARE}px`;
    localStorage.setItem(this.key, JSON.stringify(Object.fromEntries(this.positions)));
  }

  /** The first square, row by row, that no token stands on. */
  _freeSquare() {
    const taken = new Set([...this.positions.values()].map(String));
    for (let y = 0; y < ROWS; y++) for (let x = 0; x < COLUMNS; x++) if (!taken.has(`${x},${y}`)) return [x, y];
    return [0, 0];
  }
}

/** Icons of the conditions, each with its label. */
export function conditionIcons(ids) {
  return ids.map((id) => {
    const item = document.createElement("li");
    const icon = document.createElement("img");
    const { label, icon: path } = CONDITIONS[id] ?? { label: id, icon: "" };
    Object.assign(icon, { src: `../${path}`, alt: label, title: label });
    item.dataset.condition = id;
    item.append(icon);
    return item;
  });
}
