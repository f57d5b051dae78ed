import type { DeviceTokenReply, GetCookieBody } from '@portal/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /getCookie: the reply is the same whether or not the e-mail is the link's recipient. */
export const requestDeviceCheck = (body: GetCookieBody) =>
  apiRequest<{ success: true; message: string }>('POST', '/getCookie', { body });

/** GET /verifyCookieEmail?token=: checks the token without using it up (mail scanners prefetch links). */
export const checkDeviceToken = (token: string) =>
  apiRequest<DeviceTokenReply>('GET', '/verifyCookieEmail', { query: { token } });

/** POST /verifyCookieEmail: uses the token up; the server sets the device cookie and names the way back. */
export const confirmDeviceToken = (token: string) =>
  apiRequest<DeviceTokenReply>('POST', '/verifyCookieEmail', { body: { token } });
