import type { ProfileDto } from '@plates/common';
import { Ban, Lock } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { EmptyPanel, PostList, ShareAPlate, useInfinitePosts } from '../../posts';
import { userKeys } from '../api/keys';
import { fetchUserPostsPage } from '../api/users-api';
import { useUnblockUser } from '../hooks/use-block';
import { FollowButton } from './follow-button';
import { nameOf } from './user-avatar';

/** A cook's plates, a page at a time; or why they cannot be seen. */
export function PostsTab({ profile }: { profile: ProfileDto }) {
  if (profile.isBlocked) return <BlockedPanel profile={profile} />;
  if (!profile.canViewPosts) return <PrivatePanel profile={profile} />;
  return <UserPosts profile={profile} />;
}

function UserPosts({ profile }: { profile: ProfileDto }) {
  const posts = useInfinitePosts({
    queryKey: userKeys.posts(profile.id),
    fetchPage: (cursor) => fetchUserPostsPage(profile.id, cursor),
    refreshMs: 0,
  });
  return (
    <PostList
      query={posts}
      view="grid"
      label={`Plates by ${nameOf(profile)}`}
      loadingText="Loading plates..."
      errorText={(message) => `Error loading posts: ${message}`}
      empty={
        <EmptyPanel action={profile.isOwn ? <ShareAPlate label="Share your first plate" /> : undefined}>
          {profile.isOwn ? "You haven't posted any plates yet" : `@${profile.username} hasn't posted any plates yet`}
        </EmptyPanel>
      }
    />
  );
}

function PrivatePanel({ profile }: { profile: ProfileDto }) {
  return (
    <section className="flex flex-col items-center gap-3 rounded-2xl border border-dashed bg-card px-6 py-14 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-accent text-primary">
        <Lock className="size-8" aria-hidden="true" />
      </span>
      <h2 className="text-lg font-semibold">This account is private</h2>
      <p className="max-w-xs text-sm text-muted-foreground">
        {profile.followState === 'requested'
          ? `Your follow request is waiting for @${profile.username} to approve it.`
          : 'Follow to see their plates'}
      </p>
      {profile.followState === 'none' ? <FollowButton target={profile} name={nameOf(profile)} /> : null}
    </section>
  );
}

function BlockedPanel({ profile }: { profile: ProfileDto }) {
  const unblock = useUnblockUser();
  return (
    <section className="flex flex-col items-center gap-3 rounded-2xl border border-dashed bg-card px-6 py-14 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <Ban className="size-8" aria-hidden="true" />
      </span>
      <h2 className="text-lg font-semibold">You blocked @{profile.username}</h2>
      <p className="max-w-xs text-sm text-muted-foreground">Unblock them to see their plates again.</p>
      <Button
        variant="outline"
        disabled={unblock.isPending}
        aria-label={`Unblock @${profile.username}`}
        onClick={() => unblock.mutate(profile.id)}
      >
        Unblock
      </Button>
    </section>
  );
}
