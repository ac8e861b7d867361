import { createContext } from 'react';

// Errors at the field (README 'Forms'): each message sits under its field, the field says it is invalid and
// points at the message, and the first invalid field takes the focus. useSchemaForm (schema-form.ts) fills
// these from react-hook-form's errors.

/** Field id → message, the first issue per field. */
export type FieldErrors = Record<string, string>;

/** The props an input needs to announce its error. */
export function invalidProps(errors: FieldErrors, id: string) {
  return errors[id]
    ? { 'aria-invalid': true as const, 'aria-describedby': errorId(id) }
    : { 'aria-invalid': undefined, 'aria-describedby': undefined };
}

export const errorId = (id: string) => `${id}-error`;

/** Focuses the first invalid field in document order (after React has rendered the messages). */
export function focusFirstInvalid(errors: FieldErrors): void {
  const ids = Object.keys(errors);
  if (!ids.length) return;
  requestAnimationFrame(() => {
    const elements = ids
      .map((id) => document.getElementById(id))
      .filter((el): el is HTMLElement => el !== null)
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    elements[0]?.focus();
  });
}

/**
 * The form's errors for the fields inside it: a field component reads its message here by its input's id, shows
 * it under the input and marks the input invalid.
 */
export const FieldErrorsContext = createContext<FieldErrors>({});

/** Maps a top-level schema key to `${prefix}-${key}`, with exceptions where the input's id differs. */
export const idByKey =
  (prefix: string, exceptions: Record<string, string> = {}) =>
  (path: readonly PropertyKey[]) => {
    const key = String(path[0] ?? '');
    return key ? (exceptions[key] ?? `${prefix}-${key}`) : undefined;
  };
