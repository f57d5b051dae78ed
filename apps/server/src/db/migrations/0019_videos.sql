CREATE TABLE "saved_videos" (
	"user_id" integer NOT NULL,
	"video_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "saved_videos_user_id_video_id_pk" PRIMARY KEY("user_id","video_id")
);
--> statement-breakpoint
CREATE TABLE "video_analysts" (
	"video_id" integer NOT NULL,
	"analyst_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "video_analysts_video_id_analyst_id_pk" PRIMARY KEY("video_id","analyst_id")
);
--> statement-breakpoint
CREATE TABLE "video_sectors" (
	"video_id" integer NOT NULL,
	"sector_id" integer NOT NULL,
	CONSTRAINT "video_sectors_video_id_sector_id_pk" PRIMARY KEY("video_id","sector_id")
);
--> statement-breakpoint
CREATE TABLE "video_watch" (
	"user_id" integer NOT NULL,
	"video_id" integer NOT NULL,
	"seconds_watched" real DEFAULT 0 NOT NULL,
	"furthest_second" real DEFAULT 0 NOT NULL,
	"last_position" real DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "video_watch_user_id_video_id_pk" PRIMARY KEY("user_id","video_id")
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "videos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"doc_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"coverage" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"video_key" text NOT NULL,
	"duration_seconds" real,
	"free_access" boolean DEFAULT false NOT NULL,
	"event_id" integer,
	"transcript" jsonb,
	"transcript_version" integer DEFAULT 0 NOT NULL,
	"transcript_updated_at" timestamp with time zone,
	CONSTRAINT "videos_doc_id_unique" UNIQUE("doc_id"),
	CONSTRAINT "videos_transcript_version_check" CHECK ("videos"."transcript_version" >= 0)
);
--> statement-breakpoint
ALTER TABLE "saved_videos" ADD CONSTRAINT "saved_videos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_videos" ADD CONSTRAINT "saved_videos_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_analysts" ADD CONSTRAINT "video_analysts_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_analysts" ADD CONSTRAINT "video_analysts_analyst_id_analysts_id_fk" FOREIGN KEY ("analyst_id") REFERENCES "public"."analysts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_sectors" ADD CONSTRAINT "video_sectors_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_sectors" ADD CONSTRAINT "video_sectors_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_watch" ADD CONSTRAINT "video_watch_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_watch" ADD CONSTRAINT "video_watch_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_event_id_connect_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."connect_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_watch_video_idx" ON "video_watch" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "videos_published_idx" ON "videos" USING btree ("published_at");