-- Fee reconciliation (issue 20, ADR 0044): the house account `fee_result` receives the fee a customer
-- was charged for a send and pays the network fee the hot wallet actually spent, so its balance per
-- asset is what the house won or lost on network fees. It may go negative (the network took more
-- than was charged), so it joins the kinds that may; the generated column is rebuilt for that.
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_balance_not_negative;
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_matches_owner;
ALTER TABLE ledger_accounts DROP COLUMN allow_negative;
ALTER TABLE ledger_accounts ADD COLUMN allow_negative boolean NOT NULL
  GENERATED ALWAYS AS (kind IN ('external_world', 'chain_omnibus', 'cold_omnibus', 'fee_result')) STORED;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_balance_not_negative CHECK (allow_negative OR balance >= 0);
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_matches_owner CHECK (
  (owner_id IS NOT NULL AND kind IN ('available', 'held', 'staked', 'cold', 'loan_escrow'))
  OR (owner_id IS NULL AND kind IN ('external_world', 'chain_omnibus', 'cold_omnibus', 'fees', 'liquidity',
                                    'staking_rewards', 'dust', 'fee_result'))
);
