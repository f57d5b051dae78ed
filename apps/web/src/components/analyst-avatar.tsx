import { useState } from 'react';
import { cardLimits, imageUrl, initialsOf } from '../lib/format.ts';
import classes from './analyst-avatar.module.css';

/** 60 px analyst photo, or the initials when there is none (spec 1 section 9). */
export function AnalystAvatar({
  name,
  imagePath,
  size = cardLimits.avatar,
}: {
  name: string;
  imagePath: string | null;
  size?: number;
}) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.36) };
  const [failed, setFailed] = useState(false);
  const src = imageUrl(imagePath);
  return src && !failed ? (
    <img
      className={classes.avatar}
      src={src}
      onError={() => setFailed(true)}
      alt=""
      width={size}
      height={size}
      style={style}
      loading="lazy"
    />
  ) : (
    <span className={classes.avatar} style={style} aria-hidden="true">
      {initialsOf(name) || '?'}
    </span>
  );
}
