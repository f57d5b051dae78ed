import {
  type AdminParameterEntry,
  adminParameters,
  checkAdminParameter,
  commaItems,
  findAdminParameter,
  isPublicPageParameter,
  isPublicParameter,
  messagesSettingsAdmin,
  type WatermarkConfigValue,
  watermarkParameterName,
} from '@portal/contract';
import type { Db, Executor } from '../../db/client.ts';
import { type ChangeFeed, writeTransaction } from '../changes/change-feed.ts';
import { plainTextOf, sanitizeStoredHtml } from '../rich-text/stored-html.ts';
import { findParameters, listSectorKeys, saveParameter } from './parameters.repository.ts';

const e = messagesSettingsAdmin.errors;

export type AdminWriteResult =
  | { ok: true; data: { name: string; value: string } }
  | { ok: false; status: 400 | 404; message: string; errors?: Record<string, string> };

const refused = (status: 400 | 404, message: string, errors?: Record<string, string>): AdminWriteResult => ({
  ok: false,
  status,
  message,
  ...(errors ? { errors } : {}),
});

/**
 * A watermark configuration's sectors must name sectors that exist (by id or by name, as the stamp matches them),
 * or the mark would silently never be drawn. Field messages at `value.<index>.sectors`.
 */
const unknownWatermarkSectors = async (db: Executor, value: string) => {
  const configs = JSON.parse(value) as WatermarkConfigValue[];
  const listed = configs.map((config) => commaItems(config.sectors));
  if (listed.every((items) => items.length === 0)) return null;
  const known = new Set(
    (await listSectorKeys(db)).flatMap((sector) => [String(sector.id), sector.name.trim().toLowerCase()]),
  );
  const errors: Record<string, string> = {};
  listed.forEach((items, index) => {
    const unknown = items.find((item) => !known.has(item.toLowerCase()));
    if (unknown !== undefined) errors[`value.${index}.sectors`] = e.unknownSector(unknown);
  });
  return Object.keys(errors).length > 0 ? errors : null;
};

/**
 * The administrator's side of the configuration parameters (issue 24, "Watermark and parameters"): the editable
 * ones (the contract's `adminParameters`) with their stored values, and writing one. A value is checked by its
 * type with the contract's `checkAdminParameter` (the screens run the same check), HTML is sanitised with the
 * stored-HTML policy, and the write is one transaction that notes a `parameter` change with the name: the
 * parameters cache drops it at commit, so the watermark, the copy links, the mails and the pages that read it
 * serve the new value on the next request.
 */
export const createParametersAdmin = (deps: { db: Db; changes: ChangeFeed }) => ({
  async list(): Promise<AdminParameterEntry[]> {
    const rows = await findParameters(
      deps.db,
      adminParameters.map((p) => p.name),
    );
    const byName = new Map(rows.map((row) => [row.name, row.value]));
    return adminParameters.map((p) => ({ name: p.name, type: p.type, value: byName.get(p.name) ?? null }));
  },

  async write(name: string, raw: string): Promise<AdminWriteResult> {
    const parameter = findAdminParameter(name);
    if (!parameter) return refused(404, e.unknownParameter);
    const checked = checkAdminParameter(parameter, raw);
    if (!checked.ok) return refused(400, checked.message, checked.errors);
    let value = checked.value;
    if (parameter.type === 'html') {
      value = sanitizeStoredHtml(value).trim();
      if (parameter.required && plainTextOf(value) === '')
        return refused(400, e.htmlEmpty, { value: e.htmlEmpty });
    }
    if (parameter.name === watermarkParameterName) {
      const errors = await unknownWatermarkSectors(deps.db, value);
      if (errors) return refused(400, Object.values(errors)[0]!, errors);
    }
    await writeTransaction(deps.db, deps.changes, async (tx, note) => {
      await saveParameter(tx, {
        name: parameter.name,
        value,
        // public exactly when a contract allow-list names it, as the seeds store it
        isPublic: isPublicParameter(parameter.name) || isPublicPageParameter(parameter.name),
      });
      note({ kind: 'parameter', ids: [parameter.name] });
    });
    return { ok: true, data: { name: parameter.name, value } };
  },
});
