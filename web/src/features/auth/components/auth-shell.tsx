import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../../components/brand/logo';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';

interface AuthShellProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
}

/** Full-screen layout of the verify, forgot and reset pages: the logo and one centred card. */
export function AuthShell({ title, description, icon, children }: AuthShellProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-[radial-gradient(ellipse_90%_45%_at_50%_0%,var(--color-accent),transparent)] px-4 py-6">
      <header className="mx-auto w-full max-w-md">
        <Link to="/" className="inline-flex rounded-lg p-1" aria-label="Plates home">
          <Logo />
        </Link>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto flex w-full max-w-md flex-1 items-center py-8 outline-none">
        <Card className="w-full">
          <CardHeader className="items-center text-center">
            {icon ? (
              <div className="mb-2 flex size-14 items-center justify-center rounded-full bg-accent text-primary [&_svg]:size-7">
                {icon}
              </div>
            ) : null}
            <h1 className="text-2xl font-bold leading-tight tracking-tight">{title}</h1>
            {description ? <CardDescription>{description}</CardDescription> : null}
          </CardHeader>
          <CardContent className="grid gap-4">{children}</CardContent>
        </Card>
      </main>
    </div>
  );
}
