import type { CommentDto, CommentsResponse, PostDto, ReplyDto } from '@plates/common';
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from '../../../components/ui/use-toast';
import { describeError, type ApiError } from '../../../lib/api';
import { askToLogIn, useAuth } from '../../auth';
import { commentKeys } from '../api/keys';
import { commentsPageAnswer, fetchCommentsPage, postComment, postReply, setHeart } from '../api/comments-api';
import { LatestStateSender } from '../../../lib/latest-state';

type CommentsData = InfiniteData<CommentsResponse, string | null>;

/** Comments are cached 30 s and retried once (document 2 §9). */
export function useComments(postId: number) {
  return useInfiniteQuery<CommentsResponse, ApiError, CommentsData, readonly unknown[], string | null>({
    queryKey: commentKeys.forPost(postId),
    queryFn: ({ pageParam }) => fetchCommentsPage(postId, pageParam),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 30_000,
    retry: 1,
    initialData: () => {
      const page = commentsPageAnswer(postId);
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
  const key = commentKeys.forPost(postId);

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

/**
 * A top-level comment goes through the rating endpoint with only `comment` (the contract). The
 * answer (the plate with its new comment count) goes to `onCommented`, which puts it wherever
 * plates are cached (the posts feature).
 */
export function usePostComment(post: PostDto, onCommented: (updated: PostDto) => void) {
  const queryClient = useQueryClient();
  return useMutation<PostDto, ApiError, string>({
    mutationFn: (comment) => postComment(post.id, comment),
    onSuccess: (updated) => {
      if (updated && typeof updated === 'object' && 'id' in updated) onCommented(updated);
      void queryClient.invalidateQueries({ queryKey: commentKeys.forPost(post.id) });
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
      queryClient.setQueryData<CommentsData>(commentKeys.forPost(postId), (data) =>
        mapComments(data, (c) => (c.id === commentId ? { ...c, replies: [...c.replies, reply] } : c)),
      );
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Error', description: `Failed to post reply: ${error.message}` }),
  });
}
