CREATE TABLE "report_alerts" (
	"report_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"outbox_id" integer,
	"queued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "report_alerts_report_id_user_id_pk" PRIMARY KEY("report_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "stamped_copies" (
	"copy_id" text PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"user_id" integer,
	"recipient_email" text,
	"file_version" integer NOT NULL,
	"stamp_hash" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_fetched_at" timestamp with time zone NOT NULL,
	"fetch_count" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "special_select" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "state" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "file_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "alerts_queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_alerts" ADD CONSTRAINT "report_alerts_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_alerts" ADD CONSTRAINT "report_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamped_copies" ADD CONSTRAINT "stamped_copies_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamped_copies" ADD CONSTRAINT "stamped_copies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stamped_copies_reader_idx" ON "stamped_copies" USING btree ("report_id","user_id","recipient_email","file_version","stamp_hash");--> statement-breakpoint
CREATE INDEX "stamped_copies_report_idx" ON "stamped_copies" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "reports_scheduled_idx" ON "reports" USING btree ("published_at") WHERE "reports"."state" = 'scheduled';--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_state_check" CHECK ("reports"."state" in ('scheduled', 'published', 'withdrawn'));