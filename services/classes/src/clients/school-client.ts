import { callUnary, createServiceClient, type ServiceTokenSigner } from '@stundenplan/base';
import { schoolV1 } from '@stundenplan/proto';

/** What the classes service asks the school service: may this teacher use the school, and which site ids are not its. */
export interface SchoolClient {
  /** Throws AppError NOT_FOUND ('Schule nicht gefunden.') when the teacher neither teaches at nor administers the school. */
  checkClassSchool(schoolId: string, teacherId: string, siteIds: string[]): Promise<{ schoolName: string; unknownSiteIds: string[] }>;
  close(): void;
}

export function createSchoolClient(address: string, signer: ServiceTokenSigner, timeoutMs: number): SchoolClient {
  const client = createServiceClient(schoolV1.SchoolServiceClient, address, signer, 'school');
  return {
    checkClassSchool: (schoolId, teacherId, siteIds) => callUnary(client.checkClassSchool.bind(client), client, { schoolId, teacherId, siteIds }, timeoutMs),
    close: () => client.close(),
  };
}
