// The early start (app/early-start.ts): its own small entry, run as soon as it is there.
import { startEarly } from './app/early-start';

startEarly(window.location.pathname);
