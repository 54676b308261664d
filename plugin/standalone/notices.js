/**
 * What the page tells its user: notices that stack, each with its own timer (and withdrawn when
 * what they said is over), and a refusal from the bridge as a sentence naming each field as the
 * form labels it.
 */

/** How long a notice stays, unless withdrawn sooner. */
const NOTICE_MS = 8000;

export class Notices {
  /** @param {HTMLElement} list the `<ol>` the notices stack in */
  constructor(list) {
    this.list = list;
  }

  /**
   * Shows a notice until its own timer ends or it is withdrawn.
   * @param {string} text
   * @param {{tone?: "error"|"waiting"|"info", ms?: number|null}} [options] `ms` null: until withdrawn
   * @returns {{withdraw: () => void, say: (text: string) => void, element: HTMLElement}}
   */
  show(text, { tone = "error", ms = NOTICE_MS } = {}) {
    const item = document.createElement("li");
    item.className = `notice notice-${tone}`;
    item.setAttribute("role", tone === "error" ? "alert" : "status");
    const words = Object.assign(document.createElement("span"), { textContent: text });
    const close = Object.assign(document.createElement("button"), { type: "button", className: "notice-close", textContent: "×" });
    close.setAttribute("aria-label", "dismiss");
    item.append(words, close);
    this.list.append(item);
    const timer = ms === null ? null : setTimeout(() => item.remove(), ms);
    const withdraw = () => {
      clearTimeout(timer);
      item.remove();
    };
    close.addEventListener("click", withdraw);
    return { withdraw, say: (next) => { words.textContent = next; }, element: item };
  }
}

/**
 * A refusal as a sentence: what was asked, then each field the bridge named, by its label
 * (`labels`: field path → label; else the form's label for a control of that name), with why.
 * `{code: "invalid", fields: {skills: {Unknownskill: ["Unknown field."]}}}` asked "register Bob"
 * reads "Could not register Bob: Skills “Unknownskill”: unknown field."
 * @param {{code?: string, message?: string, fields?: object}} error
 * @param {{what?: string, form?: HTMLFormElement|null, labels?: Object<string, string>}} [context]
 * @returns {string}
 */
export function refusalSentence(error, { what = "", form = null, labels = {} } = {}) {
  const faults = flatten(error.fields ?? {});
  const parts = CODE_WORDS[error.code] && !faults.length ? [CODE_WORDS[error.code]]
    : faults.length
      ? faults.map(({ path, messages }) => `${fieldWords(path, form, labels)}: ${messages.map(gameWords).join("; ")}`)
      : [gameWords(error.message ?? error.code ?? "refused")];
  const sentence = parts.join(". ").replace(/\.*$/, ".");
  return what ? `Could not ${what}: ${sentence}` : capital(sentence);
}

/** What a refusal without fields means at the table, by its code: no protocol words. */
const CODE_WORDS = {
  forbidden: "only the GM or the character's player may do that",
  timeout: "the bridge has not answered yet",
  disconnected: "the connection to the bridge was lost before the answer came",
  closed: "the page is no longer connected to the bridge",
  busy: "the bridge is busy: try again in a moment",
  internal: "the bridge failed on this; nothing was changed",
};

/** Fields the bridge names as the protocol does, in the table's words (a form's own label wins). */
const FIELD_WORDS = {
  token_id: "That token", actor_id: "That character", attacker: "The attacker", targets: "Target",
  whisper_to: "Whisper to", moments: "MoTs to spend", "moments.own": "MoTs to spend", moments_spent: "MoTs to spend",
  statistics: "Statistics", scene_id: "The scene", request_id: "The request", _schema: "The request",
};

/** The validator's own words (marshmallow's), as a sentence saying what is wanted. */
const MESSAGE_WORDS = [
  [/^Field may not be null\.?$/, "type a number here"],
  [/^Missing data for required field\.?$/, "fill this in"],
  [/^Not a valid integer\.?$/, "type a whole number"],
  [/^Not a valid number\.?$/, "type a number"],
  [/^Must be greater than or equal to (-?[\d.]+) and less than or equal to (-?[\d.]+)\.?$/, "type a number from $1 to $2"],
  [/^Must be greater than or equal to (-?[\d.]+)\.?$/, "type a number of $1 or more"],
  [/^Length must be between 1 and (\d+)\.?$/, "type 1 to $1 characters"],
  [/^Shorter than minimum length 1\.?$/, "fill this in"],
  [/^Longer than maximum length (\d+)\.?$/, "type at most $1 characters"],
  [/^must be 1-64 of A-Z a-z 0-9 \. _ : -$/, "use 1 to 64 letters, digits, dots, underscores, colons or hyphens, no spaces"],
  [/^Unknown field\.?$/, "not something this form sends"],
  [/^not yours$/, "not one of your characters"],
  [/^Not a valid URL\.?$/, "type an http:// or https:// address"],
];

/** A bridge message with the validator's words replaced, and no request's name (`token.move`) left in it. */
function gameWords(text) {
  let words = String(text);
  for (const [pattern, replacement] of MESSAGE_WORDS) {
    if (pattern.test(words)) {
      words = words.replace(pattern, replacement);
      break;
    }
  }
  return lower(words.replace(/\b(?:no answer to|not sent:?) [a-z0-9_]+(?:\.[a-z0-9_]+)+/g, "no answer from the bridge")
    .replace(/'?\b[a-z0-9_]+(?:\.[a-z0-9_]+)+\b'?/g, (name) => (/^'?\d|\d'?$/.test(name) ? name : "that")));
}

/** `{a: {b: ["x"]}, "c.0": ["y"]}` as `[{path: ["a", "b"], messages: ["x"]}, {path: ["c", "0"], …}]`. */
function flatten(fields, path = []) {
  return Object.entries(fields).flatMap(([key, value]) => {
    const here = [...path, ...String(key).split(".")];
    if (Array.isArray(value) && value.every((item) => typeof item === "string")) return [{ path: here, messages: value }];
    if (Array.isArray(value)) return value.flatMap((item, index) => flatten(item ?? {}, [...here, String(index)]));
    if (value && typeof value === "object") return flatten(value, here);
    return [{ path: here, messages: [String(value)] }];
  });
}

/** A field's words: the longest path with a label, then the rest quoted (a skill's name, an index). */
function fieldWords(path, form, labels) {
  const own = labels[path.join(".")] ?? labelIn(form, path[path.length - 1]);  // a form's control named as the field's last part
  if (own) return own;
  for (let cut = path.length; cut > 0; cut--) {
    const name = path.slice(0, cut).join(".");
    const label = labels[name] ?? labelIn(form, name) ?? FIELD_WORDS[name];
    if (label) return [label, ...path.slice(cut).map((part) => `“${part}”`)].join(" ");
  }
  return path.map((part, index) => (index ? `“${part}”` : capital(part.replace(/_/g, " ")))).join(" ");
}

/** The text of the label of the form's control named `name`, without the control's own text. */
function labelIn(form, name) {
  const control = form?.elements?.[name];
  const label = (control?.labels?.[0] ?? control?.closest?.("label")) || null;
  if (!label) return null;
  const copy = label.cloneNode(true);
  for (const inner of copy.querySelectorAll("input, select, textarea, small, datalist, span.field-error")) inner.remove();
  return copy.textContent.replace(/\s*\*\s*$/, "").replace(/\s+/g, " ").trim() || null;
}

function lower(text) {
  const words = String(text).replace(/\.$/, "");
  return /^[A-Z][a-z]/.test(words) ? words.charAt(0).toLowerCase() + words.slice(1) : words;
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
