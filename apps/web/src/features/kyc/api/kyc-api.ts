// The KYC calls (contracts kycCalls): where the customer stands, the identity details and sending for
// review. Each mutation writes the state the API answers into the cache, and refreshes the profile so
// the session's KYC status (shown elsewhere) follows. While the provider reviews, the state is polled.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { kycApi, type KycIdentity, type KycState } from '@rora/contracts';
import { callApi } from '../../../lib/api/client.ts';
import { resourceKeys } from '../../../lib/api/resources/keys.ts';
import { getSession, updateUser } from '../../../lib/session/session-store.ts';
import { isUnderReview } from '../model/steps.ts';

/** How often the page asks whether the provider has decided. */
export const DECISION_POLL_MS = 3000;

export const kycKey = (userId: string) => [...resourceKeys.kyc, userId] as const;

export function fetchKycState(userId: string, signal?: AbortSignal): Promise<KycState> {
  return callApi(kycApi.getKyc, { params: { id: userId }, signal });
}

/** Keeps the session's copy of the profile in step with the KYC status. */
function syncSessionStatus(state: KycState): void {
  const { user } = getSession();
  if (user && user.kycStatus !== state.status) updateUser({ ...user, kycStatus: state.status });
}

export function useKycState(userId: string) {
  return useQuery({
    queryKey: kycKey(userId),
    enabled: userId !== '',
    queryFn: async ({ signal }) => {
      const state = await fetchKycState(userId, signal);
      syncSessionStatus(state);
      return state;
    },
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && isUnderReview(query.state.data.status) ? DECISION_POLL_MS : false),
  });
}

/** Puts a state the API answered into the cache. */
export function useStoreKycState(userId: string) {
  const queryClient = useQueryClient();
  return (state: KycState) => {
    queryClient.setQueryData(kycKey(userId), state);
    syncSessionStatus(state);
  };
}

export function useSaveIdentity(userId: string) {
  const store = useStoreKycState(userId);
  return useMutation({
    mutationFn: (identity: KycIdentity) =>
      callApi(kycApi.verifyUserIdentity, { params: { id: userId }, body: identity }),
    onSuccess: store,
  });
}

export function useSendForReview(userId: string) {
  const store = useStoreKycState(userId);
  return useMutation({
    mutationFn: () => callApi(kycApi.updateKycStatus, { body: { status: 'waiting_for_approval' } }),
    onSuccess: store,
  });
}
