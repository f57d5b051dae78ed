import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarInvite, inviteUid, localDateTimeIn } from './calendar-invite.ts';

const base = {
  uid: inviteUid('slot-booking', 42, 'portal.example'),
  sequence: 0,
  start: new Date('2026-12-01T02:00:00Z'),
  durationMinutes: 30,
  timeZone: 'Asia/Hong_Kong',
  summary: 'Meeting with Wei Jie Tan',
  description: 'One-to-one call',
  organizer: { name: 'Harbourline Research', email: 'no-reply@harbourline.example' },
  attendees: [{ name: 'Ada Client', email: 'ada@client.example' }],
  firmName: 'Harbourline Research',
};

const parse = (content: string) => {
  const component = new ICAL.Component(ICAL.parse(content));
  const vevent = component.getFirstSubcomponent('vevent')!;
  return { component, vevent, event: new ICAL.Event(vevent) };
};

describe('calendarInvite', () => {
  it('writes a REQUEST in the zone given, with its VTIMEZONE, that a parser reads back at the right instant', () => {
    const invite = calendarInvite({ ...base, method: 'REQUEST' });
    expect(invite.method).toBe('REQUEST');
    const { component, vevent, event } = parse(invite.content);
    expect(component.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(component.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Asia/Hong_Kong');
    expect(vevent.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('Asia/Hong_Kong');
    // 02:00 UTC is 10:00 in Hong Kong
    expect(invite.content).toContain('DTSTART;TZID=Asia/Hong_Kong:20261201T100000');
    expect(invite.content).toContain('DTEND;TZID=Asia/Hong_Kong:20261201T103000');
    expect(event.uid).toBe('connect-slot-booking-42@portal.example');
    expect(event.sequence).toBe(0);
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(event.attendees.map((a) => String(a.getFirstValue()).toLowerCase())).toEqual([
      'mailto:ada@client.example',
    ]);
  });

  it('writes a CANCEL with the same UID and a higher sequence', () => {
    const invite = calendarInvite({ ...base, method: 'CANCEL', sequence: 1 });
    const { component, vevent, event } = parse(invite.content);
    expect(component.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(event.uid).toBe(base.uid);
    expect(event.sequence).toBe(1);
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
  });

  it('follows daylight saving time of the zone', () => {
    const summer = calendarInvite({
      ...base,
      method: 'REQUEST',
      timeZone: 'Europe/London',
      start: new Date('2026-07-01T08:00:00Z'),
    });
    expect(summer.content).toContain('DTSTART;TZID=Europe/London:20260701T090000');
    expect(localDateTimeIn(new Date('2026-12-01T08:00:00Z'), 'Europe/London')).toBe('2026-12-01T08:00:00');
    expect(localDateTimeIn(new Date('2026-07-01T08:00:00Z'), 'America/New_York')).toBe('2026-07-01T04:00:00');
    // midnight is 00, not 24, and the wall clock crosses into the next year
    expect(localDateTimeIn(new Date('2026-12-31T15:00:00Z'), 'Asia/Tokyo')).toBe('2027-01-01T00:00:00');
  });
});
