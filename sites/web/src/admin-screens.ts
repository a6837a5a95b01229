/**
 * The one list of admin screens. Each entry is everything about a screen except its component: its
 * id, its one path segment (its path is `/<segment>`; staff links in mails and bookmarks depend on
 * it, so a segment never changes even where the id says it better), its page title (heading, document title and
 * dashboard card title), its name in the admin navigation, its dashboard card, and whether it shows
 * quote data behind the quote-dashboard password. The routes, the reserved paths, the page titles,
 * the navigation, the dashboard's cards and the admin app's screen map all derive from it; the
 * components are in admin/admin-screen-components.ts, keyed by the same ids.
 *
 * Text only, never a component or an import of the admin area: the server and the admin chunk read
 * it whole; the public pages get only the ids and titles (admin-screen-titles.ts).
 */

/** A dashboard card: what the screen is for, and where it stands among the cards. */
export interface AdminScreenCard {
  readonly description: string;
  /** Cards are listed by position (1 first), independent of the navigation's order. */
  readonly position: number;
}

/** One admin screen's entry in {@link adminScreenRegistry}. */
export interface AdminScreenEntry {
  /** The screen's id: what the code calls it ('quote-requests'). */
  readonly id: string;
  /** Its one path segment ('admin' is /admin): a published URL, so it never changes. */
  readonly segment: string;
  /** The heading, the document title and the dashboard card's title. */
  readonly title: string;
  /** Its name in the admin navigation. */
  readonly navLabel: string;
  /** Its card on the dashboard; `null` for the dashboard itself. */
  readonly card: AdminScreenCard | null;
  /**
   * Whether the screen shows quote data, which the quote-dashboard password guards; `opens` names
   * that data in the unlock form ('Enter the password to open quote requests').
   */
  readonly needsQuoteUnlock: false | { readonly opens: string };
}

/** Every admin screen, in the navigation's order. */
export const adminScreenRegistry = [
  {
    id: 'dashboard',
    segment: 'dashboard',
    title: 'Admin Dashboard',
    navLabel: 'Dashboard',
    card: null,
    needsQuoteUnlock: false,
  },
  {
    id: 'quote-requests',
    segment: 'admin',
    title: 'Quote Requests',
    navLabel: 'Quote Requests',
    card: { description: 'Customer inquiries and quotes.', position: 1 },
    needsQuoteUnlock: { opens: 'quote requests' },
  },
  {
    id: 'schedule',
    segment: 'schedule',
    title: 'Schedule',
    navLabel: 'Schedule',
    card: {
      description: 'Visits by week and team, and the working time customers book within.',
      position: 9,
    },
    // The week's visits name customers and ask for the quote dashboard's password themselves; the
    // working time and teams hold no customer data, so the screen stays open while it is locked.
    needsQuoteUnlock: false,
  },
  {
    id: 'prices',
    segment: 'prices',
    title: 'Price List',
    navLabel: 'Prices',
    card: { description: 'What each answer of a quote costs, and who changed it.', position: 8 },
    // Prices hold no customer data: they stay open while the quote dashboard is locked.
    needsQuoteUnlock: false,
  },
  {
    id: 'email-test',
    segment: 'email-test',
    title: 'Email Test',
    navLabel: 'Email Test',
    card: { description: 'System email test, and the mail log.', position: 4 },
    needsQuoteUnlock: false,
  },
  {
    id: 'client-email-test',
    segment: 'client-email-test',
    title: 'Client Email Test',
    navLabel: 'Client Email Test',
    card: { description: 'Client email test.', position: 5 },
    needsQuoteUnlock: false,
  },
  {
    id: 'analytics',
    segment: 'analytics',
    title: 'Website Analytics',
    navLabel: 'Analytics',
    card: { description: 'Website traffic and business metrics.', position: 2 },
    needsQuoteUnlock: { opens: 'the analytics report' },
  },
  {
    id: 'xero',
    segment: 'xero',
    title: 'Xero Integration',
    navLabel: 'Xero',
    card: { description: 'Accounting integration and automated reporting.', position: 3 },
    needsQuoteUnlock: false,
  },
  {
    id: 'locations',
    segment: 'locations',
    title: 'Location Management',
    navLabel: 'Locations',
    card: { description: 'All location URLs for local marketing.', position: 6 },
    needsQuoteUnlock: false,
  },
  {
    id: 'partners',
    segment: 'partners',
    title: 'Partner Sites',
    navLabel: 'Partners',
    card: { description: 'Sites that embed the quote wizard, and their embed code.', position: 7 },
    needsQuoteUnlock: false,
  },
] as const satisfies readonly AdminScreenEntry[];

/** A protected admin screen's id. */
export type AdminScreen = (typeof adminScreenRegistry)[number]['id'];

/** The admin screens' ids, in the navigation's order. */
export const adminScreens: readonly AdminScreen[] = /* @__PURE__ */ adminScreenRegistry.map(
  (entry) => entry.id,
);

const byId: ReadonlyMap<string, AdminScreenEntry & { id: AdminScreen }> = /* @__PURE__ */ new Map(
  adminScreenRegistry.map((entry) => [entry.id, entry]),
);

const bySegment: ReadonlyMap<string, AdminScreenEntry & { id: AdminScreen }> = /* @__PURE__ */ new Map(
  adminScreenRegistry.map((entry) => [entry.segment, entry]),
);

/** The admin screen whose path segment is `segment`, if any (exact, like URL paths). */
export function findAdminScreen(segment: string): (AdminScreenEntry & { id: AdminScreen }) | undefined {
  return bySegment.get(segment);
}

/** An admin screen's entry. */
export function adminScreen(id: AdminScreen): AdminScreenEntry & { id: AdminScreen } {
  const entry = byId.get(id);
  if (!entry) throw new Error(`No admin screen ${id}`);
  return entry;
}

/** What the public pages know of an admin screen: its id and title, keyed by its path segment. */
export type AdminScreenPages = Readonly<Record<string, { readonly id: AdminScreen; readonly title: string }>>;

/** Every admin screen's id and title by path segment: what the builds inline for the public pages (admin-screen-titles.ts). */
export function adminScreenPagesOf(): AdminScreenPages {
  return Object.fromEntries(
    adminScreenRegistry.map((entry) => [entry.segment, { id: entry.id, title: entry.title }]),
  );
}

/** An admin screen's path: '/xero', '/admin' for the quote requests. */
export function adminScreenPath(id: AdminScreen): `/${string}` {
  return `/${adminScreen(id).segment}`;
}
