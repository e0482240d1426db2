// Reads of the school page (docs/product/school.md): sites, rooms, travel minutes, the equipment vocabulary (shared
// with the class page, shared/data/schools.ts), administrators and room bookings.
import { queryOptions } from '@tanstack/react-query';
import type { AnswerOf, BodyOf } from '@stundenplan/contracts';
import { school } from '@stundenplan/contracts/routes';
import { call } from '../../shared/api/client';
import { queryKeys } from '../../shared/data/query-keys';
import { answered, type SchoolEquipment, type SchoolRoom, type SchoolSite } from '../../shared/data/schools';

export { equipmentQuery, roomsQuery, SCHOOL_LOAD_FAILED, sitesQuery } from '../../shared/data/schools';

export type Site = SchoolSite;
export type Room = SchoolRoom;
export type RoomInput = BodyOf<typeof school.createRoom>;
export type SiteInput = BodyOf<typeof school.createSite>;
export type Travel = AnswerOf<typeof school.getTravel>;
export type TravelEntry = Travel['travel'][number];
export type Equipment = SchoolEquipment;
export type Admin = AnswerOf<typeof school.listAdmins>['admins'][number];
export type RoomBooking = AnswerOf<typeof school.listRoomBookings>['bookings'][number];

export const travelQuery = (schoolId: string) =>
  queryOptions({
    queryKey: queryKeys.schoolPart(schoolId, 'travel'),
    queryFn: async ({ signal }) => answered(await call(school.getTravel, { params: { schoolId } }, { signal })),
  });

export const adminsQuery = (schoolId: string) =>
  queryOptions({
    queryKey: queryKeys.schoolPart(schoolId, 'admins'),
    queryFn: async ({ signal }) => answered(await call(school.listAdmins, { params: { schoolId } }, { signal })).admins,
  });

/** The bookings of one site on one day (0 = Monday). */
export const roomBookingsQuery = (schoolId: string, siteId: string, day: number) =>
  queryOptions({
    queryKey: queryKeys.roomBookings(schoolId, siteId, String(day)),
    queryFn: async ({ signal }) =>
      answered(await call(school.listRoomBookings, { params: { schoolId }, query: { site_id: siteId, day: String(day) } }, { signal })).bookings,
  });
