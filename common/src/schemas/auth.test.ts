import { describe, expect, it } from 'vitest';
import { LoginBody, RegisterBody, RegisterForm, VerifyEmailBody } from './auth.js';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('auth schemas speak the specification', () => {
  it('login', () => {
    expect(firstMessage(LoginBody.safeParse({ username: 'ab', password: 'secret1' }))).toBe('Username must be at least 3 characters');
    expect(firstMessage(LoginBody.safeParse({ username: 'abc', password: '12345' }))).toBe('Password must be at least 6 characters');
    expect(LoginBody.safeParse({ username: '  alice  ', password: '123456' }).data?.username).toBe('alice');
  });

  it('register', () => {
    const base = { username: 'alice', email: 'alice@example.com', password: 'secret1' };
    expect(RegisterBody.safeParse(base).success).toBe(true);
    expect(firstMessage(RegisterBody.safeParse({ ...base, email: '' }))).toBe('Email is required');
    expect(firstMessage(RegisterBody.safeParse({ ...base, email: 'nope' }))).toBe('Please enter a valid email address');
    expect(firstMessage(RegisterBody.safeParse({ ...base, username: 'a b' }))).toBe(
      'Username can only contain letters, numbers, dots and underscores',
    );
    expect(firstMessage(RegisterBody.safeParse({ ...base, password: 'x'.repeat(129) }))).toBe('Password cannot exceed 128 characters');
    expect(RegisterBody.safeParse({ ...base, displayName: '   ' }).data?.displayName).toBeUndefined();
    expect(firstMessage(RegisterBody.safeParse({ ...base, username: 'ADMIN' }))).toBe(
      'This username is reserved for the Plates team. Please choose a different username.',
    );
    expect(firstMessage(RegisterBody.safeParse({ ...base, displayName: 'Plates Team' }))).toBe(
      'This display name is reserved for the Plates team. Please choose a different display name.',
    );
    expect(RegisterBody.safeParse({ ...base, displayName: ' Ana ✔️ ' }).data?.displayName).toBe('Ana');
    expect(firstMessage(RegisterBody.safeParse({ ...base, displayName: '✔️' }))).toBe(
      'Display name must contain letters or numbers, not only badge symbols',
    );
  });

  it('register form checks the confirmation on confirmPassword', () => {
    const r = RegisterForm.safeParse({ username: 'alice', email: 'a@b.co', password: 'secret1', confirmPassword: 'secret2' });
    expect(r.error?.issues[0]).toMatchObject({ message: "Passwords don't match", path: ['confirmPassword'] });
  });

  it('verification code', () => {
    expect(firstMessage(VerifyEmailBody.safeParse({ token: '  ' }))).toBe('Verification code is required');
  });
});
