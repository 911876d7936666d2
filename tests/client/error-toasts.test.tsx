import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { mockClock } from '../../mocks/clock';
import { mockScenario } from '../../mocks/scenarios';
import { findOption } from './support/activity-dialog';
import { toast } from '../../src/api/toasts';
import { clientHost } from './support/host';
import { callApi } from '../../src/api/call-api';
import { api } from '@/contract';
import { renderApp } from './render-app';

const errorBody = (statusCode: number, message: string, serverCode = 'NOT_FOUND') => HttpResponse.json({ statusCode, message, serverCode }, { status: statusCode });
const fieldRefusal = (path: string, message: string) =>
  HttpResponse.json({ statusCode: 400, message: 'Validation failed', serverCode: 'VALIDATION_FAILED', issues: [{ path, message }] }, { status: 400, headers: { 'x-request-id': 'req-4713' } });

/** Every error toast asked for while a test runs (the shared MutationCache's and useApiMutation's alike). */
const watchErrorToasts = () => vi.spyOn(toast, 'error');

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

  it("a 400 the 'Update user' form shows beside its field is not toasted as well", async () => {
    const errorToasts = watchErrorToasts();
    const { user } = await renderApp('/admin/dashboard', { signedInAs: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Update Bea Beginner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update user' });
    clientHost.server.use(http.put('*/api/users/:id', () => fieldRefusal('firstName', 'First name is on the blocklist')));
    await user.type(within(dialog).getByLabelText(/First name/), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('First name is on the blocklist')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/First name/)).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Update' })).toBeEnabled());
    expect(errorToasts).not.toHaveBeenCalled();
    expect(screen.queryByText('Validation failed')).not.toBeInTheDocument();
    expect(screen.queryByText('Reference: req-4713')).not.toBeInTheDocument();
    errorToasts.mockRestore();
  });

  it("a 400 the 'Add new activity' form shows beside its field is not toasted as well (a queued write wraps what the form sent)", async () => {
    mockClock.set('2026-11-22T10:00:00Z');
    const errorToasts = watchErrorToasts();
    const { user } = await renderApp('/employee/dashboard', { signedInAs: 'user', clock: mockClock });
    await screen.findByText(/Total month:/);
    clientHost.server.use(http.post('*/api/user/activity/log', () => fieldRefusal('movingTime', 'Moving time is longer than the day allows')));
    await user.click(screen.getByRole('button', { name: 'Add new activity on Friday, November 20, 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add new activity' }, { timeout: 20_000 });
    await user.click(within(dialog).getByRole('combobox', { name: 'Title' }));
    await user.click(await findOption('Running'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Moving time is longer than the day allows')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled());
    // The list of waiting writes is a lazy file: once it is here, the refusal is not listed there as well.
    await act(() => import('../../src/features/activity/components/queued-writes-panel'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('Changes not saved')).not.toBeInTheDocument();
    expect(errorToasts).not.toHaveBeenCalled();
    expect(screen.queryByText('Validation failed')).not.toBeInTheDocument();
    errorToasts.mockRestore();
  }, 45_000);

  it('the same write sent without its form (no field to show the refusal on) is still toasted', async () => {
    const { queryClient } = await renderApp('/admin/dashboard', { signedInAs: 'admin' });
    clientHost.server.use(http.put('*/api/users/:id', () => fieldRefusal('firstName', 'First name is on the blocklist')));
    const mutation = queryClient.getMutationCache().build(queryClient, {
      mutationFn: () => callApi(api.users.update, { params: { id: 2 }, body: { firstName: 'x', lastName: 'y', dateOfBirth: '1990-01-01', gender: 'female', levelOfCompetition: 'Beginner' } }),
    });
    await act(() => expect(mutation.execute(undefined)).rejects.toMatchObject({ statusCode: 400 }));
    expect(await screen.findByText('Validation failed')).toBeInTheDocument();
  });
});
