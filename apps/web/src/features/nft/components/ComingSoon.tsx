// NFT (spec §1, §2): the menu entry shows only a 'Coming Soon' message.
import { useTranslation } from 'react-i18next';
import { Gem } from 'lucide-react';
import { EmptyState } from '../../../components/empty-state/EmptyState.tsx';

export function NftComingSoon() {
  const { t } = useTranslation('nft');
  return (
    <div className="nft-page">
      <h1 className="visually-hidden">{t('title')}</h1>
      <EmptyState icon={<Gem size={28} />} title={t('comingSoon')} />
    </div>
  );
}
