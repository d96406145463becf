import type { StrikeDto, StrikesResponse } from '@plates/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/use-toast';
import type { ApiError } from '../../../lib/api';
import { userKeys } from '../api/keys';
import { appealStrike, fetchStrikes } from '../api/users-api';

/** The viewer's strikes (asked again each time Settings opens: a moderator may have acted since). */
export function useStrikes() {
  return useQuery({ queryKey: userKeys.strikes, queryFn: fetchStrikes, select: (answer) => answer.strikes, staleTime: 0 });
}

/** One appeal per strike: the answer replaces the strike, so the form gives way to "Appeal pending". */
export function useAppealStrike() {
  const queryClient = useQueryClient();
  return useMutation<StrikeDto, ApiError, { id: number; text: string }>({
    mutationFn: ({ id, text }) => appealStrike(id, text),
    onSuccess: (strike) => {
      queryClient.setQueryData<StrikesResponse>(userKeys.strikes, (list) =>
        list ? { strikes: list.strikes.map((s) => (s.id === strike.id ? strike : s)) } : list,
      );
      void queryClient.invalidateQueries({ queryKey: userKeys.strikes });
      toast({ variant: 'success', title: 'Appeal sent', description: 'A moderator will look at it. You will get a notification with the answer.' });
    },
  });
}
