// Intl formatters made once per language and options. Making one loads the locale's data and costs
// tens of microseconds (several times that on a slow phone); the chart's axis asks for a label per
// tick on every paint, and a list for one per row, so each is made on first use and kept. The
// options objects are small literals, so their JSON is the key.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function kept<Format>(made: Map<string, Format>, tag: string, options: object, make: () => Format): Format {
  const key = `${tag}\u0000${JSON.stringify(options)}`;
  let format = made.get(key);
  if (!format) {
    format = make();
    made.set(key, format);
  }
  return format;
}

export function numberFormat(tag: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return kept(numberFormats, tag, options, () => new Intl.NumberFormat(tag, options));
}

export function dateTimeFormat(tag: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return kept(dateTimeFormats, tag, options, () => new Intl.DateTimeFormat(tag, options));
}
