// The business constants of spec §9 as typed data, imported by both the web app and the API.
export * from './markets.ts';
export * from './market-names.ts';
export * from './limits.ts';
export * from './interface.ts';
export * from './finance.ts';
export * from './wallets.ts';
export * from './onramp.ts';
