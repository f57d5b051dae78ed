CREATE TABLE "connect_event_sectors" (
	"event_id" integer NOT NULL,
	"sector_id" integer NOT NULL,
	CONSTRAINT "connect_event_sectors_event_id_sector_id_pk" PRIMARY KEY("event_id","sector_id")
);
--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "report_id" integer;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "connect_event_sectors" ADD CONSTRAINT "connect_event_sectors_event_id_connect_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."connect_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connect_event_sectors" ADD CONSTRAINT "connect_event_sectors_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE set null ON UPDATE no action;