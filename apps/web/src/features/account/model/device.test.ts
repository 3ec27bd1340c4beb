import { describe, expect, it } from 'vitest';
import { describeDevice } from './device.ts';

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const EDGE_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';
const PLAYWRIGHT_HEADLESS =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36';

describe('describeDevice from a User-Agent', () => {
  it.each([
    [CHROME_MAC, 'Chrome', 'macOS', 'computer'],
    [EDGE_WINDOWS, 'Edge', 'Windows', 'computer'],
    [SAFARI_IPHONE, 'Safari', 'iOS', 'phone'],
    [CHROME_ANDROID, 'Chrome', 'Android', 'phone'],
    [FIREFOX_LINUX, 'Firefox', 'Linux', 'computer'],
    [PLAYWRIGHT_HEADLESS, 'Chrome', 'Linux', 'computer'],
    ['curl/8.4.0', 'curl', null, 'computer'],
  ])('reads %s', (userAgent, browser, system, form) => {
    expect(describeDevice(userAgent)).toEqual({ browser, system, form });
  });
});

describe('describeDevice from the API label', () => {
  it.each([
    ['Chrome on macOS', 'Chrome', 'macOS', 'computer'],
    ['Samsung Internet on Android', 'Samsung Internet', 'Android', 'phone'],
    ['Safari on iOS', 'Safari', 'iOS', 'phone'],
    ['Firefox', 'Firefox', null, 'computer'],
    ['Windows', null, 'Windows', 'computer'],
    ['Unknown device', null, null, 'unknown'],
    ['Netscape on BeOS', null, null, 'unknown'],
  ])('reads %j', (label, browser, system, form) => {
    expect(describeDevice(label)).toEqual({ browser, system, form });
  });

  it('treats a missing device as unknown', () => {
    expect(describeDevice('')).toEqual({ browser: null, system: null, form: 'unknown' });
    expect(describeDevice(null)).toEqual({ browser: null, system: null, form: 'unknown' });
  });
});
