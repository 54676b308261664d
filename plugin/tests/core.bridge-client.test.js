// BridgeClient against a stand-in for socket.io-client's socket (the real socket is the browser tests').
import { test } from "node:test";
import assert from "node:assert/strict";
import { BridgeClient, BridgeError, PROTOCOL } from "../core/bridge-client.js";

class FakeSocket {
  constructor(url, options) {
    Object.assign(this, { url, options, handlers: {}, anyHandlers: [], sent: [], connects: 0, disconnected: false });
    this.answer = (event, payload) => ({ ok: true, request_id: payload.request_id, result: { event } });
  }
  on(event, handler) { (this.handlers[event] ??= []).push(handler); }
  onAny(handler) { this.anyHandlers.push(handler); }
  fire(event, data) { for (const handler of this.handlers[event] ?? []) handler(data); }
  push(event, data) { for (const handler of this.anyHandlers) handler(event, data); }
  timeout(ms) {
    return { emitWithAck: async (event, payload) => { this.sent.push({ event, payload, ms }); return this.answer(event, payload); } };
  }
  connect() { this.connects += 1; }
  disconnect() { this.disconnected = true; }
}

function fakeTimers() {
  const timers = { delays: [], pending: [] };
  timers.setTimeout = (fn, delay) => { timers.delays.push(delay); timers.pending.push(fn); return timers.pending.length; };
  timers.clearTimeout = () => {};
  timers.runAll = () => timers.pending.splice(0).forEach((fn) => fn());
  return timers;
}

function connected(options = {}) {
  let socket;
  let ids = 0;
  const timers = fakeTimers();
  const client = new BridgeClient({
    url: "http://bridge:8765", auth: { world: "w1", token: "tok" },
    io: (url, opts) => (socket = new FakeSocket(url, opts)),
    newId: () => `r${++ids}`, random: () => 1, timers, ...options,
  });
  const events = [];
  for (const type of ["status", "ready", "resync", "push"]) {
    client.addEventListener(type, (event) => events.push([type, event.detail]));
  }
  client.connect();
  return { client, socket, events, timers };
}

test("connects over websocket with the protocol version added to the auth", () => {
  const { socket, events } = connected();
  assert.equal(socket.url, "http://bridge:8765");
  assert.deepEqual(socket.options, { transports: ["websocket"], auth: { world: "w1", token: "tok", protocol: PROTOCOL }, reconnection: false });
  assert.equal(PROTOCOL, 1);
  socket.fire("connect");
  assert.deepEqual(events, [["status", { state: "connecting" }], ["status", { state: "connected" }]]);
});

test("session.ready dispatches ready, then resync, then the push itself", () => {
  const { client, socket, events } = connected();
  const ready = { protocol: 1, world: { id: "w1", name: "W" }, user: "alice", role: "player", settings: { default_tn: 2 } };
  socket.push("session.ready", ready);
  assert.deepEqual(events.slice(1), [["ready", ready], ["resync", ready], ["push", { event: "session.ready", data: ready }]]);
  assert.equal(client.session, ready);
});

test("request adds a request_id and resolves with the ack's result", async () => {
  const { client, socket } = connected();
  assert.deepEqual(await client.request("ping", { echo: 3 }), { event: "ping" });
  assert.deepEqual(socket.sent, [{ event: "ping", payload: { echo: 3, request_id: "r1" }, ms: 10_000 }]);
});

test("a refused request rejects with a BridgeError carrying code, message and fields", async () => {
  const { client, socket } = connected();
  const error = { code: "invalid", message: "the request has invalid fields", fields: { statistic: ["bad"] } };
  socket.answer = (event, payload) => ({ ok: false, request_id: payload.request_id, error });
  await assert.rejects(client.request("roll", {}), (thrown) => {
    assert.ok(thrown instanceof BridgeError);
    assert.deepEqual([thrown.code, thrown.message, thrown.fields], ["invalid", error.message, error.fields]);
    return true;
  });
  assert.equal(socket.sent.length, 1);
});

test("an ack that times out is asked again with the same request_id, then given up", async () => {
  const { client, socket } = connected({ retries: 2 });
  socket.answer = () => { throw new Error("operation has timed out"); };
  await assert.rejects(client.request("roll", { actor_id: "a" }), { name: "BridgeError", code: "timeout" });
  assert.deepEqual(socket.sent.map(({ payload }) => payload.request_id), ["r1", "r1", "r1"]);

  let calls = 0;
  socket.answer = (event, payload) => (++calls === 1 ? Promise.reject(new Error("timed out")) : { ok: true, result: payload.request_id });
  assert.equal(await client.request("roll", {}), "r2");
});

