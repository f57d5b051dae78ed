import { accessKeyLimits } from '@portal/contract';

/** The HttpOnly cookie that marks a browser as verified (its value is signed; see device-crypto.ts). */
export const deviceCookieName = 'rfs_device';
export const deviceCookieMaxAgeSeconds = accessKeyLimits.deviceCookieDays * 24 * 60 * 60;
