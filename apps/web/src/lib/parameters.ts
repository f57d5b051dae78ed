import type { ParameterListReply, ParameterReply } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
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

/** Public parameters' query keys: the features asking for the same names share one cached call. */
export const parameterKeys = {
  all: ['parameters'] as const,
  list: (names: readonly string[]) => [...parameterKeys.all, ...names] as const,
};

/** Several public parameters in one call (GET /getParameter/{a,b}), by name; an unset one is absent. */
export const useParameters = (names: readonly string[]) =>
  useQuery({
    queryKey: parameterKeys.list(names),
    queryFn: ({ signal }) => fetchParameters(names, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

/**
 * What the "Talk to the Analyst" link needs (spec 1 section 2.7, spec 3 section 2): both in one call. The analyst
 * page and the report viewer show it.
 */
export const bookingParameters = ['bEnableConnectBookings', 'rw_CNTBkTalkToThe'] as const;
export const useBookingLink = () => {
  const query = useParameters(bookingParameters);
  return {
    enabled: query.data?.get('bEnableConnectBookings') === '1',
    label: query.data?.get('rw_CNTBkTalkToThe')?.trim() || 'Talk to the Analyst',
  };
};
