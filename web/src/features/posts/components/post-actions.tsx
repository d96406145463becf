import type { PostDto } from '@plates/common';
import { deferred, DeferredMenu } from '../../../components/ui/deferred-menu';
import { useAuth } from '../../auth';
import { PostMenuButton } from './post-menu-button';

// Edit, Delete and Report (Radix menu, confirm dialog) load after the first paint or on first intent.
const postMenu = deferred(() => import('./post-menu'));

/** The plate's menu for a signed-in viewer, its code loaded when wanted (PostMenu). */
export function PostActions({ post, onDeleted }: { post: PostDto; onDeleted?: () => void }) {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <DeferredMenu
      module={postMenu}
      trigger={(intent) => <PostMenuButton title={post.title} {...intent} />}
      render={(m, open) => <m.PostMenu post={post} onDeleted={onDeleted} defaultOpen={open} />}
    />
  );
}
