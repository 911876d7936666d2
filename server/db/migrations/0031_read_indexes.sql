-- Two partial indexes for reads: the admin overview counts employees who joined before a year's end
-- from the first alone; the feed's privacy probe per entry misses in the second for everyone visible.
CREATE INDEX "users_employees_created_idx" ON "users" USING btree ("created_at") WHERE role = 'user';--> statement-breakpoint
CREATE INDEX "users_hidden_idx" ON "users" USING btree ("id") WHERE is_private_activity or email_confirmed_at is null;