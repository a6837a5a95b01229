import { team } from '@cleanquote/content';
import type {
  CollectEventInput,
  NewsletterSignupInput,
  TeamContactInput,
} from '@cleanquote/quote-core/staff';
import { hc, type InferRequestType } from 'hono/client';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import type { PublicApi } from '../public-api.ts';
import { createTestApp } from '../test-support/test-app.ts';

let context: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  context = await createTestApp();
});
afterEach(() => context.close());

/** The site's typed client over the public API, its requests answered by the real app, from the site. */
function publicClient() {
  return hc<PublicApi>('http://localhost', {
    fetch: (input: Request | string | URL, init?: RequestInit) => context.app.request(input, init),
    headers: { Origin: context.environment.PUBLIC_URL },
  }).api;
}

const [founder] = team;
if (!founder) throw new Error('packages/content has no team');

describe('the public routes through Hono’s typed client', () => {
  it('sends a team contact message and a newsletter sign-up, answered as the types say', async () => {
    const api = publicClient();
    const sent = await api['team-contact'].$post({
      json: {
        senderName: 'Jo Client',
        senderEmail: 'jo@client.example',
        message: 'Friday?',
        recipientId: founder.id,
      },
    });
    expect(sent.status).toBe(201);
    if (sent.status !== 201) return;
    const message = await sent.json();
    expectTypeOf(message).toEqualTypeOf<{ id: string; recipient: { id: string; name: string } }>();
    expect(message.recipient).toEqual({ id: founder.id, name: founder.name });

    const refused = await api['team-contact'].$post({
      json: {
        senderName: 'Jo Client',
        senderEmail: 'jo@client.example',
        message: 'Hi',
        recipientId: 'nobody',
      },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: 'Please check the highlighted fields.',
      fields: { recipientId: 'Unknown recipient' },
      requestId: expect.any(String),
    });

    const signUp = await api.newsletter.$post({ json: { email: 'jo@client.example' } });
    expect(signUp.status).toBe(202);
  });

  it('types each public request by the shared schemas', () => {
    type Api = ReturnType<typeof hc<PublicApi>>['api'];
    expectTypeOf<InferRequestType<Api['team-contact']['$post']>['json']>().toEqualTypeOf<TeamContactInput>();
    expectTypeOf<
      InferRequestType<Api['newsletter']['$post']>['json']
    >().toEqualTypeOf<NewsletterSignupInput>();
    expectTypeOf<InferRequestType<Api['collect']['$post']>['json']>().toEqualTypeOf<CollectEventInput>();
  });
});
