#!/usr/bin/env node
// The ceiling for GET /api/users/me: a bare Fastify route answering the same JSON from memory, in a process of
// its own (like the portal server), so the load generator does not share its event loop.
// Usage: PORT=<port> BODY_FILE=<json file> node bench/bare-server.mjs
import { readFileSync } from 'node:fs';
// fastify is the server workspace's dependency, hoisted to the root node_modules.
import Fastify from 'fastify';

const body = JSON.parse(readFileSync(String(process.env.BODY_FILE), 'utf8'));
const app = Fastify({ logger: false });
app.get('/api/users/me', async () => body);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('bare server listening');
const stop = () => app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
