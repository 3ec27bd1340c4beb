// Dark and light themes (spec §4): the choice is stored as `dark_theme` / `light_theme` and applied
// as a data attribute on <html>, which sets the color-scheme every colour of tokens.css follows, and
// copied into a cookie for the server's login page (ADR 0055).
import { THEMES, type ThemeName } from '../constants.ts';
import { mirrorPreference } from '../preferences/preference-cookies.ts';
import { STORAGE_KEYS, readStorage, writeStorage } from '../storage.ts';

const listeners = new Set<() => void>();

function isThemeName(value: string | null): value is ThemeName {
  return value !== null && (THEMES as readonly string[]).includes(value);
}

function systemTheme(): ThemeName {
  const prefersLight =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: light)').matches;
  return prefersLight ? 'light_theme' : 'dark_theme';
}

let current: ThemeName = 'dark_theme';

function apply(theme: ThemeName): void {
  current = theme;
  document.documentElement.dataset.theme = theme === 'light_theme' ? 'light' : 'dark';
  document.documentElement.style.colorScheme = theme === 'light_theme' ? 'light' : 'dark';
  mirrorPreference('theme', theme);
}

/** Applies the stored theme (or the system's) before the first render, so nothing flashes. */
export function initTheme(): void {
  const stored = readStorage(STORAGE_KEYS.theme);
  apply(isThemeName(stored) ? stored : systemTheme());
}

/**
 * The theme as the rendered tree should read it, without touching a document: for rendering outside
 * the browser (the prerendered login, ADR 0055), where the page's <html> carries the theme itself.
 */
export function assumeTheme(theme: ThemeName): void {
  current = theme;
}

export function getTheme(): ThemeName {
  return current;
}

export function setTheme(theme: ThemeName): void {
  apply(theme);
  writeStorage(STORAGE_KEYS.theme, theme);
  for (const listener of listeners) listener();
}

export function toggleTheme(): void {
  setTheme(current === 'dark_theme' ? 'light_theme' : 'dark_theme');
}

export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
