import { createHash } from 'node:crypto';
import { business, faq, services, suburbs } from '@cleanquote/content';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, render } from './entry-server.tsx';

const options = { publicUrl: 'http://localhost:3000' };

/** Count of `<h1` tags in the markup. */
const h1Count = (html: string) => html.match(/<h1[\s>]/g)?.length ?? 0;

describe('render', () => {
  it('renders the home page hero with the quote and phone links', () => {
    const { status, head, html } = render('/', options);
    expect(status).toBe(200);
    expect(h1Count(html)).toBe(1);
    expect(html).toMatch(/<a[^>]*href="\/service-form"[^>]*>Get Your FREE Quote<\/a>/);
    expect(html).toContain(
      `href="${business.phoneHref}" class="button button--outline">Call ${business.phone}</a>`,
    );
    expect(html).toContain(business.bannerText);
    expect(head).toContain('<link rel="canonical" href="http://localhost:3000/"');
  });

  it('serves every home page section in the HTML: team, gallery, reviews frame, FAQ, newsletter', () => {
    const { html } = render('/', options);
    expect(html).toContain('aria-label="Before and after: Bathroom Shower Cleaning"');
    expect(html.match(/role="slider"/g)).toHaveLength(3);
    expect(html.match(/aria-valuenow="50"/g)).toHaveLength(3);
    expect(html).toMatch(/<iframe[^>]*height="400"[^>]*loading="lazy"[^>]*sandbox="allow-scripts/);
    expect(html).toContain('View All Google Reviews');
    expect(html.match(/<details name="faq" class="faq__item">/g)).toHaveLength(12);
    expect(html).toContain(faq[11]?.answer);
    expect(html).toContain('>Subscribe</button>');
    // HTML attribute names are case-insensitive; React writes this one as popoverTarget.
    expect(html).toMatch(/popovertarget="site-menu" aria-controls="site-menu"/i);
    expect(html).toContain('<ul id="site-menu" class="site-nav__list" popover="auto">');
  });

  it('links each service card to the wizard with its slug', () => {
    const { html } = render('/', options);
    expect(services).toHaveLength(8);
    for (const service of services) expect(html).toContain(`href="/service-form?service=${service.slug}"`);
  });

  it('uses in-page section links on the home page and page links elsewhere', () => {
    const home = render('/', options).html;
    expect(home).toContain('href="#services"');
    expect(home).toContain('id="services"');
    expect(home).toContain('id="about"');
    expect(home).toContain('id="contact"');
    const team = render('/team', options).html;
    expect(team).toContain('href="/#services"');
    expect(team).toContain('href="/#about"');
    expect(team).toContain('href="/#contact"');
    expect(team).toContain('href="/service-form"');
  });

  it.each(['/no-such-page', '/api-docs-x', '/dashboardx', '/sitemap.xml', '/api', '/no-such-suburb-here'])(
    "answers 404 with the site's not-found page for %s",
    (url) => {
      const { status, head, html } = render(url, options);
      expect(status).toBe(404);
      expect(html).toContain('Page Not Found');
      expect(html).toContain('Did you forget to add the page to the router?');
      expect(head).toContain('noindex');
    },
  );

  it('treats a doubled leading slash as a path, not a host', () => {
    expect(render('//team', options).status).toBe(404);
    expect(render('//evil.example/team', options).status).toBe(404);
  });

  it('accepts an absolute URL and ignores its origin', () => {
    const { status, html } = render('https://www.example.com.au/team?x=1', options);
    expect(status).toBe(200);
    expect(html).toContain('<h1>Meet the Team</h1>');
  });

  it('renders a suburb page with its meta and booking link', () => {
    const suburb = suburbs[0];
    if (!suburb) throw new Error('no suburbs');
    const { status, head, html } = render(`/${suburb.slug}`, options);
    expect(status).toBe(200);
    expect(html).toContain(suburb.name);
    expect(html).toContain(`href="/service-form?suburb=${suburb.slug}"`);
    expect(html).toContain('Book Now - Free Quote');
    expect(head).toContain(`href="http://localhost:3000/${suburb.slug}"`);
    expect(head).toContain('application/ld+json');
  });

  it('renders the fixed pages with exactly one h1 each', () => {
    const expected: Record<string, string> = {
      '/team': 'Meet the Team',
      '/service-form?service=deep-cleaning': 'Get Your Cleaning Quote',
      '/thank-you': 'Thank You!',
      '/terms': 'Terms &amp; Conditions',
      '/privacy': 'Privacy Policy',
    };
    for (const [url, heading] of Object.entries(expected)) {
      const { status, html } = render(url, options);
      expect(status).toBe(200);
      expect(h1Count(html)).toBe(1);
      expect(html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
    }
    expect(render('/thank-you', options).html).toContain(
      'Your quote request has been submitted successfully',
    );
    expect(render('/terms', options).html).toContain('Last updated July 19, 2025');
  });

  it('sends every admin screen as the same Loading document: no screen, no admin data', () => {
    const loading = render('/dashboard', options).html;
    expect(loading).toContain('Loading');
    expect(h1Count(loading)).toBe(0);
    for (const url of [
      '/admin',
      '/email-test',
      '/client-email-test',
      '/analytics',
      '/xero',
      '/locations?x=1',
    ]) {
      const { status, html } = render(url, options);
      expect(status).toBe(200);
      expect(html, url).toBe(loading);
    }
  });

  it('tells a visitor without scripts that the admin area needs JavaScript', () => {
    expect(render('/dashboard', options).html).toContain(
      '<noscript><p class="admin-noscript">The admin area needs JavaScript. Please turn it on and reload this page.</p></noscript>',
    );
  });

  it('rewrites the home page meta for ?location=', () => {
    const { head } = render('/?location=south-yarra', options);
    expect(head).toContain('South Yarra');
    expect(head).toContain('href="http://localhost:3000/?location=south-yarra"');
  });

  it('puts the first-tap script first in the head, and every inline script it serves has its CSP hash', () => {
    for (const url of ['/', '/team', '/south-yarra', '/no-such-page']) {
      const { head, html } = render(url, options);
      expect(head.startsWith('<script>'), url).toBe(true);
      // Executable inline scripts only: JSON-LD and the suburb page's JSON are data blocks, which
      // browsers never run and the CSP does not govern.
      const scripts = [
        ...`${head}${html}`.matchAll(
          /<script(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g,
        ),
      ];
      expect(scripts.length, url).toBe(1);
      for (const [, text = ''] of scripts) {
        const hash = `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
        expect(inlineScriptHashes, url).toContain(hash);
      }
    }
  });
});
