-- A wallet's history lists a customer's deposits and sends that have not been booked (ADR 0037,
-- ledger-history.repository.ts): found by customer, they were found by reading every deposit and
-- every send of every customer. Only the rows not yet (or never) booked are indexed: a credited
-- deposit or a posted send is listed from the ledger instead, and most rows end that way.
CREATE INDEX chain_deposits_user_unbooked_idx ON chain_deposits (user_id) WHERE status <> 'credited';
CREATE INDEX wallet_sends_user_unbooked_idx ON wallet_sends (user_id) WHERE status <> 'posted';
