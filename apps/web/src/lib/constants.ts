// The spec's interface constants (§9), taken from the shared contract so the API and the app agree.
// vite.config.ts marks @rora/contracts side-effect free, so only these values (no zod) reach a chunk.
export {
  CHUNK_LOAD_TIMEOUT_MS,
  DROPDOWN_SEARCH_THRESHOLD,
  LABEL_TRUNCATE_LENGTH,
  LANGUAGE_RELOAD_DELAY_MS,
  LANGUAGES,
  LOGOUT_CLEAR_DELAY_MS,
  OTP_CODE_LENGTH,
  OTP_CODE_VALID_MINUTES,
  OTP_RESEND_COUNTDOWN_SECONDS,
  PASSWORD_MIN_LENGTH,
  PHONE_NUMBER_MIN_LENGTH,
  THEMES,
  TOAST_TIMEOUT_MS,
  WS_BEARER_PROTOCOL,
  WS_CLOSE_UNAUTHORIZED,
  WS_PATH,
  type LanguageCode,
  type ThemeName,
} from '@rora/contracts';
