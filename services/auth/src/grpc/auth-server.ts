import { AppError, wrapUnary, type GrpcServiceBinding, type Logger } from '@stundenplan/base';
import { authV1 } from '@stundenplan/proto';
import type { AuthDeps } from '../domain/deps.js';

const MAX_IDS = 1000;

/** AuthService: users as other services may see them (no password hash, no tokens). */
export function authGrpc(deps: AuthDeps, log: Logger): GrpcServiceBinding {
  const implementation: authV1.AuthServiceServer = {
    getUsers: wrapUnary<authV1.GetUsersRequest, authV1.GetUsersResponse>(log, async (req) => {
      if (req.userIds.length > MAX_IDS) throw AppError.badRequest(`höchstens ${MAX_IDS} user_ids`);
      const rows = await deps.users.findByIds(req.userIds);
      return {
        users: rows.map((u) => ({
          userId: u.id,
          name: u.name,
          email: u.email,
          roleId: u.roleId,
          duration: u.duration ?? 0,
          institutionId: u.institutionId ?? '',
          institutionName: u.institution?.name ?? '',
        })),
      };
    }),
  };
  return { definition: authV1.AuthServiceService, implementation };
}
