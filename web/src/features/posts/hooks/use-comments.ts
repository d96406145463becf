import type { CommentDto, CommentsResponse, PostDto, ReplyDto } from '@plates/common';
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from '../../../components/ui/use-toast';
import type { ApiError } from '../../../lib/api';
import { useAuth } from '../../auth';
import { putPostInCaches } from '../api/cache';
import { postKeys } from '../api/keys';
import { fetchCommentsPage, pageAnswers, postReply, ratePost, setHeart } from '../api/posts-api';
import { LatestStateSender } from '../../../lib/latest-state';
import { askToLogIn, describeError } from '../lib/viewer';

type CommentsData = InfiniteData<CommentsResponse, string | null>;

/** Comments are cached 30 s and retried once (document 2 §9). */
export function useComments(postId: number) {
  return useInfiniteQuery<CommentsResponse, ApiError, CommentsData, readonly unknown[], string | null>({
    queryKey: postKeys.comments(postId),
    queryFn: ({ pageParam }) => fetchCommentsPage(postId, pageParam),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 30_000,
    retry: 1,
    initialData: () => {
      const page = pageAnswers.commentsPage(postId);
      return page && { pages: [page], pageParams: [null] };
    },
  });
}

function mapComments(data: CommentsData | undefined, fn: (c: CommentDto) => CommentDto): CommentsData | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, comments: p.comments.map(fn) })) };
}

function patchComment(id: number, patch: Partial<CommentDto>) {
  return (c: CommentDto) => (c.id === id ? { ...c, ...patch } : c);
}

function patchReply(id: number, patch: Partial<ReplyDto>) {
  return (c: CommentDto) =>
    c.replies.some((r) => r.id === id) ? { ...c, replies: c.replies.map((r) => (r.id === id ? { ...r, ...patch } : r)) } : c;
}

const hearts = new LatestStateSender();

/** Heart and unheart a comment or reply: optimistic, one request per burst, rolled back on failure. */
export function useHeart(postId: number) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const key = postKeys.comments(postId);

  return useCallback(
    (kind: 'comment' | 'reply', item: { id: number; isHearted: boolean; heartCount: number }) => {
      if (!user) {
        askToLogIn(kind === 'comment' ? 'Please log in to like comments' : 'Please log in to like replies');
        return;
      }
      const patch = kind === 'comment' ? patchComment : patchReply;
      const wanted = !item.isHearted;
      const apply = (isHearted: boolean, heartCount: number) =>
        queryClient.setQueryData<CommentsData>(key, (data) => mapComments(data, patch(item.id, { isHearted, heartCount })));
      apply(wanted, Math.max(0, item.heartCount + (wanted ? 1 : -1)));
      const before = { isHearted: item.isHearted, heartCount: item.heartCount };
      hearts.toggle(`${kind}:${item.id}`, wanted, item.isHearted, {
        send: (state) => setHeart(kind, item.id, state),
        onSettled: (answer) => {
          if (answer) apply(answer.isHearted, answer.heartCount);
        },
        onError: (error, attempted) => {
          apply(before.isHearted, before.heartCount);
          const verb = attempted ? 'like' : 'unlike';
          toast({ variant: 'destructive', title: 'Error', description: `Failed to ${verb} ${kind}: ${describeError(error)}` });
        },
      });
    },
    [queryClient, user, key],
  );
}

/** A top-level comment goes through the rating endpoint with only `comment` (the contract). */
export function usePostComment(post: PostDto) {
  const queryClient = useQueryClient();
  return useMutation<PostDto, ApiError, string>({
    mutationFn: (comment) => ratePost(post.id, { comment }),
    onSuccess: (updated) => {
      if (updated && typeof updated === 'object' && 'id' in updated) putPostInCaches(queryClient, updated);
      void queryClient.invalidateQueries({ queryKey: postKeys.comments(post.id) });
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Error', description: `Failed to post comment: ${error.message}` }),
  });
}

export function usePostReply(postId: number) {
  const queryClient = useQueryClient();
  return useMutation<ReplyDto, ApiError, { commentId: number; content: string }>({
    mutationFn: ({ commentId, content }) => postReply(commentId, content),
    onSuccess: (reply, { commentId }) => {
      queryClient.setQueryData<CommentsData>(postKeys.comments(postId), (data) =>
        mapComments(data, (c) => (c.id === commentId ? { ...c, replies: [...c.replies, reply] } : c)),
      );
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Error', description: `Failed to post reply: ${error.message}` }),
  });
}
