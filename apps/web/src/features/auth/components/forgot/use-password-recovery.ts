// Password recovery's state and calls (spec §4): request a code (by e-mail, or by SMS to the phone
// on the account), verify it for a short-lived ticket, then set the new password with the ticket.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../../lib/toast/toast-store.ts';
import { requestResetCode, resetPassword, verifyResetCode } from '../../api/auth-api.ts';
import { useField } from '../../hooks/use-field.ts';
import { formatPhone, type Phone } from '../../model/phone.ts';
import { nextForgotStep, previousForgotStep, type ForgotStep, type RecoveryMethod } from '../../model/steps.ts';
import { normalizeEmail, validateEmail } from '../../model/validation.ts';
import type { EnteredPhone } from '../register/use-registration.ts';

export function usePasswordRecovery() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [step, setStep] = useState<ForgotStep>('email');
  const [method, setMethod] = useState<RecoveryMethod>('email');
  const [phone, setPhone] = useState<EnteredPhone | null>(null);
  const [ticket, setTicket] = useState('');
  const email = useField('', validateEmail);
  const address = normalizeEmail(email.value);

  return {
    step,
    method,
    email,
    phone,
    destination: method === 'mobile' && phone ? formatPhone(phone.value) : address,
    back: () => setStep(previousForgotStep(step, method)),
    toMethod: () => setStep('method'),
    async chooseMethod(chosen: RecoveryMethod) {
      if (chosen === 'email') await requestResetCode({ email: address, method: 'email' });
      setMethod(chosen);
      setStep(nextForgotStep('method', chosen));
    },
    async sendToPhone(value: Phone, entered: EnteredPhone['entered']) {
      await requestResetCode({ email: address, method: 'mobile', phone: value });
      setPhone({ value, entered });
      setStep('code');
    },
    resend: () =>
      requestResetCode(
        method === 'mobile' && phone
          ? { email: address, method, phone: phone.value }
          : { email: address, method: 'email' },
      ),
    async verify(code: string) {
      const result = await verifyResetCode({ email: address, token: code });
      setTicket(result.ticket);
      setStep('password');
    },
    async save(password: string, confirmPassword: string) {
      await resetPassword({ email: address, ticket, password, confirmPassword });
      showToast(t('forgot.done'), 'success');
      void navigate('/auth/login', { replace: true });
    },
  };
}
