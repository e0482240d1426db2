export { AppLayout } from './AppLayout';
export { RequireAuth, RequireRole, RouteGuard } from './RouteGuard';
