// What the built app gets for `import … from 'react'` (web/vite.config.ts, docs/adr/0012-preact-first-load.md):
// preact/compat, with one change. JavaScript: TypeScript refuses `export *` from compat's `export =` types.
import compat from 'preact/compat';

export * from 'preact/compat';

/**
 * React renders a transition after the urgent updates and their effects; compat runs it at once, in the same
 * render. React Router puts every navigation in a transition: leaving a page with 'Verwerfen' must first render
 * the discarded draft (its effect clears the kept copy), then unmount the page. So the transition runs in a task
 * of its own, after the urgent render and its effects (microtasks, see ./effect-timing.ts).
 */
/** @param {() => void} update */
export function startTransition(update) {
  setTimeout(update, 0);
}

export default { ...compat, startTransition };
