// Inter (about 49 kB for its Latin file) is asked for once the first screen is on screen: on a slow
// phone link it would otherwise share the bandwidth with the code and translations that screen waits
// for (ADR 0052). Until then, and when it never arrives, text is drawn in the metric-matched fallback
// of styles/tokens.css, so the switch moves nothing.

/** True once the browser has painted content (text, an image) for this page. */
function paintedContent(entries: PerformanceEntryList): boolean {
  return entries.some((entry) => entry.name === 'first-contentful-paint');
}

export function loadFontsAfterFirstPaint(load: () => Promise<unknown> = () => import('@fontsource-variable/inter')) {
  const start = () => void load().catch((error: unknown) => console.error('Loading the Inter font failed', error));
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    window.addEventListener('load', start, { once: true });
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (!paintedContent(list.getEntries())) return;
    observer.disconnect();
    start();
  });
  observer.observe({ type: 'paint', buffered: true });
}
