import type { ParameterReply } from '@portal/contract';
import { ApiError, apiRequest } from './api-client.ts';

/** GET /getParameter/{name}: a public parameter's value (a refusal, 404 for an unset one, throws). */
export const fetchParameter = async (name: string, signal?: AbortSignal) =>
  (
    await apiRequest<ParameterReply>('GET', `/getParameter/${encodeURIComponent(name)}`, {
      pattern: '/getParameter/:name',
      signal,
    })
  ).value;

/** The same, with an unset parameter (404) read as '': for screens that fall back to their own text. */
export const fetchParameterOrEmpty = async (name: string, signal?: AbortSignal) => {
  try {
    return (await fetchParameter(name, signal)) ?? '';
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return '';
    throw error;
  }
};
