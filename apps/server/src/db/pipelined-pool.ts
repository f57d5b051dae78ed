import pg from 'pg';

interface Lane {
  client: pg.Client;
  /** statements sent on this connection and not yet answered */
  inFlight: number;
  /** settles once the connection is open (rejects if it cannot be opened) */
  ready: Promise<void>;
  connected: boolean;
}

/**
 * Statements whose name begins with this are short whatever the data, by their author's word: a key lookup, a page
 * read from an index in order and stopped after a page (`arrayRows(db, statement, { short: true })`, or drizzle's
 * `.prepare('short_...')`). Only they are pipelined.
 */
export const SHORT_STATEMENT_PREFIX = 'short_';

/**
 * Connections a process pipelines its short statements on (PipelinedPool) when nothing else is said. On the 2-core
 * benchmark machine 2 cut PostgreSQL's and the portal's CPU a list request by a fifth to a third; only statements
 * named short are pipelined, so a search never holds a list up (bench/RESULTS.md, bench/mixed-load.mjs).
 */
export const defaultDatabasePipelines = 2;

const isShort = (config: unknown) => {
  const name = (config as { name?: unknown } | null)?.name;
  return typeof name === 'string' && name.startsWith(SHORT_STATEMENT_PREFIX);
};

/**
 * A node-postgres pool whose short statements (named `short_...`, outside a transaction) are pipelined on a few
 * connections, as postgres.js does (issue 26's uncached path): a statement goes to an idle connection, or, once
 * `pipelines` connections are open and busy, to the one with the fewest statements in flight, where it is written
 * behind them without waiting for their answers (node-postgres's `pipeline` mode; each statement keeps its own
 * Sync, so one failing fails alone). The database's backend then finds its next statement already waiting instead
 * of sleeping until the portal's next write wakes it: on the 2-core benchmark machine the research list call cost
 * PostgreSQL 40% to 48% less CPU (bench/RESULTS.md, "2026-12-02 20:50 analysis").
 *
 * A statement written behind a slow one waits for it: when every single statement was pipelined, under a mixed load
 * of page-1 lists and uncached searches page 1's p99 was 328 to 511 ms against 125 to 191 ms on the pool alone
 * ("2026-12-02 22:00 mixed load"). So only statements named short are: every other one (a search, a count, a
 * write) checks a connection out of the pool as before and never holds a short one up. (A rule that wrote nothing
 * behind a statement running for 5 ms did not help that load, and misfired on a burst of statements sent in one
 * turn of the event loop; it was removed.)
 *
 * Transactions are unchanged: `connect()` checks a connection of the pool out for the transaction alone (drizzle
 * sees a `pg.Pool`). A lost connection fails the statements in flight on it with node-postgres's own error (the
 * errors plugin answers 503) and is dropped; the next statement opens a new one.
 */
export class PipelinedPool extends pg.Pool {
  readonly #lanes: Lane[] = [];
  readonly #pipelines: number;
  readonly #clientConfig: pg.ClientConfig;
  #ended = false;

  constructor(config: pg.PoolConfig & { pipelines: number }) {
    const { pipelines, ...poolConfig } = config;
    super(poolConfig);
    this.#pipelines = pipelines;
    this.#clientConfig = poolConfig;
  }

  /** The pool's own `query` (a connection checked out for one statement), for the forms not pipelined. */
  readonly #poolQuery = (super.query as (...args: unknown[]) => unknown).bind(this);

  // Short statements in the promise form are pipelined; the rest, callbacks and submittables (streams, cursors) go
  // to the pool as before.
  override query = ((...args: unknown[]) => {
    const [config, values, callback] = args;
    if (
      this.#pipelines === 0 ||
      !isShort(config) ||
      this.#ended ||
      typeof values === 'function' ||
      typeof callback === 'function' ||
      typeof (config as { submit?: unknown } | null)?.submit === 'function'
    ) {
      return this.#poolQuery(...args);
    }
    const lane = this.#pick();
    lane.inFlight += 1;
    const run = () => lane.client.query(config as pg.QueryConfig, values as unknown[] | undefined);
    const result = lane.connected ? run() : lane.ready.then(run);
    const settle = () => {
      lane.inFlight -= 1;
    };
    result.then(settle, settle);
    return result;
  }) as pg.Pool['query'];

  /** An idle connection, a new one while fewer than `pipelines` are open, else the least busy. */
  #pick(): Lane {
    let best: Lane | undefined;
    for (const lane of this.#lanes) {
      if (!best || lane.inFlight < best.inFlight) best = lane;
      if (best.inFlight === 0) return best;
    }
    if (!best || this.#lanes.length < this.#pipelines) return this.#open();
    return best;
  }

  #open(): Lane {
    const client = new pg.Client({ ...this.#clientConfig, pipeline: true } as pg.ClientConfig);
    const lane: Lane = { client, inFlight: 0, connected: false, ready: Promise.resolve() };
    const drop = (error?: Error) => {
      const index = this.#lanes.indexOf(lane);
      if (index >= 0) this.#lanes.splice(index, 1);
      // as the pool does for its idle connections: a lost connection is reported, never thrown
      if (error) this.emit('error', error, client);
    };
    client.on('error', drop);
    client.on('end', () => drop());
    lane.ready = client.connect().then(
      () => {
        lane.connected = true;
        // the pool's listeners (prepared statements, db/prepared-statements.ts) see every connection it opens
        this.emit('connect', client);
      },
      (error: unknown) => {
        drop();
        // node-postgres's client says only "timeout expired" when its connect timeout ends the attempt: said as
        // the pool says it for its own connections, which the errors plugin answers 503
        throw (error as Error | null)?.message === 'timeout expired'
          ? new Error('Connection terminated due to connection timeout', { cause: error })
          : error;
      },
    );
    // a failed connection fails the statements waiting for it; the promise itself is never left unhandled
    lane.ready.catch(() => undefined);
    this.#lanes.push(lane);
    return lane;
  }

  /** Ends the pipelined connections with the pool's (the promise form, the one the portal uses). */
  override end = (async () => {
    this.#ended = true;
    const lanes = this.#lanes.splice(0);
    await Promise.all([
      this.#poolEnd(),
      ...lanes.map((lane) => lane.ready.then(() => lane.client.end()).catch(() => undefined)),
    ]);
  }) as pg.Pool['end'];
  readonly #poolEnd = (super.end as () => Promise<void>).bind(this);
}
