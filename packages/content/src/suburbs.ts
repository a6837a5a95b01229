import { business } from './business.ts';
import { suburbServices } from './services.ts';
import type { Suburb, SuburbRegion } from './types.ts';

// Real Melbourne metropolitan suburbs and the part of the city each belongs to. The region only picks
// the intro's wording, so a suburb on a boundary is filed under whichever region reads naturally.
const table: readonly (readonly [name: string, region: SuburbRegion])[] = [
  // Inner Melbourne
  ['Melbourne CBD', 'inner'],
  ['Southbank', 'inner'],
  ['Docklands', 'inner'],
  ['East Melbourne', 'inner'],
  ['West Melbourne', 'inner'],
  ['North Melbourne', 'inner'],
  ['Carlton', 'inner'],
  ['Carlton North', 'inner'],
  ['Princes Hill', 'inner'],
  ['Parkville', 'inner'],
  ['Fitzroy', 'inner'],
  ['Fitzroy North', 'inner'],
  ['Collingwood', 'inner'],
  ['Abbotsford', 'inner'],
  ['Clifton Hill', 'inner'],
  ['Richmond', 'inner'],
  ['Cremorne', 'inner'],
  ['Burnley', 'inner'],
  ['South Yarra', 'inner'],
  ['Prahran', 'inner'],
  ['Windsor', 'inner'],
  ['Toorak', 'inner'],
  ['South Melbourne', 'inner'],
  ['Port Melbourne', 'inner'],
  ['Albert Park', 'inner'],
  ['Middle Park', 'inner'],
  ['St Kilda', 'inner'],
  ['St Kilda West', 'inner'],
  ['St Kilda East', 'inner'],
  ['Balaclava', 'inner'],
  ['Ripponlea', 'inner'],
  ['Kensington', 'inner'],
  ['Flemington', 'inner'],
  // Northern suburbs
  ['Brunswick', 'northern'],
  ['Brunswick East', 'northern'],
  ['Brunswick West', 'northern'],
  ['Coburg', 'northern'],
  ['Coburg North', 'northern'],
  ['Pascoe Vale', 'northern'],
  ['Pascoe Vale South', 'northern'],
  ['Oak Park', 'northern'],
  ['Hadfield', 'northern'],
  ['Fawkner', 'northern'],
  ['Glenroy', 'northern'],
  ['Northcote', 'northern'],
  ['Thornbury', 'northern'],
  ['Preston', 'northern'],
  ['Reservoir', 'northern'],
  ['Fairfield', 'northern'],
  ['Alphington', 'northern'],
  ['Ivanhoe', 'northern'],
  ['Ivanhoe East', 'northern'],
  ['Eaglemont', 'northern'],
  ['Heidelberg', 'northern'],
  ['Heidelberg Heights', 'northern'],
  ['Heidelberg West', 'northern'],
  ['Rosanna', 'northern'],
  ['Viewbank', 'northern'],
  ['Macleod', 'northern'],
  ['St Helena', 'northern'],
  ['Watsonia', 'northern'],
  ['Greensborough', 'northern'],
  ['Bundoora', 'northern'],
  ['Kingsbury', 'northern'],
  ['Mill Park', 'northern'],
  ['South Morang', 'northern'],
  ['Epping', 'northern'],
  ['Lalor', 'northern'],
  ['Thomastown', 'northern'],
  ['Mernda', 'northern'],
  ['Doreen', 'northern'],
  ['Eltham', 'northern'],
  ['Eltham North', 'northern'],
  ['Montmorency', 'northern'],
  ['Briar Hill', 'northern'],
  ['Diamond Creek', 'northern'],
  ['Craigieburn', 'northern'],
  ['Roxburgh Park', 'northern'],
  ['Greenvale', 'northern'],
  ['Broadmeadows', 'northern'],
  ['Dallas', 'northern'],
  ['Coolaroo', 'northern'],
  ['Meadow Heights', 'northern'],
  ['Campbellfield', 'northern'],
  ['Gladstone Park', 'northern'],
  ['Westmeadows', 'northern'],
  ['Essendon', 'northern'],
  ['Essendon North', 'northern'],
  ['Essendon West', 'northern'],
  ['Aberfeldie', 'northern'],
  ['Moonee Ponds', 'northern'],
  ['Ascot Vale', 'northern'],
  ['Travancore', 'northern'],
  ['Strathmore', 'northern'],
  ['Airport West', 'northern'],
  ['Niddrie', 'northern'],
  ['Keilor East', 'northern'],
  // Eastern suburbs
  ['Kew', 'eastern'],
  ['Kew East', 'eastern'],
  ['Hawthorn', 'eastern'],
  ['Hawthorn East', 'eastern'],
  ['Camberwell', 'eastern'],
  ['Canterbury', 'eastern'],
  ['Surrey Hills', 'eastern'],
  ['Balwyn', 'eastern'],
  ['Balwyn North', 'eastern'],
  ['Deepdene', 'eastern'],
  ['Mont Albert', 'eastern'],
  ['Mont Albert North', 'eastern'],
  ['Box Hill', 'eastern'],
  ['Box Hill North', 'eastern'],
  ['Box Hill South', 'eastern'],
  ['Blackburn', 'eastern'],
  ['Blackburn North', 'eastern'],
  ['Blackburn South', 'eastern'],
  ['Nunawading', 'eastern'],
  ['Mitcham', 'eastern'],
  ['Vermont', 'eastern'],
  ['Vermont South', 'eastern'],
  ['Forest Hill', 'eastern'],
  ['Burwood', 'eastern'],
  ['Burwood East', 'eastern'],
  ['Ashburton', 'eastern'],
  ['Ashwood', 'eastern'],
  ['Glen Iris', 'eastern'],
  ['Malvern', 'eastern'],
  ['Malvern East', 'eastern'],
  ['Armadale', 'eastern'],
  ['Kooyong', 'eastern'],
  ['Doncaster', 'eastern'],
  ['Doncaster East', 'eastern'],
  ['Templestowe', 'eastern'],
  ['Templestowe Lower', 'eastern'],
  ['Bulleen', 'eastern'],
  ['Donvale', 'eastern'],
  ['Park Orchards', 'eastern'],
  ['Warrandyte', 'eastern'],
  ['Ringwood', 'eastern'],
  ['Ringwood East', 'eastern'],
  ['Ringwood North', 'eastern'],
  ['Heathmont', 'eastern'],
  ['Croydon', 'eastern'],
  ['Croydon North', 'eastern'],
  ['Mooroolbark', 'eastern'],
  ['Kilsyth', 'eastern'],
  ['Chirnside Park', 'eastern'],
  ['Lilydale', 'eastern'],
  ['Bayswater', 'eastern'],
  ['Bayswater North', 'eastern'],
  ['Boronia', 'eastern'],
  ['Ferntree Gully', 'eastern'],
  ['Wantirna', 'eastern'],
  ['Wantirna South', 'eastern'],
  ['Knoxfield', 'eastern'],
  ['Scoresby', 'eastern'],
  ['Rowville', 'eastern'],
  // South-eastern suburbs
  ['Glen Waverley', 'south-eastern'],
  ['Mount Waverley', 'south-eastern'],
  ['Wheelers Hill', 'south-eastern'],
  ['Mulgrave', 'south-eastern'],
  ['Chadstone', 'south-eastern'],
  ['Oakleigh', 'south-eastern'],
  ['Oakleigh East', 'south-eastern'],
  ['Oakleigh South', 'south-eastern'],
  ['Huntingdale', 'south-eastern'],
  ['Clayton', 'south-eastern'],
  ['Clayton South', 'south-eastern'],
  ['Notting Hill', 'south-eastern'],
  ['Carnegie', 'south-eastern'],
  ['Murrumbeena', 'south-eastern'],
  ['Hughesdale', 'south-eastern'],
  ['Caulfield', 'south-eastern'],
  ['Caulfield North', 'south-eastern'],
  ['Caulfield East', 'south-eastern'],
  ['Caulfield South', 'south-eastern'],
  ['Glen Huntly', 'south-eastern'],
  ['Elsternwick', 'south-eastern'],
  ['Ormond', 'south-eastern'],
  ['McKinnon', 'south-eastern'],
  ['Bentleigh', 'south-eastern'],
  ['Bentleigh East', 'south-eastern'],
  ['Moorabbin', 'south-eastern'],
  ['Heatherton', 'south-eastern'],
  ['Dingley Village', 'south-eastern'],
  ['Springvale', 'south-eastern'],
  ['Springvale South', 'south-eastern'],
  ['Noble Park', 'south-eastern'],
  ['Noble Park North', 'south-eastern'],
  ['Keysborough', 'south-eastern'],
  ['Dandenong', 'south-eastern'],
  ['Dandenong North', 'south-eastern'],
  ['Doveton', 'south-eastern'],
  ['Endeavour Hills', 'south-eastern'],
  ['Hallam', 'south-eastern'],
  ['Narre Warren', 'south-eastern'],
  ['Narre Warren South', 'south-eastern'],
  ['Berwick', 'south-eastern'],
  ['Hampton Park', 'south-eastern'],
  ['Lynbrook', 'south-eastern'],
  ['Lyndhurst', 'south-eastern'],
  ['Cranbourne', 'south-eastern'],
  ['Cranbourne North', 'south-eastern'],
  // Bayside
  ['Elwood', 'bayside'],
  ['Brighton', 'bayside'],
  ['Brighton East', 'bayside'],
  ['Hampton', 'bayside'],
  ['Hampton East', 'bayside'],
  ['Sandringham', 'bayside'],
  ['Highett', 'bayside'],
  ['Cheltenham', 'bayside'],
  ['Black Rock', 'bayside'],
  ['Beaumaris', 'bayside'],
  ['Mentone', 'bayside'],
  ['Parkdale', 'bayside'],
  ['Mordialloc', 'bayside'],
  ['Aspendale', 'bayside'],
  ['Edithvale', 'bayside'],
  ['Chelsea', 'bayside'],
  ['Bonbeach', 'bayside'],
  ['Carrum', 'bayside'],
  ['Seaford', 'bayside'],
  ['Frankston', 'bayside'],
  // Western suburbs
  ['Footscray', 'western'],
  ['West Footscray', 'western'],
  ['Seddon', 'western'],
  ['Yarraville', 'western'],
  ['Kingsville', 'western'],
  ['Spotswood', 'western'],
  ['Newport', 'western'],
  ['Williamstown', 'western'],
  ['Williamstown North', 'western'],
  ['Brooklyn', 'western'],
  ['Altona', 'western'],
  ['Altona North', 'western'],
  ['Altona Meadows', 'western'],
  ['Seabrook', 'western'],
  ['Point Cook', 'western'],
  ['Laverton', 'western'],
  ['Williams Landing', 'western'],
  ['Hoppers Crossing', 'western'],
  ['Werribee', 'western'],
  ['Tarneit', 'western'],
  ['Truganina', 'western'],
  ['Maidstone', 'western'],
  ['Maribyrnong', 'western'],
  ['Tottenham', 'western'],
  ['Braybrook', 'western'],
  ['Sunshine', 'western'],
  ['Sunshine North', 'western'],
  ['Sunshine West', 'western'],
  ['Albion', 'western'],
  ['Ardeer', 'western'],
  ['Avondale Heights', 'western'],
  ['St Albans', 'western'],
  ['Kings Park', 'western'],
  ['Deer Park', 'western'],
  ['Cairnlea', 'western'],
  ['Derrimut', 'western'],
  ['Caroline Springs', 'western'],
  ['Burnside Heights', 'western'],
  ['Hillside', 'western'],
  ['Taylors Lakes', 'western'],
  ['Delahey', 'western'],
  ['Sydenham', 'western'],
  ['Keilor', 'western'],
  ['Keilor Downs', 'western'],
  ['Keilor Park', 'western'],
];

