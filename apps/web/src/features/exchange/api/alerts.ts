// Price alerts (POST /alert, GET /alert, DELETE /alert/{id}).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { marketsApi, type AlertBody } from '@rora/contracts';
import { callApi } from '../../../lib/api/client.ts';
import { resourceKeys } from '../../../lib/api/resources/keys.ts';

export const alertsKey = resourceKeys.alerts;

export function useAlerts() {
  return useQuery({
    queryKey: alertsKey,
    queryFn: ({ signal }) =>
      callApi(marketsApi.listAlerts, { query: { limit: 50 }, signal }).then((data) => data.items),
  });
}

export function useCreateAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertBody) => callApi(marketsApi.createAlert, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: alertsKey }),
  });
}

export function useDeleteAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(marketsApi.deleteAlert, { params: { id } }),
    // Refreshed on failure too: an alert already gone (404) leaves the list.
    onSettled: () => client.invalidateQueries({ queryKey: alertsKey }),
  });
}
