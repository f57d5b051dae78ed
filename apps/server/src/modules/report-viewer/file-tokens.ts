import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signed file URLs: '<payload>.<signature>', both base64url. The payload names the report, the
 * expiry and how the reader got access; it carries the sha256 of a binding (the session id, or the access key
 * and device for an e-mailed link), so that a URL copied to another browser or read from a log opens nothing.
 * Nothing is stored per token: the HMAC (SHA-256, a 32-byte key kept in server_secrets) makes them unforgeable.
 */
export type FileTokenVia = 'session' | 'accessKey' | 'admin';

export interface FileTokenClaims {
  reportId: number;
  /** seconds since the epoch */
  expiresAt: number;
  via: FileTokenVia;
  /** the reader's user id (session and admin tokens; an access key's recipient may have none) */
  userId: number | null;
  /** the access key (accessKey tokens) */
  accessKeyId: number | null;
  /** base64url sha256 of the binding string */
  bindingHash: string;
  /**
   * The report's file version the URL was made for (reports.file_version): once the file is replaced, URLs of the
   * old version are refused (report-access.ts), whatever their expiry.
   */
  fileVersion: number;
}

const viaCodes: Record<FileTokenVia, string> = { session: 's', accessKey: 'k', admin: 'a' };
const viaOf = Object.fromEntries(Object.entries(viaCodes).map(([via, code]) => [code, via])) as Record<
  string,
  FileTokenVia
>;

export const bindingHash = (binding: string) => createHash('sha256').update(binding).digest('base64url');

/** The binding of a signed-in browser: its session (the stored id is already the cookie's sha256). */
export const sessionBinding = (sessionId: string) => `session:${sessionId}`;

const sign = (key: Uint8Array, payload: string) =>
  createHmac('sha256', key).update(payload).digest('base64url');

/**
 * A signed token of any JSON array: '<payload>.<signature>'. The report files' tokens below and the replays' (their
 * own key and kind, modules/videos/replay-tokens.ts) are made and opened with these two.
 */
export const signParts = (key: Uint8Array, parts: readonly unknown[]) => {
  const payload = Buffer.from(JSON.stringify(parts)).toString('base64url');
  return `${payload}.${sign(key, payload)}`;
};

/** The parts of a token signed with `key`, or null (not ours, altered, or not a JSON array). */
export const openParts = (key: Uint8Array, token: string): unknown[] | null => {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(key, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const parts: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return Array.isArray(parts) ? parts : null;
  } catch {
    return null;
  }
};

export const signFileToken = (key: Uint8Array, claims: FileTokenClaims) =>
  signParts(key, [
    claims.reportId,
    claims.expiresAt,
    viaCodes[claims.via],
    claims.userId,
    claims.accessKeyId,
    claims.bindingHash,
    claims.fileVersion,
  ]);

export type FileTokenCheck =
  | { ok: true; claims: FileTokenClaims }
  | { ok: false; reason: 'invalid' | 'expired' | 'otherBinding'; claims?: FileTokenClaims };

export const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/**
 * Checks signature and expiry: the claims of a token of ours that has not expired. An expired token is reported as
 * such only once its signature is known to be ours. The binding is checked by `isBoundTo` (or verifyFileToken).
 */
export const openFileToken = (
  key: Uint8Array,
  token: string,
  nowSeconds: number,
):
  | { ok: true; claims: FileTokenClaims }
  | { ok: false; reason: 'invalid' | 'expired'; claims?: FileTokenClaims } => {
  const parts = openParts(key, token);
  if (parts?.length !== 7) return { ok: false, reason: 'invalid' };
  const [reportId, expiresAt, via, userId, accessKeyId, hash, fileVersion] = parts;
  const viaName = typeof via === 'string' ? viaOf[via] : undefined;
  if (
    !isId(reportId) ||
    typeof expiresAt !== 'number' ||
    !viaName ||
    (userId !== null && !isId(userId)) ||
    (accessKeyId !== null && !isId(accessKeyId)) ||
    typeof hash !== 'string' ||
    !isId(fileVersion)
  ) {
    return { ok: false, reason: 'invalid' };
  }
  const claims: FileTokenClaims = {
    reportId,
    expiresAt,
    via: viaName,
    userId: userId as number | null,
    accessKeyId: accessKeyId as number | null,
    bindingHash: hash,
    fileVersion,
  };
  if (nowSeconds >= expiresAt) return { ok: false, reason: 'expired', claims };
  return { ok: true, claims };
};

/** Whether the claims are bound to one of `bindings` (every binding the request can prove). */
export const isBoundTo = (claims: Pick<FileTokenClaims, 'bindingHash'>, bindings: readonly string[]) => {
  const wanted = Buffer.from(claims.bindingHash);
  return bindings.some((binding) => {
    const candidate = Buffer.from(bindingHash(binding));
    return candidate.length === wanted.length && timingSafeEqual(candidate, wanted);
  });
};

/** Checks signature, expiry and binding, in that order (openFileToken, then isBoundTo). */
export const verifyFileToken = (
  key: Uint8Array,
  token: string,
  nowSeconds: number,
  bindings: readonly string[],
): FileTokenCheck => {
  const opened = openFileToken(key, token, nowSeconds);
  if (!opened.ok) return opened;
  return isBoundTo(opened.claims, bindings)
    ? opened
    : { ok: false, reason: 'otherBinding', claims: opened.claims };
};
