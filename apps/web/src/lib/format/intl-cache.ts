// Intl formatters made once per language and options. Making one loads the locale's data and costs
// tens of microseconds (several times that on a slow phone); the chart's axis asks for a label per
// tick on every paint, and a list for one per row, so each is made on first use and kept. The
// options objects are small literals, so their JSON is the key.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

export function numberFormat(tag: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${tag}\u0000${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(tag, options);
    numberFormats.set(key, format);
  }
  return format;
}

export function dateTimeFormat(tag: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  const key = `${tag}\u0000${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}
