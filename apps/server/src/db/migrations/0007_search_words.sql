-- Search that finds what the suggestions promise (issue 11), and the reading time of a card.
-- search_words(): PostgreSQL's parser keeps `EV/EBITDA`, `P/E` as one 'file' token and `2330.TW` as one 'host'
-- token, so neither `EBITDA` nor `TW` was a word of the index. A zero-width space after a '/' between word
-- characters, or after a '.' before a letter, makes the parser see the parts as adjacent words (a phrase of its
-- parts, `ev <-> ebitda`) while the text reads the same (ts_headline's output has it removed again). Decimals
-- (9.1x) and versions (1.2.3) stay whole. Used by both generated vectors and by the query builder.
CREATE FUNCTION "search_words"(src text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT regexp_replace(src, '([[:alnum:]])(/|\.(?=[[:alpha:]]))(?=[[:alnum:]])', '\1\2' || U&'\200B', 'g')
$$;
--> statement-breakpoint
-- A report's hashtags as text: each tag without '#', and a CamelCase tag also as its words
-- (AssetQuality -> "AssetQuality Asset Quality"), so that `#AssetQuality` and `asset quality` both find it.
CREATE FUNCTION "search_hashtags"(tags text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(CASE WHEN x.s = x.h THEN x.h ELSE x.h || ' ' || x.s END, ' '), '')
  FROM (
    SELECT ltrim(t, '#') AS h, regexp_replace(ltrim(t, '#'), '([[:lower:][:digit:]])([[:upper:]])', '\1 \2', 'g') AS s
    FROM unnest(tags) AS t
  ) x
$$;
--> statement-breakpoint
-- Minutes to read a text at 230 words a minute, at least 1; null without words (audio or video without a
-- transcript). Words are runs of non-space characters, counted with two regular-expression passes.
CREATE FUNCTION "text_reading_minutes"(src text) RETURNS integer LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN w.n = 0 THEN NULL ELSE greatest(1, round(w.n / 230.0))::integer END
  FROM (SELECT length(regexp_replace(regexp_replace(src, '\S+', 'x', 'g'), '\s+', '', 'g')) AS n) w
$$;
--> statement-breakpoint
-- The vectors are dropped first so that filling search_entities does not recompute the old ones, then
-- search_vector and reading_minutes are added in one rewrite of the table.
ALTER TABLE "reports" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "report_passages" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "search_entities" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The linked companies' names and tickers of one report (the `search_entities` column).
CREATE FUNCTION "report_search_entities"(rid integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(string_agg(c.name || ' ' || c.bbg_code, ' ' ORDER BY c.id), '')
  FROM report_companies rc JOIN companies c ON c.id = rc.company_id WHERE rc.report_id = rid
$$;
--> statement-breakpoint
-- Rewrites search_entities of these reports where it changed (an unchanged row is not written: every write
-- recomputes the report's search vector from its whole text).
CREATE FUNCTION "reports_refresh_search_entities"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE reports r SET search_entities = e.t
  FROM (SELECT u.id, report_search_entities(u.id) AS t FROM (SELECT DISTINCT unnest(ids) AS id) u) e
  WHERE r.id = e.id AND r.search_entities <> e.t
$$;
--> statement-breakpoint
-- Statement-level (one pass over a bulk insert's or delete's rows) on report_companies; row-level on companies,
-- only when a name or ticker changed.
CREATE FUNCTION "report_companies_search_from_new_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reports_refresh_search_entities(array(SELECT report_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "report_companies_search_from_old_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reports_refresh_search_entities(array(SELECT report_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "companies_search_from_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name OR NEW.bbg_code IS DISTINCT FROM OLD.bbg_code THEN
    PERFORM reports_refresh_search_entities(array(SELECT report_id FROM report_companies WHERE company_id = NEW.id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE "reports" r SET "search_entities" = e.t
  FROM (SELECT rc.report_id, string_agg(c.name || ' ' || c.bbg_code, ' ' ORDER BY c.id) AS t
    FROM report_companies rc JOIN companies c ON c.id = rc.company_id GROUP BY rc.report_id) e
  WHERE r.id = e.report_id;
--> statement-breakpoint
ALTER TABLE "reports"
  ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', search_words(coalesce(title, '') || ' ' || search_hashtags(hashtags))), 'A') || setweight(to_tsvector('english', search_words(coalesce(description, '') || ' ' || coalesce(search_entities, ''))), 'B') || setweight(to_tsvector('english', search_words(left(coalesce(body_text, ''), 500000))), 'C')) STORED NOT NULL,
  ADD COLUMN "reading_minutes" integer GENERATED ALWAYS AS (text_reading_minutes(body_text)) STORED;
--> statement-breakpoint
CREATE INDEX "reports_search_idx" ON "reports" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "report_passages" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', search_words(body))) STORED NOT NULL;--> statement-breakpoint
CREATE TRIGGER "report_companies_search_insert" AFTER INSERT ON "report_companies"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_companies_search_from_new_rows"();
--> statement-breakpoint
CREATE TRIGGER "report_companies_search_delete" AFTER DELETE ON "report_companies"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_companies_search_from_old_rows"();
--> statement-breakpoint
CREATE TRIGGER "report_companies_search_update" AFTER UPDATE ON "report_companies"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_companies_search_from_old_rows"();
--> statement-breakpoint
CREATE TRIGGER "report_companies_search_update_new" AFTER UPDATE ON "report_companies"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_companies_search_from_new_rows"();
--> statement-breakpoint
CREATE TRIGGER "companies_search_update" AFTER UPDATE OF "name", "bbg_code" ON "companies"
  FOR EACH ROW EXECUTE FUNCTION "companies_search_from_row"();
--> statement-breakpoint
ANALYZE "reports";--> statement-breakpoint
ANALYZE "report_passages";
