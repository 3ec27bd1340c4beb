// The signed-in frame (sidebar, mobile header and menu). Route layouts in src/app place it.
export { AppShell, type AppShellProps } from './components/AppShell.tsx';
