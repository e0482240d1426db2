import type { GatewayConfig } from './config.js';
import type { ServiceName } from './route-table.js';
import { firstUpstream } from './upstreams.js';

/** Every service's replica list as configured (one URL, or several separated by commas). */
export function serviceUpstreams(cfg: GatewayConfig): Record<ServiceName, string> {
  return {
    auth: cfg.AUTH_SERVICE_URL,
    classes: cfg.CLASSES_SERVICE_URL,
    availability: cfg.AVAILABILITY_SERVICE_URL,
    'scheduling-solver': cfg.SCHEDULING_SOLVER_SERVICE_URL,
    document: cfg.DOCUMENT_SERVICE_URL,
    notification: cfg.NOTIFICATION_SERVICE_URL,
    lessons: cfg.LESSONS_SERVICE_URL,
    school: cfg.SCHOOL_SERVICE_URL,
  };
}

/** One address per service (its first replica): health aggregation, /dev/mail. */
export function serviceUrls(cfg: GatewayConfig): Record<ServiceName, string> {
  const all = serviceUpstreams(cfg);
  return Object.fromEntries(Object.entries(all).map(([k, v]) => [k, firstUpstream(v)])) as Record<ServiceName, string>;
}
