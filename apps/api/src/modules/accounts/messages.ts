// The e-mails and SMS of the accounts context. All are `security` messages: they go out whatever
// the customer's notification preferences are.
export interface AccountMessaging {
  email(message: {
    to: string;
    userId?: string;
    category: 'security' | 'administrative' | 'newsletter' | 'price_alert';
    subject: string;
    text: string;
  }): Promise<void>;
  sms(message: { to: string; userId?: string; category: 'security'; text: string }): Promise<void>;
}

const ignore = 'If you did not ask for this, you can ignore this message.';

export const accountMessages = {
  emailCode: (code: string) => ({
    subject: 'Your Rora verification code',
    text: `Your Rora verification code is ${code}. It expires in 10 minutes. ${ignore}`,
  }),
  emailTaken: () => ({
    subject: 'Sign-up attempt with your email',
    text:
      'Someone tried to create a Rora account with this email, but an account already exists. ' +
      'If it was you, log in, or reset your password if you have forgotten it. ' +
      ignore,
  }),
  phoneCode: (code: string) => `Your Rora verification code is ${code}. It expires in 10 minutes.`,
  resetCode: (code: string) => ({
    subject: 'Your Rora password reset code',
    text: `Your Rora password reset code is ${code}. It expires in 10 minutes. ${ignore}`,
  }),
  resetSmsCode: (code: string) => `Your Rora password reset code is ${code}. It expires in 10 minutes.`,
  resetUnknown: () => ({
    subject: 'Password reset request',
    text:
      'Someone asked to reset the password of a Rora account with this email, but there is no account ' +
      'with this address. If it was you, check the address or create an account. ' +
      ignore,
  }),
  passwordChanged: () => ({
    subject: 'Your Rora password was changed',
    text:
      'The password of your Rora account was just changed and your other sessions were signed out. ' +
      'If this was not you, reset your password now and contact support.',
  }),
  twoFactorDisabled: () => ({
    subject: 'Authenticator 2FA was turned off',
    text:
      'Authenticator 2FA was just turned off on your Rora account. ' +
      'If this was not you, reset your password now and contact support.',
  }),
};
