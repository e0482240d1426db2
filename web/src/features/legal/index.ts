// Public entry of the legal pages.
export { ImpressumPage } from './ImpressumPage';
export { PrivacyPage } from './PrivacyPage';
