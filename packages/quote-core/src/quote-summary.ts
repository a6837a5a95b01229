/**
 * A quote request in words: the answers as label/value lines, in the order the wizard asks them.
 * Used by the business's notification email, the client's auto-response and the admin inbox.
 */
import {
  BATHROOM_OPTIONS,
  BEDROOM_OPTIONS,
  CARPET_NEEDED_OPTIONS,
  HOW_FOUND_US_OPTIONS,
  NDIS_CLIENT_TYPE_OPTIONS,
  OVEN_CONDITION_OPTIONS,
  OVEN_EXTRA_OPTIONS,
  OVEN_TYPE_OPTIONS,
  PROPERTY_TYPE_OPTIONS,
  type QuoteOption,
  ROOM_LABELS,
  type RoomKind,
  SERVICE_LABELS,
  URGENCY_OPTIONS,
  WINDOW_CLEANING_TYPE_OPTIONS,
  WINDOW_EXTRA_OPTIONS,
} from './quote-options.ts';
import type { QuoteRequest } from './quote-request-rules.ts';

/** One answer in words. */
export interface QuoteSummaryLine {
  readonly label: string;
  readonly value: string;
}

function labelOf(options: readonly QuoteOption[], id: string | undefined): string | undefined {
  if (id === undefined) return undefined;
  return options.find((option) => option.id === id)?.label ?? id;
}

function listOf(options: readonly QuoteOption[], ids: readonly string[] | undefined): string | undefined {
  if (!ids || ids.length === 0) return undefined;
  return ids.map((id) => labelOf(options, id)).join(', ');
}

/**
 * The request's answers as readable lines; answers that were not given are left out. Values are the
 * visitor's own text where they typed it, so callers escape them for HTML.
 */
export function summarizeQuoteRequest(request: QuoteRequest): QuoteSummaryLine[] {
  const isWindow = request.serviceType === 'window-clean';
  const rooms = request.carpetRoomCounts
    ? Object.entries(request.carpetRoomCounts)
        .filter(([, count]) => typeof count === 'number' && count > 0)
        .map(([room, count]) => `${ROOM_LABELS[room as RoomKind] ?? room}: ${count}`)
        .join(', ')
    : '';
  const lines: [string, string | number | undefined][] = [
    ['Service', SERVICE_LABELS[request.serviceType]],
    ['Bedrooms', labelOf(BEDROOM_OPTIONS, request.bedrooms)],
    ['Bathrooms', labelOf(BATHROOM_OPTIONS, request.bathrooms)],
    [
      isWindow ? 'Window cleaning type' : 'Property type',
      labelOf(isWindow ? WINDOW_CLEANING_TYPE_OPTIONS : PROPERTY_TYPE_OPTIONS, request.propertyType),
    ],
    ['Carpet cleaning needed', labelOf(CARPET_NEEDED_OPTIONS, request.carpetNeeded)],
    ['Carpet areas', rooms || undefined],
    ['Oven size', labelOf(OVEN_TYPE_OPTIONS, request.ovenType)],
    ['Oven condition', labelOf(OVEN_CONDITION_OPTIONS, request.ovenCondition)],
    ['Oven extras', listOf(OVEN_EXTRA_OPTIONS, request.cleaningFocus)],
    ['Window panels', request.windowPanels],
    ['Window extras', listOf(WINDOW_EXTRA_OPTIONS, request.windowScope)],
    ['NDIS client', labelOf(NDIS_CLIENT_TYPE_OPTIONS, request.ndisClientType)],
    ['Case manager', request.caseManagerName],
    ['Case manager phone', request.caseManagerPhone],
    ['Case manager email', request.caseManagerEmail],
    ['Case manager organisation', request.caseManagerOrganization],
    ['Case manager updates', request.caseManagerUpdates ? 'Yes, by email' : undefined],
    ['Timing', labelOf(URGENCY_OPTIONS, request.urgency)],
    ['Name', request.name],
    ['Phone', request.phone],
    ['Email', request.email],
    ['Property address', request.address],
    ['How they found us', labelOf(HOW_FOUND_US_OPTIONS, request.howFoundUs)],
    ['Special requests', request.specialRequests],
  ];
  return lines
    .filter(
      (line): line is [string, string | number] => line[1] !== undefined && String(line[1]).trim() !== '',
    )
    .map(([label, value]) => ({ label, value: String(value) }));
}