type Template = (name: string) => string;

// Three wordings per region, chosen by the suburb's name, so neighbouring pages do not read the
// same. Each says only what is true of every suburb in the region: no landmarks or statistics.
const introTemplates: Record<SuburbRegion, readonly Template[]> = {
  inner: [
    (n) =>
      `${n} is part of inner Melbourne, where busy weeks leave little time for housework. Our local cleaners look after apartments, homes and offices across ${n}.`,
    (n) =>
      `Whether you rent an apartment or own a home in ${n}, our team can take the cleaning off your list. We offer regular, deep and end of lease cleans throughout inner Melbourne.`,
    (n) =>
      `Inner-city life in ${n} moves quickly, so we make booking a clean simple. Our insured cleaners bring their own eco-friendly supplies to every job in ${n}.`,
  ],
  northern: [
    (n) =>
      `${n} is one of Melbourne's northern suburbs, with a mix of family homes, rentals and local businesses. Our cleaners cover ${n} for regular, deep and end of lease cleaning.`,
    (n) =>
      `Our team cleans homes and offices right across Melbourne's north, ${n} included. Book a one-off deep clean or a recurring service that fits your week.`,
    (n) =>
      `Busy households and small businesses in ${n} can hand the cleaning to us. We serve ${n} and the surrounding northern suburbs with friendly, insured cleaners.`,
  ],
  eastern: [
    (n) =>
      `${n} is one of Melbourne's eastern suburbs, and our cleaners know the area well. We look after family homes, units and offices right across ${n}.`,
    (n) =>
      `Keeping a home in ${n} spotless takes time most of us don't have. Our insured team provides regular, deep and end of lease cleaning across Melbourne's east.`,
    (n) =>
      `From weekly cleans to a one-off spring clean, we help households in ${n} and the neighbouring eastern suburbs stay on top of the housework.`,
  ],
  'south-eastern': [
    (n) =>
      `${n} is part of Melbourne's south-east, with homes, rentals and businesses of every size. Our local cleaners offer regular, deep and end of lease cleaning across ${n}.`,
    (n) =>
      `Families and businesses in ${n} can book a friendly, insured cleaner in a few quick steps. We cover ${n} and the wider south-east of Melbourne.`,
    (n) =>
      `Whether you're moving out of a rental or just need a hand with the weekly clean, our team serves ${n} and the surrounding south-eastern suburbs.`,
  ],
  bayside: [
    (n) =>
      `${n} is one of Melbourne's bayside suburbs. Our cleaners keep homes and apartments in ${n} fresh, from regular visits to end of lease cleans.`,
    (n) =>
      `Bayside living in ${n} is easier when someone else handles the cleaning. We offer flexible one-off and recurring cleans for homes and offices in ${n}.`,
    (n) =>
      `Our team cleans homes, rentals and offices along Melbourne's bayside, including ${n}. Every clean is backed by our satisfaction guarantee.`,
  ],
  western: [
    (n) =>
      `${n} is in Melbourne's west, where established neighbourhoods sit alongside newer estates. Our cleaners cover ${n} for homes, rentals and offices.`,
    (n) =>
      `Looking for reliable cleaners in ${n}? Our insured team serves Melbourne's western suburbs with regular, deep and end of lease cleaning.`,
    (n) =>
      `Whatever the size of your home in ${n}, it gets the same careful clean from our team. We bring our own eco-friendly supplies to every job in Melbourne's west.`,
  ],
};

