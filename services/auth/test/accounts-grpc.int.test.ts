import { callUnary, createServiceClient, grpc, parseServiceTokenKey, ServiceTokenSigner } from '@stundenplan/base';
import { testServiceClient } from '@stundenplan/base/testing';
import { accountsV1 } from '@stundenplan/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchemas, registerConfirmed, startAuth, type TestAuth } from './helpers.js';

/** AccountsService: accounts and institutions for other services (the school service), service tokens only. */
let auth: TestAuth;
let client: accountsV1.AccountsServiceClient;

beforeAll(async () => {
  auth = await startAuth();
  client = testServiceClient(accountsV1.AccountsServiceClient, `127.0.0.1:${auth.svc.grpcPort}`, 'auth');
});

afterAll(async () => {
  client?.close();
  await auth?.svc.stop();
  await dropSchemas([auth.schema]);
});

describe('AccountsService', () => {
  it('finds an account by id and by address (any case), with its role and institution', async () => {
    const institutions = (await auth.call<{ id: string; name: string; teachers_mail: string | null }[]>('GET', '/api/institutions')).body;
    const institution = institutions.find((i) => i.teachers_mail) ?? institutions[0];
    const domain = institution!.teachers_mail ?? 'example.org';
    const reg = await auth.call('POST', '/api/auth/register', {
      body: {
        email: `Keller@${domain.toUpperCase()}`,
        password: 'geheim123',
        name: 'Sabine Keller',
        role_id: 2,
        duration: null,
        institution_id: institution!.id,
      },
    });
    expect(reg.status).toBe(201);
    const byEmail = await callUnary(client.findAccount.bind(client), client, { userId: '', email: `KELLER@${domain}` });
    expect(byEmail.account).toEqual({
      userId: expect.any(String),
      email: `keller@${domain}`,
      name: 'Sabine Keller',
      role: 'teacher',
      institutionId: institution!.id,
      institutionName: institution!.name,
    });
    const byId = await callUnary(client.findAccount.bind(client), client, { userId: byEmail.account!.userId, email: '' });
    expect(byId.account).toEqual(byEmail.account);
    const student = await registerConfirmed(auth, { email: 'lena@example.org', role_id: 1, duration: 45 });
    const s = await callUnary(client.findAccount.bind(client), client, { userId: student.userId, email: '' });
    expect(s.account).toMatchObject({ role: 'student', institutionId: '', institutionName: '' });
  });

  it('answers NOT_FOUND for an unknown account or institution', async () => {
    await expect(callUnary(client.findAccount.bind(client), client, { userId: '', email: 'niemand@example.org' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(callUnary(client.findAccount.bind(client), client, { userId: 'not-a-uuid', email: '' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(callUnary(client.getInstitution.bind(client), client, { institutionId: '7d7d7d7d-1111-4222-8333-444455556666' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('answers an institution by id', async () => {
    const [institution] = (await auth.call<{ id: string; name: string }[]>('GET', '/api/institutions')).body;
    const res = await callUnary(client.getInstitution.bind(client), client, { institutionId: institution!.id });
    expect(res.institution).toEqual({ institutionId: institution!.id, name: institution!.name });
  });

  it('refuses a caller without the services’ key', async () => {
    const foreign = createServiceClient(
      accountsV1.AccountsServiceClient,
      `127.0.0.1:${auth.svc.grpcPort}`,
      new ServiceTokenSigner(parseServiceTokenKey(Buffer.alloc(32, 9).toString('base64')), 'intruder'),
      'auth',
    );
    const call = new Promise((resolve) => foreign.getInstitution({ institutionId: 'x' }, (err) => resolve(err?.code)));
    expect(await call).toBe(grpc.status.UNAUTHENTICATED);
    foreign.close();
  });
});
