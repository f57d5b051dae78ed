import { randomBytes } from 'node:crypto';
import {
  type ConnectEvent,
  type ConnectRegistrant,
  connectLimits,
  messagesConnect,
  publicMediaFolders,
} from '@portal/contract';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Db, Executor } from '../../db/client.ts';
import type { User } from '../../db/schema/index.ts';
import type { Outbox } from '../mail/outbox.service.ts';
import type { Firm } from '../mail/templates.ts';
import type { Clock } from '../runtime.ts';
import type { Storage } from '../storage/storage.ts';
import { localDateTimeIn } from './calendar-invite.ts';
import { type EventMailEvent, eventApprovalMail, eventReminderMail } from './event-mail.ts';
import {
  approvePending,
  type CampaignEvent,
  type EventRow,
  ensureMeetingToken,
  eventExists,
  eventsOpenForRegistration,
  findByMeetingToken,
  findEventFor,
  findEventInCampaign,
  insertRegistrations,
  listApprovalEvents,
  listRegistrants,
  listUpcomingEvents,
  markLinkSent,
  markReminded,
  registrationRecipients,
  registrationsOfEvent,
  replaceBannerKey,
} from './events.repository.ts';
import { isMeetingOpen, meetingLinkUrl, meetingWindow, newMeetingToken } from './meeting-links.ts';

const server = messagesConnect.server;
const bannerTexts = messagesConnect.bannerUpload;

/** Refusals the routes turn into 4xx replies with these messages. */
export type Refusal = { kind: 'refused'; status: 400 | 404 | 413; message: string };
const refused = (status: Refusal['status'], message: string): Refusal => ({
  kind: 'refused',
  status,
  message,
});

/** The storage folder of banners, served by the public media route. */
export const bannerFolder = 'banners' satisfies (typeof publicMediaFolders)[number];

/** Served through GET /media/{folder}/{file}: the key changes with every replacement, so caches never go stale. */
export const bannerUrl = (key: string | null) => {
  if (!key) return null;
  const [folder, file, ...rest] = key.split('/');
  return folder && file && rest.length === 0 && (publicMediaFolders as readonly string[]).includes(folder)
    ? `/api/media/${folder}/${file}`
    : null;
};

const fullName = (user: { firstName: string; lastName: string }) =>
  `${user.firstName} ${user.lastName}`.trim();

const toConnectEvent = (row: EventRow): ConnectEvent => ({
  iCAE_Id: row.id,
  iCMP_Id: row.campaignId,
  sCmpTitle: row.campaignTitle,
  sEvtName: row.name,
  speaker: row.speakers.map((s) => ({ sName: s.name, sTitle: s.title, id: s.analystId })),
  dUTC_EvtDate: row.startsAt.toISOString(),
  dLocale_EvtDate: localDateTimeIn(row.startsAt, row.timeZone),
  sCity: row.city,
  iEvtType_PikId: row.typePickId,
  bRegistered: row.registrationId !== null,
  sTimeZone: row.timeZone,
  iDurationMinutes: row.durationMinutes,
  sTopic: row.topic,
  sBannerUrl: bannerUrl(row.bannerKey),
  sRegistrationStatus: row.registrationId === null ? 'none' : row.approvedAt ? 'approved' : 'pending',
});

const mailEvent = (event: CampaignEvent): EventMailEvent => ({
  name: event.name,
  campaignTitle: event.campaignTitle,
  startsAt: event.startsAt,
  durationMinutes: event.durationMinutes,
  timeZone: event.timeZone,
  typePickId: event.typePickId,
  city: event.city,
  speakers: event.speakers,
});

const unique = (ids: readonly number[]) => [...new Set(ids)];

/** sharp's refusal of an image past limitInputPixels (the header is read before any pixel is decoded). */
const isPixelLimitError = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

/**
 * CONNECT events (issue 15; spec 3 sections 2 to 7): the readers' list and registration, the admins' approval with
 * the registrants' unique meeting links and reminders (mailed through the outbox in the transaction of the
 * change), the meeting link's page and the event banner. Every rule that must hold under concurrency is one
 * statement of the repository (the unique pair, the conditional approval, the token's coalesce).
 */
