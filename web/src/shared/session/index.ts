export { SessionProvider, SESSION_QUERY_KEY, startSessionCheck } from './SessionProvider';
export { useSession, type SessionContextValue } from './session-context';
export { ROLE_IDS, ROLE_LABELS, ROLE_TAGS, type Role, type SessionStatus, type SessionUser } from './session-types';
export { useLogin } from './use-login';
export { LOGIN_MESSAGES, describeLoginFailure, normaliseEmail, postLoginPath, resendConfirmation, type LoginFailure, type LoginFailureCode } from './login';
