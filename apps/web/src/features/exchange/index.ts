// The exchange (spec §2 Exchange): pair and venue selectors, the live chart, order book and trades,
// the order form (market, limit, dark pool), the customer's orders and price alerts.
export { ExchangeScreen } from './components/ExchangeScreen.tsx';
