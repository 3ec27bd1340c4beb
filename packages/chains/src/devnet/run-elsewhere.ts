// What a devnet copy answers once another process runs the devnet (ADR 0083): the owner it was has
// been displaced and steps down. Not a ChainError: the chain refused nothing, so a send asked of it
// stays held (and approved) for the process that runs the devnet now, instead of being voided.

export class DevnetRunElsewhereError extends Error {
  override readonly name = 'DevnetRunElsewhereError';
  constructor(message = 'Another process runs the devnet now: this one only reads it') {
    super(message);
  }
}

export function isDevnetRunElsewhere(error: unknown): error is DevnetRunElsewhereError {
  return error instanceof DevnetRunElsewhereError;
}
