import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { nameWithBadge, VerifiedBadge } from './verified-badge';

describe('VerifiedBadge', () => {
  it('is an image named for the badge: "Verified" for blue and gold, "Verified business" for a business', () => {
    render(
      <>
        <VerifiedBadge person={{ isVerified: true, verifiedType: 'blue' }} />
        <VerifiedBadge person={{ isVerified: true, verifiedType: 'gold' }} />
        <VerifiedBadge person={{ isVerified: true, verifiedType: 'business' }} />
      </>,
    );
    expect(screen.getAllByRole('img', { name: 'Verified' })).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'Verified business' })).toHaveAttribute('data-verified', 'business');
  });

  it('shows nothing for a member who is not verified, or a shape without the fields', () => {
    const { container } = render(
      <>
        <VerifiedBadge person={{ isVerified: false, verifiedType: null }} />
        <VerifiedBadge person={{}} />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('is hidden from screen readers where the accessible name around it already says it', () => {
    const person = { isVerified: true, verifiedType: 'business' } as const;
    render(
      <button type="button" aria-label={`Account menu for ${nameWithBadge('Marta', person)}`}>
        <VerifiedBadge person={person} decorative />
      </button>,
    );
    expect(screen.getByRole('button', { name: 'Account menu for Marta, verified business' })).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(nameWithBadge('Bo', { isVerified: false })).toBe('Bo');
  });
});
