import type { Db } from '../../db/client.ts';
import type { User } from '../../db/schema.ts';
import { mayUseSession } from '../accounts/user-status.ts';
import { TtlCache } from '../cache/ttl-cache.ts';
import type { Clock } from '../runtime.ts';
import { hashToken, newToken } from '../tokens/token-crypto.ts';
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

export interface ResolvedSession {
  sessionId: string;
  user: User;
}

/**
 * Sessions. Resolved sessions are kept in memory for `cacheTtlMs` (keyed by the token's hash), so that a signed-in
 * read costs no query. Every way a session ends or its user changes in this process drops the entry at once:
 * `revoke`, `revokeAllForUser`, `endForChangedUser` and `forgetUser` (call it after any write to the user's row or sessions, e.g.
 * password change, e-mail verification, activation, removal). Another process's changes show after at most the
 * cache ttl; run one process per database, or keep CACHE_TTL_MS short (see the README).
 */
export const createSessionsService = (deps: {
  db: Db;
  clock: Clock;
  ttlHours: number;
  cacheTtlMs: number;
}) => {
  const { db, clock } = deps;
  const ttlMs = deps.ttlHours * 60 * 60 * 1000;
  // A missing or unusable session is remembered too (null), so junk tokens do not cost a query each.
  const cache = new TtlCache<string, { session: { id: string; expiresAt: Date }; user: User } | null>({
    ttlMs: deps.cacheTtlMs,
    max: 10_000,
    now: () => clock().getTime(),
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
        return live;
      });
      if (!found || found.session.expiresAt <= now) return null;
      return { sessionId: found.session.id, user: found.user };
    },

    // The row goes first, then the memory: a request resolving meanwhile cannot put the session back.
    async revoke(sessionId: string) {
      await deleteSession(db, sessionId);
      cache.delete(sessionId);
    },

    /** Signs the user out everywhere, optionally keeping one session. */
    async revokeAllForUser(userId: number, exceptSessionId?: string) {
      await deleteUserSessions(db, userId, exceptSessionId);
      cache.deleteWhere((entry, id) => entry?.user.id === userId && id !== exceptSessionId);
    },

    /**
     * A change of the user's standing (deactivation, a change of type, removal) ends all their sessions at once, on
     * every device (ARCHITECTURE section 5): the rows go and this process forgets them, so the very next request
     * is anonymous. The one place that rule lives; call it after the change is committed.
     */
    async endForChangedUser(userId: number) {
      await deleteUserSessions(db, userId);
      cache.deleteWhere((entry) => entry?.user.id === userId);
    },

    /** Drops what this process remembers of the user's sessions: call after writing the user or their sessions. */
    forgetUser(userId: number) {
      cache.deleteWhere((entry) => entry?.user.id === userId);
    },
  };
};

export type SessionsService = ReturnType<typeof createSessionsService>;
