CREATE TABLE "analyst_follows" (
	"user_id" integer NOT NULL,
	"analyst_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "analyst_follows_user_id_analyst_id_pk" PRIMARY KEY("user_id","analyst_id")
);
--> statement-breakpoint
ALTER TABLE "analyst_follows" ADD CONSTRAINT "analyst_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyst_follows" ADD CONSTRAINT "analyst_follows_analyst_id_analysts_id_fk" FOREIGN KEY ("analyst_id") REFERENCES "public"."analysts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analyst_follows_analyst_idx" ON "analyst_follows" USING btree ("analyst_id","user_id");