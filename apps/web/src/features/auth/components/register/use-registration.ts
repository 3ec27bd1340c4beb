// The registration's state and calls (spec §3, §4): the e-mail code is sent and verified, then the
// phone code, and the account is created with both codes; the customer is then signed in and sent
// to the dashboard. Typed values live here, so Back never loses them.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { signIn } from '../../../../lib/session/session-store.ts';
import { checkPassword, register, sendEmailCode, sendPhoneCode, verifyEmail, verifyPhone } from '../../api/auth-api.ts';
import { useField } from '../../hooks/use-field.ts';
import type { Phone } from '../../model/phone.ts';
import { previousRegisterStep, type RegisterStep } from '../../model/steps.ts';
import { normalizeEmail, validateEmail, validateNewPassword } from '../../model/validation.ts';
import type { Consents } from './BasicInfoStep.tsx';

export interface EnteredPhone {
  readonly value: Phone;
  readonly entered: { readonly country: string; readonly number: string };
}

export function useRegistration() {
  const navigate = useNavigate();
  const [step, setStep] = useState<RegisterStep>('basic');
  const email = useField('', validateEmail);
  const password = useField('', validateNewPassword);
  const [consents, setConsents] = useState<Consents>({ shareData: true, recieveUpdates: true });
  const [emailOTP, setEmailOTP] = useState('');
  const [phone, setPhone] = useState<EnteredPhone | null>(null);
  const [verifiedPhoneOTP, setVerifiedPhoneOTP] = useState('');
  const address = normalizeEmail(email.value);

  return {
    step,
    email,
    password,
    consents,
    setConsents,
    address,
    phone,
    back: () => setStep(previousRegisterStep(step)),
    async sendEmail() {
      // A common password is refused now, not after both codes (issue 19 defect 4).
      await checkPassword(password.value);
      await sendEmailCode(address);
      setStep('emailCode');
    },
    resendEmail: () => sendEmailCode(address),
    async verifyEmailCode(code: string) {
      await verifyEmail(address, code);
      setEmailOTP(code);
      setStep('phone');
    },
    async sendPhone(value: Phone, entered: EnteredPhone['entered']) {
      await sendPhoneCode(value);
      setPhone({ value, entered });
      setStep('phoneCode');
    },
    resendPhone: () => (phone ? sendPhoneCode(phone.value) : Promise.resolve()),
    async finish(phoneOTP: string) {
      if (!phone) return;
      // A retry after a failed register must not spend the already verified code again.
      if (verifiedPhoneOTP !== phoneOTP) {
        await verifyPhone(phone.value, phoneOTP);
        setVerifiedPhoneOTP(phoneOTP);
      }
      const result = await register({
        email: address,
        password: password.value,
        ...consents,
        emailOTP,
        phone: phone.value,
        phoneOTP,
      });
      signIn(result);
      void navigate('/dashboard', { replace: true });
    },
  };
}
