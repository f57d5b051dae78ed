import { randomBytes } from 'node:crypto';
import { connectLimits } from '@portal/contract';

/**
 * Unique meeting links (issue 15): each approved registrant gets a random token of their own, and the link is the
 * credential (GET /connect/join/{token} is public), so it carries 24 random bytes: 32 URL-safe characters, which
 * the contract's meetingTokenParams accepts. Pure apart from the random bytes.
 */
export const newMeetingToken = () => randomBytes(24).toString('base64url');

export const meetingLinkUrl = (publicUrl: string, token: string) => `${publicUrl}/connect/join/${token}`;

const minute = 60_000;

/**
 * When the room of an event may be entered: from meetingOpensMinutesBefore the start until
 * meetingClosesMinutesAfter its end. The room's address is only given inside this window.
 */
export const meetingWindow = (startsAt: Date, durationMinutes: number) => ({
  opens: new Date(startsAt.getTime() - connectLimits.meetingOpensMinutesBefore * minute),
  closes: new Date(startsAt.getTime() + (durationMinutes + connectLimits.meetingClosesMinutesAfter) * minute),
});

export const isMeetingOpen = (window: { opens: Date; closes: Date }, now: Date) =>
  now.getTime() >= window.opens.getTime() && now.getTime() <= window.closes.getTime();
