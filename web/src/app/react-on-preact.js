// What the app gets for `import … from 'react'` (web/vite.config.ts, docs/adr/0012-preact-first-load.md; not
// with WEB_ON_REACT=1): preact/compat, with React's order of updates. JavaScript: TypeScript
// refuses `export *` from compat's `export =` types.
import { options } from 'preact';
import compat from 'preact/compat';

export * from 'preact/compat';

/**
 * Effects (useEffect) as React runs them. Those of a render caused by input (a click, a key, focus moving) run
 * before the next event: in a microtask after the render. Those of any other render (an answer from the
 * network, a timer, a transition) run in a task after it, but never later than the next render or the next
 * event handler, which first run the effects still pending. Preact alone runs them after the next frame (a new
 * render or a key press may come first); all in a microtask, they ran before code awaiting a render's DOM
 * change could look. The app relies on the order: a discarded draft is cleared by an effect before the page
 * unmounts; a grid moves the focus in an effect before the next arrow key. Preact hands its one flush of all
 * pending effects to `options.requestAnimationFrame`.
 */
let pendingEffects = null;
function runPendingEffects() {
  const flush = pendingEffects;
  pendingEffects = null;
  if (flush) flush();
}
// A task as React's scheduler takes it: setImmediate where there is one (Node), else a message. Taken at load, as
// React's scheduler does, so that tests' fake timers do not hold effects back.
const task = (() => {
  if (typeof setImmediate === 'function') {
    const immediate = setImmediate;
    return () => immediate(runPendingEffects);
  }
  const channel = new MessageChannel();
  channel.port1.onmessage = runPendingEffects;
  return () => channel.port2.postMessage(null);
})();
/** Events React treats as discrete input; `window.event` is the one being handled while an update is queued. */
const INPUT =
  /^(?:key(?:down|up|press)|(?:aux|dbl)?click|contextmenu|(?:pointer|mouse)(?:down|up)|touch(?:start|end|cancel)|(?:before)?input|change|submit|reset|focus(?:in|out)?|blur|copy|cut|paste|drop|drag(?:start|end)|select)$/;
let inputRender = false;
options.requestAnimationFrame = (flush) => {
  pendingEffects = flush;
  if (inputRender) queueMicrotask(runPendingEffects);
  else task();
};
const renderAfterEffects = options.debounceRendering;
options.debounceRendering = (render) => {
  const input = typeof window !== 'undefined' && INPUT.test(window.event?.type ?? '');
  (renderAfterEffects ?? queueMicrotask)(() => {
    runPendingEffects();
    inputRender = input;
    try {
      render();
    } finally {
      inputRender = false;
    }
  });
};
const compatEvent = options.event;
options.event = (event) => {
  runPendingEffects();
  return compatEvent ? compatEvent(event) : event;
};

/**
 * `autoFocus` as React has it: the element takes the focus when it is mounted. Preact only sets the attribute, which
 * browsers honour while the page loads, not for an element shown later (the login popup's e-mail field). Once
 * per element, after the commit that attached it.
 */
const autoFocused = new WeakSet();
const compatVnode = options.vnode;
options.vnode = (vnode) => {
  if (typeof vnode.type === 'string' && vnode.props && (vnode.props.autoFocus || vnode.props.autofocus)) {
    const own = vnode.ref;
    vnode.ref = (element) => {
      if (element && !autoFocused.has(element)) {
        autoFocused.add(element);
        queueMicrotask(() => {
          if (element.isConnected) element.focus();
        });
      }
      if (typeof own === 'function') return own(element);
      if (own) own.current = element;
    };
  }
  if (compatVnode) compatVnode(vnode);
};

/**
 * React renders a transition after the urgent updates and their effects; compat runs it at once, in the same
 * render. React Router puts every navigation in a transition: leaving a page with 'Verwerfen' must first render
 * the discarded draft (its effect clears the kept copy), then unmount the page. So the transition runs in a task
 * of its own, after the urgent render, and the effects still pending run first.
 * @param {() => void} update
 */
export function startTransition(update) {
  setTimeout(() => {
    runPendingEffects();
    update();
  }, 0);
}

export default { ...compat, startTransition };
