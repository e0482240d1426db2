// Public entry of the legal pages.
export { AccessibilityPage } from './AccessibilityPage';
export { ImpressumPage } from './ImpressumPage';
export { PrivacyPage } from './PrivacyPage';
