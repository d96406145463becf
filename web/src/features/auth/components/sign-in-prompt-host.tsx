import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { currentPath } from '../lib/return-to';
import { signInPromptStore, useSignInPrompt } from '../lib/sign-in-prompt';

// The dialog's code loads the first time a visitor needs it, not with every page.
const SignInPrompt = lazy(() => import('./sign-in-prompt'));

/** Shows the sign-in prompt when askToLogIn asks; mounted once, with the session. */
export function SignInPromptHost() {
  const prompt = useSignInPrompt();
  const location = useLocation();
  const [used, setUsed] = useState(false);
  if (prompt.open && !used) setUsed(true);
  // Leaving the page (Sign In, Join Now, the browser's Back) closes it, and so does unmounting.
  useEffect(() => signInPromptStore.close, [location.key]);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <SignInPrompt
        open={prompt.open}
        description={prompt.description}
        returnTo={currentPath(location)}
        onOpenChange={(open) => {
          if (!open) signInPromptStore.close();
        }}
      />
    </Suspense>
  );
}
