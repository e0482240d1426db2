import { wrapUnary, type GrpcServiceBinding, type Logger } from '@stundenplan/base';
import { accountsV1 } from '@stundenplan/proto';
import { findAccount, findInstitution } from '../domain/account-lookup.js';
import type { AuthDeps } from '../domain/deps.js';
import { roleOf } from '../domain/session-tokens.js';

/** Accounts and institutions for other services (the school service decides by a person's institution). */
export function accountsGrpc(deps: AuthDeps, log: Logger): GrpcServiceBinding {
  const implementation = {
    findAccount: wrapUnary<accountsV1.FindAccountRequest, accountsV1.FindAccountResponse>(log, async (req) => {
      const u = await findAccount(deps, req);
      return {
        account: {
          userId: u.id,
          email: u.email,
          name: u.name,
          role: roleOf(u.roleId),
          institutionId: u.institution?.id ?? '',
          institutionName: u.institution?.name ?? '',
        },
      };
    }),
    getInstitution: wrapUnary<accountsV1.GetInstitutionRequest, accountsV1.GetInstitutionResponse>(log, async (req) => {
      const found = await findInstitution(deps, req.institutionId);
      return { institution: { institutionId: found.id, name: found.name } };
    }),
  };
  return { definition: accountsV1.AccountsServiceService, implementation };
}
