import type { Db, Executor } from '../../db/client.ts';
import type { User } from '../../db/schema/index.ts';
import { LoadingCache } from '../cache/loading-cache.ts';
import type { ChangeFeed } from '../changes/change-feed.ts';
import type { Clock } from '../runtime.ts';
import { hashToken, newToken } from '../tokens/token-crypto.ts';
import { mayUseSession } from '../users/user-status.ts';
import {
  deleteExpiredUserSessions,
  deleteSession,
  deleteUserSessions,
  findLiveSession,
  insertSession,
  touchSession,
} from './sessions.repository.ts';

// Writing last_seen_at on every request would turn every read into a write.
const TOUCH_AFTER_MS = 5 * 60 * 1000;

export interface SessionMeta {
  ip: string | null;
  userAgent: string | null;
}

/** The signed-in user, with the sectors their matrix grants read in the same statement (entitlements use them). */
export type SessionUser = User & { grantedSectorIds: readonly number[] };

export interface ResolvedSession {
  sessionId: string;
  user: SessionUser;
}

/**
 * Sessions. Resolved sessions are kept in memory for `cacheTtlMs` (keyed by the token's hash), so that a signed-in
 * read costs no query. The cache follows the change feed: a `session` change drops those sessions, a `user` change
 * every session of those users (whoever wrote the user's row: a password, a verification, a status, a removal
 * publishes it after its commit), so the very next request reads the new state.
 */
export const createSessionsService = (deps: {
  db: Db;
  clock: Clock;
  changes: ChangeFeed;
  ttlHours: number;
  cacheTtlMs: number;
}) => {
  const { db, clock, changes } = deps;
  const ttlMs = deps.ttlHours * 60 * 60 * 1000;
  // A missing or unusable session is remembered too (null), so junk tokens do not cost a query each.
  const cache = new LoadingCache<
    string,
    { session: { id: string; expiresAt: Date }; user: SessionUser } | null
  >({
    ttlMs: deps.cacheTtlMs,
    max: 10_000,
    now: () => clock().getTime(),
  });
  changes.subscribe('session', (change) => {
    if (!change.ids) return cache.clear();
    for (const id of change.ids) cache.delete(String(id));
  });
  // a `user` change (standing, removal) or a `matrix` change (the user's granted sectors, read with the session)
  changes.subscribe(['user', 'matrix'], (change) => {
    if (!change.ids) return cache.clear();
    const users = new Set(change.ids);
    cache.deleteWhere((entry) => entry !== null && users.has(entry.user.id));
  });

  return {
    ttlSeconds: deps.ttlHours * 60 * 60,

    /** Starts a session and returns the cookie token (only its hash is stored). */
    async create(userId: number, meta: SessionMeta) {
      const now = clock();
      const token = newToken();
      await deleteExpiredUserSessions(db, userId, now);
      await insertSession(db, {
        id: hashToken(token),
        userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + ttlMs),
        lastSeenAt: now,
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 500) ?? null,
      });
      return token;
    },

    async resolve(token: string): Promise<ResolvedSession | null> {
      const now = clock();
      const id = hashToken(token);
      // Loaded through the cache's guard: a revocation while the query runs keeps its answer out of the cache.
      const found = await cache.getOrLoad(id, async () => {
        const live = await findLiveSession(db, id, now);
        if (!live || !mayUseSession(live.user)) return null;
        if (now.getTime() - live.session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
          await touchSession(db, live.session.id, now);
        }
        return { session: live.session, user: { ...live.user, grantedSectorIds: live.grantedSectorIds } };
      });
      if (!found || found.session.expiresAt <= now) return null;
      return { sessionId: found.session.id, user: found.user };
    },

    // The row goes first, then the memory: a request resolving meanwhile cannot put the session back.
    async revoke(sessionId: string) {
      await deleteSession(db, sessionId);
      changes.publish({ kind: 'session', ids: [sessionId] });
    },

    /**
     * A change of the user's standing (deactivation, a change of type, removal, a new password) ends all their
     * sessions at once, on every device (ARCHITECTURE section 5), in the transaction of that change; the writer
     * notes `{ kind: 'user', ids: [userId] }`, so that once it commits every process forgets them and the very
     * next request is anonymous. The one place that rule lives.
     */
    endForChangedUser: (tx: Executor, userId: number) => deleteUserSessions(tx, userId),
  };
};

export type SessionsService = ReturnType<typeof createSessionsService>;
