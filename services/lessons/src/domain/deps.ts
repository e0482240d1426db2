import type { Logger } from '@stundenplan/base';
import type { Config } from '../config.js';
import type { PlanRepository } from '../data/plan-repository.js';

export interface LessonsDeps {
  cfg: Config;
  log: Logger;
  /** The plans as the students got them (schedule.sent.v1). */
  plans: PlanRepository;
}

export type { PublishedPlan } from '../data/plan-repository.js';
