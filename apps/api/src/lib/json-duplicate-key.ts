// A JSON text that repeats a key in one object means two things at once: JSON.parse keeps the last
// value, while a proxy, a log reader or another parser may keep the first. For a money API that
// difference is an attack (`{"amount":"1","amount":"1000"}`), so such a body is refused, not read.
// One pass over text that JSON.parse has already accepted: strings are skipped whole; in an object
// the first string and the first after each comma are its keys; a key written with escapes is
// decoded before it is compared ("a" and "\u0061" are one key). Measured by npm run bench:json-keys.

const QUOTE = 0x22;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

/** An open object (its keys so far, and whether a key comes next) or an open array (its item's index). */
interface Frame {
  keys: string[] | null;
  /** The keys once there are more than SMALL_OBJECT: a list searched in order would make it quadratic. */
  many: Set<string> | null;
  keyNext: boolean;
  index: number;
}

/** Keys an object holds before they go into a Set: most hold a few, where a list is cheaper. */
const SMALL_OBJECT = 16;

/** Whether the object already holds `key`; records it either way. */
function seen(frame: Frame, key: string): boolean {
  const keys = frame.keys!;
  let repeated: boolean;
  if (frame.many) {
    repeated = frame.many.has(key);
    frame.many.add(key);
  } else {
    repeated = keys.includes(key);
    if (keys.length >= SMALL_OBJECT) frame.many = new Set([...keys, key]);
  }
  keys.push(key);
  return repeated;
}

export interface DuplicateKey {
  /** The key as JSON.parse reads it. */
  key: string;
  /** Where it is: the keys and array indexes from the top, dotted (`items.0.amount`). */
  path: string;
}

const pathOf = (stack: Frame[]) =>
  stack
    .slice(1)
    .map((frame) => (frame.keys ? frame.keys.at(-1)! : String(frame.index)))
    .join('.');

/**
 * The first key repeated within one object of `text`, or undefined when every object's keys are
 * unique. `text` must be JSON that JSON.parse accepts: nothing else is checked here. Strings are
 * skipped with indexOf (native, fast) from quote to quote; a backslash found inside one marks it
 * escaped, and when it escapes the closing quote the search goes on past it. An object's keys are a
 * list searched in order while it holds a few, a Set past that (a body of 95,000 keys in one object
 * took 65 s of the event loop as a list).
 */
export function findDuplicateKey(text: string): DuplicateKey | undefined {
  const stack: Frame[] = [{ keys: null, many: null, keyNext: false, index: 0 }];
  let top = stack[0]!;
  let backslash = text.indexOf('\\');
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) {
      let end = text.indexOf('"', at + 1);
      let escaped = false;
      if (backslash !== -1 && backslash < at) backslash = text.indexOf('\\', at);
      while (backslash !== -1 && backslash < end) {
        escaped = true;
        if (backslash + 1 === end) end = text.indexOf('"', end + 1);
        backslash = text.indexOf('\\', backslash + 2);
      }
      if (top.keyNext) {
        const key = escaped ? (JSON.parse(text.slice(at, end + 1)) as string) : text.slice(at + 1, end);
        if (seen(top, key)) return { key, path: pathOf(stack) };
        top.keyNext = false;
      }
      at = end;
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      top =
        code === OPEN_OBJECT
          ? { keys: [], many: null, keyNext: true, index: 0 }
          : { keys: null, many: null, keyNext: false, index: 0 };
      stack.push(top);
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      stack.pop();
      top = stack[stack.length - 1]!;
    } else if (code === COMMA) {
      if (top.keys) top.keyNext = true;
      else top.index++;
    }
  }
  return undefined;
}
