import { ActionIcon, Button, Group, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { blogLimits, messagesBlogs } from '@portal/contract';
import { useEffect, useState } from 'react';
import { useAssociatedResearch, useReportSuggestions } from '../api/blog-admin-api.ts';
import { addReport, type ChosenReport, removeReport, shiftReport } from '../lib/research-list.ts';
import classes from './blog-admin.module.css';

const m = messagesBlogs.admin.editor;

/**
 * A post's associated research: reports found by title (GET /reports/suggestions), a list of up to 10 in the
 * order chosen, each removable and movable, saved whole by the caller.
 */
export function AssociatedResearch({
  postId,
  busy,
  onSave,
}: {
  postId: number;
  busy: boolean;
  onSave: (list: ChosenReport[]) => void;
}) {
  const saved = useAssociatedResearch(postId);
  const [chosen, setChosen] = useState<ChosenReport[]>([]);
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 300);
  const suggestions = useReportSuggestions(debounced);

  // Each (re)load of the saved list replaces what is shown (after a save and its reload).
  useEffect(() => {
    if (saved.data) setChosen(saved.data.map((item) => ({ id: item.id, title: item.title })));
  }, [saved.data]);

  const full = chosen.length >= blogLimits.associatedResearchMax;
  const results = (suggestions.data ?? []).filter((report) => !chosen.some((item) => item.id === report.id));

  return (
    <section className={classes.section} aria-labelledby="associated-research-title">
      <h2 id="associated-research-title" className={classes.sectionTitle}>
        {m.research}
      </h2>
      <TextInput
        type="search"
        label={m.researchSearch}
        value={q}
        maxLength={200}
        disabled={full}
        description={full ? m.researchFull : undefined}
        onChange={(event) => setQ(event.currentTarget.value)}
      />
      {debounced.trim().length >= 2 && !full && (
        <div aria-live="polite">
          {suggestions.isSuccess && results.length === 0 ? (
            <Text size="sm" className={classes.muted}>
              {m.researchNoMatch}
            </Text>
          ) : (
            <ul className={classes.researchList}>
              {results.slice(0, 8).map((report) => (
                <li key={report.id} className={classes.researchItem}>
                  <span>{report.title}</span>
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={m.addReport(report.title)}
                    onClick={() => setChosen((list) => addReport(list, report))}
                  >
                    +
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <h3 className={classes.label} style={{ margin: 0 }}>
        {m.chosenReports}
      </h3>
      {chosen.length === 0 ? (
        <Text size="sm" className={classes.muted}>
          {m.noReports}
        </Text>
      ) : (
        <ol className={classes.researchList}>
          {chosen.map((report, index) => (
            <li key={report.id} className={classes.researchItem}>
              <span>{report.title}</span>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={m.moveUp(report.title)}
                  disabled={index === 0}
                  onClick={() => setChosen((list) => shiftReport(list, index, -1))}
                >
                  <span aria-hidden="true">↑</span>
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={m.moveDown(report.title)}
                  disabled={index === chosen.length - 1}
                  onClick={() => setChosen((list) => shiftReport(list, index, 1))}
                >
                  <span aria-hidden="true">↓</span>
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  color="red.9"
                  size="lg"
                  aria-label={m.removeReport(report.title)}
                  onClick={() => setChosen((list) => removeReport(list, report.id))}
                >
                  <span aria-hidden="true">×</span>
                </ActionIcon>
              </Group>
            </li>
          ))}
        </ol>
      )}
      <Group>
        <Button variant="outline" loading={busy} onClick={() => onSave(chosen)}>
          {m.researchSave}
        </Button>
      </Group>
    </section>
  );
}
