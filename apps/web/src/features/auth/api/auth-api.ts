// The auth calls of spec §7 (paths verbatim, `forgot-passord` included). Each returns the `data`
// of the answer; failures arrive as ApiError for the caller to show.
import { apiRequest } from '../../../lib/api/client.ts';
import type { Phone } from '../model/phone.ts';
import type { RecoveryMethod } from '../model/steps.ts';

export interface AuthResult {
  readonly user: unknown;
  readonly token: string;
}

const post = <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body });

export function login(input: { email: string; password: string; totp?: string }): Promise<AuthResult> {
  return post('/auth/login', input);
}

export function logout(): Promise<unknown> {
  return post('/auth/logout');
}

/** The server's password rules (length, variety, the common list), before any code is sent. */
export function checkPassword(password: string): Promise<unknown> {
  return post('/auth/password/check', { password });
}

export function sendEmailCode(email: string): Promise<unknown> {
  return post('/auth/verify-email/send-code', { email });
}

export function verifyEmail(email: string, token: string): Promise<unknown> {
  return post('/auth/verify-email', { email, token });
}

export function sendPhoneCode(phone: Phone): Promise<unknown> {
  return post('/auth/phone', { phone });
}

export function verifyPhone(phone: Phone, token: string): Promise<unknown> {
  return post('/auth/phone/verify', { phone, token });
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
  return post('/auth/register', input);
}

export function requestResetCode(input: { email: string; method: RecoveryMethod; phone?: Phone }): Promise<unknown> {
  return post('/auth/forgot-passord/request-code', input);
}

export function verifyResetCode(input: { email: string; token: string }): Promise<{ ticket: string }> {
  return post('/auth/forgot-passord/verify-code', input);
}

export function resetPassword(input: {
  email: string;
  ticket: string;
  password: string;
  confirmPassword: string;
}): Promise<unknown> {
  return post('/auth/forgot-passord/', input);
}
