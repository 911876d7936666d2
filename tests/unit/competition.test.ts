import {
  competitionYearLabel,
  competitionYearOf,
  competitionYearOptions,
  competitionYearRange,
  currentCompetitionYear,
  isEditableDay,
  isEditableMonth,
  isLevelWindowOpen,
  quarterOf,
  quarterlyBonusYear,
} from '@/domain/competition';

const at = (iso: string) => new Date(iso);

describe('competition year (1 April rollover)', () => {
  test.each([
    ['2026-03-31', 2025],
    ['2026-04-01', 2026],
    ['2026-12-31', 2026],
    ['2027-01-01', 2026],
    ['2024-02-29', 2023],
    ['2022-04-01', 2022],
  ])('%s belongs to %i', (day, year) => {
    expect(competitionYearOf(day)).toBe(year);
  });

  test('the current year switches at midnight UTC of 1 April', () => {
    expect(currentCompetitionYear(at('2026-03-31T23:59:59.999Z'))).toBe(2025);
    expect(currentCompetitionYear(at('2026-04-01T00:00:00.000Z'))).toBe(2026);
  });

  test('range and label', () => {
    expect(competitionYearRange(2023)).toEqual({ start: '2023-04-01', end: '2024-03-31' });
    expect(competitionYearLabel(2026)).toBe('2026/27');
    expect(competitionYearLabel(2099)).toBe('2099/00');
  });
});

describe('isEditableDay (product rules: Editing window)', () => {
  test.each([
    // now, day, editable
    ['2026-11-22T10:00:00Z', '2026-11-22', true], // today
    ['2026-11-22T10:00:00Z', '2026-11-23', false], // future
    ['2026-11-22T10:00:00Z', '2026-04-01', true], // first day of the current year
    ['2026-11-22T10:00:00Z', '2026-03-31', false], // previous year, no grace in November
    ['2026-04-01T00:00:00Z', '2026-03-31', true], // 1 April: grace for the previous year
    ['2026-04-01T00:00:00Z', '2025-04-01', true], // whole previous year during the grace
    ['2026-04-07T12:00:00Z', '2026-03-15', true],
    ['2026-04-08T12:00:00Z', '2026-03-15', true],
    ['2026-04-14T23:59:59Z', '2026-03-31', true], // last grace instant
    ['2026-04-15T00:00:00Z', '2026-03-31', false], // grace over
    ['2026-04-14T12:00:00Z', '2025-03-31', false], // two years back is never editable
    ['2026-03-31T23:59:59Z', '2026-03-31', true],
    ['2026-03-31T23:59:59Z', '2025-04-01', true],
    ['2026-03-31T23:59:59Z', '2025-03-31', false], // March: the grace is only in April
    ['2024-04-10T00:00:00Z', '2024-02-29', true], // leap day, previous year, in grace
    ['2024-04-15T00:00:00Z', '2024-02-29', false],
    ['2028-02-29T08:00:00Z', '2028-02-29', true], // leap day today
    ['2028-02-28T08:00:00Z', '2028-02-29', false],
  ])('at %s, %s editable: %s', (now, day, editable) => {
    expect(isEditableDay(day, at(now))).toBe(editable);
  });
});

describe('isEditableMonth (drives the dashboard disabled states)', () => {
  test.each([
    ['2026-11-22T10:00:00Z', '2026-11', true],
    ['2026-11-22T10:00:00Z', '2026-12', false], // future month
    ['2026-11-22T10:00:00Z', '2026-04', true],
    ['2026-11-22T10:00:00Z', '2026-03', false],
    ['2026-04-14T10:00:00Z', '2026-03', true],
    ['2026-04-15T10:00:00Z', '2026-03', false],
    ['2026-04-01T00:00:00Z', '2026-04', true],
    ['2026-04-01T00:00:00Z', '2025-04', true],
    ['2024-04-03T00:00:00Z', '2024-02', true], // leap February during the grace
  ])('at %s, month %s editable: %s', (now, month, editable) => {
    expect(isEditableMonth(month, at(now))).toBe(editable);
  });
});

describe('level window (1-7 April)', () => {
  test.each([
    ['2026-03-31T23:59:59Z', false],
    ['2026-04-01T00:00:00Z', true],
    ['2026-04-07T23:59:59Z', true],
    ['2026-04-08T00:00:00Z', false],
    ['2026-11-22T10:00:00Z', false],
  ])('at %s open: %s', (now, open) => {
    expect(isLevelWindowOpen(at(now))).toBe(open);
  });
});

describe('quarterly bonus year and quarters', () => {
  test.each([
    ['2026-04-14T23:59:59Z', 2025],
    ['2026-04-15T00:00:00Z', 2026],
    ['2026-03-31T12:00:00Z', 2025],
    ['2026-11-22T10:00:00Z', 2026],
  ])('at %s the bonus year is %i', (now, year) => {
    expect(quarterlyBonusYear(at(now))).toBe(year);
  });

  test.each([
    ['2026-04-01', 'firstQuarter'],
    ['2026-06-30', 'firstQuarter'],
    ['2026-07-01', 'secondQuarter'],
    ['2026-12-31', 'thirdQuarter'],
    ['2027-01-01', 'fourthQuarter'],
    ['2027-03-31', 'fourthQuarter'],
  ])('%s is in %s', (day, quarter) => {
    expect(quarterOf(day)).toBe(quarter);
  });
});

describe('year options', () => {
  test('last five years, newest first, never before 2022', () => {
    expect(competitionYearOptions(at('2026-11-22T00:00:00Z'))).toEqual([2026, 2025, 2024, 2023, 2022]);
    expect(competitionYearOptions(at('2029-04-01T00:00:00Z'))).toEqual([2029, 2028, 2027, 2026, 2025]);
    expect(competitionYearOptions(at('2023-03-01T00:00:00Z'))).toEqual([2022]);
  });
});
