// Authenticator 2FA (spec §6: asked on withdrawals and new deposit addresses): whether it is on,
// the way to turn it on or off, and the withdrawal switch that depends on it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShieldCheck } from 'lucide-react';
import type { User } from '@rora/contracts';
import { Button } from '../../../../components/button/Button.tsx';
import { toastError } from '../../api/action-feedback.ts';
import { useGenerateTwoFactorKey } from '../../api/two-factor.ts';
import { SettingsCard } from '../common/SettingsCard.tsx';
import { StatusBadge } from '../common/StatusBadge.tsx';
import { TwoFactorDisableDialog } from './TwoFactorDisableDialog.tsx';
import { TwoFactorSetupDialog } from './TwoFactorSetupDialog.tsx';
import { WithdrawalTwoFactor } from './WithdrawalTwoFactor.tsx';

export function TwoFactorCard({ user }: { readonly user: User }) {
  const { t } = useTranslation('account');
  const generate = useGenerateTwoFactorKey();
  const [dialog, setDialog] = useState<'setup' | 'disable' | null>(null);
  const on = user.twoFactorEnabled;

  const startSetup = () => {
    setDialog('setup');
    generate.mutate(undefined, { onError: toastError });
  };

  return (
    <SettingsCard
      title={t('twoFactor.title')}
      description={t('twoFactor.description')}
      icon={<ShieldCheck size={20} />}
      status={<StatusBadge tone={on ? 'success' : 'warning'}>{on ? t('status.on') : t('status.off')}</StatusBadge>}
      testId="two-factor-card"
    >
      <p className="account-card__text">{on ? t('twoFactor.onText') : t('twoFactor.offText')}</p>
      <div className="account-actions">
        {on ? (
          <Button variant="danger" onClick={() => setDialog('disable')}>
            {t('twoFactor.disable.open')}
          </Button>
        ) : (
          <Button onClick={startSetup}>{t('twoFactor.setup.open')}</Button>
        )}
      </div>
      <WithdrawalTwoFactor user={user} />
      <TwoFactorSetupDialog
        open={dialog === 'setup'}
        email={user.email}
        generate={generate}
        onClose={() => setDialog(null)}
      />
      <TwoFactorDisableDialog open={dialog === 'disable'} onClose={() => setDialog(null)} />
    </SettingsCard>
  );
}
