import { readExercise } from '../../server/trackers/providers/fitbit/client';

/**
 * An exercise data point shaped as the Google Health API v4 reference documents it (DataPoint.name,
 * Exercise.interval as a SessionTimeInterval with civilStartTime as a CivilDateTime, activeDuration
 * as a protobuf Duration, exerciseType, displayName, updateTime on the Exercise).
 */
const documented = (overrides: { exercise?: Record<string, unknown>; interval?: Record<string, unknown> } = {}) => ({
  name: 'users/me/dataTypes/exercise/dataPoints/5524939293',
  exercise: {
    displayName: 'Morning run',
    exerciseType: 'RUNNING',
    activeDuration: '1830.5s',
    createTime: '2026-11-20T20:10:00Z',
    updateTime: '2026-11-20T20:15:00Z',
    interval: {
      startTime: '2026-11-20T19:00:00Z',
      startUtcOffset: '39600s',
      endTime: '2026-11-20T19:35:00Z',
      endUtcOffset: '39600s',
      civilStartTime: { date: { year: 2026, month: 11, day: 21 }, time: { hours: 6 } },
      civilEndTime: { date: { year: 2026, month: 11, day: 21 }, time: { hours: 6, minutes: 35 } },
      ...overrides.interval,
    },
    ...overrides.exercise,
  },
});

describe('reading a Google Health exercise data point', () => {
  test('the documented fields: name, civil start day, active duration, type and update time', () => {
    expect(readExercise(documented())).toEqual({
      externalId: 'users/me/dataTypes/exercise/dataPoints/5524939293',
      name: 'Running',
      seconds: 1830.5,
      startAt: new Date('2026-11-20T19:00:00Z'),
      localDay: '2026-11-21',
      isPrivate: false,
      updatedAt: new Date('2026-11-20T20:15:00Z'),
    });
  });

  test('without a civil start time the day is the start moved by its UTC offset', () => {
    const civilLess = documented({ interval: { civilStartTime: undefined, startTime: '2026-11-21T03:30:00Z', startUtcOffset: '-28800s' } });
    expect(readExercise(civilLess)).toMatchObject({ localDay: '2026-11-20' });
  });

  test('a type outside our list keeps its display name; a v4beta type we know is mapped', () => {
    expect(readExercise(documented({ exercise: { exerciseType: 'WORKOUT', displayName: 'Lunch workout' } }))).toMatchObject({ name: 'Lunch workout' });
    expect(readExercise(documented({ exercise: { exerciseType: 'BARRE_CLASS' } }))).toMatchObject({ name: 'Barre' });
  });

  test('what cannot be read is named, not guessed', () => {
    expect(readExercise({ ...documented(), name: undefined })).toBe('no name');
    expect(readExercise(documented({ exercise: { activeDuration: 'half an hour' } }))).toBe('no active duration');
    expect(readExercise(documented({ interval: { startTime: 'yesterday' } }))).toBe('no start time');
  });
});
