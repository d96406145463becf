import type { FollowRequestActionResponse, ProfileDto, UserListResponse } from '@plates/common';
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { toast } from '../../../components/ui/use-toast';
import type { ApiError } from '../../../lib/api';
import { useAuth } from '../../auth';
import { notificationKeys } from '../../notifications';
import { userKeys } from '../api/keys';
import { answerFollowRequest, fetchFollowRequestsPage } from '../api/users-api';
import { removeFromUserList } from '../lib/user-cache';

/** The viewer's pending follow requests (GET /api/user/follow-requests), newest first. */
export function useFollowRequests() {
  return useInfiniteQuery({
    queryKey: userKeys.followRequests,
    queryFn: ({ pageParam }) => fetchFollowRequestsPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 30_000,
  });
}

export interface AnswerVariables {
  userId: number;
  action: 'approve' | 'decline';
}

/** Approve or decline a request: the row leaves the list and the own profile's counts follow. */
export function useAnswerFollowRequest() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation<FollowRequestActionResponse, ApiError, AnswerVariables>({
    mutationFn: ({ userId, action }) => answerFollowRequest(userId, action),
    onSuccess: (answer, { userId, action }) => {
      queryClient.setQueryData<InfiniteData<UserListResponse>>(userKeys.followRequests, (data) => removeFromUserList(data, userId));
      if (user) {
        queryClient.setQueryData<ProfileDto>(userKeys.profile(user.id), (p) =>
          p
            ? {
                ...p,
                pendingRequestCount: answer.pendingRequestCount,
                followerCount: p.followerCount + (action === 'approve' ? 1 : 0),
              }
            : p,
        );
        void queryClient.invalidateQueries({ queryKey: userKeys.user(user.id) });
      }
      void queryClient.invalidateQueries({ queryKey: userKeys.followRequests });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      toast({ variant: 'success', title: answer.message });
    },
    onError: (error, { action }) =>
      toast({
        variant: 'destructive',
        title: action === 'approve' ? 'Could not approve the request' : 'Could not decline the request',
        description: error.message,
      }),
  });
}
