/**
 * A form's controls for fields built from a JSON Schema (core/macros.js `formFields`: the macros'
 * arguments, the rule system's requests) and the values read back, as the standalone page draws them.
 */

/**
 * A field's control, labelled, named after the field (its label's `data-field`).
 * @param {object} field formFields
 * @param {(select: HTMLSelectElement) => void} fillTokens fills a token select with the tracked tokens
 * @returns {HTMLLabelElement}
 */
export function fieldControl(field, fillTokens) {
  const label = document.createElement("label");
  label.dataset.field = field.name;
  label.title = field.description;
  let input;
  if (field.type === "boolean") {
    input = Object.assign(document.createElement("input"), { type: "checkbox", checked: field.default === true });
    label.append(input, ` ${field.label}`);
  } else {
    if (field.type === "enum") {
      input = document.createElement("select");
      const blank = field.required || (field.default ?? null) !== null ? [] : [new Option("—", "", true, true)];
      input.append(...blank, ...field.options.map((value) => new Option(String(value), String(value), false, value === field.default)));
    } else if (field.type === "token" || field.type === "tokens") {
      input = Object.assign(document.createElement("select"), { multiple: field.type === "tokens" });
      input.dataset.tokens = "";
      fillTokens(input);
    } else if (field.type === "json") {
      input = Object.assign(document.createElement("textarea"), { rows: 2, placeholder: "JSON" });
      if (field.default !== undefined) input.value = JSON.stringify(field.default);
    } else {
      const number = field.type === "integer" || field.type === "number";
      input = Object.assign(document.createElement("input"), { type: number ? "number" : "text" });
      if (number) Object.assign(input, { step: field.type === "integer" ? "1" : "any" });
      if (number && field.min !== undefined) input.min = String(field.min);
      if (number && field.max !== undefined) input.max = String(field.max);
      if (field.type === "string" && field.maxLength !== undefined) input.maxLength = field.maxLength;
      if (field.type === "list") input.placeholder = "comma-separated";
      if (field.default !== undefined && field.default !== null) input.value = [field.default].flat().join(", ");
    }
    input.required = field.required;
    label.append(`${field.label}${field.required ? " *" : ""} `, input);
  }
  input.name = field.name;
  if (field.description) label.append(Object.assign(document.createElement("small"), { textContent: ` ${field.description}` }));
  return label;
}

/** The form's values by field name: a checkbox's state, a multiple select's choices, else the text. */
export function fieldValues(fields, form) {
  return Object.fromEntries(fields.map(({ name }) => {
    const input = form.elements[name];
    if (input.type === "checkbox") return [name, input.checked];
    if (input.multiple) return [name, [...input.selectedOptions].map((option) => option.value)];
    return [name, input.value];
  }));
}

/** Fills a token select with every tracked token of `state` (TableState) by name, the choice kept. */
export function tokenFiller(state) {
  return (select) => {
    const chosen = new Set([...select.selectedOptions].map((option) => option.value));
    const blank = select.multiple ? [] : [new Option("—", "")];
    select.replaceChildren(...blank, ...[...state.tokens.values()]
      .map((token) => new Option(token.name, token.token_id, false, chosen.has(token.token_id))));
  };
}
