import { screen, waitFor, within } from '@testing-library/react';
import { mockClock } from '../../../mocks/clock';
import { renderApp } from '../render-app';

/**
 * Moving time starts at 1 (docs/product-rules.md#forms-and-validation-messages); focusing the field
 * selects it, so what a person types replaces it instead of being appended to it.
 */
vi.setConfig({ testTimeout: 45_000 });

describe('the activity form', () => {
  beforeEach(() => mockClock.set('2026-11-22T10:00:00Z'));

  it("typing into 'Moving time' replaces its initial 1", async () => {
    const { user } = await renderApp('/employee/dashboard', { signedInAs: 'user', clock: mockClock });
    await screen.findByText(/Total month:/);
    await user.click(screen.getByRole('button', { name: 'Add new activity on Friday, November 20, 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add new activity' }, { timeout: 20_000 });
    const movingTime = within(dialog).getByLabelText(/Moving time/);
    expect(movingTime).toHaveValue('1');
    await user.click(movingTime);
    await waitFor(() => expect((movingTime as HTMLInputElement).selectionEnd! - (movingTime as HTMLInputElement).selectionStart!).toBe(1));
    await user.keyboard('45');
    expect(movingTime).toHaveValue('45');
  });
});
