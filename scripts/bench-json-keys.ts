// What refusing repeated JSON keys costs per request body (lib/json-duplicate-key.ts): the scan of
// a typical order body and a send body beside JSON.parse and the parser the API runs
// (secure-json-parse), in ns per body, the median of five runs of a million calls each; then the
// largest body the API takes (1 MiB) as one object of 90,000 keys, where a scan that is not linear
// in the keys shows (it took 65 s of the event loop before the keys went into a Set).
// Run: npm run bench:json-keys
import secureJson from 'secure-json-parse';
import { findDuplicateKey } from '../apps/api/src/lib/json-duplicate-key.ts';

const bodies = {
  order: JSON.stringify({
    symbol: 'BTC/USDT',
    type: 'buy',
    orderType: 'limit',
    amount: '0.00125000',
    price: '64250.50',
    timeInForce: 'GTC',
    postOnly: false,
    venue: 'rora',
    clientOrderId: '7d0b6a38-9a8f-4f65-8f3e-2b0d2f6b1c55',
    stopPrice: null,
  }),
  send: JSON.stringify({
    walletId: '7d0b6a38-9a8f-4f65-8f3e-2b0d2f6b1c55',
    address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    amount: '0.001',
    pin: '123456',
    twoFactorCode: '654321',
    note: 'rent for March, "paid" \\ thanks é',
  }),
};

const CALLS = 1_000_000;

function nsPerCall(run: () => unknown): number {
  for (let i = 0; i < 100_000; i++) run();
  const runs: number[] = [];
  for (let round = 0; round < 5; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < CALLS; i++) run();
    runs.push(Number(process.hrtime.bigint() - start) / CALLS);
  }
  return runs.sort((a, b) => a - b)[2]!;
}

for (const [name, body] of Object.entries(bodies)) {
  const parse = nsPerCall(() => JSON.parse(body));
  const secure = nsPerCall(() => secureJson.parse(body, { protoAction: 'error', constructorAction: 'error' }));
  const scan = nsPerCall(() => findDuplicateKey(body));
  console.info(
    `${name} body (${body.length} bytes): JSON.parse ${parse.toFixed(0)} ns, secure-json-parse ${secure.toFixed(0)} ns,` +
      ` duplicate-key scan ${scan.toFixed(0)} ns (${((scan / secure) * 100).toFixed(0)} % of the parse)`,
  );
}

const wide = `{${Array.from({ length: 90_000 }, (_, index) => `"k${index}":0`).join(',')}}`;
const timed = (run: () => unknown) => {
  const start = process.hrtime.bigint();
  run();
  return Number(process.hrtime.bigint() - start) / 1e6;
};
const wideParse = timed(() => JSON.parse(wide));
const wideScan = timed(() => findDuplicateKey(wide));
console.info(
  `one object of 90,000 keys (${wide.length} bytes): JSON.parse ${wideParse.toFixed(1)} ms, ` +
    `duplicate-key scan ${wideScan.toFixed(1)} ms (${(wideScan / wideParse).toFixed(2)}x the parse)`,
);
