// /auth/register
import { RegisterScreen } from '../../features/auth/index.ts';

export function Component() {
  return <RegisterScreen />;
}
