/**
 * The admin search's folding, as in SQL (server/db/functions/user-search.sql `search_fold`): lower
 * case, common Latin accents and ligatures to plain letters. The mocks search with it.
 */
const FROM = 'áàâäãåāăąçćĉčďđéèêëēĕėęěĝğġģĥíìîïĩīĭįıĵķĺļľłñńņňóòôöõøōŏőŕŗřśŝşšţťŧúùûüũūŭůűųŵýÿŷźżž';
const TO = 'aaaaaaaaaccccddeeeeeeeeegggghiiiiiiiiijkllllnnnnooooooooorrrsssstttuuuuuuuuuuwyyyzzz';
const LIGATURES: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', þ: 'th' };

export const searchFold = (value: string) =>
  [...value.toLowerCase()]
    .map((char) => {
      const index = FROM.indexOf(char);
      return index >= 0 ? TO[index] : (LIGATURES[char] ?? char);
    })
    .join('');

/** The words someone can be found by: split at anything that is not a letter or digit. */
export const searchWordsOf = (...parts: string[]) => [...new Set(searchFold(parts.join(' ')).split(/[^a-z0-9]+/).filter(Boolean))];

/** Every term must start one of the words (`'mar'` finds María, Ana-Maria and de.marco@...). */
export const matchesSearch = (words: readonly string[], search: string) => searchWordsOf(search).every((term) => words.some((word) => word.startsWith(term)));
