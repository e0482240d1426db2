export * from './session.js';
export * from './db.js';
export * from './service-token.js';
export * from './raw-http.js';
