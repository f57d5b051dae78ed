import { type ConnectConfig, connectConfigDefaults, parseConnectConfig } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { fetchParameters, parameterKeys } from '../../../lib/parameters.ts';
import {
  fetchAppointments,
  fetchBookingAnalysts,
  fetchConnectEvent,
  fetchConnectEvents,
  fetchMeeting,
  fetchOpenSlots,
} from './connect-api.ts';

// The replies depend on who asks (registration status, booked, notSubscribed): `userId` is part of each key.

export const useConnectEvents = (userId: number | null) =>
  useQuery({ queryKey: ['connect-events', userId], queryFn: ({ signal }) => fetchConnectEvents(signal) });

export const useConnectEvent = (id: number, userId: number | null) =>
  useQuery({
    queryKey: ['connect-event', id, userId],
    queryFn: ({ signal }) => fetchConnectEvent(id, signal),
    enabled: id > 0,
  });

export const useBookingAnalysts = () =>
  useQuery({
    queryKey: ['connect-analysts'],
    queryFn: ({ signal }) => fetchBookingAnalysts(signal),
    staleTime: 60_000,
  });

export const useAppointments = (objectId: number | null, userId: number | null) =>
  useQuery({
    queryKey: ['connect-appointments', objectId, userId],
    queryFn: ({ signal }) => fetchAppointments(objectId ?? 0, signal),
    enabled: objectId !== null && objectId > 0,
  });

export const useOpenSlots = (personId: number | null, objectId: number) =>
  useQuery({
    queryKey: ['connect-open-slots', personId, objectId],
    queryFn: ({ signal }) => fetchOpenSlots(personId ?? 0, objectId, signal),
    enabled: personId !== null && objectId > 0,
  });

export const useMeeting = (token: string) =>
  useQuery({
    queryKey: ['connect-meeting', token],
    queryFn: ({ signal }) => fetchMeeting(token, signal),
    retry: false,
  });

/** CONNECT's public parameters (spec 3 sections 2 and 9), fetched together in one comma-list call. */
const connectParameters = [
  'sRshWebConnAppHeadline',
  'sRshWebConnAppSubHeading',
  'sRshWebConnAppNoAppointments',
  'sConnectConfigJSON',
] as const;
const connectParametersQuery = {
  queryKey: parameterKeys.list(connectParameters),
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchParameters(connectParameters, signal),
  staleTime: 5 * 60_000,
};

/** One of the appointment page's texts (an unset one reads as ''); CONNECT's parameters share one call. */
export const useConnectParameter = (
  name: Exclude<(typeof connectParameters)[number], 'sConnectConfigJSON'>,
) => useQuery({ ...connectParametersQuery, select: (values) => values.get(name) ?? '' });

/**
 * sConnectConfigJSON read with the contract's values as defaults (schemas/connect-config.ts); the defaults also
 * while it loads or when it cannot be had, so no screen waits for it.
 */
export const useConnectConfig = (): ConnectConfig =>
  useQuery({
    ...connectParametersQuery,
    select: (values) => parseConnectConfig(values.get('sConnectConfigJSON')),
  }).data ?? connectConfigDefaults;
