import { Tooltip } from '@mantine/core';
import { subscriptionMessages } from '@portal/contract';
import { IconCheck } from '@tabler/icons-react';
import { type CSSProperties, useId } from 'react';
import type { ChipCategory, ChipColors, ChipLook } from '../lib/chip-state.ts';
import classes from './preferences-page.module.css';

const text = subscriptionMessages.preferences;

// 16 px with a 2.2 px line: tabler draws on a 24-unit grid, so the stroke is given in those units (3.3).
function CheckIcon({ className }: { className?: string }) {
  return <IconCheck className={className} size={16} stroke={3.3} aria-hidden="true" />;
}

interface ChipProps {
  name: string;
  look: ChipLook;
  description: string | undefined;
  colors: ChipColors;
  onToggle: () => void;
}

/**
 * One product or sector as a toggle button (aria-pressed): outlined when available, filled when selected or
 * requested, in the item's colour with a check when subscribed. The description shows on hover and on keyboard
 * focus (Mantine Tooltip) and is the button's accessible description for screen readers.
 */
function Chip({ name, look, description, colors, onToggle }: ChipProps) {
  const descriptionId = useId();
  const label = description ?? text.noDescription;
  const style =
    look === 'subscribed'
      ? ({ '--chip-bg': colors.background, '--chip-fg': colors.text } as CSSProperties)
      : undefined;
  return (
    <Tooltip label={label} events={{ hover: true, focus: true, touch: true }} multiline maw={320} withArrow>
      <button
        type="button"
        className={classes.chip}
        data-look={look}
        aria-pressed={look !== 'available'}
        aria-describedby={descriptionId}
        onClick={onToggle}
        style={style}
      >
        {look === 'subscribed' && <CheckIcon className={classes.chipIcon} />}
        <span>{name}</span>
        {look === 'subscribed' && <span className={classes.visuallyHidden}>({text.legendSubscribed})</span>}
        <span id={descriptionId} hidden>
          {label}
        </span>
      </button>
    </Tooltip>
  );
}

interface CategoryProps {
  category: ChipCategory;
  lookOf: (id: number) => ChipLook;
  descriptionOf: (id: number) => string | undefined;
  colorsOf: (id: number) => ChipColors;
  onToggle: (id: number) => void;
}

export function PreferencesCategory({ category, lookOf, descriptionOf, colorsOf, onToggle }: CategoryProps) {
  const headingId = useId();
  return (
    <section className={classes.category} aria-labelledby={category.label ? headingId : undefined}>
      {category.label && (
        <h2 id={headingId} className={classes.categoryTitle}>
          {category.label}
        </h2>
      )}
      <ul className={classes.chips}>
        {category.items.map((item) => (
          <li key={item.id}>
            <Chip
              name={item.name}
              look={lookOf(item.id)}
              description={descriptionOf(item.id)}
              colors={colorsOf(item.id)}
              onToggle={() => onToggle(item.id)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The three looks, explained once above the chips. The subscribed look is shown in the colours the subscribed chips
 * wear (each product's configured colour, spec 3 section 2), one swatch per colour, so the legend never promises
 * one colour while the chips show five (issue 21).
 */
export function PreferencesLegend({ subscribedColors }: { subscribedColors: readonly ChipColors[] }) {
  return (
    <ul className={classes.legend}>
      <li className={classes.legendItem} data-legend="subscribed">
        <span className={classes.swatches} aria-hidden="true">
          {subscribedColors.map((colors) => (
            <span
              key={colors.background}
              className={`${classes.swatch} ${classes.swatchSubscribed}`}
              data-swatch-color={colors.background}
              style={{ '--chip-bg': colors.background, '--chip-fg': colors.text } as CSSProperties}
            >
              <CheckIcon />
            </span>
          ))}
        </span>
        {subscribedColors.length > 1 ? text.legendSubscribedColours : text.legendSubscribed}
      </li>
      <li className={classes.legendItem}>
        <span className={`${classes.swatch} ${classes.swatchSelected}`} aria-hidden="true" />
        {text.legendSelected}
      </li>
      <li className={classes.legendItem}>
        <span className={classes.swatch} aria-hidden="true" />
        {text.legendAvailable}
      </li>
    </ul>
  );
}
