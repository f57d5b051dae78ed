import { z } from 'zod';
import { type SocialNetwork, socialNetworks } from '../social.ts';
import { textField } from './fields.ts';

const socialNetworkNames = Object.keys(socialNetworks) as [SocialNetwork, ...SocialNetwork[]];

/** Every refused or failed call answers with this shape. */
export const errorReply = z.object({
  success: z.literal(false),
  message: z.string(),
  /** field name -> first message, for validation failures */
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorReply = z.infer<typeof errorReply>;

export const messageReply = z.object({ success: z.boolean(), message: z.string() });
export type MessageReply = z.infer<typeof messageReply>;

export const healthReply = z.object({ status: z.literal('ok'), database: z.literal('ok') });

/** GET /getParameter/{name} for allow-listed public parameters. */
export const parameterReply = z.object({ name: z.string(), value: z.string() });
export type ParameterReply = z.infer<typeof parameterReply>;

/** How many names one GET /getParameter/{a,b,c} may ask for. */
export const parameterListMaxNames = 20;

/**
 * GET /getParameter/{name}: one name, or a comma list of names (spec 1 section 7, spec 3 section 9: "several
 * names may be requested as a comma list"). `list` tells the forms apart: a list answers `{ data }` even when it
 * names one parameter ('a,'). Each name is 1 to 100 characters without control characters.
 */
export const parameterParams = z.object({
  name: textField()
    .max(2000)
    .transform((value, ctx) => {
      const names = value
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean);
      if (names.length === 0 || names.length > parameterListMaxNames || names.some((n) => n.length > 100)) {
        ctx.addIssue({ code: 'custom', message: 'Not a parameter name or list of names' });
        return z.NEVER;
      }
      return { names: [...new Set(names)], list: value.includes(',') };
    }),
});

/** A comma list: the public parameters among the names that exist, in the asked order (the others left out). */
export const parameterListReply = z.object({ data: z.array(parameterReply) });
export type ParameterListReply = z.infer<typeof parameterListReply>;

/** Runtime configuration served as /config.js (window.__PORTAL_CONFIG__). */
export const runtimeConfig = z.object({
  apiBase: z.string(),
  firm: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
    /** Shown in the footer (FIRM_OFFICES). */
    offices: z.array(z.string()),
    /** `#rrggbb` (FIRM_COLOR, FIRM_ACCENT_COLOR): the web theme's palette is built from them. */
    colors: z.object({ primary: z.string(), accent: z.string() }),
    /** `/api/media/brand/...` (FIRM_LOGO), or null for the initial in a box. */
    logoUrl: z.string().nullable(),
    /** The header's social icons (FIRM_SOCIAL; see social.ts), in the configured order. */
    social: z.array(z.object({ network: z.enum(socialNetworkNames), url: z.string() })),
  }),
});
export type RuntimeConfig = z.infer<typeof runtimeConfig>;

/** Flattens zod issues to field -> first message. */
export const firstErrors = (issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>) => {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    out[key] ??= issue.message;
  }
  return out;
};
