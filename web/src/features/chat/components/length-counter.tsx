import { cn } from '../../../lib/utils';

interface LengthCounterProps {
  id: string;
  length: number;
  max: number;
}

/** "1850/2000" under a chat text box; over the limit it turns destructive with "Message too long". */
export function LengthCounter({ id, length, max }: LengthCounterProps) {
  const tooLong = length > max;
  return (
    <p id={id} className="flex items-center gap-2 px-1 text-xs text-muted-foreground">
      {tooLong ? (
        <span role="alert" className="font-medium text-destructive">
          Message too long
        </span>
      ) : null}
      <span className={cn('ml-auto tabular-nums', tooLong && 'font-semibold text-destructive')}>
        {length}/{max}
      </span>
    </p>
  );
}
