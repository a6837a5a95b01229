import type { QuoteRequest } from '@cleanquote/quote-core';
import { describe, expect, it, vi } from 'vitest';
import { createFetchSubmitQuote, SUBMIT_MESSAGES } from './submit-quote.ts';

const request = { serviceType: 'regular-clean', name: 'Alex' } as unknown as QuoteRequest;
const submission = { request, idempotencyKey: 'key-12345678' };

function answer(status: number, body: unknown) {
  return vi.fn<typeof fetch>(async () =>
    typeof body === 'string' ? new Response(body, { status }) : Response.json(body, { status }),
  );
}

const signal = () => new AbortController().signal;

describe('createFetchSubmitQuote', () => {
  it('POSTs the JSON request with the idempotency and partner keys and resolves the reference', async () => {
    const fetchStub = answer(201, { reference: 'CQ-7KX4M2QH' });
    const submit = createFetchSubmitQuote({ apiBaseUrl: 'https://quotes.example.com.au/', fetch: fetchStub });
    const result = await submit({ ...submission, partnerKey: 'agency-1' }, { signal: signal() });
    expect(result).toEqual({ reference: 'CQ-7KX4M2QH' });
    const [url, init] = fetchStub.mock.calls[0] ?? [];
    expect(url).toBe('https://quotes.example.com.au/api/service-form');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual(request);
    expect(init?.headers).toMatchObject({
      'Content-Type': 'application/json',
      'Idempotency-Key': 'key-12345678',
      'X-Partner-Key': 'agency-1',
    });
    expect(init?.credentials).toBe('omit');
  });

  it("sends the partner's reference beside the request, and only with a partner key", async () => {
    const fetchStub = answer(201, { reference: 'CQ-7KX4M2QH' });
    const submit = createFetchSubmitQuote({ fetch: fetchStub });
    await submit({ ...submission, partnerKey: 'agency-1', partnerRef: 'case-123' }, { signal: signal() });
    await submit({ ...submission, partnerRef: 'case-123' }, { signal: signal() });
    const bodies = fetchStub.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as unknown);
    expect(bodies).toEqual([{ ...request, partnerRef: 'case-123' }, request]);
  });

  it('uses the same origin by default and sends no partner header without a key', async () => {
    const fetchStub = answer(201, { reference: 'CQ-7KX4M2QH' });
    await createFetchSubmitQuote({ fetch: fetchStub })(submission, { signal: signal() });
    const [url, init] = fetchStub.mock.calls[0] ?? [];
    expect(url).toBe('/api/service-form');
    expect(init?.headers).not.toHaveProperty('X-Partner-Key');
  });

  it('never resolves without a reference', async () => {
    const submit = createFetchSubmitQuote({ fetch: answer(201, { ok: true }) });
    await expect(submit(submission, { signal: signal() })).rejects.toThrow(SUBMIT_MESSAGES.noReference);
  });

  it('names the fields the server refused', async () => {
    const fetchStub = answer(400, {
      error: 'Please check the highlighted fields.',
      fields: { email: 'Enter a valid email address', phone: 'Enter a phone number with at least 8 digits' },
    });
    await expect(
      createFetchSubmitQuote({ fetch: fetchStub })(submission, { signal: signal() }),
    ).rejects.toThrow(
      'Please check your answers: Enter a valid email address; Enter a phone number with at least 8 digits.',
    );
  });

  it("uses the server's message for other refusals and a clear fallback for server errors", async () => {
    const tooMany = answer(429, { error: 'Too many requests. Please wait a moment and try again.' });
    await expect(
      createFetchSubmitQuote({ fetch: tooMany })(submission, { signal: signal() }),
    ).rejects.toThrow('Too many requests. Please wait a moment and try again.');
    const broken = answer(500, '<html>oops</html>');
    await expect(createFetchSubmitQuote({ fetch: broken })(submission, { signal: signal() })).rejects.toThrow(
      SUBMIT_MESSAGES.server(500),
    );
  });

  it('fails straight away when the browser is offline', async () => {
    const fetchStub = answer(201, { reference: 'CQ-7KX4M2QH' });
    const submit = createFetchSubmitQuote({ fetch: fetchStub, isOnline: () => false });
    await expect(submit(submission, { signal: signal() })).rejects.toThrow(SUBMIT_MESSAGES.offline);
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('explains network failures', async () => {
    const fetchStub = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(
      createFetchSubmitQuote({ fetch: fetchStub })(submission, { signal: signal() }),
    ).rejects.toThrow(SUBMIT_MESSAGES.network);
  });

  it('gives up after the timeout', async () => {
    const fetchStub = vi.fn<typeof fetch>(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const submit = createFetchSubmitQuote({ fetch: fetchStub, timeoutMs: 20 });
    await expect(submit(submission, { signal: signal() })).rejects.toThrow(SUBMIT_MESSAGES.timeout);
  });

  it('aborts the request when the wizard stops it', async () => {
    let seen: AbortSignal | undefined;
    const fetchStub = vi.fn<typeof fetch>(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          seen = init?.signal ?? undefined;
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = createFetchSubmitQuote({ fetch: fetchStub })(submission, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow('Aborted');
    expect(seen?.aborted).toBe(true);
  });
});
