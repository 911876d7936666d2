import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Activity } from '@/contract/activity';
import { shapeDifferences } from '../support/contract-shape';

const activity = { id: 1, name: 'Running', otherName: null, movingTime: 30, startTime: '07:30', startDate: '2026-11-20', start: '2026-11-20T07:30:00.000Z', end: '2026-11-20T08:00:00.000Z', title: 'Running', source: 'manual', alsoRecordedBy: [] };

describe('shapeDifferences names the field that departs from the contract', () => {
  it('finds nothing in a body that matches', () => {
    expect(shapeDifferences(z.object({ activities: z.array(Activity) }), { activities: [activity] })).toEqual([]);
  });

  it('names a missing field, an extra field and a wrong type with their paths', () => {
    const { source: _source, ...withoutSource } = activity;
    const body = { activities: [activity, { ...withoutSource, movingTime: '30', mood: 'happy' }] };
    expect(shapeDifferences(z.object({ activities: z.array(Activity) }), body)).toEqual([
      'activities[1].source: missing',
      'activities[1].mood: extra field',
      expect.stringMatching(/^activities\[1\]\.movingTime: wrong type \(expected number, got string/),
    ]);
  });

  it('names a value outside an enum or a format, and accepts null only where the contract does', () => {
    expect(shapeDifferences(Activity, { ...activity, source: 'garmin' })).toEqual([expect.stringMatching(/^source: wrong value/)]);
    expect(shapeDifferences(Activity, { ...activity, startTime: '7:30' })).toEqual([expect.stringMatching(/^startTime: wrong value/)]);
    expect(shapeDifferences(Activity, { ...activity, name: null })).toEqual([expect.stringMatching(/^name: wrong type \(expected string, got null/)]);
    expect(shapeDifferences(Activity, { ...activity, otherName: 'Kayak' })).toEqual([]);
    expect(shapeDifferences(Activity, { ...activity, source: 'strava', alsoRecordedBy: ['fitbit'] })).toEqual([]);
    expect(shapeDifferences(Activity, { ...activity, alsoRecordedBy: ['garmin'] })).toEqual([expect.stringMatching(/^alsoRecordedBy\[0\]: wrong value/)]);
  });
});
