// A firm quote of 0.01 BTC for ETH, as the API gives one, for the swap screen's tests: figures at
// 18.4 ETH per BTC less a 0.50 % spread, with a 0.25 % fee; each test changes what it is about.
import type { SwapQuote } from '@rora/contracts';

export function btcEthQuote(changes: Partial<SwapQuote> = {}): SwapQuote {
  return {
    id: '2b3c4d5e-6f70-4a81-9b2c-3d4e5f607182',
    from: 'BTC',
    to: 'ETH',
    quantity: '0.01',
    fee: '0.00005',
    feeBps: 50,
    referenceRate: '18.4',
    rate: '18.308',
    spreadBps: 50,
    spread: '0.00092',
    receive: '0.18308',
    route: 'direct',
    usdValue: '460.00',
    createdAt: '2026-01-01T00:00:00.000Z',
    expiresAt: '2026-01-01T00:00:30.000Z',
    ...changes,
  };
}
