// The toast region at the top centre (spec §8). Errors are announced assertively, others politely.
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { dismissToast, getToasts, subscribeToasts, type ToastTone } from '../../lib/toast/toast-store.ts';
import './toasts.css';

const icons: Record<ToastTone, typeof Info> = { error: CircleAlert, success: CircleCheck, info: Info };

export function Toasts() {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <div className="toasts" aria-live="polite" aria-relevant="additions">
      {toasts.map((toast) => {
        const Icon = icons[toast.tone];
        return (
          <div
            key={toast.id}
            className={`toast toast--${toast.tone}`}
            role={toast.tone === 'error' ? 'alert' : 'status'}
          >
            <Icon size={20} aria-hidden="true" className="toast__icon" />
            <p className="toast__message">{toast.message}</p>
            <button
              type="button"
              className="toast__close"
              aria-label={t('actions.dismiss')}
              onClick={() => dismissToast(toast.id)}
            >
              <X size={18} aria-hidden="true" />
            </button>
          </div>
        );
      })}
    </div>
  );
}
