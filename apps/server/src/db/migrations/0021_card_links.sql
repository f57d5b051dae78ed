CREATE TABLE "report_card_links" (
	"report_id" integer PRIMARY KEY NOT NULL,
	"links" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_card_links" ADD CONSTRAINT "report_card_links_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- One report's card links: [kind, id, name, extra, extra] in the order cards show them (analysts by position, then
-- name; companies, countries by name; sectors by position). Kinds: a analyst (extra: photo), c company (display
-- name, short name), k country, s sector.
CREATE FUNCTION "report_card_links_of"(rid integer) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT coalesce(jsonb_agg(jsonb_build_array(l.k, l.id, l.name, l.x1, l.x2) ORDER BY l.k, l.o1, l.o2, l.id), '[]'::jsonb)
  FROM (
    SELECT 'a' AS k, a.id, a.name, a.image_path AS x1, NULL::text AS x2, ra.position AS o1, a.name AS o2
      FROM report_analysts ra JOIN analysts a ON a.id = ra.analyst_id WHERE ra.report_id = rid
    UNION ALL
    SELECT 'c', c.id, c.name, c.display, c.short_name, 0, c.name
      FROM report_companies rc JOIN companies c ON c.id = rc.company_id WHERE rc.report_id = rid
    UNION ALL
    SELECT 'k', k.id, k.name, NULL, NULL, 0, k.name
      FROM report_countries rk JOIN countries k ON k.id = rk.country_id WHERE rk.report_id = rid
    UNION ALL
    SELECT 's', s.id, s.name, NULL, NULL, rs.position, ''
      FROM report_sectors rs JOIN sectors s ON s.id = rs.sector_id WHERE rs.report_id = rid
  ) l
$$;
--> statement-breakpoint
-- Rewrites the card links of these reports where they changed; a report deleted meanwhile (its links go by
-- cascade) gets none.
CREATE FUNCTION "reports_refresh_card_links"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_card_links (report_id, links)
    SELECT u.id, report_card_links_of(u.id) FROM (SELECT DISTINCT unnest(ids) AS id) u
    WHERE EXISTS (SELECT 1 FROM reports r WHERE r.id = u.id)
  ON CONFLICT (report_id) DO UPDATE SET links = excluded.links
    WHERE report_card_links.links IS DISTINCT FROM excluded.links
$$;
--> statement-breakpoint
-- Statement-level on the link tables (one pass over a bulk insert's or delete's rows); row-level on the linked
-- things, only when what a card shows of them changed.
CREATE FUNCTION "report_card_links_from_new_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reports_refresh_card_links(array(SELECT report_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "report_card_links_from_old_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reports_refresh_card_links(array(SELECT report_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "analysts_card_links_from_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name OR NEW.image_path IS DISTINCT FROM OLD.image_path THEN
    PERFORM reports_refresh_card_links(array(SELECT report_id FROM report_analysts WHERE analyst_id = NEW.id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "companies_card_links_from_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name OR NEW.display IS DISTINCT FROM OLD.display
    OR NEW.short_name IS DISTINCT FROM OLD.short_name THEN
    PERFORM reports_refresh_card_links(array(SELECT report_id FROM report_companies WHERE company_id = NEW.id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "countries_card_links_from_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    PERFORM reports_refresh_card_links(array(SELECT report_id FROM report_countries WHERE country_id = NEW.id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "sectors_card_links_from_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    PERFORM reports_refresh_card_links(array(SELECT report_id FROM report_sectors WHERE sector_id = NEW.id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "report_analysts_card_insert" AFTER INSERT ON "report_analysts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_card_links_from_new_rows"();
--> statement-breakpoint
CREATE TRIGGER "report_analysts_card_delete" AFTER DELETE ON "report_analysts"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_card_links_from_old_rows"();
--> statement-breakpoint
CREATE TRIGGER "report_analysts_card_update" AFTER UPDATE ON "report_analysts"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_card_links_from_old_rows"();
--> statement-breakpoint
CREATE TRIGGER "report_analysts_card_update_new" AFTER UPDATE ON "report_analysts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_card_links_from_new_rows"();
--> statement-breakpoint
CREATE TRIGGER "report_companies_card_insert" AFTER INSERT ON "report_companies"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_card_links_from_new_rows"();
--> statement-breakpoint
CREATE TRIGGER "report_companies_card_delete" AFTER DELETE ON "report_companies"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_card_links_from_old_rows"();
--> statement-breakpoint
CREATE TRIGGER "report_companies_card_update" AFTER UPDATE ON "report_companies"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_card_links_from_old_rows"();
--> statement-breakpoint
CREATE TRIGGER "report_companies_card_update_new" AFTER UPDATE ON "report_companies"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_card_links_from_new_rows"();
--> statement-breakpoint
CREATE TRIGGER "report_countries_card_insert" AFTER INSERT ON "report_countries"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_card_links_from_new_rows"();
--> statement-breakpoint
CREATE TRIGGER "report_countries_card_delete" AFTER DELETE ON "report_countries"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_card_links_from_old_rows"();
--> statement-breakpoint
CREATE TRIGGER "report_countries_card_update" AFTER UPDATE ON "report_countries"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_card_links_from_old_rows"();
--> statement-breakpoint
CREATE TRIGGER "report_countries_card_update_new" AFTER UPDATE ON "report_countries"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_card_links_from_new_rows"();
--> statement-breakpoint
CREATE TRIGGER "report_sectors_card_insert" AFTER INSERT ON "report_sectors"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_card_links_from_new_rows"();
--> statement-breakpoint
CREATE TRIGGER "report_sectors_card_delete" AFTER DELETE ON "report_sectors"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_card_links_from_old_rows"();
--> statement-breakpoint
CREATE TRIGGER "report_sectors_card_update" AFTER UPDATE ON "report_sectors"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_card_links_from_old_rows"();
--> statement-breakpoint
CREATE TRIGGER "report_sectors_card_update_new" AFTER UPDATE ON "report_sectors"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_card_links_from_new_rows"();
--> statement-breakpoint
CREATE TRIGGER "analysts_card_links_update" AFTER UPDATE OF "name", "image_path" ON "analysts"
  FOR EACH ROW EXECUTE FUNCTION "analysts_card_links_from_row"();
--> statement-breakpoint
CREATE TRIGGER "companies_card_links_update" AFTER UPDATE OF "name", "display", "short_name" ON "companies"
  FOR EACH ROW EXECUTE FUNCTION "companies_card_links_from_row"();
--> statement-breakpoint
CREATE TRIGGER "countries_card_links_update" AFTER UPDATE OF "name" ON "countries"
  FOR EACH ROW EXECUTE FUNCTION "countries_card_links_from_row"();
--> statement-breakpoint
CREATE TRIGGER "sectors_card_links_update" AFTER UPDATE OF "name" ON "sectors"
  FOR EACH ROW EXECUTE FUNCTION "sectors_card_links_from_row"();
--> statement-breakpoint
INSERT INTO "report_card_links" ("report_id", "links") SELECT r.id, report_card_links_of(r.id) FROM "reports" r;
--> statement-breakpoint
ANALYZE "report_card_links";
