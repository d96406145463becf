import type { StrikeDto, StrikesResponse } from '@plates/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/use-toast';
import type { ApiError } from '../../../lib/api';
import { appealWithPass, fetchStrikesWithPass } from '../api/auth-api';
import { authKeys } from '../api/keys';

/** A suspended member's strikes, with the pass their refused sign-in answered. */
export function usePassStrikes(appealToken: string) {
  return useQuery<StrikesResponse, ApiError, StrikeDto[]>({
    queryKey: authKeys.appealStrikes(appealToken),
    queryFn: () => fetchStrikesWithPass(appealToken),
    select: (answer) => answer.strikes,
    staleTime: 0,
    retry: false,
  });
}

/** One appeal per strike, sent with the pass: the answer replaces the strike ("Appeal pending"). */
export function usePassAppeal(appealToken: string) {
  const queryClient = useQueryClient();
  return useMutation<StrikeDto, ApiError, { id: number; text: string }>({
    mutationFn: ({ id, text }) => appealWithPass(appealToken, id, text),
    onSuccess: (strike) => {
      queryClient.setQueryData<StrikesResponse>(authKeys.appealStrikes(appealToken), (list) =>
        list ? { strikes: list.strikes.map((s) => (s.id === strike.id ? strike : s)) } : list,
      );
      toast({ variant: 'success', title: 'Appeal sent', description: 'A moderator will look at it. You will hear by email.' });
    },
  });
}
