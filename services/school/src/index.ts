export { start } from './main.js';
export type { Config } from './config.js';
