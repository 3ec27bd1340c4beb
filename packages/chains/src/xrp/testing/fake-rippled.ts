// A stand-in rippled for the XRP adapter's tests: it keeps a tiny ledger (accounts, validated ledgers,
// transactions) and answers the JSON-RPC methods the adapter calls with the response shapes of the
// rippled documentation (API version 2: `tx_json` and `meta`, numeric ledger indexes; results carry
// `status`; errors `error`, `error_code`, `error_message`). `submit` decodes the blob and checks its
// signature and sequence as rippled does; `closeLedger()` validates a ledger with what was submitted.
import { bytesToHex } from '@noble/hashes/utils.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { decode, encodeForSigning } from 'ripple-binary-codec';
import { deriveAddress, deriveKeypair, generateSeed, verify } from 'ripple-keypairs';
import { startJsonRpcServer, type JsonRpcTestServer } from '../../testing/json-rpc-server.ts';
import { xrpTransactionId } from '../signer.ts';

export interface FakeAccount {
  balance: bigint;
  sequence: number;
  flags: number;
  ownerCount: number;
}

interface StoredTx {
  readonly hash: string;
  readonly json: Record<string, unknown>;
  meta?: Record<string, unknown>;
  ledgerIndex?: number;
}

interface FakeLedger {
  readonly index: number;
  readonly hash: string;
  readonly parent: string;
  readonly transactions: StoredTx[];
}

const hashOf = (text: string) => bytesToHex(sha256(new TextEncoder().encode(text))).toUpperCase();
const ERRORS: Record<string, [number, string]> = {
  txnNotFound: [29, 'Transaction not found.'],
  actNotFound: [19, 'Account not found.'],
  lgrNotFound: [21, 'ledgerNotFound'],
};

export class FakeRippled {
  readonly accounts = new Map<string, FakeAccount>();
  readonly ledgers = new Map<number, FakeLedger>();
  readonly transactions = new Map<string, StoredTx>();
  /** Submitted, waiting for the next ledger. */
  readonly queue: StoredTx[] = [];
  validated = 1000;
  openLedgerFee = 12n;
  /** Submitted transactions are acknowledged but never reach a ledger (a dropped transaction). */
  dropSubmissions = false;
  /** Every submit answers this engine result instead of applying (e.g. telINSUF_FEE_P). */
  submitResult: string | undefined;
  server!: JsonRpcTestServer;

  constructor() {
    this.ledgers.set(this.validated, {
      index: this.validated,
      hash: hashOf('genesis'),
      parent: hashOf('-'),
      transactions: [],
    });
  }

  async start(ports: { from: number; to: number }): Promise<this> {
    this.server = await startJsonRpcServer(ports, (body) => ({ result: this.answer(body) }));
    return this;
  }

  fund(address: string, drops: bigint, flags = 0): void {
    this.accounts.set(address, { balance: drops, sequence: 1, flags, ownerCount: 0 });
  }

  /** Adds a transaction to the next ledger as it would be validated (a deposit from outside). */
  include(json: Record<string, unknown>, meta: Record<string, unknown>): string {
    const hash = hashOf(JSON.stringify(json) + this.transactions.size);
    const tx: StoredTx = { hash, json, meta };
    this.queue.push(tx);
    return hash;
  }

  /** Validates the next ledger with the queued transactions. */
  closeLedger(): FakeLedger {
    const index = this.validated + 1;
    const parent = this.ledgers.get(this.validated) as FakeLedger;
    const ledger: FakeLedger = { index, hash: hashOf(`ledger ${index}`), parent: parent.hash, transactions: [] };
    for (const tx of this.queue.splice(0)) {
      if (tx.meta === undefined) this.#apply(tx, index);
      if (tx.meta === undefined) continue;
      tx.ledgerIndex = index;
      ledger.transactions.push(tx);
      this.transactions.set(tx.hash, tx);
    }
    this.ledgers.set(index, ledger);
    this.validated = index;
    return ledger;
  }

