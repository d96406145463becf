import { SETTINGS_MESSAGES } from '@plates/common';
import { DoorClosed, Wrench } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Logo } from '../../../components/brand/logo';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { AuthBackground } from '../components/auth-background';
import { AuthFeatures } from '../components/auth-features';
import { CommunityCounters } from '../components/community-counters';
import { LoginForm } from '../components/login-form';
import { RegisterForm } from '../components/register-form';
import { useAuth } from '../hooks/use-auth';
import { useMaintenance } from '../hooks/use-session-info';
import { joinReturn } from '../lib/join-return';
import { JOIN_TAB, RETURN_PARAM, safeReturnPath, TAB_PARAM } from '../lib/return-to';

type AuthTab = 'login' | 'register';

/**
 * /auth: Sign In and Join Now over a rotating background of dishes. `?tab=join` opens on Join Now;
 * `?returnTo=` is where a member goes once signed in (home without one, or with one not on this
 * site). It stays in the address through Join Now, whose Sign In follows the verification email,
 * and is remembered for the verification page's Go to Sign In.
 */
export default function AuthPage() {
  const { user } = useAuth();
  const maintenance = useMaintenance({ poll: true });
  const [params] = useSearchParams();
  const [tab, setTab] = useState<AuthTab>(() => (params.get(TAB_PARAM) === JOIN_TAB ? 'register' : 'login'));
  const [registeredUsername, setRegisteredUsername] = useState('');

  if (user) return <Navigate to={safeReturnPath(params.get(RETURN_PARAM))} replace />;

  const inMaintenance = maintenance.data?.maintenance === true;

  return (
    <div className="relative isolate min-h-dvh overflow-hidden bg-stone-900">
      <AuthBackground className="fixed -z-20" />
      <div
        aria-hidden="true"
        className="fixed inset-0 -z-10 bg-gradient-to-b from-black/70 via-black/45 to-black/80 lg:bg-gradient-to-r lg:from-black/75 lg:via-black/45 lg:to-black/30"
      />
      <div className="mx-auto grid min-h-dvh w-full max-w-6xl content-start gap-6 px-4 pb-10 pt-5 sm:px-6 lg:grid-cols-[minmax(0,1fr)_26rem] lg:content-center lg:gap-12 lg:py-10">
        <header className="flex flex-col gap-3 text-white lg:col-start-1 lg:row-start-1">
          <Link to="/" className="inline-flex w-fit rounded-lg p-1" aria-label="Plates home">
            <Logo markClassName="size-9" />
          </Link>
          <h1 className="max-w-xl font-display text-3xl font-extrabold leading-tight tracking-tight text-balance sm:text-4xl lg:text-5xl">
            Share the plates you are proud of.
          </h1>
          <p className="max-w-lg text-base text-white/85 sm:text-lg">
            Post your dishes, rate plates from other cooks and level up your cooking.
          </p>
        </header>

        <main id="main" tabIndex={-1} className="outline-none lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <Card className="border-white/10 shadow-2xl">
            <CardHeader className="pb-2">
              <h2 className="text-xl font-bold tracking-tight">
                {inMaintenance ? 'Sign In' : 'Welcome to Plates'}
              </h2>
              <CardDescription>
                {inMaintenance
                  ? 'Existing members can sign in as usual.'
                  : 'Sign in, or join to start sharing your plates.'}
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              {inMaintenance ? (
                <Alert variant="warning" role="status">
                  <Wrench aria-hidden="true" />
                  <AlertTitle>Maintenance Mode Active</AlertTitle>
                  <AlertDescription>
                    <p>
                      {maintenance.data?.message ??
                        'Registration is temporarily disabled. Existing users can still log in.'}
                    </p>
                  </AlertDescription>
                </Alert>
              ) : null}
              {inMaintenance ? (
                // Only Sign In remains while registration is closed.
                <LoginForm key={registeredUsername} defaultUsername={registeredUsername} />
              ) : (
                <Tabs value={tab} onValueChange={(v) => setTab(v as AuthTab)}>
                  <TabsList className="w-full">
                    <TabsTrigger value="login">Sign In</TabsTrigger>
                    <TabsTrigger value="register">Join Now</TabsTrigger>
                  </TabsList>
                  <TabsContent value="login">
                    <LoginForm key={registeredUsername} defaultUsername={registeredUsername} />
                  </TabsContent>
                  <TabsContent value="register">
                    {maintenance.data?.registration === 'closed' ? (
                      <Alert variant="warning" role="status" className="mt-4">
                        <DoorClosed aria-hidden="true" />
                        <AlertTitle>Registration is closed</AlertTitle>
                        <AlertDescription>
                          <p>{SETTINGS_MESSAGES.registrationClosed}</p>
                        </AlertDescription>
                      </Alert>
                    ) : (
                      <RegisterForm
                        onRegistered={(username) => {
                          joinReturn.remember(params.get(RETURN_PARAM));
                          setRegisteredUsername(username);
                          setTab('login');
                        }}
                      />
                    )}
                  </TabsContent>
                </Tabs>
              )}
            </CardContent>
          </Card>
        </main>

        <section aria-label="About Plates" className="grid gap-4 lg:col-start-1 lg:row-start-2">
          <AuthFeatures />
          <CommunityCounters />
        </section>
      </div>
    </div>
  );
}
