// Public entry of the scheduling feature: the four planning steps.
export { SchedulingPage } from './SchedulingPage';
