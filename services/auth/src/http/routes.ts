import type { Express } from 'express';
import type { AuthDeps } from '../domain/deps.js';
import { registerAuthRoutes } from './auth-routes.js';
import { registerInstitutionRoutes } from './institution-routes.js';
import { registerOidcRoutes } from './oidc-routes.js';
import { registerSessionStatusRoute } from './session-status-route.js';

export function registerRoutes(app: Express, deps: AuthDeps): void {
  // Public keys of the session tokens: the gateway and every service verify sessions with them.
  app.get('/.well-known/jwks.json', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(deps.sessions.jwks);
  });
  registerSessionStatusRoute(app, deps);
  registerAuthRoutes(app, deps);
  registerOidcRoutes(app, deps);
  registerInstitutionRoutes(app, deps);
}
