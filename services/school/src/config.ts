import { parseConfig, serviceAddr, serviceConfigShape } from '@stundenplan/base';

const shape = {
  ...serviceConfigShape({ port: 8088, grpcPort: 8098, schema: 'school' }),
  /** gRPC address of the auth service (accounts and institutions: who is a school's teacher). */
  AUTH_SERVICE_ADDR: serviceAddr(8091),
  /** gRPC address of the classes service (members' names in the room bookings, for those who may see them). */
  CLASSES_SERVICE_ADDR: serviceAddr(8092),
};

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  return parseConfig(shape, env);
}
