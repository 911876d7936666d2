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

-- Every prefix of every search word of a person, '' included: the keys of user_search_counts.
CREATE OR REPLACE FUNCTION "search_prefixes_of"(first_name text, last_name text, email text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_agg(DISTINCT left(w, n)) FROM unnest(search_words_of(first_name, last_name, email) || '{""}'::text[]) w, generate_series(0, length(w)) n
$$;

-- Net change per (prefix, level) of the users rows a statement touched: -1 for each prefix of an old
-- employee row, +1 for each of a new one (a rename, a level or role change moves only the difference).
-- Rows are written in key order, so two writers lock the shared rows ('', 'e', 'ex'...) in the same
-- order and cannot deadlock each other.
CREATE OR REPLACE FUNCTION "user_search_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_search_counts AS c (prefix, level_of_competition, employees)
    SELECT p, n.level_of_competition, count(*) FROM new_rows n CROSS JOIN LATERAL unnest(search_prefixes_of(n.first_name, n.last_name, n.email)) p
     WHERE n.role = 'user' GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (prefix, level_of_competition) DO UPDATE SET employees = c.employees + excluded.employees;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO user_search_counts AS c (prefix, level_of_competition, employees)
    SELECT p, o.level_of_competition, -count(*) FROM old_rows o CROSS JOIN LATERAL unnest(search_prefixes_of(o.first_name, o.last_name, o.email)) p
     WHERE o.role = 'user' GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (prefix, level_of_competition) DO UPDATE SET employees = c.employees + excluded.employees;
  ELSE
    INSERT INTO user_search_counts AS c (prefix, level_of_competition, employees)
    SELECT d.prefix, d.level, sum(d.delta) FROM (
      SELECT p AS prefix, o.level_of_competition AS level, -1 AS delta FROM old_rows o CROSS JOIN LATERAL unnest(search_prefixes_of(o.first_name, o.last_name, o.email)) p WHERE o.role = 'user'
      UNION ALL
      SELECT p, n.level_of_competition, 1 FROM new_rows n CROSS JOIN LATERAL unnest(search_prefixes_of(n.first_name, n.last_name, n.email)) p WHERE n.role = 'user'
    ) d GROUP BY 1, 2 HAVING sum(d.delta) <> 0 ORDER BY 1, 2
    ON CONFLICT (prefix, level_of_competition) DO UPDATE SET employees = c.employees + excluded.employees;
  END IF;
  RETURN NULL;
END
$$;
