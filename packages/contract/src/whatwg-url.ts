/**
 * The WHATWG URL class of every runtime the contract runs in (browsers, Node). The contract compiles without DOM or
 * Node types, so the little of it the contract uses is declared here, once.
 */
export interface ParsedUrl {
  href: string;
  origin: string;
  protocol: string;
  username: string;
  password: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  hash: string;
}

declare const URL: new (input: string, base?: string) => ParsedUrl;

/** Parses `input` (against `base`); null where it is no URL. */
export const parseUrl = (input: string, base?: string): ParsedUrl | null => {
  try {
    return new URL(input, base);
  } catch {
    return null;
  }
};
