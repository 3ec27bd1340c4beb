// The send form's state: the draft, the speed, which fields were touched, and the estimate of the
// settled draft (address check and fee). Pure rules live in model/; this wires them to hooks.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SendPriority, Wallet } from '@rora/contracts';
import { useFeeEstimate } from '../api/send-api.ts';
import { useDebounced } from '../api/use-debounced.ts';
import { validateSend, type SendDraft } from '../model/send-form.ts';
import { estimateInput, sendContext } from '../model/send-state.ts';

export const EMPTY_DRAFT: SendDraft = { address: '', destinationTag: '', amount: '' };

export function useSendForm(wallet: Wallet) {
  const { t } = useTranslation('wallets');
  const [draft, setDraft] = useState<SendDraft>(EMPTY_DRAFT);
  const [priority, setPriority] = useState<SendPriority>('normal');
  const [touched, setTouched] = useState<Partial<Record<keyof SendDraft, boolean>>>({});
  const current = useMemo(() => estimateInput(wallet, draft, priority), [wallet, draft, priority]);
  const settled = useDebounced(current);
  const estimate = useFeeEstimate(settled);
  // An estimate answers the draft it was asked for; while typing, the previous one is not trusted.
  const fresh = !estimate.isPlaceholderData && JSON.stringify(settled) === JSON.stringify(current);
  const errors = validateSend(draft, sendContext(wallet, fresh ? estimate.data : undefined, draft));
  const check = fresh ? (estimate.data?.address ?? null) : null;
  return {
    draft,
    priority,
    setPriority,
    estimate: estimate.data,
    fresh,
    check,
    internal: check?.valid === true && check.internal,
    ready: Object.keys(errors).length === 0 && fresh && estimate.data !== undefined,
    set: (field: keyof SendDraft) => (value: string) => {
      setDraft((previous) => ({ ...previous, [field]: value }));
      setTouched((previous) => ({ ...previous, [field]: true }));
    },
    shown: (field: keyof SendDraft) => (touched[field] && errors[field] ? t(errors[field]) : undefined),
    /** On leaving a field: an empty required one says so (issue 19 defect 11). */
    touch: (field: keyof SendDraft) => setTouched((previous) => ({ ...previous, [field]: true })),
    touchAll: () => setTouched({ address: true, amount: true, destinationTag: true }),
    reset: () => {
      setDraft(EMPTY_DRAFT);
      setTouched({});
    },
  };
}
