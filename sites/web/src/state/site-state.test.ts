import { customerService, team } from '@cleanquote/content';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  closeContactDialog,
  comparisonPosition,
  contactRecipient,
  contactSending,
  dismissToast,
  newsletterStatus,
  openContactDialog,
  resetSiteState,
  setComparisonPosition,
  showToast,
  submitContactMessage,
  subscribeToNewsletter,
  TOAST_REMOVE_DELAY_MS,
  toasts,
} from './site-state.ts';

const [founder] = team;
if (!founder) throw new Error('no team');

const filled = {
  senderName: ' Jo Client ',
  senderEmail: 'jo@client.example',
  senderPhone: '',
  subject: '  ',
  message: 'Can you clean on Friday?',
};

function answer(status: number) {
  return vi.fn(async () => new Response(status >= 400 ? 'down' : '{}', { status }));
}

beforeEach(() => {
  resetSiteState();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows one at a time: a new toast replaces the one showing', () => {
    showToast({ title: 'First', description: 'one' });
    const second = showToast({ title: 'Second', description: 'two', variant: 'destructive' });
    expect(toasts.value).toEqual([
      { id: second, title: 'Second', description: 'two', variant: 'destructive', open: true },
    ]);
  });

  it('closes a dismissed toast at once and removes it 1,000,000 ms later', () => {
    vi.useFakeTimers();
    const id = showToast({ title: 'Hello', description: 'there' });
    dismissToast(id);
    expect(toasts.value[0]?.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(toasts.value).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toasts.value).toHaveLength(0);
  });
});

describe('the contact dialog', () => {
  it('opens for a recipient and clears the recipient on close', () => {
    openContactDialog(founder);
    expect(contactRecipient.value).toBe(founder);
    closeContactDialog();
    expect(contactRecipient.value).toBeNull();
  });

  it.each(['senderName', 'senderEmail', 'message'] as const)(
    'refuses an empty %s with the Missing Information toast and sends nothing',
    async (field) => {
      const fetch = answer(201);
      vi.stubGlobal('fetch', fetch);
      openContactDialog(founder);
      expect(await submitContactMessage({ ...filled, [field]: '   ' })).toBe('incomplete');
      expect(fetch).not.toHaveBeenCalled();
      expect(toasts.value[0]).toMatchObject({
        title: 'Missing Information',
        description: 'Please fill in all required fields.',
        variant: 'destructive',
      });
      expect(contactRecipient.value).toBe(founder);
    },
  );

  it('sends the trimmed fields and the recipient, is busy meanwhile, then closes with Message Sent!', async () => {
    const fetch = answer(201);
    vi.stubGlobal('fetch', fetch);
    openContactDialog(founder);
    const sending = submitContactMessage(filled);
    expect(contactSending.value).toBe(true);
    expect(await submitContactMessage(filled)).toBe('busy');
    expect(await sending).toBe('sent');
    expect(contactSending.value).toBe(false);
    expect(contactRecipient.value).toBeNull();
    expect(toasts.value[0]).toMatchObject({
      title: 'Message Sent!',
      description: `Your message has been sent to ${founder.name}. They'll get back to you soon!`,
      variant: 'default',
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/team-contact');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      senderName: 'Jo Client',
      senderEmail: 'jo@client.example',
      message: 'Can you clean on Friday?',
      recipientId: founder.id,
      recipientName: founder.name,
      recipientEmail: founder.email,
    });
  });

  it('lets an answer that comes after the page was reset touch nothing: the dialog opened since stays open and idle', async () => {
    let answerLate: (response: Response) => void = () => undefined;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answerLate = resolve)));
    vi.stubGlobal('fetch', fetch);
    openContactDialog(founder);
    const sending = submitContactMessage(filled);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    resetSiteState();
    openContactDialog(founder);
    answerLate(new Response('{}', { status: 201 }));
    expect(await sending).toBe('sent');
    expect(contactRecipient.value).toBe(founder);
    expect(contactSending.value).toBe(false);
    expect(toasts.value).toEqual([]);
  });

  it.each([
    ['a non-success answer', () => answer(500)],
    ['a network error', () => vi.fn(async () => Promise.reject(new TypeError('offline')))],
  ])('keeps the dialog open with the Error toast on %s', async (_label, makeFetch) => {
    vi.stubGlobal('fetch', makeFetch());
    openContactDialog(customerService);
    expect(await submitContactMessage(filled)).toBe('failed');
    expect(contactRecipient.value).toBe(customerService);
    expect(contactSending.value).toBe(false);
    expect(toasts.value[0]).toMatchObject({
      title: 'Error',
      description: 'Failed to send message. Please try again or call directly.',
      variant: 'destructive',
    });
  });
});

describe('the newsletter', () => {
  it.each(['', '   ', 'jo.example.com'])('refuses %j with Invalid Email and sends nothing', async (email) => {
    const fetch = answer(202);
    vi.stubGlobal('fetch', fetch);
    await subscribeToNewsletter(email);
    expect(fetch).not.toHaveBeenCalled();
    expect(newsletterStatus.value).toBe('idle');
    expect(toasts.value[0]).toMatchObject({
      title: 'Invalid Email',
      description: 'Please enter a valid email address',
    });
  });

  it('goes idle → submitting → subscribed, with Success!', async () => {
    const fetch = answer(202);
    vi.stubGlobal('fetch', fetch);
    const pending = subscribeToNewsletter(' jo@example.com ');
    expect(newsletterStatus.value).toBe('submitting');
    await pending;
    expect(newsletterStatus.value).toBe('subscribed');
    expect(JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({
      email: 'jo@example.com',
    });
    expect(toasts.value[0]).toMatchObject({
      title: 'Success!',
      description: "You've been subscribed to our newsletter.",
    });
  });

  it('goes back to the form with Error when the sign-up fails', async () => {
    vi.stubGlobal('fetch', answer(400));
    await subscribeToNewsletter('jo@example.com');
    expect(newsletterStatus.value).toBe('idle');
    expect(toasts.value[0]).toMatchObject({
      title: 'Error',
      description: 'Failed to subscribe. Please try again.',
      variant: 'destructive',
    });
  });
});

describe('the gallery', () => {
  it('starts each slider at 50 % and clamps it to whole percents between 0 and 100', () => {
    expect(comparisonPosition('a').value).toBe(50);
    setComparisonPosition('a', 12.6);
    expect(comparisonPosition('a').value).toBe(13);
    setComparisonPosition('a', -20);
    expect(comparisonPosition('a').value).toBe(0);
    setComparisonPosition('a', 180);
    expect(comparisonPosition('a').value).toBe(100);
    setComparisonPosition('a', Number.NaN);
    expect(comparisonPosition('a').value).toBe(50);
    expect(comparisonPosition('b').value).toBe(50);
  });
});
