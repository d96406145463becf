import type { HeldItemDto, HeldKind, HeldResponse } from '@plates/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/use-toast';
import { isApiError, type ApiError } from '../../../lib/api';
import { decideHeld, fetchHeld } from '../api/admin-api';
import { adminKeys } from '../api/keys';

export const HELD_KIND_LABEL: Record<HeldKind, string> = {
  comment: 'Comment',
  reply: 'Reply',
  chat_request: 'Chat request',
  chat_message: 'Chat message',
};

export function useHeld() {
  return useQuery({ queryKey: adminKeys.held, queryFn: fetchHeld, staleTime: 0 });
}

export interface HeldDecision {
  item: HeldItemDto;
  decision: 'approve' | 'reject';
  reason?: string;
}

/** Publishes or refuses a held item: it leaves the list at once, and a toast confirms. */
export function useDecideHeld({ onDecided }: { onDecided?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation<null, ApiError, HeldDecision>({
    mutationFn: ({ item, decision, reason }) => decideHeld(item.kind, item.id, decision, reason),
    onSuccess: (_answer, { item, decision }) => {
      queryClient.setQueryData<HeldResponse>(adminKeys.held, (list) =>
        list ? { items: list.items.filter((i) => !(i.kind === item.kind && i.id === item.id)) } : list,
      );
      const kind = HELD_KIND_LABEL[item.kind];
      toast(
        decision === 'approve'
          ? { variant: 'success', title: `${kind} published`, description: 'It is shown now, as if just written.' }
          : { title: `${kind} refused`, description: 'It was deleted and its author told.' },
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.held });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditAll });
      onDecided?.();
    },
    onError: (error) => {
      // another moderator decided it meanwhile: the list is out of date
      if (isApiError(error) && error.status === 404) void queryClient.invalidateQueries({ queryKey: adminKeys.held });
    },
  });
}
