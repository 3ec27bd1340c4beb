// Local storage that never throws (private windows and full disks refuse writes). The keys are the
// ones the spec names (§3 "Stored locally"), gathered here so no two modules invent their own.
export const STORAGE_KEYS = {
  lastVisited: 'lastVisited',
  language: 'lang',
  /** A language the browser translates the English texts into (ADR 0038); none when absent. */
  machineLanguage: 'mtLang',
  theme: 'theme',
  auth: 'auth',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage refused: the value lives for this page only, which is the best we can do.
  }
}

export function readJson<T>(key: StorageKey, isValid: (value: unknown) => value is T): T | null {
  const text = readStorage(key);
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isValid(value) ? value : null;
  } catch {
    return null;
  }
}
