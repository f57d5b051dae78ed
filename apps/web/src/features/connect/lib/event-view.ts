import type { ConnectEvent } from '../api/connect-api.ts';

export interface CampaignGroup {
  iCMP_Id: number;
  sCmpTitle: string;
  events: ConnectEvent[];
}

/** Events grouped by campaign, campaigns and events in the order the server sends them (campaign, then date). */
export const groupByCampaign = (events: readonly ConnectEvent[]): CampaignGroup[] => {
  const groups = new Map<number, CampaignGroup>();
  for (const event of events) {
    let group = groups.get(event.iCMP_Id);
    if (!group) {
      group = { iCMP_Id: event.iCMP_Id, sCmpTitle: event.sCmpTitle, events: [] };
      groups.set(event.iCMP_Id, group);
    }
    group.events.push(event);
  }
  return [...groups.values()];
};

/** Whether the reader already holds a registration (pending or approved): its checkbox is checked and disabled. */
export const isRegistered = (event: ConnectEvent) =>
  event.bRegistered || event.sRegistrationStatus !== 'none';

export const speakerLine = (event: ConnectEvent) =>
  event.speaker.map((s) => (s.sTitle ? `${s.sName}, ${s.sTitle}` : s.sName)).join('; ');
