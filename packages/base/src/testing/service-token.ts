import {
  createServiceClient,
  createServiceTokenVerifier,
  generateServiceTokenKey,
  parseServiceTokenKey,
  ServiceTokenSigner,
  type ServiceTokenVerifier,
} from '../service-token.js';

/** A random service token key per test run; pass it as SERVICE_TOKEN_KEY to every service a test starts. */
export const TEST_SERVICE_TOKEN_KEY = generateServiceTokenKey();

/** Signs as the given caller with TEST_SERVICE_TOKEN_KEY (what another service would send). */
export function testServiceTokens(issuer = 'test'): ServiceTokenSigner {
  return new ServiceTokenSigner(parseServiceTokenKey(TEST_SERVICE_TOKEN_KEY), issuer);
}

/** A generated gRPC client that authenticates with TEST_SERVICE_TOKEN_KEY towards `audience`. */
export function testServiceClient<T>(
  Client: new (address: string, credentials: import('@grpc/grpc-js').ChannelCredentials, options?: import('@grpc/grpc-js').ClientOptions) => T,
  address: string,
  audience: string,
): T {
  return createServiceClient(Client, address, testServiceTokens(), audience);
}

/** What a service named `serviceName` checks when started with TEST_SERVICE_TOKEN_KEY (for gRPC stubs in tests). */
export function testServiceTokenVerifier(serviceName: string): ServiceTokenVerifier {
  return createServiceTokenVerifier(parseServiceTokenKey(TEST_SERVICE_TOKEN_KEY), serviceName);
}
