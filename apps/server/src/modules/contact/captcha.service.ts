import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type AltchaChallenge, captchaLifetimeSeconds } from '@portal/contract';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { captchaUses } from '../../db/schema/index.ts';
import { addSeconds, type Clock } from '../runtime.ts';
import type { SecretStore } from '../secrets/secret-store.ts';

/**
 * How much work a challenge costs: PBKDF2 iterations per attempt and the range the secret counter is drawn
 * from (the solver tries counters from 0 up, so on average it does `counter` attempts).
 */
export interface CaptchaDifficulty {
  cost: number;
  counterMin: number;
  counterMax: number;
}

/** About half a second to two seconds in a browser's workers; negligible for the server to check. */
export const defaultCaptchaDifficulty: CaptchaDifficulty = { cost: 1000, counterMin: 1500, counterMax: 4000 };

const algorithm = 'PBKDF2/SHA-256';
const secretName = 'altchaHmacKey';
const tokenPrefix = 't1.';

export type CaptchaFailure = 'invalid' | 'expired' | 'used';
export type CaptchaCheck = { ok: true } | { ok: false; reason: CaptchaFailure };

// The widget's payload: base64 of JSON { challenge: { parameters, signature }, solution }.
const payloadShape = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.literal(algorithm),
      nonce: z.string().regex(/^[0-9a-f]{16,128}$/),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      expiresAt: z.number(),
    }),
    signature: z.string().min(1),
  }),
  solution: z.object({
    counter: z.number().int().nonnegative(),
    derivedKey: z.string().regex(/^[0-9a-f]+$/),
    time: z.number().optional(),
  }),
});

const decodePayload = (value: string) => {
  try {
    const parsed = payloadShape.safeParse(JSON.parse(Buffer.from(value, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

const sign = (key: string | Buffer, text: string) =>
  createHmac('sha256', key).update(text).digest('base64url');

/**
 * The contact forms' captcha: ALTCHA proof of work, checked here, with no third party and no tracking.
 * The HMAC key is generated once per database and never leaves the server. Every accepted proof (a
 * challenge's nonce, or a verifyToken token's id) is recorded until it expires, so each is accepted once.
 */
export const createCaptchaService = (deps: {
  db: Db;
  clock: Clock;
  secrets: SecretStore;
  difficulty?: CaptchaDifficulty;
}) => {
  const { db, clock } = deps;
  const difficulty = deps.difficulty ?? defaultCaptchaDifficulty;
  let keys: Promise<{ signature: string; keySignature: string; token: string }> | null = null;

  // Separate keys per use, derived from the one secret (generated once per database, never sent).
  const loadKeys = () => {
    keys ??= deps.secrets(secretName).then(
      (secret) => ({
        signature: sign(secret, 'altcha-challenge'),
        keySignature: sign(secret, 'altcha-key'),
        token: sign(secret, 'captcha-token'),
      }),
      (error: unknown) => {
        keys = null;
        throw error;
      },
    );
    return keys;
  };

  /** Records a proof as used; false when it already was. Expired records are swept on the way. */
  const markUsed = async (tx: Executor, id: string, expiresAt: Date) => {
    await tx.delete(captchaUses).where(lt(captchaUses.expiresAt, clock()));
    const inserted = await tx
      .insert(captchaUses)
      .values({ id, expiresAt })
      .onConflictDoNothing()
      .returning({ id: captchaUses.id });
    return inserted.length > 0;
  };

  const checkPayload = async (tx: Executor, value: string): Promise<CaptchaCheck> => {
    const payload = decodePayload(value);
    if (!payload) return { ok: false, reason: 'invalid' };
    const { parameters } = payload.challenge;
    if (parameters.expiresAt * 1000 <= clock().getTime()) return { ok: false, reason: 'expired' };
    const k = await loadKeys();
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: k.signature,
      hmacKeySignatureSecret: k.keySignature,
    });
    if (!result.verified) return { ok: false, reason: result.expired ? 'expired' : 'invalid' };
    const fresh = await markUsed(tx, `n:${parameters.nonce}`, new Date(parameters.expiresAt * 1000));
    return fresh ? { ok: true } : { ok: false, reason: 'used' };
  };

  const checkToken = async (tx: Executor, value: string): Promise<CaptchaCheck> => {
    const [id, expires, mac] = value.slice(tokenPrefix.length).split('.');
    if (!id || !expires || !mac || !/^\d{1,12}$/.test(expires)) return { ok: false, reason: 'invalid' };
    const k = await loadKeys();
    const expected = Buffer.from(sign(k.token, `${id}.${expires}`));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      return { ok: false, reason: 'invalid' };
    }
    const expiresAt = new Date(Number(expires) * 1000);
    if (expiresAt.getTime() <= clock().getTime()) return { ok: false, reason: 'expired' };
    return (await markUsed(tx, `t:${id}`, expiresAt)) ? { ok: true } : { ok: false, reason: 'used' };
  };

  return {
    /** A fresh signed challenge for the widget, valid for captchaLifetimeSeconds. */
    async challenge(): Promise<AltchaChallenge> {
      const k = await loadKeys();
      const challenge = await createChallenge({
        algorithm,
        cost: difficulty.cost,
        counter: randomInt(difficulty.counterMin, difficulty.counterMax),
        deriveKey,
        expiresAt: addSeconds(clock(), captchaLifetimeSeconds),
        hmacSignatureSecret: k.signature,
        hmacKeySignatureSecret: k.keySignature,
      });
      return challenge as AltchaChallenge;
    },

    /** POST /aoi/verifyToken: consumes a solved payload and answers a single-use token for the form. */
    async exchange(
      value: string,
    ): Promise<{ ok: true; token: string } | { ok: false; reason: CaptchaFailure }> {
      const check = await db.transaction((tx) => checkPayload(tx, value));
      if (!check.ok) return check;
      const k = await loadKeys();
      const id = randomBytes(16).toString('base64url');
      const expires = Math.floor(addSeconds(clock(), captchaLifetimeSeconds).getTime() / 1000);
      return { ok: true, token: `${tokenPrefix}${id}.${expires}.${sign(k.token, `${id}.${expires}`)}` };
    },

    /**
     * Accepts the form's captcha once: either a solved widget payload or a token from `exchange`. Run it in
     * the transaction that stores the message, so a failed store does not burn the proof.
     */
    consume(tx: Executor, value: string): Promise<CaptchaCheck> {
      return value.startsWith(tokenPrefix) ? checkToken(tx, value) : checkPayload(tx, value);
    },
  };
};

export type CaptchaService = ReturnType<typeof createCaptchaService>;
