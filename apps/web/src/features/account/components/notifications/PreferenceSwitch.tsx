// One notification switch: it moves at once (optimistic), saves, and moves back with an error toast
// if the API refuses.
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../api/action-feedback.ts';
import { useNotificationPreference } from '../../api/notification-switches.ts';
import type { NotificationPreference } from '../../model/notification-preferences.ts';
import { Switch } from '../common/Switch.tsx';

export function PreferenceSwitch({
  preference,
  checked,
}: {
  readonly preference: NotificationPreference;
  readonly checked: boolean;
}) {
  const { t } = useTranslation('account');
  const save = useNotificationPreference({
    onSaved: (change) =>
      toastSuccess(
        t(change.value ? 'notifications.savedOn' : 'notifications.savedOff', {
          name: t(`notifications.${preference}.label`),
        }),
      ),
    onFailed: toastError,
  });
  return (
    <Switch
      label={t(`notifications.${preference}.label`)}
      description={t(`notifications.${preference}.description`)}
      checked={checked}
      busy={save.isPending}
      onChange={(value) => save.mutate({ key: preference, value })}
    />
  );
}
