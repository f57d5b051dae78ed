import '@mantine/core/styles/Switch.css';
import { Badge, Button, Switch, Textarea, TextInput } from '@mantine/core';
import {
  type AdminParameter,
  type AdminParameterEntry,
  type AdminParameterGroup,
  adminParameters,
  checkAdminParameter,
  messagesSettingsAdmin,
  watermarkParameterName,
} from '@portal/contract';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { LeaveDialog } from '../../../components/leave-dialog.tsx';
import { RichTextField } from '../../../components/rich-text/rich-text-field.tsx';
import { useRichTextEditor } from '../../../components/rich-text/use-rich-text-editor.ts';
import { LoadingState } from '../../../components/status.tsx';
import { showToast, Toasts } from '../../../components/toasts.tsx';
import { useLeaveGuard } from '../../../hooks/use-leave-guard.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useAdminParameters, useSaveParameter } from '../api/parameters-api.ts';
import classes from './settings-admin.module.css';

const m = messagesSettingsAdmin.parameters;
const groups = Object.keys(m.groups) as AdminParameterGroup[];

/** A JSON value shown indented in its text area (what is stored is compact). */
const jsonForEditing = (value: string | null) => {
  if (!value) return '';
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
};
const editable = (parameter: AdminParameter, value: string | null) =>
  parameter.type === 'json' ? jsonForEditing(value) : (value ?? '');

/** A refusal's messages in one line per field: `value` alone, or the JSON path before its message. */
const refusalText = (errors: Record<string, string>, fallback: string) => {
  const lines = Object.entries(errors).map(([key, message]) =>
    key === 'value' ? message : `${key.replace(/^value\./, '')}: ${message}`,
  );
  return lines.length > 0 ? lines.join('\n') : fallback;
};

/**
 * Parameters (issue 24): every editable configuration parameter (spec 3 section 9, and the copy-link pair of spec
 * 2) by group, each with the input of its type and a Save of its own. A value is checked with the contract's rules
 * before it is sent and on the server; a refusal shows at the parameter with the server's words, and keeps what
 * was typed. Leaving with unsaved changes asks first.
 */
