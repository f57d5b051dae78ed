import { useQuery } from '@tanstack/react-query';
import { fetchParameterOrEmpty } from '../../../lib/parameters.ts';
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

/** Public parameters of the appointment page (an unset one reads as ''). */
export const useConnectParameter = (name: string) =>
  useQuery({
    queryKey: ['parameter', name],
    queryFn: ({ signal }) => fetchParameterOrEmpty(name, signal),
    staleTime: 5 * 60_000,
  });
