-- What the collateral seized from a loan settled from it was worth at the settlement's reference
-- prices, in minor units of the loan's `asset`, rounded down. When all the collateral was seized it
-- may have been worth less than the debt and penalty it paid for (debt_settled + penalty): the
-- screens say how much of them it covered rather than read as if it covered all. A loan settled
-- before this keeps NULL (the prices of that moment are gone), as with 0106.
ALTER TABLE loans
  ADD COLUMN collateral_worth numeric(78, 0) CHECK (collateral_worth >= 0),
  ADD CONSTRAINT loans_collateral_worth_with_settled_debt CHECK (
    collateral_worth IS NULL OR debt_settled IS NOT NULL);
