// The sign-in page's validation, loaded after its first paint (lib/lazy-resolver.ts): zod and the
// shared schemas stay out of the code the page needs to show itself.
import { zodResolver } from '@hookform/resolvers/zod';
import { EmailBody, LoginBody, RegisterForm } from '@plates/common';

export const loginResolver = zodResolver(LoginBody);
export const registerResolver = zodResolver(RegisterForm);
export const emailResolver = zodResolver(EmailBody);
