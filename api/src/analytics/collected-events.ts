import type { CollectEvent } from '@cleanquote/quote-core/staff';
import type { Database } from '../db/database.ts';
import { newRowId } from '../db/row-id.ts';
import { funnelEvents, pageViews } from '../db/schema.ts';
import { melbourneDay } from '../lib/melbourne-time.ts';
import { deviceClass } from './visitor-filters.ts';
import { VisitorSalts, visitorHash } from './visitors.ts';

/** A page view beacon. */
export type PageViewEvent = Extract<CollectEvent, { kind: 'view' }>;
/** A funnel beacon of the quote wizard. */
export type FunnelStepEvent = Extract<CollectEvent, { kind: 'funnel' }>;

/** Who viewed a page, as the request tells: only hashed (with the day's salt), never stored. */
export interface Viewer {
  ip: string;
  userAgent: string;
  /** The host the page view was sent to (this site's). */
  host: string;
}

function utm(value: string | null): string | null {
  const trimmed = value?.trim().slice(0, 100);
  return trimmed ? trimmed : null;
}

/** The page's path as the site names it: no trailing slash, and '/public' is the home page. */
function pagePath(page: URL): string {
  const path = page.pathname.length > 1 ? page.pathname.replace(/\/+$/, '') || '/' : page.pathname;
  return (path === '/public' ? '/' : path).slice(0, 300);
}

/** The referring site's host, only when it is another site than this one. */
function referrerHost(referrer: string | undefined, ownHost: string): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (!/^https?:$/.test(url.protocol) || url.host === ownHost) return null;
    return url.hostname
      .toLowerCase()
      .replace(/^www\./, '')
      .slice(0, 253);
  } catch {
    return null;
  }
}

/**
 * Counts the site's beacons: a page view (its path, the other site it came from, UTM parameters,
 * partner, device class and the visitor's salted hash of the day) or a point of the wizard's funnel.
 * Neither IP address nor user agent is stored.
 */
export class CollectedEvents {
  readonly #salts: VisitorSalts;

  constructor(private readonly database: Database) {
    this.#salts = new VisitorSalts(database);
  }

  /** Records one point of a visit's funnel. */
  async recordFunnelStep(event: FunnelStepEvent, now: Date): Promise<void> {
    await this.database.writes.run(
      (tx) =>
        tx
          .insert(funnelEvents)
          .values({ id: newRowId(), at: now, day: melbourneDay(now), visit: event.visit, step: event.step }),
      { savepoint: false },
    );
  }

  /** Records a page view; false (nothing recorded) when its url is not a page's address. */
  async recordPageView(view: PageViewEvent, viewer: Viewer, now: Date): Promise<boolean> {
    let page: URL;
    try {
      page = new URL(view.url);
    } catch {
      return false;
    }
    const day = melbourneDay(now);
    const salt = await this.#salts.saltFor(day, now);
    const visitor = visitorHash(salt, viewer.ip, viewer.userAgent, viewer.host);
    await this.database.writes.run(
      (tx) =>
        tx.insert(pageViews).values({
          id: newRowId(),
          at: now,
          day,
          path: pagePath(page),
          referrerHost: referrerHost(view.referrer, page.host),
          utmSource: utm(page.searchParams.get('utm_source')),
          utmMedium: utm(page.searchParams.get('utm_medium')),
          utmCampaign: utm(page.searchParams.get('utm_campaign')),
          partner: view.partner ?? null,
          device: deviceClass(view.width),
          visitor,
        }),
      { savepoint: false },
    );
    return true;
  }
}
