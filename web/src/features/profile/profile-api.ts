import { auth } from '@stundenplan/contracts/routes';
import { call } from '../../shared/api/client';

export type { Profile, ProfileMembership } from '../../shared/data/profile';

export const profileApi = {
  deleteAccount: () => call(auth.deleteMe, {}),
};
