import { afterAll, beforeAll, expect, test } from 'vitest';
import { mockOutbox } from '../../../mocks/outbox';
import { inPageAppJobQueue } from '../../../mocks/runtime/job-runner';
import { openNodeMockDb, type NodeMockDb } from '../../../mocks/runtime/node-db';
import { outboxMailer } from '../../../mocks/runtime/outbox-mailer';
import { testConfig } from '../../../server/config';
import { registerMailJobs } from '../../../server/modules/auth/mail-jobs';
import { systemClock } from '@/domain/clock';

let mock: NodeMockDb;
beforeAll(async () => {
  mock = await openNodeMockDb();
}, 120_000);
afterAll(() => mock.close());

test("the server's own reset mail, sent by its job in the page's queue, is in QA's outbox with its link", async () => {
  mockOutbox.clear();
  const jobs = inPageAppJobQueue(mock.db);
  registerMailJobs({ db: mock.db, clock: systemClock, config: testConfig(), mailer: outboxMailer(), jobs });
  await jobs.start();
  await jobs.send('mail.forgot-password', { email: 'bea@wellness.test' });
  await jobs.send('mail.forgot-password', { email: 'nobody@wellness.test' });
  await jobs.whenIdle();
  expect(mockOutbox.all()).toHaveLength(1);
  const mail = mockOutbox.latestTo('bea@wellness.test')!;
  expect(mail.link).toMatch(/\/reset-password\?token=/);
  expect(mail.token).toBe(new URL(mail.link!).searchParams.get('token'));
  await jobs.stop();
  await mock.reset();
});
