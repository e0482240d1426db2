export { start, type AvailabilityService } from './main.js';
export type { Config } from './config.js';
