import { describe, expect, it } from 'vitest';
import { luhnValid, parseExpiry, studentDataSchemaFor, validateCard } from './checkout.ts';

const now = new Date('2026-11-21T12:00:00Z');
const card = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Jane Doe' };

describe('card checks shared by the card form and the test provider', () => {
  it('accepts a good test card', () => {
    expect(validateCard(card, now)).toEqual({});
  });
  it('checks the Luhn digit', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(validateCard({ ...card, number: '4242 4242 4242 4241' }, now)).toEqual({
      number: 'Your card number is incorrect.',
    });
  });
  it('takes this month as valid and last month as past', () => {
    expect(validateCard({ ...card, expiry: '11/26' }, now)).toEqual({});
    expect(validateCard({ ...card, expiry: '10/26' }, now).expiry).toBe(
      "Your card's expiration date is in the past.",
    );
    expect(parseExpiry('13/30')).toBeNull();
    expect(parseExpiry('07/2031')).toEqual({ month: 7, year: 2031 });
  });
  it('needs a CVC and a name', () => {
    expect(validateCard({ ...card, cvc: '', name: ' ' }, now)).toEqual({
      cvc: "Your card's security code is incomplete.",
      name: 'Please enter the name on the card.',
    });
  });
});

describe('buyer details', () => {
  const buyer = {
    firstName: ' Jane ',
    lastName: 'Doe',
    email: 'jane@example.com',
    phoneNumber: '0770',
    experienceLevel: 'beginner',
  };
  it('trims values and treats blank as missing', () => {
    expect(studentDataSchemaFor('fundamental').parse(buyer).firstName).toBe('Jane');
    const blank = studentDataSchemaFor('fundamental').safeParse({ ...buyer, lastName: '   ' });
    expect(blank.error?.issues[0]?.message).toBe('Please fill in all required fields');
  });
  it('needs company and job title for upskill courses only', () => {
    expect(studentDataSchemaFor('fundamental').safeParse(buyer).success).toBe(true);
    const upskill = studentDataSchemaFor('upskill').safeParse(buyer);
    expect(upskill.error?.issues.map((i) => i.path[0])).toEqual(['company', 'jobTitle']);
  });
});
