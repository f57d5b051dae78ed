import { Button, Input, NativeSelect, Textarea, TextInput } from '@mantine/core';
import {
  checkAdminParameter,
  findAdminParameter,
  messagesSettingsAdmin,
  watermarkConfigsMax,
  watermarkParameterName,
  watermarkPlaceholderList,
  watermarkXAlignments,
  watermarkYAlignments,
} from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LeaveDialog } from '../../../components/leave-dialog.tsx';
import { LoadingState } from '../../../components/status.tsx';
import { showToast, Toasts } from '../../../components/toasts.tsx';
import { useLeaveGuard } from '../../../hooks/use-leave-guard.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useAdminParameters, useSaveParameter } from '../api/parameters-api.ts';
import {
  errorsByForm,
  formsFromStored,
  formsSignature,
  formsToValue,
  newWatermarkForm,
  type WatermarkField,
  type WatermarkForm,
} from '../lib/watermark-form.ts';
import classes from './settings-admin.module.css';
import { WatermarkPreview } from './watermark-preview.tsx';

const m = messagesSettingsAdmin.watermark;
const f = m.fields;
const parameter = findAdminParameter(watermarkParameterName)!;

type FormErrors = ReturnType<typeof errorsByForm>;

/**
 * Watermark settings (issue 24): one form per configuration of sRWReportWaterMarkJSON with a live preview on a
 * sample A4 page, add and remove (after a confirmation), one Save for the list. The value is checked with the
 * contract's rules before it is sent and again on the server; each message shows at its field. A failed save keeps
 * every change; leaving with unsaved changes asks first.
 */
export function WatermarkPage() {
  const stored = useAdminParameters();
  const save = useSaveParameter();
  const [forms, setForms] = useState<WatermarkForm[] | null>(null);
  const [savedSignature, setSavedSignature] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useRef(false);

  const dirty = forms !== null && formsSignature(forms) !== savedSignature;
  const blocker = useLeaveGuard(dirty);

  // The stored configurations go into the forms once; a later refetch never overwrites what is being edited.
  useEffect(() => {
    if (forms !== null || !stored.data) return;
    const loaded = formsFromStored(stored.data.find((p) => p.name === watermarkParameterName)?.value ?? null);
    setForms(loaded);
    setSavedSignature(formsSignature(loaded));
  }, [forms, stored.data]);

  // After a refused save, the first field with a message gets the focus.
  useEffect(() => {
    if (!focusFirstError.current) return;
    focusFirstError.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });

  const setField = <K extends WatermarkField>(index: number, field: K, value: WatermarkForm[K]) => {
    setForms(
      (previous) => previous?.map((form, i) => (i === index ? { ...form, [field]: value } : form)) ?? null,
    );
    setErrors((previous) => {
      if (!previous[index]?.[field]) return previous;
      const { [field]: _gone, ...rest } = previous[index];
      return { ...previous, [index]: rest };
    });
  };

  const refuse = (found: Record<string, string>, message: string) => {
    setErrors(errorsByForm(found));
    setFailure(message);
    focusFirstError.current = true;
  };

  const submit = () => {
    if (!forms) return;
    setFailure(null);
    const value = formsToValue(forms);
    const checked = checkAdminParameter(parameter, value);
    if (!checked.ok) return refuse(checked.errors, m.invalid);
    setErrors({});
    save.mutate(
      { name: watermarkParameterName, value },
      {
        onSuccess: (reply) => {
          const saved = formsFromStored(reply.data.value);
          setForms(saved);
          setSavedSignature(formsSignature(saved));
          showToast(true, m.saved);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400 && Object.keys(error.errors).length > 0)
            return refuse(error.errors, m.invalid);
          const message =
            error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : m.failed;
          setFailure(message);
          showToast(false, message);
        },
      },
    );
  };

  const remove = () => {
    if (removing === null) return;
    setForms((previous) => previous?.filter((_, i) => i !== removing) ?? null);
    setErrors({});
    setRemoving(null);
  };

  const whole = errors[-1]?.form;
  return (
    <div className={classes.page}>
      <Toasts />
      <header>
        <h1 className={classes.title}>{m.title}</h1>
        <p className={classes.lead}>{m.lead}</p>
      </header>
      {forms === null ? (
        <>
          <LoadingState label={m.title} />
          {stored.isError && (
            <p role="alert" className={classes.error}>
              {m.loadFailed}{' '}
              <Button variant="subtle" size="compact-sm" onClick={() => void stored.refetch()}>
                Try again
              </Button>
            </p>
          )}
        </>
      ) : (
        <form
          ref={formRef}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          className={classes.configs}
        >
          {forms.length === 0 && <p className={classes.lead}>{m.none}</p>}
          {forms.map((form, index) => (
            <ConfigForm
              key={form.key}
              form={form}
              index={index}
              errors={errors[index] ?? {}}
              onChange={setField}
              onRemove={() => setRemoving(index)}
            />
          ))}
          <div role="alert" className={classes.alert}>
            {(failure || whole) && <p className={classes.error}>{whole ?? failure}</p>}
          </div>
          <div className={classes.actions}>
            <Button
              variant="default"
              disabled={forms.length >= watermarkConfigsMax}
              onClick={() => setForms((previous) => [...(previous ?? []), newWatermarkForm()])}
            >
              {m.add}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {m.save}
            </Button>
            <Link to="/admin/parameters">{m.otherParameters}</Link>
          </div>
        </form>
      )}
      <ConfirmDialog
        title={m.removeTitle((removing ?? 0) + 1)}
        text={m.removeText}
        opened={removing !== null}
        confirmLabel={m.removeConfirm}
        cancelLabel={m.cancel}
        danger
        onConfirm={remove}
        onClose={() => setRemoving(null)}
      />
      <LeaveDialog
        blocker={blocker}
        title={m.title}
        text={m.unsaved}
        leaveLabel={m.leave}
        stayLabel={m.stay}
      />
    </div>
  );
}