export const createEventsService = (deps: {
  db: Db;
  clock: Clock;
  publicUrl: string;
  firm: Firm;
  outbox: Outbox;
  storage: Storage;
}) => {
  const { db, clock } = deps;

  /** The event of an approval call, or the refusal: unknown event or not of that campaign (both 404). */
  const eventOf = async (tx: Executor, campaignId: number, eventId: number) => {
    const found = await findEventInCampaign(tx, campaignId, eventId);
    if (found.kind === 'unknownEvent') return refused(404, server.eventNotFound);
    if (found.kind === 'otherCampaign') return refused(404, server.campaignMismatch);
    return found;
  };

  /** The registration ids of the event among those sent, or a 404 when any is not (nothing is done then). */
  const registrationsOf = async (tx: Executor, eventId: number, ids: number[]) => {
    const rows = await registrationsOfEvent(tx, eventId, ids);
    return rows.length === ids.length ? rows : null;
  };

  const tokenOf = async (tx: Executor, registrationId: number) => {
    const token = await ensureMeetingToken(tx, registrationId, newMeetingToken());
    if (!token) throw new Error(`Registration ${registrationId} is not approved`);
    return token;
  };

  /** Mails each registration its meeting link (with the approval or a reminder) through the outbox. */
  const mailRegistrants = async (
    tx: Executor,
    event: CampaignEvent,
    ids: number[],
    build: typeof eventApprovalMail,
  ) => {
    for (const recipient of await registrationRecipients(tx, ids)) {
      const link = meetingLinkUrl(deps.publicUrl, await tokenOf(tx, recipient.id));
      const mail = build({
        firm: deps.firm,
        publicUrl: deps.publicUrl,
        event: mailEvent(event),
        registration: { id: recipient.id, name: fullName(recipient), email: recipient.email },
        link,
      });
      await deps.outbox.enqueue(tx, recipient.email, mail.content, [link], {
        ...(mail.calendar ? { calendar: mail.calendar } : {}),
      });
    }
  };

  return {
    async listEvents(user: User): Promise<ConnectEvent[]> {
      return (await listUpcomingEvents(db, user.id, clock())).map(toConnectEvent);
    },

    async event(user: User, eventId: number): Promise<ConnectEvent | null> {
      const row = await findEventFor(db, eventId, user.id);
      return row ? toConnectEvent(row) : null;
    },

    /** Registers the caller for every event sent, or for none when any is unknown or has ended. */
    async register(user: User, eventIds: readonly number[]) {
      const ids = unique(eventIds);
      return db.transaction(async (tx) => {
        const open = await eventsOpenForRegistration(tx, ids, clock());
        if (ids.some((id) => !open.has(id))) return refused(404, server.eventNotFound);
        if (ids.some((id) => !open.get(id))) return refused(400, server.eventPast);
        const registeredAt = clock();
        await insertRegistrations(
          tx,
          ids.map((eventId) => ({ eventId, userId: user.id, personId: user.personId, registeredAt })),
        );
        return { kind: 'registered' as const, eventIds: ids };
      });
    },

    /** Campaigns with their events that have registrants, upcoming events first. */
    async approvalCampaigns() {
      const campaigns = new Map<
        number,
        {
          iCMP_Id: number;
          sCmpTitle: string;
          events: Array<{
            iCAE_Id: number;
            sEvtName: string;
            dUTC_EvtDate: string;
            iEvtType_PikId: number;
            iPending: number;
            iApproved: number;
          }>;
        }
      >();
      for (const row of await listApprovalEvents(db, clock())) {
        const campaign = campaigns.get(row.campaignId) ?? {
          iCMP_Id: row.campaignId,
          sCmpTitle: row.campaignTitle,
          events: [],
        };
        campaigns.set(row.campaignId, campaign);
        campaign.events.push({
          iCAE_Id: row.id,
          sEvtName: row.name,
          dUTC_EvtDate: row.startsAt.toISOString(),
          iEvtType_PikId: row.typePickId,
          iPending: Number(row.pending),
          iApproved: Number(row.approved),
        });
      }
      return [...campaigns.values()];
    },

    async registrants(campaignId: number, eventId: number) {
      const found = await eventOf(db, campaignId, eventId);
      if (found.kind === 'refused') return found;
      const rows = await listRegistrants(db, eventId);
      return {
        kind: 'found' as const,
        registrants: rows.map(
          (row): ConnectRegistrant => ({
            id: row.id,
            iPSN_Id: row.personId,
            iTempUserId: row.personId === null ? row.userId : null,
            sRegistrantName: fullName(row),
            sEmail: row.email,
            sCompanyName: row.firmName ?? row.userCompany,
            dUTC_Registered: row.registeredAt.toISOString(),
            iApprovedById: row.approvedByUserId,
            sApprovedByFullName: row.approvedAt ? row.approvedByName : null,
            dUTC_Approved: row.approvedAt?.toISOString() ?? null,
            bSentMeetingLink: row.meetingLinkSentAt !== null,
            sMeetingLink: row.meetingToken ? meetingLinkUrl(deps.publicUrl, row.meetingToken) : null,
          }),
        ),
      };
    },

    /**
     * Approves the pending registrations among those sent and mails each its link, in one transaction; a
     * registration approved already (or concurrently) is neither approved again nor mailed again.
     */
    async approve(admin: User, campaignId: number, eventId: number, registrationIds: readonly number[]) {
      const ids = unique(registrationIds);
      return db.transaction(async (tx) => {
        const found = await eventOf(tx, campaignId, eventId);
        if (found.kind === 'refused') return found;
        if (!(await registrationsOf(tx, eventId, ids))) return refused(404, server.participantNotFound);
        const now = clock();
        const approved = await approvePending(
          tx,
          eventId,
          ids,
          { userId: admin.id, name: fullName(admin) },
          now,
        );
        const approvedIds = approved.map((row) => row.id);
        if (approvedIds.length > 0) {
          await mailRegistrants(tx, found.event, approvedIds, eventApprovalMail);
          await markLinkSent(tx, approvedIds, now);
        }
        return { kind: 'approved' as const, approved: approvedIds.length };
      });
    },

    /** Mails approved registrants a reminder with their link; any pending one among those sent refuses all. */
    async remind(campaignId: number, eventId: number, registrationIds: readonly number[]) {
      const ids = unique(registrationIds);
      return db.transaction(async (tx) => {
        const found = await eventOf(tx, campaignId, eventId);
        if (found.kind === 'refused') return found;
        const rows = await registrationsOf(tx, eventId, ids);
        if (!rows) return refused(404, server.participantNotFound);
        if (rows.some((row) => row.approvedAt === null)) return refused(400, server.notApproved);
        await mailRegistrants(tx, found.event, ids, eventReminderMail);
        await markReminded(tx, ids, clock());
        return { kind: 'reminded' as const, reminded: ids.length };
      });
    },

    /** The registrant's meeting link, made on first use and the same afterwards; approved registrants only. */
    async uniqueLink(campaignId: number, eventId: number, registrationId: number) {
      return db.transaction(async (tx) => {
        const found = await eventOf(tx, campaignId, eventId);
        if (found.kind === 'refused') return found;
        const [row] = (await registrationsOf(tx, eventId, [registrationId])) ?? [];
        if (!row) return refused(404, server.participantNotFound);
        if (row.approvedAt === null) return refused(400, server.notApproved);
        return {
          kind: 'link' as const,
          link: meetingLinkUrl(deps.publicUrl, await tokenOf(tx, registrationId)),
        };
      });
    },

    /** Where a meeting link leads: its event, and the room's address only while the room is open. */
    async join(token: string) {
      const row = await findByMeetingToken(db, token);
      if (!row) return null;
      const window = meetingWindow(row.startsAt, row.durationMinutes);
      const open = row.typePickId !== connectLimits.dateToBeConfirmedType && isMeetingOpen(window, clock());
      return {
        sEvtName: row.name,
        sCmpTitle: row.campaignTitle,
        dUTC_EvtDate: row.startsAt.toISOString(),
        sTimeZone: row.timeZone,
        iDurationMinutes: row.durationMinutes,
        iEvtType_PikId: row.typePickId,
        sRegistrantName: fullName(row),
        dUTC_Opens: window.opens.toISOString(),
        dUTC_Closes: window.closes.toISOString(),
        sMeetingUrl: open ? row.meetingUrl : null,
      };
    },

    /**
     * Replaces the event's banner. The upload is never stored as sent: PNG by its bytes (never its name), pixels
     * bounded from the header before decoding, re-encoded by sharp (metadata dropped, at most bannerStoredMaxWidth
     * wide) under a new key per upload; the replaced file is removed once the new key is committed.
     */
    async replaceBanner(eventId: number, bytes: Buffer) {
      if (!(await eventExists(db, eventId))) return refused(404, server.eventNotFound);
      if (bytes.length > connectLimits.bannerMaxBytes) return refused(413, server.bannerTooLarge);
      const type = await fileTypeFromBuffer(bytes);
      if (type?.mime !== 'image/png') return refused(400, messagesConnect.registration.bannerWrongType);
      const input = () => sharp(bytes, { limitInputPixels: connectLimits.bannerMaxPixels });
      let encoded: Buffer;
      try {
        const meta = await input().metadata();
        if (!meta.width || !meta.height) return refused(400, bannerTexts.unreadable);
        if (meta.width * meta.height > connectLimits.bannerMaxPixels)
          return refused(413, bannerTexts.tooManyPixels);
        encoded = await input()
          .resize({ width: connectLimits.bannerStoredMaxWidth, withoutEnlargement: true })
          .png({ compressionLevel: 9 })
          .toBuffer();
      } catch (error) {
        return isPixelLimitError(error)
          ? refused(413, bannerTexts.tooManyPixels)
          : refused(400, bannerTexts.unreadable);
      }
      const key = `${bannerFolder}/event-${eventId}-${randomBytes(8).toString('hex')}.png`;
      await deps.storage.put(key, encoded, 'image/png');
      const replaced = await db.transaction((tx) => replaceBannerKey(tx, eventId, key));
      if (!replaced.found) {
        await deps.storage.delete(key);
        return refused(404, server.eventNotFound);
      }
      if (replaced.oldKey?.startsWith(`${bannerFolder}/`) && replaced.oldKey !== key)
        await deps.storage.delete(replaced.oldKey);
      return { kind: 'replaced' as const, url: bannerUrl(key)! };
    },
  };
};

export type EventsService = ReturnType<typeof createEventsService>;
