import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { shouldToastError } from '../../src/api/query-client';
import { toastTexts } from '../../src/api/toast-texts';
import { categoryOfMethod } from '../../src/api/toasts';

describe('default toast texts (product rules: Toasts and errors, letter for letter)', () => {
  it('has the loading texts', () => {
    expect(toastTexts.create.loading).toBe('Creating... please wait');
    expect(toastTexts.fetch.loading).toBe('Fetching...please wait');
    expect(toastTexts.update.loading).toBe('Updating...please wait');
    expect(toastTexts.delete.loading).toBe('Deleting...please wait');
  });

  it('has the success texts', () => {
    expect(toastTexts.create.success).toBe('Created successfully');
    expect(toastTexts.fetch.success).toBe('Fetched successfully');
    expect(toastTexts.update.success).toBe('Updated successfully');
    expect(toastTexts.delete.success).toBe('Deleted successfully');
  });

  it("has 'Something went wrong', and 'Something was wrong' for update and delete", () => {
    expect(toastTexts.create.error).toBe('Something went wrong');
    expect(toastTexts.fetch.error).toBe('Something went wrong');
    expect(toastTexts.update.error).toBe('Something was wrong');
    expect(toastTexts.delete.error).toBe('Something was wrong');
  });
});

describe('toast rules by method and status', () => {
  it('categorises GET fetching, POST creating, PUT updating, DELETE deleting', () => {
    expect(categoryOfMethod).toEqual({ GET: 'fetch', POST: 'create', PUT: 'update', DELETE: 'delete' });
  });

  it.each([
    [400, true],
    [404, true],
    [500, true],
    [401, false],
    [403, false],
    [409, false],
    [429, false],
  ])('status %i toasts: %s', (statusCode, toasted) => {
    expect(shouldToastError(new ApiError({ message: 'x', statusCode }))).toBe(toasted);
  });

  it('never toasts something that is not an ApiError', () => {
    expect(shouldToastError(new Error('plain'))).toBe(false);
  });
});
