// A short state label ('On', 'Verified', 'This device'): colour plus an icon, never colour alone.
import type { ReactNode } from 'react';
import { CircleCheck, CircleDashed, CircleAlert } from 'lucide-react';

export type BadgeTone = 'success' | 'neutral' | 'warning' | 'danger' | 'info';

const icons: Partial<Record<BadgeTone, typeof CircleCheck>> = {
  success: CircleCheck,
  neutral: CircleDashed,
  warning: CircleAlert,
  danger: CircleAlert,
};

export function StatusBadge({ tone, children }: { readonly tone: BadgeTone; readonly children: ReactNode }) {
  const Icon = icons[tone];
  return (
    <span className={`account-badge account-badge--${tone}`}>
      {Icon ? <Icon size={14} aria-hidden="true" /> : null}
      {children}
    </span>
  );
}
