// Coin-to-coin swaps (spec §2 Swap): the swap screen.
export { SwapScreen } from './components/SwapScreen.tsx';
