import { describe, expect, it } from 'vitest';
import { changePasswordSchema } from '#shared/schemas/auth.ts';
import {
  COMMON_PASSWORD,
  PERSONAL_PASSWORD,
  PREDICTABLE_PASSWORD,
  passwordWeakness,
} from './password.policy.ts';

// The password rule (README 'Passwords'): at least 10 characters (the shared schema), not common or leaked, not
// predictable, not personal.
describe('passwordWeakness', () => {
  it.each([
    'password1234',
    'qwertyuiop',
    '1234567890',
    'iloveyou12',
    'Password123!',
    'PASSWORD2026',
    'Sunshine2024!',
    '!!Football!!',
    'Liverpool1!',
  ])('refuses %s: common or leaked, as it is or with digits and symbols around a listed word', (password) => {
    expect(passwordWeakness(password)).toBe(COMMON_PASSWORD);
  });

  it.each(['aaaaaaaaaaaa', 'abababababab', 'abcdefghijkl', '9876543210', 'zyxwvutsrqpo'])(
    'refuses %s: repeated or sequential',
    (password) => {
      expect(passwordWeakness(password)).toBe(PREDICTABLE_PASSWORD);
    },
  );

  it('refuses the account email’s name part and the site name', () => {
    expect(passwordWeakness('jo.bloggs-2026', { email: 'Jo.Bloggs@example.com' })).toBe(PERSONAL_PASSWORD);
    expect(passwordWeakness('MyTradeSkills#9')).toBe(PERSONAL_PASSWORD);
    expect(passwordWeakness('Trade Skills 4 me')).toBe(PERSONAL_PASSWORD);
    // A short name part is not searched for: it would refuse too much.
    expect(passwordWeakness('Kettle-Ladder-Jo', { email: 'jo@example.com' })).toBeNull();
  });

  it.each([
    // The repository's demo, end-to-end and test passwords.
    'StudentPass123!',
    'AdminPass123!',
    'ManagerPass123!',
    'MyOwnPassword123!',
    'Brand-New-Pass-2026',
    'A-much-better-one-2026',
    'kettle ladder tulip',
    'Correct-Horse-Battery',
  ])('accepts %s', (password) => {
    expect(passwordWeakness(password, { email: 'sam.jones@example.com' })).toBeNull();
  });

  it('is 10 characters at least, in the shared schema the forms and the server use', () => {
    const short = changePasswordSchema.safeParse({ currentPassword: 'x', newPassword: 'Tulip-Kit' });
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toBe('Password must be at least 10 characters');
    expect(changePasswordSchema.safeParse({ newPassword: 'Tulip-Kite' }).success).toBe(true);
  });
});
