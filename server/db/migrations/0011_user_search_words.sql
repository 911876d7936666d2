CREATE TABLE "user_search_words" (
	"word" text COLLATE "C" NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "user_search_words_word_user_id_pk" PRIMARY KEY("word","user_id")
);
--> statement-breakpoint
ALTER TABLE "user_search_words" ADD CONSTRAINT "user_search_words_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_search_words_user_idx" ON "user_search_words" USING btree ("user_id");--> statement-breakpoint
-- Admin search folds case and accents the same way as src/lib/search-words.ts (the mocks' copy):
-- lower case, common Latin accents and ligatures to plain letters.
CREATE OR REPLACE FUNCTION "search_fold"(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT replace(replace(replace(replace(translate(lower(coalesce(value, '')),
    'áàâäãåāăąçćĉčďđéèêëēĕėęěĝğġģĥíìîïĩīĭįıĵķĺļľłñńņňóòôöõøōŏőŕŗřśŝşšţťŧúùûüũūŭůűųŵýÿŷźżž',
    'aaaaaaaaaccccddeeeeeeeeegggghiiiiiiiiijkllllnnnnooooooooorrrsssstttuuuuuuuuuuwyyyzzz'),
    'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe'), 'þ', 'th')$$;
--> statement-breakpoint
-- The words a person can be found by: first name, last name and e-mail, split at anything that is
-- not a letter or digit ('Ana-María' -> ana, maria; 'de.marco@x.io' -> de, marco, x, io).
CREATE OR REPLACE FUNCTION "search_words_of"(first_name text, last_name text, email text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT w), '{}') FROM unnest(regexp_split_to_array(search_fold(first_name || ' ' || last_name || ' ' || email), '[^a-z0-9]+')) w WHERE w <> ''$$;
--> statement-breakpoint
-- Keeps user_search_words equal to the users' names and e-mails.
CREATE OR REPLACE FUNCTION "user_search_words_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_search_words WHERE user_id = NEW.id;
  INSERT INTO user_search_words (word, user_id) SELECT w, NEW.id FROM unnest(search_words_of(NEW.first_name, NEW.last_name, NEW.email)) w;
  RETURN NULL;
END$$;
--> statement-breakpoint
CREATE TRIGGER "users_search_words" AFTER INSERT OR UPDATE OF first_name, last_name, email ON "users" FOR EACH ROW EXECUTE FUNCTION user_search_words_follow();--> statement-breakpoint
INSERT INTO user_search_words (word, user_id) SELECT DISTINCT w, u.id FROM users u CROSS JOIN LATERAL unnest(search_words_of(u.first_name, u.last_name, u.email)) w;
