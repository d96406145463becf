import { MESSAGES, type RegisterForm as RegisterFormSchema } from '@plates/common';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormError, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api';
import { useLazyResolver } from '../../../lib/lazy-resolver';
import { authKeys } from '../api/keys';
import { useAuth } from '../hooks/use-auth';

type RegisterInput = z.input<typeof RegisterFormSchema>;
type RegisterOutput = z.output<typeof RegisterFormSchema>;
const FIELDS = ['username', 'email', 'displayName', 'password', 'confirmPassword'] as const;
type FieldName = (typeof FIELDS)[number];

function isField(name: string | undefined): name is FieldName {
  return FIELDS.includes(name as FieldName);
}

interface RegisterFormProps {
  /** Called after a successful registration with the new username (to prefill Sign In). */
  onRegistered: (username: string) => void;
}

const loadResolver = () => import('../lib/form-resolvers').then((m) => m.registerResolver);

export function RegisterForm({ onRegistered }: RegisterFormProps) {
  const { registerMutation } = useAuth();
  const queryClient = useQueryClient();
  const form = useForm<RegisterInput, unknown, RegisterOutput>({
    resolver: useLazyResolver(loadResolver),
    defaultValues: { username: '', email: '', displayName: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      // confirmPassword stays here: only the body fields are passed on
      await registerMutation.mutateAsync({
        username: values.username,
        email: values.email,
        password: values.password,
        displayName: values.displayName,
      });
      onRegistered(values.username);
    } catch (error) {
      if (!isApiError(error)) {
        form.setError('root.server', { message: 'Registration failed. Please try again.' });
        return;
      }
      if (error.code === 'ALREADY_EXISTS' && error.field === 'username') {
        form.setError('username', {
          message: 'Username already exists. Please choose a different username.',
        });
      } else if (error.status === 429) {
        form.setError('root.server', { message: MESSAGES.registerRateLimited });
      } else if (error.code === 'MAINTENANCE_MODE') {
        form.setError('root.server', { message: error.message });
        void queryClient.invalidateQueries({ queryKey: authKeys.maintenance });
      } else if (isField(error.field)) {
        form.setError(error.field, { message: error.message });
      } else {
        form.setError('root.server', { message: error.message });
      }
    }
  });

  const pending = registerMutation.isPending;
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Join Plates">
      <FormError>{errors.root?.server?.message}</FormError>
      <FormField label="Username" error={errors.username?.message}>
        <Input autoComplete="username" autoCapitalize="none" spellCheck={false} {...form.register('username')} />
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" inputMode="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <FormField
        label={
          <>
            Display name <span className="font-normal text-muted-foreground">(optional)</span>
          </>
        }
        error={errors.displayName?.message}
      >
        <Input autoComplete="nickname" {...form.register('displayName')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Password" error={errors.password?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <FormField label="Confirm password" error={errors.confirmPassword?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
        </FormField>
      </div>
      <Button type="submit" size="lg" disabled={pending} className="w-full">
        {pending ? <Spinner className="size-4 text-current" label="Creating account" /> : null}
        {pending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
