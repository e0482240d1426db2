import { parseConfig, serviceConfigShape } from '@stundenplan/base';

const shape = {
  ...serviceConfigShape({ port: 8087, grpcPort: 8097, schema: 'lessons' }),
};

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  return parseConfig(shape, env);
}
