// The pages whose first load starts early (app/early-start.ts, docs/adr/0016-early-start.md). Plain data: the
// early start reads it, and so does the web build (vite.config.ts), which finds each page's files. Nothing of the
// app imports it at run time: the early start must stay one file that imports nothing.

export interface EarlyPage {
  /** The GET requests its route asks for at once (app/route-data.ts asks for the same URLs). */
  requests: readonly string[];
  /** The module of its chunk (app/router.tsx imports it lazily), relative to the web folder. */
  module: string;
}

/** GET /api/me, as the session check asks for it (shared/session/session-api.ts). */
export const SESSION_URL = '/api/me';

/** By path. None of them is a page without session check (shared/routing/protected-paths.ts). */
export const EARLY_PAGES: Readonly<Record<string, EarlyPage>> = {
  '/student': {
    requests: ['/api/me/available-times', '/api/me/teachers-time-ranges', '/api/profile'],
    module: 'src/features/availability/index.ts',
  },
};

/** The id of the JSON block in index.html with each early page's files, by path (written by the web build). */
export const EARLY_FILES_ID = 'early-files';

/** How long early answers wait to be taken: after that the app asks afresh. */
export const EARLY_RESPONSE_TTL_MS = 10_000;
