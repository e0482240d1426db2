import type { Logger } from '@stundenplan/base';
import type { AccountsLookup } from '../clients/accounts-client.js';
import type { ClassesLookup } from '../clients/classes-client.js';
import type { BookingRepository } from '../data/booking-repository.js';
import type { RoomRepository } from '../data/room-repository.js';
import type { SchoolRepository } from '../data/school-repository.js';
import type { SiteRepository } from '../data/site-repository.js';

export interface Deps {
  schools: SchoolRepository;
  sites: SiteRepository;
  rooms: RoomRepository;
  bookings: BookingRepository;
  accounts: AccountsLookup;
  classes: ClassesLookup;
  log: Logger;
}
