import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, URL safe: used for session cookies and e-mailed links. */
export const newToken = () => randomBytes(32).toString('base64url');

/** Only this digest is stored, so a database leak yields no usable session or link. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
