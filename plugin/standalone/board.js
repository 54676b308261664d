/**
 * The grid: tokens with their HP bars and condition icons, on the squares the bridge keeps
 * (`map.get`, `token.moved`: every page of the world shows one map). A token is picked by a click
 * or Enter (shift adds), moved by dragging it or with the arrow keys; a move is asked of the
 * bridge (`move` event) and shown where the bridge says. A blast is placed with its circle of
 * reach following the pointer; Escape or a right-click cancels.
 */
import { hpBar } from "../core/conditions.js";
import { conditionBadges } from "./badges.js";

/** Pixels per square. */
export const SQUARE = 48;

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

export class Board extends EventTarget {
  /**
   * @param {HTMLElement} element
   * Events: `select` {tokenIds}; `move` {tokenId, x, y} (a square asked for, not yet granted).
   */
  constructor(element) {
    super();
    this.element = element;
    /** @type {Map<string, {x: number, y: number, version: number}>} squares as the bridge keeps them */
    this.positions = new Map();
    /** @type {Map<string, {x: number, y: number}>} squares asked for and not yet granted (arrow keys go on from them) */
    this.asked = new Map();
    this.grid = { columns: 16, rows: 12, metresPerSquare: 1 };
    this.selected = new Set();
    this.placing = null;
    element.style.setProperty("--square", `${SQUARE}px`);
    this._size();
    this.blasts = Object.assign(document.createElement("div"), { className: "blasts" });
    element.append(this.blasts);
    /** The ruler's line and its label, shown while measuring (`measure`). */
    this.ruler = null;
    /** Each token's image (`scene.changed`), by token id. */
    this.images = {};
    element.addEventListener("pointerdown", (event) => this._pointerDown(event));
    element.addEventListener("keydown", (event) => this._key(event));
    element.addEventListener("contextmenu", (event) => { if (this.placing) event.preventDefault(); });
  }

  /** The map as `map.get` gives it: replaces every square known. */
  applyMap({ columns, rows, metres_per_square: metresPerSquare, positions }) {
    this.grid = { columns, rows, metresPerSquare };
    this._size();
    this.positions.clear();
    for (const position of positions) this.applyPosition(position);
  }

  /** A square as the bridge says (`token.move`'s answer, a `token.moved` push), when newer. */
  applyPosition({ token_id: tokenId, x, y, version }) {
    if (version <= (this.positions.get(tokenId)?.version ?? 0)) return false;
    this.positions.set(tokenId, { x, y, version });
    const asked = this.asked.get(tokenId);
    if (asked && asked.x === x && asked.y === y) this.asked.delete(tokenId);
    const token = this._token(tokenId);
    if (token) this._put(token);
    return true;
  }

  /** A move the bridge refused: the token stays where the bridge has it. */
  refused(tokenId) {
    this.asked.delete(tokenId);
    const token = this._token(tokenId);
    if (token) this._put(token);
  }

  /** Whether the bridge has given the token a square yet. */
  placed(tokenId) {
    return this.positions.has(tokenId);
  }

  /**
   * Shows a token as its state and its system's view say; `state` null removes it. Its conditions
   * are the view's, as badges; its bar is its hit points (Moment of Truth, whose `health` words
   * say unconscious or dying), else the view's first bar (Stress, Damage, Aiming…).
   * @param {string} tokenId
   * @param {object|null} state a TokenState
   * @param {{conditions: object[], bars: object[]}} [view] how the token shows (`token.changed`'s `view`)
   */
  show(tokenId, state, view = { conditions: [], bars: [] }) {
    let token = this._token(tokenId);
    if (!state) {
      token?.remove();
      this.selected.delete(tokenId);
      return;
    }
    if (!token) {
      token = document.createElement("div");
      token.className = "token";
      token.tabIndex = 0;
      token.setAttribute("role", "button");
      token.dataset.tokenId = tokenId;
      token.innerHTML = '<span class="token-name"></span><span class="hp"><span class="hp-value"></span></span><ul class="conditions"></ul>';
      this.element.append(token);
      this._put(token);
      this._image(token);
    }
    token.querySelector(".token-name").textContent = state.name;
    const bar = state.health ? hpBar(state) : view.bars[0];
    const health = state.health ? [healthWords(state)] : view.bars.map(({ label, value, max }) => `${label} ${value} / ${max}`);
    const conditions = view.conditions.map(({ label }) => label);
    token.title = [[state.name, health.join(", ")].filter(Boolean).join(": "), conditions.join(", ")].filter(Boolean).join("; ");
    token.setAttribute("aria-label", `${token.title}; arrow keys move it`);
    token.dataset.hp = bar ? `${bar.value}/${bar.max}` : "";
    token.querySelector(".hp").hidden = !bar;
    if (bar) token.querySelector(".hp-value").style.width = `${bar.max > 0 ? Math.max(0, Math.min(1, bar.value / bar.max)) * 100 : 0}%`;
    token.classList.toggle("dead", Boolean(state.health?.dead));
    token.querySelector(".conditions").replaceChildren(...conditionBadges(view.conditions));
  }

