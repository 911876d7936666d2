import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ForgotPasswordBody, ResetPasswordForm, SigninBody, SignupForm } from '@/contract';

/** The message zod gives for one field, or undefined when that field is fine. */
const messageFor = (schema: z.ZodType, value: unknown, field: string) => {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  return result.error.issues.find((issue) => issue.path.join('.') === field)?.message;
};

const validSignup = {
  firstName: 'Bea',
  lastName: 'Beginner',
  dateOfBirth: '1992-03-08',
  gender: 'female',
  email: 'bea@example.com',
  password: 'Secret123!',
  confirmPassword: 'Secret123!',
  levelOfCompetition: 'Beginner',
};

describe('login form schema (product rules: Forms and validation messages)', () => {
  it.each([
    [{ email: '', password: 'x' }, 'email', 'Please enter your email'],
    [{ password: 'x' }, 'email', 'Please enter your email'],
    [{ email: 'not-an-email', password: 'x' }, 'email', 'Email is invalid'],
    [{ email: 'a@b.co', password: '' }, 'password', 'Please enter your password'],
    [{ email: 'a@b.co' }, 'password', 'Please enter your password'],
  ])('%j -> %s: %s', (value, field, message) => {
    expect(messageFor(SigninBody, value, field)).toBe(message);
  });

  it('accepts a valid login and lower-cases the email', () => {
    expect(SigninBody.parse({ email: ' Ada@Wellness.TEST ', password: 'x' })).toEqual({ email: 'ada@wellness.test', password: 'x' });
  });
});

describe('forgot password schema (product rules: Forms and validation messages)', () => {
  it.each([
    ['', 'Please enter your email'],
    ['nope', 'Email is invalid'],
  ])('%j -> %s', (email, message) => {
    expect(messageFor(ForgotPasswordBody, { email }, 'email')).toBe(message);
  });
});

describe('signup form schema (product rules: Forms and validation messages)', () => {
  it('accepts a complete form', () => {
    expect(SignupForm.safeParse(validSignup).success).toBe(true);
  });

  it.each([
    ['firstName', '', 'Please enter your first name'],
    ['firstName', '   ', 'Please enter your first name'],
    ['lastName', '', 'Please enter your last name'],
    ['dateOfBirth', '', 'Please enter choose your date of birth'],
    ['dateOfBirth', '2999-01-01', 'Please enter choose your date of birth'],
    ['dateOfBirth', '1992-02-30', 'Please enter choose your date of birth'],
    ['gender', '', 'Please select your gender'],
    ['gender', 'robot', 'Please select your gender'],
    ['email', '', 'Please enter your email'],
    ['email', 'bea@', 'Email is invalid'],
    ['password', '', 'Please enter your password'],
    ['confirmPassword', '', 'Please enter your confirmation password'],
    ['confirmPassword', 'Different1!', "Passwords don't match"],
    ['levelOfCompetition', '', 'Please select your level of competition'],
    ['levelOfCompetition', 'Olympic', 'Please select your level of competition'],
  ])('%s = %j -> %s', (field, value, message) => {
    expect(messageFor(SignupForm, { ...validSignup, [field]: value }, field)).toBe(message);
  });

  it('gives every required message at once for an empty form', () => {
    const result = SignupForm.safeParse({ firstName: '', lastName: '', dateOfBirth: '', gender: '', email: '', password: '', confirmPassword: '', levelOfCompetition: '' });
    expect(result.success).toBe(false);
    // Forms show the first message of each field (react-hook-form's zod resolver does the same).
    const messages: Record<string, string> = {};
    for (const issue of result.error!.issues) messages[issue.path.join('.')] ??= issue.message;
    expect(messages).toEqual({
      firstName: 'Please enter your first name',
      lastName: 'Please enter your last name',
      dateOfBirth: 'Please enter choose your date of birth',
      gender: 'Please select your gender',
      email: 'Please enter your email',
      password: 'Please enter your password',
      confirmPassword: 'Please enter your confirmation password',
      levelOfCompetition: 'Please select your level of competition',
    });
  });

  it("says \"Passwords don't match\" even while other fields are still empty", () => {
    const value = { firstName: '', lastName: '', dateOfBirth: '', gender: '', email: '', password: 'Secret123!', confirmPassword: 'Other123!', levelOfCompetition: '' };
    expect(messageFor(SignupForm, value, 'confirmPassword')).toBe("Passwords don't match");
  });

  it.each(['male', 'female', 'other'])('accepts gender %s', (gender) => {
    expect(SignupForm.safeParse({ ...validSignup, gender }).success).toBe(true);
  });

  it.each(['Beginner', 'Intermediate', 'Advanced', 'Elite'])('accepts level %s', (levelOfCompetition) => {
    expect(SignupForm.safeParse({ ...validSignup, levelOfCompetition }).success).toBe(true);
  });
});

describe('reset password form schema (product rules: the same password checks as sign-up)', () => {
  it.each([
    [{ password: '', confirmPassword: 'x' }, 'password', 'Please enter your password'],
    [{ password: 'Secret123!', confirmPassword: '' }, 'confirmPassword', 'Please enter your confirmation password'],
    [{ password: 'Secret123!', confirmPassword: 'Other123!' }, 'confirmPassword', "Passwords don't match"],
  ])('%j -> %s: %s', (value, field, message) => {
    expect(messageFor(ResetPasswordForm, value, field)).toBe(message);
  });

  it('accepts matching passwords', () => {
    expect(ResetPasswordForm.safeParse({ password: 'Secret123!', confirmPassword: 'Secret123!' }).success).toBe(true);
  });
});
