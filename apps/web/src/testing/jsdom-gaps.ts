// What jsdom lacks and the app's screens use: the modal methods of <dialog>, ResizeObserver,
// matchMedia (a desktop, fine-pointer screen) and scrollIntoView. Each fills the gap only.
class SilentResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

function desktopMedia(query: string): MediaQueryList {
  const list = new EventTarget() as MediaQueryList & { matches: boolean; media: string };
  Object.assign(list, {
    matches: /min-width/.test(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
  });
  return list;
}

export function fillJsdomGaps(): void {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.show ??= function show(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  Element.prototype.scrollIntoView ??= () => undefined;
  globalThis.ResizeObserver ??= SilentResizeObserver as unknown as typeof ResizeObserver;
  window.matchMedia ??= desktopMedia;
}
