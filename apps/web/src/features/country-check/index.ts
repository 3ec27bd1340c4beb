// The country check on load and its blocking popup (spec §4, §8).
export { CountryCheck } from './components/CountryCheck.tsx';
export { startCountryCheck } from './api/check-country.ts';
