// Public entry of the contact feature.
export { ContactPage } from './ContactPage';
export { AccessibilityReportForm } from './AccessibilityReportForm';
