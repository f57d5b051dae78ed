import { ApiError } from '../../../lib/api-client.ts';

/**
 * What a failed save says: the server's own message for a refusal (a 4xx names the fault: an empty text, a person
 * no longer on the team), else the screen's "not saved, still here" text (a network failure or a 5xx).
 */
export const failureText = (failure: unknown, fallback: string) =>
  failure instanceof ApiError && failure.status >= 400 && failure.status < 500 ? failure.message : fallback;
