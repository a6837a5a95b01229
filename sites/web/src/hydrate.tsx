import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render into.');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// The production server sends the page already rendered, so React adopts that markup; in Vite dev
// #root arrives empty (only the placeholder comment) and the app renders from scratch. Hydrating in
// a transition lets React split the work into short slices instead of one long main-thread task.
if (container.firstElementChild) startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);
