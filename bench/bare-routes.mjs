#!/usr/bin/env node
// The ceiling for several GET requests at once: a bare Fastify app answering each request URL (path and query,
// exactly as sent) with the JSON the portal gave for it, from memory, in a process of its own (like the portal
// server), so the load generator does not share its event loop. Like bare-server.mjs it returns the parsed
// object, so Fastify serialises it on every request as the portal does. Unknown URLs get 404.
// Usage: PORT=<port> BODIES_FILE=<json file: { "<url>": <reply body>, ... }> node bench/bare-routes.mjs
import { readFileSync } from 'node:fs';
// fastify is the server workspace's dependency, hoisted to the root node_modules.
import Fastify from 'fastify';

/** @type {Map<string, unknown>} */
const bodies = new Map(Object.entries(JSON.parse(readFileSync(String(process.env.BODIES_FILE), 'utf8'))));
const app = Fastify({ logger: false });
app.get('/*', async (request, reply) => {
  const body = bodies.get(request.url);
  return body === undefined ? reply.code(404).send({ error: 'not captured' }) : body;
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log(`bare server listening with ${bodies.size} captured replies`);
const stop = () => app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
