import { business, suburbs } from '@cleanquote/content';
import {
  OVEN_CONDITION_OPTIONS,
  OVEN_EXTRA_OPTIONS,
  OVEN_TYPE_OPTIONS,
  PROPERTY_TYPE_OPTIONS,
  type QuoteOption,
  type QuoteRequest,
  ROOM_LABELS,
  type RoomKind,
  SERVICE_LABELS,
  type Urgency,
  WINDOW_CLEANING_TYPE_OPTIONS,
  WINDOW_EXTRA_OPTIONS,
} from '@cleanquote/quote-core';

/** The reply staff start from: a plain-text mail they edit before sending. */
export interface QuoteReplyDraft {
  subject: string;
  message: string;
}

/** What a reply is written from: the stored quote. */
export interface QuoteForReply {
  reference: string;
  request: QuoteRequest;
}

const labelOf = (options: readonly QuoteOption[], id: string | undefined) =>
  id === undefined ? undefined : (options.find((option) => option.id === id)?.label ?? id);

/** "a, b and c". */
function inWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

// Known suburbs by their lower-case words ('st kilda'), and the most words a name has.
const SUBURBS_BY_NAME = new Map(
  suburbs.filter(({ name }) => name !== 'Melbourne CBD').map(({ name }) => [name.toLowerCase(), name]),
);
const MOST_WORDS = Math.max(...[...SUBURBS_BY_NAME.keys()].map((name) => name.split(' ').length));

/**
 * The suburb named in an address: the longest known Melbourne suburb the address names as whole
 * words ('12 Chapel St, South Yarra, VIC' → 'South Yarra'), else the part before the state
 * ('1 Main Rd, Mount Eliza, VIC 3930' → 'Mount Eliza'), else none. A few map lookups per word, so
 * the list can name every row's suburb.
 */
export function suburbOf(address: string): string | undefined {
  const words = address
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .filter(Boolean);
  let found: string | undefined;
  for (let start = 0; start < words.length; start += 1) {
    for (let count = 1; count <= MOST_WORDS && start + count <= words.length; count += 1) {
      const name = SUBURBS_BY_NAME.get(words.slice(start, start + count).join(' '));
      if (name && name.length > (found?.length ?? 0)) found = name;
    }
  }
  if (found) return found;
  const parts = address
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const state = parts.findIndex((part) => /^(VIC|Victoria)\b/i.test(part));
  const candidate = state > 0 ? parts[state - 1] : undefined;
  return candidate && /^[\p{L}' -]+$/u.test(candidate) ? candidate : undefined;
}

/** The job in one phrase: "regular cleaning of your 2-bedroom, 1-bathroom apartment". */
function theJob(request: QuoteRequest): string {
  const service = (SERVICE_LABELS[request.serviceType] ?? 'Cleaning').toLowerCase().replace(/^ndis/, 'NDIS');
  switch (request.serviceType) {
    case 'window-clean': {
      const panels = request.windowPanels ? `${request.windowPanels} window panels` : 'your windows';
      const sides = labelOf(WINDOW_CLEANING_TYPE_OPTIONS, request.propertyType);
      return `window cleaning of ${panels}${sides ? ` (${sides.toLowerCase()})` : ''}`;
    }
    case 'oven-clean': {
      const size = labelOf(OVEN_TYPE_OPTIONS, request.ovenType);
      const condition = labelOf(OVEN_CONDITION_OPTIONS, request.ovenCondition);
      return `cleaning of your ${size ? size.toLowerCase() : 'oven'}${condition ? `, with ${condition.toLowerCase()}` : ''}`;
    }
    case 'carpet-clean':
      return 'carpet steam cleaning';
    default: {
      const rooms = [
        request.bedrooms ? `${request.bedrooms}-bedroom` : undefined,
        request.bathrooms ? `${request.bathrooms}-bathroom` : undefined,
      ].filter((part): part is string => part !== undefined);
      const type = labelOf(PROPERTY_TYPE_OPTIONS, request.propertyType);
      const place = type ? type.toLowerCase().replace('apartment/unit', 'apartment') : 'home';
      return rooms.length > 0
        ? `${service} of your ${rooms.join(', ')} ${place}`
        : `${service} of your ${place}`;
    }
  }
}

/** The extras the customer asked for, as one sentence, or undefined. */
function theExtras(request: QuoteRequest): string | undefined {
  const extras: string[] = [];
  for (const id of request.cleaningFocus ?? []) extras.push(labelOf(OVEN_EXTRA_OPTIONS, id) ?? id);
  for (const id of request.windowScope ?? []) extras.push(labelOf(WINDOW_EXTRA_OPTIONS, id) ?? id);
  const rooms = Object.entries(request.carpetRoomCounts ?? {})
    .filter(([, count]) => typeof count === 'number' && count > 0)
    .map(([room, count]) => `${(ROOM_LABELS[room as RoomKind] ?? room).toLowerCase()}: ${count}`);
  if (request.serviceType === 'carpet-clean' && rooms.length > 0) {
    return `The carpets: ${rooms.join(', ')}.`;
  }
  if (request.carpetNeeded === 'yes' || rooms.length > 0) {
    extras.push(rooms.length > 0 ? `carpet steam cleaning (${rooms.join(', ')})` : 'carpet steam cleaning');
  }
  if (extras.length === 0) return undefined;
  return `You also asked for: ${inWords(extras.map((extra) => extra.charAt(0).toLowerCase() + extra.slice(1)))}.`;
}

const WHEN: Readonly<Record<Urgency, string>> = {
  'urgent-today': 'You would like the clean today or tomorrow.',
  'this-week': 'You would like the clean within the next 7 days.',
  'next-week': 'You would like the clean within the next 2 weeks.',
  'within-month': 'You would like the clean within the month.',
  'just-browsing': 'You mentioned you are comparing quotes for now — no rush from our side.',
};

/**
 * The reply the inbox's composer starts from, written from the customer's own answers — the service,
 * the property, the extras, the timing and the suburb — greeting them by first name and signed with
 * the business's name. Plain text; staff write in the price and edit anything before sending. The
 * subject is the auto-response's with "Re: ", so mail clients that thread by subject (Gmail) put the
 * reply under it too.
 */
export function quoteReplyDraft({ reference, request }: QuoteForReply): QuoteReplyDraft {
  const firstName = request.name.trim().split(/\s+/)[0] ?? request.name;
  const suburb = suburbOf(request.address);
  const job = `${theJob(request)}${suburb ? ` in ${suburb}` : ''}`;
  const paragraphs = [
    `Hi ${firstName},`,
    `Thank you for asking ${business.name} to quote for ${job} (reference ${reference}).`,
    [theExtras(request), request.urgency ? WHEN[request.urgency] : undefined].filter(Boolean).join(' '),
    'Our quote for this clean is $[amount], including GST. It is an estimate, valid for 30 days, and payment is due on completion.',
    'If that suits you, reply to this email or call us and we will book a time that works for you.',
    `Kind regards,\n${business.name}\n${business.phone}`,
  ];
  return {
    subject: `Re: We received your quote request (${reference})`,
    message: paragraphs.filter((paragraph) => paragraph !== '').join('\n\n'),
  };
}
