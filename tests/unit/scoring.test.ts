import { quarterEndDays, scoreYear } from '@/domain/scoring-points';
import { defaultScoringRules } from '@/domain/scoring-rules';

const none = { activities: [], steps: [], events: [] };

test('default values are the ones of product rules: Scoring, with the daily cap off', () => {
  expect(defaultScoringRules).toEqual({ pointsPerMinute: 1, dailySteps: 30, event: 60, eventTopThree: 30, quarterlyBonus: 250, dailyMinutesCap: null });
});

test('activity minutes: 1 point each, uncapped by default', () => {
  const score = scoreYear({ ...none, activities: [{ startDate: '2026-05-01', movingTime: 600 }, { startDate: '2026-05-01', movingTime: 900 }, { startDate: '2026-06-02', movingTime: 1 }] }, 2026);
  expect(score.annualPoints).toBe(1501);
  expect([...score.monthlyPoints]).toEqual([[5, 1500], [6, 1]]);
  expect(score.lastScoredOn).toBe('2026-06-02');
});

test('an optional daily cap limits counted minutes per day, not per activity', () => {
  const rules = { ...defaultScoringRules, dailyMinutesCap: 120 };
  const activities = [{ startDate: '2026-05-01', movingTime: 100 }, { startDate: '2026-05-01', movingTime: 100 }, { startDate: '2026-05-02', movingTime: 90 }];
  expect(scoreYear({ ...none, activities }, 2026, rules).annualPoints).toBe(120 + 90);
});

test('step achievement 30, event 60, top three +30', () => {
  const score = scoreYear({ ...none, steps: [{ date: '2026-07-01' }, { date: '2026-07-02' }], events: [{ date: '2026-07-03', isInTheTopThree: false }, { date: '2026-08-01', isInTheTopThree: true }] }, 2026);
  expect(score.annualPoints).toBe(30 + 30 + 60 + 90);
  expect([...score.monthlyPoints]).toEqual([[7, 120], [8, 90]]);
});

test('each quarterly flag is 250 points, counted in the last month of its quarter', () => {
  expect(quarterEndDays(2026)).toEqual({ firstQuarter: '2026-06-30', secondQuarter: '2026-09-30', thirdQuarter: '2026-12-31', fourthQuarter: '2027-03-31' });
  const score = scoreYear({ ...none, bonus: { firstQuarter: true, secondQuarter: false, thirdQuarter: true, fourthQuarter: true } }, 2026);
  expect(score.annualPoints).toBe(750);
  expect([...score.monthlyPoints]).toEqual([[6, 250], [12, 250], [3, 250]]);
  expect(score.lastScoredOn).toBe('2027-03-31');
});

test('competition-year boundaries: 1 April starts a year, 31 March ends it', () => {
  const input = {
    ...none,
    activities: [
      { startDate: '2026-03-31', movingTime: 10 },
      { startDate: '2026-04-01', movingTime: 20 },
      { startDate: '2027-03-31', movingTime: 40 },
      { startDate: '2027-04-01', movingTime: 80 },
    ],
  };
  expect(scoreYear(input, 2025).annualPoints).toBe(10);
  expect(scoreYear(input, 2026).annualPoints).toBe(60);
  expect(scoreYear(input, 2027).annualPoints).toBe(80);
  expect(scoreYear(input, 2026).lastScoredOn).toBe('2027-03-31');
});

test('configured values change every figure', () => {
  const rules = { pointsPerMinute: 2, dailySteps: 5, event: 10, eventTopThree: 1, quarterlyBonus: 100, dailyMinutesCap: null };
  const input = { activities: [{ startDate: '2026-05-01', movingTime: 10 }], steps: [{ date: '2026-05-02' }], events: [{ date: '2026-05-03', isInTheTopThree: true }], bonus: { firstQuarter: true, secondQuarter: false, thirdQuarter: false, fourthQuarter: false } };
  expect(scoreYear(input, 2026, rules).annualPoints).toBe(20 + 5 + 11 + 100);
});

test('nothing scored: zero points and no last scoring day', () => {
  expect(scoreYear(none, 2026)).toEqual({ annualPoints: 0, monthlyPoints: new Map(), lastScoredOn: null });
});
