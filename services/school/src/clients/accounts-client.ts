import { AppError, callUnary, createServiceClient, type ServiceTokenSigner } from '@stundenplan/base';
import { accountsV1 } from '@stundenplan/proto';

export interface Account {
  userId: string;
  email: string;
  name: string;
  role: 'teacher' | 'student';
  institutionId: string | null;
  institutionName: string | null;
}

/** What the school service asks the auth service (accounts and institutions). */
export interface AccountsLookup {
  /** The account by id or address; null when there is none. */
  findAccount(by: { userId: string } | { email: string }): Promise<Account | null>;
  /** The institution's name; null when there is none. */
  institutionName(institutionId: string): Promise<string | null>;
  close(): void;
}

const notFoundAsNull = <T>(e: unknown): T | null => {
  if (e instanceof AppError && e.code === 'NOT_FOUND') return null;
  throw e;
};

/** Typed gRPC client of the auth service's AccountsService (deadlines; errors become AppError). */
export function createAccountsClient(address: string, signer: ServiceTokenSigner, timeoutMs: number): AccountsLookup {
  const client = createServiceClient(accountsV1.AccountsServiceClient, address, signer, 'auth');
  return {
    async findAccount(by) {
      const req = 'userId' in by ? { userId: by.userId, email: '' } : { userId: '', email: by.email };
      const res = await callUnary(client.findAccount.bind(client), client, req, timeoutMs).catch(notFoundAsNull<accountsV1.FindAccountResponse>);
      const a = res?.account;
      if (!a) return null;
      return {
        userId: a.userId,
        email: a.email,
        name: a.name,
        role: a.role === 'teacher' ? 'teacher' : 'student',
        institutionId: a.institutionId || null,
        institutionName: a.institutionName || null,
      };
    },
    async institutionName(institutionId) {
      const res = await callUnary(client.getInstitution.bind(client), client, { institutionId }, timeoutMs).catch(
        notFoundAsNull<accountsV1.GetInstitutionResponse>,
      );
      return res?.institution?.name ?? null;
    },
    close: () => client.close(),
  };
}
