// The capacity benchmark's Node anchor (see bench/anchors.py): socket.io 4,
// a roll acknowledged with a card and the card pushed to the rest of the world.
"use strict";
const { Server } = require("socket.io");

const port = Number(process.argv[2]);
const card = {
  world: "w", user: "u", actor_id: "hero", kind: "skill", visibility: "public",
  result: { faces: [6, 5, 4, 2, 1], successes: 2, setbacks: 1, explanation: "x".repeat(900) },
};
const io = new Server(port, { cors: { origin: "*" } });
io.on("connection", (socket) => {
  const world = (socket.handshake.auth && socket.handshake.auth.world) || "w";
  socket.join(world);
  socket.on("roll", (data, ack) => {
    const rolled = { ...card, roll_id: data.request_id };
    socket.to(world).emit("roll.result", rolled);
    ack({ ok: true, request_id: data.request_id, result: rolled });
  });
});
