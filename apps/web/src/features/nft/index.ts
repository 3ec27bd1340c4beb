export { NftComingSoon } from './components/ComingSoon.tsx';
