// The identity verification (KYC) page.
export { KycScreen } from './components/KycScreen.tsx';
