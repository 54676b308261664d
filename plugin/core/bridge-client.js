/**
 * The connection to the bridge: requests with acks, queued requests matched to their
 * job pushes by request_id, reconnection with backoff, and every push as an event.
 * No Foundry, no DOM: socket.io-client's `io` is injected (see docs/protocol.md).
 * @module core/bridge-client
 */

/** The protocol version this client speaks (`auth.protocol`). */
export const PROTOCOL = 1;

/** Refusals of a connection that trying again cannot mend. */
const FINAL_REFUSALS = new Set(["invalid", "protocol_mismatch", "unauthorized", "token_expired"]);

/** Pushes that belong to a queued request; routed to it by request_id. */
const JOB_PUSHES = new Set(["job.progress", "job.result", "job.failed"]);

/** A refusal from the bridge: an ack's or a job's `error`, or a refused connection. */
export class BridgeError extends Error {
  /** @param {{code: string, message?: string, fields?: object}} error */
  constructor({ code, message = code, fields = {} }) {
    super(message);
    this.name = "BridgeError";
    this.code = code;
    this.fields = fields;
  }
}

/**
 * One connection to one world, as the GM (`{world, gm_key}`) or a player (`{world, token}`).
 *
 * Events (CustomEvent, data in `detail`):
 * - `status` `{state: "connecting"|"connected"|"reconnecting"|"closed", error?}`;
 * - `ready` the `session.ready` data, on every (re)connection;
 * - `resync` right after `ready`: the app then reads the table again (table.snapshot, roll.log…);
 * - `push` `{event, data}` for every push, job pushes included.
 */
export class BridgeClient extends EventTarget {
  /**
   * @param {object} options
   * @param {string} options.url the bridge's address, e.g. `https://bridge.example:8765`
   * @param {object} options.auth `{world, gm_key}` or `{world, token}`; `protocol` is added here
   * @param {Function} options.io socket.io-client's `io`
   * @param {number} [options.ackTimeoutMs] how long to wait for an ack before retrying the same id
   * @param {number} [options.retries] retries after an ack timeout, with the same request_id
   * @param {number} [options.backoffMs] the first reconnection delay; it doubles up to `backoffCapMs`
   * @param {number} [options.backoffCapMs]
   * @param {() => number} [options.random] jitter source in [0, 1)
   * @param {() => string} [options.newId] a fresh request_id
   * @param {{setTimeout: Function, clearTimeout: Function}} [options.timers]
   */
  constructor({ url, auth, io, ackTimeoutMs = 10_000, retries = 2, backoffMs = 500, backoffCapMs = 10_000,
                random = Math.random, newId = () => globalThis.crypto.randomUUID(), timers = globalThis }) {
    super();
    Object.assign(this, { url, io, ackTimeoutMs, retries, backoffMs, backoffCapMs, random, newId, timers });
    this.auth = { ...auth, protocol: PROTOCOL };
    this.state = "closed";
    this.session = null;
    this.socket = null;
    this.attempt = 0;
    this.retryTimer = null;
    /** @type {Map<string, {resolve: Function, reject: Function, onProgress?: Function}>} */
    this.jobs = new Map();
  }

  /** Opens the connection; the client then keeps it open until `close()`. */
  connect() {
    if (this.socket) return;
    this.closing = false;
    this._status("connecting");
    this.socket = this.io(this.url, { transports: ["websocket"], auth: this.auth, reconnection: false });
    this.socket.on("connect", () => { this.attempt = 0; this._status("connected"); });
    this.socket.on("connect_error", (error) => this._refused(error));
    this.socket.on("disconnect", () => this._lost());
    this.socket.onAny((event, data) => this._pushed(event, data));
  }

  /**
   * Closes the connection for good; queued requests still waiting are rejected.
   * @param {BridgeError} [error] why, when the bridge refused the connection
   */
  close(error) {
    this.closing = true;
    this.timers.clearTimeout(this.retryTimer);
    this.socket?.disconnect();
    this.socket = null;
    this._dropJobs("closed");
    this._status("closed", error);
  }

  /**
   * Sends a request and resolves with its ack's `result`; rejects with a BridgeError.
   * An ack that times out is asked again with the same request_id: the bridge answers it once.
   * @param {string} event e.g. `roll`
   * @param {object} payload the request's fields, without `request_id`
   * @param {string} [requestId]
   * @returns {Promise<object>}
   */
  async request(event, payload = {}, requestId = this.newId()) {
    const message = { ...payload, request_id: requestId };
    for (let attempt = 0; ; attempt++) {
      if (!this.socket) throw new BridgeError({ code: "closed", message: `the connection is closed: ${event} not sent` });
      try {
        const ack = await this.socket.timeout(this.ackTimeoutMs).emitWithAck(event, message);
        if (!ack.ok) throw new BridgeError(ack.error);
        return ack.result;
      } catch (error) {
        if (error instanceof BridgeError) throw error;
        if (attempt >= this.retries) throw new BridgeError({ code: "timeout", message: `no answer to ${event}` });
      }
    }
  }

  /**
   * Sends a queued request and resolves with its `job.result`'s `result`; rejects on
   * `job.failed` (its `error`), on a refused ack, or when the connection drops before the result.
   * The request is registered before it is sent: its job.result may beat the ack.
   * @param {string} event e.g. `hazard.explosion`
   * @param {object} payload
   * @param {object} [options]
   * @param {(progress: object) => void} [options.onProgress] called with each `job.progress`
   * @param {(ack: {job_id: string, state: string}) => void} [options.onQueued] called with the ack's result
   * @param {string} [options.requestId] the request's id (a request sent again keeps its id)
   * @returns {Promise<object>}
   */
  queued(event, payload = {}, { onProgress, onQueued, requestId = this.newId() } = {}) {
    const done = new Promise((resolve, reject) => this.jobs.set(requestId, { resolve, reject, onProgress }));
    const finished = () => this.jobs.delete(requestId);
    done.then(finished, finished);
    this.request(event, payload, requestId).then(onQueued, (error) => this.jobs.get(requestId)?.reject(error));
    return done;
  }

  _pushed(event, data) {
    if (event === "session.ready") {
      this.session = data;
      this._emit("ready", data);
      this._emit("resync", data);
    }
    if (JOB_PUSHES.has(event)) this._job(event, data);
    this._emit("push", { event, data });
  }

  _job(event, data) {
    const job = this.jobs.get(data.request_id);
    if (!job) return;
    if (event === "job.progress") job.onProgress?.(data);
    else if (event === "job.result") job.resolve(data.result);
    else job.reject(new BridgeError(data.error));
  }

  _refused(error) {
    const refusal = error?.data;
    if (refusal && FINAL_REFUSALS.has(refusal.code)) {
      this.close(new BridgeError(refusal));
    } else {
      this._retry();
    }
  }

  _lost() {
    if (this.closing) return;
    this._dropJobs("disconnected");
    this._retry();
  }

  /** Tries again after min(cap, base * 2^attempt), jittered to between half and all of it. */
  _retry() {
    const delay = Math.min(this.backoffCapMs, this.backoffMs * 2 ** this.attempt) * (0.5 + this.random() / 2);
    this.attempt += 1;
    this._status("reconnecting");
    this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = this.timers.setTimeout(() => this.socket?.connect(), delay);
  }

  _dropJobs(code) {
    const error = new BridgeError({ code, message: `the connection was ${code} before the job's result came` });
    for (const job of this.jobs.values()) job.reject(error);
  }

  _status(state, error) {
    this.state = state;
    this._emit("status", error ? { state, error } : { state });
  }

  _emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }
}
