import { type FormEvent, useRef, useState } from 'react';

export type ValidationResult<Out> = { ok: true; data: Out } | { ok: false; errors: Record<string, string> };
export type Validator<V, Out> = (values: V) => ValidationResult<Out>;

/**
 * Form state: a field's message shows once it has been left (blur) or a submit was tried, and updates live
 * from then on. Server field errors stay until their field is edited. Typed values survive any failure.
 */
export const useFormState = <V extends Record<string, unknown>, Out>(
  initial: V,
  validate: Validator<V, Out>,
) => {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);

  const result = validate(values);
  const clientErrors = result.ok ? {} : result.errors;

  const setField = <K extends keyof V & string>(name: K, value: V[K]) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setServerErrors((previous) => {
      if (!(name in previous)) return previous;
      const { [name]: _removed, ...rest } = previous;
      return rest;
    });
  };

  const touchField = (name: keyof V & string) => {
    // An untouched, still-empty field stays quiet when the user merely tabs through it.
    if (values[name] === '' && !attempted) return;
    setTouched((previous) => (previous[name] ? previous : { ...previous, [name]: true }));
  };

  const focusField = (name: string) => {
    const key = CSS.escape(name);
    const field = formRef.current?.querySelector<HTMLElement>(`[name="${key}"], [data-field="${key}"]`);
    // A composite field (the captcha widget) is marked `data-field` on its wrapper: focus the control inside.
    const focusable =
      field && field.tabIndex >= 0 && !(field instanceof HTMLInputElement && field.type === 'hidden');
    const control = focusable
      ? field
      : field?.querySelector<HTMLElement>('input:not([type="hidden"]), button, select, textarea');
    control?.focus();
  };

  const handleSubmit = (onValid: (data: Out) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    if (!result.ok) {
      const first = Object.keys(result.errors)[0];
      if (first) focusField(first);
      return;
    }
    onValid(result.data);
  };

  /** Shows the server's field messages (e.g. a refused e-mail domain) under their fields. */
  const showServerErrors = (errors: Record<string, string>) => {
    setServerErrors(errors);
    const first = Object.keys(errors)[0];
    if (first) focusField(first);
  };

  const errorOf = (name: keyof V & string): string | undefined =>
    ((attempted || touched[name]) && clientErrors[name]) || serverErrors[name] || undefined;

  const reset = (next: V) => {
    setValues(next);
    setTouched({});
    setAttempted(false);
    setServerErrors({});
  };

  return {
    values,
    setField,
    touchField,
    handleSubmit,
    errorOf,
    showServerErrors,
    reset,
    formRef,
    isValid: result.ok,
  };
};
