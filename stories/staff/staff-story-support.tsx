import type { Decorator } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { quoteDataLocked, staffQueryClient } from '../../sites/web/src/admin/lib/query-client.ts';

/** The admin every signed-in staff story shows: GET /api/auth/user's answer. */
export const signedInAdmin = { firstName: 'Kate', email: 'kate@sparkleclean.example' } as const;

/** GET /api/auth/user answering as the signed-in admin. */
export const signedIn = http.get('/api/auth/user', () => HttpResponse.json(signedInAdmin));

/** GET /api/auth/user answering 401: nobody is signed in. */
export const signedOut = http.get('/api/auth/user', () =>
  HttpResponse.json({ error: 'Not signed in.', requestId: 'story' }, { status: 401 }),
);

/**
 * Each staff story starts from an empty page: the admin area keeps one query client per page, and
 * Storybook shows every story in the same page, so one story's answers would otherwise be another's.
 */
export const freshStaffPage: Decorator = (Story) => {
  staffQueryClient().clear();
  quoteDataLocked.value = false;
  return <Story />;
};

/**
 * The parameters of every staff screen's stories: the screen fills the frame, and on the docs page
 * each story gets a frame of its own, because staff screens keep one query client, the page's
 * address and one set of API answers per page, which stories drawn side by side would share.
 */
export const staffScreenParameters = {
  layout: 'fullscreen',
  docs: { story: { inline: false, iframeHeight: 640 } },
} as const;
