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
import type { FieldErrors } from './field-errors.ts';

/** The first message of a failed submit, in the schema's field order. */
export function firstMessage(errors: FormErrors): string | undefined {
  for (const error of Object.values(errors)) if (error?.message) return String(error.message);
  return undefined;
}

/**
 * react-hook-form with the request's shared schema, for forms built from `Field`s (README 'Forms'). The inputs
 * are registered under the schema's keys; `toBody` turns what they show into the request the schema checks
 * (e.g. "01:30" → 90 minutes). Errors come back keyed by input id for `FieldErrorsContext`; react-hook-form
 * focuses the first invalid input; `submit` hands the valid body on as the request (unparsed), or the first
 * message to `onInvalid` (the product's validation toast).
 */
export function useSchemaForm<Values extends FieldValues, Schema extends z.ZodType>(options: {
  schema: Schema;
  defaultValues: DefaultValues<Values>;
  idFor: (key: string) => string;
  toBody?: (values: Values) => unknown;
  /** The message under a field when it should differ from the schema's (the schema's is the server's too). */
  messageFor?: (key: string, error: { type: string; message: string }) => string;
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
  const form = useForm<Values, unknown, z.input<Schema>>({ defaultValues: options.defaultValues, resolver });
  const errors: FieldErrors = {};
  for (const [key, error] of Object.entries(form.formState.errors)) {
    if (!error?.message) continue;
    const found = { type: String(error.type), message: String(error.message) };
    errors[idFor(key)] = messageFor ? messageFor(key, found) : found.message;
  }
  const submit = (onValid: SubmitHandler<z.input<Schema>>, onInvalid: (message: string) => void) =>
    form.handleSubmit(onValid, (failed) => onInvalid(firstMessage(failed) ?? 'Please check the form'));
  return { form, errors, submit };
}
