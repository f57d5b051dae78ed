CREATE INDEX "users_email_prefix_idx" ON "users" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_first_name_prefix_idx" ON "users" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_prefix_idx" ON "users" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_prefix_idx" ON "users" USING btree (lower("first_name" || ' ' || "last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_last_login_idx" ON "users" USING btree ("last_login_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "firms_domains_idx" ON "firms" USING gin ("domains");--> statement-breakpoint
CREATE INDEX "persons_email_prefix_idx" ON "persons" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "persons_first_name_prefix_idx" ON "persons" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "persons_last_name_prefix_idx" ON "persons" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "persons_full_name_prefix_idx" ON "persons" USING btree (lower("first_name" || ' ' || "last_name") text_pattern_ops);