// What a sign-in session's device is, for the sessions list: browser and system, and whether it is a
// phone. The API sends a label it built from the session's User-Agent ('Chrome on macOS', 'Firefox',
// 'Unknown device'); a raw User-Agent is read with the same rules, so either shape renders the same,
// translated ('Chrome sur macOS').
export type DeviceForm = 'phone' | 'computer' | 'unknown';

export interface DeviceInfo {
  readonly browser: string | null;
  readonly system: string | null;
  readonly form: DeviceForm;
}

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari, Android also says Linux.
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/^curl\//i, 'curl'],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/Windows/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

const KNOWN_BROWSERS = new Set(BROWSERS.map(([, name]) => name));
const KNOWN_SYSTEMS = new Set(SYSTEMS.map(([, name]) => name));
const PHONE_SYSTEMS = new Set(['iOS', 'Android']);

function formOf(system: string | null, browser: string | null): DeviceForm {
  if (system && PHONE_SYSTEMS.has(system)) return 'phone';
  return system || browser ? 'computer' : 'unknown';
}

export function deviceFromUserAgent(userAgent: string): DeviceInfo {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  return { browser, system, form: formOf(system, browser) };
}

/** 'Chrome on macOS', 'Chrome', 'macOS', anything else: unknown. */
export function deviceFromLabel(label: string): DeviceInfo {
  const [first = '', second] = label.trim().split(' on ');
  const browser = KNOWN_BROWSERS.has(first) ? first : null;
  const system =
    second !== undefined ? (KNOWN_SYSTEMS.has(second) ? second : null) : KNOWN_SYSTEMS.has(first) ? first : null;
  return { browser, system, form: formOf(system, browser) };
}

/** A User-Agent carries product tokens ('Mozilla/5.0', 'curl/8.4'); the API's labels never do. */
export function describeDevice(device: string | null | undefined): DeviceInfo {
  if (!device) return { browser: null, system: null, form: 'unknown' };
  return device.includes('/') ? deviceFromUserAgent(device) : deviceFromLabel(device);
}
