// The auth calls of spec §7 (contracts' authApi: paths verbatim, `forgot-passord` included). Each
// returns the `data` of the answer; failures arrive as ApiError for the caller to show.
import { authApi } from '@rora/contracts';
import { callApi } from '../../../lib/api/client.ts';
import type { Phone } from '../model/phone.ts';
import type { RecoveryMethod } from '../model/steps.ts';

export interface AuthResult {
  readonly user: unknown;
  readonly token: string;
}

export function login(input: { email: string; password: string; totp?: string }): Promise<AuthResult> {
  return callApi(authApi.login, { body: input });
}

export function logout(): Promise<unknown> {
  return callApi(authApi.logout, {});
}

/** The server's password rules (length, variety, the common list), before any code is sent. */
export function checkPassword(password: string): Promise<unknown> {
  return callApi(authApi.checkPassword, { body: { password } });
}

export function sendEmailCode(email: string): Promise<unknown> {
  return callApi(authApi.sendEmailCode, { body: { email } });
}

export function verifyEmail(email: string, token: string): Promise<unknown> {
  return callApi(authApi.verifyEmail, { body: { email, token } });
}

export function sendPhoneCode(phone: Phone): Promise<unknown> {
  return callApi(authApi.sendPhoneCode, { body: { phone } });
}

export function verifyPhone(phone: Phone, token: string): Promise<unknown> {
  return callApi(authApi.verifyPhone, { body: { phone, token } });
}

export interface RegisterInput {
  readonly email: string;
  readonly password: string;
  readonly recieveUpdates: boolean;
  readonly shareData: boolean;
  readonly emailOTP: string;
  readonly phone?: Phone;
  readonly phoneOTP?: string;
}

export function register(input: RegisterInput): Promise<AuthResult> {
  return callApi(authApi.register, { body: input });
}

export function requestResetCode(input: { email: string; method: RecoveryMethod; phone?: Phone }): Promise<unknown> {
  return callApi(authApi.resetRequestCode, { body: input });
}

export function verifyResetCode(input: { email: string; token: string }): Promise<{ ticket: string }> {
  return callApi(authApi.resetVerifyCode, { body: input });
}

export function resetPassword(input: {
  email: string;
  ticket: string;
  password: string;
  confirmPassword: string;
}): Promise<unknown> {
  return callApi(authApi.resetPassword, { body: input });
}
