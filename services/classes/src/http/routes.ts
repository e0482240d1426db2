import type { ServiceContext } from '@stundenplan/base';
import type { Express } from 'express';
import type { Config } from '../config.js';
import type { Deps } from '../domain/context.js';
import { registerClassRoutes } from './class-routes.js';
import { registerClassSchoolRoutes } from './class-school-routes.js';
import { registerMemberRoutes } from './member-routes.js';
import { registerSemesterRoutes } from './semester-routes.js';
import { registerStudentRoutes } from './student-routes.js';

/** Every HTTP call of docs/product/api.md "Classes and members", "Student course actions" and the two registration checks. */
export function registerRoutes(app: Express, _ctx: ServiceContext<Config>, deps: Deps): void {
  registerClassRoutes(app, deps);
  registerMemberRoutes(app, deps);
  registerSemesterRoutes(app, deps);
  registerClassSchoolRoutes(app, deps);
  registerStudentRoutes(app, deps);
}
