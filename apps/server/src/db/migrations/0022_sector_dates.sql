CREATE TABLE "report_sector_dates" (
	"report_id" integer NOT NULL,
	"sector_id" integer NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "report_sector_dates_report_id_sector_id_pk" PRIMARY KEY("report_id","sector_id")
);
--> statement-breakpoint
ALTER TABLE "report_sector_dates" ADD CONSTRAINT "report_sector_dates_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_sector_dates" ADD CONSTRAINT "report_sector_dates_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_sector_dates_order_idx" ON "report_sector_dates" USING btree ("sector_id","published_at" DESC NULLS LAST,"report_id" DESC NULLS LAST);--> statement-breakpoint
-- Rewrites the rows of these reports: one per sector of the report (its primary sector and its linked ones) with
-- the report's date; rows of sectors it no longer has go. A report deleted meanwhile keeps none (cascade).
CREATE FUNCTION "reports_refresh_sector_dates"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM report_sector_dates d WHERE d.report_id = ANY(ids) AND NOT EXISTS (
    SELECT 1 FROM reports r WHERE r.id = d.report_id AND (r.sector_id = d.sector_id
      OR EXISTS (SELECT 1 FROM report_sectors rs WHERE rs.report_id = d.report_id AND rs.sector_id = d.sector_id)));
  INSERT INTO report_sector_dates (report_id, sector_id, published_at)
    SELECT r.id, x.sector_id, r.published_at
    FROM reports r CROSS JOIN LATERAL (
      SELECT r.sector_id WHERE r.sector_id IS NOT NULL
      UNION SELECT rs.sector_id FROM report_sectors rs WHERE rs.report_id = r.id
    ) x(sector_id)
    WHERE r.id = ANY(ids)
  ON CONFLICT (report_id, sector_id) DO UPDATE SET published_at = excluded.published_at
    WHERE report_sector_dates.published_at IS DISTINCT FROM excluded.published_at
$$;
--> statement-breakpoint
-- Statement-level on report_sectors and on new reports (one pass over a bulk insert's or delete's rows); row-level
-- on a report's primary sector or date changing.
CREATE FUNCTION "report_sector_dates_from_new_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reports_refresh_sector_dates(array(SELECT report_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "report_sector_dates_from_old_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reports_refresh_sector_dates(array(SELECT report_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "reports_sector_dates_from_new_reports"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reports_refresh_sector_dates(array(SELECT id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "reports_sector_dates_from_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reports_refresh_sector_dates(ARRAY[NEW.id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "report_sectors_dates_insert" AFTER INSERT ON "report_sectors"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_sector_dates_from_new_rows"();
--> statement-breakpoint
CREATE TRIGGER "report_sectors_dates_delete" AFTER DELETE ON "report_sectors"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_sector_dates_from_old_rows"();
--> statement-breakpoint
CREATE TRIGGER "report_sectors_dates_update" AFTER UPDATE ON "report_sectors"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_sector_dates_from_old_rows"();
--> statement-breakpoint
CREATE TRIGGER "report_sectors_dates_update_new" AFTER UPDATE ON "report_sectors"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_sector_dates_from_new_rows"();
--> statement-breakpoint
CREATE TRIGGER "reports_sector_dates_insert" AFTER INSERT ON "reports"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "reports_sector_dates_from_new_reports"();
--> statement-breakpoint
CREATE TRIGGER "reports_sector_dates_update" AFTER UPDATE OF "sector_id", "published_at" ON "reports"
  FOR EACH ROW WHEN (OLD.sector_id IS DISTINCT FROM NEW.sector_id OR OLD.published_at IS DISTINCT FROM NEW.published_at)
  EXECUTE FUNCTION "reports_sector_dates_from_row"();
--> statement-breakpoint
INSERT INTO "report_sector_dates" ("report_id", "sector_id", "published_at")
  SELECT r.id, x.sector_id, r.published_at FROM "reports" r CROSS JOIN LATERAL (
    SELECT r.sector_id WHERE r.sector_id IS NOT NULL
    UNION SELECT rs.sector_id FROM report_sectors rs WHERE rs.report_id = r.id
  ) x(sector_id);
--> statement-breakpoint
ANALYZE "report_sector_dates";