// One wording chosen by the suburb's name; if it is too long for a long name, the next is tried,
// and the last resort is short enough for any name.
const descriptionTemplates: readonly Template[] = [
  (n) =>
    `Professional cleaning in ${n}, Melbourne. Regular, deep and end of lease cleans by insured local cleaners. Get a free, no-obligation quote.`,
  (n) =>
    `Need cleaners in ${n}? House, office, carpet, window and oven cleaning, with same day service available. Free quotes from ${business.name}.`,
  (n) =>
    `Trusted house cleaning in ${n}, VIC: regular, deep, end of lease, carpet and oven cleans, backed by our satisfaction guarantee. Free quotes.`,
  (n) =>
    `Cleaning services in ${n}, Melbourne: homes, rentals and offices cleaned by insured locals with eco-friendly products. Request a free quote.`,
];
const shortDescription: Template = (n) =>
  `Cleaning services in ${n}, Melbourne: regular, deep and end of lease cleans. Free quotes.`;

const titleTemplates: readonly Template[] = [
  (n) => `${n} Cleaning Services | ${business.name}`,
  (n) => `${n} Cleaners | ${business.name}`,
  (n) => `${n} Cleaning | ${business.name}`,
];

const MAX_TITLE = 60;
const MAX_DESCRIPTION = 160;

