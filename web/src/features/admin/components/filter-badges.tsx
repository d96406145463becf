import type { FilterAction, FilterSeverity } from '@plates/common';
import { Ban, Flag, PauseCircle } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/utils';

const ACTION_SHORT: Record<FilterAction, string> = { flag: 'Flag', hold: 'Hold', block: 'Block' };

/** What a filter does, with an icon as well as a colour. */
export function ActionBadge({ action }: { action: FilterAction }) {
  const Icon = action === 'block' ? Ban : action === 'hold' ? PauseCircle : Flag;
  return (
    <Badge
      variant={action === 'flag' ? 'secondary' : 'warning'}
      className={cn(action === 'block' && 'bg-destructive/15 text-destructive dark:text-red-300')}
    >
      <Icon aria-hidden="true" />
      {ACTION_SHORT[action]}
    </Badge>
  );
}

const SEVERITY_LABEL: Record<FilterSeverity, string> = { low: 'Low', medium: 'Medium', high: 'High' };

export function SeverityBadge({ severity }: { severity: FilterSeverity }) {
  return <Badge variant="outline">{SEVERITY_LABEL[severity]} severity</Badge>;
}
