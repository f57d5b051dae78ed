import type { ParameterListReply, ParameterReply } from '@portal/contract';
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

/**
 * GET /getParameter/{a,b,c}: several public parameters in one call (the comma-list form), by name; a name the
 * server does not reveal (private, or unset) is absent from the map.
 */
export const fetchParameters = async (names: readonly string[], signal?: AbortSignal) => {
  const reply = await apiRequest<ParameterListReply>(
    'GET',
    `/getParameter/${names.map((name) => encodeURIComponent(name)).join(',')},`,
    { pattern: '/getParameter/:name', signal },
  );
  return new Map(reply.data.map((p) => [p.name, p.value]));
};
