// The explainer of spec §2: what the cold wallet is for, and how moving in and out works.
import { useTranslation } from 'react-i18next';
import { ArrowLeftRight, ShieldCheck, Snowflake } from 'lucide-react';

const POINTS = [
  { key: 'offline', Icon: Snowflake },
  { key: 'approval', Icon: ShieldCheck },
  { key: 'withdraw', Icon: ArrowLeftRight },
] as const;

export function ColdExplainer() {
  const { t } = useTranslation('coldWallet');
  return (
    <section className="cold-explainer" aria-labelledby="cold-explainer-title">
      <h2 id="cold-explainer-title">{t('explainer.title')}</h2>
      <p className="cold__muted">{t('explainer.lead')}</p>
      <ul className="cold-explainer__points">
        {POINTS.map(({ key, Icon }) => (
          <li key={key}>
            <span className="cold-explainer__icon" aria-hidden="true">
              <Icon size={20} />
            </span>
            <div>
              <h3>{t(`explainer.${key}.title`)}</h3>
              <p className="cold__muted">{t(`explainer.${key}.body`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
