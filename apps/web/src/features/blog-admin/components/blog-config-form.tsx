import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { Button, Group, MultiSelect, Select, TagsInput, TextInput } from '@mantine/core';
import {
  type BlogAccessType,
  type BlogConfigBody,
  type BlogInfo,
  blogAccessTypes,
  blogLimits,
  messagesBlogs,
} from '@portal/contract';
import { useId, useState } from 'react';
import { type FeedbackValue, failureOf } from '../../../components/action-feedback.tsx';
import { hasText } from '../../../components/rich-text/editor-text.ts';
import { useRichTextEditor } from '../../../components/rich-text/use-rich-text-editor.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useAnalysts, useSectors } from '../api/blog-admin-api.ts';
import classes from './blog-admin.module.css';
import { BlogRichText } from './blog-rich-text.tsx';

const m = messagesBlogs.admin.settings;
const v = messagesBlogs.validation;

interface Values {
  topic: string;
  subtitle: string;
  region: string;
  blogType: string;
  authorId: string | null;
  authorName: string;
  authorEmail: string;
  accessType: BlogAccessType;
  selectedSectors: string[];
  keyword: string[];
}

const valuesOf = (blog: BlogInfo): Values => ({
  topic: blog.topic,
  subtitle: blog.subtitle,
  region: blog.region ?? '',
  blogType: blog.blogType ?? '',
  authorId: blog.author?.id ? String(blog.author.id) : null,
  authorName: blog.author?.name ?? '',
  authorEmail: blog.author?.email ?? '',
  accessType: blog.accessType,
  selectedSectors: blog.selectedSectors.map(String),
  keyword: blog.keyword,
});

/** The fields the browser can check before sending (the server checks them all again). */
const checkValues = (values: Values): Record<string, string> => {
  const errors: Record<string, string> = {};
  if (!values.topic.trim()) errors.topic = v.nameRequired;
  if (!values.subtitle.trim()) errors.subtitle = v.subtitleRequired;
  if (values.accessType === 'pi' && values.selectedSectors.length === 0)
    errors.selectedSectors = v.subscriberNeedsSectors;
  return errors;
};

/**
 * The selected blog's settings (spec 2 section 5): name and sub-title required, region, type, the disclaimer in
 * the rich text editor (stored as HTML), the author (one of Our People or free text), the access type, the
 * sectors a Subscriber Access blog needs, and keywords. Mounted once per blog (keyed by the caller).
 */