// A small stable string hash: the wording a suburb gets must not change between builds, or search
// engines would see the page text churn for no reason.
function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) >>> 0;
  return h;
}

function pick<T>(items: readonly T[], index: number): T {
  const item = items[index % items.length];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

// The first candidate within `max`, else the shortest: a length limit is a goal, never a crash.
function fitting(candidates: readonly string[], max: number): string {
  const fit = candidates.find((text) => text.length <= max);
  return fit ?? candidates.reduce((a, b) => (b.length < a.length ? b : a));
}

/**
 * The URL slug of a suburb name: lower-cased, spaces to hyphens, apostrophes and dots removed.
 * 'St Kilda' → 'st-kilda'.
 */
export function suburbSlug(name: string): string {
  return name.toLowerCase().replace(/['’.]/g, '').trim().replace(/\s+/g, '-');
}

function buildSuburb(name: string, region: SuburbRegion): Suburb {
  const h = hash(name);
  const descriptionStart = (h >>> 8) % descriptionTemplates.length;
  const descriptions = [
    ...descriptionTemplates.map((_, i) => pick(descriptionTemplates, descriptionStart + i)(name)),
    shortDescription(name),
  ];
  return {
    slug: suburbSlug(name),
    name,
    intro: pick(introTemplates[region], h)(name),
    metaTitle: fitting(
      titleTemplates.map((template) => template(name)),
      MAX_TITLE,
    ),
    metaDescription: fitting(descriptions, MAX_DESCRIPTION),
    services: suburbServices,
  };
}

/**
 * Every suburb with a landing page at `/{slug}`, in table order (grouped by region). One source for
 * the suburb pages, the locations screen and sitemap.xml.
 */
export const suburbs: readonly Suburb[] = table.map(([name, region]) => buildSuburb(name, region));

const suburbsBySlug: ReadonlyMap<string, Suburb> = new Map(suburbs.map((suburb) => [suburb.slug, suburb]));

/** All suburb slugs, in the same order as {@link suburbs}. */
export const suburbSlugs: readonly string[] = suburbs.map((suburb) => suburb.slug);

/**
 * The suburb with this slug, or `undefined` when there is none (the route then shows the 404 page).
 * Exact match: slugs are lower-case.
 */
export function findSuburb(slug: string): Suburb | undefined {
  return suburbsBySlug.get(slug);
}
