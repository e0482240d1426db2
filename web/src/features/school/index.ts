// Public entry of the school feature: the 'Schulverwaltung' and 'Raumbelegung' pages (docs/product/school.md).
export { SchoolPage } from './SchoolPage';
export { RoomBookingsPage } from './RoomBookingsPage';
