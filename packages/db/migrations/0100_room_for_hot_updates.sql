-- Room on each page for the rows the order path updates in place (ADR 0057). A balance update
-- changes no indexed column, so PostgreSQL can write the new row version on the same page (a HOT
-- update) and leave the account's three indexes alone; but only if the page has room, and at the
-- default fill factor (100) the pages of a table filled by inserts have none. `npm run bench:orders`
-- found 40 % of ledger_accounts' updates HOT; every other one wrote three index entries and moved
-- the account to another page. Sessions (a touch slides the expiry once a minute) are the same case.
-- New pages keep the room; pages written before this keep theirs full until rewritten
-- (VACUUM FULL or pg_repack, in a maintenance window), and meanwhile fill their room as pruning frees it.
ALTER TABLE ledger_accounts SET (fillfactor = 80);
ALTER TABLE sessions SET (fillfactor = 90);
