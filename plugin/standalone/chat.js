/**
 * Typed chat (`chat.send`): a line to everyone, to the GM only, or whispered to the users typed
 * (the GM hears every whisper). The bridge logs it as a card, so it shows in the chat log with
 * the rolls and comes back on a reload; a whisper to someone not at the table is refused by name.
 */

const $ = (selector) => document.querySelector(selector);

/** Wires the chat form to the table `app` ({asker, state}). */
export function chatPanel(app) {
  const form = $("#chat-form");
  form.visibility.addEventListener("change", () => {
    form.querySelector(".chat-whisper").hidden = form.visibility.value !== "whisper";
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const payload = { text: form.text.value, visibility: form.visibility.value };
    if (payload.visibility === "whisper") payload.whisper_to = form.whisper_to.value.split(",").map((user) => user.trim()).filter(Boolean);
    const said = await app.asker.ask(event.submitter ?? form.querySelector("button[type=submit]"),
      { what: "send your line", event: "chat.send", payload, form, labels: { text: "Say" } });
    if (!said) return;
    app.state.addCard(said);
    form.text.value = "";
    form.text.focus();
  });
}
