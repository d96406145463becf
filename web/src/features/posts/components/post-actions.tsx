import type { PostDto } from '@plates/common';
import { MoreHorizontal } from 'lucide-react';
import type { ComponentProps } from 'react';
import { deferred, DeferredMenu } from '../../../components/ui/deferred-menu';
import { Button } from '../../../components/ui/button';
import { useAuth } from '../../auth';

/** The plate menu's button: its trigger, and its stand-in until the menu has loaded. */
export function PostMenuButton({ title, ...props }: { title: string } & ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="icon" className="-mr-2 shrink-0" aria-label={`More options for ${title}`} {...props}>
      <MoreHorizontal className="size-5!" aria-hidden="true" />
    </Button>
  );
}

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