export function BlogConfigForm({
  blog,
  onSave,
}: {
  blog: BlogInfo;
  onSave: (body: BlogConfigBody) => Promise<void>;
}) {
  const [values, setValues] = useState<Values>(() => valuesOf(blog));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<FeedbackValue | null>(null);
  const [busy, setBusy] = useState(false);
  const disclaimerId = useId();
  const disclaimer = useRichTextEditor(m.disclaimer, blog.footerHTML);
  const aboutId = useId();
  // The author's note is HTML too (the post page shows it under the name): the same editor, not raw markup.
  const about = useRichTextEditor(m.authorExtra, blog.author?.extraHTML ?? null);
  const analysts = useAnalysts();
  const sectors = useSectors();

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      const { [field]: _dropped, ...rest } = current;
      return rest;
    });
  };

  const pickAnalyst = (id: string | null) => {
    const analyst = analysts.data?.find((item) => String(item.id) === id);
    setValues((current) => ({
      ...current,
      authorId: id,
      authorName: analyst ? analyst.name : current.authorName,
      authorEmail: analyst ? analyst.email : current.authorEmail,
    }));
  };

  const submit = async () => {
    setFailure(null);
    const found = checkValues(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const editor = disclaimer.editor;
    const withAuthor = values.authorId !== null || values.authorName.trim() !== '';
    const body: BlogConfigBody = {
      key: blog.key,
      topic: values.topic,
      subtitle: values.subtitle,
      region: values.region || null,
      blogType: values.blogType || null,
      footerHTML: editor && hasText(editor.getJSON()) ? editor.getHTML() : null,
      author: withAuthor
        ? {
            id: values.authorId ? Number(values.authorId) : null,
            name: values.authorName,
            email: values.authorEmail,
            extraHTML: about.editor && hasText(about.editor.getJSON()) ? about.editor.getHTML() : '',
          }
        : null,
      accessType: values.accessType,
      selectedSectors: values.selectedSectors.map(Number),
      keyword: values.keyword,
    };
    setBusy(true);
    try {
      await onSave(body);
      disclaimer.setDirty(false);
    } catch (error) {
      // Field errors show on their fields; what is typed stays.
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) setErrors(error.errors);
      setFailure(failureOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className={classes.stack}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className={classes.formGrid}>
        <TextInput
          label={m.name}
          required
          value={values.topic}
          maxLength={blogLimits.blogNameMax}
          error={errors.topic}
          onChange={(event) => set('topic', event.currentTarget.value)}
        />
        <TextInput
          label={m.subtitle}
          required
          value={values.subtitle}
          maxLength={blogLimits.subtitleMax}
          error={errors.subtitle}
          onChange={(event) => set('subtitle', event.currentTarget.value)}
        />
        <TextInput
          label={m.region}
          value={values.region}
          maxLength={blogLimits.regionMax}
          error={errors.region}
          onChange={(event) => set('region', event.currentTarget.value)}
        />
        <TextInput
          label={m.type}
          value={values.blogType}
          maxLength={blogLimits.blogTypeMax}
          error={errors.blogType}
          onChange={(event) => set('blogType', event.currentTarget.value)}
        />
      </div>
      <div className={classes.field}>
        <span id={disclaimerId} className={classes.label}>
          {m.disclaimer}
        </span>
        <BlogRichText
          editor={disclaimer.editor}
          labelId={disclaimerId}
          invalid={Boolean(errors.footerHTML)}
        />
        {errors.footerHTML && <p className={classes.error}>{errors.footerHTML}</p>}
      </div>
      <fieldset className={classes.fieldset}>
        <legend className={classes.sectionTitle}>{m.author}</legend>
        <div className={classes.formGrid}>
          <Select
            label={m.authorAnalyst}
            description={m.authorAnalystHint}
            searchable
            clearable
            value={values.authorId}
            onChange={pickAnalyst}
            data={(analysts.data ?? []).map((analyst) => ({
              value: String(analyst.id),
              label: analyst.name,
            }))}
          />
          <TextInput
            label={m.authorName}
            value={values.authorName}
            maxLength={100}
            error={errors.author}
            onChange={(event) => set('authorName', event.currentTarget.value)}
          />
          <TextInput
            label={m.authorEmail}
            type="email"
            value={values.authorEmail}
            maxLength={250}
            onChange={(event) => set('authorEmail', event.currentTarget.value)}
          />
        </div>
        <div className={classes.field}>
          <span id={aboutId} className={classes.label}>
            {m.authorExtra}
          </span>
          <BlogRichText editor={about.editor} labelId={aboutId} invalid={Boolean(errors.author)} />
        </div>
      </fieldset>
      <div className={classes.formGrid}>
        <Select
          label={m.accessType}
          description={m.accessTypeHint}
          allowDeselect={false}
          value={values.accessType}
          error={errors.accessType}
          onChange={(value) => {
            if (value) set('accessType', value as BlogAccessType);
          }}
          data={blogAccessTypes.map((type) => ({ value: type, label: messagesBlogs.accessTypes[type] }))}
        />
        <MultiSelect
          label={m.sectors}
          searchable
          required={values.accessType === 'pi'}
          value={values.selectedSectors}
          error={errors.selectedSectors}
          maxValues={blogLimits.selectedSectorsMax}
          onChange={(value) => set('selectedSectors', value)}
          data={(sectors.data ?? []).map((sector) => ({ value: String(sector.id), label: sector.sName }))}
        />
      </div>
      <TagsInput
        label={m.keywords}
        description={m.addKeyword}
        value={values.keyword}
        error={errors.keyword}
        maxTags={blogLimits.keywordsMax}
        onChange={(value) =>
          set(
            'keyword',
            value.map((word) => word.slice(0, blogLimits.keywordMax)),
          )
        }
      />
      <div role="alert">{failure && <p className={classes.error}>{failure.text}</p>}</div>
      <Group>
        <Button type="submit" loading={busy}>
          {m.save}
        </Button>
      </Group>
    </form>
  );
}
