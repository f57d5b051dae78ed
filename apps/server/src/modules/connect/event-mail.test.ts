import { connectLimits, messagesConnect } from '@portal/contract';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { type EventMailInput, eventApprovalMail, eventReminderMail } from './event-mail.ts';

const input: EventMailInput = {
  firm: { name: 'Harbourline Research', email: 'hello@harbourline.example', phone: '+1', address: '1 Quay' },
  publicUrl: 'https://portal.example',
  event: {
    name: 'Copper <outlook>',
    campaignTitle: 'Metals week',
    startsAt: new Date('2026-07-01T08:00:00Z'),
    durationMinutes: 90,
    timeZone: 'Europe/London',
    typePickId: connectLimits.confirmedDateType,
    city: 'London',
    speakers: [{ name: 'Ada Analyst', title: 'Head of Metals' }],
  },
  registration: { id: 7, name: 'Bea Reader', email: 'bea@client.example' },
  link: 'https://portal.example/connect/join/abcdefghijklmnopqrstuvwxyz012345',
};

describe('event mails', () => {
  it('approval: names the time in the event zone, carries the link and a REQUEST with the stable UID', () => {
    const mail = eventApprovalMail(input);
    expect(mail.content.subject).toBe(messagesConnect.mailEvents.approvedSubject('Copper <outlook>'));
    expect(mail.content.text).toContain('Wed 1 Jul 2026, 09:00 (Europe/London; 08:00 UTC)');
    expect(mail.content.text).toContain(input.link);
    // the event's name is escaped in the HTML part
    expect(mail.content.html).toContain('Copper &lt;outlook&gt;');
    expect(mail.content.html).not.toContain('Copper <outlook>');
    const vevent = new ICAL.Component(ICAL.parse(mail.calendar!.content)).getFirstSubcomponent('vevent')!;
    expect(new ICAL.Event(vevent).uid).toBe('connect-event-registration-7@portal.example');
    expect(vevent.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('Europe/London');
    expect(mail.calendar!.content).toContain('DTEND;TZID=Europe/London:20260701T103000');
  });

  it('a reminder re-sends the same invitation (same UID), never a second event', () => {
    const approval = eventApprovalMail(input);
    const reminder = eventReminderMail(input);
    expect(reminder.content.subject).toContain('Reminder: Copper <outlook>');
    const uid = (content: string) =>
      new ICAL.Event(new ICAL.Component(ICAL.parse(content)).getFirstSubcomponent('vevent')!).uid;
    expect(uid(reminder.calendar!.content)).toBe(uid(approval.calendar!.content));
  });

  it('a date-to-be-confirmed event says so and sends no invitation', () => {
    const tbc = { ...input, event: { ...input.event, typePickId: connectLimits.dateToBeConfirmedType } };
    for (const mail of [eventApprovalMail(tbc), eventReminderMail(tbc)]) {
      expect(mail.calendar).toBeUndefined();
      expect(mail.content.text).toContain(messagesConnect.mailEvents.dateToBeConfirmed);
      expect(mail.content.text).not.toContain('09:00');
      expect(mail.content.text).toContain(input.link);
    }
  });
});
