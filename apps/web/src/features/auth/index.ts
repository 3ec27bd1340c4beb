// Sign-in, registration and password recovery screens, and sign-out.
export { LoginScreen } from './components/LoginScreen.tsx';
export { RegisterScreen } from './components/register/RegisterScreen.tsx';
export { ForgotPasswordScreen } from './components/forgot/ForgotPasswordScreen.tsx';
export { signOutEverywhere } from './api/sign-out.ts';
