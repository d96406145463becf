import type { FollowResponse, FollowState } from '@plates/common';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from '../../../components/ui/use-toast';
import { LatestStateSender } from '../../../lib/latest-state';
import { askToLogIn, useAuth } from '../../auth';
import { postKeys } from '../../posts';
import { userKeys } from '../api/keys';
import { setFollow } from '../api/users-api';
import { setFollowInCaches } from '../lib/user-cache';

const sender = new LatestStateSender();

/** Who the Follow button acts on, as shown right now. */
export interface FollowTarget {
  id: number;
  followState: FollowState;
  /** A private profile answers a follow with a request; unknown (a row in a list) counts as public. */
  isPrivate?: boolean;
}

function describe(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Please try again.';
}

/**
 * Follow, request to follow, unfollow and cancel a request, with an optimistic change everywhere
 * the person is cached and one request for a burst of clicks (STYLE.md §3). The server's answer
 * settles the state and count; a failure rolls back with a toast. Afterwards the profile,
 * suggestions and feed refresh (document 1 §7; document 2 §4: following a suggested user
 * refreshes the suggestions).
 */
export function useFollow() {
  const queryClient = useQueryClient();
  const { user } = useAuth();

  return useCallback(
    (target: FollowTarget) => {
      if (!user) {
        askToLogIn('Please log in to follow cooks');
        return;
      }
      const current = target.followState !== 'none';
      const wanted = !current;
      const stateFor = (follows: boolean): FollowState =>
        follows ? (target.isPrivate ? 'requested' : 'following') : 'none';
      setFollowInCaches(queryClient, target.id, { followState: stateFor(wanted) });

      sender.toggle<FollowResponse>(`follow:${target.id}`, wanted, current, {
        send: (state) => setFollow(target.id, state),
        onSettled: (answer) => {
          setFollowInCaches(queryClient, target.id, { followState: answer.followState, followerCount: answer.followerCount });
          void queryClient.invalidateQueries({ queryKey: userKeys.user(target.id) });
          void queryClient.invalidateQueries({ queryKey: userKeys.user(user.id) });
          void queryClient.invalidateQueries({ queryKey: userKeys.suggestedAll });
          void queryClient.invalidateQueries({ queryKey: postKeys.feeds() });
          toast({ variant: 'success', title: answer.message });
        },
        onError: (error, attempted, confirmed) => {
          setFollowInCaches(queryClient, target.id, {
            followState: confirmed === current ? target.followState : stateFor(confirmed),
          });
          void queryClient.invalidateQueries({ queryKey: userKeys.profile(target.id) });
          toast({
            variant: 'destructive',
            title: attempted ? 'Could not follow' : 'Could not unfollow',
            description: describe(error),
          });
        },
      });
    },
    [queryClient, user],
  );
}
