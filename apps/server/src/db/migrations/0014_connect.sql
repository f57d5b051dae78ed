CREATE TABLE "connect_bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "connect_bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slot_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"person_id" integer,
	"booked_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "connect_calendars" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "connect_calendars_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"analyst_id" integer NOT NULL,
	"time_zone" text NOT NULL,
	CONSTRAINT "connect_calendars_analyst_key" UNIQUE("analyst_id")
);
--> statement-breakpoint
CREATE TABLE "connect_campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "connect_campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connect_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "connect_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"campaign_id" integer NOT NULL,
	"name" text NOT NULL,
	"topic" text DEFAULT '' NOT NULL,
	"speakers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer DEFAULT 60 NOT NULL,
	"time_zone" text NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"type_pick_id" integer NOT NULL,
	"banner_key" text,
	"meeting_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connect_events_duration_check" CHECK ("connect_events"."duration_minutes" between 5 and 1440)
);
--> statement-breakpoint
CREATE TABLE "connect_registrations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "connect_registrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"person_id" integer,
	"registered_at" timestamp with time zone NOT NULL,
	"approved_by_user_id" integer,
	"approved_by_name" text,
	"approved_at" timestamp with time zone,
	"meeting_token" text,
	"meeting_link_sent_at" timestamp with time zone,
	"last_reminded_at" timestamp with time zone,
	CONSTRAINT "connect_registrations_event_user_key" UNIQUE("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "connect_reminders" (
	"kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"lead_hours" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "connect_reminders_kind_subject_id_lead_hours_pk" PRIMARY KEY("kind","subject_id","lead_hours"),
	CONSTRAINT "connect_reminders_kind_check" CHECK ("connect_reminders"."kind" in ('event', 'slot'))
);
--> statement-breakpoint
CREATE TABLE "connect_slots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "connect_slots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"calendar_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer DEFAULT 30 NOT NULL,
	CONSTRAINT "connect_slots_calendar_start_key" UNIQUE("calendar_id","starts_at"),
	CONSTRAINT "connect_slots_duration_check" CHECK ("connect_slots"."duration_minutes" between 5 and 480)
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "calendar" jsonb;--> statement-breakpoint
ALTER TABLE "connect_bookings" ADD CONSTRAINT "connect_bookings_slot_id_connect_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."connect_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connect_bookings" ADD CONSTRAINT "connect_bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connect_bookings" ADD CONSTRAINT "connect_bookings_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connect_calendars" ADD CONSTRAINT "connect_calendars_analyst_id_analysts_id_fk" FOREIGN KEY ("analyst_id") REFERENCES "public"."analysts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connect_events" ADD CONSTRAINT "connect_events_campaign_id_connect_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."connect_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connect_registrations" ADD CONSTRAINT "connect_registrations_event_id_connect_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."connect_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connect_registrations" ADD CONSTRAINT "connect_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connect_registrations" ADD CONSTRAINT "connect_registrations_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connect_registrations" ADD CONSTRAINT "connect_registrations_approved_by_user_id_users_id_fk" FOREIGN KEY ("approved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connect_slots" ADD CONSTRAINT "connect_slots_calendar_id_connect_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."connect_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "connect_bookings_live_slot_idx" ON "connect_bookings" USING btree ("slot_id") WHERE "connect_bookings"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "connect_bookings_user_idx" ON "connect_bookings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "connect_events_start_idx" ON "connect_events" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "connect_events_campaign_idx" ON "connect_events" USING btree ("campaign_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "connect_registrations_token_idx" ON "connect_registrations" USING btree ("meeting_token");--> statement-breakpoint
CREATE INDEX "connect_registrations_user_idx" ON "connect_registrations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "connect_slots_start_idx" ON "connect_slots" USING btree ("starts_at");