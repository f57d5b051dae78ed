CREATE TABLE "post_research" (
	"post_id" integer NOT NULL,
	"report_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "post_research_post_id_report_id_pk" PRIMARY KEY("post_id","report_id")
);
--> statement-breakpoint
CREATE TABLE "post_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone,
	"exit_at" timestamp with time zone,
	"active_seconds" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"blog_key" text NOT NULL,
	"title" text NOT NULL,
	"html" text NOT NULL,
	"draft" jsonb NOT NULL,
	"body_text" text DEFAULT '' NOT NULL,
	"words" integer DEFAULT 0 NOT NULL,
	"image" text,
	"publish" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', search_words(coalesce(title, ''))), 'A') || setweight(to_tsvector('english', search_words(left(coalesce(body_text, ''), 200000))), 'B')) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "blog_type" text;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "footer_html" text;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "author" jsonb;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "access_type" text DEFAULT 'npi' NOT NULL;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "selected_sectors" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "post_research" ADD CONSTRAINT "post_research_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_research" ADD CONSTRAINT "post_research_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_visits" ADD CONSTRAINT "post_visits_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_visits" ADD CONSTRAINT "post_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_blog_key_blogs_key_fk" FOREIGN KEY ("blog_key") REFERENCES "public"."blogs"("key") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_visits_post_idx" ON "post_visits" USING btree ("post_id","entered_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "post_visits_user_idx" ON "post_visits" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "posts_blog_list_idx" ON "posts" USING btree ("blog_key","publish","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_list_idx" ON "posts" USING btree ("publish","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "posts_title_trgm_idx" ON "posts" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_access_type_check" CHECK ("blogs"."access_type" in ('pre', 'npi', 'pi'));