CREATE TABLE "blogs" (
	"key" text PRIMARY KEY NOT NULL,
	"topic" text DEFAULT 'BLOGS' NOT NULL,
	"subtitle" text DEFAULT 'Turning risk into opportunity' NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captcha_uses" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"mail_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "contact_messages_type_check" CHECK ("contact_messages"."type" in ('Investor', 'Analyst'))
);
--> statement-breakpoint
CREATE TABLE "nav_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "nav_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parent_id" integer,
	"type" text NOT NULL,
	"label" text NOT NULL,
	"path" text,
	"tag" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "nav_items_type_check" CHECK ("nav_items"."type" in ('link', 'dropdown', 'favourites', 'modal'))
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_content" (
	"key" text PRIMARY KEY NOT NULL,
	"html" text NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sliders" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'none' NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"link" text,
	"report_url" text,
	"heading" text DEFAULT '' NOT NULL,
	"sub_heading" text DEFAULT '' NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"media_key" text,
	"duration" integer,
	"format" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sliders_type_check" CHECK ("sliders"."type" in ('image', 'video', 'url', 'none'))
);
--> statement-breakpoint
CREATE TABLE "device_verification_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"access_key_id" integer NOT NULL,
	"recipient_email" text NOT NULL,
	"return_link" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "report_access_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_access_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"report_id" integer NOT NULL,
	"recipient_email" text NOT NULL,
	"user_id" integer,
	"key_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "report_access_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_access_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"action" text NOT NULL,
	"via" text NOT NULL,
	"granted" boolean NOT NULL,
	"reason" text NOT NULL,
	"user_id" integer,
	"report_id" integer,
	"access_key_id" integer,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "verified_devices" (
	"device_id" text NOT NULL,
	"recipient_email" text NOT NULL,
	"verified_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "verified_devices_device_id_recipient_email_pk" PRIMARY KEY("device_id","recipient_email")
);
--> statement-breakpoint
ALTER TABLE "nav_items" ADD CONSTRAINT "nav_items_parent_id_nav_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."nav_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_verification_tokens" ADD CONSTRAINT "device_verification_tokens_access_key_id_report_access_keys_id_fk" FOREIGN KEY ("access_key_id") REFERENCES "public"."report_access_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_access_keys" ADD CONSTRAINT "report_access_keys_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_access_keys" ADD CONSTRAINT "report_access_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_access_keys" ADD CONSTRAINT "report_access_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "captcha_uses_expires_idx" ON "captcha_uses" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "nav_items_parent_idx" ON "nav_items" USING btree ("parent_id","sort_order");--> statement-breakpoint
CREATE INDEX "sliders_active_order_idx" ON "sliders" USING btree ("active","sort_order");--> statement-breakpoint
CREATE INDEX "device_verification_tokens_key_idx" ON "device_verification_tokens" USING btree ("access_key_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_access_keys_hash_idx" ON "report_access_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "report_access_keys_report_idx" ON "report_access_keys" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "report_access_keys_recipient_idx" ON "report_access_keys" USING btree ("recipient_email");--> statement-breakpoint
CREATE INDEX "report_access_log_report_idx" ON "report_access_log" USING btree ("report_id","at");--> statement-breakpoint
CREATE INDEX "report_access_log_user_idx" ON "report_access_log" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "verified_devices_recipient_idx" ON "verified_devices" USING btree ("recipient_email");