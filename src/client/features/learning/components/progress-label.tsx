import { CheckCircle2, CircleDashed, Clock } from 'lucide-react';
import { Badge } from '#client/components/ui/badge.tsx';
import { progressLabel } from '#shared/format.ts';

/** Not Started / In Progress / Complete (docs/product.md#portal). */
export function ProgressLabel({ percentage }: { percentage: number }) {
  const label = progressLabel(percentage);
  if (label === 'Complete')
    return (
      <Badge variant="success">
        <CheckCircle2 aria-hidden="true" />
        Complete
      </Badge>
    );
  if (label === 'In Progress')
    return (
      <Badge className="border-transparent bg-safety-100 text-safety-800">
        <Clock aria-hidden="true" />
        In Progress
      </Badge>
    );
  return (
    <Badge variant="outline" className="text-muted-foreground">
      <CircleDashed aria-hidden="true" />
      Not Started
    </Badge>
  );
}
