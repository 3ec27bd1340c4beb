// The on-ramp purchase path (spec §1): buying a coin by card through the provider's widget. Routes
// place `OnRampPanel` where a customer buys (the exchange screen composes it beside its order form).
export { OnRampPanel } from './components/OnRampPanel.tsx';
