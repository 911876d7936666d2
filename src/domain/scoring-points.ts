import { competitionYearRange } from './competition';
import { defaultScoringRules, type ScoringRules } from '@/domain/scoring-rules';

/**
 * The straightforward reference scoring (pure, no database): used by the mocks and by the tests
 * that check the SQL recompute. Rules:
 * - activities: pointsPerMinute per minute (per day capped at dailyMinutesCap when set);
 * - a step achievement: dailySteps; an event: event (+ eventTopThree when in the top three);
 * - a quarterly bonus flag: quarterlyBonus, counted on the last day of its quarter (so it lands in
 *   the monthly points of June, September, December or March);
 * - only rows dated inside the competition year count; lastScoredOn is the latest day that scored.
 */
export type ScoringInput = {
  activities: ReadonlyArray<{ startDate: string; movingTime: number }>;
  steps: ReadonlyArray<{ date: string }>;
  events: ReadonlyArray<{ date: string; isInTheTopThree: boolean }>;
  bonus?: { firstQuarter: boolean; secondQuarter: boolean; thirdQuarter: boolean; fourthQuarter: boolean } | null;
};

export type YearScore = {
  annualPoints: number;
  /** Calendar month (1-12) -> points; months without points are absent. */
  monthlyPoints: Map<number, number>;
  lastScoredOn: string | null;
};

/** Last day of each quarter of competition year N (Q1 Apr-Jun ... Q4 Jan-Mar). */
export const quarterEndDays = (year: number) => ({
  firstQuarter: `${year}-06-30`,
  secondQuarter: `${year}-09-30`,
  thirdQuarter: `${year}-12-31`,
  fourthQuarter: `${year + 1}-03-31`,
});

export const scoreYear = (input: ScoringInput, year: number, rules: ScoringRules = defaultScoringRules): YearScore => {
  const { start, end } = competitionYearRange(year);
  const inYear = (day: string) => day >= start && day <= end;
  const scored: Array<[day: string, points: number]> = [];

  const minutesByDay = new Map<string, number>();
  for (const activity of input.activities) {
    if (inYear(activity.startDate)) minutesByDay.set(activity.startDate, (minutesByDay.get(activity.startDate) ?? 0) + activity.movingTime);
  }
  for (const [day, minutes] of minutesByDay) {
    const counted = rules.dailyMinutesCap === null ? minutes : Math.min(minutes, rules.dailyMinutesCap);
    scored.push([day, counted * rules.pointsPerMinute]);
  }
  for (const step of input.steps) if (inYear(step.date)) scored.push([step.date, rules.dailySteps]);
  for (const event of input.events) {
    if (inYear(event.date)) scored.push([event.date, rules.event + (event.isInTheTopThree ? rules.eventTopThree : 0)]);
  }
  if (input.bonus) {
    const ends = quarterEndDays(year);
    for (const quarter of ['firstQuarter', 'secondQuarter', 'thirdQuarter', 'fourthQuarter'] as const) {
      if (input.bonus[quarter]) scored.push([ends[quarter], rules.quarterlyBonus]);
    }
  }

  const monthlyPoints = new Map<number, number>();
  let annualPoints = 0;
  let lastScoredOn: string | null = null;
  for (const [day, points] of scored) {
    if (points <= 0) continue;
    const month = Number(day.slice(5, 7));
    monthlyPoints.set(month, (monthlyPoints.get(month) ?? 0) + points);
    annualPoints += points;
    if (lastScoredOn === null || day > lastScoredOn) lastScoredOn = day;
  }
  return { annualPoints, monthlyPoints, lastScoredOn };
};
