-- Every sign-in has an absolute lifetime counted from its first refresh token, and remembers how it
-- was made (password sessions end when password sign-in is switched off). Sessions from before
-- this migration count from their family's oldest row and as password sign-ins.
ALTER TABLE "refresh_sessions" ADD COLUMN "signed_in_at" timestamp with time zone;--> statement-breakpoint
UPDATE "refresh_sessions" s SET "signed_in_at" = f.started
FROM (SELECT family_id, min(created_at) AS started FROM "refresh_sessions" GROUP BY family_id) f
WHERE s.family_id = f.family_id;--> statement-breakpoint
ALTER TABLE "refresh_sessions" ALTER COLUMN "signed_in_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_sessions" ADD COLUMN "sign_in_method" text DEFAULT 'password' NOT NULL;--> statement-breakpoint
-- A confirmation link confirms exactly the address it was mailed to: links of an account's own
-- address now name it too (until now they named none and confirmed whatever the address was).
UPDATE "email_confirmation_tokens" t SET "email" = u.email
FROM "users" u
WHERE t.user_id = u.id AND t.email IS NULL AND t.used_at IS NULL;