function ConfigForm({
  form,
  index,
  errors,
  onChange,
  onRemove,
}: {
  form: WatermarkForm;
  index: number;
  errors: Partial<Record<WatermarkField | 'form', string>>;
  onChange: <K extends WatermarkField>(index: number, field: K, value: WatermarkForm[K]) => void;
  onRemove: () => void;
}) {
  const headingId = `${form.key}-heading`;
  const colorId = `${form.key}-color`;
  const text = (field: WatermarkField) => ({
    value: form[field],
    error: errors[field],
    onChange: (event: { currentTarget: { value: string } }) =>
      onChange(index, field, event.currentTarget.value),
  });
  return (
    <section className={classes.config} aria-labelledby={headingId}>
      <div className={classes.configHead}>
        <h2 id={headingId} className={classes.configTitle}>
          {m.config(index + 1)}
        </h2>
        <Button variant="default" c="red.9" size="compact-sm" onClick={onRemove}>
          {m.remove}
          <span className={classes.visuallyHidden}> {index + 1}</span>
        </Button>
      </div>
      {errors.form && <p className={classes.error}>{errors.form}</p>}
      <div className={classes.configBody}>
        <div className={classes.fields}>
          <Textarea
            label={f.text}
            description={f.textHint(watermarkPlaceholderList.join(', '))}
            autosize
            minRows={2}
            maxRows={6}
            className={classes.wide}
            {...text('text')}
          />
          <TextInput label={f.sectors} description={f.sectorsHint} {...text('sectors')} />
          <TextInput label={f.pages} description={f.pagesHint} {...text('pages')} />
          <TextInput label={f.angle} inputMode="decimal" {...text('angle')} />
          <TextInput label={f.fontSize} inputMode="decimal" {...text('fontSize')} />
          <Input.Wrapper label={f.color} labelProps={{ htmlFor: colorId }} error={errors.color}>
            <input
              id={colorId}
              type="color"
              className={classes.color}
              value={form.color}
              aria-invalid={errors.color ? true : undefined}
              onChange={(event) => onChange(index, 'color', event.currentTarget.value)}
            />
          </Input.Wrapper>
          <NativeSelect
            label={f.xAlign}
            data={watermarkXAlignments.map((a) => ({ value: a, label: m.alignments[a] }))}
            value={form.xAlign}
            error={errors.xAlign}
            onChange={(event) =>
              onChange(index, 'xAlign', event.currentTarget.value as WatermarkForm['xAlign'])
            }
          />
          <NativeSelect
            label={f.yAlign}
            data={watermarkYAlignments.map((a) => ({ value: a, label: m.alignments[a] }))}
            value={form.yAlign}
            error={errors.yAlign}
            onChange={(event) =>
              onChange(index, 'yAlign', event.currentTarget.value as WatermarkForm['yAlign'])
            }
          />
          <TextInput label={f.widthMul} description={f.mulHint} inputMode="decimal" {...text('widthMul')} />
          <TextInput label={f.heightMul} description={f.mulHint} inputMode="decimal" {...text('heightMul')} />
        </div>
        <WatermarkPreview form={form} index={index} />
      </div>
    </section>
  );
}
