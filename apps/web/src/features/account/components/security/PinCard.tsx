// The PIN that approves sends and withdrawals: set the first one here; once set, check it or change
// it. A PIN locked by wrong entries says until when.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyRound } from 'lucide-react';
import type { User } from '@rora/contracts';
import { Button } from '../../../../components/button/Button.tsx';
import { currentLanguageTag } from '../../../../lib/i18n/i18n.ts';
import { usePinStatus } from '../../api/pin.ts';
import { SettingsCard } from '../common/SettingsCard.tsx';
import { StatusBadge } from '../common/StatusBadge.tsx';
import { PinChangeDialog } from './PinChangeDialog.tsx';
import { PinVerifyDialog } from './PinVerifyDialog.tsx';
import { SetPinForm } from './SetPinForm.tsx';

function lockedText(lockedUntil: string | null | undefined): string | null {
  if (!lockedUntil || Date.parse(lockedUntil) <= Date.now()) return null;
  return new Intl.DateTimeFormat(currentLanguageTag(), { timeStyle: 'short' }).format(new Date(lockedUntil));
}

export function PinCard({ user }: { readonly user: User }) {
  const { t } = useTranslation('account');
  const status = usePinStatus();
  const [dialog, setDialog] = useState<'verify' | 'change' | null>(null);
  const pinSet = status.data?.pinSet ?? user.pinSet;
  const lockedUntil = lockedText(status.data?.lockedUntil);
  const badge = lockedUntil ? (
    <StatusBadge tone="danger">{t('pin.locked')}</StatusBadge>
  ) : (
    <StatusBadge tone={pinSet ? 'success' : 'warning'}>{pinSet ? t('pin.isSet') : t('pin.notSet')}</StatusBadge>
  );

  return (
    <SettingsCard
      title={t('pin.title')}
      description={t('pin.description')}
      icon={<KeyRound size={20} />}
      status={badge}
      testId="pin-card"
    >
      {lockedUntil ? (
        <p className="account-card__text account-card__text--danger">{t('pin.lockedUntil', { time: lockedUntil })}</p>
      ) : null}
      {pinSet ? (
        <div className="account-actions">
          <Button variant="secondary" onClick={() => setDialog('verify')}>
            {t('pin.verifyOpen')}
          </Button>
          <Button variant="secondary" onClick={() => setDialog('change')}>
            {t('pin.changeOpen')}
          </Button>
        </div>
      ) : (
        <SetPinForm twoFactorEnabled={user.twoFactorEnabled} />
      )}
      <PinVerifyDialog open={dialog === 'verify'} onClose={() => setDialog(null)} />
      <PinChangeDialog
        open={dialog === 'change'}
        onClose={() => setDialog(null)}
        twoFactorEnabled={user.twoFactorEnabled}
      />
    </SettingsCard>
  );
}
