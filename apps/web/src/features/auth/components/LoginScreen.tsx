// Login (spec §2): e-mail and password, links to recovery and registration. When the account has
// authenticator 2FA the API answers two_factor_code_required and the screen asks for the code. After
// several wrong passwords the toast says when the account can be tried again (the sign-in backoff).
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button/Button.tsx';
import { CodeInput } from '../../../components/code-input/CodeInput.tsx';
import { PasswordField } from '../../../components/text-field/PasswordField.tsx';
import { TextField } from '../../../components/text-field/TextField.tsx';
import { ApiError } from '../../../lib/api/errors.ts';
import { OTP_CODE_LENGTH } from '../../../lib/constants.ts';
import { currentLanguageTag } from '../../../lib/i18n/i18n.ts';
import { lastVisitedPath } from '../../../lib/navigation/last-visited.ts';
import { signIn } from '../../../lib/session/session-store.ts';
import { showToast } from '../../../lib/toast/toast-store.ts';
import { login } from '../api/auth-api.ts';
import { useField } from '../hooks/use-field.ts';
import { useSubmit } from '../hooks/use-submit.ts';
import { retryWhen, signInWaitSeconds } from '../model/sign-in-wait.ts';
import { normalizeEmail, validateCode, validateEmail, validateLoginPassword } from '../model/validation.ts';
import { AuthCard } from './AuthCard.tsx';

// Login's fields and call; a 403 two_factor_code_required reveals the authenticator code field.
function useLogin() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const email = useField('', validateEmail);
  const password = useField('', validateLoginPassword);
  const totp = useField('', (value) => validateCode(value));
  const [needsTotp, setNeedsTotp] = useState(false);
  const submit = useSubmit();
  const valid = email.valid && password.valid && (!needsTotp || totp.valid);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    const body = {
      email: normalizeEmail(email.value),
      password: password.value,
      ...(needsTotp ? { totp: totp.value } : {}),
    };
    const result = await submit.run(
      () => login(body),
      (error) => {
        const waitSeconds = signInWaitSeconds(error);
        if (waitSeconds !== undefined) {
          showToast(t('login.wait', { when: retryWhen(waitSeconds, currentLanguageTag()) }), 'error');
          return true;
        }
        const twoFactor = error instanceof ApiError && error.code === 'two_factor_code_required';
        if (twoFactor) setNeedsTotp(true);
        return twoFactor;
      },
    );
    if (!result.ok) return;
    signIn(result.value);
    void navigate(lastVisitedPath(), { replace: true });
  };
  return { email, password, totp, needsTotp, valid, pending: submit.pending, onSubmit };
}

export function LoginScreen() {
  const { t } = useTranslation('auth');
  const { email, password, totp, needsTotp, valid, pending, onSubmit } = useLogin();
  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          <span>{t('login.newHere')}</span>
          <Link to="/auth/register" className="auth-link">
            {t('login.createAccount')}
          </Link>
        </>
      }
    >
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email.value}
          onChange={(event) => email.set(event.currentTarget.value)}
          onBlur={email.touch}
          error={email.error}
        />
        <PasswordField
          label={t('fields.password')}
          autoComplete="current-password"
          value={password.value}
          onChange={(event) => password.set(event.currentTarget.value)}
          onBlur={password.touch}
          error={password.error}
        />
        <div className="auth-form__row">
          <Link to="/auth/forgot-password" className="auth-link">
            {t('login.forgot')}
          </Link>
        </div>
        {needsTotp ? (
          <CodeInput
            label={t('login.totpLabel')}
            hint={t('login.totpHint')}
            length={OTP_CODE_LENGTH}
            autoFocus
            value={totp.value}
            onValueChange={totp.set}
            error={totp.error}
          />
        ) : null}
        <div className="auth-form__actions">
          <Button type="submit" block disabled={!valid} loading={pending}>
            {t('login.submit')}
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
