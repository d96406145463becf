import type { AdminAnnouncementDto, AdminAnnouncementsResponse, AnnouncementStatus } from '@plates/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Megaphone, Pencil, Pin, Plus, Radio, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/use-toast';
import type { ApiError } from '../../../lib/api';
import { formatFullDate } from '../../../lib/format-time';
import { adminAnnouncementKeys, deleteAnnouncement, fetchAdminAnnouncements, patchAnnouncement } from '../api/announcements-api';
import { AnnouncementDialog, AUDIENCE_LABELS, TYPE_LABELS } from '../components/announcement-form';
import { EmptyState, ListSkeleton, PageHeading } from '../components/query-states';

const STATUS: Record<AnnouncementStatus, { label: string; variant: 'success' | 'default' | 'secondary' | 'outline' }> = {
  active: { label: 'Active', variant: 'success' },
  scheduled: { label: 'Scheduled', variant: 'default' },
  expired: { label: 'Expired', variant: 'secondary' },
  inactive: { label: 'Inactive', variant: 'outline' },
};

function scheduleOf(a: AdminAnnouncementDto): string {
  if (!a.startDate && !a.endDate) return 'No schedule';
  const from = a.startDate ? `From ${formatFullDate(a.startDate)}` : 'From now';
  return a.endDate ? `${from} until ${formatFullDate(a.endDate)}` : `${from}, no end`;
}

/** /admin/announcements : every announcement with its status, written, edited, switched and deleted here (manage_announcements). */
export default function AnnouncementsPage() {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<AdminAnnouncementDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminAnnouncementDto | null>(null);
  const query = useQuery({ queryKey: adminAnnouncementKeys.all, queryFn: fetchAdminAnnouncements, staleTime: 0 });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminAnnouncementKeys.all });

  const toggle = useMutation<AdminAnnouncementDto, ApiError, { announcement: AdminAnnouncementDto; isActive: boolean }, AdminAnnouncementsResponse | undefined>({
    mutationFn: ({ announcement, isActive }) => patchAnnouncement(announcement.id, { isActive }),
    onMutate: async ({ announcement, isActive }) => {
      await queryClient.cancelQueries({ queryKey: adminAnnouncementKeys.all });
      const before = queryClient.getQueryData<AdminAnnouncementsResponse>(adminAnnouncementKeys.all);
      queryClient.setQueryData<AdminAnnouncementsResponse>(adminAnnouncementKeys.all, (data) =>
        data ? { announcements: data.announcements.map((a) => (a.id === announcement.id ? { ...a, isActive } : a)) } : data,
      );
      return before;
    },
    onError: (error, { announcement }, before) => {
      queryClient.setQueryData(adminAnnouncementKeys.all, before);
      toast({ variant: 'destructive', title: 'Error', description: `Could not change “${announcement.title}”: ${error.message}` });
    },
    onSettled: refresh,
  });

  const remove = useMutation<void, ApiError, AdminAnnouncementDto>({
    mutationFn: (announcement) => deleteAnnouncement(announcement.id),
    onSuccess: (_answer, announcement) => {
      toast({ title: 'Announcement deleted', description: `“${announcement.title}” no longer shows.` });
      refresh();
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: `Could not delete the announcement: ${error.message}` }),
  });

  const list = query.data?.announcements;
  return (
    <div className="grid gap-4">
      <PageHeading
        icon={Megaphone}
        title="Announcements"
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" />
            New announcement
          </Button>
        }
      >
        Shown above the home feed to their audience while active and within their schedule.
      </PageHeading>

      {query.isPending ? (
        <ListSkeleton label="Loading announcements" />
      ) : query.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
          <p className="font-medium">Error loading announcements: {query.error.message}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try Again
          </Button>
        </div>
      ) : list!.length === 0 ? (
        <EmptyState icon={Megaphone} action={<Button onClick={() => setEditing('new')}>New announcement</Button>}>
          No announcements yet. Write one to tell members what is new.
        </EmptyState>
      ) : (
        <ul className="grid gap-3" aria-label="Announcements">
          {list!.map((a) => (
            <li key={a.id} className="grid gap-3 rounded-2xl border bg-card p-4 sm:grid-cols-[1fr_auto] sm:items-start">
              <div className="grid min-w-0 gap-2">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="break-words font-semibold">{a.title}</h2>
                  <Badge variant={STATUS[a.status].variant}>{STATUS[a.status].label}</Badge>
                  <Badge variant="outline">{TYPE_LABELS[a.type]}</Badge>
                  {a.isPinned ? (
                    <Badge variant="outline">
                      <Pin aria-hidden="true" />
                      Pinned
                    </Badge>
                  ) : null}
                  {a.showAsAlert ? (
                    <Badge variant="outline">
                      <Radio aria-hidden="true" />
                      Alert
                    </Badge>
                  ) : null}
                </div>
                <p className="line-clamp-3 whitespace-pre-line break-words text-sm">{a.content}</p>
                <p className="text-sm text-muted-foreground">
                  {AUDIENCE_LABELS[a.targetAudience]} · {scheduleOf(a)}
                  {a.createdBy ? ` · by ${a.createdBy.username}` : ''}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-1 sm:justify-end">
                <label className="flex items-center gap-1 text-sm">
                  <Switch
                    checked={a.isActive}
                    aria-label={`${a.title} active`}
                    disabled={toggle.isPending && toggle.variables.announcement.id === a.id}
                    onCheckedChange={(isActive) => toggle.mutate({ announcement: a, isActive })}
                  />
                  <span aria-hidden="true">{a.isActive ? 'On' : 'Off'}</span>
                </label>
                <Button variant="ghost" size="icon" className="size-11" aria-label={`Edit ${a.title}`} onClick={() => setEditing(a)}>
                  <Pencil aria-hidden="true" />
                </Button>
                <Button variant="ghost" size="icon" className="size-11 text-destructive" aria-label={`Delete ${a.title}`} onClick={() => setDeleting(a)}>
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <AnnouncementDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(saved, created) => {
          toast({ variant: 'success', title: created ? 'Announcement published' : 'Announcement saved', description: `“${saved.title}”: ${STATUS[saved.status].label.toLowerCase()}.` });
          setEditing(null);
          refresh();
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete this announcement?"
        description={deleting ? `“${deleting.title}” will stop showing at once and cannot be restored.` : undefined}
        confirmLabel="Delete"
        destructive
        onConfirm={() => {
          if (deleting) remove.mutate(deleting);
          setDeleting(null);
        }}
      />
    </div>
  );
}
