import { firstErrors } from '@portal/contract';
import type { Validator } from './use-form-state.ts';

interface SchemaLike<Out> {
  safeParse(value: unknown):
    | { success: true; data: Out }
    | {
        success: false;
        error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };
      };
}

/** Adapts a contract zod schema, so the form shows exactly the messages the server would return. */
export const schemaValidator =
  <V, Out>(schema: SchemaLike<Out>): Validator<V, Out> =>
  (values) => {
    const result = schema.safeParse(values);
    return result.success
      ? { ok: true, data: result.data }
      : { ok: false, errors: firstErrors(result.error.issues) };
  };

/**
 * zod runs a form's cross-field refinements only once every field passes, so a mismatched confirmation
 * would stay silent while another field is still wrong. This adds the mismatch message meanwhile.
 */
export const withConfirmation =
  <V extends Record<string, unknown>, Out>(
    validate: Validator<V, Out>,
    password: keyof V & string,
    confirmation: keyof V & string,
    message: string,
  ): Validator<V, Out> =>
  (values) => {
    const result = validate(values);
    if (result.ok || result.errors[confirmation]) return result;
    const typed = values[confirmation];
    if (typeof typed !== 'string' || typed === '' || typed === values[password]) return result;
    return { ok: false, errors: { ...result.errors, [confirmation]: message } };
  };
