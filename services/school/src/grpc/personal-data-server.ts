import { AppError, isUuid, wrapUnary, type GrpcServiceBinding, type Logger } from '@stundenplan/base';
import { privacyV1 } from '@stundenplan/proto';
import { personalSchoolData, type PersonalSchoolReader } from '../domain/personal-data.js';

/** PersonalDataService: this service's part of a person's copy of their data (asked by auth only). */
export function personalDataGrpc(reader: PersonalSchoolReader, log: Logger): GrpcServiceBinding {
  const implementation: privacyV1.PersonalDataServiceServer = {
    exportPersonalData: wrapUnary(log, async (req: privacyV1.ExportPersonalDataRequest): Promise<privacyV1.ExportPersonalDataResponse> => {
      if (!isUuid(req.userId)) throw AppError.badRequest('Ungültige Benutzer-ID');
      return { json: JSON.stringify(await personalSchoolData(reader, req.userId, req.memberIds.filter(isUuid))) };
    }),
  };
  return { definition: privacyV1.PersonalDataServiceService, implementation };
}