  /** Marks the tokens whose turn it is. */
  markTurn(tokenIds) {
    for (const token of this.element.querySelectorAll(".token")) token.classList.toggle("has-turn", tokenIds.has(token.dataset.tokenId));
  }

  /** The token's center in pixels of the board. */
  center(tokenId) {
    const { x, y } = this.positions.get(tokenId);
    return { x: (x + 0.5) * SQUARE, y: (y + 0.5) * SQUARE };
  }

  /** Metres between two points of the board (pixels), as the bridge's squares measure them. */
  metres(a, b) {
    return Math.round((Math.hypot(b.x - a.x, b.y - a.y) / SQUARE) * this.grid.metresPerSquare * 100) / 100;
  }

  /**
   * Lets the GM place a blast: its circle of reach (`radius` metres) follows the pointer until a
   * click; Escape or a right-click cancels.
   * @param {number} radius metres
   * @param {(center: {x: number, y: number}) => void} [onMove] called as the circle moves
   * @returns {Promise<{x: number, y: number}|null>} the center in pixels, null when cancelled
   */
  placeBlast(radius, onMove = () => {}) {
    this.cancelPlacing();
    const ring = this._ring(radius, "blast preview");
    ring.hidden = true;
    this.element.classList.add("picking");
    return new Promise((resolve) => {
      const follow = (event) => {
        const point = this._point(event);
        this._center(ring, point, radius);
        ring.hidden = false;
        onMove(point);
      };
      const escape = (event) => { if (event.key === "Escape") finish(null); };
      const finish = (point) => {
        this.element.removeEventListener("pointermove", follow);
        document.removeEventListener("keydown", escape);
        this.element.classList.remove("picking");
        this.placing = null;
        if (!point) ring.remove();
        resolve(point);
      };
      this.element.addEventListener("pointermove", follow);
      document.addEventListener("keydown", escape);
      this.placing = { finish, follow, ring };
    });
  }

  /** Stops placing a blast (its promise resolves null). */
  cancelPlacing() {
    this.placing?.finish(null);
  }

  /** Takes away a placed blast's circle (after its confirm step). */
  clearBlasts() {
    this.blasts.replaceChildren();
  }

  _ring(radius, className) {
    const ring = document.createElement("div");
    ring.className = className;
    const size = (2 * radius * SQUARE) / this.grid.metresPerSquare;
    Object.assign(ring.style, { width: `${size}px`, height: `${size}px` });
    this.blasts.append(ring);
    return ring;
  }

  _center(ring, { x, y }, radius) {
    const half = (radius * SQUARE) / this.grid.metresPerSquare;
    Object.assign(ring.style, { left: `${x - half}px`, top: `${y - half}px` });
  }

  /** The scene's pictures (`scene.get`, `scene.changed`): the map background and the tokens' images. */
  applyScene({ background, token_images: images }) {
    this.element.style.setProperty("--background", background ? `url(${JSON.stringify(background.url)})` : "none");
    this.element.classList.toggle("has-background", Boolean(background));
    this.images = images;
    for (const token of this.element.querySelectorAll(".token")) this._image(token);
  }

  _image(token) {
    const image = this.images[token.dataset.tokenId];
    token.style.backgroundImage = image ? `url(${JSON.stringify(image.url)})` : "";
    token.classList.toggle("has-image", Boolean(image));
  }

  /**
   * The ruler: while on, a drag on the grid draws a line, labelled by `label(metres)`.
   * @param {((metres: number) => string)|null} label null turns the ruler off
   */
  measure(label) {
    this.ruler?.remove();
    this.ruler = null;
    this.measuring = label;
    this.element.classList.toggle("measuring", Boolean(label));
  }

  _measureFrom(down) {
    this.ruler?.remove();
    const start = this._point(down);
    const line = Object.assign(document.createElement("div"), { className: "ruler-line" });
    const words = Object.assign(document.createElement("output"), { className: "ruler-label" });
    this.ruler = Object.assign(document.createElement("div"), { className: "ruler" });
    this.ruler.append(line, words);
    this.element.append(this.ruler);
    this.element.setPointerCapture?.(down.pointerId);
    const move = (event) => {
      const end = this._point(event);
      const length = Math.hypot(end.x - start.x, end.y - start.y);
      Object.assign(line.style, { left: `${start.x}px`, top: `${start.y}px`, width: `${length}px`,
        transform: `rotate(${Math.atan2(end.y - start.y, end.x - start.x)}rad)` });
      words.textContent = this.measuring(this.metres(start, end));
      // Above the line's middle, kept inside the grid (below the middle near the top edge).
      const middle = { x: (start.x + end.x) / 2, y: (start.y + end.y) / 2 };
      const { offsetWidth: width, offsetHeight: height } = words;
      const left = Math.max(0, Math.min(middle.x - width / 2, this.element.clientWidth - width));
      const top = middle.y - height - 6 >= 0 ? middle.y - height - 6 : middle.y + 6;
      Object.assign(words.style, { left: `${left}px`, top: `${top}px` });
    };
    const up = () => {
      this.element.removeEventListener("pointermove", move);
      this.element.removeEventListener("pointerup", up);
    };
    move(down);
    this.element.addEventListener("pointermove", move);
    this.element.addEventListener("pointerup", up);
  }

