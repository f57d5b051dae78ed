CREATE TABLE "report_passages" (
	"report_id" integer NOT NULL,
	"ord" integer NOT NULL,
	"body" text NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', body)) STORED NOT NULL,
	CONSTRAINT "report_passages_report_id_ord_pk" PRIMARY KEY("report_id","ord")
);
--> statement-breakpoint
ALTER TABLE "report_passages" ADD CONSTRAINT "report_passages_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A body's passages: its words (split at white space, each cut to 100 characters) in groups that start every 600
-- characters or so; `ord` is the group's number (600-character steps from the start, so increasing with gaps
-- where a long word jumped a step). Each passage also carries the first 12 words of the next one, so that words
-- close together on both sides of a boundary are found in one passage. Bounded: the first 500,000 characters, as
-- the report's search_vector.
CREATE FUNCTION "report_passages_of"(src text) RETURNS TABLE(ord integer, body text) LANGUAGE sql IMMUTABLE AS $$
  SELECT g.n::integer,
    g.body || coalesce(' ' || substring(lead(g.body) OVER (ORDER BY g.n) FROM '^\S+(?:\s+\S+){0,11}'), '')
  FROM (
    SELECT c.n, string_agg(c.w, ' ' ORDER BY c.i) AS body
    FROM (
      SELECT left(t.w, 100) AS w, t.i,
        (sum(length(left(t.w, 100)) + 1) OVER (ORDER BY t.i) - length(left(t.w, 100)) - 1) / 600 AS n
      FROM regexp_split_to_table(left(coalesce(src, ''), 500000), '\s+') WITH ORDINALITY AS t(w, i)
      WHERE t.w <> ''
    ) c
    GROUP BY c.n
  ) g
$$;
--> statement-breakpoint
-- Statement-level for inserts (one pass over a bulk insert's new rows), row-level for body changes
-- (transition tables cannot be combined with a column list), as the title words of 0002.
CREATE FUNCTION "report_passages_from_new_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_passages (report_id, ord, body)
    SELECT new_rows.id, p.ord, p.body FROM new_rows, report_passages_of(new_rows.body_text) AS p;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "report_passages_from_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_passages WHERE report_id = NEW.id;
  INSERT INTO report_passages (report_id, ord, body)
    SELECT NEW.id, p.ord, p.body FROM report_passages_of(NEW.body_text) AS p;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "reports_passages_insert" AFTER INSERT ON "reports"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_passages_from_new_rows"();
--> statement-breakpoint
CREATE TRIGGER "reports_passages_update" AFTER UPDATE OF "body_text" ON "reports"
  FOR EACH ROW EXECUTE FUNCTION "report_passages_from_row"();
--> statement-breakpoint
INSERT INTO "report_passages" ("report_id", "ord", "body")
  SELECT "reports"."id", p.ord, p.body FROM "reports", report_passages_of("reports"."body_text") AS p;
--> statement-breakpoint
-- Planner statistics now: without them a lookup of one report's passages is estimated at thousands of rows.
ANALYZE "report_passages";
