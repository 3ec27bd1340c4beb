// The steps of the multi-step forms (spec §2) and how Back moves between them.
export const REGISTER_STEPS = ['basic', 'emailCode', 'phone', 'phoneCode'] as const;
export type RegisterStep = (typeof REGISTER_STEPS)[number];

export function registerStepNumber(step: RegisterStep): number {
  return REGISTER_STEPS.indexOf(step) + 1;
}

export function previousRegisterStep(step: RegisterStep): RegisterStep {
  return REGISTER_STEPS[Math.max(0, REGISTER_STEPS.indexOf(step) - 1)]!;
}

export type RecoveryMethod = 'email' | 'mobile';
export type ForgotStep = 'email' | 'method' | 'phone' | 'code' | 'password';

/** Recovery: e-mail, method, the phone only when the code goes to the mobile, the code, the new password. */
export function forgotSteps(method: RecoveryMethod): ForgotStep[] {
  return method === 'mobile'
    ? ['email', 'method', 'phone', 'code', 'password']
    : ['email', 'method', 'code', 'password'];
}

export function nextForgotStep(step: ForgotStep, method: RecoveryMethod): ForgotStep {
  const steps = forgotSteps(method);
  return steps[Math.min(steps.length - 1, steps.indexOf(step) + 1)]!;
}

export function previousForgotStep(step: ForgotStep, method: RecoveryMethod): ForgotStep {
  const steps = forgotSteps(method);
  return steps[Math.max(0, steps.indexOf(step) - 1)]!;
}