export function ParametersPage() {
  const stored = useAdminParameters();
  const [dirtyNames, setDirtyNames] = useState<ReadonlySet<string>>(new Set());
  const blocker = useLeaveGuard(dirtyNames.size > 0);
  const [query, setQuery] = useState('');
  const needle = query.trim().toLowerCase();
  // A filtered-out parameter is hidden, not unmounted: what was typed in it stays.
  const matches = (parameter: AdminParameter) =>
    needle === '' ||
    parameter.name.toLowerCase().includes(needle) ||
    parameter.description.toLowerCase().includes(needle);
  const anyMatch = adminParameters.some(matches);
  const byName = useMemo(
    () => new Map<string, AdminParameterEntry>((stored.data ?? []).map((entry) => [entry.name, entry])),
    [stored.data],
  );
  const setDirty = useCallback((name: string, dirty: boolean) => {
    setDirtyNames((previous) => {
      if (previous.has(name) === dirty) return previous;
      const next = new Set(previous);
      if (dirty) next.add(name);
      else next.delete(name);
      return next;
    });
  }, []);

  return (
    <div className={classes.page}>
      <Toasts />
      <header>
        <h1 className={classes.title}>{m.title}</h1>
        <p className={classes.lead}>{m.lead}</p>
      </header>
      {!stored.data ? (
        <>
          <LoadingState label={m.title} />
          {stored.isError && (
            <p role="alert" className={classes.error}>
              {m.loadFailed}{' '}
              <Button variant="subtle" size="compact-sm" onClick={() => void stored.refetch()}>
                {m.retry}
              </Button>
            </p>
          )}
        </>
      ) : (
        <>
          <TextInput
            className={classes.filter}
            label={m.filter}
            description={m.filterHint}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
          />
          <p role="status" className={classes.lead}>
            {anyMatch ? '' : m.noMatch}
          </p>
        </>
      )}
      {stored.data &&
        groups.map((group) => (
          <section
            key={group}
            className={classes.group}
            aria-labelledby={`group-${group}`}
            hidden={!adminParameters.some((parameter) => parameter.group === group && matches(parameter))}
          >
            <h2 id={`group-${group}`} className={classes.groupTitle}>
              {m.groups[group]}
            </h2>
            {adminParameters
              .filter((parameter) => parameter.group === group)
              .map((parameter) => (
                <div key={parameter.name} hidden={!matches(parameter)}>
                  <ParameterCard
                    parameter={parameter}
                    stored={byName.get(parameter.name)?.value ?? null}
                    onDirty={setDirty}
                  />
                </div>
              ))}
          </section>
        ))}
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

function ParameterCard({
  parameter,
  stored,
  onDirty,
}: {
  parameter: AdminParameter;
  stored: string | null;
  onDirty: (name: string, dirty: boolean) => void;
}) {
  const { name, type } = parameter;
  const inputId = useId();
  const headingId = `${inputId}-name`;
  const descriptionId = `${inputId}-description`;
  const save = useSaveParameter();
  // the value as last saved (or loaded) and as being edited
  const [saved, setSaved] = useState(() => editable(parameter, stored));
  const [value, setValue] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  // HTML: whether the editor was edited since its text was loaded; `version` reloads it after each save
  const [htmlDirty, setHtmlDirty] = useState(false);
  const [version, setVersion] = useState(0);
  const dirty = type === 'html' ? htmlDirty : value !== saved;
  useEffect(() => onDirty(name, dirty), [name, dirty, onDirty]);

  const change = (next: string) => {
    setValue(next);
    setError(null);
  };

  const submit = (sent: string) => {
    setError(null);
    const checked = checkAdminParameter(parameter, sent);
    if (!checked.ok) {
      setError(refusalText(checked.errors, checked.message));
      return;
    }
    save.mutate(
      { name, value: sent },
      {
        onSuccess: (reply) => {
          const next = editable(parameter, reply.data.value);
          setSaved(next);
          setValue(next);
          setVersion((v) => v + 1);
          showToast(true, m.saved(name));
        },
        onError: (failure) => {
          const text =
            failure instanceof ApiError && failure.status >= 400 && failure.status < 500
              ? refusalText(failure.errors, failure.message)
              : m.failed(name);
          setError(text);
          showToast(
            false,
            failure instanceof ApiError && failure.status === 400 ? failure.message : m.failed(name),
          );
        },
      },
    );
  };

  const describedBy = `${descriptionId}${error ? ` ${inputId}-error` : ''}`;
  const common = {
    id: inputId,
    'aria-labelledby': headingId,
    'aria-describedby': describedBy,
  } as const;

  if (name === watermarkParameterName) {
    return (
      <article className={classes.parameter} aria-labelledby={headingId}>
        <ParameterHead parameter={parameter} headingId={headingId} descriptionId={descriptionId} />
        <Link to="/admin/watermark">{messagesSettingsAdmin.parameters.editWatermark}</Link>
      </article>
    );
  }

  return (
    <article className={classes.parameter} aria-labelledby={headingId}>
      <ParameterHead parameter={parameter} headingId={headingId} descriptionId={descriptionId} />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (type !== 'html') submit(value);
        }}
      >
        {type === 'flag' ? (
          <Switch
            {...common}
            error={error ? true : undefined}
            checked={value === '1'}
            label={value === '1' ? 'On (1)' : 'Off (0)'}
            onChange={(event) => change(event.currentTarget.checked ? '1' : '0')}
          />
        ) : type === 'html' ? (
          <HtmlEditor
            label={name}
            labelId={headingId}
            stored={saved}
            version={version}
            invalid={error !== null}
            saving={save.isPending}
            onDirty={setHtmlDirty}
            onSave={submit}
          />
        ) : type === 'json' || parameter.multiline ? (
          <Textarea
            {...common}
            error={error !== null}
            value={value}
            autosize
            minRows={type === 'json' ? 4 : 2}
            maxRows={type === 'json' ? 18 : 8}
            spellCheck={type !== 'json'}
            classNames={type === 'json' ? { input: classes.code } : undefined}
            onChange={(event) => change(event.currentTarget.value)}
          />
        ) : (
          <TextInput
            {...common}
            error={error !== null}
            value={value}
            inputMode={type === 'idList' ? 'numeric' : undefined}
            onChange={(event) => change(event.currentTarget.value)}
          />
        )}
        <div role="alert" id={`${inputId}-error`}>
          {error && <p className={classes.fieldError}>{error}</p>}
        </div>
        {type !== 'html' && (
          <div className={classes.parameterActions}>
            <Button type="submit" loading={save.isPending} disabled={!dirty}>
              {m.save}
              <span className={classes.visuallyHidden}> {name}</span>
            </Button>
          </div>
        )}
      </form>
    </article>
  );
}

function ParameterHead({
  parameter,
  headingId,
  descriptionId,
}: {
  parameter: AdminParameter;
  headingId: string;
  descriptionId: string;
}) {
  return (
    <div className={classes.parameterHead}>
      <h3 id={headingId} className={classes.parameterName}>
        {parameter.name}
      </h3>
      <Badge variant="light" color="gray" radius="sm">
        {m.types[parameter.type]}
      </Badge>
      <p id={descriptionId} className={classes.parameterDescription}>
        {parameter.description}
      </p>
    </div>
  );
}

/** The shared rich-text editor for an HTML parameter; Save sends the editor's HTML (sanitised on the server). */
function HtmlEditor({
  label,
  labelId,
  stored,
  version,
  invalid,
  saving,
  onDirty,
  onSave,
}: {
  label: string;
  labelId: string;
  stored: string;
  version: number;
  invalid: boolean;
  saving: boolean;
  onDirty: (dirty: boolean) => void;
  onSave: (html: string) => void;
}) {
  const { editor, dirty, load } = useRichTextEditor(label, null);
  const [loaded, setLoaded] = useState<number | null>(null);
  // loaded on start, and again after each save (the text as stored, sanitised)
  useEffect(() => {
    if (!editor || loaded === version) return;
    load(stored, editor);
    setLoaded(version);
  }, [editor, stored, version, loaded, load]);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  return (
    <>
      <RichTextField editor={editor} labelId={labelId} invalid={invalid} />
      <div className={classes.parameterActions}>
        <Button onClick={() => editor && onSave(editor.getHTML())} loading={saving} disabled={!dirty}>
          {m.save}
          <span className={classes.visuallyHidden}> {label}</span>
        </Button>
      </div>
    </>
  );
}
