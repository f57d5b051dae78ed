import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/**
 * Signing and encryption for e-mailed report links. Both keys are derived from one server secret (kept in
 * the database, never sent to a client), each for its own purpose.
 */
export interface LinkKeys {
  cookie: Buffer;
  encryption: Buffer;
}

export const deriveLinkKeys = (secret: Buffer): LinkKeys => ({
  cookie: Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'portal device cookie v1', 32)),
  encryption: Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'portal link encryption v1', 32)),
});

/** A random, unguessable id for a browser that has verified a recipient's address. */
export const newDeviceId = () => randomBytes(18).toString('base64url');

const DEVICE_ID = /^[\w-]{24}$/;
const mac = (key: Buffer, deviceId: string) =>
  createHmac('sha256', key).update(`device:${deviceId}`).digest('base64url');

/** The device cookie's value: the device id and its HMAC, so that a forged or altered id is refused. */
export const signDeviceCookie = (keys: LinkKeys, deviceId: string) =>
  `${deviceId}.${mac(keys.cookie, deviceId)}`;

/** The device id of a genuine cookie, or null. */
export const readDeviceCookie = (keys: LinkKeys, value: string | undefined): string | null => {
  if (!value || value.length > 100) return null;
  const [deviceId, signature, ...rest] = value.split('.');
  if (!deviceId || !signature || rest.length > 0 || !DEVICE_ID.test(deviceId)) return null;
  const expected = Buffer.from(mac(keys.cookie, deviceId));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : null;
};

/** AES-256-GCM; the output is `iv.ciphertext.tag` in base64url. */
export const encryptText = (keys: LinkKeys, plain: string) => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.encryption, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, body, cipher.getAuthTag()].map((b) => b.toString('base64url')).join('.');
};

/** The plain text, or null when the value was not produced with these keys (or was altered). */
export const decryptText = (keys: LinkKeys, sealed: string): string | null => {
  const [iv, body, tag] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !body || !tag || iv.length !== 12 || tag.length !== 16) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keys.encryption, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
};
