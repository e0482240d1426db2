import type { RequestMessages } from '@stundenplan/base';
import { MSG } from '../domain/messages.js';

/** The German 400 of each body field the contract's schema refuses (docs/product/school.md). */
export const ADMIN_BODY: RequestMessages = { '': MSG.adminEmail, email: MSG.adminEmail };

export const SITE_BODY: RequestMessages = { '': MSG.siteName, name: MSG.siteName, address: MSG.siteAddress };

export const TRAVEL_BODY: RequestMessages = {
  '': MSG.travel,
  travel: (_value, path) => {
    if (path.length < 3) return MSG.travel;
    return path[2] === 'minutes' ? MSG.travelMinutes : MSG.travelSite((_value as unknown[] | undefined)?.[path[1] as number]?.[path[2] as never]);
  },
};

export const ROOM_BODY: RequestMessages = {
  '': MSG.roomName,
  name: MSG.roomName,
  site_id: MSG.roomSite,
  equipment: (value, path) => (path.length > 1 && Array.isArray(value) ? MSG.equipmentTag(value[path[1] as number]) : MSG.equipment),
  capacity: MSG.capacity,
  times: MSG.times,
};

/** The German 400 of each query parameter of the room bookings (a repeated parameter, say). */
export const BOOKINGS_QUERY: RequestMessages = { '': MSG.invalidRequest, site_id: (value) => MSG.bookingsSite(value), day: MSG.bookingsDay };
