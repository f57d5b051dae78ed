import { boolean, pgTable, text } from 'drizzle-orm/pg-core';

export const parameters = pgTable('parameters', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  // Only parameters that are public here AND allow-listed in the contract are served by /getParameter.
  isPublic: boolean('is_public').notNull().default(false),
});
