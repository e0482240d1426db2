// The one script a page the build rendered loads at once (docs/adr/0030-prerendered-pages.md): it asks for the
// app once the page has been painted, so the app's download and start do not stand between the visitor and the
// page's text. The HTML names the entry chunk and the modules it and the page need (`data-entry`,
// `data-modules`); they are preloaded together, and the entry hydrates the page.
const tag = document.querySelector('script[data-entry]');
if (tag instanceof HTMLScriptElement) {
  const start = () => {
    for (const href of (tag.dataset.modules ?? '').split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    void import(/* @vite-ignore */ tag.dataset.entry ?? '');
  };
  // After the next frame is painted; a hidden tab paints none, it starts at once.
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start, 0));
}
