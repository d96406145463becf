import { describe, expect, it } from 'vitest';
import { VERIFICATION_COOLDOWN_DAYS, VERIFICATION_MESSAGES, VerificationDecisionBody, VerificationRequestBody, verificationRetryAt } from './index.js';

describe('verification requests', () => {
  it('take http(s) addresses only, at most three', () => {
    expect(VerificationRequestBody.parse({ reason: ' Chef ', links: ['https://a.example/x?y=1', 'http://b.example:8080'] })).toEqual({
      reason: 'Chef',
      links: ['https://a.example/x?y=1', 'http://b.example:8080'],
    });
    for (const link of ['javascript:alert(1)', 'ftp://a.example', 'https://', 'https://a b.example', 'data:text/html,hi']) {
      const result = VerificationRequestBody.safeParse({ reason: 'x', links: [link] });
      expect(result.success, link).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(VERIFICATION_MESSAGES.badLink);
    }
    expect(VerificationRequestBody.safeParse({ reason: 'x', links: Array(4).fill('https://a.example') }).error?.issues[0]?.message).toBe(VERIFICATION_MESSAGES.tooManyLinks);
  });

  it('are approved with a badge or declined with a reason', () => {
    expect(VerificationDecisionBody.safeParse({ decision: 'approve', verifiedType: 'gold' }).success).toBe(true);
    expect(VerificationDecisionBody.safeParse({ decision: 'approve' }).success).toBe(false);
    expect(VerificationDecisionBody.safeParse({ decision: 'decline', reason: ' ' }).success).toBe(false);
  });

  it('may be asked again the cool-down after a decline', () => {
    const decided = new Date('2030-01-01T00:00:00Z');
    expect(verificationRetryAt(decided).getTime() - decided.getTime()).toBe(VERIFICATION_COOLDOWN_DAYS * 86_400_000);
  });
});
