CREATE TABLE "report_title_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_title_words_trgm_idx" ON "report_title_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- Words of three letters or more, lower case, split at anything that is not a letter or digit.
CREATE FUNCTION "report_title_words_of"(title text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(title), '[^[:alnum:]]+') AS w WHERE length(w) >= 3
$$;
--> statement-breakpoint
-- Statement-level for inserts (one pass over a bulk insert's new rows), row-level for title changes
-- (transition tables cannot be combined with a column list).
CREATE FUNCTION "report_title_words_from_new_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_title_words (word)
    SELECT DISTINCT w FROM new_rows, report_title_words_of(new_rows.title) AS w
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "report_title_words_from_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_title_words (word) SELECT w FROM report_title_words_of(NEW.title) AS w
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "reports_title_words_insert" AFTER INSERT ON "reports"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_title_words_from_new_rows"();
--> statement-breakpoint
CREATE TRIGGER "reports_title_words_update" AFTER UPDATE OF "title" ON "reports"
  FOR EACH ROW EXECUTE FUNCTION "report_title_words_from_row"();
--> statement-breakpoint
INSERT INTO "report_title_words" ("word")
  SELECT DISTINCT w FROM "reports", report_title_words_of("reports"."title") AS w ON CONFLICT DO NOTHING;
