// What the app gets for `import … from 'react'` when built with WEB_ON_PREACT=1 (web/vite.config.ts,
// docs/adr/0012-preact-first-load.md): preact/compat, with React's order of updates. JavaScript: TypeScript
// refuses `export *` from compat's `export =` types.
import { options } from 'preact';
import compat from 'preact/compat';

export * from 'preact/compat';

// Preact runs effects after the next frame; React runs those of a render caused by input before the next event,
// and the app relies on that (a discarded draft is cleared by an effect before the page unmounts). Effects run
// in a microtask after the render instead.
options.requestAnimationFrame = (flush) => queueMicrotask(flush);

/**
 * React renders a transition after the urgent updates and their effects; compat runs it at once, in the same
 * render. React Router puts every navigation in a transition: leaving a page with 'Verwerfen' must first render
 * the discarded draft (its effect clears the kept copy), then unmount the page. So the transition runs in a task
 * of its own, after the urgent render and its effects (microtasks).
 * @param {() => void} update
 */
export function startTransition(update) {
  setTimeout(update, 0);
}

export default { ...compat, startTransition };
