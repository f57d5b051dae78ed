// Mantine's picker styles only here: the publishing screens are lazy, so none of this reaches the login route.
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/dates/styles.css';
import { Checkbox, Group, MultiSelect, Radio, TagsInput, Textarea, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { messagesPublishing as m, type PublishingOptions, publishingConstants } from '@portal/contract';
import { useMemo } from 'react';
import type { FormValues } from '../lib/publish-form.ts';
import classes from './publishing.module.css';

const f = m.fields;

export interface FieldsForm {
  values: FormValues;
  setField: <K extends keyof FormValues & string>(name: K, value: FormValues[K]) => void;
  touchField: (name: keyof FormValues & string) => void;
  errorOf: (name: keyof FormValues & string) => string | undefined;
}

/**
 * The report's details, shared by the publish and edit screens: title, summary, the four pickers (in the order
 * chosen: the first sector is the primary one, the first analyst the lead author), hashtags, free access and,
 * when `withTime`, the publish time.
 */
export function ReportFields({
  form,
  options,
  withTime,
  disabled,
}: {
  form: FieldsForm;
  options: PublishingOptions;
  withTime: boolean;
  disabled?: boolean;
}) {
  const { values, setField, touchField, errorOf } = form;
  const data = useMemo(
    () => ({
      analysts: options.analysts.map((a) => ({ value: String(a.id), label: a.name })),
      sectors: options.sectors.map((s) => ({ value: String(s.id), label: s.name })),
      companies: options.companies.map((c) => ({
        value: String(c.id),
        label: c.code ? `${c.name} (${c.code})` : c.name,
      })),
      countries: options.countries.map((c) => ({ value: String(c.id), label: c.name })),
    }),
    [options],
  );
  const picker = (
    name: 'analystIds' | 'sectorIds' | 'companyIds' | 'countryIds',
    label: string,
    list: { value: string; label: string }[],
    max: number,
    description?: string,
  ) => (
    <div data-field={name}>
      <MultiSelect
        label={label}
        description={description}
        data={list}
        value={values[name]}
        onChange={(next) => setField(name, next)}
        onBlur={() => touchField(name)}
        error={errorOf(name)}
        searchable
        clearable
        clearButtonProps={{ 'aria-label': m.clearField(label) }}
        limit={100}
        maxValues={max}
        hidePickedOptions
        nothingFoundMessage="—"
        disabled={disabled}
        required={name === 'analystIds' || name === 'sectorIds'}
        comboboxProps={{ withinPortal: true }}
      />
    </div>
  );
  return (
    <>
      <TextInput
        name="title"
        label={f.title}
        value={values.title}
        onChange={(event) => setField('title', event.currentTarget.value)}
        onBlur={() => touchField('title')}
        error={errorOf('title')}
        maxLength={publishingConstants.titleMax}
        required
        disabled={disabled}
      />
      <Textarea
        name="description"
        label={f.description}
        value={values.description}
        onChange={(event) => setField('description', event.currentTarget.value)}
        onBlur={() => touchField('description')}
        error={errorOf('description')}
        autosize
        minRows={3}
        maxRows={10}
        maxLength={publishingConstants.descriptionMax}
        disabled={disabled}
      />
      <div className={classes.pair}>
        {picker('sectorIds', f.sectors, data.sectors, publishingConstants.sectorsMax, f.sectorsDescription)}
        {picker(
          'analystIds',
          f.analysts,
          data.analysts,
          publishingConstants.analystsMax,
          f.analystsDescription,
        )}
      </div>
      <div className={classes.pair}>
        {picker('companyIds', f.companies, data.companies, publishingConstants.companiesMax)}
        {picker('countryIds', f.countries, data.countries, publishingConstants.countriesMax)}
      </div>
      <div data-field="hashtags">
        <TagsInput
          label={f.hashtags}
          description={f.hashtagsDescription}
          value={values.hashtags}
          onChange={(next) => setField('hashtags', next)}
          onBlur={() => touchField('hashtags')}
          error={errorOf('hashtags')}
          maxTags={publishingConstants.hashtagsMax}
          splitChars={[',', ' ']}
          clearable
          clearButtonProps={{ 'aria-label': m.clearField(f.hashtags) }}
          disabled={disabled}
        />
      </div>
      <Checkbox
        name="freeAccess"
        label={f.freeAccess}
        checked={values.freeAccess}
        onChange={(event) => setField('freeAccess', event.currentTarget.checked)}
        disabled={disabled}
      />
      {withTime && (
        <div className={classes.when} data-field="when">
          <Radio.Group
            label={f.when}
            value={values.when}
            onChange={(next) => setField('when', next === 'later' ? 'later' : 'now')}
          >
            <Group mt={6} gap="lg">
              <Radio value="now" label={f.now} disabled={disabled} />
              <Radio value="later" label={f.later} disabled={disabled} />
            </Group>
          </Radio.Group>
          {values.when === 'later' && (
            <div data-field="publishAt" className={classes.time}>
              <DateTimePicker
                label={f.publishAt}
                description={f.publishAtDescription}
                value={values.publishAt}
                onChange={(next) => setField('publishAt', next)}
                error={errorOf('publishAt')}
                minDate={new Date()}
                valueFormat="D MMM YYYY, HH:mm"
                required
                clearable
                clearButtonProps={{ 'aria-label': m.clearField(f.publishAt) }}
                disabled={disabled}
                popoverProps={{ withinPortal: true }}
              />
            </div>
          )}
        </div>
      )}
    </>
  );
}
