import { zodResolver } from '@hookform/resolvers/zod';
import {
  type DefaultValues,
  type FieldValues,
  type FieldErrors as FormErrors,
  type Resolver,
  type SubmitHandler,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { type FieldErrors, focusFirstInvalid } from './field-errors.ts';

interface Leaf {
  /** The schema path, dotted: `title`, `quiz.title`, `questions.0.answers`. */
  path: string;
  type: string;
  message: string;
}

/** Every message in react-hook-form's error tree, in the schema's order, with its dotted path. */
function leaves(errors: unknown, prefix = ''): Leaf[] {
  if (!errors || typeof errors !== 'object') return [];
  const node = errors as Record<string, unknown>;
  if (typeof node.message === 'string' && node.message) {
    return [{ path: prefix, type: String(node.type ?? ''), message: node.message }];
  }
  return Object.entries(node).flatMap(([key, child]) =>
    key === 'ref' ? [] : leaves(child, prefix ? `${prefix}.${key}` : key),
  );
}

/** The first message of a failed submit, in the schema's field order. */
export function firstMessage(errors: FormErrors): string | undefined {
  return leaves(errors)[0]?.message;
}

/**
 * react-hook-form with the request's shared schema, for forms built from `Field`s (README 'Forms'). The inputs
 * are registered under the schema's keys; `toBody` turns what they show into the request the schema checks
 * (e.g. "01:30" → 90 minutes). Errors come back keyed by input id (`idFor` maps a dotted schema path to one, or
 * to nothing) for `FieldErrorsContext`; a failed submit focuses the first invalid input in the page's order and
 * hands the first message to `onInvalid` (the product's validation toast); a valid one hands on the request as
 * typed, unparsed.
 */
export function useSchemaForm<Values extends FieldValues, Schema extends z.ZodType>(options: {
  schema: Schema;
  defaultValues: DefaultValues<Values>;
  idFor: (path: string) => string | undefined;
  toBody?: (values: Values) => unknown;
  /** The message under a field when it should differ from the schema's (the schema's is the server's too). */
  messageFor?: (path: string, error: { type: string; message: string }) => string;
}) {
  const { schema, idFor, toBody, messageFor } = options;
  // raw: the body is sent as the schema's input, not its output (the server parses it with the same schema, and
  // some parts are not idempotent: "49.99" pounds becomes 4999 pence).
  const resolver: Resolver<Values, unknown, z.input<Schema>> = (values, context, resolverOptions) =>
    zodResolver(schema as never, undefined, { raw: true })(
      (toBody ? toBody(values) : values) as never,
      context,
      resolverOptions as never,
    ) as never;
  const form = useForm<Values, unknown, z.input<Schema>>({
    defaultValues: options.defaultValues,
    resolver,
    shouldFocusError: false,
  });
  const byId = (errors: unknown): FieldErrors => {
    const found: FieldErrors = {};
    for (const leaf of leaves(errors)) {
      const id = idFor(leaf.path);
      if (id && !(id in found)) found[id] = messageFor ? messageFor(leaf.path, leaf) : leaf.message;
    }
    return found;
  };
  const submit = (onValid: SubmitHandler<z.input<Schema>>, onInvalid: (message: string) => void) =>
    form.handleSubmit(onValid, (failed) => {
      focusFirstInvalid(byId(failed));
      onInvalid(firstMessage(failed) ?? 'Please check the form');
    });
  return { form, errors: byId(form.formState.errors), submit };
}
