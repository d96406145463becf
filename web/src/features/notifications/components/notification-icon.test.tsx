import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NotificationIcon } from './notification-icon';

describe('NotificationIcon', () => {
  it('gives moderation notices and report outcomes their own icons, and an unknown type the bell', () => {
    const iconOf = (type: string) => render(<NotificationIcon type={type} />).container.querySelector('svg')!;
    expect(iconOf('moderation')).toHaveAttribute('data-icon', 'moderation');
    expect(iconOf('moderation')).toHaveClass('lucide-shield-alert');
    expect(iconOf('report_outcome')).toHaveAttribute('data-icon', 'report_outcome');
    expect(iconOf('report_outcome')).toHaveClass('lucide-flag');
    expect(iconOf('something_new')).toHaveAttribute('data-icon', 'default');
  });
});
