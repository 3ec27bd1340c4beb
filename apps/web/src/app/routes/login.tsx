// /auth/login
import { LoginScreen } from '../../features/auth/index.ts';

export function Component() {
  return <LoginScreen />;
}
