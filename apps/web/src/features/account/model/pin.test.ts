import { describe, expect, it } from 'vitest';
import { isSimplePin, toPinUpdateBody, validateNewPin, validatePinRepeat, validatePinShape } from './pin.ts';

describe('isSimplePin', () => {
  it.each(['0000', '1111', '1234', '4321', '0123', '987654', '123456', '999999'])('calls %s too simple', (pin) => {
    expect(isSimplePin(pin)).toBe(true);
  });

  it.each(['1357', '2468', '1122', '9071', '135790', '120934', '0102'])('accepts %s', (pin) => {
    expect(isSimplePin(pin)).toBe(false);
  });
});

describe('validatePinShape', () => {
  it.each(['1234', '12345', '123456'])('accepts %s (4 to 6 digits)', (pin) => {
    expect(validatePinShape(pin)).toBeUndefined();
  });

  it.each(['', '123', '1234567', '12a4', '12 34', '١٢٣٤'])('rejects %j', (pin) => {
    expect(validatePinShape(pin)).toBe('validation.pinDigits');
  });
});

describe('validateNewPin', () => {
  it('checks the shape before simplicity', () => {
    expect(validateNewPin('111')).toBe('validation.pinDigits');
    expect(validateNewPin('1111')).toBe('validation.pinSimple');
    expect(validateNewPin('2580')).toBeUndefined();
  });
});

describe('validatePinRepeat', () => {
  it('asks for the repeat, then for the same digits', () => {
    expect(validatePinRepeat('2580', '')).toBe('validation.pinRepeatRequired');
    expect(validatePinRepeat('2580', '2581')).toBe('validation.pinsMatch');
    expect(validatePinRepeat('2580', '2580')).toBeUndefined();
  });
});

describe('toPinUpdateBody', () => {
  it('sends the current PIN or the password, never both', () => {
    expect(toPinUpdateBody({ proof: 'pin', secret: '2580', pin: '1357' })).toEqual({ currentPin: '2580', pin: '1357' });
    expect(toPinUpdateBody({ proof: 'password', secret: 'hunter22', pin: '1357' })).toEqual({
      password: 'hunter22',
      pin: '1357',
    });
  });

  it('adds the authenticator code when there is one', () => {
    expect(toPinUpdateBody({ proof: 'pin', secret: '2580', pin: '1357', token: '123456' })).toEqual({
      currentPin: '2580',
      token: '123456',
      pin: '1357',
    });
    expect(toPinUpdateBody({ proof: 'password', secret: 'hunter22', pin: '1357', token: '' })).toEqual({
      password: 'hunter22',
      pin: '1357',
    });
  });
});
