-- What the collateral of a loan settled from it (liquidated, or closed overdue past the grace
-- period) paid for: the debt at that moment (principal plus the interest accrued to it) and the
-- penalty on it, both in minor units of the loan's `asset` (not `collateral_asset`): the seized
-- collateral is worth their sum at the settlement's reference price, rounded up, unless all of it
-- was seized (then it may be worth less). Before this only the collateral's split was kept, so a
-- loan settled earlier keeps NULL here: its figures were not recorded and are not made up after the
-- fact (the prices of that moment are gone). A repaid loan's debt is `paid`; these stay NULL.
--
-- numeric(78, 0) as every amount of `loans`. The checks read only the new columns and `status`;
-- every existing row has NULL in both, so validating them is one quick pass over the loans.
ALTER TABLE loans
  ADD COLUMN debt_settled numeric(78, 0) CHECK (debt_settled > 0),
  ADD COLUMN penalty numeric(78, 0) CHECK (penalty >= 0),
  ADD CONSTRAINT loans_settled_debt_with_penalty CHECK ((debt_settled IS NULL) = (penalty IS NULL)),
  ADD CONSTRAINT loans_settled_debt_only_from_collateral CHECK (
    debt_settled IS NULL OR status IN ('liquidated', 'closed'));
