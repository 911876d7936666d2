import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockScenario } from '../../mocks/scenarios';
import { clientHost } from './support/host';
import { callApi } from '../../src/api/call-api';
import { api } from '@/contract';
import { renderApp } from './render-app';

const errorBody = (statusCode: number, message: string, serverCode = 'NOT_FOUND') => HttpResponse.json({ statusCode, message, serverCode }, { status: statusCode });

describe('query and mutation error toasts (product rules: Toasts and errors)', () => {
  it("toasts a failed query's server message for a 404", async () => {
    const { queryClient } = await renderApp('/admin/dashboard', { signedInAs: 'admin' });
    clientHost.server.use(http.get('*/api/users/:id/profile', () => errorBody(404, 'User not found')));
    await act(() => expect(queryClient.fetchQuery({ queryKey: ['probe', 'profile'], queryFn: () => callApi(api.profile.profile, { params: { id: 999 } }), retry: false })).rejects.toMatchObject({
      statusCode: 404,
    }));
    expect(await screen.findByText('User not found')).toBeInTheDocument();
  });

  it('shows the request id of an unexpected failure (a 5xx) under its message, so a user can quote it', async () => {
    const { queryClient } = await renderApp('/admin/dashboard', { signedInAs: 'admin' });
    clientHost.server.use(http.get('*/api/users/:id/profile', () => HttpResponse.json({ statusCode: 500, message: 'Error in server , try again later', serverCode: 'INTERNAL_ERROR' }, { status: 500, headers: { 'x-request-id': 'req-4711' } })));
    await act(() => expect(queryClient.fetchQuery({ queryKey: ['probe', 'reference'], queryFn: () => callApi(api.profile.profile, { params: { id: 998 } }), retry: false })).rejects.toMatchObject({
      statusCode: 500,
      requestId: 'req-4711',
    }));
    expect(await screen.findByText('Error in server , try again later')).toBeInTheDocument();
    expect(await screen.findByText('Reference: req-4711')).toBeInTheDocument();
  });

  it('a refusal (a 4xx) is toasted with its message only: its request id is no use to the person', async () => {
    const { queryClient } = await renderApp('/admin/dashboard', { signedInAs: 'admin' });
    clientHost.server.use(http.get('*/api/users/:id/profile', () => HttpResponse.json({ statusCode: 404, message: 'User not found', serverCode: 'NOT_FOUND' }, { status: 404, headers: { 'x-request-id': 'req-4712' } })));
    await act(() => expect(queryClient.fetchQuery({ queryKey: ['probe', 'no-reference'], queryFn: () => callApi(api.profile.profile, { params: { id: 997 } }), retry: false })).rejects.toMatchObject({
      statusCode: 404,
      requestId: 'req-4712',
    }));
    expect(await screen.findByText('User not found')).toBeInTheDocument();
    expect(screen.queryByText('Reference: req-4712')).not.toBeInTheDocument();
  });

  it("toasts 'Error in server , try again later' for a mutation that gets no response", async () => {
    const { queryClient } = await renderApp('/admin/dashboard', { signedInAs: 'admin' });
    mockScenario.next('network-error');
    const mutation = queryClient.getMutationCache().build(queryClient, { mutationFn: () => callApi(api.users.sendResetMail, { params: { id: 2 } }) });
    await act(() => expect(mutation.execute(undefined)).rejects.toMatchObject({ statusCode: 500 }));
    expect(await screen.findByText('Error in server , try again later')).toBeInTheDocument();
  });

  it('does not toast a 409 (the screen handles it) nor a query that opted out', async () => {
    const { queryClient } = await renderApp('/admin/dashboard', { signedInAs: 'admin' });
    clientHost.server.use(http.get('*/api/users/:id/profile', () => errorBody(400, 'Quiet please', 'VALIDATION_FAILED')));
    await act(() => expect(
      queryClient.fetchQuery({ queryKey: ['probe', 'quiet'], queryFn: () => callApi(api.profile.profile, { params: { id: 2 } }), retry: false, meta: { errorToast: false } }),
    ).rejects.toMatchObject({ statusCode: 400 }));
    clientHost.server.use(http.get('*/api/users/:id/profile', () => errorBody(409, 'Conflict here', 'CONFLICT')));
    await act(() => expect(queryClient.fetchQuery({ queryKey: ['probe', 'conflict'], queryFn: () => callApi(api.profile.profile, { params: { id: 2 } }), retry: false })).rejects.toMatchObject({
      statusCode: 409,
    }));
    await waitFor(() => expect(screen.queryByText('Quiet please')).not.toBeInTheDocument());
    expect(screen.queryByText('Conflict here')).not.toBeInTheDocument();
  });

  it('retries a failed query once on a 5xx but never on a 4xx', async () => {
    const { queryClient } = await renderApp('/admin/dashboard', { signedInAs: 'admin' });
    let calls = 0;
    clientHost.server.use(
      http.get('*/api/users/:id/profile', () => {
        calls += 1;
        return errorBody(404, 'Missing');
      }),
    );
    await act(() => expect(queryClient.fetchQuery({ queryKey: ['probe', 'retry-4xx'], queryFn: () => callApi(api.profile.profile, { params: { id: 2 } }) })).rejects.toBeTruthy());
    expect(calls).toBe(1);

    calls = 0;
    clientHost.server.use(
      http.get('*/api/users/:id/profile', () => {
        calls += 1;
        return errorBody(500, 'Broken', 'INTERNAL_ERROR');
      }),
    );
    await act(() => expect(queryClient.fetchQuery({ queryKey: ['probe', 'retry-5xx'], queryFn: () => callApi(api.profile.profile, { params: { id: 2 } }) })).rejects.toBeTruthy());
    expect(calls).toBe(2);
    expect(queryClient.getDefaultOptions().mutations?.retry).toBe(false);
  });
});
