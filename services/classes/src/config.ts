import { parseConfig, serviceAddr, serviceConfigShape } from '@stundenplan/base';

const shape = {
  ...serviceConfigShape({ port: 8082, grpcPort: 50052, schema: 'classes' }),
  /** gRPC address of the availability service (member times for the member list and linking). */
  AVAILABILITY_SERVICE_ADDR: serviceAddr(50053),
};

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  return parseConfig(shape, env);
}
