// Public entry of the school feature: the 'Schulverwaltung' page (docs/product/school.md).
export { SchoolPage } from './SchoolPage';
