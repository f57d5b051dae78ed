import { useQuery } from '@tanstack/react-query';
import { fetchParameters } from '../../../lib/parameters.ts';
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

/** The appointment page's public parameters (spec 3 section 2), fetched together in one comma-list call. */
const appointmentParameters = [
  'sRshWebConnAppHeadline',
  'sRshWebConnAppSubHeading',
  'sRshWebConnAppNoAppointments',
] as const;

/** One of the appointment page's parameters (an unset one reads as ''); the three share one call. */
export const useConnectParameter = (name: (typeof appointmentParameters)[number]) =>
  useQuery({
    queryKey: ['parameters', ...appointmentParameters],
    queryFn: ({ signal }) => fetchParameters(appointmentParameters, signal),
    staleTime: 5 * 60_000,
    select: (values) => values.get(name) ?? '',
  });
