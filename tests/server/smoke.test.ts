import { createTestApp } from './helpers/test-app';

test('unknown endpoint answers the error body', async () => {
  const { app } = await createTestApp();
  const response = await app.inject({ method: 'GET', url: '/api/nope' });
  expect(response.statusCode).toBe(404);
  expect(response.json()).toMatchObject({ statusCode: 404, serverCode: 'NOT_FOUND' });
  await app.close();
});
