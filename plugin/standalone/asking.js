/**
 * Asking the bridge from a button, as a person at the table needs it: the button shows its
 * request is pending and stays disabled until it is answered and a moment after (three quick
 * clicks make one roll), then is enabled only where its guard allows (a turn passed by whoever has it),
 * and each request ends in exactly one outcome: its answer, or its refusal as a sentence. An
 * answer slow to come is never a failure: the page says it is still waiting and asks again with
 * the same request id (the bridge answers an id once) until the answer comes, which replaces the
 * waiting notice. A queued request
 * is listed with what it waits for (the bridge, a worker, the work itself, with its progress)
 * and, where the bridge allows it, a Cancel.
 */
import { refusalSentence } from "./notices.js";

/** How long between two askings of an answer the bridge has not given yet. */
const ASK_AGAIN_MS = 3000;
/** How long a button stays disabled after its answer, so a quick triple click is one request. */
const SETTLE_MS = 600;
/** Failures after which the request may still land: never reported as failures, asked again. */
const STILL_WAITING = new Set(["timeout", "disconnected"]);

export class Asker {
  /**
   * @param {object} parts
   * @param {import("../core/bridge-client.js").BridgeClient} parts.client
   * @param {import("./notices.js").Notices} parts.notices
   * @param {HTMLElement} parts.jobs the list of long jobs
   */
  constructor({ client, notices, jobs }) {
    Object.assign(this, { client, notices, jobs });
    /** @type {WeakMap<HTMLElement, {event: string, payload: object, requestId: string, answer: Promise}>} */
    this.inFlight = new WeakMap();
    /** @type {WeakMap<HTMLElement, string>} buttons pending or settling, by the request id that keeps them so */
    this.busy = new WeakMap();
    /** @type {WeakMap<HTMLElement, () => boolean>} when a guarded button may be clicked at all */
    this.usable = new WeakMap();
  }

  /**
   * Keeps `button` enabled only while `usable()` says so (and its request is not pending); the
   * panel calls `refresh` when what `usable` reads changes.
   * @param {HTMLElement} button
   * @param {() => boolean} usable
   */
  guard(button, usable) {
    this.usable.set(button, usable);
    this.refresh(button);
  }

  /** Enables `button` when it is neither pending nor settling and its guard (if any) allows it. */
  refresh(button) {
    button.disabled = this.busy.has(button) || !(this.usable.get(button)?.() ?? true);
  }

  /**
   * Sends `event` for the click of `button`; resolves with its result, or undefined once its
   * refusal was shown as a notice.
   * @param {HTMLElement} button
   * @param {object} request
   * @param {string} request.what what the user asked, as a sentence's end ("roll Stealth for Nikita")
   * @param {string} request.event
   * @param {object} request.payload
   * @param {boolean} [request.queued] a request answered by a worker (`job.result`)
   * @param {HTMLFormElement} [request.form] whose labels name the fields of a refusal
   * @param {Object<string, string>} [request.labels] labels of fields the form does not name as the request does
   * @param {(jobId: string) => Promise} [request.cancel] how to cancel the job (where the bridge allows it)
   * @returns {Promise<object|undefined>}
   */
  ask(button, { what, event, payload, queued = false, form = null, labels = {}, cancel = null }) {
    const flying = this.inFlight.get(button);
    if (flying) {
      // The same request again, same id: the bridge answers it once, and this click waits on that answer.
      this.client.request(flying.event, flying.payload, flying.requestId).catch(() => {});
      return flying.answer;
    }
    const requestId = this.client.newId();
    this.busy.set(button, requestId);
    button.setAttribute("aria-busy", "true");
    button.classList.add("in-flight");
    button.disabled = true;
    const asked = queued ? this.job(what, event, payload, { requestId, cancel }) : this.answer(what, event, payload, requestId);
    const answer = asked.catch((error) => {
      this.notices.show(refusalSentence(error, { what, form, labels }));
      return undefined;
    }).finally(() => {
      this.inFlight.delete(button);
      // Clicks that came with the first (a quick double or triple click) are not new requests.
      setTimeout(() => {
        if (this.busy.get(button) !== requestId) return;  // asked again meanwhile: that request settles it
        this.busy.delete(button);
        button.removeAttribute("aria-busy");
        button.classList.remove("in-flight");
        this.refresh(button);
      }, SETTLE_MS);
    });
    this.inFlight.set(button, { event, payload, requestId, answer });
    return answer;
  }

  /**
   * The ack's result; after a timeout or a lost connection, asked again with the same id until it
   * comes (the request may still land), the page saying meanwhile that it still waits.
   * @param {string} what what was asked, as a sentence's end ("move Gunman")
   * @param {string} event
   * @param {object} payload
   * @param {string} [requestId]
   */
  async answer(what, event, payload, requestId = this.client.newId()) {
    let waiting = null;
    try {
      for (;;) {
        try {
          return await this.client.request(event, payload, requestId);
        } catch (error) {
          if (!STILL_WAITING.has(error.code)) throw error;
          waiting ??= this.notices.show(`No answer from the bridge to “${what}” yet: still waiting, and asking again…`, { tone: "waiting", ms: null });
          await new Promise((resolve) => setTimeout(resolve, ASK_AGAIN_MS));
        }
      }
    } finally {
      waiting?.withdraw();
    }
  }

  /**
   * A queued request, listed with what it waits for until its `job.result`.
   * @param {string} what
   * @param {string} event
   * @param {object} payload
   * @param {{requestId?: string, cancel?: (jobId: string) => Promise}} [options]
   * @returns {Promise<object>} the job's result
   */
  async job(what, event, payload, { requestId = this.client.newId(), cancel = null } = {}) {
    const row = document.createElement("li");
    row.className = "job";
    row.dataset.event = event;
    const words = Object.assign(document.createElement("span"), { textContent: `${what}: waiting for the bridge…` });
    const bar = Object.assign(document.createElement("progress"), { max: 1 });
    bar.setAttribute("aria-label", what);
    row.append(words, bar);
    this.jobs.append(row);
    this.jobs.hidden = false;
    try {
      return await this.client.queued(event, payload, {
        requestId,
        onQueued: ({ job_id: jobId }) => {
          row.dataset.jobId = jobId;
          words.textContent = `${what}: waiting for a worker…`;
          if (cancel) row.append(cancelButton(() => {
            words.textContent = `${what}: cancelling…`;
            return cancel(jobId);
          }, this.notices));
        },
        onProgress: ({ progress }) => {
          words.textContent = `${what}: working`;
          if (typeof progress === "number") {
            bar.value = progress;
            words.textContent = `${what}: ${Math.round(progress * 100)}%`;
          }
        },
      });
    } finally {
      row.remove();
      this.jobs.hidden = this.jobs.children.length === 0;
    }
  }
}

function cancelButton(cancel, notices) {
  const button = Object.assign(document.createElement("button"), { type: "button", className: "job-cancel", textContent: "Cancel" });
  button.addEventListener("click", () => {
    button.disabled = true;
    cancel().catch((error) => notices.show(refusalSentence(error, { what: "cancel" })));
  });
  return button;
}
