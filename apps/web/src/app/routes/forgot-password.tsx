// /auth/forgot-password
import { ForgotPasswordScreen } from '../../features/auth/index.ts';

export function Component() {
  return <ForgotPasswordScreen />;
}
