import { type FirmSummary, type ImportUserBody, importUserBody, type WebsiteUserRow } from '@portal/contract';

/**
 * The import dialog's rules (spec 2 section 5): first name, family name and firm are required, each with the
 * spec's message; the e-mail is the user's own (the server checks it against the stored user again).
 */
export interface ImportFormValues {
  firstName: string;
  familyName: string;
  firm: Pick<FirmSummary, 'id' | 'sName'> | null;
}

/** `form`: a fault of what the admin cannot edit here (the user's stored e-mail). */
export type ImportFormErrors = Partial<Record<'firstName' | 'familyName' | 'firm' | 'form', string>>;

/** Names prefilled from the user's full name: the first word, and the rest as the family name. */
export const initialImportValues = (user: Pick<WebsiteUserRow, 'sFull_Name' | 'firm'>): ImportFormValues => {
  const words = user.sFull_Name.trim().split(/\s+/).filter(Boolean);
  return {
    firstName: words[0] ?? '',
    familyName: words.slice(1).join(' '),
    // A suggestion comes with the firm its e-mail domain belongs to: the likely choice, which the admin may change.
    firm: user.firm,
  };
};

/** Checks the values with the contract's schema: the body to send, or the message of each missing field. */
export const validateImport = (
  values: ImportFormValues,
  email: string,
): { ok: true; body: ImportUserBody } | { ok: false; errors: ImportFormErrors } => {
  const parsed = importUserBody.safeParse({
    firstName: values.firstName,
    familyName: values.familyName,
    email,
    firmId: values.firm?.id,
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: ImportFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'firmId' ? 'firm' : issue.path[0];
    const key = field === 'firstName' || field === 'familyName' || field === 'firm' ? field : 'form';
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
};
