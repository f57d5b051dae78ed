import type { ReactNode } from 'react';
import classes from './content.module.css';

interface PageHeaderProps {
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  meta?: ReactNode;
  /** id of the h1, for landmarks labelled by it */
  titleId?: string;
}

/** The top of a content page: a small label, the page's one h1, and an optional lead or revision line. */
export function PageHeader({ eyebrow, title, lead, meta, titleId }: PageHeaderProps) {
  return (
    <header className={classes.header}>
      {eyebrow && <p className={classes.eyebrow}>{eyebrow}</p>}
      <h1 id={titleId} className={classes.title}>
        {title}
      </h1>
      <hr className={classes.rule} />
      {lead && <p className={classes.lead}>{lead}</p>}
      {meta && <p className={classes.meta}>{meta}</p>}
    </header>
  );
}
