import type {
  ApprovalEventsReply,
  ApprovalListReply,
  ApproveReply,
  ConnectRegistrant,
  RemindReply,
  UniqueLinkReply,
} from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The CONNECT Approval calls (spec 3 section 7 "Connect"). Every one is admin-only on the server. */

/** CONNECT Approval's query keys: its queries and its reload take them from here. */
export const connectAdminKeys = {
  all: ['connect-admin'] as const,
  events: () => [...connectAdminKeys.all, 'events'] as const,
  registrants: (campaignId: number, eventId: number) =>
    [...connectAdminKeys.all, 'registrants', campaignId, eventId] as const,
};

const eventPath = (campaignId: number, eventId: number) => `/connect/approvalEvent/${campaignId}/${eventId}`;
const eventPattern = '/connect/approvalEvent/:cmpg_id/:evt_id';

/** GET /connect/approvalEvents: campaigns with their events that have registrants. */
export const useApprovalEvents = () =>
  useQuery({
    queryKey: connectAdminKeys.events(),
    queryFn: async ({ signal }) =>
      (await apiRequest<ApprovalEventsReply>('GET', '/connect/approvalEvents', { signal })).campaigns,
    staleTime: 0,
  });

/** GET /connect/approvalEvent/{cmpg_id}/{evt_id}: the event's registrants, pending and approved. */
export const useRegistrants = (target: { campaignId: number; eventId: number } | null) =>
  useQuery({
    queryKey: connectAdminKeys.registrants(target?.campaignId ?? 0, target?.eventId ?? 0),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<ApprovalListReply>('GET', eventPath(target?.campaignId ?? 0, target?.eventId ?? 0), {
          pattern: eventPattern,
          signal,
        })
      ).registrants,
    enabled: target !== null,
    staleTime: 0,
  });

export const approvalActions = {
  approve: (campaignId: number, eventId: number, approveList: number[]) =>
    apiRequest<ApproveReply>('POST', `${eventPath(campaignId, eventId)}/approve`, {
      pattern: `${eventPattern}/approve`,
      body: { approveList },
    }),
  remind: (campaignId: number, eventId: number, remindList: number[]) =>
    apiRequest<RemindReply>('POST', `${eventPath(campaignId, eventId)}/remind`, {
      pattern: `${eventPattern}/remind`,
      body: { remindList },
    }),
  /**
   * POST /connect/approvalEvent/{cmpg_id}/{evt_id}/uniqueLink with the registrant record: `data` is the link. The
   * spec's client sends 1/1; ours names the event, which the server checks the registrant belongs to.
   */
  uniqueLink: async (campaignId: number, eventId: number, registrant: ConnectRegistrant) =>
    (
      await apiRequest<UniqueLinkReply>('POST', `${eventPath(campaignId, eventId)}/uniqueLink`, {
        pattern: `${eventPattern}/uniqueLink`,
        body: registrant,
      })
    ).data,
};

/** Asks every CONNECT Approval list again (the events and their registrants), after an approval or a reminder. */
export const useReloadApproval = () => {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: connectAdminKeys.all });
};
