import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of a value for one purpose (the purpose keeps a MAC made for one use from passing for another). */
export const macOf = (key: Buffer, purpose: string, value: string) =>
  createHmac('sha256', key).update(`${purpose}\u0000${value}`).digest('base64url');

/** Constant-time comparison of two strings (false for different lengths). */
export const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** `payload.mac`: a JSON payload a client may hold but not alter (it is signed, not encrypted). */
export const sealValue = (key: Buffer, purpose: string, payload: unknown) => {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${macOf(key, purpose, body)}`;
};

/** The payload of a value sealed with this key and purpose, or null (forged, altered, junk). */
export const openValue = (
  key: Buffer,
  purpose: string,
  value: string | undefined,
  maxLength = 1000,
): unknown => {
  if (!value || value.length > maxLength) return null;
  const [body, mac, ...rest] = value.split('.');
  if (!body || !mac || rest.length > 0 || !sameText(mac, macOf(key, purpose, body))) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
};
