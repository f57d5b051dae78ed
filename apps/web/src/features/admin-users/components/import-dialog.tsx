import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import { Button, Combobox, Group, Loader, Modal, Stack, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  adminUsersConstants,
  type FirmSummary,
  keepNameCharacters,
  messagesAdminUsers as m,
  type WebsiteUserRow,
} from '@portal/contract';
import { useState } from 'react';
import { Feedback, type FeedbackValue, failureOf } from '../../../components/action-feedback.tsx';
import { useFirmSearch, userActions } from '../api/admin-users-api.ts';
import {
  type ImportFormErrors,
  type ImportFormValues,
  initialImportValues,
  validateImport,
} from '../lib/import-form.ts';
import classes from './admin-users.module.css';

/** The firm search (spec 2 section 5): asks the server once 3 characters are typed; choosing sets the firm. */
function FirmSearch({
  value,
  error,
  onChange,
}: {
  value: ImportFormValues['firm'];
  error: string | undefined;
  onChange: (firm: ImportFormValues['firm']) => void;
}) {
  const [text, setText] = useState(value?.sName ?? '');
  const [debounced] = useDebouncedValue(text.trim(), 250);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const long = debounced.length >= adminUsersConstants.firmSearchMin;
  // No search for the chosen firm's own name (it is already the answer).
  const search = useFirmSearch(debounced, long && debounced !== value?.sName);
  const firms: FirmSummary[] = search.data ?? [];

  return (
    <Combobox
      store={combobox}
      withinPortal
      onOptionSubmit={(id) => {
        const firm = firms.find((f) => String(f.id) === id);
        if (firm) {
          onChange({ id: firm.id, sName: firm.sName });
          setText(firm.sName);
        }
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          label={m.import.firm}
          description={m.import.firmHint}
          withAsterisk
          value={text}
          error={error}
          autoComplete="off"
          rightSection={
            search.isFetching ? (
              <Loader size="xs" role="progressbar" aria-label={m.screen.searchingFirms} />
            ) : null
          }
          onChange={(event) => {
            setText(event.currentTarget.value);
            // Typing again means choosing again: the firm is set only by picking an option.
            if (value) onChange(null);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!long || (search.data === undefined && !search.isError) || value !== null}>
        <Combobox.Options>
          {firms.length === 0 ? (
            <Combobox.Empty>
              {search.isError ? failureOf(search.error).text : m.import.noFirms}
            </Combobox.Empty>
          ) : (
            firms.map((firm) => (
              <Combobox.Option value={String(firm.id)} key={firm.id}>
                {firm.sName}
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

/** Import to the external system (spec 2 section 5): names prefilled from the user, the firm searched. */
export function ImportDialog({
  user,
  onClose,
  onImported,
}: {
  user: WebsiteUserRow | null;
  onClose: () => void;
  onImported: () => void;
}) {
  return (
    <Modal opened={user !== null} onClose={onClose} title={m.import.title} centered size="lg">
      {/* Keyed by the user, so each opening starts from that user's values. */}
      {user && <ImportForm key={user.iTempUser_ID} user={user} onClose={onClose} onImported={onImported} />}
    </Modal>
  );
}

function ImportForm({
  user,
  onClose,
  onImported,
}: {
  user: WebsiteUserRow;
  onClose: () => void;
  onImported: () => void;
}) {
  const [values, setValues] = useState<ImportFormValues>(() => initialImportValues(user));
  const [errors, setErrors] = useState<ImportFormErrors>({});
  const [result, setResult] = useState<FeedbackValue | null>(null);
  const [sending, setSending] = useState(false);
  const done = result?.ok === true;

  const submit = async () => {
    const checked = validateImport(values, user.sEmail);
    setResult(null);
    if (!checked.ok) {
      setErrors(checked.errors);
      if (checked.errors.form) setResult({ ok: false, text: checked.errors.form });
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const reply = await userActions.importToSpyder(user.iTempUser_ID, checked.body);
      setResult({ ok: true, text: reply.message });
      onImported();
    } catch (error) {
      setResult(failureOf(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <p className={classes.wrap}>{user.sEmail}</p>
        <TextInput
          label={m.import.firstName}
          withAsterisk
          value={values.firstName}
          error={errors.firstName}
          disabled={done}
          onChange={(event) => {
            // Read now: the updater runs after the event, when currentTarget is gone.
            const firstName = keepNameCharacters(event.currentTarget.value);
            setValues((v) => ({ ...v, firstName }));
          }}
        />
        <TextInput
          label={m.import.familyName}
          withAsterisk
          value={values.familyName}
          error={errors.familyName}
          disabled={done}
          onChange={(event) => {
            // Read now: the updater runs after the event, when currentTarget is gone.
            const familyName = keepNameCharacters(event.currentTarget.value);
            setValues((v) => ({ ...v, familyName }));
          }}
        />
        {!done && (
          <FirmSearch
            value={values.firm}
            error={errors.firm}
            onChange={(firm) => setValues((v) => ({ ...v, firm }))}
          />
        )}
        <Feedback value={result} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {done ? m.screen.close : m.import.cancel}
          </Button>
          {!done && (
            <Button type="submit" loading={sending}>
              {m.import.submit}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
