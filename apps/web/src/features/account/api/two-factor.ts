// Authenticator 2FA: POST /auth/2fa/generate-key makes a pending key (shown as a QR code and as
// text), POST /auth/2fa/verify-token confirms it with a first code and answers the one-time recovery
// codes; PUT /user/update-2FA-google-authenticator/{id} with status false turns it off, proved with
// a current code or a recovery code (never with the password alone).
import { useMutation } from '@tanstack/react-query';
import { authApi, userApi, type User } from '@rora/contracts';
import { callApi } from '../../../lib/api/client.ts';
import { useProfileRefresh, useUserId } from './profile.ts';

export interface TwoFactorKey {
  /** Base32, for typing into the app by hand. */
  readonly secret: string;
  /** otpauth://totp/..., for the QR code. */
  readonly otpauthUrl: string;
}

export interface TwoFactorEnabled {
  readonly twoFactorEnabled: true;
  readonly recoveryCodes: readonly string[];
}

export type TwoFactorProof = { readonly token: string } | { readonly recoveryCode: string };

export function generateTwoFactorKey(): Promise<TwoFactorKey> {
  return callApi(authApi.generateTwoFactorKey, {});
}

export function verifyTwoFactorToken(token: string): Promise<TwoFactorEnabled> {
  return callApi(authApi.verifyTwoFactorToken, { body: { token } });
}

export function disableTwoFactor(id: string, proof: TwoFactorProof): Promise<{ user: User }> {
  return callApi(userApi.twoFactorSwitch, { params: { id }, body: { status: false, ...proof } });
}

export function useGenerateTwoFactorKey() {
  return useMutation({ mutationFn: generateTwoFactorKey });
}

export type GenerateTwoFactorKey = ReturnType<typeof useGenerateTwoFactorKey>;

export function useConfirmTwoFactor() {
  const refresh = useProfileRefresh();
  return useMutation({ mutationFn: verifyTwoFactorToken, onSuccess: () => refresh() });
}

export function useDisableTwoFactor() {
  const id = useUserId();
  const refresh = useProfileRefresh();
  return useMutation({
    mutationFn: (proof: TwoFactorProof) => disableTwoFactor(id, proof),
    onSuccess: (result) => refresh(result.user),
  });
}
