// Lazy entry of the auth feature: its pages other than login, each loaded when its route is first shown
// (web/src/app/router.tsx). The eager entry (index.ts) keeps what the home and login pages need.
export { ConfirmEmailPage } from './ConfirmEmailPage';
export { ForgotPasswordPage } from './ForgotPasswordPage';
export { RegisterPage } from './RegisterPage';
export { RegistrationSuccessPage } from './RegistrationSuccessPage';
export { ResetPasswordPage } from './ResetPasswordPage';
export { UpdatePasswordPage } from './UpdatePasswordPage';
