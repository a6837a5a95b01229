import { loginPage } from '../../api/src/auth/sign-in-page.tsx';

/*
 * Rendered in Node when Storybook builds (imported with '?server-rendered'): the sign-in page the
 * server sends for GET /api/login, and for a POST it refused, with the route's own messages.
 */
export default {
  signIn: loginPage({ next: '/dashboard' }),
  wrongPassword: loginPage({
    next: '/dashboard',
    error: 'Incorrect email or password.',
    email: 'kate@sparkleclean.example',
  }),
  tooManyAttempts: loginPage({
    next: '/dashboard',
    error: 'Too many failed sign-in attempts. Please wait and try again later.',
    email: 'kate@sparkleclean.example',
  }),
};
