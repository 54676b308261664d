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
  const parts = faults.length
    ? faults.map(({ path, messages }) => `${fieldWords(path, form, labels)}: ${messages.map(lower).join("; ")}`)
    : [lower(error.message ?? error.code ?? "refused")];
  const sentence = parts.join(". ").replace(/\.*$/, ".");
  return what ? `Could not ${what}: ${sentence}` : capital(sentence);
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
  for (let cut = path.length; cut > 0; cut--) {
    const name = path.slice(0, cut).join(".");
    const label = labels[name] ?? labelIn(form, name);
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
