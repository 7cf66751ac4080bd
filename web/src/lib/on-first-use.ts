/**
 * A value made the first time it is needed, then kept: `const format = onFirstUse(() => new Intl.…)`.
 * For Intl formatters above all: a page's first formatter loads the browser's locale (and time zone) data,
 * tens of milliseconds on a phone, which must not fall on the evaluation of every module that imports the
 * formatter's module, but on the first render that formats something, if any.
 */
export const onFirstUse = <T>(make: () => T): (() => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};
