import { useSyncExternalStore } from 'react';
import type { ThemeName } from '../constants.ts';
import { getTheme, subscribeTheme } from './theme.ts';

export function useTheme(): ThemeName {
  return useSyncExternalStore(subscribeTheme, getTheme, getTheme);
}
