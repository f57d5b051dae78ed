import { bindingHash, isBoundTo, isId, openParts, signParts } from '../report-viewer/file-tokens.ts';

/**
 * The replays' short-lived signed URLs (issue 25): the report viewer's tokens (file-tokens.ts: HMAC-SHA-256 over the
 * claims, nothing stored) with the replay's own key and claims. A token names one replay and one part of it (the
 * film or its transcript), its expiry and the reader, and is bound to the reader's session (the sha256 of its
 * binding), so a URL copied to another browser or read from a log opens nothing.
 */
export type ReplayPart = 'film' | 'transcript';

export interface ReplayTokenClaims {
  videoId: number;
  part: ReplayPart;
  /** seconds since the epoch */
  expiresAt: number;
  userId: number;
  /** base64url sha256 of the binding string (sessionBinding) */
  bindingHash: string;
}

/** The first part of every replay token's payload: never a report token's (whose first part is a report id). */
const kind = 'replay';
const partCodes: Record<ReplayPart, string> = { film: 'f', transcript: 't' };

export const signReplayToken = (
  key: Uint8Array,
  claims: Omit<ReplayTokenClaims, 'bindingHash'> & { binding: string },
) =>
  signParts(key, [
    kind,
    claims.videoId,
    partCodes[claims.part],
    claims.expiresAt,
    claims.userId,
    bindingHash(claims.binding),
  ]);

export type ReplayTokenCheck =
  | { ok: true; claims: ReplayTokenClaims }
  | { ok: false; reason: 'invalid' | 'expired' | 'otherBinding' };

/** Signature, then the claims' shape, expiry and binding to one of `bindings`, in that order. */
export const verifyReplayToken = (
  key: Uint8Array,
  token: string,
  nowSeconds: number,
  bindings: readonly string[],
): ReplayTokenCheck => {
  const parts = openParts(key, token);
  if (parts?.length !== 6 || parts[0] !== kind) return { ok: false, reason: 'invalid' };
  const [, videoId, code, expiresAt, userId, hash] = parts;
  const part = code === partCodes.film ? 'film' : code === partCodes.transcript ? 'transcript' : null;
  if (!isId(videoId) || !part || typeof expiresAt !== 'number' || !isId(userId) || typeof hash !== 'string')
    return { ok: false, reason: 'invalid' };
  const claims: ReplayTokenClaims = { videoId, part, expiresAt, userId, bindingHash: hash };
  if (nowSeconds >= expiresAt) return { ok: false, reason: 'expired' };
  if (!isBoundTo(claims, bindings)) return { ok: false, reason: 'otherBinding' };
  return { ok: true, claims };
};
