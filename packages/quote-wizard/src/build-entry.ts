// Entry of the library build only (vite.config.ts): pulls the stylesheet into the build so it is
// emitted as dist/style.css. Hosts import that file themselves; the JavaScript never injects CSS.
import './quote-wizard.css';

export * from './index.ts';
