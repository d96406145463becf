import { APPEAL_WINDOW_DAYS, type ProfileDto } from '@plates/common';
import { Power, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { useDeactivateAccount } from '../hooks/use-account';
import { AccountStrikes } from './account-strikes';
import { BlockedUsers } from './blocked-users';
import { DataExportSection } from './data-export-section';
import { DeleteAccountDialog } from './delete-account-dialog';
import { ProfileForm } from './profile-form';
import { VerificationSection } from './verification-section';

const section = 'grid gap-4 rounded-2xl border bg-card p-4 sm:p-5';

/** The own profile's Settings tab (document 2 §2): blocked users, profile and privacy, verification, strikes and appeals, the account. */
export function SettingsTab({ profile }: { profile: ProfileDto }) {
  const [deactivating, setDeactivating] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const deactivate = useDeactivateAccount();

  return (
    <div className="grid gap-5">
      <section aria-labelledby="settings-blocked" className={section}>
        <div className="grid gap-1">
          <h2 id="settings-blocked" className="text-lg font-semibold">
            Blocked Users
          </h2>
          <p className="text-sm text-muted-foreground">Blocked cooks cannot see your plates or message you.</p>
        </div>
        <BlockedUsers />
      </section>

      <section aria-labelledby="settings-profile" className={section}>
        <h2 id="settings-profile" className="text-lg font-semibold">
          Profile and privacy
        </h2>
        <ProfileForm profile={profile} labelledBy="settings-profile" />
      </section>

      <section aria-labelledby="settings-verification" className={section}>
        <div className="grid gap-1">
          <h2 id="settings-verification" className="text-lg font-semibold">
            Verification
          </h2>
          <p className="text-sm text-muted-foreground">A verified badge beside your name tells people it is really you. Ask for it here; a moderator decides.</p>
        </div>
        <VerificationSection />
      </section>

      <section aria-labelledby="settings-record" className={section}>
        <div className="grid gap-1">
          <h2 id="settings-record" className="text-lg font-semibold">
            Your account
          </h2>
          <p className="text-sm text-muted-foreground">Warnings and other actions moderators took on your account. You can appeal each one within {APPEAL_WINDOW_DAYS} days.</p>
        </div>
        <AccountStrikes />
      </section>

      <section aria-labelledby="settings-data" className={section}>
        <div className="grid gap-1">
          <h2 id="settings-data" className="text-lg font-semibold">
            Your data
          </h2>
          <p className="text-sm text-muted-foreground">
            Download a copy of your profile, plates with their photos, ratings, comments, messages and follows as a zip file.
          </p>
        </div>
        <DataExportSection />
      </section>

      <section aria-labelledby="settings-account" className={`${section} border-destructive/40`}>
        <h2 id="settings-account" className="text-lg font-semibold">
          Account
        </h2>
        <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-center">
          <div className="grid gap-0.5">
            <p className="font-medium">Deactivate Account</p>
            <p className="text-sm text-muted-foreground">
              Hide your profile and sign out everywhere. Signing in again reactivates your account.
            </p>
          </div>
          <Button variant="outline" disabled={deactivate.isPending} onClick={() => setDeactivating(true)}>
            <Power aria-hidden="true" />
            {deactivate.isPending ? 'Deactivating...' : 'Deactivate Account'}
          </Button>
        </div>
        <div className="grid gap-3 border-t pt-4 sm:grid-cols-[1fr_auto] sm:items-center">
          <div className="grid gap-0.5">
            <p className="font-medium">Delete Account</p>
            <p className="text-sm text-muted-foreground">Delete your account and everything in it, for good.</p>
          </div>
          <Button variant="destructive" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden="true" />
            Delete Account
          </Button>
        </div>
      </section>

      <ConfirmDialog
        open={deactivating}
        onOpenChange={setDeactivating}
        title="Deactivate your account?"
        description="Your profile is hidden and you are signed out on every device. Signing in again reactivates your account."
        confirmLabel="Deactivate"
        destructive
        onConfirm={() => deactivate.mutate()}
      />
      <DeleteAccountDialog username={profile.username} open={deleting} onOpenChange={setDeleting} />
    </div>
  );
}
