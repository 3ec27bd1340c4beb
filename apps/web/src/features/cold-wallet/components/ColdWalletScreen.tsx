// /dashboard/cold-wallet (spec §2): the explainer, the holdings with their US dollar total, the first
// holding active after loading (spec §4) with its moves, and the move dialog (in or out, with the PIN
// or authenticator code the route hands in from the wallets feature).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '../../../lib/format/numbers.ts';
import { ErrorState } from '../../../components/error-state/ErrorState.tsx';
import { Skeleton } from '../../../components/skeleton/Skeleton.tsx';
import type { ColdWallet } from '@rora/contracts';
import { useColdWallets, useUsdPrices } from '../api/coldwallet-api.ts';
import { coldCents } from '../model/cold-values.ts';
import type { MoveType } from '../model/move-form.ts';
import type { ApprovalStep } from './approval.ts';
import { ColdExplainer } from './ColdExplainer.tsx';
import { HoldingMoves } from './HoldingMoves.tsx';
import { HoldingRow } from './HoldingRow.tsx';
import { MoveDialog } from './MoveDialog.tsx';
import './cold-wallet.css';

export function ColdWalletScreen({ approval }: { readonly approval: ApprovalStep }) {
  const { t } = useTranslation('coldWallet');
  const holdings = useColdWallets();
  const prices = useUsdPrices().data;
  // Valued at the coins' prices; until they arrive, the API's own values (cut to the cent) stand in.
  const usdOf = (items: readonly ColdWallet[], fallback: string) =>
    formatUsd(prices ? coldCents(items, prices) : fallback);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [moving, setMoving] = useState<{ id: string; type: MoveType } | null>(null);
  const list = holdings.data?.wallets ?? [];
  const active = list.find((holding) => holding.id === chosenId) ?? list[0] ?? null;
  const movingHolding = list.find((holding) => holding.id === moving?.id);

  let body;
  if (holdings.data === undefined && holdings.isError) {
    body = <ErrorState onRetry={() => void holdings.refetch()} retrying={holdings.isFetching} />;
  } else if (holdings.data === undefined) {
    body = <Skeleton height={360} radius="var(--radius-lg)" />;
  } else {
    body = (
      <div className="cold__layout">
        <section className="cold-card" aria-labelledby="cold-holdings-title">
          <div className="cold-total">
            <h2 id="cold-holdings-title">{t('holdings.title')}</h2>
            <p className="cold-total__value tabular" data-testid="cold-total">
              {usdOf(list, holdings.data.totalBalance)}
            </p>
          </div>
          <ul className="holdings">
            {list.map((holding) => (
              <HoldingRow
                key={holding.id}
                holding={holding}
                usd={usdOf([holding], holding.usdValue)}
                active={holding.id === active?.id}
                onSelect={() => setChosenId(holding.id)}
                onMove={(type) => setMoving({ id: holding.id, type })}
              />
            ))}
          </ul>
        </section>
        {active ? <HoldingMoves key={active.id} holding={active} /> : null}
      </div>
    );
  }

  return (
    <div className="cold">
      <header>
        <h1>{t('title')}</h1>
        <p className="cold__lead">{t('lead')}</p>
      </header>
      <ColdExplainer />
      {body}
      {moving && movingHolding ? (
        <MoveDialog
          holding={movingHolding}
          initialType={moving.type}
          approval={approval}
          onClose={() => setMoving(null)}
        />
      ) : null}
    </div>
  );
}
