// One signed-in device: what it is, where from (IP), when it was last used; 'This device' for the
// one in hand, and a button to sign any other one out.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleHelp, Monitor, Smartphone } from 'lucide-react';
import { Button } from '../../../../components/button/Button.tsx';
import { currentLanguageTag } from '../../../../lib/i18n/i18n.ts';
import type { AccountSession } from '../../api/sessions.ts';
import { describeDevice, type DeviceForm } from '../../model/device.ts';
import { lastSeen } from '../../model/sessions.ts';
import { StatusBadge } from '../common/StatusBadge.tsx';

const icons: Record<DeviceForm, typeof Monitor> = { phone: Smartphone, computer: Monitor, unknown: CircleHelp };

function useLastSeenText(at: string, now: Date): string {
  const { t } = useTranslation('account');
  const date = new Date(at);
  const seen = lastSeen(date, now);
  const language = currentLanguageTag();
  if (seen.kind === 'now') return t('sessions.activeNow');
  if (seen.kind === 'relative') {
    return new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(-seen.value, seen.unit);
  }
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export interface SessionItemProps {
  readonly session: AccountSession;
  readonly now: Date;
  readonly revoking: boolean;
  readonly onRevoke: (session: AccountSession) => void;
}

export function SessionItem({ session, now, revoking, onRevoke }: SessionItemProps) {
  const { t } = useTranslation('account');
  const nameId = useId();
  const device = describeDevice(session.device);
  const Icon = icons[device.form];
  const name =
    device.browser && device.system
      ? t('sessions.browserOnSystem', { browser: device.browser, system: device.system })
      : (device.browser ?? device.system ?? t('sessions.unknownDevice'));
  const seen = useLastSeenText(session.lastSeenAt, now);
  return (
    <li className="account-session" data-testid="session-item" data-current={session.current || undefined}>
      <span className="account-session__icon" aria-hidden="true">
        <Icon size={22} />
      </span>
      <div className="account-session__main">
        <p className="account-session__name">
          <span id={nameId}>{name}</span>
          {session.current ? <StatusBadge tone="info">{t('sessions.thisDevice')}</StatusBadge> : null}
        </p>
        <p className="account-session__meta">
          <span className="tabular">{session.ip ? t('sessions.ip', { ip: session.ip }) : t('sessions.noIp')}</span>
          <span aria-hidden="true"> · </span>
          <span>{t('sessions.lastSeen', { when: seen })}</span>
        </p>
      </div>
      {session.current ? null : (
        <Button variant="secondary" loading={revoking} aria-describedby={nameId} onClick={() => onRevoke(session)}>
          {t('sessions.revoke')}
        </Button>
      )}
    </li>
  );
}
