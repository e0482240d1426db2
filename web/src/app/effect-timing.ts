import { options } from 'preact';

/**
 * The app runs on preact/compat (docs/adr/0012-preact-first-load.md). Preact runs effects after the next frame;
 * React runs those of a render caused by input before the next event, and the app relies on that (a discarded
 * draft is cleared before the navigation that follows it unmounts the page). Effects run in a microtask after
 * the render instead.
 */
options.requestAnimationFrame = (flush) => queueMicrotask(flush);
