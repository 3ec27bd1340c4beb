// The cold wallet context: holdings kept apart from the regular wallet, moved in and out with the
// same approval as a send.
export { createColdWalletService, type ColdWalletService } from './coldwallet.service.ts';
export { createColdWalletRepository } from './coldwallet.repository.ts';
