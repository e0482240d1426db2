export * from './session.js';
export * from './db.js';
