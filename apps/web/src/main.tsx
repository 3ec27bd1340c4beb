// Entry point: theme and session are read before anything renders, so the first paint is right.
import '@fontsource-variable/inter';
import './styles/tokens.css';
import './styles/base.css';
import { initTheme } from './lib/theme/theme.ts';
import { loadSession } from './lib/session/session-store.ts';
import { startApp } from './app/start.tsx';

initTheme();
loadSession();
void startApp(document.getElementById('root')!);
