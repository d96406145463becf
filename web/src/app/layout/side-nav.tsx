import { Plus } from 'lucide-react';
import { NavLink, useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { adminHomeFor } from '../../features/admin';
import { useAuth } from '../../features/auth';
import { useUploadPlate } from '../../features/posts';
import { cn } from '../../lib/utils';
import { isAdminPath, NAV_ITEMS, visibleNavItems } from '../navigation';

/** Desktop (lg+) left column, built from the navigation list. */
export function SideNav() {
  const { user, permissions } = useAuth();
  const items = visibleNavItems(NAV_ITEMS, { signedIn: Boolean(user), adminHome: adminHomeFor(permissions), userId: user?.id ?? null });
  const { openUpload } = useUploadPlate();
  // Admin Panel leads to one admin page but stands for them all.
  const inAdmin = isAdminPath(useLocation().pathname);
  return (
    <nav aria-label="Main" className="sticky top-20">
      <ul className="grid gap-1">
        {items.map(({ to, label, icon: Icon, end, staffOnly }) => (
          <li key={label}>
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                cn(
                  'flex min-h-11 items-center gap-3 rounded-xl px-3 text-[0.95rem] font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground',
                  (isActive || (staffOnly && inAdmin)) && 'bg-accent font-semibold text-foreground',
                )
              }
            >
              {({ isActive }) => (
                <>
                  <Icon className={cn('size-5', (isActive || (staffOnly && inAdmin)) && 'text-primary')} aria-hidden="true" />
                  {label}
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
      {/* a visitor's tap opens the sign-in prompt ("Please log in to upload a plate") */}
      <Button size="lg" className="mt-4 w-full" onClick={openUpload}>
        <Plus className="size-5!" aria-hidden="true" />
        Upload Plate
      </Button>
    </nav>
  );
}
