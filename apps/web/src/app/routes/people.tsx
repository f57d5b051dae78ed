import { messagesResearch } from '@portal/contract';
import { useId, useState } from 'react';
import { HeaderImage } from '../../components/header-image.tsx';
import { EmptyState, ErrorState } from '../../components/status.tsx';
import { useOurPeople } from '../../features/research/api/research-queries.ts';
import classes from '../../features/research/components/pages.module.css';
import { PersonCard, PersonCardPlaceholder } from '../../features/research/components/person-card.tsx';
import { cardLimits } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

const all = 'All';

interface TabListProps {
  label: string;
  items: readonly string[];
  value: string;
  onChange: (value: string) => void;
  idBase: string;
  className: string;
  tabClass: string;
}

/** A row of tabs with roving focus (arrow keys, Home, End), all controlling one panel. */
function TabList({ label, items, value, onChange, idBase, className, tabClass }: TabListProps) {
  const focus = (index: number) => {
    const next = items[index];
    if (next === undefined) return;
    onChange(next);
    document.getElementById(`${idBase}-${index}`)?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={className}>
      {items.map((item, index) => (
        <button
          key={item}
          id={`${idBase}-${index}`}
          type="button"
          role="tab"
          aria-selected={item === value}
          aria-controls={`${idBase}-panel`}
          tabIndex={item === value ? 0 : -1}
          className={tabClass}
          onClick={() => onChange(item)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowRight') focus((index + 1) % items.length);
            else if (event.key === 'ArrowLeft') focus((index - 1 + items.length) % items.length);
            else if (event.key === 'Home') focus(0);
            else if (event.key === 'End') focus(items.length - 1);
          }}
        >
          {item}
        </button>
      ))}
    </div>
  );
}

/** /people (Our People): category tabs by job category, sector sub-tabs with All (spec 1 section 2.6). */
export default function PeopleRoute() {
  usePageTitle('Our People');
  const people = useOurPeople();
  const [category, setCategory] = useState<string | null>(null);
  const [sector, setSector] = useState(all);
  const id = useId();

  const categories = people.data?.categories.length
    ? people.data.categories
    : [...new Set(people.data?.data.map((p) => p.sJobCat).filter(Boolean) ?? [])];
  const current = category && categories.includes(category) ? category : (categories[0] ?? '');
  const inCategory = people.data?.data.filter((p) => p.sJobCat === current) ?? [];
  const sectors = [all, ...new Set(inCategory.flatMap((p) => p.sectors.map((s) => s.sName)))];
  const currentSector = sectors.includes(sector) ? sector : all;
  const shown =
    currentSector === all
      ? inCategory
      : inCategory.filter((p) => p.sectors.some((s) => s.sName === currentSector));

  return (
    <div className={classes.page}>
      <HeaderImage pageKey="people" />
      <header className={classes.header}>
        <p className={classes.eyebrow}>Team</p>
        <h1 className={classes.title}>Our People</h1>
      </header>
      {people.isPending ? (
        <ul className={classes.team} aria-busy="true" aria-label="Loading our people">
          {Array.from({ length: cardLimits.skeletons }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <li key={i}>
              <PersonCardPlaceholder />
            </li>
          ))}
        </ul>
      ) : people.isError ? (
        <ErrorState message={people.error.message} onRetry={() => void people.refetch()} />
      ) : categories.length === 0 ? (
        <EmptyState>{messagesResearch.noPeople}</EmptyState>
      ) : (
        <div>
          <TabList
            label="Job category"
            items={categories}
            value={current}
            onChange={(value) => {
              setCategory(value);
              setSector(all);
            }}
            idBase={`${id}-cat`}
            className={classes.tabs ?? ''}
            tabClass={classes.tab as string}
          />
          <div
            id={`${id}-cat-panel`}
            role="tabpanel"
            aria-labelledby={`${id}-cat-${categories.indexOf(current)}`}
          >
            {sectors.length > 2 && (
              <TabList
                label="Sector"
                items={sectors}
                value={currentSector}
                onChange={setSector}
                idBase={`${id}-sec`}
                className={classes.subTabs ?? ''}
                tabClass={classes.chip as string}
              />
            )}
            <div
              id={`${id}-sec-panel`}
              {...(sectors.length > 2
                ? { role: 'tabpanel', 'aria-labelledby': `${id}-sec-${sectors.indexOf(currentSector)}` }
                : {})}
            >
              {shown.length === 0 ? (
                <EmptyState>{messagesResearch.noPeople}</EmptyState>
              ) : (
                <ul className={classes.team}>
                  {shown.map((person) => (
                    <li key={person.id}>
                      <PersonCard person={person} descriptionLimit={cardLimits.people} />
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
