// Public entry of the profile feature: the profile page.
export { ProfilePage } from './ProfilePage';
