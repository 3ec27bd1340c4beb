// What a visitor typed into the login painted from HTML before the app started (ADR 0055): the app's
// first render replaces those nodes, so the text and the focus are read first and given back to the
// app's own fields after, through input events, so its form state holds them as if typed there.

/** How a field is found again in the app's markup: its autocomplete purpose, else its name. */
function keyOf(input: HTMLInputElement): string {
  return input.autocomplete || input.name;
}

function fieldsOf(container: HTMLElement): HTMLInputElement[] {
  return [...container.querySelectorAll('input')].filter((input) => keyOf(input) !== '');
}

/** Reads the container's typed fields and focus; the returned function gives them to the new fields. */
export function carryTypedInput(container: HTMLElement): () => void {
  const typed = fieldsOf(container)
    .filter((input) => input.value !== '')
    .map((input) => ({ key: keyOf(input), value: input.value }));
  const active = document.activeElement;
  const focused = active instanceof HTMLInputElement && container.contains(active) ? keyOf(active) : null;
  if (typed.length === 0 && focused === null) return () => undefined;
  return () => {
    const fields = new Map(fieldsOf(container).map((input) => [keyOf(input), input]));
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    for (const { key, value } of typed) {
      const input = fields.get(key);
      if (!input || !setValue) continue;
      setValue.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
    if (focused !== null) fields.get(focused)?.focus();
  };
}
