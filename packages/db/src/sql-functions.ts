// Every SQL function of the database, one file each, named after its function and kept by the
// package or module that calls it (docs/adr/0022-sql-functions-single-source.md). Paths are from the
// repository's root: packages/db imports no app, it only reads their files. The migrator applies
// them after the migrations, in this order: a SQL-language body is checked when it is created, so
// such a file comes after the files of the functions it calls (PL/pgSQL bodies are checked only when
// they run). A file may also create the triggers that run its function. A test fails when a
// function of the database has no file here, or a sql/ folder holds a file missing from this list.
export const SQL_FUNCTION_FILES: readonly string[] = [
  'apps/api/src/plugins/sql/idempotency_store_answers.sql',
  'apps/api/src/plugins/sql/idempotency_find_keys.sql',
  'apps/api/src/modules/notifications/sql/notifications_insert_all.sql',
  'packages/ledger/sql/ledger_transfers_append_only.sql',
  'packages/ledger/sql/ledger_rows_are_permanent.sql',
  'packages/ledger/sql/ledger_rows_written_by_the_ledger.sql',
  'packages/ledger/sql/ledger_account_id.sql',
  'packages/ledger/sql/ledger_refusal.sql',
  'packages/ledger/sql/ledger_apply.sql',
  'packages/ledger/sql/ledger_apply_or_raise.sql',
  'packages/ledger/sql/ledger_available_balances.sql',
  'apps/api/src/modules/wallets/sql/chain_deposits_check_transition.sql',
  'apps/api/src/modules/wallets/sql/wallet_sends_check_transition.sql',
  'apps/api/src/modules/market-data/sql/market_synthetic_price.sql',
  'apps/api/src/modules/market-data/sql/market_noise.sql',
  // Calls ledger_available_balances (a SQL body).
  'apps/api/src/modules/orders/sql/orders_read_batch.sql',
  'apps/api/src/modules/orders/sql/orders_batch_committed.sql',
  'apps/api/src/modules/orders/sql/orders_commit_batch.sql',
  'apps/api/src/modules/swap/sql/swaps_check_transition.sql',
  'apps/api/src/modules/swap/sql/swap_quotes_check_update.sql',
  'apps/api/src/modules/onramp/sql/onramp_purchases_check_transition.sql',
  'apps/api/src/modules/staking/sql/staking_transfer_id.sql',
  'apps/api/src/modules/staking/sql/staking_accrue.sql',
  'apps/api/src/modules/staking/sql/staking_mature.sql',
  'apps/api/src/modules/staking/sql/stakes_check_transition.sql',
  'apps/api/src/modules/lending/sql/loans_check_transition.sql',
  'apps/signer/sql/signer_signatures_append_only.sql',
];
