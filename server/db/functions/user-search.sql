-- Re-appliable: run on every start AFTER the migrations, in one transaction (server/db/functions.ts).
-- The function bodies that keep the read models live here, so a fix is an edit of this file, never
-- of a committed migration. A change of a function's arguments or return type needs a DROP first.

-- Admin search folds case and accents the same way as src/lib/search-words.ts (the mocks' copy):
-- lower case, common Latin accents and ligatures to plain letters.
CREATE OR REPLACE FUNCTION "search_fold"(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT replace(replace(replace(replace(translate(lower(coalesce(value, '')),
    'áàâäãåāăąçćĉčďđéèêëēĕėęěĝğġģĥíìîïĩīĭįıĵķĺļľłñńņňóòôöõøōŏőŕŗřśŝşšţťŧúùûüũūŭůűųŵýÿŷźżž',
    'aaaaaaaaaccccddeeeeeeeeegggghiiiiiiiiijkllllnnnnooooooooorrrsssstttuuuuuuuuuuwyyyzzz'),
    'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe'), 'þ', 'th')
$$;

-- The words a person can be found by: first name, last name and e-mail, split at anything that is
-- not a letter or digit ('Ana-María' -> ana, maria; 'de.marco@x.io' -> de, marco, x, io).
CREATE OR REPLACE FUNCTION "search_words_of"(first_name text, last_name text, email text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT w), '{}') FROM unnest(regexp_split_to_array(search_fold(first_name || ' ' || last_name || ' ' || email), '[^a-z0-9]+')) w WHERE w <> ''
$$;

-- Keeps user_search_words equal to the users' names and e-mails.
CREATE OR REPLACE FUNCTION "user_search_words_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_search_words WHERE user_id = NEW.id;
  INSERT INTO user_search_words (word, user_id) SELECT w, NEW.id FROM unnest(search_words_of(NEW.first_name, NEW.last_name, NEW.email)) w;
  RETURN NULL;
END
$$;
