import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Log } from '../runtime.ts';
import { type Change, type ChangeFeed, changeKinds, createLocalChangeFeed } from './change-feed.ts';

/** The channel every process of one database listens on. */
export const changeChannel = 'portal_changes';
/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more: a longer change says its kind only ("any"). */
const payloadMax = 7_900;
/** While the feed is down, every cache is emptied this often (see below). */
const outageClearMs = 50;
const reconnectMinMs = 100;
const reconnectMaxMs = 5_000;

interface Message {
  /** the publishing process (its own messages are already delivered) */
  o: string;
  c: Change[];
}

/** The payloads of `changes`, each under PostgreSQL's limit (a change too long to fit says its kind only). */
export const payloadsOf = (origin: string, changes: readonly Change[]): string[] => {
  const fitted = changes.map((change) =>
    JSON.stringify(change).length > payloadMax - 100 ? { kind: change.kind } : change,
  );
  const payloads: string[] = [];
  let batch: Change[] = [];
  const flush = () => {
    if (batch.length > 0) payloads.push(JSON.stringify({ o: origin, c: batch } satisfies Message));
    batch = [];
  };
  for (const change of fitted) {
    if (JSON.stringify({ o: origin, c: [...batch, change] }).length > payloadMax) flush();
    batch.push(change);
  }
  flush();
  return payloads;
};

const isChange = (value: unknown): value is Change =>
  typeof value === 'object' &&
  value !== null &&
  (changeKinds as readonly string[]).includes((value as Change).kind) &&
  ((value as Change).ids === undefined || Array.isArray((value as Change).ids));

/**
 * The change feed across processes (issue 26): the in-process feed, plus PostgreSQL LISTEN/NOTIFY on one database.
 * A write's changes reach this process's subscribers at once (as before) and every other process's through a
 * NOTIFY sent after the commit; each process listens on a connection of its own.
 *
 * If that connection drops, the process cannot hear other processes' writes: until it is back, every cache is
 * emptied every 50 ms (as if every kind had changed), so nothing read is older than the feed's own delay; once it
 * listens again, the caches are emptied once more (whatever was missed is read afresh: caught up) and kept again.
 */
export const createPostgresChangeFeed = (deps: {
  connectionString: string;
  /** sends a NOTIFY (through the portal's pool, so a write's notice does not depend on the listening connection) */
  notify: (channel: string, payload: string) => Promise<void>;
  log?: Log;
}) => {
  const local = createLocalChangeFeed({ log: deps.log });
  const origin = randomUUID();
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let outage: NodeJS.Timeout | null = null;
  let retry: NodeJS.Timeout | null = null;
  let backoff = reconnectMinMs;
  let firstConnect: Promise<void> | null = null;

  const everything = (): Change[] => changeKinds.map((kind) => ({ kind }));

  const startOutage = () => {
    listening = false;
    if (outage || closed) return;
    local.publish(...everything());
    outage = setInterval(() => local.publish(...everything()), outageClearMs);
    outage.unref();
  };
  const endOutage = () => {
    if (outage) clearInterval(outage);
    outage = null;
    listening = true;
    // caught up: whatever other processes wrote while this one was deaf is read afresh
    local.publish(...everything());
  };

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== changeChannel || !message.payload) return;
    let parsed: Message;
    try {
      parsed = JSON.parse(message.payload) as Message;
    } catch {
      return;
    }
    if (parsed.o === origin || !Array.isArray(parsed.c)) return;
    local.publish(...parsed.c.filter(isChange));
  };

  const scheduleReconnect = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect().catch(() => undefined);
    }, backoff);
    retry.unref();
    backoff = Math.min(reconnectMaxMs, backoff * 2);
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString: deps.connectionString });
    next.on('notification', onNotification);
    next.on('error', (error) => {
      deps.log?.warn({ err: { message: error.message } }, 'The change feed lost its database connection');
    });
    next.on('end', () => {
      if (client === next) client = null;
      if (closed) return;
      startOutage();
      scheduleReconnect();
    });
    try {
      await next.connect();
      await next.query(`listen ${changeChannel}`);
    } catch (error) {
      next.removeAllListeners('end');
      await next.end().catch(() => undefined);
      startOutage();
      scheduleReconnect();
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    backoff = reconnectMinMs;
    endOutage();
    deps.log?.info({}, 'The change feed is listening');
  };

  const feed: ChangeFeed & {
    start(): Promise<void>;
    close(): Promise<void>;
    /** whether other processes' changes are heard now (false during an outage) */
    live(): boolean;
  } = {
    publish(...changes) {
      local.publish(...changes);
      for (const payload of payloadsOf(origin, changes)) {
        deps.notify(changeChannel, payload).catch((error: Error) => {
          // The write is committed; the other processes miss this notice. They read it fresh when their caches'
          // time runs out (CACHE_TTL_MS).
          deps.log?.error(
            { err: { message: error.message } },
            'A change could not be sent to the other processes',
          );
        });
      }
    },
    subscribe: (kinds, listener) => local.subscribe(kinds, listener),
    start() {
      firstConnect ??= connect();
      return firstConnect;
    },
    async close() {
      closed = true;
      if (outage) clearInterval(outage);
      if (retry) clearTimeout(retry);
      outage = null;
      retry = null;
      const current = client;
      client = null;
      listening = false;
      if (current) {
        current.removeAllListeners('end');
        await current.end().catch(() => undefined);
      }
    },
    live: () => listening,
  };
  return feed;
};

export type PostgresChangeFeed = ReturnType<typeof createPostgresChangeFeed>;
