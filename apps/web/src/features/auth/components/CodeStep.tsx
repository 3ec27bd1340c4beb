// Entering a one-time code (spec §2, §4): where it went, the 60-second countdown after which the
// resend link appears (hidden while it runs), and Back, which leaves the step so the countdown
// starts over on return.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button/Button.tsx';
import { CodeInput } from '../../../components/code-input/CodeInput.tsx';
import { formatClock } from '../../../components/countdown/countdown.ts';
import { useCountdown } from '../../../components/countdown/use-countdown.ts';
import { OTP_CODE_LENGTH, OTP_CODE_VALID_MINUTES, OTP_RESEND_COUNTDOWN_SECONDS } from '../../../lib/constants.ts';
import { showToast } from '../../../lib/toast/toast-store.ts';
import { useField } from '../hooks/use-field.ts';
import { useSubmit } from '../hooks/use-submit.ts';
import { validateCode } from '../model/validation.ts';

export interface CodeStepProps {
  readonly destination: string;
  readonly label: string;
  readonly submitLabel: string;
  readonly onSubmit: (code: string) => Promise<unknown>;
  readonly onResend: () => Promise<unknown>;
  /** A failed phone-code resend is only logged (spec §8); an e-mail one is shown. */
  readonly quietResendErrors?: boolean;
  readonly onBack: () => void;
}

export function CodeStep(props: CodeStepProps) {
  const { t } = useTranslation('auth');
  const code = useField('', (value) => validateCode(value));
  const countdown = useCountdown(OTP_RESEND_COUNTDOWN_SECONDS);
  const submit = useSubmit();
  const [resending, setResending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.valid) await submit.run(() => props.onSubmit(code.value));
  };

  const resend = async () => {
    setResending(true);
    const result = await submit.run(props.onResend, (error) => {
      if (props.quietResendErrors) console.error('Resending the code failed', error);
      return props.quietResendErrors === true;
    });
    setResending(false);
    if (!result.ok) return;
    code.reset();
    countdown.restart();
    showToast(t('code.resent', { destination: props.destination }), 'success');
  };

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit}>
      <p>{t('code.sentTo', { destination: props.destination })}</p>
      {/* What the code e-mail says too (issue 19 defect 11: the screen said 60 seconds). */}
      <p className="muted">
        {t('code.within', { minutes: OTP_CODE_VALID_MINUTES, seconds: OTP_RESEND_COUNTDOWN_SECONDS })}
      </p>
      <CodeInput
        label={props.label}
        length={OTP_CODE_LENGTH}
        autoFocus
        value={code.value}
        onValueChange={code.set}
        error={code.error}
      />
      <div className="code-step__timer" aria-live="polite">
        {countdown.running ? (
          <span>{t('code.resendIn', { time: formatClock(countdown.secondsLeft) })}</span>
        ) : (
          <Button variant="link" onClick={() => void resend()} loading={resending}>
            {t('code.resend')}
          </Button>
        )}
      </div>
      <div className="auth-form__actions">
        <Button type="submit" block disabled={!code.valid} loading={submit.pending && !resending}>
          {props.submitLabel}
        </Button>
        <Button variant="ghost" block onClick={props.onBack} disabled={submit.pending}>
          {t('common:actions.back')}
        </Button>
      </div>
    </form>
  );
}
