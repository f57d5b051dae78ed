// A local SMTP server that accepts every mail and counts them by recipient (npm `smtp-server`, the server
// workspace's test dependency), run as a child process by outbox-delivery.mjs so that it does not share the
// measured worker's event loop. Started with the port as its argument; over IPC it says `{ ready: true }` once
// listening and answers `'counts'` with `{ counts: [[recipient, mails], ...] }`.
import { createRequire } from 'node:module';

const { SMTPServer } = createRequire(new URL('../apps/server/package.json', import.meta.url))('smtp-server');
const port = Number(process.argv[2]);
/** @type {Map<string, number>} */
const counts = new Map();
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  maxClients: 100,
  onData(/** @type {any} */ stream, /** @type {any} */ session, /** @type {any} */ callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      for (const rcpt of session.envelope.rcptTo)
        counts.set(rcpt.address, (counts.get(rcpt.address) ?? 0) + 1);
      callback();
    });
  },
});
server.listen(port, '127.0.0.1', () => process.send?.({ ready: true }));
process.on('message', (message) => {
  if (message === 'counts') process.send?.({ counts: [...counts] });
});
process.on('disconnect', () => server.close(() => process.exit(0)));
