// Calls of spec §7 "Wallets", "Cold wallet" and "Dashboard and assets", and the `wallets` channel
// of the WebSocket. Amounts travel as decimal strings in the asset's units ('0.5' BTC), never as
// JSON numbers; US dollar values as decimal strings with 2 decimals. Every `{id}` is the signed-in
// customer's own or the answer is 404 resource_not_found, as for an id that does not exist.
export * from './wallets/common.ts';
export * from './wallets/wallet.ts';
export * from './wallets/cold-wallet.ts';
export * from './wallets/portfolio.ts';
export * from './wallets/dev.ts';
export * from './wallets/calls.ts';
