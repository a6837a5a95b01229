import { parseQuoteFormState } from '@cleanquote/quote-wizard/no-script-form';
import { describe, expect, it } from 'vitest';
import { render } from './entry-server.tsx';

const options = { publicUrl: 'http://localhost:3000' };

/** The markup of the wizard's Next button. */
const nextButton = (html: string) => /<button[^>]*>Next<\/button>/.exec(html)?.[0] ?? '';

describe('render /service-form for the wizard without script (docs/decisions/0009)', () => {
  it('serves a form that posts to the page, pre-filled, with Next never disabled', () => {
    const { status, html } = render('/service-form?service=window-cleaning&suburb=box-hill', options);
    expect(status).toBe(200);
    expect(html).toMatch(/<form[^>]*action="\/service-form"[^>]*method="post"/);
    expect(html).toMatch(
      /<input(?=[^>]*name="serviceType")(?=[^>]*value="window-clean")(?=[^>]*checked="")[^>]*>/,
    );
    expect(html).toContain('<input type="hidden" name="address" value="Box Hill, VIC"/>');
    expect(nextButton(html)).not.toMatch(/disabled/);
    // The same page for every visitor: no key and no state of anyone's.
    expect(html).not.toContain('name="idempotencyKey"');
    expect(html).not.toContain('quote-form-state');
  });

  it('renders the state the server decided, and carries it for hydration as inert, escaped JSON', () => {
    const state = parseQuoteFormState({
      version: 1,
      answers: { serviceType: 'oven-clean', name: '</script><script>alert(1)</script>' },
      stepIndex: 1,
      idempotencyKey: 'form-key-1234-5678',
      showErrors: true,
    });
    const { status, html } = render('/service-form', { ...options, quoteForm: state });
    expect(status).toBe(200);
    expect(html).toContain('Step 2 of 6');
    expect(html).toContain('Tell us about your oven');
    expect(html).toContain('Choose your oven size');
    expect(html).toContain('<input type="hidden" name="idempotencyKey" value="form-key-1234-5678"/>');
    const script = /<script type="application\/json" id="quote-form-state">([^<]*)<\/script>/.exec(html);
    expect(script).not.toBeNull();
    expect(JSON.parse(script?.[1] ?? '')).toMatchObject({
      stepIndex: 1,
      idempotencyKey: 'form-key-1234-5678',
    });
    expect(html).not.toContain('<script>alert(1)');
    expect(nextButton(html)).not.toMatch(/disabled/);
  });
});
