// Registration (spec §4): an e-mail code, optionally a phone code, then the account. Sending a code
// answers the same whether or not the e-mail has an account: a registered address gets a notice
// instead of a code, so only its owner learns that it is taken. `register` accepts codes that are
// still live or were verified in the last 30 minutes, and uses each once, in the transaction that
// creates the customer.
import type { AuthResult, LanguageCode, Phone } from '@rora/contracts';
import type { Db } from '@rora/db';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import { accountMessages, type AccountMessaging } from './messages.ts';
import type { CodeSent, OneTimeCodeService } from './one-time-codes.ts';
import { assertPasswordPolicy, type PasswordHasher } from './passwords.ts';
import type { ClientContext, SignInService } from './sign-in.service.ts';

export interface RegisterInput extends ClientContext {
  email: string;
  password: string;
  recieveUpdates: boolean;
  shareData: boolean;
  emailOTP: string;
  phone?: Phone | undefined;
  phoneOTP?: string | undefined;
}

interface CodeRequest {
  ip?: string | undefined;
  language?: LanguageCode | undefined;
}

export interface RegistrationService {
  /** `language`: the page's, so the code arrives in the language the visitor reads. */
  sendEmailCode(input: CodeRequest & { email: string }): Promise<CodeSent>;
  verifyEmail(input: { email: string; token: string }): Promise<void>;
  sendPhoneCode(input: CodeRequest & { phone: Phone }): Promise<CodeSent>;
  verifyPhone(input: { phone: Phone; token: string }): Promise<void>;
  register(input: RegisterInput): Promise<AuthResult>;
  /** Throws the first password rule `password` breaks: the form checks it before any code is sent. */
  checkPassword(password: string): void;
}

/** The one spelling of a phone number as a code destination and SMS address: +<dial code><digits>. */
export const phoneDestination = (phone: Phone) => `${phone.countryCode}${phone.number}`;

interface RegistrationDependencies {
  db: Db;
  clock: Clock;
  repository: AccountsRepository;
  codes: OneTimeCodeService;
  passwords: PasswordHasher;
  messaging: AccountMessaging;
  signIn: SignInService;
}

/** Uses the accepted codes and inserts the customer, all or nothing. */
async function createCustomer(
  deps: RegistrationDependencies,
  input: RegisterInput,
  codeIds: string[],
): Promise<string> {
  const { repository, codes } = deps;
  const passwordHash = await deps.passwords.hash(input.password);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    for (const codeId of codeIds) {
      if (!(await codes.markUsed(tx, codeId))) throw new AppError('code_is_invalid_or_expired');
    }
    const userId = await repository.insertUser(tx, {
      email: input.email,
      passwordHash,
      phone: input.phone,
      shareData: input.shareData,
      receiveUpdates: input.recieveUpdates,
      language: input.language,
      now,
    });
    if (!userId) throw new AppError('email_is_already_registered', { field: 'email' });
    await repository.upsertSecurity(tx, userId, { emailVerifiedAt: now, phoneVerifiedAt: input.phone ? now : null });
    return userId;
  });
}

async function register(deps: RegistrationDependencies, input: RegisterInput): Promise<AuthResult> {
  assertPasswordPolicy(input.password);
  if (input.phoneOTP && !input.phone) throw new AppError('phone_is_required', { field: 'phone' });
  if (input.phone && !input.phoneOTP) throw new AppError('code_must_be_6_digits', { field: 'phoneOTP' });
  const email = { purpose: 'email_verify', destination: input.email, code: input.emailOTP, field: 'emailOTP' } as const;
  const codeIds = [await deps.codes.accept(email)];
  if (input.phone && input.phoneOTP) {
    const destination = phoneDestination(input.phone);
    codeIds.push(
      await deps.codes.accept({ purpose: 'phone_verify', destination, code: input.phoneOTP, field: 'phoneOTP' }),
    );
  }
  const userId = await createCustomer(deps, input, codeIds);
  return deps.signIn.openSession(userId, input);
}

export function createRegistrationService(deps: RegistrationDependencies): RegistrationService {
  const { codes, messaging } = deps;
  return {
    checkPassword: (password) => assertPasswordPolicy(password),

    async sendEmailCode({ email, ip, language }) {
      const taken = await deps.repository.credentials(email);
      const message = taken ? accountMessages.emailTaken : accountMessages.emailCode;
      return codes.issue({
        purpose: 'email_verify',
        destination: email,
        ip,
        deliver: (code) => messaging.email({ to: email, category: 'security', language, template: message(code) }),
      });
    },

    verifyEmail: ({ email, token }) =>
      codes.verify({ purpose: 'email_verify', destination: email, code: token, field: 'token' }),

    sendPhoneCode({ phone, ip, language }) {
      const to = phoneDestination(phone);
      return codes.issue({
        purpose: 'phone_verify',
        destination: to,
        ip,
        deliver: (code) =>
          messaging.sms({ to, category: 'security', language, template: accountMessages.phoneCode(code) }),
      });
    },

    verifyPhone: ({ phone, token }) =>
      codes.verify({ purpose: 'phone_verify', destination: phoneDestination(phone), code: token, field: 'token' }),

    register: (input) => register(deps, input),
  };
}
