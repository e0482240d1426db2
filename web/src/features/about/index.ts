// Public entry of the about feature.
export { AboutPage } from './AboutPage';
