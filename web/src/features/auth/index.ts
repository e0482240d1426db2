// Public entry of the auth feature: the login page and form of the home page, and the password-reset call.
// The other auth pages are loaded lazily through ./pages.ts (code splitting, web/src/app/router.tsx).
export { LoginForm } from './LoginForm';
export { LoginPage } from './LoginPage';
export { SessionExpiredNotice } from './SessionExpiredNotice';
export { authApi, updatePasswordUrl } from './auth-api';
export { usePasswordResetMail } from './auth-mutations';
