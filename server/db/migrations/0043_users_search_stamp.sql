CREATE TABLE "users_search_stamp" (
	"single" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"stamp" uuid DEFAULT gen_random_uuid() NOT NULL,
	CONSTRAINT "users_search_stamp_single" CHECK ("users_search_stamp"."single")
);

--> statement-breakpoint
-- Its one row; server/db/functions/admin-search.sql (replaceable SQL, applied after this migration) changes its stamp.
INSERT INTO "users_search_stamp" DEFAULT VALUES;