  answer(body: Record<string, unknown>): Record<string, unknown> {
    const params = ((body.params as unknown[])?.[0] ?? {}) as Record<string, unknown>;
    switch (body.method) {
      case 'server_info':
        return this.#serverInfo();
      case 'fee':
        return this.#fee();
      case 'ledger':
        return this.#ledger(params);
      case 'account_info':
        return this.#accountInfo(params);
      case 'submit':
        return this.#submit(params);
      case 'tx':
        return this.#tx(params);
      default:
        return this.#error('unknownCmd', params, [32, 'Unknown method.']);
    }
  }

  #error(error: string, request: Record<string, unknown>, known = ERRORS[error] as [number, string]) {
    return { error, error_code: known[0], error_message: known[1], request, status: 'error' };
  }

  #serverInfo() {
    const ledger = this.ledgers.get(this.validated) as FakeLedger;
    return {
      info: {
        build_version: '2.3.0',
        complete_ledgers: `1000-${this.validated}`,
        server_state: 'full',
        load_factor: 1,
        peers: 21,
        validated_ledger: {
          age: 2,
          base_fee_xrp: 0.00001,
          hash: ledger.hash,
          reserve_base_xrp: 1,
          reserve_inc_xrp: 0.2,
          seq: this.validated,
        },
      },
      status: 'success',
    };
  }

  #fee() {
    return {
      current_ledger_size: '14',
      current_queue_size: '0',
      drops: { base_fee: '10', median_fee: '5000', minimum_fee: '10', open_ledger_fee: String(this.openLedgerFee) },
      expected_ledger_size: '24',
      ledger_current_index: this.validated + 1,
      levels: { median_level: '128000', minimum_level: '256', open_ledger_level: '256', reference_level: '256' },
      max_queue_size: '480',
      status: 'success',
    };
  }

  #ledger(params: Record<string, unknown>) {
    const wanted = params.ledger_index === 'validated' ? this.validated : Number(params.ledger_index);
    const ledger = this.ledgers.get(wanted);
    if (!ledger) return this.#error('lgrNotFound', params);
    const header = {
      account_hash: hashOf(`state ${ledger.index}`),
      close_flags: 0,
      close_time: 786_000_000 + ledger.index,
      close_time_iso: '2024-11-26T10:00:00Z',
      close_time_resolution: 10,
      closed: true,
      ledger_hash: ledger.hash,
      ledger_index: ledger.index,
      parent_close_time: 786_000_000 + ledger.index - 1,
      parent_hash: ledger.parent,
      total_coins: '99986000000000000',
      transaction_hash: hashOf(`txs ${ledger.index}`),
    };
    const transactions = params.expand
      ? ledger.transactions.map((tx) => ({ hash: tx.hash, tx_json: this.#v2(tx.json), meta: tx.meta }))
      : ledger.transactions.map((tx) => tx.hash);
    return {
      ledger: { ...header, ...(params.transactions ? { transactions } : {}) },
      ledger_hash: ledger.hash,
      ledger_index: ledger.index,
      validated: true,
      status: 'success',
    };
  }

  /** API v2 writes a payment's `Amount` as `DeliverMax`. */
  #v2(json: Record<string, unknown>) {
    const { Amount, ...rest } = json;
    return json.TransactionType === 'Payment' ? { ...rest, DeliverMax: Amount } : json;
  }

  #accountInfo(params: Record<string, unknown>) {
    const account = this.accounts.get(String(params.account));
    if (!account) return { ...this.#error('actNotFound', params), account: params.account, validated: false };
    return {
      account_data: {
        Account: params.account,
        Balance: account.balance.toString(),
        Flags: account.flags,
        LedgerEntryType: 'AccountRoot',
        OwnerCount: account.ownerCount,
        PreviousTxnID: hashOf('previous'),
        PreviousTxnLgrSeq: 999,
        Sequence: account.sequence,
        index: hashOf(`root ${String(params.account)}`),
      },
      account_flags: {
        defaultRipple: false,
        depositAuth: false,
        disableMasterKey: false,
        disallowIncomingXRP: false,
        globalFreeze: false,
        noFreeze: false,
        passwordSpent: false,
        requireAuthorization: false,
        requireDestinationTag: (account.flags & 0x0002_0000) !== 0,
      },
      ledger_current_index: this.validated + 1,
      status: 'success',
      validated: params.ledger_index === 'validated',
    };
  }

  #submit(params: Record<string, unknown>) {
    const blob = String(params.tx_blob);
    const json = decode(blob) as Record<string, unknown>;
    const hash = xrpTransactionId(blob);
    const reply = (engine: string, message: string) => ({
      accepted: engine === 'tesSUCCESS',
      applied: engine === 'tesSUCCESS',
      broadcast: engine === 'tesSUCCESS',
      engine_result: engine,
      engine_result_code: engine === 'tesSUCCESS' ? 0 : -190,
      engine_result_message: message,
      kept: true,
      open_ledger_cost: String(this.openLedgerFee),
      queued: false,
      status: 'success',
      tx_blob: blob,
      tx_json: { ...json, hash },
      validated_ledger_index: this.validated,
    });
    const { TxnSignature, ...unsigned } = json;
    const signer = deriveAddress(String(json.SigningPubKey));
    if (
      signer !== json.Account ||
      !verify(encodeForSigning(unsigned), String(TxnSignature), String(json.SigningPubKey))
    ) {
      return reply('temBAD_SIGNATURE', 'Malformed: Bad signature.');
    }
    if (this.submitResult) return reply(this.submitResult, 'Refused by the test.');
    const account = this.accounts.get(String(json.Account));
    if (this.transactions.has(hash) || this.queue.some((tx) => tx.hash === hash)) {
      return reply('tefALREADY', 'The exact transaction was already in this ledger.');
    }
    if (!account || Number(json.Sequence) < account.sequence)
      return reply('tefPAST_SEQ', 'This sequence number has already passed.');
    if (Number(json.LastLedgerSequence) <= this.validated) return reply('tefMAX_LEDGER', 'Ledger sequence too high.');
    if (!this.dropSubmissions) this.queue.push({ hash, json });
    return reply('tesSUCCESS', 'The transaction was applied. Only final in a validated ledger.');
  }

  #apply(tx: StoredTx, index: number): void {
    const account = this.accounts.get(String(tx.json.Account));
    if (!account || Number(tx.json.Sequence) !== account.sequence || Number(tx.json.LastLedgerSequence) < index) return;
    const fee = BigInt(String(tx.json.Fee));
    const amount = BigInt(String(tx.json.Amount));
    account.sequence += 1;
    account.balance -= fee;
    const destination = this.accounts.get(String(tx.json.Destination));
    if (
      account.balance < amount ||
      (destination && destination.flags & 0x0002_0000 && tx.json.DestinationTag === undefined)
    ) {
      tx.meta = { AffectedNodes: [], TransactionIndex: 0, TransactionResult: 'tecUNFUNDED_PAYMENT' };
      return;
    }
    account.balance -= amount;
    if (destination) destination.balance += amount;
    else this.fund(String(tx.json.Destination), amount);
    tx.meta = {
      AffectedNodes: [],
      TransactionIndex: 0,
      TransactionResult: 'tesSUCCESS',
      delivered_amount: amount.toString(),
    };
  }

  #tx(params: Record<string, unknown>) {
    const tx = this.transactions.get(String(params.transaction).toUpperCase());
    if (!tx) {
      const bounded = params.min_ledger !== undefined && params.max_ledger !== undefined;
      return {
        ...this.#error('txnNotFound', params),
        searched_all: bounded && Number(params.max_ledger) <= this.validated,
      };
    }
    const ledger = this.ledgers.get(tx.ledgerIndex as number) as FakeLedger;
    return {
      close_time_iso: '2024-11-26T10:00:00Z',
      hash: tx.hash,
      ledger_hash: ledger.hash,
      ledger_index: ledger.index,
      meta: tx.meta,
      tx_json: this.#v2(tx.json),
      validated: true,
      status: 'success',
    };
  }
}

/** A test account from a fixed entropy byte: its family seed and classic address (worthless keys). */
export function xrpTestAccount(byte: number): { seed: string; address: string } {
  const seed = generateSeed({ entropy: new Uint8Array(16).fill(byte) });
  return { seed, address: deriveAddress(deriveKeypair(seed).publicKey) };
}
