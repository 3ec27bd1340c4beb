// P2P lending (spec §2 Finance, issue 17): the lending screen.
export { LendingScreen } from './components/LendingScreen.tsx';
