/**
 * Tools, crawlers and headless browsers, by their user agent. A browser presenting an ordinary
 * Chrome, Safari or Firefox user agent is counted (judged by user agent only).
 */
const AUTOMATED =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|headless|phantomjs|lighthouse|pagespeed|gtmetrix|pingdom|uptime|monitor|puppeteer|playwright|selenium|webdriver|curl\/|wget\/|python|httpclient|java\/|go-http|node-fetch|undici|axios|okhttp|libwww|scrapy|facebookexternalhit|whatsapp|embedly|preview|validator|feedfetcher|google-read-aloud/i;

/** A browser engine an ordinary visitor uses. */
const BROWSER = /^Mozilla\/5\.0 .*(Chrome|CriOS|Safari|Firefox|FxiOS|Edg)\//;

/** True when the user agent is an ordinary browser's, not a bot's, tool's or headless browser's. */
export function isCountedUserAgent(userAgent: string | undefined): boolean {
  if (!userAgent || userAgent.length > 512) return false;
  return BROWSER.test(userAgent) && !AUTOMATED.test(userAgent);
}

/**
 * Software that says what it is: crawlers, link previewers, mail scanners, HTTP libraries and
 * monitors. A headless browser is not among them: it renders pages as a person's browser does.
 */
const KNOWN_BOT =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|lighthouse|pagespeed|gtmetrix|pingdom|uptime|monitor|curl\/|wget\/|python|httpclient|java\/|go-http|node-fetch|undici|axios|okhttp|libwww|scrapy|facebookexternalhit|whatsapp|embedly|preview|validator|feedfetcher|google-read-aloud|scanner|safelinks/i;

/**
 * True when a browser engine asked and it is not a known bot: a customer opening their quote's link
 * (a link previewer or mail scanner fetching it is not a view). Unlike {@link isCountedUserAgent},
 * headless and automated browsers count: what matters is that a browser showed the page, not who
 * drove it.
 */
export function isBrowserNotKnownBot(userAgent: string | undefined): boolean {
  if (!userAgent || userAgent.length > 512) return false;
  return BROWSER.test(userAgent) && !KNOWN_BOT.test(userAgent);
}

/** True when the visitor asked not to be tracked: Global Privacy Control or Do Not Track. */
export function optedOut(headers: { get(name: string): string | null | undefined }): boolean {
  return headers.get('Sec-GPC')?.trim() === '1' || headers.get('DNT')?.trim() === '1';
}

/** The device class from the viewport width in CSS pixels. */
export function deviceClass(width: number | undefined): 'mobile' | 'tablet' | 'desktop' {
  if (width === undefined || !Number.isFinite(width) || width <= 0) return 'desktop';
  if (width < 768) return 'mobile';
  if (width < 1024) return 'tablet';
  return 'desktop';
}
