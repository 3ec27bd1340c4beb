// Entry point: theme and session are read before anything renders, so the first paint is right.
// The Inter font follows the first paint (lib/fonts).
import './styles/tokens.css';
import './styles/base.css';
import { initTheme } from './lib/theme/theme.ts';
import { loadSession } from './lib/session/session-store.ts';
import { startApp } from './app/start.tsx';
import { loadFontsAfterFirstPaint } from './lib/fonts/load-fonts.ts';

initTheme();
loadSession();
loadFontsAfterFirstPaint();
void startApp(document.getElementById('root')!);
