import { type FirmDetails, splitPlaceholders } from '@portal/contract';
import { Fragment } from 'react';
import { telHref } from '../lib/firm-details.ts';
import { EmailLink } from './email-link.tsx';

/** A static text with its {firm}/{email}/{phone}/{address} filled in; the e-mail and phone become links. */
export function PlaceholderText({ text, firm }: { text: string; firm: FirmDetails }) {
  return (
    <>
      {splitPlaceholders(text).map((part, i) => {
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text never move
        if (part.kind === 'text') return <Fragment key={i}>{part.value}</Fragment>;
        if (part.name === 'email')
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <EmailLink key={i} email={firm.email} />
          );
        if (part.name === 'phone')
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <a key={i} href={telHref(firm.phone)}>
              {firm.phone}
            </a>
          );
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        return <Fragment key={i}>{firm[part.name]}</Fragment>;
      })}
    </>
  );
}
