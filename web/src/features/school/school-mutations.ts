// Writes of the school page (docs/product/school.md), for its administrators: each a mutation whose isPending
// drives its button; a success reads the school's lists again (a site's rename shows in the rooms too).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { school } from '@stundenplan/contracts/routes';
import { call } from '../../shared/api/client';
import { queryKeys } from '../../shared/data/query-keys';
import type { RoomInput, SiteInput, TravelEntry } from './school-api';

function useSchoolMutation<V, R>(schoolId: string, write: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.school(schoolId) }),
  });
}

const once = { abortPrevious: false } as const;

export function useSaveSite(schoolId: string) {
  return useSchoolMutation(schoolId, ({ siteId, body }: { siteId?: string; body: SiteInput }) =>
    siteId ? call(school.updateSite, { params: { schoolId, siteId }, body }, once) : call(school.createSite, { params: { schoolId }, body }, once),
  );
}

export function useDeleteSite(schoolId: string) {
  return useSchoolMutation(schoolId, (siteId: string) => call(school.deleteSite, { params: { schoolId, siteId } }, once));
}

export function useSaveRoom(schoolId: string) {
  return useSchoolMutation(schoolId, ({ roomId, body }: { roomId?: string; body: RoomInput }) =>
    roomId ? call(school.updateRoom, { params: { schoolId, roomId }, body }, once) : call(school.createRoom, { params: { schoolId }, body }, once),
  );
}

export function useDeleteRoom(schoolId: string) {
  return useSchoolMutation(schoolId, (roomId: string) => call(school.deleteRoom, { params: { schoolId, roomId } }, once));
}

export function useSaveTravel(schoolId: string) {
  return useSchoolMutation(schoolId, (travel: TravelEntry[]) => call(school.setTravel, { params: { schoolId }, body: { travel } }, once));
}

export function useAddAdmin(schoolId: string) {
  return useSchoolMutation(schoolId, (email: string) => call(school.addAdmin, { params: { schoolId }, body: { email } }, once));
}
