import { wrapUnary, type GrpcServiceBinding, type Logger } from '@stundenplan/base';
import { schoolV1 } from '@stundenplan/proto';
import type { Deps } from '../domain/deps.js';
import { checkClassSchool } from '../domain/class-school.js';
import { getRoomPlanning } from '../domain/room-planning.js';
import { addAdministrator } from '../domain/schools.js';

/** The school service's gRPC methods (internal callers with a service token: the operator's command, the classes and scheduling services). */
export function schoolGrpc(deps: Deps, log: Logger): GrpcServiceBinding {
  const implementation = {
    addAdministrator: wrapUnary<schoolV1.AddAdministratorRequest, schoolV1.AddAdministratorResponse>(log, async (req) => {
      const { school, account, added } = await addAdministrator(deps, req.institutionId, req.email);
      return { schoolId: school.id, schoolName: school.name, userId: account.userId, name: account.name, added };
    }),
    checkClassSchool: wrapUnary<schoolV1.CheckClassSchoolRequest, schoolV1.CheckClassSchoolResponse>(log, async (req) =>
      checkClassSchool(deps, req.schoolId, req.teacherId, req.siteIds),
    ),
    getRoomPlanning: wrapUnary<schoolV1.GetRoomPlanningRequest, schoolV1.GetRoomPlanningResponse>(log, async (req) =>
      getRoomPlanning(deps, req.schoolId, req.teacherId, req.classId),
    ),
  };
  return { definition: schoolV1.SchoolServiceService, implementation };
}
