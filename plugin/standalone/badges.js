/**
 * A token's conditions as its system's `view` gives them (`{label, icon, severity}`, the same in
 * every system): each a drawn icon coloured by how bad it is, named by its label for screen
 * readers and in its tooltip; in the character panel, the same icons with their labels written.
 */

const SVG = "http://www.w3.org/2000/svg";

/** Each icon the bridge names, drawn on a 16 × 16 grid in the badge's colour; an unknown name draws a dot. */
const ICONS = {
  circle: '<circle cx="8" cy="8" r="4.5"/>',
  skull: '<path d="M8 1.5a5.5 5.5 0 0 0-5.5 5.5c0 1.8.9 3.1 2 3.9v2.6h7v-2.6c1.1-.8 2-2.1 2-3.9A5.5 5.5 0 0 0 8 1.5z"/>'
    + '<circle cx="5.8" cy="7.3" r="1.5" fill="#fff"/><circle cx="10.2" cy="7.3" r="1.5" fill="#fff"/>'
    + '<path d="M6.5 12h1v2h-1zM8.5 12h1v2h-1z" fill="#fff"/>',
  sleep: '<path d="M10.5 2.2A6 6 0 1 0 14 11.6 5 5 0 0 1 10.5 2.2z"/>',
  drop: '<path d="M8 1.5S3.5 7 3.5 10a4.5 4.5 0 0 0 9 0C12.5 7 8 1.5 8 1.5z"/>',
  flame: '<path d="M8.3 1c.4 3 3.7 4.6 3.7 8.3a4 4 0 0 1-8 0c0-1.7.8-2.8 1.7-3.6.1 1 .6 1.8 1.4 2.2C6.9 5.6 7.3 3 8.3 1z"/>',
  prone: '<circle cx="3.2" cy="8.2" r="2"/><rect x="5.6" y="7.2" width="9.2" height="2.6" rx="1.3"/><rect x="1" y="12" width="14" height="1.2"/>',
};

/** The severities, mildest first, in the words the character panel writes beside a label. */
const SEVERITY_WORDS = { info: "", minor: "minor", serious: "serious", critical: "critical" };

/**
 * One condition's icon: an inline SVG, hidden from screen readers (the badge names it).
 * @param {string} icon the bridge's icon name
 */
function drawn(icon) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", "condition-icon");
  svg.innerHTML = ICONS[icon] ?? ICONS.circle;
  return svg;
}

/**
 * A view's conditions as badges: on the grid an icon named by its label (`role="img"`), in the
 * character panel (`named`) the icon with its label and how bad it is written beside it.
 * @param {{label: string, icon: string, severity: string}[]} conditions
 * @param {{named?: boolean}} [options]
 * @returns {HTMLLIElement[]}
 */
export function conditionBadges(conditions, { named = false } = {}) {
  return conditions.map(({ label, icon, severity }) => {
    const item = document.createElement("li");
    item.className = "condition";
    item.dataset.condition = label;
    item.dataset.severity = severity;
    const words = SEVERITY_WORDS[severity] ? `${label} (${SEVERITY_WORDS[severity]})` : label;
    item.title = words;
    item.append(drawn(icon));
    if (!named) {
      item.setAttribute("role", "img");
      item.setAttribute("aria-label", label);
      return item;
    }
    item.append(Object.assign(document.createElement("span"), { className: "condition-name", textContent: label }));
    if (SEVERITY_WORDS[severity]) item.append(Object.assign(document.createElement("span"), { className: "condition-severity", textContent: SEVERITY_WORDS[severity] }));
    return item;
  });
}
