import { callUnary, createServiceClient, type ServiceTokenSigner } from '@stundenplan/base';
import { privacyV1 } from '@stundenplan/proto';

export type PersonalDataSource = 'classes' | 'availability' | 'notification' | 'school';

export interface PersonalDataRequest {
  userId: string;
  email: string;
  role: 'teacher' | 'student';
  memberIds?: string[];
}

/** Each service's part of a person's copy of their data (PersonalDataService); errors arrive as AppErrors. */
export interface PersonalDataSources {
  part(source: PersonalDataSource, req: PersonalDataRequest): Promise<unknown>;
  close(): void;
}

export function createPersonalDataSources(addrs: Record<PersonalDataSource, string>, tokens: ServiceTokenSigner, timeoutMs = 5000): PersonalDataSources {
  const clients = new Map<PersonalDataSource, privacyV1.PersonalDataServiceClient>();
  // Lazy: in embedded mode auth starts before the others.
  const client = (s: PersonalDataSource) => {
    let c = clients.get(s);
    if (!c) {
      c = createServiceClient(privacyV1.PersonalDataServiceClient, addrs[s], tokens, s);
      clients.set(s, c);
    }
    return c;
  };
  return {
    async part(source, req) {
      const c = client(source);
      const res = await callUnary(
        c.exportPersonalData.bind(c),
        c,
        { userId: req.userId, email: req.email, role: req.role, memberIds: req.memberIds ?? [] },
        timeoutMs,
      );
      return JSON.parse(res.json) as unknown;
    },
    close: () => {
      for (const c of clients.values()) c.close();
    },
  };
}
