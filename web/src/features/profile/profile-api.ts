import { api } from '../../shared/api/client';

export type { Profile, ProfileMembership } from '../../shared/data/profile';

export const profileApi = {
  deleteAccount: () => api.delete('me'),
};
