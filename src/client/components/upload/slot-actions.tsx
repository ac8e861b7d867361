import { RefreshCw, Trash2 } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';

// The controls every upload slot shares once it holds a file (a topic's video, captions or presentation; a SCORM
// package): Replace opens the uploader, Remove asks to confirm, and Keep takes the uploader back to the current file.

/** Replace and Remove, named for screen readers by what they act on. */
export function ReplaceRemoveButtons(props: {
  replaceLabel: string;
  removeLabel: string;
  onReplace: () => void;
  onRemove: () => void;
}) {
  return (
    <>
      <Button variant="ghost" size="sm" onClick={props.onReplace} aria-label={props.replaceLabel}>
        <RefreshCw /> Replace
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="text-destructive hover:text-destructive"
        onClick={props.onRemove}
        aria-label={props.removeLabel}
      >
        <Trash2 /> Remove
      </Button>
    </>
  );
}

/** Below the uploader while replacing: goes back to the file the slot already has. */
export function KeepCurrentButton({ what, onClick }: { what: string; onClick: () => void }) {
  return (
    <Button variant="ghost" size="sm" className="justify-self-start" onClick={onClick}>
      Keep the current {what}
    </Button>
  );
}
