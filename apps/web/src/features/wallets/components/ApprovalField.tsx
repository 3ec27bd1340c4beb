// The approval step of money leaving a wallet (spec §6): the PIN, or the authenticator code when
// withdrawal 2FA is on, or setting the first PIN right there (PinSetup). The cold wallet screen uses it too (the
// route composes both features).
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/text-field/PasswordField.tsx';
import { TextField } from '../../../components/text-field/TextField.tsx';
import { filterDigits } from '../../../components/numeric-input/numeric-filter.ts';
import { useApprovalMethod } from '../api/approval-api.ts';
import { PinSetup } from './PinSetup.tsx';

export interface ApprovalProof {
  readonly pin?: string;
  readonly token?: string;
}

export interface ApprovalFieldProps {
  readonly value: ApprovalProof;
  readonly onChange: (proof: ApprovalProof) => void;
  readonly error?: string | undefined;
}

/** Whether the proof is complete for its method (4-6 digit PIN, 6-digit code). */
export function approvalReady(proof: ApprovalProof): boolean {
  return /^\d{4,6}$/.test(proof.pin ?? '') || /^\d{6}$/.test(proof.token ?? '');
}

export function ApprovalField({ value, onChange, error }: ApprovalFieldProps) {
  const { t } = useTranslation('wallets');
  const method = useApprovalMethod();
  const id = useId();
  if (method.data === undefined) return <p className="wallets__muted">{t('approval.loading')}</p>;
  // No PIN yet: set it here, and it approves this send (what was typed stays where it is).
  if (method.data === 'pinNotSet') return <PinSetup onSet={(pin) => onChange({ pin })} />;
  if (method.data === 'totp') {
    return (
      <TextField
        id={id}
        label={t('approval.code')}
        hint={t('approval.codeHint')}
        inputMode="numeric"
        autoComplete="one-time-code"
        className="tabular"
        value={value.token ?? ''}
        onChange={(event) => onChange({ token: filterDigits(event.currentTarget.value, 6) })}
        error={error}
      />
    );
  }
  return (
    <PasswordField
      id={id}
      label={t('approval.pin')}
      hint={t('approval.pinHint')}
      inputMode="numeric"
      autoComplete="off"
      className="tabular"
      value={value.pin ?? ''}
      onChange={(event) => onChange({ pin: filterDigits(event.currentTarget.value, 6) })}
      error={error}
    />
  );
}
