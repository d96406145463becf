import type {
  AdminReportsResponse,
  AppealsResponse,
  ModerationTemplateBody,
  ModerationTemplateDto,
  ReportStatus,
  ResolveReportBody,
  ResolveReportResponse,
  StrikeDto,
} from '@plates/common';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/use-toast';
import { isApiError, type ApiError } from '../../../lib/api';
import {
  decideAppeal,
  deleteTemplate,
  fetchAppeals,
  fetchReports,
  fetchTemplates,
  resolveReport,
  saveTemplate,
} from '../api/admin-api';
import { adminKeys, type AppealStatus } from '../api/keys';

export function useReports(status: ReportStatus) {
  return useQuery({ queryKey: adminKeys.reports(status), queryFn: () => fetchReports(status), staleTime: 0 });
}

export function useAppeals(status: AppealStatus, enabled = true) {
  return useQuery({ queryKey: adminKeys.appeals(status), queryFn: () => fetchAppeals(status), staleTime: 0, enabled });
}

export function useTemplates(enabled = true) {
  return useQuery({ queryKey: adminKeys.templates, queryFn: fetchTemplates, select: (answer) => answer.templates, enabled });
}

/** A strike's effects reach the queues (owner strikes), the directory (statuses, counts), the log and the feeds. */
function afterModeration(queryClient: QueryClient) {
  for (const queryKey of [adminKeys.reportsAll, adminKeys.appealsAll, adminKeys.membersAll, adminKeys.auditAll, adminKeys.postLists]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

export interface ResolveVariables {
  reportId: number;
  body: ResolveReportBody;
}

/** Resolves a queue item: it leaves the pending list at once, and a toast confirms. */
export function useResolveReport({ onResolved }: { onResolved?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation<ResolveReportResponse, ApiError, ResolveVariables>({
    mutationFn: ({ reportId, body }) => resolveReport(reportId, body),
    onSuccess: (answer, { reportId, body }) => {
      queryClient.setQueryData<AdminReportsResponse>(adminKeys.reports('pending'), (list) =>
        list ? { groups: list.groups.filter((g) => g.id !== reportId), total: Math.max(0, list.total - 1) } : list,
      );
      toast({
        variant: 'success',
        title: body.action === 'dismiss' ? 'Report dismissed' : 'Report resolved',
        description: `${answer.message} ${answer.resolved === 1 ? '1 report closed.' : `${answer.resolved} reports closed.`}`,
      });
      afterModeration(queryClient);
      onResolved?.();
    },
    onError: (error) => {
      // someone else handled it meanwhile: the queue is out of date
      if (isApiError(error) && error.status === 409) void queryClient.invalidateQueries({ queryKey: adminKeys.reportsAll });
    },
  });
}

export interface AppealDecision {
  strikeId: number;
  decision: 'approve' | 'reject';
  reason?: string;
}

export function useDecideAppeal({ onDecided }: { onDecided?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation<StrikeDto, ApiError, AppealDecision>({
    mutationFn: ({ strikeId, decision, reason }) => decideAppeal(strikeId, decision, reason),
    onSuccess: (_strike, { strikeId, decision }) => {
      queryClient.setQueryData<AppealsResponse>(adminKeys.appeals('pending'), (list) =>
        list ? { appeals: list.appeals.filter((a) => a.id !== strikeId) } : list,
      );
      toast({
        variant: 'success',
        title: decision === 'approve' ? 'Appeal approved' : 'Appeal rejected',
        description: decision === 'approve' ? 'The strike was lifted and the member told.' : 'The strike stands; the member was told.',
      });
      afterModeration(queryClient);
      onDecided?.();
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409) void queryClient.invalidateQueries({ queryKey: adminKeys.appealsAll });
    },
  });
}

export function useSaveTemplate({ onSaved }: { onSaved?: (template: ModerationTemplateDto) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation<ModerationTemplateDto, ApiError, { id: number | null; body: ModerationTemplateBody }>({
    mutationFn: ({ id, body }) => saveTemplate(id, body),
    onSuccess: (template, { id }) => {
      toast({ variant: 'success', title: id === null ? 'Template added' : 'Template saved', description: template.title });
      void queryClient.invalidateQueries({ queryKey: adminKeys.templates });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditAll });
      onSaved?.(template);
    },
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation<null, ApiError, ModerationTemplateDto>({
    mutationFn: (template) => deleteTemplate(template.id),
    onSuccess: (_answer, template) => {
      toast({ title: 'Template deleted', description: template.title });
      void queryClient.invalidateQueries({ queryKey: adminKeys.templates });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditAll });
    },
    onError: (error) => toast({ variant: 'destructive', title: error.title, description: error.message }),
  });
}
