import type { PostDto } from '@plates/common';
import { Flag, Pencil, Sparkles, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { openReportDialog } from '../../../lib/app-events';
import { isOwner, useAuth } from '../../auth';
import { useDeletePost } from '../hooks/use-delete-post';
import { PostMenuButton } from './post-menu-button';

// The edit form (and the validation it carries) loads when first opened, not with every card.
const EditPostDialog = lazy(() => import('./edit-post-dialog').then((m) => ({ default: m.EditPostDialog })));

/**
 * The plate's menu for a signed-in viewer (document 2 §6): the owner gets Edit and Delete; an
 * admin on someone else's plate gets Delete (Admin) and Report; everyone else gets Report. Staff
 * holding manage_content also get "Feature on home" on an approved plate (the admin's Featured
 * tab, with the plate filled in).
 */
export function PostMenu({ post, onDeleted, defaultOpen = false }: { post: PostDto; onDeleted?: (() => void) | undefined; defaultOpen?: boolean }) {
  const { user, isAdmin, permissions } = useAuth();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [editLoaded, setEditLoaded] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const deletion = useDeletePost({ onDeleted: () => onDeleted?.() });
  if (!user) return null;
  const own = isOwner(user, post);

  return (
    <>
      <DropdownMenu modal={false} defaultOpen={defaultOpen}>
        <DropdownMenuTrigger asChild>
          <PostMenuButton title={post.title} />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-[11rem]">
          {permissions.includes('manage_content') && post.approvalStatus === 'approved' ? (
            <DropdownMenuItem onSelect={() => void navigate(`/admin/content?tab=featured&plate=${post.id}`)}>
              <Sparkles aria-hidden="true" />
              Feature on home
            </DropdownMenuItem>
          ) : null}
          {own ? (
            <>
              <DropdownMenuItem onSelect={() => {
                  setEditLoaded(true);
                  setEditing(true);
                }}>
                <Pencil aria-hidden="true" />
                Edit
              </DropdownMenuItem>
              <DropdownMenuItem
                className="text-destructive focus:text-destructive"
                onSelect={() => setConfirming(true)}
              >
                <Trash2 aria-hidden="true" />
                Delete
              </DropdownMenuItem>
            </>
          ) : (
            <>
              {isAdmin ? (
                <DropdownMenuItem
                  className="text-destructive focus:text-destructive"
                  onSelect={() => setConfirming(true)}
                >
                  <Trash2 aria-hidden="true" />
                  Delete (Admin)
                </DropdownMenuItem>
              ) : null}
              <DropdownMenuItem
                onSelect={() => openReportDialog({ targetType: 'post', targetId: post.id, targetLabel: post.title })}
              >
                <Flag aria-hidden="true" />
                Report
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Are you sure you want to delete this post?"
        description="The plate, its ratings and comments are removed for good."
        confirmLabel={own ? 'Delete' : 'Delete (Admin)'}
        destructive
        onConfirm={() => deletion.mutate(post)}
      />
      {own && editLoaded ? (
        <Suspense fallback={null}>
          <EditPostDialog post={post} open={editing} onOpenChange={setEditing} />
        </Suspense>
      ) : null}
    </>
  );
}
