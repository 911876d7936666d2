import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from '../../../src/components/app-error-boundary';
import { renderApp, testAccounts } from '../render-app';

const chunkError = (file: string) => new TypeError(`Failed to fetch dynamically imported module: http://localhost/assets/${file}.js`);

// The toast area's files cannot be fetched, as offline before the app was installed.
vi.mock('../../../src/components/overlays/toast-container', () => {
  throw chunkError('toast-container');
});
vi.mock('../../../src/api/toast-view', () => {
  throw chunkError('toast-view');
});

const goOffline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

afterEach(() => vi.restoreAllMocks());

describe('a file that cannot be loaded never leaves a blank screen', () => {
  it('keeps the login form and what was typed when the toast files fail to load', async () => {
    const { user } = await renderApp('/');
    goOffline();
    const form = screen.getByRole('form', { name: 'Log in' });
    await user.type(within(form).getByLabelText('Email'), testAccounts.user.email);
    await user.type(within(form).getByLabelText('Password'), 'wrong-password-1');
    await user.click(within(form).getByRole('button', { name: 'Log in' }));
    // The refused sign-in asks for a toast; its files fail, the page stays as it was.
    expect(await within(form).findByRole('button', { name: 'Log in' })).toBeEnabled();
    expect(screen.getByRole('form', { name: 'Log in' })).toBeInTheDocument();
    expect(within(form).getByLabelText('Email')).toHaveValue(testAccounts.user.email);
  });

  it('shows a readable page offline whose Retry reloads the page (the only way a browser fetches a failed file again)', async () => {
    goOffline();
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Screen = lazy(() => Promise.reject(chunkError('screen')));
    render(
      <AppErrorBoundary>
        <Suspense fallback={<p>Loading</p>}>
          <Screen />
        </Suspense>
      </AppErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'This screen could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Check your connection, then try again.');
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('renders the screen again after Retry when the failure was not a missing file', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let broken = true;
    const Flaky = () => {
      if (broken) throw new Error('boom');
      return <p>Back again</p>;
    };
    render(
      <AppErrorBoundary>
        <Flaky />
      </AppErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
  });

  it('reloads the page once when online instead of showing the Retry page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    sessionStorage.clear();
    const Screen = lazy(() => Promise.reject(chunkError('renamed-by-deploy')));
    const view = render(
      <AppErrorBoundary>
        <Suspense fallback={null}>
          <Screen />
        </Suspense>
      </AppErrorBoundary>,
    );
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    view.unmount();
    // A second failure right after the reload shows the page with Retry: no reload loop.
    render(
      <AppErrorBoundary>
        <Suspense fallback={null}>
          <Screen />
        </Suspense>
      </AppErrorBoundary>,
    );
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
