import { callUnary, createServiceClient, type ServiceTokenSigner } from '@stundenplan/base';
import { notificationV1 } from '@stundenplan/proto';

/** The notification service's daily limit per recipient (MailLimitService). Errors arrive as AppErrors. */
export interface MailLimitGateway {
  check(address: string, confirmed: boolean): Promise<{ allowed: boolean; waitSeconds: number }>;
  close(): void;
}

export function createMailLimitClient(addr: string, tokens: ServiceTokenSigner, timeoutMs = 5000): MailLimitGateway {
  let client: notificationV1.MailLimitServiceClient | undefined;
  // Lazy: in embedded mode auth starts before notification.
  const c = () => (client ??= createServiceClient(notificationV1.MailLimitServiceClient, addr, tokens, 'notification'));
  return {
    async check(address, confirmed) {
      const res = await callUnary(c().checkMailRecipient.bind(c()), c(), { address, confirmed }, timeoutMs);
      return { allowed: res.allowed, waitSeconds: res.waitSeconds };
    },
    close: () => client?.close(),
  };
}
