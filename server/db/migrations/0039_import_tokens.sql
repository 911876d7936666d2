-- Personal import tokens (docs/trackers.md "Phone apps"): a phone app pushes workouts and steps with one as its bearer; only the token's SHA-256 is kept.
CREATE TABLE "import_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "import_tokens" ADD CONSTRAINT "import_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_tokens_hash_unique" ON "import_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "import_tokens_user_idx" ON "import_tokens" USING btree ("user_id");