  _pointerDown(event) {
    if (this.measuring) {
      event.preventDefault();
      return this._measureFrom(event);
    }
    if (this.placing) {
      event.preventDefault();
      if (event.button === 2) return this.placing.finish(null);
      this.placing.follow(event);
      return this.placing.finish(this._point(event));
    }
    const token = event.target.closest(".token");
    if (!token) return this._select([]);
    const id = token.dataset.tokenId;
    this._select(event.shiftKey ? [...this.selected, id] : [id]);
    this._drag(token, event);
  }

  _key(event) {
    const token = event.target.closest?.(".token");
    if (!token) return;
    const id = token.dataset.tokenId;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      this._select(event.shiftKey ? [...this.selected, id] : [id]);
    } else if (ARROWS[event.key] && this.positions.has(id)) {
      event.preventDefault();
      const [dx, dy] = ARROWS[event.key];
      const { x, y } = this.asked.get(id) ?? this.positions.get(id);
      this._ask(id, x + dx, y + dy);
    }
  }

  /** Where a pointer event is on the board, in pixels from the grid's corner (inside its border). */
  _point(event) {
    const box = this.element.getBoundingClientRect();
    return { x: event.clientX - box.left - this.element.clientLeft, y: event.clientY - box.top - this.element.clientTop };
  }

  _drag(token, down) {
    token.setPointerCapture?.(down.pointerId);
    const start = this._point(down);
    let moved = false;
    const move = (event) => {
      const { x, y } = this._point(event);
      moved ||= Math.hypot(x - start.x, y - start.y) > 4;
      if (!moved) return;
      token.style.left = `${x - SQUARE / 2}px`;
      token.style.top = `${y - SQUARE / 2}px`;
    };
    const drop = (event) => {
      token.removeEventListener("pointermove", move);
      token.removeEventListener("pointerup", drop);
      if (!moved) return;
      const { x, y } = this._point(event);
      this._put(token); // back on its square until the bridge grants the new one
      this._ask(token.dataset.tokenId, Math.floor(x / SQUARE), Math.floor(y / SQUARE));
    };
    token.addEventListener("pointermove", move);
    token.addEventListener("pointerup", drop);
  }

  _ask(tokenId, x, y) {
    const square = { x: clamp(x, this.grid.columns), y: clamp(y, this.grid.rows) };
    const now = this.asked.get(tokenId) ?? this.positions.get(tokenId);
    if (now && now.x === square.x && now.y === square.y) return;
    this.asked.set(tokenId, square);
    this.dispatchEvent(new CustomEvent("move", { detail: { tokenId, ...square } }));
  }

  _select(ids) {
    this.selected = new Set(ids);
    for (const token of this.element.querySelectorAll(".token")) {
      token.classList.toggle("selected", this.selected.has(token.dataset.tokenId));
      token.setAttribute("aria-pressed", String(this.selected.has(token.dataset.tokenId)));
    }
    this.dispatchEvent(new CustomEvent("select", { detail: { tokenIds: [...this.selected] } }));
  }

  _token(tokenId) {
    return this.element.querySelector(`.token[data-token-id="${CSS.escape(tokenId)}"]`);
  }

  /** Puts a token on its square, hidden while the bridge has given it none. */
  _put(token) {
    const square = this.positions.get(token.dataset.tokenId);
    token.hidden = !square;
    if (!square) return;
    token.style.left = `${square.x * SQUARE}px`;
    token.style.top = `${square.y * SQUARE}px`;
  }

  _size() {
    this.element.style.width = `${this.grid.columns * SQUARE}px`;
    this.element.style.height = `${this.grid.rows * SQUARE}px`;
  }
}

function clamp(n, size) {
  return Math.max(0, Math.min(n, size - 1));
}

/**
 * A token's health in the rules' words (docs/mot/health.md: 0 HP or less is unconscious, below
 * zero dying until the death threshold): "dead", "unconscious, dying", "unconscious", else "7 / 12 HP".
 * @param {object} state a TokenState
 */
export function healthWords(state) {
  const { value, max } = hpBar(state);
  if (state.health.dead) return "dead";
  if (value < 0) return "unconscious, dying";
  if (value === 0) return "unconscious";
  return `${value} / ${max} HP`;
}
