// Public entry of the profile feature: the page and the profile call other features read memberships with.
export { ProfilePage } from './ProfilePage';
export { profileApi } from './profile-api';
