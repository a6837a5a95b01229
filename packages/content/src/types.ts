/** A Melbourne suburb with its own landing page at /{slug}. */
export interface Suburb {
  /** Lower-case, hyphen-separated, unique; never a reserved first-path word. */
  slug: string;
  /** Display name, e.g. 'South Yarra'. */
  name: string;
  /** One or two sentences for the top of the suburb page. */
  intro: string;
  /** The page's <title>. */
  metaTitle: string;
  /** The page's meta description (≤ 160 characters). */
  metaDescription: string;
  /** Services offered there (every suburb offers the same 8). */
  services: readonly string[];
}

/** A person on the team who can be emailed through the contact dialog. */
export interface TeamMember {
  /** Stable identifier the browser sends; the server resolves the address from it. */
  id: string;
  name: string;
  /** Title shown in the dialog: 'Founder' or 'Sales Manager'. */
  title: string;
  role: string;
  phone: string;
  email: string;
  bio: string;
  /** Path of the placeholder photo under the site's public folder. */
  photo: string;
}

/** A service card on the home page and the suburb pages. */
export interface ServiceCard {
  title: string;
  /** The title lower-cased, spaces to hyphens, other non-alphanumerics removed. */
  slug: string;
  description: string;
  /** Name of the icon the site draws for it. */
  icon: string;
}

export interface FaqEntry {
  question: string;
  answer: string;
}

export interface PolicySection {
  heading: string;
  /** Paragraphs of the section. */
  body: readonly string[];
}

export interface GalleryItem {
  id: string;
  title: string;
  description: string;
  beforeImage: string;
  afterImage: string;
}

/** The business's public details: one place for everything pages, emails and structured data print. */
export interface BusinessInfo {
  name: string;
  /** Display form of the business phone number. */
  phone: string;
  /** `tel:` link for the business phone number (E.164). */
  phoneHref: string;
  email: string;
  customerServiceEmail: string;
  /** Australian Business Number, display form. */
  abn: string;
  city: string;
  region: string;
  /** ISO 3166-1 alpha-2 country code. */
  country: string;
  /** Fixed point used in local-business structured data (Melbourne centre). */
  geo: { readonly latitude: number; readonly longitude: number };
  /** Areas named in the footer, before 'and surrounding areas'. */
  areasServed: readonly string[];
  /** Web search for the business's reviews; the fallback link when the widget cannot load. */
  reviewsUrl: string;
  /** Address of the third-party reviews widget loaded in a sandboxed frame. */
  reviewsWidgetUrl: string;
  bannerText: string;
  defaultMetaTitle: string;
  defaultMetaDescription: string;
  /** Comma-separated, ready for `<meta name="keywords">`. */
  defaultKeywords: string;
}

/** Who an email dialog can address: a team member or the customer service team. */
export interface Recipient {
  id: string;
  name: string;
  title: string;
  email: string;
}

/** A short titled point, e.g. one 'Why choose us' item. */
export interface Highlight {
  title: string;
  description: string;
  /** Name of the icon the site draws for it. */
  icon: string;
}

/** A legal page: terms or privacy policy. */
export interface PolicyDocument {
  /** Display date, e.g. 'July 19, 2025'. */
  lastUpdated: string;
  sections: readonly PolicySection[];
}

/** The part of Melbourne a suburb belongs to; picks the wording of its intro. */
export type SuburbRegion = 'inner' | 'northern' | 'eastern' | 'south-eastern' | 'bayside' | 'western';
