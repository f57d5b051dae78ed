CREATE TABLE "report_reading_progress" (
	"user_id" integer NOT NULL,
	"report_id" integer NOT NULL,
	"fraction" real DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "report_reading_progress_user_id_report_id_pk" PRIMARY KEY("user_id","report_id")
);
--> statement-breakpoint
ALTER TABLE "report_reading_progress" ADD CONSTRAINT "report_reading_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_reading_progress" ADD CONSTRAINT "report_reading_progress_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_reading_progress_user_idx" ON "report_reading_progress" USING btree ("user_id","updated_at" DESC NULLS LAST);