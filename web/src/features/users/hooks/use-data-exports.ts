import { DATA_EXPORT_MESSAGES, type DataExportActionResponse, type DataExportDto, type MyDataExportsResponse } from '@plates/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/use-toast';
import type { ApiError } from '../../../lib/api';
import { userKeys } from '../api/keys';
import { deleteDataExport, fetchMyDataExports, requestDataExport } from '../api/users-api';

/** While an export is waiting or being built, Settings asks again this often. */
export const DATA_EXPORT_POLL_MS = 4000;

const building = (data: MyDataExportsResponse | undefined) => data?.exports.some((e) => e.status === 'pending' || e.status === 'processing') ?? false;

/** The viewer's data exports; asked again every few seconds while one is being built. */
export function useMyDataExports() {
  return useQuery({
    queryKey: userKeys.dataExports,
    queryFn: fetchMyDataExports,
    staleTime: 0,
    refetchInterval: (query) => (building(query.state.data) ? DATA_EXPORT_POLL_MS : false),
  });
}

/** Asks for an export; the section then shows it as waiting. */
export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation<DataExportDto, ApiError, void>({
    mutationFn: requestDataExport,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: userKeys.dataExports });
      toast({ variant: 'success', title: 'Export requested', description: DATA_EXPORT_MESSAGES.requested });
    },
    onError: (error) => {
      // Already open in another tab: show what is true now.
      if (error.status === 409) void queryClient.invalidateQueries({ queryKey: userKeys.dataExports });
    },
  });
}

export function useDeleteDataExport() {
  const queryClient = useQueryClient();
  return useMutation<DataExportActionResponse, ApiError, number>({
    mutationFn: deleteDataExport,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: userKeys.dataExports }),
    onSuccess: (answer) => toast({ variant: 'success', title: 'Export deleted', description: answer.message }),
  });
}
