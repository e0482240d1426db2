// Reads of the school page (docs/product/school.md): sites, rooms, travel minutes and the equipment vocabulary.
import { queryOptions } from '@tanstack/react-query';
import type { AnswerOf, BodyOf } from '@stundenplan/contracts';
import { school } from '@stundenplan/contracts/routes';
import { call } from '../../shared/api/client';
import { queryKeys } from '../../shared/data/query-keys';

export type Site = AnswerOf<typeof school.listSites>['sites'][number];
export type Room = AnswerOf<typeof school.listRooms>['rooms'][number];
export type RoomInput = BodyOf<typeof school.createRoom>;
export type SiteInput = BodyOf<typeof school.createSite>;
export type Travel = AnswerOf<typeof school.getTravel>;
export type TravelEntry = Travel['travel'][number];
export type Equipment = AnswerOf<typeof school.listEquipment>['equipment'][number];

export const SCHOOL_LOAD_FAILED = 'Fehler beim Laden der Schuldaten';

/** The answer, or a failed load when the session-expired flow took over (no answer). */
function answered<T>(answer: T | undefined): T {
  if (answer === undefined) throw new Error(SCHOOL_LOAD_FAILED);
  return answer;
}

export const sitesQuery = (schoolId: string) =>
  queryOptions({
    queryKey: queryKeys.schoolPart(schoolId, 'sites'),
    queryFn: async ({ signal }) => answered(await call(school.listSites, { params: { schoolId } }, { signal })).sites,
  });

export const roomsQuery = (schoolId: string) =>
  queryOptions({
    queryKey: queryKeys.schoolPart(schoolId, 'rooms'),
    queryFn: async ({ signal }) => answered(await call(school.listRooms, { params: { schoolId } }, { signal })).rooms,
  });

export const travelQuery = (schoolId: string) =>
  queryOptions({
    queryKey: queryKeys.schoolPart(schoolId, 'travel'),
    queryFn: async ({ signal }) => answered(await call(school.getTravel, { params: { schoolId } }, { signal })),
  });

export const equipmentQuery = (schoolId: string) =>
  queryOptions({
    queryKey: queryKeys.schoolPart(schoolId, 'equipment'),
    queryFn: async ({ signal }) => answered(await call(school.listEquipment, { params: { schoolId } }, { signal })).equipment,
  });
