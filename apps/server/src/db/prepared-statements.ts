import { createHash } from 'node:crypto';
import type pg from 'pg';
import { SHORT_STATEMENT_PREFIX } from './pipelined-pool.ts';

/**
 * The most statements one connection keeps prepared. The portal's statements are parameterised (drizzle passes
 * every value, and id lists as one array), so their texts are a few hundred shapes; past the bound a connection
 * runs new texts unnamed, as before, instead of growing without end.
 */
export const MAX_PREPARED_PER_CONNECTION = 1000;

interface QueryConfig {
  text?: unknown;
  name?: unknown;
}

/** A statement's name, the same in every process and connection for the same text (63 bytes at most). */
export const statementName = (text: string) =>
  `p_${createHash('sha256').update(text).digest('base64url').slice(0, 40)}`;

const shortNames = new Map<string, string>();

/** The name of a statement its caller holds to be short (pipelined-pool.ts), by its text, as statementName. */
export const shortStatementName = (text: string) => {
  let name = shortNames.get(text);
  if (name === undefined) {
    name = `${SHORT_STATEMENT_PREFIX}${statementName(text)}`;
    // the texts are a few page shapes; this bound only keeps a runaway from holding memory
    if (shortNames.size >= 10 * MAX_PREPARED_PER_CONNECTION) shortNames.clear();
    shortNames.set(text, name);
  }
  return name;
};

/**
 * Every statement the pool's connections run is a named prepared statement, named by its text: PostgreSQL parses
 * and plans it once per connection (after five executions it keeps a generic plan when that costs no more than the
 * custom ones), instead of on every request. Planning was most of the database's time on the uncached research
 * list: 0.9 of 1.35 ms per request over its four statements (pg_stat_statements, bench/RESULTS.md, issue 26).
 * node-postgres prepares a name on a connection the first time it sees it and then only binds and executes.
 * Statements with no parameters (`begin`, `commit`, `set local ...`) are left unnamed: nothing to gain.
 * Behind a pooler in transaction mode, the pooler must support protocol-level prepared statements (PgBouncer
 * 1.21 and later with `max_prepared_statements`); README "Running at scale".
 */
export const prepareEveryStatement = (pool: pg.Pool) => {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (name === undefined) {
      name = statementName(text);
      // The texts are few; this bound only keeps a runaway (generated texts) from holding memory.
      if (names.size >= 10 * MAX_PREPARED_PER_CONNECTION) names.clear();
      names.set(text, name);
    }
    return name;
  };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const prepared = new Set<string>();
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const [config, values] = args;
      const text = (config as QueryConfig | null)?.text;
      const params = (config as { values?: unknown } | null)?.values ?? values;
      if (
        typeof text === 'string' &&
        (config as QueryConfig).name === undefined &&
        Array.isArray(params) &&
        params.length > 0
      ) {
        const name = nameOf(text);
        if (prepared.has(name) || prepared.size < MAX_PREPARED_PER_CONNECTION) {
          prepared.add(name);
          return query({ ...(config as object), name }, ...args.slice(1));
        }
      }
      return query(...args);
    };
  });
};
