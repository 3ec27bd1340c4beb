// The PIN (spec §7): GET /user/pin/is-valid says whether one is set and until when it is locked,
// POST /user/pin sets the first one, POST /user/pin/verify checks it, PUT /user/pin/update changes it
// with the current PIN or the password. While 2FA is on, setting and changing also send the
// authenticator code. Each change refreshes the status and the profile.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userApi } from '@rora/contracts';
import { callApi } from '../../../lib/api/client.ts';
import { toPinUpdateBody, type PinChange } from '../model/pin.ts';
import { resourceKeys } from '../../../lib/api/resources/keys.ts';
import { useProfileRefresh, useUserId } from './profile.ts';

export interface PinStatus {
  readonly pinSet: boolean;
  /** ISO time while too many wrong entries keep it locked. */
  readonly lockedUntil: string | null;
}

export const pinStatusKey = resourceKeys.userPin;

export function usePinStatus() {
  const id = useUserId();
  return useQuery({
    queryKey: pinStatusKey(id),
    enabled: id !== '',
    queryFn: ({ signal }): Promise<PinStatus> => callApi(userApi.pinStatus, { signal }),
  });
}

function usePinRefresh() {
  const client = useQueryClient();
  const id = useUserId();
  const refreshProfile = useProfileRefresh();
  return () => Promise.all([client.invalidateQueries({ queryKey: pinStatusKey(id) }), refreshProfile()]);
}

export function useSetPin() {
  const refresh = usePinRefresh();
  return useMutation({
    // The authenticator code goes along while 2FA is on (the API needs it then).
    mutationFn: ({ pin, token }: { pin: string; token?: string | undefined }) =>
      callApi(userApi.setPin, { body: token ? { pin, token } : { pin } }),
    onSuccess: () => refresh(),
  });
}

export function useVerifyPin() {
  const refresh = usePinRefresh();
  return useMutation({
    mutationFn: (pin: string) => callApi(userApi.verifyPin, { body: { pin } }),
    // A wrong entry may have locked the PIN: the status shows it either way.
    onSettled: () => refresh(),
  });
}

export function useChangePin() {
  const refresh = usePinRefresh();
  return useMutation({
    mutationFn: (input: PinChange) => callApi(userApi.updatePin, { body: toPinUpdateBody(input) }),
    onSettled: () => refresh(),
  });
}
