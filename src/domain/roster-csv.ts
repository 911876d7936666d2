/**
 * The roster file of docs/access.md: CSV with a header row naming `email`, `first_name`,
 * `last_name` and optionally `level` and `team` (`department` is the same column; any order, any
 * case; `firstName`-style names work too).
 * Pure: the server and the mocks read a file the same way.
 */
export type RosterCell = { line: number; email: string; firstName: string; lastName: string; levelOfCompetition: string; team: string };

const HEADER_NAMES: Record<string, keyof Omit<RosterCell, 'line'>> = {
  email: 'email',
  emailaddress: 'email',
  firstname: 'firstName',
  givenname: 'firstName',
  lastname: 'lastName',
  familyname: 'lastName',
  surname: 'lastName',
  level: 'levelOfCompetition',
  levelofcompetition: 'levelOfCompetition',
  team: 'team',
  department: 'team',
};

/** RFC 4180 records: quoted fields may hold commas, quotes ("") and line breaks. */
export const parseCsvRecords = (text: string): { line: number; fields: string[] }[] => {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const source = text.replace(/^\uFEFF/, '');
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index]!;
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line += 1;
        field += char;
      }
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',' || char === ';') {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index += 1;
      fields.push(field);
      if (fields.some((value) => value.trim() !== '')) records.push({ line: recordLine, fields });
      fields = [];
      field = '';
      line += 1;
      recordLine = line;
    } else field += char;
  }
  fields.push(field);
  if (fields.some((value) => value.trim() !== '')) records.push({ line: recordLine, fields });
  return records;
};

export type RosterParse = { rows: RosterCell[]; headerProblem: string | null };

/** The rows under the header, cells trimmed; a header without the required columns is one problem for the whole file. */
export const parseRoster = (text: string): RosterParse => {
  const [header, ...records] = parseCsvRecords(text);
  if (!header) return { rows: [], headerProblem: 'The file is empty' };
  const columns = header.fields.map((name) => HEADER_NAMES[name.trim().toLowerCase().replace(/[\s_-]/g, '')]);
  const missing = (['email', 'firstName', 'lastName'] as const).filter((name) => !columns.includes(name));
  if (missing.length) return { rows: [], headerProblem: 'The first row must name the columns email, first_name, last_name (and optionally level)' };
  const rows = records.map(({ line, fields }) => {
    const cell: RosterCell = { line, email: '', firstName: '', lastName: '', levelOfCompetition: '', team: '' };
    columns.forEach((column, index) => {
      if (column) cell[column] = (fields[index] ?? '').trim();
    });
    return cell;
  });
  return { rows, headerProblem: null };
};
