// What jsdom lacks and the app's screens use: the modal methods of <dialog>, ResizeObserver,
// matchMedia (a desktop, fine-pointer screen), scrollIntoView and Blob.text (a picked file read).
// Each fills the gap only.
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

/** Blob.text() through jsdom's FileReader. */
function blobText(this: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(this);
  });
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
  Blob.prototype.text ??= blobText;
}
