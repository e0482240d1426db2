// Public entry of the auth feature: its pages, the login form of the home page and the password-reset call.
export { ConfirmEmailPage } from './ConfirmEmailPage';
export { ForgotPasswordPage } from './ForgotPasswordPage';
export { LoginForm } from './LoginForm';
export { LoginPage } from './LoginPage';
export { RegisterPage } from './RegisterPage';
export { RegistrationSuccessPage } from './RegistrationSuccessPage';
export { ResetPasswordPage } from './ResetPasswordPage';
export { SessionExpiredNotice } from './SessionExpiredNotice';
export { UpdatePasswordPage } from './UpdatePasswordPage';
export { authApi, updatePasswordUrl } from './auth-api';
export { usePasswordResetMail } from './auth-mutations';