test("queued resolves with job.result even when it beats the ack, and reports progress", async () => {
  const { client, socket } = connected();
  const progress = [];
  socket.answer = (event, payload) => {
    socket.push("job.progress", { job_id: "j1", request_id: payload.request_id, state: "started", progress: 0 });
    socket.push("job.result", { job_id: "j1", request_id: payload.request_id, kind: "hazard.fall", result: { roll_id: "x" } });
    return { ok: true, request_id: payload.request_id, result: { job_id: "j1", state: "queued" } };
  };
  const result = await client.queued("hazard.fall", { token_ids: ["t1"], meters: 4 }, { onProgress: (p) => progress.push(p.state) });
  assert.deepEqual(result, { roll_id: "x" });
  assert.deepEqual(progress, ["started"]);
  assert.equal(client.jobs.size, 0);
});

test("a job pushed for another request is not taken for this one", async () => {
  const { client, socket } = connected();
  socket.answer = (event, payload) => ({ ok: true, request_id: payload.request_id, result: { job_id: "j1", state: "queued" } });
  const done = client.queued("worker.ping", {});
  await Promise.resolve();
  socket.push("job.result", { job_id: "j9", request_id: "someone-else", kind: "echo", result: { echo: 1 } });
  socket.push("job.result", { job_id: "j1", request_id: "r1", kind: "echo", result: { echo: 2 } });
  assert.deepEqual(await done, { echo: 2 });
});

test("queued rejects on job.failed with its error, and on a refused ack", async () => {
  const { client, socket } = connected();
  socket.answer = (event, payload) => {
    socket.push("job.failed", { job_id: "j1", request_id: payload.request_id,
      error: { code: "against_the_rules", message: "not on fire", fields: { token_id: ["not on fire"] } } });
    return { ok: true, request_id: payload.request_id, result: { job_id: "j1", state: "queued" } };
  };
  await assert.rejects(client.queued("hazard.fire.burn", { token_id: "t1" }), { code: "against_the_rules", fields: { token_id: ["not on fire"] } });
  socket.answer = (event, payload) => ({ ok: false, request_id: payload.request_id, error: { code: "not_tracked", message: "?", fields: { "tokens.0.token_id": ["x"] } } });
  await assert.rejects(client.queued("hazard.explosion", {}), { code: "not_tracked" });
  assert.equal(client.jobs.size, 0);
});

test("a lost connection rejects the queued work waiting and reconnects with doubling, capped delays", async () => {
  const { client, socket, events, timers } = connected({ backoffMs: 500, backoffCapMs: 10_000 });
  socket.answer = (event, payload) => ({ ok: true, request_id: payload.request_id, result: { job_id: "j1", state: "queued" } });
  const waiting = client.queued("worker.ping", {});
  socket.fire("connect");
  socket.fire("disconnect", "transport close");
  await assert.rejects(waiting, { code: "disconnected" });
  for (let i = 0; i < 6; i++) socket.fire("connect_error", new Error("websocket error"));
  assert.deepEqual(timers.delays, [500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
  timers.runAll();
  assert.equal(socket.connects, 7);
  socket.fire("connect");
  socket.fire("disconnect", "transport close");
  assert.equal(timers.delays.at(-1), 500);
  assert.deepEqual(events.filter(([type]) => type === "status").map(([, d]) => d.state).slice(0, 4),
    ["connecting", "connected", "reconnecting", "reconnecting"]);
});

test("the backoff is jittered between half and all of the delay", () => {
  const { socket, timers } = connected({ random: () => 0 });
  socket.fire("connect_error", new Error("down"));
  socket.fire("connect_error", new Error("down"));
  assert.deepEqual(timers.delays, [250, 500]);
});

test("a final refusal closes the client with the bridge's error and does not retry", () => {
  const { client, socket, events, timers } = connected();
  const refusal = Object.assign(new Error("token_expired"), { data: { code: "token_expired", message: "ask the GM", fields: {} } });
  socket.fire("connect_error", refusal);
  assert.deepEqual(timers.delays, []);
  assert.ok(socket.disconnected);
  const [type, detail] = events.at(-1);
  assert.equal(type, "status");
  assert.equal(detail.state, "closed");
  assert.deepEqual([detail.error.code, detail.error.message], ["token_expired", "ask the GM"]);
  assert.equal(client.state, "closed");
});

test("close() ends the connection for good: a disconnect after it does not reconnect", () => {
  const { client, socket, timers } = connected();
  socket.fire("connect");
  client.close();
  socket.fire("disconnect", "io client disconnect");
  assert.deepEqual(timers.delays, []);
  assert.equal(client.state, "closed");
});

test("a request on a closed client is refused at once", async () => {
  const { client, socket } = connected();
  client.close();
  await assert.rejects(client.request("ping", {}), { name: "BridgeError", code: "closed" });
  await assert.rejects(client.queued("worker.ping", {}), { code: "closed" });
  assert.deepEqual(socket.sent, []);
  assert.equal(client.jobs.size, 0);
});
