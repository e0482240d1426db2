// The port/schema table of docs/CONVENTIONS.md, which the compose file and the chart must follow.
export interface AppService {
  /** Directory under services/, compose service name, chart component and template file name. */
  name: string;
  /** Key of the service's block in the chart's values.yaml. */
  valuesKey: string;
  /** Prefix of its env vars: <ENV>_SERVICE_ADDR, <ENV>_SERVICE_URL. */
  env: string;
  http: number;
  grpc: number;
  /** Postgres schema; null for a service without a database. */
  schema: string | null;
}

export const APP_SERVICES: readonly AppService[] = [
  { name: 'auth', valuesKey: 'auth', env: 'AUTH', http: 8081, grpc: 50051, schema: 'auth' },
  { name: 'classes', valuesKey: 'classes', env: 'CLASSES', http: 8082, grpc: 50052, schema: 'classes' },
  { name: 'availability', valuesKey: 'availability', env: 'AVAILABILITY', http: 8083, grpc: 50053, schema: 'availability' },
  { name: 'scheduling-solver', valuesKey: 'schedulingSolver', env: 'SCHEDULING_SOLVER', http: 8084, grpc: 50054, schema: 'scheduling' },
  { name: 'document', valuesKey: 'document', env: 'DOCUMENT', http: 8085, grpc: 50055, schema: null },
  { name: 'notification', valuesKey: 'notification', env: 'NOTIFICATION', http: 8086, grpc: 50056, schema: 'notification' },
  { name: 'lessons', valuesKey: 'lessons', env: 'LESSONS', http: 8087, grpc: 50057, schema: 'lessons' },
  { name: 'school', valuesKey: 'school', env: 'SCHOOL', http: 8088, grpc: 50058, schema: 'school' },
];

export const GATEWAY = { name: 'gateway', valuesKey: 'gateway', http: 8080 } as const;
