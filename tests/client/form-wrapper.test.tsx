import { Button, MantineProvider, TextInput } from '@mantine/core';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../src/api/api-error';
import { FormAlert, useSchemaForm } from '../../src/components/form';

/** A form built on the one wrapper, sending through a real TanStack mutation whose answer the test decides. */
const Schema = z.object({ name: z.string().trim().min(1, 'Name is required'), email: z.string().min(1, 'Email is required') });

type Answer = { resolve: (value: string) => void; reject: (error: Error) => void };

function TestForm({ answers, sent }: { answers: Answer[]; sent: unknown[] }) {
  const mutation = useMutation({
    mutationFn: (body: z.output<typeof Schema>) => {
      sent.push(body);
      return new Promise<string>((resolve, reject) => answers.push({ resolve, reject }));
    },
  });
  const { field, onSubmit, formErrors, pending } = useSchemaForm({ schema: Schema, defaultValues: { name: '', email: '' }, mutation });
  return (
    <form noValidate aria-label="Test form" onSubmit={onSubmit}>
      <TextInput label="Name" {...field('name')} />
      <TextInput label="Email" {...field('email')} />
      <FormAlert messages={formErrors} />
      <Button type="submit" disabled={pending}>
        Save
      </Button>
    </form>
  );
}

const renderForm = () => {
  const answers: Answer[] = [];
  const sent: unknown[] = [];
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <TestForm answers={answers} sent={sent} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { answers, sent, user: userEvent.setup() };
};

const fillAndSubmit = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(screen.getByLabelText('Name'), '  Ada ');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.click(screen.getByRole('button', { name: 'Save' }));
};

const refusal = (issues: { path: string; message: string }[]) =>
  new ApiError({ message: 'Validation failed', statusCode: 400, serverCode: 'VALIDATION_FAILED', issues, method: 'POST' });

describe('the form wrapper (useSchemaForm)', () => {
  it('validates with the schema before sending, and sends the parsed values', async () => {
    const { sent, user, answers } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);
    await fillAndSubmit(user);
    await waitFor(() => expect(sent).toEqual([{ name: 'Ada', email: 'ada@example.com' }]));
    answers[0]!.resolve('ok');
  });

  it('disables submit while the mutation is pending, and enables it again when it settles', async () => {
    const { answers, user } = renderForm();
    await fillAndSubmit(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    answers[0]!.resolve('ok');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
  });

  it("shows a 400's issue on the field its path names, wired to the input for screen readers", async () => {
    const { answers, user } = renderForm();
    await fillAndSubmit(user);
    await waitFor(() => expect(answers).toHaveLength(1));
    answers[0]!.reject(refusal([{ path: 'email', message: 'This e-mail is taken' }]));
    const message = await screen.findByText('This e-mail is taken');
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby')).toContain(message.id);
    expect(input).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows issues that name no field of the form in one form-level alert', async () => {
    const { answers, user } = renderForm();
    await fillAndSubmit(user);
    await waitFor(() => expect(answers).toHaveLength(1));
    answers[0]!.reject(refusal([{ path: 'name', message: 'Name is too common' }, { path: 'startDate', message: 'Day is closed' }]));
    expect(await screen.findByText('Name is too common')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Day is closed');
    expect(screen.getByRole('alert')).not.toHaveTextContent('Name is too common');
  });

  it('leaves a refusal that is not a 400 (a 500, a network failure) to the toasts', async () => {
    const { answers, user } = renderForm();
    await fillAndSubmit(user);
    await waitFor(() => expect(answers).toHaveLength(1));
    answers[0]!.reject(new ApiError({ message: 'Error in server , try again later', statusCode: 500, issues: [{ path: 'name', message: 'ignored' }] }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(screen.queryByText('ignored')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
