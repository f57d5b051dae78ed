import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { deviceVerificationTokens, verifiedDevices } from '../../db/schema/index.ts';

export type NewDeviceToken = typeof deviceVerificationTokens.$inferInsert;

export const insertDeviceToken = (db: Executor, token: NewDeviceToken) =>
  db.insert(deviceVerificationTokens).values(token);

export const findDeviceToken = async (db: Executor, tokenHash: string) => {
  const rows = await db
    .select()
    .from(deviceVerificationTokens)
    .where(eq(deviceVerificationTokens.tokenHash, tokenHash))
    .limit(1);
  return rows[0] ?? null;
};

/** Uses the token up in one statement, so two concurrent requests cannot both succeed. */
export const consumeDeviceToken = async (db: Executor, tokenHash: string, now: Date) => {
  const rows = await db
    .update(deviceVerificationTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(deviceVerificationTokens.tokenHash, tokenHash),
        isNull(deviceVerificationTokens.usedAt),
        gt(deviceVerificationTokens.expiresAt, now),
      ),
    )
    .returning();
  return rows[0] ?? null;
};

/** Records (or renews) a device as verified for a recipient. */
export const upsertVerifiedDevice = (
  db: Executor,
  device: { deviceId: string; recipientEmail: string; verifiedAt: Date; expiresAt: Date },
) =>
  db
    .insert(verifiedDevices)
    .values(device)
    .onConflictDoUpdate({
      target: [verifiedDevices.deviceId, verifiedDevices.recipientEmail],
      set: { verifiedAt: device.verifiedAt, expiresAt: device.expiresAt, revokedAt: null },
    });

export const isDeviceVerified = async (db: Executor, deviceId: string, recipientEmail: string, now: Date) => {
  const rows = await db
    .select({ deviceId: verifiedDevices.deviceId })
    .from(verifiedDevices)
    .where(
      and(
        eq(verifiedDevices.deviceId, deviceId),
        eq(verifiedDevices.recipientEmail, recipientEmail),
        isNull(verifiedDevices.revokedAt),
        gt(verifiedDevices.expiresAt, now),
      ),
    )
    .limit(1);
  return rows.length > 0;
};

/** The recipients this device is currently verified for. */
export const recipientsOfDevice = async (db: Executor, deviceId: string, now: Date) => {
  const rows = await db
    .select({ email: verifiedDevices.recipientEmail })
    .from(verifiedDevices)
    .where(
      and(
        eq(verifiedDevices.deviceId, deviceId),
        isNull(verifiedDevices.revokedAt),
        gt(verifiedDevices.expiresAt, now),
      ),
    );
  return rows.map((r) => r.email);
};
