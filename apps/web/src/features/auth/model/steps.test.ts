import { describe, expect, it } from 'vitest';
import { forgotSteps, nextForgotStep, previousForgotStep, previousRegisterStep, registerStepNumber } from './steps.ts';

describe('registration steps', () => {
  it('numbers the four steps of spec §2', () => {
    expect(['basic', 'emailCode', 'phone', 'phoneCode'].map((s) => registerStepNumber(s as never))).toEqual([
      1, 2, 3, 4,
    ]);
  });

  it('goes back one step at a time and stops at the first', () => {
    expect(previousRegisterStep('phoneCode')).toBe('phone');
    expect(previousRegisterStep('emailCode')).toBe('basic');
    expect(previousRegisterStep('basic')).toBe('basic');
  });
});

describe('password recovery steps', () => {
  it('asks for the phone only when the code goes to the mobile', () => {
    expect(forgotSteps('email')).toEqual(['email', 'method', 'code', 'password']);
    expect(forgotSteps('mobile')).toEqual(['email', 'method', 'phone', 'code', 'password']);
  });

  it('moves forward and back along the chosen path', () => {
    expect(nextForgotStep('method', 'email')).toBe('code');
    expect(nextForgotStep('method', 'mobile')).toBe('phone');
    expect(previousForgotStep('code', 'mobile')).toBe('phone');
    expect(previousForgotStep('code', 'email')).toBe('method');
    expect(nextForgotStep('password', 'email')).toBe('password');
  });
});
