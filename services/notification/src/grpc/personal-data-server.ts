import { AppError, isUuid, wrapUnary, type GrpcServiceBinding, type Logger } from '@stundenplan/base';
import { privacyV1 } from '@stundenplan/proto';
import type { NotificationDeps } from '../domain/deps.js';
import { personalNotificationData, type PersonalNotificationReader } from '../domain/personal-data.js';

/** PersonalDataService: this service's part of a person's copy of their data (asked by auth only). */
export function personalDataGrpc(deps: () => NotificationDeps, reader: PersonalNotificationReader, log: Logger): GrpcServiceBinding {
  const implementation: privacyV1.PersonalDataServiceServer = {
    exportPersonalData: wrapUnary(log, async (req: privacyV1.ExportPersonalDataRequest): Promise<privacyV1.ExportPersonalDataResponse> => {
      if (!isUuid(req.userId) || !req.email || (req.role !== 'teacher' && req.role !== 'student')) throw AppError.badRequest('Ungültige Anfrage');
      return {
        json: JSON.stringify(
          await personalNotificationData(deps(), reader, { userId: req.userId, email: req.email, role: req.role, memberIds: req.memberIds.filter(isUuid) }),
        ),
      };
    }),
  };
  return { definition: privacyV1.PersonalDataServiceService, implementation };
}
