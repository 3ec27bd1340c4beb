// `npm run faucet -- --email a@b.c --asset BTC --amount 0.5 [--network btc] [--url http://localhost:3000]`
// sends a devnet deposit to a customer's wallet through the running server's dev-only API
// (POST /api/v1/dev/faucet): the devnet lives inside that process. The deposit shows as pending at
// once and is credited after the network's confirmations. Exit 0: sent. Exit 1: refused. Exit 2: usage.
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

type Print = (line: string) => void;

const USAGE =
  'usage: npm run faucet -- --email <customer e-mail> --asset <BTC|ETH|...> --amount <decimal> [--network <id>] [--url <server>]';

export interface FaucetOptions {
  readonly email: string;
  readonly asset: string;
  readonly amount: string;
  readonly network?: string;
  readonly url: string;
}

/** The options from the command line, or null (with the usage printed) when one is missing. */
export function faucetOptions(argv: readonly string[], env: NodeJS.ProcessEnv, print: Print): FaucetOptions | null {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      email: { type: 'string' },
      asset: { type: 'string' },
      amount: { type: 'string' },
      network: { type: 'string' },
      url: { type: 'string' },
    },
    strict: true,
  });
  if (!values.email || !values.asset || !values.amount) {
    print(USAGE);
    return null;
  }
  return {
    email: values.email,
    asset: values.asset,
    amount: values.amount,
    ...(values.network ? { network: values.network } : {}),
    url: values.url ?? env.RORA_URL ?? `http://localhost:${env.PORT ?? 3000}`,
  };
}

export async function faucet(options: FaucetOptions, print: Print): Promise<number> {
  const { url, ...body } = options;
  let response: Response;
  try {
    response = await fetch(new URL('/api/v1/dev/faucet', url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    print(`No Rora server answers at ${url}: start it with npm start (or pass --url).`);
    return 1;
  }
  const answer = (await response.json().catch(() => ({}))) as {
    data?: { txid: string; network: string; address: string; amount: string };
    error?: { code: string; message: string };
  };
  if (!response.ok || !answer.data) {
    if (response.status === 404 && !answer.error)
      print('The server has no dev routes (DEV_ROUTES is off, or HOST is not loopback).');
    else print(`Refused (${response.status} ${answer.error?.code ?? ''}): ${answer.error?.message ?? 'no answer'}`);
    return 1;
  }
  const { txid, network, address, amount } = answer.data;
  print(`Sent ${amount} ${options.asset.toUpperCase()} on ${network} to ${address}`);
  print(`txid ${txid}: pending now, credited after the network's confirmations.`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const print = (line: string) => console.log(line);
  let options: FaucetOptions | null;
  try {
    options = faucetOptions(process.argv.slice(2), process.env, print);
  } catch (error) {
    print(`${(error as Error).message}\n${USAGE}`);
    options = null;
  }
  process.exitCode = options ? await faucet(options, print) : 2;
}
