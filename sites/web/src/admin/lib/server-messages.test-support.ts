import type { FieldValues, Resolver } from 'react-hook-form';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestAdmin, signIn } from '../../../../../api/src/test-support/sign-in.ts';
import { createTestApp } from '../../../../../api/src/test-support/test-app.ts';

/**
 * For a describe block: the real app with a signed-in admin (started before its tests, closed after),
 * and the two sides of a form's messages for the same values — what the form shows beside each field
 * before any request, and what the server's 400 names for them when they are posted to `path`.
 */
export function formAndServerMessages<Form extends FieldValues>(path: string, resolver: Resolver<Form>) {
  let context: Awaited<ReturnType<typeof createTestApp>>;
  let cookie: string;

  beforeAll(async () => {
    context = await createTestApp();
    await createTestAdmin(context.database);
    cookie = await signIn(context.app);
  });
  afterAll(() => context.close());

  return {
    /** The form's message per field for `form`, before any request. */
    async browserFields(form: Form): Promise<Record<string, string | undefined>> {
      const { errors } = await resolver(form, undefined, { fields: {}, shouldUseNativeValidation: false });
      // Generic over the form, react-hook-form can't narrow a field's error to one message.
      const messages = errors as Record<string, { message?: string } | undefined>;
      return Object.fromEntries(Object.entries(messages).map(([name, error]) => [name, error?.message]));
    },
    /** The server's 400 `fields` for `form`, sent as typed. */
    async serverFields(form: Form): Promise<Record<string, string>> {
      const response = await context.app.request(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
        body: JSON.stringify(form),
      });
      expect(response.status).toBe(400);
      return ((await response.json()) as { fields: Record<string, string> }).fields;
    },
  };
}
