import { describe, expect, it } from 'vitest';
import { parseMembers } from './assign-seats-form.tsx';

describe('parseMembers', () => {
  it('reads one person per CSV line, skipping a header and blank lines', () => {
    expect(
      parseMembers('First,Last,Email\n\nJamie, Fox, jamie@example.com\n"Priya";"Shah";"priya@example.com"\n'),
    ).toEqual({
      members: [
        { firstName: 'Jamie', lastName: 'Fox', email: 'jamie@example.com' },
        { firstName: 'Priya', lastName: 'Shah', email: 'priya@example.com' },
      ],
    });
  });

  it('names the first bad line, and asks for someone when empty', () => {
    expect(parseMembers('Jamie, Fox, jamie@example.com\nPriya, Shah, not-an-email').error).toBe(
      'Line 2: Please enter a valid email address',
    );
    expect(parseMembers('  \n').error).toBe('Enter at least one person: first name, last name, email');
  });
});
