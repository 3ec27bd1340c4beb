// Build time only (build/prerender-login.ts): the prerendered login's buttons, disabled until the
// app takes over (ADR 0055).

/**
 * The markup with every button disabled. A button's handler arrives with the app, so a click on the
 * painted language selector or theme switch before then would be lost without a sign; disabled, it
 * shows that it cannot act yet (the app draws them enabled when it takes over). Links and fields
 * work without the app: a link navigates, and what is typed is carried over (typed-input.ts).
 */
export function disableButtons(markup: string): string {
  // An attribute's quoted value may hold ">" or the word "disabled": neither ends the tag or counts.
  return markup.replace(/<button\b((?:[^>"]|"[^"]*")*)>/g, (tag: string, attributes: string) =>
    /\sdisabled(\s|=|$)/.test(attributes.replace(/"[^"]*"/g, '""')) ? tag : `<button disabled${attributes}>`,
  );
}
