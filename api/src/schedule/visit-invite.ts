import ical, {
  type ICalCalendar,
  ICalCalendarMethod,
  type ICalEventData,
  ICalEventStatus,
} from 'ical-generator';

/** What a visit's calendar invite says. */
export interface VisitInvite {
  /** The visit's id: its UID for its whole life, so a change or cancellation replaces the same event. */
  visitId: string;
  /** 0 when booked, one more at every change and at the cancellation. */
  sequence: number;
  /** REQUEST books or moves it in the customer's calendar; CANCEL takes it out. */
  method: 'REQUEST' | 'CANCEL';
  /** The arrival window. */
  start: Date;
  end: Date;
  /** 'End of Lease Cleaning' — the event's title names the service. */
  service: string;
  address: string;
  reference: string;
  business: { name: string; email: string };
  customer: { name: string; email: string };
  /** The host of the site's public URL: the UID's domain, so it is unique beyond this business. */
  domain: string;
  /** The customer's quote page, where the visit is changed or cancelled. */
  pageUrl?: string | undefined;
}

/**
 * The invite as iCalendar text (RFC 5545) for an iTIP message (RFC 6047): one event whose UID is the
 * visit's, the arrival window in UTC (unambiguous on either side of a daylight-saving change), the
 * service as its summary, the address as its location and the business as its organizer.
 */
export function visitInvite(invite: VisitInvite): string {
  const calendar = inviteCalendar(invite);
  calendar.createEvent({
    id: `${invite.visitId}@${invite.domain}`,
    sequence: invite.sequence,
    stamp: new Date(),
    start: invite.start,
    end: invite.end,
    ...inviteParticulars(invite),
    status: invite.method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}

/** What every invite of a visit says about it, whether for one visit or a series of them. */
export type InviteParticulars = Pick<
  VisitInvite,
  'service' | 'address' | 'reference' | 'business' | 'customer' | 'pageUrl'
>;

/** An empty calendar for an iTIP message from the business, with the invite's method. */
export function inviteCalendar(invite: Pick<VisitInvite, 'business' | 'method'>): ICalCalendar {
  return ical({
    prodId: { company: invite.business.name, product: 'CleanQuote', language: 'EN' },
    method: invite.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
}

/**
 * An event's summary (the service), description (the arrival window, the reference and the page),
 * location (the address), organizer (the business) and attendee (the customer).
 */
export function inviteParticulars(
  invite: InviteParticulars,
): Pick<ICalEventData, 'summary' | 'description' | 'location' | 'organizer' | 'attendees'> {
  return {
    summary: `${invite.service} (${invite.business.name})`,
    description: [
      `Your cleaner arrives within this window. Reference: ${invite.reference}.`,
      invite.pageUrl ? `Change or cancel: ${invite.pageUrl}` : undefined,
    ]
      .filter(Boolean)
      .join('\n'),
    location: invite.address,
    organizer: { name: invite.business.name, email: invite.business.email },
    attendees: [{ name: invite.customer.name, email: invite.customer.email, rsvp: false }],
  };
}

/** The METHOD line of an invite: what its text/calendar parts must declare. */
function methodOf(ics: string): string {
  return /^METHOD:([A-Z-]+)\r?$/m.exec(ics)?.[1] ?? 'PUBLISH';
}

/**
 * A stored invite as nodemailer's message options: inline as a text/calendar alternative (what
 * Outlook and Gmail turn into an event card) and again as an invite.ics attachment (what others
 * offer to open), both with the invite's method.
 */
export function calendarInviteParts(ics: string) {
  const method = methodOf(ics);
  return {
    icalEvent: { method, content: ics },
    attachments: [
      {
        filename: 'invite.ics',
        content: ics,
        contentType: `text/calendar; charset=utf-8; method=${method}`,
      },
    ],
  };
}
