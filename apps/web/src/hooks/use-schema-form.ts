import { schemaResolver, useForm } from '@mantine/form';
import { type FormEvent, useRef, useState } from 'react';

/** A Standard Schema: the contract's zod schemas, or the sign-in page's zod-free mirror of one. */
export type FormSchema = Parameters<typeof schemaResolver>[0];
type Errors = Record<string, string>;

/**
 * A form on @mantine/form, validated by a contract schema (so it shows the server's own messages). A field's
 * message shows once the field has been left with something typed, or a submit was tried (mantine's `touched`),
 * and follows every keystroke from then on. Server field messages stay until their field is edited. A failed
 * submit, and server field messages, move the focus to the first field in error.
 *
 * `confirm` names a password and its confirmation: zod runs a form's cross-field refinements only once every
 * field passes, so the mismatch message is added meanwhile.
 */
export const useSchemaForm = <V extends Record<string, unknown>, Out = V>(
  schema: FormSchema,
  initialValues: V,
  confirm?: { password: keyof V; confirmation: keyof V & string; message: string },
) => {
  const formRef = useRef<HTMLFormElement>(null);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const resolve = schemaResolver(schema, { sync: true }) as (values: V) => Errors;
  const validate = (values: V) => {
    const errors = resolve(values);
    const typed = confirm && values[confirm.confirmation];
    if (confirm && !errors[confirm.confirmation] && typed !== '' && typed !== values[confirm.password])
      errors[confirm.confirmation] = confirm.message;
    return errors;
  };
  const form = useForm<V, Out>({
    initialValues,
    validate,
    // Only called once `validate` passed: the schema's output (trimmed, lower-cased...) is what is sent.
    transformValues: (values) => (schema['~standard'].validate(values) as { value: Out }).value,
    touchTrigger: 'focus',
    clearInputErrorOnChange: false,
  });

  const showErrorsOfTouched = () => {
    const touched = form.getTouched();
    const errors = Object.entries(validate(form.getValues())).filter(([name]) => touched[name]);
    form.setErrors(Object.fromEntries(errors));
  };

  const focusField = (name: string | undefined) => {
    if (!name) return;
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

  return {
    values: form.values,
    formRef,
    setField: <K extends keyof V & string>(name: K, value: V[K]) => {
      form.setFieldValue(name, value as never);
      if (name in serverErrors) setServerErrors(({ [name]: _edited, ...rest }) => rest);
      showErrorsOfTouched();
    },
    /** On blur; an untouched, still-empty field stays quiet when the user merely tabs through it. */
    touchField: (name: keyof V & string) => {
      if (form.getValues()[name] === '') return;
      form.setTouched((touched) => ({ ...touched, [name]: true }));
      showErrorsOfTouched();
    },
    handleSubmit: (onValid: (data: Out) => void) => (event: FormEvent<HTMLFormElement>) => {
      form.setTouched(Object.fromEntries(Object.keys(initialValues).map((name) => [name, true])));
      form.onSubmit(
        (data) => onValid(data),
        (errors) => focusField(Object.keys(errors)[0]),
      )(event);
    },
    errorOf: (name: keyof V & string) => (form.errors[name] as string | undefined) || serverErrors[name],
    /** Shows the server's field messages (e.g. a refused e-mail domain) under their fields. */
    showServerErrors: (errors: Errors) => {
      setServerErrors(errors);
      focusField(Object.keys(errors)[0]);
    },
    reset: () => {
      form.reset();
      setServerErrors({});
    },
  };
};
