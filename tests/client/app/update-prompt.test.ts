import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showUpdatePrompt } from '../../../src/pwa/update-prompt';

afterEach(() => document.getElementById('update-prompt')?.remove());

describe('the new-version prompt', () => {
  it('reads "A new version is available - Reload" and reloads once on its button', async () => {
    const reload = vi.fn();
    showUpdatePrompt(reload);
    showUpdatePrompt(reload);
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('A new version is available - Reload');
    const button = screen.getByRole('button', { name: 'Reload' });
    await userEvent.click(button);
    await userEvent.click(button);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(button).toBeDisabled();
  });
});
