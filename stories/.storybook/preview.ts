import type { Preview } from '@storybook/react-vite';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { configure } from 'storybook/test';

// A play function's find/waitFor waits up to 5 s, not Testing Library's 1 s: the stories run on a
// two-core machine beside the Storybook build, where a dialog can take over a second to appear.
configure({ asyncUtilTimeout: 5000 });

/**
 * Stories answer the API at the network boundary (a story's `parameters.msw.handlers`), never
 * from a running server. A call to /api that no handler answers is an error, so a story can't
 * quietly show a loading or failed state it did not mean to.
 */
async function startMockApi() {
  const worker = setupWorker();
  await worker.start({
    quiet: true,
    onUnhandledRequest(request, print) {
      if (new URL(request.url).pathname.startsWith('/api/')) print.error();
    },
  });
  return worker;
}

const preview: Preview = {
  tags: ['autodocs'],
  loaders: [mswLoader(startMockApi)],
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
    // An accessibility violation fails the story's test, not just the panel.
    a11y: { test: 'error' },
    // Designers check each state on the smallest phone the product supports and on a desktop.
    viewport: {
      options: {
        phone360: { name: 'Phone (360 px)', styles: { width: '360px', height: '740px' }, type: 'mobile' },
        tablet: { name: 'Tablet (768 px)', styles: { width: '768px', height: '1024px' }, type: 'tablet' },
        desktop: { name: 'Desktop (1280 px)', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
      },
    },
  },
};

export default preview;
