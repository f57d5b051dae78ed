import { type FirmDetails, fillPlaceholders, type LegalBlock, type LegalSection } from '@portal/contract';
import { useId } from 'react';
import classes from './content.module.css';
import { PlaceholderText } from './placeholder-text.tsx';

export function StaticBlocks({ blocks, firm }: { blocks: readonly LegalBlock[]; firm: FirmDetails }) {
  return (
    <>
      {blocks.map((block) =>
        typeof block === 'string' ? (
          <p key={block}>
            <PlaceholderText text={block} firm={firm} />
          </p>
        ) : (
          <ul key={block.join('\n')}>
            {block.map((item) => (
              <li key={item}>
                <PlaceholderText text={item} firm={firm} />
              </li>
            ))}
          </ul>
        ),
      )}
    </>
  );
}

interface StaticDocumentProps {
  intro?: readonly LegalBlock[];
  sections: readonly LegalSection[];
  firm: FirmDetails;
  /** the index beside the text ("On this page"); omitted for short pages */
  withIndex?: boolean;
}

/** A static page's sections, each an h2 with an anchor, with an optional index of sections beside them. */
export function StaticDocument({ intro, sections, firm, withIndex = true }: StaticDocumentProps) {
  const indexTitle = useId();
  const article = (
    <div className={classes.prose}>
      {intro && intro.length > 0 && (
        <div className={classes.section}>
          <StaticBlocks blocks={intro} firm={firm} />
        </div>
      )}
      {sections.map((section) => (
        <section key={section.id} className={classes.section} aria-labelledby={section.id}>
          <h2 id={section.id}>{fillPlaceholders(section.heading, firm)}</h2>
          <StaticBlocks blocks={section.blocks} firm={firm} />
        </section>
      ))}
    </div>
  );
  if (!withIndex) return article;
  return (
    <div className={classes.withIndex}>
      <nav className={classes.index} aria-labelledby={indexTitle}>
        <h2 id={indexTitle} className={classes.indexTitle}>
          On this page
        </h2>
        <ul className={classes.indexList}>
          {sections.map((section) => (
            <li key={section.id}>
              <a className={classes.indexLink} href={`#${section.id}`}>
                {fillPlaceholders(section.heading, firm)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {article}
    </div>
  );
}
