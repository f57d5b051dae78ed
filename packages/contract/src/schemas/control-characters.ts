/**
 * Whether the text holds a control character (C0, DEL or C1): a NUL cannot even be stored in PostgreSQL, and
 * none belongs in a field a person types, a mail or a page. `multiline` text keeps tab, CR and LF. A loop, not a
 * regex: Biome refuses control characters in regexes.
 *
 * The one rule behind the contract's text fields (fields.ts). It lives in a module without zod because the login
 * screen's zod-free validator calls it too: importing it from fields.ts would pull zod into the login route's
 * initial JS (149 KB of a 150 KB budget became 175 KB).
 */
export const hasControlCharacters = (value: string, multiline = false) => {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 32 && (code < 127 || code > 159)) continue;
    if (multiline && (code === 9 || code === 10 || code === 13)) continue;
    return true;
  }
  return false;
};
