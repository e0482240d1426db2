import { parseConfig, serviceAddr, serviceConfigShape } from '@stundenplan/base';

const shape = {
  ...serviceConfigShape({ port: 8083, grpcPort: 8093, schema: 'availability' }),
  /** gRPC of the classes service: class ownership and a student's memberships. */
  CLASSES_SERVICE_ADDR: serviceAddr(8092),
};

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  return parseConfig(shape, env);
}
