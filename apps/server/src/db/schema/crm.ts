// Our CRM (issue 12; spec 3 sections 3 and 7): firms, persons, account managers, the product matrix, pick lists,
// schema field values, unsubscribe reasons, mail events and e-mailed person links. The spec's front end talked to
// a third-party CRM through these records; they are ours, behind the same calls.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A client institution. `domains`: its e-mail domains, lower-case (a sign-up from one is matched to the firm). */
export const firms = pgTable(
  'firms',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    domains: text('domains').array().notNull().default(sql`'{}'::text[]`),
    // Terms (spec 1 section 1): an institutional subscription covers up to 50 colleagues; issue 13 enforces it.
    seatLimit: integer('seat_limit').notNull().default(50),
    createdAt: at('created_at').notNull(),
  },
  // A sign-up's domain to its firm (`domains @> array[...]`): the import suggestions ask it for every sign-up.
  (t) => [index('firms_domains_idx').using('gin', t.domains)],
);

/**
 * A person of the external system (iPSN_Id). Entity 'U' is a user (has a portal login), 'C' a contact. `staff`:
 * the firm's own people (account managers, mail senders). `source` 'web': created for a website sign-up, not yet
 * imported into the external system by an administrator (issue 13); 'crm': a person of the external system.
 */
export const persons = pgTable(
  'persons',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 7000001 }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    firmId: integer('firm_id').references(() => firms.id, { onDelete: 'set null' }),
    entity: text('entity', { enum: ['U', 'C'] })
      .notNull()
      .default('C'),
    hasPassword: boolean('has_password').notNull().default(false),
    lastLoginAt: at('last_login_at'),
    staff: boolean('staff').notNull().default(false),
    jobTitle: text('job_title').notNull().default(''),
    source: text('source', { enum: ['crm', 'web'] })
      .notNull()
      .default('crm'),
    // spec 3 section 5: the unsubscribe-preference mail goes only when this is empty or older than 7 days
    unsubMailLastSentAt: at('unsub_mail_last_sent_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('persons_email_lower_idx').on(sql`lower(${t.email})`),
    // Users management's spyder tab (issue 13): prefix searches on e-mail and name words.
    index('persons_email_prefix_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    index('persons_first_name_prefix_idx').on(sql`lower(${t.firstName}) text_pattern_ops`),
    index('persons_last_name_prefix_idx').on(sql`lower(${t.lastName}) text_pattern_ops`),
    index('persons_full_name_prefix_idx').on(
      sql`lower(${t.firstName} || ' ' || ${t.lastName}) text_pattern_ops`,
    ),
    index('persons_firm_idx').on(t.firmId),
    // the Import Suggestions of users management: sign-ups (not imported) matched to a firm by their domain
    index('persons_web_with_firm_idx').on(t.id).where(sql`${t.source} = 'web' and ${t.firmId} is not null`),
    check('persons_entity_check', sql`${t.entity} in ('U', 'C')`),
    check('persons_source_check', sql`${t.source} in ('crm', 'web')`),
  ],
);

/** Relationships between persons; 'Account Manager': person -> the staff person who manages them. */
export const personRelationships = pgTable(
  'person_relationships',
  {
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    relatedPersonId: integer('related_person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    relType: text('rel_type').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.personId, t.relatedPersonId, t.relType] })],
);

/**
 * The matrix's Y axis: products and sectors. A sector's item has the sector's id and `sector_id` (kept by a
 * trigger on sectors); a product is a parent whose children are sectors. `description` is GetMatrixDescription's
 * sDescription (iPBV_Id is the item id).
 */
export const matrixItems = pgTable(
  'matrix_items',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => matrixItems.id, { onDelete: 'set null' }),
    sectorId: integer('sector_id'),
    description: text('description').notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('matrix_items_sector_idx').on(t.sectorId),
    index('matrix_items_parent_idx').on(t.parentId),
  ],
);

/** The matrix's Z axis: statuses by name. Only 'Subscriber' grants reading; 2120300010 is a request. */
export const matrixStatuses = pgTable('matrix_statuses', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  sort: integer('sort').notNull().default(0),
});

/** A person's matrix: one status per product or sector. */
export const personMatrix = pgTable(
  'person_matrix',
  {
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => matrixItems.id, { onDelete: 'cascade' }),
    statusId: integer('status_id')
      .notNull()
      .references(() => matrixStatuses.id),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.personId, t.itemId] })],
);

/**
 * Every matrix write, as it happened: who (a website user, or null for an e-mailed link's holder), and each
 * item's status before and after (null = no entry). The notification mail reads the products of the latest
 * changes; the admin's view of a person (issue 13) lists them.
 */
export const matrixChanges = pgTable(
  'matrix_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    byUserId: integer('by_user_id'),
    changes: jsonb('changes').$type<{ itemId: number; from: number | null; to: number | null }[]>().notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('matrix_changes_person_idx').on(t.personId, t.createdAt)],
);

/** Pick lists (Mnemonic, ValueId, Sort, text), e.g. sUnsubRsns, the unsubscribe reasons. */
export const pickListValues = pgTable(
  'pick_list_values',
  {
    mnemonic: text('mnemonic').notNull(),
    valueId: integer('value_id').notNull(),
    sort: integer('sort').notNull().default(0),
    text: text('text').notNull(),
  },
  (t) => [primaryKey({ columns: [t.mnemonic, t.valueId] })],
);

/** Schema field values of a person, e.g. psnRWSuppressEmails ('1': no list mail). */
export const personFieldValues = pgTable(
  'person_field_values',
  {
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    fieldName: text('field_name').notNull(),
    value: text('value').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.personId, t.fieldName] })],
);

/** Why a person unsubscribed (spec 3 section 3): product 0 is our e-mail list. */
export const unsubscribeReasons = pgTable(
  'unsubscribe_reasons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    reasonId: integer('reason_id').notNull(),
    otherText: text('other_text').notNull(),
    byUserId: integer('by_user_id'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('unsubscribe_reasons_person_idx').on(t.personId, t.createdAt)],
);

/** The CRM's record of mail sent to or about a person (POST /users/insertMailEvent; spec 3 section 3). */
export const mailEvents = pgTable(
  'mail_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    template: text('template').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    senderId: integer('sender_id'),
    toIds: integer('to_ids').array().notNull().default(sql`'{}'::integer[]`),
    ccIds: integer('cc_ids').array().notNull().default(sql`'{}'::integer[]`),
    bccIds: integer('bcc_ids').array().notNull().default(sql`'{}'::integer[]`),
    sectorIds: integer('sector_ids').array().notNull().default(sql`'{}'::integer[]`),
    documentIds: text('document_ids').array().notNull().default(sql`'{}'::text[]`),
    byUserId: integer('by_user_id'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('mail_events_person_idx').on(t.personId, t.createdAt)],
);

/**
 * E-mailed links that let their holder act for one person (only its sha256 is stored). 'unsubscribe' links of
 * the Enter Email dialog are single use and short-lived; the links in list mail (footer and List-Unsubscribe)
 * are reusable until they expire. Redeeming one leaves a signed grant cookie (see the persons module).
 */
export const personLinkTokens = pgTable(
  'person_link_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['unsubscribe', 'preferences'] }).notNull(),
    productId: integer('product_id').notNull().default(0),
    singleUse: boolean('single_use').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [
    index('person_link_tokens_person_idx').on(t.personId),
    check('person_link_tokens_purpose_check', sql`${t.purpose} in ('unsubscribe', 'preferences')`),
  ],
);
