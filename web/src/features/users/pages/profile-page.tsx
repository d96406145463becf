import { useQuery } from '@tanstack/react-query';
import { SearchX, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { PageSpinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { isApiError } from '../../../lib/api';
import { SavedPlates } from '../../posts';
import { userKeys } from '../api/keys';
import { fetchProfile } from '../api/users-api';
import { FollowRequestsTab } from '../components/follow-requests-tab';
import { ProfileForm } from '../components/profile-form';
import { ProfileHeader } from '../components/profile-header';
import { PostsTab } from '../components/profile-tabs';
import { SettingsTab } from '../components/settings-tab';
import { nameOf } from '../components/user-avatar';
import { resolveProfileTab } from '../lib/profile-tab';

function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** /profile/:userId and /users/:userId (document 2 §2): a non-numeric id goes home. */
export default function ProfilePage() {
  const id = parseId(useParams().userId);
  if (id === null) return <Navigate to="/" replace />;
  return <ProfileView key={id} id={id} />;
}

function UserNotFound() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-accent text-primary">
        <SearchX className="size-7" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">User not found</h1>
      <p className="text-muted-foreground">This cook may have left Plates, or the link is wrong.</p>
      <Button asChild>
        <Link to="/">Return to Home</Link>
      </Button>
    </div>
  );
}

function ProfileView({ id }: { id: number }) {
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState(false);
  const profile = useQuery({
    queryKey: userKeys.profile(id),
    queryFn: () => fetchProfile(id),
    staleTime: 30_000,
  });

  const data = profile.data;
  useEffect(() => {
    if (!data) return;
    document.title = `${nameOf(data)} (@${data.username}) · Plates`;
    return () => {
      document.title = 'Plates';
    };
  }, [data]);

  if (profile.isPending) return <PageSpinner label="Loading profile" />;
  if (profile.isError) {
    if (isApiError(profile.error) && profile.error.status === 404) return <UserNotFound />;
    return (
      <ErrorPanel variant="card" message={`Error loading profile: ${profile.error.message}`} onRetry={() => void profile.refetch()} />
    );
  }

  const p = profile.data;
  const { tab, tabs } = resolveProfileTab(params.get('tab'), p);
  const selectTab = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === 'posts') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="grid gap-5">
      {editing && p.isOwn ? (
        <section aria-labelledby="edit-profile" className="grid gap-4 rounded-2xl border bg-card p-4 shadow-sm sm:p-6">
          <h1 id="edit-profile" className="font-display text-2xl font-bold tracking-tight">
            Edit Profile
          </h1>
          <ProfileForm profile={p} labelledBy="edit-profile" onCancel={() => setEditing(false)} onSaved={() => setEditing(false)} />
        </section>
      ) : (
        <ProfileHeader profile={p} onEdit={() => setEditing(true)} />
      )}

      <Tabs value={tab} onValueChange={selectTab}>
        <TabsList className="flex w-full justify-start overflow-x-auto" aria-label="Profile sections">
          {tabs.map((t) => (
            <TabsTrigger key={t.value} value={t.value} className="min-w-fit">
              {t.label}
              {t.count ? (
                <>
                  <span aria-hidden="true" className="ml-1.5 rounded-full bg-primary px-1.5 text-[0.7rem] font-bold text-primary-foreground">
                    {t.count}
                  </span>
                  <span className="sr-only"> ({t.count} pending)</span>
                </>
              ) : null}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="posts">
          <PostsTab profile={p} />
        </TabsContent>
        {p.isOwn ? (
          <>
            <TabsContent value="saved">
              <SavedPlates />
            </TabsContent>
            <TabsContent value="requests">
              <FollowRequestsTab />
            </TabsContent>
            <TabsContent value="settings">
              <SettingsTab profile={p} />
            </TabsContent>
          </>
        ) : (
          <TabsContent value="settings">
            <Alert variant="warning">
              <TriangleAlert aria-hidden="true" />
              <AlertTitle>You can only view your own settings</AlertTitle>
              <AlertDescription>
                <p>
                  <Link to={`/profile/${p.id}`} className="font-semibold text-primary underline-offset-4 hover:underline">
                    Back to @{p.username}&apos;s plates
                  </Link>
                </p>
              </AlertDescription>
            </Alert>
          </TabsContent>
        )}
      </Tabs>
    </div>
  );
}
