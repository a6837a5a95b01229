import { describe, expect, it } from 'vitest';
import { calendarInviteParts, type VisitInvite, visitInvite } from './visit-invite.ts';

const invite: VisitInvite = {
  visitId: '0195a3d0-1c2e-7a4f-9b10-6e2d4c8a1f01',
  sequence: 0,
  method: 'REQUEST',
  // Wednesday 2 December 2026, 8:00–10:00 am in Melbourne (daylight saving, +11:00).
  start: new Date('2026-12-02T08:00:00+11:00'),
  end: new Date('2026-12-02T10:00:00+11:00'),
  service: 'End of Lease Cleaning',
  address: '12 Chapel St, South Yarra VIC 3141',
  reference: 'CQ-7KX4M2QH',
  business: { name: 'Sparkle Clean Melbourne', email: 'hello@sparkleclean.example' },
  customer: { name: 'Priya Shah', email: 'priya@example.com' },
  domain: 'clean.example',
};

/** A property's value, its parameters left off (RFC 5545 lines unfolded first). */
function property(ics: string, name: string): string | undefined {
  const unfolded = ics.replace(/\r\n[ \t]/g, '');
  return new RegExp(`^${name}(?:;[^:\\r\\n]*)?:(.*)\\r?$`, 'm').exec(unfolded)?.[1];
}

describe('a visit’s calendar invite', () => {
  it('books the arrival window as one event: UID of the visit, SEQUENCE 0, the times in UTC', () => {
    const ics = visitInvite(invite);
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(property(ics, 'METHOD')).toBe('REQUEST');
    expect(property(ics, 'UID')).toBe(`${invite.visitId}@clean.example`);
    expect(property(ics, 'SEQUENCE')).toBe('0');
    expect(property(ics, 'DTSTART')).toBe('20261201T210000Z');
    expect(property(ics, 'DTEND')).toBe('20261201T230000Z');
    expect(property(ics, 'SUMMARY')).toBe('End of Lease Cleaning (Sparkle Clean Melbourne)');
    expect(property(ics, 'LOCATION')).toBe('12 Chapel St\\, South Yarra VIC 3141');
    expect(property(ics, 'ORGANIZER')).toBe('mailto:hello@sparkleclean.example');
    expect(property(ics, 'ATTENDEE')).toBe('MAILTO:priya@example.com');
    expect(property(ics, 'STATUS')).toBe('CONFIRMED');
  });

  it('keeps 8:00 in Melbourne on both sides of the April change (+11:00, then +10:00)', () => {
    const before = visitInvite({
      ...invite,
      start: new Date('2027-04-03T08:00:00+11:00'),
      end: new Date('2027-04-03T10:00:00+11:00'),
    });
    const after = visitInvite({
      ...invite,
      start: new Date('2027-04-05T08:00:00+10:00'),
      end: new Date('2027-04-05T10:00:00+10:00'),
    });
    expect(property(before, 'DTSTART')).toBe('20270402T210000Z');
    expect(property(after, 'DTSTART')).toBe('20270404T220000Z');
  });

  it('moves with the same UID and the next SEQUENCE, and cancels with METHOD:CANCEL and STATUS:CANCELLED', () => {
    const moved = visitInvite({ ...invite, sequence: 1 });
    expect([property(moved, 'METHOD'), property(moved, 'UID'), property(moved, 'SEQUENCE')]).toEqual([
      'REQUEST',
      `${invite.visitId}@clean.example`,
      '1',
    ]);
    const cancelled = visitInvite({ ...invite, sequence: 2, method: 'CANCEL' });
    expect(property(cancelled, 'METHOD')).toBe('CANCEL');
    expect(property(cancelled, 'SEQUENCE')).toBe('2');
    expect(property(cancelled, 'STATUS')).toBe('CANCELLED');
  });

  it('goes out inline and as invite.ics, both declaring the invite’s method', () => {
    const ics = visitInvite({ ...invite, method: 'CANCEL' });
    const parts = calendarInviteParts(ics);
    expect(parts.icalEvent).toEqual({ method: 'CANCEL', content: ics });
    expect(parts.attachments).toEqual([
      { filename: 'invite.ics', content: ics, contentType: 'text/calendar; charset=utf-8; method=CANCEL' },
    ]);
  });
});
