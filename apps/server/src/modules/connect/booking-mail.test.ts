import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { type BookingFacts, bookingMails, bookingWhen } from './booking-mail.ts';

const facts: BookingFacts = {
  bookingId: 42,
  // 14:30 in Tokyo (UTC+9, no daylight saving)
  start: new Date('2030-03-04T05:30:00Z'),
  durationMinutes: 45,
  timeZone: 'Asia/Tokyo',
  analyst: { name: 'Aiko Analyst', email: 'aiko@firm.test' },
  reader: { name: 'Rea Reader', email: 'rea@client.test', companyName: 'Client & Co' },
  firm: { name: 'Firm', email: 'desk@firm.test', phone: '+1 555', address: '1 Street' },
  publicUrl: 'https://portal.firm.test',
};

const parse = (content: string) => {
  const calendar = new ICAL.Component(ICAL.parse(content));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  return { calendar, vevent, event: new ICAL.Event(vevent) };
};

describe('booking mails', () => {
  it("names the time in the analyst's zone", () => {
    expect(bookingWhen(facts.start, facts.timeZone)).toBe('Mon 4 Mar 2030, 14:30 (Asia/Tokyo)');
  });

  it('mails the reader and the analyst one REQUEST, then a CANCEL with the same UID and a higher SEQUENCE', () => {
    const booked = bookingMails(facts, 'booked');
    expect(booked.map((m) => m.to)).toEqual(['rea@client.test', 'aiko@firm.test']);
    expect(booked[0]!.content.text).toContain('Aiko Analyst');
    expect(booked[0]!.content.text).toContain('Mon 4 Mar 2030, 14:30 (Asia/Tokyo)');
    expect(booked[1]!.content.text).toContain('Rea Reader (Client & Co)');
    expect(booked[1]!.content.html).toContain('Client &amp; Co');
    const request = parse(booked[0]!.calendar.content);
    expect(request.calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(request.event.uid).toBe('connect-slot-booking-42@portal.firm.test');
    expect(request.event.sequence).toBe(0);
    expect(request.vevent.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Asia/Tokyo');
    expect(request.event.startDate.toString()).toBe('2030-03-04T14:30:00');
    expect(request.event.endDate.toString()).toBe('2030-03-04T15:15:00');

    const cancelled = bookingMails(facts, 'cancelled');
    const cancel = parse(cancelled[0]!.calendar.content);
    expect(cancel.calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(cancel.event.uid).toBe(request.event.uid);
    expect(cancel.event.sequence).toBe(1);
    expect(cancel.vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
  });

  it('mails only the reader when the analyst has no address', () => {
    const mails = bookingMails({ ...facts, analyst: { name: 'No Mail', email: '' } }, 'reminder');
    expect(mails.map((m) => m.to)).toEqual(['rea@client.test']);
    const attendees = parse(mails[0]!.calendar.content)
      .vevent.getAllProperties('attendee')
      .map((p) => String(p.getFirstValue()).toLowerCase());
    expect(attendees).toEqual(['mailto:rea@client.test']);
  });
});
