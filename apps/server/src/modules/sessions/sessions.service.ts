import type { Db } from '../../db/client.ts';
import type { User } from '../../db/schema.ts';
import { mayUseSession } from '../accounts/user-status.ts';
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

export const createSessionsService = (deps: { db: Db; clock: Clock; ttlHours: number }) => {
  const { db, clock } = deps;
  const ttlMs = deps.ttlHours * 60 * 60 * 1000;

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
      const found = await findLiveSession(db, hashToken(token), now);
      if (!found || !mayUseSession(found.user)) return null;
      if (now.getTime() - found.session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
        await touchSession(db, found.session.id, now);
      }
      return { sessionId: found.session.id, user: found.user };
    },

    revoke: (sessionId: string) => deleteSession(db, sessionId),

    /** Signs the user out everywhere, optionally keeping one session. */
    revokeAllForUser: (userId: number, exceptSessionId?: string) =>
      deleteUserSessions(db, userId, exceptSessionId),
  };
};

export type SessionsService = ReturnType<typeof createSessionsService>;
