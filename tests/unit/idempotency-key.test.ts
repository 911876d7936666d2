import { idempotencyKeyFor } from '../../src/api/idempotency-key';

describe('one Idempotency-Key per submitted form', () => {
  test('the same creation sent again within 10 s (double click, retry) reuses its key', () => {
    const first = idempotencyKeyFor('user/activity/log', { name: 'Yoga', movingTime: 20 }, 1_000);
    expect(idempotencyKeyFor('user/activity/log', { name: 'Yoga', movingTime: 20 }, 9_000)).toBe(first);
    expect(first).toMatch(/^[\x21-\x7e]{1,255}$/);
  });

  test('another body, another endpoint or a later submit gets a new key', () => {
    const first = idempotencyKeyFor('user/activity/log', { name: 'Run', movingTime: 20 }, 100_000);
    expect(idempotencyKeyFor('user/activity/log', { name: 'Run', movingTime: 21 }, 100_001)).not.toBe(first);
    expect(idempotencyKeyFor('user/activity/log-event-participation', { name: 'Run', movingTime: 20 }, 100_002)).not.toBe(first);
    expect(idempotencyKeyFor('user/activity/log', { name: 'Run', movingTime: 20 }, 111_000)).not.toBe(first);
  });
});
