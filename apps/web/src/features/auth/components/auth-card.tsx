import { Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './auth-card.module.css';

interface AuthCardProps {
  title: string;
  intro?: ReactNode;
  wide?: boolean;
  children?: ReactNode;
  footer?: ReactNode;
}

/** The calm, centred panel every account screen sits in; its title is the page's only h1. */
export function AuthCard({ title, intro, wide, children, footer }: AuthCardProps) {
  return (
    <section className={classes.wrap} data-wide={wide || undefined}>
      <div className={classes.card}>
        <Title order={1} className={classes.title}>
          {title}
        </Title>
        {intro && <div className={classes.intro}>{intro}</div>}
        {children}
      </div>
      {footer && <div className={classes.footer}>{footer}</div>}
    </section>
  );
}
